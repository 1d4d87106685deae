package rules

import "github.com/sudokugen/sudokugen/grid"

// nabnerKind is nabner lines: no two digits on the line are the same or
// consecutive. f-puzzles and the JSON form write them as "nabner", lines
// of cells.
var nabnerKind = lineKind(&lineSpec{
	kind: "nabner", variant: "nabner", title: "Nabner", fp: "nabner", json: "nabner", what: "nabner line",
	minCells: 2,
	iss: issNone("nabner", "ISS has no line whose digits all differ by more than one "+
		"(only its custom pairwise relations could say it, which are an encoding, not one of its rules)"),
	loop:     loopSet,
	maxCells: func(n int) int { return n },
	holds: func(n int, c LineClue, d []int) bool {
		for i := range d {
			for j := i + 1; j < len(d); j++ {
				if abs(d[i]-d[j]) <= 1 {
					return false
				}
			}
		}
		return true
	},
	lower: func(s grid.Shape, k int, c LineClue, l *grid.Lowered) {
		allPairs(l, c.Cells, func(i, j int) *grid.Relation { return farApart })
	},
	draw: func(n, k int, c LineClue, d *grid.Drawing) {
		d.Lines = append(d.Lines, grid.Line{Cells: c.Cells, Style: grid.LineDashed})
		d.Notes = append(d.Notes, grid.Note{Cell: c.Cells[0], Text: "N"})
	},
	text: "No two digits on a dashed line marked N (nabner) are the same or consecutive.",
})

var farApart = relation("differ by 2 or more", func(a, b int) bool { return abs(a-b) > 1 })
