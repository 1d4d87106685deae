package rules

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// cloneKind is clones: two shaded sets of cells, paired in order, the
// cells of each pair holding the same digit. f-puzzles writes them as
// "clone", entries of "cells" and "cloneCells"; the JSON form as "clone",
// {"cells", "clone"}.
var cloneKind = lineKind(&lineSpec{
	kind: "clone", variant: "clone", title: "Clone", fp: "clone", json: "clone", what: "clone",
	minCells: 1,
	// ISS's SameValues of two sets of one cell each: the two hold the same
	// digit
	iss: func(o *grid.ISSOut, c LineClue) error {
		for j, x := range c.Cells {
			o.Add("SameValues", "2", o.Cell(x), o.Cell(c.Clone[j]))
		}
		return nil
	},
	// the outlines setters draw round clones, as f-puzzles "cage"s
	fpDrawn: func(keys map[string]json.RawMessage, k string) bool {
		return k == "cage" && drawnFrom(keys["cage"], keys["clone"])
	},
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

// drawnFrom reports whether every cage of an f-puzzles "cage" field is
// f-puzzles' drawing of another constraint of the puzzle: one marked
// "fromConstraint" (such as the shading of indexer cells), or one with no
// value whose cells are those of one side of a clone (raw clones: the
// "clone" field), the outline that setters draw round clones. Such a cage
// has no rule of its own.
func drawnFrom(raw, clones json.RawMessage) bool {
	var cages []map[string]json.RawMessage
	if json.Unmarshal(raw, &cages) != nil {
		return false
	}
	var sides []map[string]bool
	var cl []struct{ Cells, CloneCells []string }
	if grid.Present(clones) && json.Unmarshal(clones, &cl) == nil {
		for _, c := range cl {
			for _, side := range [][]string{c.Cells, c.CloneCells} {
				set := map[string]bool{}
				for _, x := range side {
					set[strings.ToUpper(x)] = true
				}
				sides = append(sides, set)
			}
		}
	}
	for _, c := range cages {
		if grid.Present(c["fromConstraint"]) {
			continue
		}
		var cells []string
		if grid.Present(c["value"]) || json.Unmarshal(c["cells"], &cells) != nil || !slices.ContainsFunc(sides, func(side map[string]bool) bool {
			return len(side) == len(cells) && !slices.ContainsFunc(cells, func(x string) bool { return !side[strings.ToUpper(x)] })
		}) {
			return false
		}
	}
	return true
}
