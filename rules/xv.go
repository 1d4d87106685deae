package rules

import (
	"math/rand/v2"

	"github.com/sudokugen/sudokugen/grid"
)

// X and V join two cells whose digits add up to 10 and 5.
var (
	X = grid.NewKey[[]grid.Pair]("x")
	V = grid.NewKey[[]grid.Pair]("v")
)

// The marks of XV: f-puzzles writes both as "xv" with the value "X" or
// "V"; the JSON form as "x" and "v", pairs of cells.
var (
	xMark = pairMark{key: X, what: "X", json: "x", fp: "xv", fpValue: "X", iss: "X", rel: sumTenRel,
		draw:     func(d *grid.Drawing, p grid.Pair) { d.Letters = append(d.Letters, grid.Letter{Pair: p, Text: "X"}) },
		sentence: "The two digits either side of an X add up to 10."}
	vMark = pairMark{key: V, what: "V", json: "v", fp: "xv", fpValue: "V", iss: "V", rel: sumFiveRel,
		draw:     func(d *grid.Drawing, p grid.Pair) { d.Letters = append(d.Letters, grid.Letter{Pair: p, Text: "V"}) },
		sentence: "The two digits either side of a V add up to 5."}
)

// xvKind is X and V: the digits of the two cells add up to 10 and to 5.
var xvKind = pairKind("xv", "XV", [2]pairMark{xMark, vMark}, []grid.Layout{{Name: "xv",
	Gloss: "some of the solution's pairs that add up to 10 or 5 marked X or V, then givens removed to minimal",
	After: func(rng *rand.Rand, full grid.Grid, r *grid.Rules) {
		n := full.N()
		// one mark a pair: the dots of kropki, drawn before, keep theirs
		dots := marked(r, whiteDot, blackDot)
		X.Set(r, append(X.Get(r), somePairs(rng, n, full.Cells, dots, sumTen, xCount(rng, n))...))
		V.Set(r, append(V.Get(r), somePairs(rng, n, full.Cells, dots, sumFive, vCount(rng, n))...))
	}}}) // (xv-negative refuses xv)

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
