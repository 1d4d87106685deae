package output

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rules"
)

// lineMarks is a drawing with one of each of the marks of lines, rings,
// clues outside the grid, corner clues and notes, each in cells of its own
// so that tests can look for it.
func lineMarks() *grid.Drawing {
	return &grid.Drawing{
		Lines: []grid.Line{
			{Cells: []int32{0, 1, 2, 3}, Style: grid.LineWide},
			{Cells: []int32{18, 19, 20, 21}, Style: grid.LineMedium},
			{Cells: []int32{36, 37, 38, 39}, Style: grid.LineDashed},
			{Cells: []int32{54, 55, 56}, Style: grid.LineThin, Arrow: true},
			{Cells: []int32{14, 15, 16}, Style: grid.LineWide},
		},
		Rings:   [][]int32{{15}, {34, 32, 33}},
		Outside: []grid.OutsideClue{{Row: -1, Col: 0, Text: "12"}, {Row: 3, Col: 9, Text: "7"}, {Row: 9, Col: -1, Text: "25", Dir: [2]int{-1, 1}}},
		Corners: []grid.CornerClue{{Row: 5, Col: 5, Digits: []int{1, 2, 3, 4}}},
		Notes:   []grid.Note{{Cell: 76, Text: "10"}},
	}
}

// withDrawing makes the figures of the test draw d for every puzzle whose
// rules are r, and the rules' own marks for the others.
func withDrawing(t *testing.T, r *grid.Rules, d func() *grid.Drawing) {
	t.Helper()
	old := drawRules
	drawRules = func(g grid.Grid) *grid.Drawing {
		if g.Rules == r {
			return d()
		}
		return old(g)
	}
	t.Cleanup(func() { drawRules = old })
}

// linePuzzle is a puzzle drawn with lineMarks, with a given 5 in r9c9.
func linePuzzle(t *testing.T) Puzzle { return drawnPuzzle(t, lineMarks) }

// drawnPuzzle is a puzzle drawn with d, with a given 5 in r9c9.
func drawnPuzzle(t *testing.T, d func() *grid.Drawing) Puzzle {
	g := grid.New(nine)
	g.Rules = grid.NewRules(rules.Odd.Of([]int32{80}))
	g.Cells[80] = 5
	withDrawing(t, g.Rules, d)
	return Puzzle{Number: 1, Grid: g}
}

