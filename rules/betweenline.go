package rules

import "github.com/sudokugen/sudokugen/grid"

// betweenLineKind is between lines: the digits on the line lie strictly
// between the digits in the circles at its two ends. f-puzzles writes them
// as "betweenline", the JSON form as "between_lines" (and reads
// "betweenline", its name before), lines of cells, ends included.
var betweenLineKind = lineKind(&lineSpec{
	kind: "betweenline", variant: "between", title: "Between lines", fp: "betweenline", json: "between_lines", jsonOld: "betweenline", what: "between line",
	minCells: 3,
	iss:      issLine("Between"),
	maxCells: func(n int) int { return n },
	holds: func(n int, c LineClue, d []int) bool {
		lo, hi := min(d[0], d[len(d)-1]), max(d[0], d[len(d)-1])
		for _, v := range d[1 : len(d)-1] {
			if v <= lo || v >= hi {
				return false
			}
		}
		return true
	},
	// for each two digits of the ends, each cell between holds a digit
	// strictly between them
	lower: func(s grid.Shape, k int, c LineClue, l *grid.Lowered) {
		n := s.N()
		a, b := c.Cells[0], c.Cells[len(c.Cells)-1]
		l.Scope(c.Cells)
		for x := 1; x <= n; x++ {
			for y := 1; y <= n; y++ {
				lo, hi := min(x, y), max(x, y)
				for _, m := range c.Cells[1 : len(c.Cells)-1] {
					cl := []int{-l.CellVar(a, x), -l.CellVar(b, y)}
					for v := lo + 1; v < hi; v++ {
						cl = append(cl, l.CellVar(m, v))
					}
					l.Clauses = append(l.Clauses, cl)
				}
			}
		}
	},
	draw: func(n, k int, c LineClue, d *grid.Drawing) {
		d.Lines = append(d.Lines, grid.Line{Cells: c.Cells, Style: grid.LineMedium})
		d.Rings = append(d.Rings, []int32{c.Cells[0]}, []int32{c.Cells[len(c.Cells)-1]})
	},
	text: "The digits on a grey line between two circles lie strictly between the digits in its circles.",
})
