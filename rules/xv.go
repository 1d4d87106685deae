package rules

import (
	"math/rand/v2"
	"slices"

	"github.com/sudokugen/sudokugen/grid"
)

// xvKind is X and V (Rules.X, Rules.V): the digits of the two cells add up
// to 10 and to 5. f-puzzles writes both as "xv" with the value "X" or "V";
// the JSON form as "x" and "v", pairs of cells.
var xvKind = &grid.Kind{
	Name: "xv",
	Has:  func(r *grid.Rules) bool { return len(X.Get(r))+len(V.Get(r)) > 0 },
	Equal: func(a, b *grid.Rules) bool {
		return slices.Equal(X.Get(a), X.Get(b)) && slices.Equal(V.Get(a), V.Get(b))
	},
	Names: func(r *grid.Rules, out []string) []string {
		if len(X.Get(r))+len(V.Get(r)) > 0 {
			out = append(out, "xv")
		}
		return out
	},
	FPFields: []string{"xv"},
	ReadFP: func(in *grid.FPIn, r *grid.Rules) error {
		return readPairsFP(in, r, "xv", []string{"X", "V"}, func(v string) grid.Key[[]grid.Pair] {
			if v == "X" {
				return X
			}
			return V
		})
	},
	WriteFP: func(o *grid.FPOut, r *grid.Rules) error {
		if xv := append(o.Pairs(X.Get(r), "X"), o.Pairs(V.Get(r), "V")...); len(xv) > 0 {
			o.Field("xv", xv)
		}
		return nil
	},
	JSONFields: []string{"x", "v"},
	ReadJSON: func(in *grid.JSONIn, r *grid.Rules) error {
		return in.PairsOf(r, "x", "X", X, "v", "V", V)
	},
	WriteJSON: func(o *grid.JSONOut, r *grid.Rules) error {
		o.Pairs("x", X.Get(r))
		o.Pairs("v", V.Get(r))
		return nil
	},
	Validate: func(v *grid.Validation, r *grid.Rules) error {
		if err := v.PairsOK("X", X.Get(r)); err != nil {
			return err
		}
		return v.PairsOK("V", V.Get(r))
	},
	Clashes: func(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash {
		out = pairClashes(g, "X", X.Get(r), sumTen, out)
		return pairClashes(g, "V", V.Get(r), sumFive, out)
	},
	Lower: func(s grid.Shape, r *grid.Rules, l *grid.Lowered) {
		pairLinks(l, X.Get(r), sumTenRel)
		pairLinks(l, V.Get(r), sumFiveRel)
	},
	Layouts: []grid.Layout{{Name: "xv",
		Gloss: "some of the solution's pairs that add up to 10 or 5 marked X or V, then givens removed to minimal",
		After: func(rng *rand.Rand, full grid.Grid, r *grid.Rules) {
			n := full.N()
			// one mark a pair: the dots of kropki, drawn before, keep theirs
			marks := slices.Concat(White.Get(r), Black.Get(r))
			X.Set(r, append(X.Get(r), somePairs(rng, n, full.Cells, marks, sumTen, xCount(rng, n))...))
			V.Set(r, append(V.Get(r), somePairs(rng, n, full.Cells, marks, sumFive, vCount(rng, n))...))
		}}}, // (xv-negative refuses xv)
	Random: func(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
		X.Set(r, randomPairs(rng, s.N(), 1+rng.IntN(s.N()), sol, sumTen))
		V.Set(r, randomPairs(rng, s.N(), rng.IntN(s.N()), sol, sumFive))
	},
	Draw: func(s grid.Shape, r *grid.Rules, d *grid.Drawing) {
		for _, p := range X.Get(r) {
			d.Letters = append(d.Letters, grid.Letter{Pair: p, Text: "X"})
		}
		for _, p := range V.Get(r) {
			d.Letters = append(d.Letters, grid.Letter{Pair: p, Text: "V"})
		}
	},
	Titles: map[string]string{"xv": "XV"},
	Text: func(all []grid.Grid) []string {
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
	sumTenRel  = &grid.Relation{Allows: sumTen}
	sumFiveRel = &grid.Relation{Allows: sumFive}
)

// How many marks the xv layout draws from a solution that has them: on
// 9x9, 6 to 8 Xs of its 16 or so pairs that add up to 10, and 3 or 4 Vs
// of its 8 or so that add up to 5.
func xCount(rng *rand.Rand, n int) int { return 2*n/3 + rng.IntN(n/4+1) }
func vCount(rng *rand.Rand, n int) int { return n/3 + rng.IntN(2) }

// X and V join two cells whose digits add up to 10 and 5.
var X = grid.NewKey[[]grid.Pair]("x")
var V = grid.NewKey[[]grid.Pair]("v")
