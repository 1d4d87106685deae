package output

import (
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// variantTitles name the variants of grid.Rules.Names for headings.
var variantTitles = map[string]string{
	"jigsaw":        "Jigsaw",
	"x":             "X",
	"diagonal":      "Diagonal",
	"hyper":         "Hyper",
	"disjoint":      "Disjoint groups",
	"extra-regions": "Extra regions",
	"killer":        "Killer",
	"cages":         "Cages",
	"odd-even":      "Odd-even",
	"kropki":        "Kropki",
	"xv":            "XV",
	"thermo":        "Thermo",
	"anti-king":     "Anti-king",
	"anti-knight":   "Anti-knight",
}

// variantTitle names the variant of rules r for a heading: "Classic",
// "Killer", "Jigsaw + X".
func variantTitle(r *grid.Rules) string {
	names := r.Names()
	if len(names) == 0 {
		return "Classic"
	}
	titles := make([]string, len(names))
	for i, n := range names {
		if t, ok := variantTitles[n]; ok {
			titles[i] = t
		} else {
			titles[i] = n
		}
	}
	return strings.Join(titles, " + ")
}

// rulesText is the paragraph that heads a section of the puzzles all:
// what the grid asks, and each of their rules in plain words and by the
// mark it has on the page.
func rulesText(all []grid.Grid) string {
	var has struct {
		jigsaw, diag, anti, window, disjoint, fullRegion, partRegion     bool
		sums, cages, odd, even, white, black, x, v, thermo, king, knight bool
	}
	for _, g := range all {
		r := g.Rules
		if r == nil {
			continue
		}
		has.jigsaw = has.jigsaw || r.Regions != nil
		for _, grp := range r.Extra {
			switch grp.Kind {
			case grid.GroupDiagonal:
				has.diag = true
			case grid.GroupAntiDiagonal:
				has.anti = true
			case grid.GroupWindow:
				has.window = true
			case grid.GroupDisjoint:
				has.disjoint = true
			case grid.GroupRegion:
				// an extra region of N cells holds every digit
				full := len(grp.Cells) == g.N()
				has.fullRegion = has.fullRegion || full
				has.partRegion = has.partRegion || !full
			}
		}
		for _, c := range r.Cages {
			has.sums = has.sums || c.Sum != 0
			has.cages = has.cages || c.Sum == 0
		}
		has.odd = has.odd || len(r.Odd) > 0
		has.even = has.even || len(r.Even) > 0
		has.white = has.white || len(r.White) > 0
		has.black = has.black || len(r.Black) > 0
		has.x = has.x || len(r.X) > 0
		has.v = has.v || len(r.V) > 0
		has.thermo = has.thermo || len(r.Thermos) > 0
		has.king = has.king || r.AntiKing
		has.knight = has.knight || r.AntiKnight
	}
	var s []string
	if has.jigsaw {
		s = append(s, "Fill the grid so that every row, every column and every region outlined in bold holds each digit once; the regions are the shapes the bold lines draw, not boxes.")
	} else {
		s = append(s, "Fill the grid so that every row, every column and every box outlined in bold holds each digit once.")
	}
	switch {
	case has.diag && has.anti:
		s = append(s, "Each of the two long diagonals, drawn in grey, holds each digit once too.")
	case has.diag || has.anti:
		s = append(s, "The long diagonal drawn in grey holds each digit once too.")
	}
	if has.window {
		s = append(s, "So does each of the shaded windows.")
	}
	if has.fullRegion {
		s = append(s, "Each shaded region holds each digit once too.")
	}
	if has.partRegion {
		s = append(s, "No digit repeats within a shaded region.")
	}
	if has.disjoint {
		s = append(s, "Cells in the same place within their boxes (the top left cell of every box, say) hold different digits.")
	}
	if has.sums {
		s = append(s, "The digits in each dashed cage add up to the small number in its corner, and no digit repeats within a cage.")
	}
	if has.cages {
		s = append(s, "No digit repeats within a dashed cage.")
	}
	switch {
	case has.odd && has.even:
		s = append(s, "A cell with a grey circle holds an odd digit, and a cell with a grey square an even one.")
	case has.odd:
		s = append(s, "A cell with a grey circle holds an odd digit.")
	case has.even:
		s = append(s, "A cell with a grey square holds an even digit.")
	}
	if has.white {
		s = append(s, "The two digits either side of a white dot are consecutive (they differ by one).")
	}
	if has.black {
		s = append(s, "Of the two digits either side of a black dot, one is twice the other.")
	}
	if has.x {
		s = append(s, "The two digits either side of an X add up to 10.")
	}
	if has.v {
		s = append(s, "The two digits either side of a V add up to 5.")
	}
	if has.thermo {
		s = append(s, "Along each thermometer the digits increase, from the bulb to the other end.")
	}
	if has.king {
		s = append(s, "Two cells that touch, even only at a corner (a king's move apart in chess), hold different digits.")
	}
	if has.knight {
		s = append(s, "Two cells a knight's move apart in chess hold different digits.")
	}
	return strings.Join(s, " ")
}
