package rules

import (
	"strconv"

	"github.com/sudokugen/sudokugen/grid"
)

// entropicLineKind is entropic lines: the digits fall into three sets, low,
// middle and high (1-3, 4-6, 7-9 on 9x9; on other sizes the middle set is
// the odd one out when N leaves 1 over after threes, the outer ones
// otherwise), and any three cells in a row on the line hold one digit of
// each: two cells a multiple of three apart on it are in one set, others in
// different sets. f-puzzles writes them as "entropicline", the JSON form as
// "entropic_lines" (and reads "entropicline", its name before), lines of
// cells.
var entropicLineKind = lineKind(&lineSpec{
	kind: "entropicline", variant: "entropic", title: "Entropic lines", fp: "entropicline", json: "entropic_lines", jsonOld: "entropicline", what: "entropic line",
	minCells: 2,
	iss:      entropicISS,
	loop:     loopThrees,
	holds: func(n int, c LineClue, d []int) bool {
		set := entropicSets(n)
		for i := 2; i < len(d); i++ {
			if set[d[i]] == set[d[i-1]] || set[d[i]] == set[d[i-2]] || set[d[i-1]] == set[d[i-2]] {
				return false
			}
		}
		return len(d) != 2 || set[d[0]] != set[d[1]]
	},
	lower: func(s grid.Shape, k int, c LineClue, l *grid.Lowered) {
		n := s.N()
		set := entropicSets(n)
		same := relation("entropic same "+strconv.Itoa(n), func(a, b int) bool { return set[a] == set[b] })
		differ := relation("entropic differ "+strconv.Itoa(n), func(a, b int) bool { return set[a] != set[b] })
		allPairs(l, c.Cells, func(i, j int) *grid.Relation {
			if (j-i)%3 == 0 {
				return same
			}
			return differ
		})
	},
	draw: func(n, k int, c LineClue, d *grid.Drawing) {
		d.Lines = append(d.Lines, grid.Line{Cells: c.Cells, Style: grid.LineDashed})
		d.Notes = append(d.Notes, grid.Note{Cell: c.Cells[0], Text: "E"})
	},
	text: "On a dashed line marked E (entropic), any three cells in a row hold a low, a middle and a high digit (1-3, 4-6, 7-9 in a 9x9 grid).",
})

// entropicSets returns the set, 0 (low) to 2 (high), of each digit 1 to n.
func entropicSets(n int) []int {
	small, large := n/3, (n+2)/3
	sizes := []int{large, small, large}
	if n%3 == 1 {
		sizes = []int{small, large, small}
	}
	out := make([]int, n+1)
	d := 1
	for s, size := range sizes {
		for range size {
			out[d] = s
			d++
		}
	}
	return out
}

// entropicISS writes an entropic line as ISS's Entropic, whose three sets
// are 1-3, 4-6 and 7-9: the same as here on 9x9, the one size it takes.
// Any three cells in a row on the line hold one of each, and a loop is
// written as its cells, each once (see loopThrees).
func entropicISS(o *grid.ISSOut, c LineClue) error {
	if o.N != 9 {
		return grid.ISSRefuse("entropicline", "a %dx%d grid: ISS's entropic lines take the digits 1 to 9 only", o.N, o.N)
	}
	return issLine("Entropic")(o, c)
}
