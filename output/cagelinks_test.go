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
	if got := cornerLinks([]grid.Cage{joined, square}, []int{0, 0}, 9); len(got) != 0 {
		t.Errorf("cages joined along sides: links %v, want none", got)
	}
	got := cornerLinks([]grid.Cage{diag, anti}, []int{0, 0}, 9)
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

// A cage nested in another (overlapping cages, their outlines one inset
// further in each) has its corner links at its own outline's corners, not
// at the outer inset.
func TestCageCornerLinksNested(t *testing.T) {
	outer := grid.Cage{Cells: []int32{4, 5, 12, 13}, Sum: 20} // r1c5 r1c6 r2c4 r2c5
	inner := grid.Cage{Cells: []int32{5, 13}, Sum: 9}         // r1c6 r2c5, touching at a corner
	cages := []grid.Cage{outer, inner}
	depth := cageDepths(cages, 9)
	if depth[1] != 1 {
		t.Fatalf("depths %v, want the inner cage one inset in", depth)
	}
	got := cornerLinks(cages, depth, 9)
	if len(got) != 1 {
		t.Fatalf("links %v, want 1", got)
	}
	d := 2 * cageInset
	want := []pt{{5 + d, 1 - d}, {5 - d, 1 + d}}
	if got[0][0] != want[0] || got[0][1] != want[1] {
		t.Errorf("link %v, want %v (the inner outline's corners)", got[0], want)
	}
}
