package rules

import (
	"slices"

	"github.com/sudokugen/sudokugen/grid"
)

// regionSumLineKind is region sum lines: the borders of the regions
// (boxes, or jigsaw regions) cut a line into segments, runs of cells next
// to each other on the line in one region, and every segment adds up to
// the same total. A line that leaves a region and comes back has two
// segments there, each with the whole total; a line in one region says
// nothing. A loop (its last cell its first) is cut around: see
// regionSegments. This is SudokuSolver's reading
// (SudokuSolver/Constraints/RegionSumLinesConstraint.cs, GetCellGroups)
// and Interactive-Sudoku-Solver's. f-puzzles writes them as
// "regionsumline": [{"lines": [[cells]]}], the JSON form as
// "region_sum_lines".
var regionSumLineKind = equalSumLineKind(sumLineSpec{
	name: "region sum line", variant: "region-sum-line", title: "Region sum lines",
	fp: "regionsumline", js: "region_sum_lines", min: 2,
	groups:   regionSegments,
	distinct: true,
	loops:    true,
	// ISS's RegionSumLine cuts its list where the region changes, as
	// here, and has no loops: a loop goes as its segments one after the
	// other, from the start of one, which ISS cuts the same way.
	iss: "RegionSumLine",
	issCells: func(s grid.Shape, r *grid.Rules, line []int32) []int32 {
		return slices.Concat(regionSegments(s, r, line)...)
	},
	draw: func(line []int32, d *grid.Drawing) {
		d.Lines = append(d.Lines, grid.Line{Cells: line, Style: grid.LineThin})
	},
	gloss:    "region sum lines grown over the solution, then givens removed to minimal",
	sentence: "Along a thin line without circles (a region sum line), the digits of each of its segments add up to the same total, where box borders divide the line into segments (a line that leaves a box and comes back has two segments in it).",
})

// regionSegments cuts line into its segments: the runs of cells next to
// each other on it that lie in one region of r on s. Around a loop (see
// LineClue.Loop) the run through its first cell is one segment, wherever
// the loop was started: SudokuSolver, which reads the list as it is,
// counts the first cell in two segments when the loop starts inside a
// region, a reading no setter means.
func regionSegments(s grid.Shape, r *grid.Rules, line []int32) [][]int32 {
	c := LineClue{Cells: line}
	var out [][]int32
	var regions []int
	for _, x := range c.distinct() {
		k := r.Region(s, int(x))
		if len(regions) == 0 || k != regions[len(regions)-1] {
			out = append(out, nil)
			regions = append(regions, k)
		}
		out[len(out)-1] = append(out[len(out)-1], x)
	}
	if k := len(out) - 1; c.Loop() && k > 0 && regions[k] == regions[0] {
		out[0] = append(out[k], out[0]...)
		out = out[:k]
	}
	return out
}
