package rules

import (
	"slices"
	"strconv"

	"github.com/sudokugen/sudokugen/grid"
)

// whispersKind is German whispers: the digits of cells beside each other
// on the line differ by at least its value, (N+1)/2 when it has none (5 on
// 9x9); a line whose value is 4 is a Dutch whisper. f-puzzles writes them
// as "whispers", entries of "lines" with an optional "value"; the JSON
// form as "whispers", lines {"cells", "value"}.
var whispersKind = lineKind(&lineSpec{
	kind: "whispers", variant: "whispers", title: "Whispers", fp: "whispers", json: "whispers", what: "whisper",
	minCells: 2,
	loop:     loopPairs,
	iss:      whispersISS,
	value:    true,
	def:      func(n int) int { return (n + 1) / 2 },
	valueOK:  func(n, v int) bool { return v >= 1 && v <= n-1 },
	holds: func(n int, c LineClue, d []int) bool {
		for i := 1; i < len(d); i++ {
			if abs(d[i]-d[i-1]) < c.Value {
				return false
			}
		}
		return true
	},
	lower: func(s grid.Shape, k int, c LineClue, l *grid.Lowered) {
		v := c.Value
		rel := relation("whispers "+strconv.Itoa(v), func(a, b int) bool { return abs(a-b) >= v })
		for i := 1; i < len(c.Cells); i++ {
			l.Links = append(l.Links, grid.Link{A: c.Cells[i-1], B: c.Cells[i], Rel: rel})
		}
		whisperFacts(s.N(), v, c.Cells, l)
	},
	draw: func(n, k int, c LineClue, d *grid.Drawing) {
		d.Lines = append(d.Lines, grid.Line{Cells: c.Cells, Style: grid.LineWide})
		if c.Value != 0 && c.Value != (n+1)/2 {
			d.Notes = append(d.Notes, grid.Note{Cell: c.Cells[0], Text: "d" + strconv.Itoa(c.Value)})
		}
	},
	text:  "Digits beside each other on a wide grey line without a letter (a whisper) differ by at least half the largest digit, rounded up (5 in a 9x9 grid), or by the number after d at its start.",
	gloss: "German whispers drawn over the grid, then givens removed to minimal",
})

// whispersISS writes a whisper as ISS's Whisper of its value, which binds
// each two cells next to each other in its list: a loop's closing pair too,
// since its list ends where it started.
func whispersISS(o *grid.ISSOut, c LineClue) error {
	return issLine("Whisper", strconv.Itoa(c.Value))(o, c)
}

// whisperFacts says which digits no cell of a whisper of gap v holds: a
// digit with no other at least v away (5 on a whisper of 5 on 9x9).
func whisperFacts(n, v int, cells []int32, l *grid.Lowered) {
	if !l.KeepsFacts() {
		return
	}
	var not uint64
	var ds []int
	for d := 1; d <= n; d++ {
		if d-v < 1 && d+v > n {
			not |= 1 << (d - 1)
			ds = append(ds, d)
		}
	}
	if not == 0 || len(cells) < 2 {
		return
	}
	what := "no digit is " + strconv.Itoa(v) + " or more away from " + strconv.Itoa(ds[0])
	if len(ds) > 1 {
		what = "none of " + orList(ds) + " has a digit " + strconv.Itoa(v) + " or more away"
	}
	l.Facts = append(l.Facts, grid.Fact{Cells: slices.Compact(slices.Sorted(slices.Values(cells))), Not: not,
		Words: what + ", so no cell of the line is " + orList(ds)})
}
