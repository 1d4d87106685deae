package rules

import (
	"strconv"

	"github.com/sudokugen/sudokugen/grid"
)

// cloneKind is clones: two shaded sets of cells, paired in order, the
// cells of each pair holding the same digit. f-puzzles writes them as
// "clone", entries of "cells" and "cloneCells"; the JSON form as "clone",
// {"cells", "clone"}.
var cloneKind = lineKind(&lineSpec{
	kind: "clone", variant: "clone", title: "Clone", fp: "clone", json: "clone", what: "clone",
	minCells: 1,
	holds: func(n int, c LineClue, d []int) bool {
		m := len(c.Cells)
		for i := range m {
			if d[i] != d[m+i] {
				return false
			}
		}
		return true
	},
	lower: func(s grid.Shape, k int, c LineClue, l *grid.Lowered) {
		for i, x := range c.Cells {
			l.Links = append(l.Links, grid.Link{A: x, B: c.Clone[i], Rel: sameDigit})
		}
	},
	draw: func(n, k int, c LineClue, d *grid.Drawing) {
		d.Shaded = append(d.Shaded, c.Cells, c.Clone)
		name := cloneName(k)
		d.Notes = append(d.Notes, grid.Note{Cell: c.Cells[0], Text: name}, grid.Note{Cell: c.Clone[0], Text: name})
	},
	text: "Shaded areas marked with the same letter are clones: cells in the same place in each hold the same digit.",
})

// cloneName names clone k (from 0): A, B... Z, then A2...
func cloneName(k int) string {
	s := string(rune('A' + k%26))
	if k >= 26 {
		s += strconv.Itoa(k/26 + 1)
	}
	return s
}
