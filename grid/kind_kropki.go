package grid

import (
	"errors"
	"math/rand/v2"
	"slices"
)

// kropkiKind is kropki dots: a white dot (Rules.White) says the digits of
// its two cells differ by one, a black dot (Rules.Black) that one is twice
// the other. f-puzzles writes them as "difference" and "ratio", whose
// other values than 1 and 2 are refused; the JSON form as "white" and
// "black", pairs of cells.
var kropkiKind = &Kind{
	name: "kropki",
	has:  func(r *Rules) bool { return len(White.Get(r))+len(Black.Get(r)) > 0 },
	equal: func(a, b *Rules) bool {
		return slices.Equal(White.Get(a), White.Get(b)) && slices.Equal(Black.Get(a), Black.Get(b))
	},
	names: func(r *Rules, out []string) []string {
		if len(White.Get(r))+len(Black.Get(r)) > 0 {
			out = append(out, "kropki")
		}
		return out
	},
	fpFields: []string{"difference", "ratio"},
	readFP: func(in *fpIn, r *Rules) error {
		if err := readPairsFP(in, r, "difference", []string{"1"}, func(string) Key[[]Pair] { return White }); err != nil {
			return err
		}
		return readPairsFP(in, r, "ratio", []string{"2"}, func(string) Key[[]Pair] { return Black })
	},
	writeFP: func(o *fpOut, r *Rules) error {
		if len(White.Get(r)) > 0 {
			o.field("difference", o.pairs(White.Get(r), ""))
		}
		if len(Black.Get(r)) > 0 {
			o.field("ratio", o.pairs(Black.Get(r), ""))
		}
		return nil
	},
	jsonFields: []string{"white", "black"},
	readJSON: func(in *jsonIn, r *Rules) error {
		return in.pairsOf(r, "white", "white dot", White, "black", "black dot", Black)
	},
	writeJSON: func(o *jsonOut, r *Rules) error {
		o.pairs("white", White.Get(r))
		o.pairs("black", Black.Get(r))
		return nil
	},
	validate: func(v *validation, r *Rules) error {
		if err := v.pairsOK("white dot", White.Get(r)); err != nil {
			return err
		}
		return v.pairsOK("black dot", Black.Get(r))
	},
	clashes: func(g Grid, r *Rules, out []Clash) []Clash {
		out = pairClashes(g, "white dot", White.Get(r), consecutive, out)
		return pairClashes(g, "black dot", Black.Get(r), double, out)
	},
	lower: func(s Shape, r *Rules, l *Lowered) {
		pairLinks(l, White.Get(r), consecutiveRel)
		pairLinks(l, Black.Get(r), doubleRel)
	},
	layouts: []Layout{{Name: "kropki",
		Gloss: "some of the solution's consecutive pairs marked with white dots and pairs in ratio 1:2 with black, then givens removed to minimal",
		After: func(rng *rand.Rand, full Grid, r *Rules) {
			n := full.N()
			// one mark a pair: a 1 beside a 2 gets a white dot or a black, a 2
			// beside a 3 a white dot or (xv) a V
			White.Set(r, append(White.Get(r), somePairs(rng, n, full.Cells, slices.Concat(White.Get(r), Black.Get(r), X.Get(r), V.Get(r)), consecutive, whiteDotCount(rng, n))...))
			Black.Set(r, append(Black.Get(r), somePairs(rng, n, full.Cells, slices.Concat(White.Get(r), Black.Get(r), X.Get(r), V.Get(r)), double, blackDotCount(rng, n))...))
		},
		// (kropki-negative refuses kropki)
		Refuse: func(s Shape, with []string) error {
			if slices.Contains(with, "nonconsecutive") {
				return errors.New("kropki cannot be combined with nonconsecutive: a nonconsecutive grid has no consecutive neighbours, so no white dot to draw " +
					"(kropki-negative,nonconsecutive makes puzzles with every black dot given)")
			}
			return nil
		}}},
	random: func(rng *rand.Rand, s Shape, sol []uint8, r *Rules) {
		White.Set(r, randomPairs(rng, s.N(), 1+rng.IntN(s.N()), sol, consecutive))
		Black.Set(r, randomPairs(rng, s.N(), rng.IntN(s.N()), sol, double))
	},
	draw: func(s Shape, r *Rules, d *Drawing) {
		for _, p := range White.Get(r) {
			d.Dots = append(d.Dots, Dot{p, false})
		}
		for _, p := range Black.Get(r) {
			d.Dots = append(d.Dots, Dot{p, true})
		}
	},
	titles: map[string]string{"kropki": "Kropki"},
	text: func(all []Grid) []string {
		var white, black bool
		for _, g := range all {
			if g.Rules != nil {
				white = white || len(White.Get(g.Rules)) > 0
				black = black || len(Black.Get(g.Rules)) > 0
			}
		}
		var s []string
		if white {
			s = append(s, "The two digits either side of a white dot are consecutive (they differ by one).")
		}
		if black {
			s = append(s, "Of the two digits either side of a black dot, one is twice the other.")
		}
		return s
	},
}

// consecutive and double are the relations of white and black dots.
func consecutive(a, b int) bool { return a-b == 1 || b-a == 1 }
func double(a, b int) bool      { return a == 2*b || b == 2*a }

var (
	consecutiveRel = &Relation{consecutive}
	doubleRel      = &Relation{double}
)

// How many dots the kropki layout draws from a solution that has them: on
// 9x9, 7 to 11 white dots of its 30 or so consecutive pairs and 3 to 5
// black of its 15 or so pairs in ratio 1:2.
func whiteDotCount(rng *rand.Rand, n int) int { return 2*n/3 + rng.IntN(n/2+1) }
func blackDotCount(rng *rand.Rand, n int) int { return n/3 + rng.IntN(n/4+1) }

// somePairs returns up to k pairs of orthogonally adjacent cells of the
// full grid cells, drawn at random among those whose digits rel accepts
// and that marks does not hold, in row-major order.
func somePairs(rng *rand.Rand, n int, cells []uint8, marks []Pair, rel func(a, b int) bool, k int) []Pair {
	all := missingPairs(n, cells, marks, rel)
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	out := all[:min(k, len(all))]
	slices.SortFunc(out, func(a, b Pair) int {
		if a[0] != b[0] {
			return int(a[0] - b[0])
		}
		return int(a[1] - b[1])
	})
	return out
}
