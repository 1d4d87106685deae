package rules

import "github.com/sudokugen/sudokugen/grid"

// modularLineKind is modular lines: any three cells in a row on the line
// hold digits of the three remainders modulo 3; cells a multiple of three
// apart on it leave the same remainder, others different ones. f-puzzles
// writes them as "modularline", the JSON form as "modular_lines" (and reads
// "modularline", its name before), lines of cells.
var modularLineKind = lineKind(&lineSpec{
	kind: "modularline", variant: "modular", title: "Modular lines", fp: "modularline", json: "modular_lines", jsonOld: "modularline", what: "modular line",
	minCells: 2,
	iss:      issLine("Modular", "3"), // any three cells in a row on the line
	loop:     loopThrees,
	holds: func(n int, c LineClue, d []int) bool {
		for i := range d {
			for j := i + 1; j < len(d); j++ {
				if (d[i]%3 == d[j]%3) != ((j-i)%3 == 0) {
					return false
				}
			}
		}
		return true
	},
	lower: func(s grid.Shape, k int, c LineClue, l *grid.Lowered) {
		allPairs(l, c.Cells, func(i, j int) *grid.Relation {
			if (j-i)%3 == 0 {
				return sameMod3
			}
			return otherMod3
		})
	},
	draw: func(n, k int, c LineClue, d *grid.Drawing) {
		d.Lines = append(d.Lines, grid.Line{Cells: c.Cells, Style: grid.LineDashed})
		d.Notes = append(d.Notes, grid.Note{Cell: c.Cells[0], Text: "M"})
	},
	text: "On a dashed line marked M (modular), any three cells in a row hold digits that leave different remainders when divided by 3.",
})

var (
	sameMod3  = relation("same mod 3", func(a, b int) bool { return a%3 == b%3 })
	otherMod3 = relation("other mod 3", func(a, b int) bool { return a%3 != b%3 })
)
