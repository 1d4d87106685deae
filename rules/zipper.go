package rules

import "github.com/sudokugen/sudokugen/grid"

// zipperKind is zipper lines: two cells the same distance from the middle
// of the line add up to the same total, and on a line of odd length the
// middle cell holds that total (as SudokuSolver defines them). A line of
// two cells says nothing. f-puzzles writes them as "zipperline": [{"lines":
// [[cells]]}], the JSON form as "zippers".
var zipperKind = equalSumLineKind(sumLineSpec{
	name: "zipper line", variant: "zipper", title: "Zipper lines",
	fp: "zipperline", js: "zippers", min: 2, iss: "Zipper",
	groups: func(s grid.Shape, r *grid.Rules, line []int32) [][]int32 {
		var out [][]int32
		for i, j := 0, len(line)-1; i <= j; i, j = i+1, j-1 {
			if i == j {
				out = append(out, []int32{line[i]})
			} else {
				out = append(out, []int32{line[i], line[j]})
			}
		}
		return out
	},
	draw: func(line []int32, d *grid.Drawing) {
		d.Lines = append(d.Lines, grid.Line{Cells: line, Style: grid.LineDashed})
		d.Notes = append(d.Notes, grid.Note{Cell: line[0], Text: "Z"})
	},
	sentence: "On a dashed line marked Z (zipper), two digits the same distance from its middle add up to the same total; the middle cell of a line of odd length holds that total.",
})
