package rules_test

import (
	"slices"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// The marks of the cell kinds: minimum and maximum as notes "min" and
// "max" in their cells, quadruples as corner clues at the point their
// four cells meet, the negative constraints as caption words, indexers as
// shaded cells with a caption. The drawing asks for captions alone with an
// empty shape, which must not fail.
func TestCellKindsDrawing(t *testing.T) {
	s := grid.Shape{BoxRows: 3, BoxCols: 3}
	r, err := grid.UnmarshalRules([]byte(`{"maximum":["r1c1"],"minimum":["r9c9"],
		"quadruples":[{"cells":["r2c3","r2c4","r3c3","r3c4"],"digits":[1,5]}],
		"black":[["r5c5","r5c6"]],"negative":["ratio","xv"],"columnindexer":[["r1c5","r2c5"]]}`), s)
	if err != nil {
		t.Fatal(err)
	}
	d := r.Draw(s)
	if !slices.Equal(d.Notes, []grid.Note{{Cell: 0, Text: "max"}, {Cell: 80, Text: "min"}}) {
		t.Errorf("notes %v", d.Notes)
	}
	if len(d.Corners) != 1 || d.Corners[0].Row != 1 || d.Corners[0].Col != 2 || !slices.Equal(d.Corners[0].Digits, []int{1, 5}) {
		t.Errorf("corners %v, want digits 1 5 where r2c3 to r3c4 meet", d.Corners)
	}
	if len(d.Shaded) != 1 || !slices.Equal(d.Shaded[0], []int32{4, 13}) {
		t.Errorf("shaded %v", d.Shaded)
	}
	for _, w := range []string{"all black dots given", "all X and V given", "shaded: column indexers"} {
		if !slices.Contains(d.Unmarked, w) {
			t.Errorf("captions %q lack %q", d.Unmarked, w)
		}
	}
	if got := r.Draw(grid.Shape{}).Unmarked; len(got) != 3 {
		t.Errorf("captions on an empty shape: %q", got)
	}
}
