package grid_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// ClashesIn, given the units of the search's lowering (as verify gives
// it), finds the clashes that Clashes finds: on random instances of every
// kind, with givens from the solution and some changed to clash.
func TestClashesInAgreesWithClashes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 17))
	clashing := 0
	for _, k := range grid.Table() {
		for range 6 {
			c := gridtest.NewKindCase(rng, k, []int{4, 6, 9})
			n := c.Shape.N()
			g := grid.Grid{Shape: c.Shape, Cells: make([]uint8, len(c.Sol)), Rules: c.Kept}
			for i := range g.Cells {
				switch rng.IntN(4) {
				case 0:
					g.Cells[i] = c.Sol[i]
				case 1:
					g.Cells[i] = uint8(1 + rng.IntN(n))
				}
			}
			want := g.Clashes()
			got := g.ClashesIn(c.Kept.UnitsOf(c.Shape, c.Kept.LowerForSearch(c.Shape)))
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s on %v: ClashesIn %v, Clashes %v", k.Name, g, got, want)
			}
			if len(want) > 0 {
				clashing++
			}
		}
	}
	if clashing < 20 {
		t.Fatalf("only %d grids clash", clashing)
	}
}
