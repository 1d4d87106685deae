package grid

import (
	"math/rand/v2"
	"slices"
)

// xvKind is X and V (Rules.X, Rules.V): the digits of the two cells add up
// to 10 and to 5. f-puzzles writes both as "xv" with the value "X" or "V";
// the JSON form as "x" and "v", pairs of cells.
var xvKind = &Kind{
	name:  "xv",
	has:   func(r *Rules) bool { return len(X.Get(r))+len(V.Get(r)) > 0 },
	equal: func(a, b *Rules) bool { return slices.Equal(X.Get(a), X.Get(b)) && slices.Equal(V.Get(a), V.Get(b)) },
	names: func(r *Rules, out []string) []string {
		if len(X.Get(r))+len(V.Get(r)) > 0 {
			out = append(out, "xv")
		}
		return out
	},
	fpFields: []string{"xv"},
	readFP: func(in *fpIn, r *Rules) error {
		return readPairsFP(in, r, "xv", []string{"X", "V"}, func(v string) Key[[]Pair] {
			if v == "X" {
				return X
			}
			return V
		})
	},
	writeFP: func(o *fpOut, r *Rules) error {
		if xv := append(o.pairs(X.Get(r), "X"), o.pairs(V.Get(r), "V")...); len(xv) > 0 {
			o.field("xv", xv)
		}
		return nil
	},
	jsonFields: []string{"x", "v"},
	readJSON: func(in *jsonIn, r *Rules) error {
		return in.pairsOf(r, "x", "X", X, "v", "V", V)
	},
	writeJSON: func(o *jsonOut, r *Rules) error {
		o.pairs("x", X.Get(r))
		o.pairs("v", V.Get(r))
		return nil
	},
	validate: func(v *validation, r *Rules) error {
		if err := v.pairsOK("X", X.Get(r)); err != nil {
			return err
		}
		return v.pairsOK("V", V.Get(r))
	},
	clashes: func(g Grid, r *Rules, out []Clash) []Clash {
		out = pairClashes(g, "X", X.Get(r), sumTen, out)
		return pairClashes(g, "V", V.Get(r), sumFive, out)
	},
	lower: func(s Shape, r *Rules, l *Lowered) {
		pairLinks(l, X.Get(r), sumTenRel)
		pairLinks(l, V.Get(r), sumFiveRel)
	},
	layouts: []Layout{{Name: "xv",
		Gloss: "some of the solution's pairs that add up to 10 or 5 marked X or V, then givens removed to minimal",
		After: func(rng *rand.Rand, full Grid, r *Rules) {
			n := full.N()
			// one mark a pair: the dots of kropki, drawn before, keep theirs
			marks := slices.Concat(White.Get(r), Black.Get(r))
			X.Set(r, append(X.Get(r), somePairs(rng, n, full.Cells, marks, sumTen, xCount(rng, n))...))
			V.Set(r, append(V.Get(r), somePairs(rng, n, full.Cells, marks, sumFive, vCount(rng, n))...))
		}}}, // (xv-negative refuses xv)
	random: func(rng *rand.Rand, s Shape, sol []uint8, r *Rules) {
		X.Set(r, randomPairs(rng, s.N(), 1+rng.IntN(s.N()), sol, sumTen))
		V.Set(r, randomPairs(rng, s.N(), rng.IntN(s.N()), sol, sumFive))
	},
	draw: func(s Shape, r *Rules, d *Drawing) {
		for _, p := range X.Get(r) {
			d.Letters = append(d.Letters, Letter{p, "X"})
		}
		for _, p := range V.Get(r) {
			d.Letters = append(d.Letters, Letter{p, "V"})
		}
	},
	titles: map[string]string{"xv": "XV"},
	text: func(all []Grid) []string {
		var x, v bool
		for _, g := range all {
			if g.Rules != nil {
				x = x || len(X.Get(g.Rules)) > 0
				v = v || len(V.Get(g.Rules)) > 0
			}
		}
		var s []string
		if x {
			s = append(s, "The two digits either side of an X add up to 10.")
		}
		if v {
			s = append(s, "The two digits either side of a V add up to 5.")
		}
		return s
	},
}

func sumTen(a, b int) bool  { return a+b == 10 }
func sumFive(a, b int) bool { return a+b == 5 }

var (
	sumTenRel  = &Relation{sumTen}
	sumFiveRel = &Relation{sumFive}
)

// How many marks the xv layout draws from a solution that has them: on
// 9x9, 6 to 8 Xs of its 16 or so pairs that add up to 10, and 3 or 4 Vs
// of its 8 or so that add up to 5.
func xCount(rng *rand.Rand, n int) int { return 2*n/3 + rng.IntN(n/4+1) }
func vCount(rng *rand.Rand, n int) int { return n/3 + rng.IntN(2) }
