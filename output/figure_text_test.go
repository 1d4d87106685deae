package output

import (
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rules"
)

// The texts of a figure never overlap: two little killers from one cell
// outside the grid, two notes in one cell, a note beside a cage sum, the
// rows of a corner clue's digits. Two
// clues of one cell once ran together ("27" and "9" read "279"), and
// two slow thermometers from one bulb wrote "slow" over "slow".
func TestFigureTextsApart(t *testing.T) {
	g := grid.New(nine)
	g.Rules = grid.NewRules(rules.Odd.Of([]int32{80}))
	withDrawing(t, g.Rules, func() *grid.Drawing {
		return &grid.Drawing{
			Outside: []grid.OutsideClue{
				{Row: -1, Col: 3, Text: "27", Dir: [2]int{1, 1}}, {Row: -1, Col: 3, Text: "9", Dir: [2]int{1, -1}},
				{Row: 4, Col: 9, Text: "45", Dir: [2]int{1, -1}}, {Row: 4, Col: 9, Text: "38", Dir: [2]int{-1, -1}},
				{Row: 9, Col: 6, Text: "12", Dir: [2]int{-1, 1}}, {Row: 9, Col: 6, Text: "19", Dir: [2]int{-1, -1}},
				{Row: 2, Col: -1, Text: "7", Dir: [2]int{1, 1}}, {Row: 2, Col: -1, Text: "40", Dir: [2]int{-1, 1}},
			},
			Notes: []grid.Note{
				{Cell: 10, Text: "slow"}, {Cell: 10, Text: "slow"},
				{Cell: 20, Text: "slow"}, {Cell: 20, Text: "max"},
				{Cell: 30, Text: "A"}, {Cell: 30, Text: "B"},
				{Cell: 40, Text: "d5"},
			},
			Cages:   []grid.Cage{{Cells: []int32{40, 41}, Sum: 17}},
			Corners: []grid.CornerClue{{Row: 6, Col: 6, Digits: []int{1, 2, 5, 9}}, {Row: 7, Col: 1, Digits: []int{3, 4, 8}}},
		}
	})
	f, err := newFigure(g, figureOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := boldMetrics()
	if err != nil {
		t.Fatal(err)
	}
	var texts []shape
	for _, s := range f.shapes {
		if s.kind == textShape {
			texts = append(texts, s)
		}
	}
	// 8 clues, 6 notes (the repeated "slow" once), a cage sum, two rows
	// of digits in each of two corner clues
	if len(texts) != 19 {
		t.Errorf("%d texts, want 19", len(texts))
	}
	for i, a := range texts {
		alo, ahi := a.bounds(m)
		for _, b := range texts[i+1:] {
			blo, bhi := b.bounds(m)
			if alo.x < bhi.x && blo.x < ahi.x && alo.y < bhi.y && blo.y < ahi.y {
				t.Errorf("%q at (%.2f, %.2f)-(%.2f, %.2f) overlaps %q at (%.2f, %.2f)-(%.2f, %.2f)",
					a.text, alo.x, alo.y, ahi.x, ahi.y, b.text, blo.x, blo.y, bhi.x, bhi.y)
			}
		}
	}
}

// The diagonals are painted before the lines through cells: an arrow whose
// shaft runs along a diagonal (SudokuSolver's "Tangled Arrows") showed its
// head alone, its shaft under the diagonal.
func TestDiagonalUnderLines(t *testing.T) {
	g := grid.New(nine)
	g.Rules = grid.NewRules(rules.Odd.Of([]int32{80}))
	withDrawing(t, g.Rules, func() *grid.Drawing {
		return &grid.Drawing{
			CornerLines: [][2][2]int{{{9, 0}, {0, 9}}},
			Lines:       []grid.Line{{Cells: []int32{40, 32, 24}, Style: grid.LineThin, Arrow: true}},
			Rings:       [][]int32{{48}},
		}
	})
	f, err := newFigure(g, figureOptions{})
	if err != nil {
		t.Fatal(err)
	}
	diag, line := -1, -1
	for i, s := range f.shapes {
		switch {
		case s.stroke == diagTone && s.width == diagWidth:
			diag = i
		case s.stroke == thinLineTone && s.width == thinLineWidth && line < 0:
			line = i
		}
	}
	if diag < 0 || line < 0 || diag > line {
		t.Errorf("diagonal painted as shape %d, the arrow's line as %d: want the diagonal first", diag, line)
	}
}

// A space in the text of an image takes its room: the caption
// "Slow thermometers" was drawn "Slowthermometers" in SVG and PNG.
func TestTextSpaces(t *testing.T) {
	m, err := boldMetrics()
	if err != nil {
		t.Fatal(err)
	}
	joined, spaced := m.textInk("slowthermo"), m.textInk("slow thermo")
	gap := m.advance[' ']
	if gap <= 0 || spaced.maxX-joined.maxX < gap*0.99 {
		t.Errorf("ink of %q ends at %.3f, of %q at %.3f: want a space (%.3f) more", "slow thermo", spaced.maxX, "slowthermo", joined.maxX, gap)
	}
	o1, err := textOutline("slowthermo")
	if err != nil {
		t.Fatal(err)
	}
	o2, err := textOutline("slow thermo")
	if err != nil {
		t.Fatal(err)
	}
	right := func(o outline) float64 {
		x := -1e9
		for _, s := range o {
			for _, p := range s.pts {
				x = max(x, p.x)
			}
		}
		return x
	}
	if d := right(o2) - right(o1); d < gap*glyphUnits*0.99 {
		t.Errorf("outline of %q ends %.1f units after that of %q: want a space (%.1f)", "slow thermo", d, "slowthermo", gap*glyphUnits)
	}
}
