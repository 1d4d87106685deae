package rules

import (
	"errors"
	"math/rand/v2"
	"slices"

	"github.com/sudokugen/sudokugen/grid"
)

// kropkiKind is kropki dots: a white dot (Rules.White) says the digits of
// its two cells differ by one, a black dot (Rules.Black) that one is twice
// the other. f-puzzles writes them as "difference" and "ratio", whose
// other values than 1 and 2 are refused; the JSON form as "white" and
// "black", pairs of cells.
var kropkiKind = &grid.Kind{
	Name: "kropki",
	Has:  func(r *grid.Rules) bool { return len(White.Get(r))+len(Black.Get(r)) > 0 },
	Equal: func(a, b *grid.Rules) bool {
		return slices.Equal(White.Get(a), White.Get(b)) && slices.Equal(Black.Get(a), Black.Get(b))
	},
	Names: func(r *grid.Rules, out []string) []string {
		if len(White.Get(r))+len(Black.Get(r)) > 0 {
			out = append(out, "kropki")
		}
		return out
	},
	FPFields: []string{"difference", "ratio"},
	ReadFP: func(in *grid.FPIn, r *grid.Rules) error {
		if err := readPairsFP(in, r, "difference", []string{"1"}, func(string) grid.Key[[]grid.Pair] { return White }); err != nil {
			return err
		}
		return readPairsFP(in, r, "ratio", []string{"2"}, func(string) grid.Key[[]grid.Pair] { return Black })
	},
	WriteFP: func(o *grid.FPOut, r *grid.Rules) error {
		if len(White.Get(r)) > 0 {
			o.Field("difference", o.Pairs(White.Get(r), ""))
		}
		if len(Black.Get(r)) > 0 {
			o.Field("ratio", o.Pairs(Black.Get(r), ""))
		}
		return nil
	},
	JSONFields: []string{"white", "black"},
	ReadJSON: func(in *grid.JSONIn, r *grid.Rules) error {
		return in.PairsOf(r, "white", "white dot", White, "black", "black dot", Black)
	},
	WriteJSON: func(o *grid.JSONOut, r *grid.Rules) error {
		o.Pairs("white", White.Get(r))
		o.Pairs("black", Black.Get(r))
		return nil
	},
	Validate: func(v *grid.Validation, r *grid.Rules) error {
		if err := v.PairsOK("white dot", White.Get(r)); err != nil {
			return err
		}
		return v.PairsOK("black dot", Black.Get(r))
	},
	Clashes: func(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash {
		out = pairClashes(g, "white dot", White.Get(r), consecutive, out)
		return pairClashes(g, "black dot", Black.Get(r), double, out)
	},
	Lower: func(s grid.Shape, r *grid.Rules, l *grid.Lowered) {
		pairLinks(l, White.Get(r), consecutiveRel)
		pairLinks(l, Black.Get(r), doubleRel)
	},
	Layouts: []grid.Layout{{Name: "kropki",
		Gloss: "some of the solution's consecutive pairs marked with white dots and pairs in ratio 1:2 with black, then givens removed to minimal",
		After: func(rng *rand.Rand, full grid.Grid, r *grid.Rules) {
			n := full.N()
			// one mark a pair: a 1 beside a 2 gets a white dot or a black, a 2
			// beside a 3 a white dot or (xv) a V
			White.Set(r, append(White.Get(r), somePairs(rng, n, full.Cells, slices.Concat(White.Get(r), Black.Get(r), X.Get(r), V.Get(r)), consecutive, whiteDotCount(rng, n))...))
			Black.Set(r, append(Black.Get(r), somePairs(rng, n, full.Cells, slices.Concat(White.Get(r), Black.Get(r), X.Get(r), V.Get(r)), double, blackDotCount(rng, n))...))
		},
		// (kropki-negative refuses kropki)
		Refuse: func(s grid.Shape, with []string) error {
			if slices.Contains(with, "nonconsecutive") {
				return errors.New("kropki cannot be combined with nonconsecutive: a nonconsecutive grid has no consecutive neighbours, so no white dot to draw " +
					"(kropki-negative,nonconsecutive makes puzzles with every black dot given)")
			}
			return nil
		}}},
	Random: func(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
		White.Set(r, randomPairs(rng, s.N(), 1+rng.IntN(s.N()), sol, consecutive))
		Black.Set(r, randomPairs(rng, s.N(), rng.IntN(s.N()), sol, double))
	},
	Draw: func(s grid.Shape, r *grid.Rules, d *grid.Drawing) {
		for _, p := range White.Get(r) {
			d.Dots = append(d.Dots, grid.Dot{Pair: p, Filled: false})
		}
		for _, p := range Black.Get(r) {
			d.Dots = append(d.Dots, grid.Dot{Pair: p, Filled: true})
		}
	},
	Titles: map[string]string{"kropki": "Kropki"},
	Text: func(all []grid.Grid) []string {
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
	consecutiveRel = &grid.Relation{Allows: consecutive}
	doubleRel      = &grid.Relation{Allows: double}
)

// How many dots the kropki layout draws from a solution that has them: on
// 9x9, 7 to 11 white dots of its 30 or so consecutive pairs and 3 to 5
// black of its 15 or so pairs in ratio 1:2.
func whiteDotCount(rng *rand.Rand, n int) int { return 2*n/3 + rng.IntN(n/2+1) }
func blackDotCount(rng *rand.Rand, n int) int { return n/3 + rng.IntN(n/4+1) }

// somePairs returns up to k pairs of orthogonally adjacent cells of the
// full grid cells, drawn at random among those whose digits rel accepts
// and that marks does not hold, in row-major order.
func somePairs(rng *rand.Rand, n int, cells []uint8, marks []grid.Pair, rel func(a, b int) bool, k int) []grid.Pair {
	all := missingPairs(n, cells, marks, rel)
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	out := all[:min(k, len(all))]
	slices.SortFunc(out, func(a, b grid.Pair) int {
		if a[0] != b[0] {
			return int(a[0] - b[0])
		}
		return int(a[1] - b[1])
	})
	return out
}

// White are kropki white dots: the digits of the two cells differ by
// one. Black are kropki black dots: one digit is twice the other.
var White = grid.NewKey[[]grid.Pair]("white")
var Black = grid.NewKey[[]grid.Pair]("black")