func TestFigureLineMarks(t *testing.T) {
	p := linePuzzle(t)
	f, err := newFigure(p.Grid, figureOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if f.margin != 1 {
		t.Errorf("margin %d with clues outside the grid, want 1", f.margin)
	}
	checkLineStyles(t, f)
	// a ring comes after the line under it, the lines before the digits'
	// region lines
	ring := slices.IndexFunc(f.shapes, func(s shape) bool { return s.kind == circleShape && s.stroke == ringTone })
	wide := slices.IndexFunc(f.shapes, func(s shape) bool { return s.stroke == wideLineTone })
	lines9 := slices.IndexFunc(f.shapes, func(s shape) bool { return s.pen == penThick })
	if ring < 0 || wide < 0 || !(wide < ring && ring < lines9) {
		t.Errorf("wide line at %d, ring at %d, grid lines at %d: want them in that order", wide, ring, lines9)
	}
	var texts []string
	for _, s := range f.shapes {
		if s.kind == textShape {
			texts = append(texts, s.text)
		}
	}
	slices.Sort(texts)
	if want := []string{"10", "12", "12", "25", "34", "7"}; !slices.Equal(texts, want) {
		t.Errorf("texts %q, want the outside clues, the corner digits in two rows and the note", texts)
	}
	if _, ok := f.keepOut[76]; !ok {
		t.Errorf("the note in r9c5 leaves no room for its digit")
	}
	// no outside clues: no margin
	withDrawing(t, p.Grid.Rules, func() *grid.Drawing { d := lineMarks(); d.Outside = nil; return d })
	if f, err := newFigure(p.Grid, figureOptions{}); err != nil || f.margin != 0 {
		t.Errorf("margin without clues outside: %v, %v; want 0", f.margin, err)
	}
}

// checkLineStyles checks that each style of line in f reads apart from
// the others by tone, width or dash, and that f draws five lines and an
// arrowhead.
func checkLineStyles(t *testing.T, f *figure) {
	t.Helper()
	type look struct{ tone, width, dash float64 }
	var looks []look
	lines := 0
	for _, s := range f.shapes {
		if s.kind == strokeShape && s.pen == penCells && s.stroke != 0 && s.stroke != ringTone {
			looks = append(looks, look{s.stroke, s.width, s.dash})
			lines += len(s.paths)
		}
	}
	if len(looks) != 4 {
		t.Fatalf("%d line shapes, want one per style (4): %v", len(looks), looks)
	}
	for i := range looks {
		for j := range i {
			a, b := looks[i], looks[j]
			if math.Abs(a.tone-b.tone) < 0.15 && math.Abs(a.width-b.width) < 0.03 && (a.dash > 0) == (b.dash > 0) {
				t.Errorf("line styles %v and %v read alike", a, b)
			}
		}
	}
	if lines != 6 { // five lines and an arrowhead
		t.Errorf("%d line paths, want 6", lines)
	}
}

// checkLineMarks looks at the marks of linePuzzle as drawn in an image.
func checkLineMarks(t *testing.T, what string, s sampler) {
	t.Helper()
	tone := func(v float64) int { return int(math.Round(v * 255)) }
	near := func(name string, got, want, tol int) {
		t.Helper()
		if got < want-tol || got > want+tol {
			t.Errorf("%s: %s has grey %d, want %d ± %d", what, name, got, want, tol)
		}
	}
	near("the wide line (r1c2)", s.at(1.5, 0.5), tone(wideLineTone), 12)
	near("beside the wide line (r1c2)", s.at(1.5, 0.5+wideLineWidth/2+0.06), 255, 8)
	near("the medium line (r3c2)", s.at(1.5, 2.5), tone(midLineTone), 15)
	near("beside the medium line (r3c2)", s.at(1.5, 2.5+midLineWidth/2+0.05), 255, 8)
	changes, last := 0, false
	for u := 0.6; u < 3.4; u += 0.01 {
		d := s.darkest(u, 4.5) < 160
		if d != last {
			changes++
		}
		last = d
	}
	if changes < 16 {
		t.Errorf("%s: the dashed line changes from ink to paper %d times, want a dashed line", what, changes)
	}
	if s.darkest(1.5, 6.5) > 100 {
		t.Errorf("%s: no thin line through r7c2", what)
	}
	// one arm of the arrowhead past r7c3's centre
	arm := pt{2.5 + arrowReach - 0.6*arrowArm*0.766, 6.5 - 0.6*arrowArm*0.643}
	if s.darkest(arm.x, arm.y) > 120 {
		t.Errorf("%s: no arrowhead in r7c3", what)
	}
	near("the ring's inside over the wide line (r2c7)", s.at(6.5-0.2, 1.5), 255, 8)
	near("the wide line beside the ring (r2c6)", s.at(5.5, 1.5), tone(wideLineTone), 12)
	if s.darkest(6.5+ringRadius, 1.5) > 130 {
		t.Errorf("%s: no ring round r2c7", what)
	}
	for _, p := range []pt{{6.5, 3.5 - ringRadius}, {7.5 + ringRadius, 3.5}, {5.5 - ringRadius, 3.5}} {
		if s.darkest(p.x, p.y) > 130 {
			t.Errorf("%s: no pill round r4c6-r4c8 at %v", what, p)
		}
	}
	near("inside the pill (r4c7)", s.at(6.5, 3.5+0.2), 255, 8)
	if s.dark(5.85, 5.85, 6.15, 6.15) == 0 {
		t.Errorf("%s: no corner digits at r6c6's bottom right", what)
	}
	near("the corner circle over the grid line", s.at(6, 6.14), 255, 30)
	if s.dark(0.1, -0.9, 0.9, -0.1) == 0 {
		t.Errorf("%s: no clue above c1", what)
	}
	if s.dark(9.1, 3.1, 9.9, 3.9) == 0 {
		t.Errorf("%s: no clue right of r4", what)
	}
	if s.dark(-0.9, 9.1, -0.1, 9.9) == 0 {
		t.Errorf("%s: no clue at the bottom left corner", what)
	}
	if s.darkest(-0.5+0.3, 9.5-0.3) > 120 {
		t.Errorf("%s: no arrow up and right at the bottom left corner", what)
	}
	if s.dark(4.05, 8.05, 4.45, 8.35) < 3 {
		t.Errorf("%s: no note in the top left corner of r9c5", what)
	}
	if s.dark(8.3, 8.3, 8.7, 8.7) == 0 {
		t.Errorf("%s: no 5 in r9c9", what)
	}
}

func TestLineMarksPNG(t *testing.T) {
	for what, s := range pngSamplers(t, linePuzzle(t)) {
		checkLineMarks(t, what, s)
	}
}

// pngSamplers returns samplers of PNGs of p of two sizes, by a name for
// messages. The grid has a margin of one cell of clues round it.
func pngSamplers(t *testing.T, p Puzzle) map[string]sampler {
	t.Helper()
	out := map[string]sampler{}
	for _, size := range []int{500, 1000} {
		var buf bytes.Buffer
		if err := WritePNG(&buf, p, nil, size); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		s := float64(size)
		margin := math.Max(2, s/40)
		cell := (s - 2*margin) / 11
		out[fmt.Sprintf("PNG of %d px", size)] = sampler{img.(*image.Gray), (s - 9*cell) / 2, margin + cell, cell}
	}
	return out
}

func TestLineMarksPDF(t *testing.T) {
	checkLineMarks(t, "PDF at 150 dpi", pdfSampler(t, linePuzzle(t), "line-marks"))
}

// pdfSampler returns a sampler of p alone on a 6x9 page of a book, drawn
// at 150 dpi, kept under name with -keep. The grid has a margin of one
// cell of clues round it.
func pdfSampler(t *testing.T, p Puzzle, name string) sampler {
	t.Helper()
	opts := BookOptions{Page: "6x9", PerPage: 1}
	pdf := mustWriteBook(t, []Puzzle{p}, opts)
	keepPDF(t, name, pdf)
	b, err := newBook([]Puzzle{p}, opts)
	if err != nil {
		t.Fatal(err)
	}
	page := slices.IndexFunc(b.pages, func(p page) bool { return p.kind == puzzlePage }) + 1
	img := renderPage(t, pdf, page, 150)
	ps := mustPage(t, "6x9")
	f := puzzleFrameFor(content(ps, marginsFor(Gutter(0)), 1), 1, false)
	// the grid takes 9 of the 11 cells of the frame
	cols := gridLines(img, true, int(f.side*9/11*150/72*0.9))
	rows := gridLines(img, false, int(f.side*9/11*150/72*0.9))
	if len(cols) < 2 || len(rows) < 2 {
		t.Fatalf("no grid frame found (%v, %v)", cols, rows)
	}
	cell := (cols[len(cols)-1] - cols[0]) / 9
	if want := f.side / 11 * 150 / 72; math.Abs(cell-want) > 1 {
		t.Errorf("cells of %.1f px, want %.1f: the grid and its margin of clues fill the frame", cell, want)
	}
	return sampler{img, cols[0], rows[0], cell}
}

func TestLineMarksSVG(t *testing.T) {
	p := linePuzzle(t)
	var buf bytes.Buffer
	if err := WriteSVG(&buf, p, nil); err != nil {
		t.Fatal(err)
	}
	s := buf.String()
	side := strconv.Itoa(11*svgCell + 2*svgMargin)
	if !strings.Contains(s, `width="`+side+`" height="`+side+`"`) {
		t.Errorf("SVG not %s wide and high, the grid and a cell of clues round it:\n%.300s", side, s)
	}
	if got := strings.Count(s, "stroke-dasharray"); got != 1 {
		t.Errorf("%d dashed paths, want the dashed line's", got)
	}
	if got := strings.Count(s, "<circle"); got != 2 { // the ring, the corner clue
		t.Errorf("%d circles, want 2", got)
	}
}
