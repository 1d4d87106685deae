package output

import (
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rules"
)

// Neighbouring extra regions are drawn each with its own outline, not as
// one shaded blob; windows that touch nothing keep the plain shading.
func TestTouchingRegions(t *testing.T) {
	block := func(r0, c0 int) []int32 {
		var cells []int32
		for r := r0; r < r0+3; r++ {
			for c := c0; c < c0+3; c++ {
				cells = append(cells, int32(r*9+c))
			}
		}
		return cells
	}
	outlines := func(r *grid.Rules) [][]pt {
		g := grid.New(grid.Shape{BoxRows: 3, BoxCols: 3})
		g.Rules = r
		f, err := newFigure(g, figureOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var loops [][]pt
		for _, s := range f.shapes {
			if s.kind == strokeShape && s.stroke == shadeEdgeTone {
				loops = append(loops, s.paths...)
			}
		}
		return loops
	}
	two := grid.NewRules(rules.Extra.Of([]grid.Group{
		{Kind: grid.GroupRegion, Cells: block(1, 1)},
		{Kind: grid.GroupRegion, Cells: block(1, 4)},
	}))
	loops := outlines(two)
	if len(loops) != 2 {
		t.Fatalf("two 9-cell regions side by side: %d outlines, want 2", len(loops))
	}
	// each outline lies inside its own region: the left one left of the
	// shared edge (x = 4), the right one right of it
	for k, want := range []struct{ lo, hi float64 }{{1, 4}, {4, 7}} {
		for _, p := range loops[k] {
			if p.x <= want.lo || p.x >= want.hi {
				t.Errorf("outline %d has a corner at x %.2f, outside %v..%v", k, p.x, want.lo, want.hi)
			}
		}
	}
	hyper := grid.NewRules()
	for _, w := range grid.Windows(grid.Shape{BoxRows: 3, BoxCols: 3}) {
		rules.Extra.Set(hyper, append(rules.Extra.Get(hyper), grid.Group{Kind: grid.GroupWindow, Cells: w}))
	}
	if loops := outlines(hyper); len(loops) != 0 {
		t.Errorf("hyper windows, which touch nothing: %d outlines, want none", len(loops))
	}
}
