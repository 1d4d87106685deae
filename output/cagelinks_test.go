package output

import (
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// A cage whose cells touch only at corners (f-puzzles takes it) gets a
// dashed link across each such corner, so that it reads as one cage; a
// cage whose cells touch along sides gets none.
func TestCageCornerLinks(t *testing.T) {
	diag := grid.Cage{Cells: []int32{0, 10, 20}, Sum: 6} // r1c1 r2c2 r3c3
	anti := grid.Cage{Cells: []int32{5, 13}}             // r1c6 r2c5
	joined := grid.Cage{Cells: []int32{4, 12, 13}, Sum: 10}
	square := grid.Cage{Cells: []int32{30, 31, 39, 40}}
	if got := cornerLinks([]grid.Cage{joined, square}, 9); len(got) != 0 {
		t.Errorf("cages joined along sides: links %v, want none", got)
	}
	got := cornerLinks([]grid.Cage{diag, anti}, 9)
	if len(got) != 3 {
		t.Fatalf("links %v, want 3", got)
	}
	// the link across the corner of r1c6 and r2c5 (x 5, y 1) runs from
	// r1c6's outline down to r2c5's
	want := []pt{{5 + cageInset, 1 - cageInset}, {5 - cageInset, 1 + cageInset}}
	if got[2][0] != want[0] || got[2][1] != want[1] {
		t.Errorf("link %v, want %v", got[2], want)
	}
}
