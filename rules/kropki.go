package rules

import (
	"errors"
	"math/rand/v2"
	"slices"

	"github.com/sudokugen/sudokugen/grid"
)

// White are kropki white dots: the digits of the two cells differ by
// one. Black are kropki black dots: one digit is twice the other.
var (
	White = grid.NewKey[[]grid.Pair]("white")
	Black = grid.NewKey[[]grid.Pair]("black")
)

// The marks of kropki: f-puzzles writes them as "difference" and "ratio",
// whose other values than 1 and 2 are refused; the JSON form as "white"
// and "black", pairs of cells.
var (
	whiteDot = pairMark{key: White, what: "white dot", json: "white", fp: "difference", fpValue: "1", iss: "WhiteDot", rel: consecutiveRel,
		draw:     func(d *grid.Drawing, p grid.Pair) { d.Dots = append(d.Dots, grid.Dot{Pair: p, Filled: false}) },
		sentence: "The two digits either side of a white dot are consecutive (they differ by one)."}
	blackDot = pairMark{key: Black, what: "black dot", json: "black", fp: "ratio", fpValue: "2", iss: "BlackDot", rel: doubleRel,
		draw:     func(d *grid.Drawing, p grid.Pair) { d.Dots = append(d.Dots, grid.Dot{Pair: p, Filled: true}) },
		sentence: "Of the two digits either side of a black dot, one is twice the other."}
)

// kropkiKind is kropki dots: a white dot says the digits of its two cells
// differ by one, a black dot that one is twice the other.
var kropkiKind = pairKind("kropki", "Kropki", [2]pairMark{whiteDot, blackDot}, []grid.Layout{{Name: "kropki",
	Gloss: "some of the solution's consecutive pairs marked with white dots and pairs in ratio 1:2 with black, then givens removed to minimal",
	After: func(rng *rand.Rand, full grid.Grid, r *grid.Rules) {
		n := full.N()
		// one mark a pair: a 1 beside a 2 gets a white dot or a black, a 2
		// beside a 3 a white dot or (xv) a V
		White.Set(r, append(White.Get(r), somePairs(rng, n, full.Cells, marked(r, whiteDot, blackDot, xMark, vMark), consecutive, whiteDotCount(rng, n))...))
		Black.Set(r, append(Black.Get(r), somePairs(rng, n, full.Cells, marked(r, whiteDot, blackDot, xMark, vMark), double, blackDotCount(rng, n))...))
	},
	// (kropki-negative refuses kropki)
	Refuse: func(s grid.Shape, with []string) error {
		if slices.Contains(with, "nonconsecutive") {
			return errors.New("kropki cannot be combined with nonconsecutive: a nonconsecutive grid has no consecutive neighbours, so no white dot to draw " +
				"(kropki-negative,nonconsecutive makes puzzles with every black dot given)")
		}
		return nil
	}}})

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
