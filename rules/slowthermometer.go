package rules

import "github.com/sudokugen/sudokugen/grid"

// slowThermometerKind is slow thermometers: the digits never decrease from
// the bulb, so that two cells beside each other on one may hold the same
// digit where no other rule (a row, column or box they share) keeps them
// apart. f-puzzles writes them as "slowthermometer", the JSON form as
// "slow_thermometers" (and reads "slowthermometer", its name before), lines
// of cells from the bulb.
var slowThermometerKind = lineKind(&lineSpec{
	kind: "slowthermometer", variant: "slowthermo", title: "Slow thermo", fp: "slowthermometer", json: "slow_thermometers", jsonOld: "slowthermometer", what: "slow thermometer",
	minCells: 2,
	iss: issNone("slowthermometer", "ISS's thermometers rise strictly, and it has no slow thermometer "+
		"(only its custom pairwise relations could say it, which are an encoding, not one of its rules)"),
	holds: func(n int, c LineClue, d []int) bool {
		for i := 1; i < len(d); i++ {
			if d[i] < d[i-1] {
				return false
			}
		}
		return true
	},
	lower: func(s grid.Shape, k int, c LineClue, l *grid.Lowered) {
		for i := 1; i < len(c.Cells); i++ {
			l.Links = append(l.Links, grid.Link{A: c.Cells[i-1], B: c.Cells[i], Rel: notDecreasing})
		}
	},
	draw: func(n, k int, c LineClue, d *grid.Drawing) {
		d.Tubes = append(d.Tubes, c.Cells)
		d.Notes = append(d.Notes, grid.Note{Cell: c.Cells[0], Text: "slow"})
		if k == 0 {
			d.Unmarked = append(d.Unmarked, "slow thermometers")
		}
	},
	text: "Along a thermometer marked slow, the digits never decrease from the bulb: a digit may repeat where the cells share no row, column or box.",
})

var notDecreasing = relation("not decreasing", func(a, b int) bool { return a <= b })
