package gridtest

import (
	"math/rand/v2"

	"github.com/sudokugen/sudokugen/grid"
)

// KindCase is a random case of one constraint kind: a shape, a full grid
// that keeps the shape's units (boxes, or jigsaw regions drawn from it),
// and two sets of rules adding an instance of the kind: Kept, which the
// grid keeps, and Any, drawn without looking at the grid.
type KindCase struct {
	Shape     grid.Shape
	Sol       []uint8
	Kept, Any *grid.Rules
}

// NewKindCase draws a case of kind k on a grid of one of the sizes (a
// size without boxes, such as 5 or 7, is a jigsaw). Half the grids with
// boxes get jigsaw regions too.
func NewKindCase(rng *rand.Rand, k *grid.Kind, sizes []int) KindCase {
	n := sizes[rng.IntN(len(sizes))]
	s, err := grid.RegionShape(n)
	if err != nil {
		panic(err)
	}
	sol := RandomSolution(rng, s)
	base := grid.NewRules()
	if s.Boxless() || rng.IntN(2) == 0 {
		// regions that moved no cell out of its box (or row) are no
		// jigsaw: draw again
		jigsaw := grid.Table()[0]
		for grid.Regions.Get(base) == nil || !moved(s, grid.Regions.Get(base)) {
			grid.Regions.Set(base, nil)
			jigsaw.Random(rng, s, sol, base)
		}
	}
	kept, any := base.Clone(), base.Clone()
	k.Random(rng, s, sol, kept)
	k.Random(rng, s, nil, any)
	return KindCase{Shape: s, Sol: sol, Kept: kept, Any: any}
}

// RandomSolution returns a random full grid of shape s: the pattern
// (r*C + r/R + c) mod N of a grid of RxC boxes, its rows shuffled within
// their bands, the bands, the columns within their stacks, the stacks
// and the digits. A shape without boxes (1xN) gets a Latin square, whose
// rows are its regions until jigsaw regions are drawn from it.
func RandomSolution(rng *rand.Rand, s grid.Shape) []uint8 {
	n := s.N()
	R, C := s.BoxRows, s.BoxCols
	rows := shuffled(rng, n, R)
	cols := shuffled(rng, n, C)
	digits := rng.Perm(n)
	sol := make([]uint8, n*n)
	for r := range n {
		for c := range n {
			rr, cc := rows[r], cols[c]
			sol[r*n+c] = uint8(digits[(rr*C+rr/R+cc)%n] + 1)
		}
	}
	return sol
}

// shuffled returns 0..n-1 shuffled within blocks of size b, and the blocks
// shuffled.
func shuffled(rng *rand.Rand, n, b int) []int {
	out := make([]int, 0, n)
	for _, blk := range rng.Perm(n / b) {
		for _, i := range rng.Perm(b) {
			out = append(out, blk*b+i)
		}
	}
	return out
}

// moved reports whether regions differ from the boxes of s (the rows of a
// shape without boxes).
func moved(s grid.Shape, regions []uint8) bool {
	for i, k := range regions {
		if int(k) != (*grid.Rules)(nil).Region(s, i) {
			return true
		}
	}
	return false
}
