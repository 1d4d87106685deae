package rules

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// Box borders cut a region sum line into segments, runs of cells next to
// each other on it, as SudokuSolver's RegionSumLinesConstraint.cs does: a
// line that leaves a box and comes back has two segments there. Around a
// loop the run through the first cell is one segment.
func TestRegionSegments(t *testing.T) {
	s := grid.Shape{BoxRows: 3, BoxCols: 3}
	cell := func(name string) int32 {
		var r, c int
		fmt.Sscanf(name, "r%dc%d", &r, &c)
		return int32((r-1)*9 + c - 1)
	}
	line := func(names ...string) []int32 {
		var out []int32
		for _, n := range names {
			out = append(out, cell(n))
		}
		return out
	}
	tests := []struct {
		name string
		line []int32
		want [][]int32
	}{
		{"two boxes", line("r1c3", "r1c4", "r1c5"), [][]int32{line("r1c3"), line("r1c4", "r1c5")}},
		{"back into a box", line("r3c3", "r3c4", "r4c4", "r4c3", "r3c2"),
			[][]int32{line("r3c3"), line("r3c4"), line("r4c4"), line("r4c3"), line("r3c2")}},
		{"out and back", line("r2c2", "r2c3", "r2c4", "r3c4", "r3c3", "r3c2"),
			[][]int32{line("r2c2", "r2c3"), line("r2c4", "r3c4"), line("r3c3", "r3c2")}},
		{"one box", line("r1c1", "r1c2", "r2c2"), [][]int32{line("r1c1", "r1c2", "r2c2")}},
		{"loop from a border", line("r3c3", "r3c4", "r4c4", "r4c3", "r3c3"),
			[][]int32{line("r3c3"), line("r3c4"), line("r4c4"), line("r4c3")}},
		{"loop from inside a box", line("r2c3", "r2c4", "r3c4", "r3c3", "r3c2", "r2c2", "r2c3"),
			[][]int32{line("r3c3", "r3c2", "r2c2", "r2c3"), line("r2c4", "r3c4")}},
		{"loop in one box", line("r1c1", "r1c2", "r2c2", "r2c1", "r1c1"), [][]int32{line("r1c1", "r1c2", "r2c2", "r2c1")}},
	}
	for _, tt := range tests {
		got := regionSegments(s, grid.NewRules(), tt.line)
		if !slices.EqualFunc(got, tt.want, slices.Equal) {
			t.Errorf("%s: regionSegments(%v) = %v, want %v", tt.name, tt.line, got, tt.want)
		}
	}
}
