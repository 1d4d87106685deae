package output

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rules"
)

var nine = grid.Shape{BoxRows: 3, BoxCols: 3}

// area returns the signed area of loop, positive when it runs clockwise on
// the page (y growing downwards).
func area(loop []pt) float64 {
	a := 0.0
	for k, p := range loop {
		q := loop[(k+1)%len(loop)]
		a += p.x*q.y - q.x*p.y
	}
	return a / 2
}

func TestCellLoops(t *testing.T) {
	tests := []struct {
		name  string
		n     int
		cells []int
		want  [][]pt
	}{
		{"one cell", 3, []int{4}, [][]pt{{{1, 1}, {2, 1}, {2, 2}, {1, 2}}}},
		{"domino", 3, []int{0, 1}, [][]pt{{{0, 0}, {2, 0}, {2, 1}, {0, 1}}}},
		{"T", 3, []int{0, 3, 6, 4}, [][]pt{{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}, {1, 2}, {1, 3}, {0, 3}}}},
		// a ring: the outside clockwise, the hole the other way
		{"ring", 3, []int{0, 1, 2, 3, 5, 6, 7, 8}, [][]pt{{{0, 0}, {3, 0}, {3, 3}, {0, 3}}, {{1, 2}, {2, 2}, {2, 1}, {1, 1}}}},
		// cells that touch at a corner get a loop each
		{"corner", 3, []int{0, 4}, [][]pt{{{0, 0}, {1, 0}, {1, 1}, {0, 1}}, {{1, 1}, {2, 1}, {2, 2}, {1, 2}}}},
		{"pinched", 3, []int{0, 1, 3, 5, 7, 8}, nil},
	}
	for _, tt := range tests {
		in := make([]bool, tt.n*tt.n)
		for _, c := range tt.cells {
			in[c] = true
		}
		got := cellLoops(in, tt.n)
		total := 0.0
		for _, l := range got {
			total += area(l)
		}
		if total != float64(len(tt.cells)) {
			t.Errorf("%s: cellLoops(%v) = %v, of area %v, want %d", tt.name, tt.cells, got, total, len(tt.cells))
		}
		if tt.want != nil && !slices.EqualFunc(got, tt.want, sameLoop) {
			t.Errorf("%s: cellLoops(%v) = %v, want %v", tt.name, tt.cells, got, tt.want)
		}
	}
}

// sameLoop reports whether a and b are the same loop, from any corner.
func sameLoop(a, b []pt) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if slices.Equal(append(slices.Clone(a[k:]), a[:k]...), b) {
			return true
		}
	}
	return false
}

func TestInsetLoop(t *testing.T) {
	// the T: the inside corner at (1, 1) moves to (0.9, 1.1), out of the
	// corner cell's way, as both sides move 0.1 towards the cells
	got := insetLoop([]pt{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}, {1, 2}, {1, 3}, {0, 3}}, 0.1)
	want := []pt{{0.1, 0.1}, {0.9, 0.1}, {0.9, 1.1}, {1.9, 1.1}, {1.9, 1.9}, {0.9, 1.9}, {0.9, 2.9}, {0.1, 2.9}}
	for k := range want {
		if math.Abs(got[k].x-want[k].x) > 1e-9 || math.Abs(got[k].y-want[k].y) > 1e-9 {
			t.Fatalf("insetLoop(T, 0.1) = %v, want %v", got, want)
		}
	}
	// a hole grows: its sides move away from its middle
	hole := insetLoop([]pt{{1, 2}, {2, 2}, {2, 1}, {1, 1}}, 0.1)
	if hole[0] != (pt{0.9, 2.1}) {
		t.Errorf("insetLoop(hole, 0.1) = %v, want it to start at (0.9, 2.1)", hole)
	}
}

// edgeKind returns whether the figure's lines draw the edge of length 1
// starting at (x, y) (downwards when down, else rightwards) thick, and
// whether they draw it at all, once.
func edgeKind(f *figure, x, y int, down bool) (thick bool, count int) {
	for _, s := range f.shapes {
		if s.kind != strokeShape || s.pen == penCells || s.closed {
			continue
		}
		for _, p := range s.paths {
			a, b := p[0], p[1]
			fx, fy := float64(x), float64(y)
			on := down && a.x == fx && b.x == fx && a.y <= fy && b.y >= fy+1 ||
				!down && a.y == fy && b.y == fy && a.x <= fx && b.x >= fx+1
			if on {
				count++
				thick = s.pen == penThick
			}
		}
	}
	return thick, count
}

// TestRegionLines checks that every inner edge is drawn once, thick
// exactly where it parts two regions, for boxes and for a jigsaw.
func TestRegionLines(t *testing.T) {
	for _, r := range []*grid.Rules{grid.NewRules(rules.AntiKing.Of(true)), grid.NewRules(grid.Regions.Of(jigsawRegions()))} {
		g := grid.New(nine)
		g.Rules = r
		f, err := newFigure(g, figureOptions{})
		if err != nil {
			t.Fatal(err)
		}
		runs := 0
		for k := 1; k < 9; k++ {
			for j := range 9 {
				for _, down := range []bool{true, false} {
					a, b := j*9+k-1, j*9+k
					x, y := k, j
					if !down {
						a, b = (k-1)*9+j, k*9+j
						x, y = j, k
					}
					thick, count := edgeKind(f, x, y, down)
					if want := r.Region(nine, a) != r.Region(nine, b); count != 1 || thick != want {
						t.Errorf("%s: edge at (%d, %d) down=%v drawn %d times, thick %v, want once, thick %v", r.Name(), x, y, down, count, thick, want)
					}
				}
			}
		}
		for _, s := range f.shapes {
			if s.kind == strokeShape && s.pen != penCells && !s.closed {
				runs += len(s.paths)
			}
		}
		// with boxes, each of the 16 inner lines is drawn whole
		if grid.Regions.Get(r) == nil && runs != 16 {
			t.Errorf("boxes: %d runs of line, want 16 (each line whole)", runs)
		}
	}
}

// TestFigureMarks checks that every rule of each test variant gets its
// mark: the shaded cells, one circle per odd cell, bulb and dot, one
// square per even cell, one sum per cage with a sum, one letter per X
// and V, one line per diagonal, one outline per cage.
func TestFigureMarks(t *testing.T) {
	for k, v := range variantKinds {
		p := variantPuzzle(t, v, nine, uint64(k), true)
		r := p.Grid.Rules
		f, err := newFigure(p.Grid, figureOptions{})
		if err != nil {
			t.Fatal(err)
		}
		circles, texts, squares, diagonals, cageLoops, shaded := countMarks(f)
		wantShaded, wantDiagonals, wantSums := wantMarks(r)
		wantCircles := len(rules.Odd.Get(r)) + len(rules.Thermos.Get(r)) + len(rules.White.Get(r)) + len(rules.Black.Get(r))
		if circles != wantCircles || squares != len(rules.Even.Get(r)) || texts != wantSums+len(rules.X.Get(r))+len(rules.V.Get(r)) ||
			shaded != float64(wantShaded) || diagonals != wantDiagonals || cageLoops < len(rules.Cages.Get(r)) {
			t.Errorf("%s: %d circles, %d squares, %d texts, %v shaded cells, %d diagonals, %d cage outlines; want %d, %d, %d, %d, %d, at least %d",
				v.name, circles, squares, texts, shaded, diagonals, cageLoops,
				wantCircles, len(rules.Even.Get(r)), wantSums+len(rules.X.Get(r))+len(rules.V.Get(r)), wantShaded, wantDiagonals, len(rules.Cages.Get(r)))
		}
	}
}

// countMarks counts the marks of a figure by kind: circles, texts, marked
// squares, diagonals and cage outlines, and the shaded area outside the
// patches under sums and letters.
func countMarks(f *figure) (circles, texts, squares, diagonals, cageLoops int, shaded float64) {
	for j, s := range f.shapes {
		patch := j+1 < len(f.shapes) && f.shapes[j+1].kind == textShape // under a sum or letter
		switch {
		case s.kind == circleShape:
			circles++
		case s.kind == textShape:
			texts++
		case s.kind == fillShape && s.fill == markTone:
			squares += len(s.paths)
		case s.kind == fillShape && s.fill == shadeTone && !patch:
			for _, l := range s.paths {
				shaded += area(l)
			}
		case s.kind == strokeShape && s.stroke == diagTone:
			diagonals += len(s.paths)
		case s.kind == strokeShape && s.dash > 0:
			cageLoops += len(s.paths)
		}
	}
	return
}

// wantMarks reads off the rules the shaded cells, the diagonals and the
// cage sums a figure of them should draw.
func wantMarks(r *grid.Rules) (wantShaded, wantDiagonals, wantSums int) {
	cells := map[int32]bool{}
	for _, g := range rules.Extra.Get(r) {
		switch g.Kind {
		case grid.GroupWindow, grid.GroupRegion:
			for _, c := range g.Cells {
				cells[c] = true
			}
		case grid.GroupDiagonal, grid.GroupAntiDiagonal:
			wantDiagonals++
		}
	}
	wantShaded = len(cells)
	for _, c := range rules.Cages.Get(r) {
		if c.Sum != 0 {
			wantSums++
		}
	}
	return
}

// TestDigitsClearOfSums places every symbol in every cell of killer
// puzzles, at the sizes the writers use, and checks that no digit touches
// the patch of a cage sum and that each stays inside its cell and, in a
// cell with a sum, inside the cage's outline.
func TestDigitsClearOfSums(t *testing.T) {
	m, err := boldMetrics()
	if err != nil {
		t.Fatal(err)
	}
	for _, sh := range []grid.Shape{nine, {BoxRows: 4, BoxCols: 4}, {BoxRows: 2, BoxCols: 3}} {
		p := variantPuzzle(t, variantKinds[0], sh, 1, false)
		a := grid.DefaultAlphabet(sh.N())
		for _, label := range []float64{cageLabel, 5 / 14.9, maxLabel} {
			f, err := newFigure(p.Grid, figureOptions{labelSize: label})
			if err != nil {
				t.Fatal(err)
			}
			for _, scale := range []float64{symbolScale, largeScale} {
				for i := range p.Grid.Cells {
					k, sum := f.keepOut[i]
					for d := 1; d <= sh.N(); d++ {
						ink := m.ink[a.Symbol(d)]
						cx, cy, s := f.digitAt(i, ink, scale)
						size := scale * s
						box := rect{cx + ink.minX*size - (ink.minX+ink.maxX)*size/2, cy + ink.minY*size - (ink.minY+ink.maxY)*size/2,
							cx + ink.maxX*size - (ink.minX+ink.maxX)*size/2, cy + ink.maxY*size - (ink.minY+ink.maxY)*size/2}
						col, row := float64(i%sh.N()), float64(i/sh.N())
						lo, hi := 0.0, 1.0
						if sum {
							lo, hi = cageInset, 1-cageInset
						}
						if box.x0 < col+lo || box.x1 > col+hi || box.y0 < row+lo || box.y1 > row+hi {
							t.Errorf("%s, sums %.2f, scale %.2f: %q in r%dc%d has ink %+v, outside its cell", sh, label, scale, a.Symbol(d), i/sh.N()+1, i%sh.N()+1, box)
						}
						if sum && box.x0 < k.x1 && box.y0 < k.y1 {
							t.Errorf("%s, sums %.2f, scale %.2f: %q in r%dc%d has ink %+v over the sum's patch %+v", sh, label, scale, a.Symbol(d), i/sh.N()+1, i%sh.N()+1, box, k)
						}
						if !sum && (s != 1 || cx != col+0.5 || cy != row+0.5) {
							t.Errorf("%s: %q in r%dc%d, a cell without a sum, moved to (%v, %v) at %v", sh, a.Symbol(d), i/sh.N()+1, i%sh.N()+1, cx, cy, s)
						}
					}
				}
			}
		}
	}
}

// markPuzzle is a puzzle with one of each mark in an empty cell or on the
// edge of empty cells, where tests look for it.
func markPuzzle() Puzzle {
	g := grid.New(nine)
	r := grid.NewRules(rules.Cages.Of([]grid.Cage{{Cells: []int32{63, 64, 72}, Sum: 15}}), rules.Odd.Of([]int32{4}), rules.Even.Of([]int32{6}), rules.White.Of([]grid.Pair{{76, 77}}), rules.Black.Of([]grid.Pair{{78, 79}}), rules.X.Of([]grid.Pair{{36, 45}}), rules.V.Of([]grid.Pair{{43, 44}}))
	for _, w := range grid.Windows(nine) {
		rules.Extra.Set(r, append(rules.Extra.Get(r), grid.Group{Kind: grid.GroupWindow, Cells: w}))
	}
	rules.Thermos.Set(r, [][]int32{{8, 17, 26}})
	g.Rules = r
	g.Cells[80] = 5
	return Puzzle{Number: 1, Grid: g}
}

// sampler reads the grey of an image at points given in cells of a grid
// whose top left corner is at (x0, y0) with cells of cell pixels.
type sampler struct {
	img          *image.Gray
	x0, y0, cell float64
}

// at returns the mean grey of the 3x3 pixels around (u, v) in cells.
func (s sampler) at(u, v float64) int {
	x, y := int(math.Round(s.x0+u*s.cell)), int(math.Round(s.y0+v*s.cell))
	sum := 0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			sum += int(s.img.GrayAt(x+dx, y+dy).Y)
		}
	}
	return sum / 9
}

// darkest returns the darkest of the 3x3 pixels around (u, v) in cells.
func (s sampler) darkest(u, v float64) int {
	x, y := int(math.Round(s.x0+u*s.cell)), int(math.Round(s.y0+v*s.cell))
	least := 255
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			least = min(least, int(s.img.GrayAt(x+dx, y+dy).Y))
		}
	}
	return least
}

// dark counts the pixels darker than 128 in the rectangle from (u0, v0) to
// (u1, v1) in cells.
func (s sampler) dark(u0, v0, u1, v1 float64) int {
	n := 0
	for y := int(s.y0 + v0*s.cell); y <= int(s.y0+v1*s.cell); y++ {
		for x := int(s.x0 + u0*s.cell); x <= int(s.x0+u1*s.cell); x++ {
			if s.img.GrayAt(x, y).Y < 128 {
				n++
			}
		}
	}
	return n
}

// checkMarks looks at the marks of markPuzzle as drawn in an image.
func checkMarks(t *testing.T, what string, s sampler) {
	t.Helper()
	tone := func(v float64) int { return int(math.Round(v * 255)) }
	near := func(name string, got, want, tol int) {
		t.Helper()
		if got < want-tol || got > want+tol {
			t.Errorf("%s: %s has grey %d, want %d ± %d", what, name, got, want, tol)
		}
	}
	near("a window cell (r2c2)", s.at(1.25, 1.25), tone(shadeTone), 10)
	near("a cell outside the windows (r1c1)", s.at(0.5, 0.5), 255, 6)
	near("the odd circle (r1c5)", s.at(4.5, 0.5), tone(markTone), 10)
	near("the odd cell's corner, outside its circle", s.at(4.17, 0.17), 255, 6)
	near("the even square (r1c7)", s.at(6.5, 0.5), tone(markTone), 10)
	near("the even square's corner, outside a circle", s.at(6.5+0.3, 0.5+0.3), tone(markTone), 10)
	near("the thermometer's bulb (r1c9)", s.at(8.5, 0.5), tone(tubeTone), 12)
	near("the thermometer's tube (r2c9)", s.at(8.5, 1.5), tone(tubeTone), 12)
	near("the tube's side (r2c9)", s.at(8.5+0.2, 1.5), 255, 6)
	near("the black dot (r9c7-r9c8)", s.at(7, 8.5), 0, 40)
	near("the white dot (r9c5-r9c6)", s.at(5, 8.5), 255, 25)
	if s.dark(5+dotRadius-0.04, 8.5-0.03, 5+dotRadius+0.04, 8.5+0.03) == 0 {
		t.Errorf("%s: the white dot has no dark ring", what)
	}
	// the X on the line between r5c1 and r6c1, on a white patch that
	// breaks the line beside it
	if s.dark(0.4, 4.9, 0.6, 5.1) == 0 {
		t.Errorf("%s: no X between r5c1 and r6c1", what)
	}
	paper := 0
	for u := 0.5 + 0.115; u < 0.5+0.145; u += 0.005 {
		paper = max(paper, s.at(u, 5))
	}
	near("the X's patch, on the line beside the letter", paper, 255, 40)
	// the V's left stroke, beside the line between r5c8 and r5c9
	if s.dark(7.86, 4.38, 7.96, 4.48) == 0 {
		t.Errorf("%s: no V between r5c8 and r5c9", what)
	}
	// the cage's sum in r8c1, and its dashed outline down the left of
	// r8c1 and r9c1
	if s.dark(0.08, 7.08, 0.4, 7.33) < 4 {
		t.Errorf("%s: no sum in the top left corner of r8c1", what)
	}
	changes, last := 0, false
	for v := 7.4; v < 8.9; v += 0.01 {
		d := s.darkest(cageInset, v) < 180
		if d != last {
			changes++
		}
		last = d
	}
	if changes < 8 {
		t.Errorf("%s: the cage's left side changes from ink to paper %d times, want a dashed line", what, changes)
	}
	// the given 5 in r9c9
	if s.dark(8.3, 8.3, 8.7, 8.7) == 0 {
		t.Errorf("%s: no 5 in r9c9", what)
	}
}

// TestVariantPNG draws markPuzzle and looks for each mark.
func TestVariantPNG(t *testing.T) {
	p := markPuzzle()
	for _, size := range []int{400, 900} {
		var buf bytes.Buffer
		if err := WritePNG(&buf, p, nil, size); err != nil {
			t.Fatal(err)
		}
		var again bytes.Buffer
		if err := WritePNG(&again, p, nil, size); err != nil || !bytes.Equal(buf.Bytes(), again.Bytes()) {
			t.Errorf("WritePNG(marks, %d): two runs differ (%v)", size, err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		g := img.(*image.Gray)
		margin := math.Max(2, float64(size)/40)
		checkMarks(t, fmt.Sprintf("PNG of %d px", size), sampler{g, margin, margin, (float64(size) - 2*margin) / 9})
	}
}

// TestVariantPDF renders a page of markPuzzle with pdftoppm and looks for
// each mark.
func TestVariantPDF(t *testing.T) {
	opts := BookOptions{Page: "6x9", PerPage: 1}
	pdf := mustWriteBook(t, []Puzzle{markPuzzle()}, opts)
	keepPDF(t, "variant-marks", pdf)
	b, err := newBook([]Puzzle{markPuzzle()}, opts)
	if err != nil {
		t.Fatal(err)
	}
	page := slices.IndexFunc(b.pages, func(p page) bool { return p.kind == puzzlePage }) + 1
	img := renderPage(t, pdf, page, 150)
	ps := mustPage(t, "6x9")
	f := puzzleFrameFor(content(ps, marginsFor(Gutter(0)), 1), 1, false)
	cols := gridLines(img, true, int(f.side*150/72*0.9))
	rows := gridLines(img, false, int(f.side*150/72*0.9))
	if len(cols) < 2 || len(rows) < 2 {
		t.Fatalf("no grid frame found (%v, %v)", cols, rows)
	}
	cell := (cols[len(cols)-1] - cols[0]) / 9
	checkMarks(t, "PDF at 150 dpi", sampler{img, cols[0], rows[0], cell})
}

// TestVariantSVG checks the SVG of every test variant: well-formed XML
// naming no font, a circle per odd cell, bulb and dot, every symbol used
// defined, and the rules named in its description.
func TestVariantSVG(t *testing.T) {
	for k, v := range variantKinds {
		p := variantPuzzle(t, v, nine, uint64(k), true)
		var buf bytes.Buffer
		if err := WriteSVG(&buf, p, nil); err != nil {
			t.Fatalf("WriteSVG(%s) = %v", v.name, err)
		}
		dec := xml.NewDecoder(bytes.NewReader(buf.Bytes()))
		paths := map[string]bool{}
		circles, uses := 0, 0
		desc := ""
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("WriteSVG(%s) wrote bad XML: %v", v.name, err)
			}
			switch se := tok.(type) {
			case xml.StartElement:
				switch se.Name.Local {
				case "text", "font", "style":
					t.Errorf("WriteSVG(%s) has a %s element", v.name, se.Name.Local)
				case "path":
					paths[attr(se, "id")] = true
				case "circle":
					circles++
				case "use":
					uses++
					if id := strings.TrimPrefix(attr(se, "href"), "#"); !paths[id] {
						t.Errorf("WriteSVG(%s) uses %q, not defined before", v.name, id)
					}
				case "desc":
					var s string
					if err := dec.DecodeElement(&s, &se); err != nil {
						t.Fatal(err)
					}
					desc = s
				}
			}
		}
		r := p.Grid.Rules
		if want := len(rules.Odd.Get(r)) + len(rules.Thermos.Get(r)) + len(rules.White.Get(r)) + len(rules.Black.Get(r)); circles != want {
			t.Errorf("WriteSVG(%s): %d circles, want %d", v.name, circles, want)
		}
		if uses != p.Grid.Givens() {
			t.Errorf("WriteSVG(%s): %d symbols, want %d", v.name, uses, p.Grid.Givens())
		}
		if desc != r.Name() {
			t.Errorf("WriteSVG(%s): description %q, want %q", v.name, desc, r.Name())
		}
	}
}

// TestVariantBook writes a book of every test variant with sections and
// solutions and checks it as classic books are checked: pdfcpu's strict
// validation with every font embedded, qpdf --check, pdffonts, and the
// text of the pages: captions that name the rules without a mark, and
// killer solutions on pages of their own with larger cells.
func TestVariantBook(t *testing.T) {
	puzzles := variantBook(t)
	opts := BookOptions{Title: "Variants", Page: "6x9", PerPage: 4, Sections: true, Solutions: true}
	pdf := mustWriteBook(t, puzzles, opts)
	keepPDF(t, "variants", pdf)
	b, err := newBook(puzzles, opts)
	if err != nil {
		t.Fatal(err)
	}
	checkPDF(t, pdf, len(b.pages), nil)
	text := pageTexts(t, pdf)
	all := ""
	for p := 1; p <= len(b.pages); p++ {
		all += text[p]
	}
	for _, want := range []string{"anti-king · ", "anti-knight · ", "disjoint groups · "} {
		if !strings.Contains(all, want) {
			t.Errorf("no caption holds %q", want)
		}
	}
	// the killer puzzles' solutions get cells of at least cageSolCell
	for _, pg := range b.pages {
		if pg.kind != solutionPage {
			continue
		}
		s := pg.layout.slots(solutionArea(content(b.size, b.margins, 1)), solutionGap)[0]
		cell := gridSide(s, solutionLabelSize(s.w)) / 9
		for _, i := range pg.puzzles {
			killer := slices.ContainsFunc(rules.Cages.Get(b.puzzles[i].Grid.Rules), func(c grid.Cage) bool { return c.Sum != 0 })
			if killer && cell < cageSolCell {
				t.Errorf("solution of puzzle %d (%s) has cells of %.1f pt, want at least %v", b.puzzles[i].Number, b.puzzles[i].Grid.Rules.Name(), cell, cageSolCell)
			}
		}
	}

	path := filepath.Join(t.TempDir(), "variants.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(needTool(t, "qpdf", "qpdf"), "--check", path).CombinedOutput(); err != nil {
		t.Errorf("qpdf --check: %v\n%s", err, out)
	}
	checkFonts(t, needTool(t, "pdffonts", "poppler-utils"), path)
}

// TestVariantErrors checks that rules that cannot be drawn are refused,
// naming the rule, by every writer.
func TestVariantErrors(t *testing.T) {
	g := grid.New(nine)
	g.Rules = grid.NewRules(rules.Cages.Of([]grid.Cage{{Cells: []int32{0, 1}, Sum: 30}}))
	p := Puzzle{Grid: g}
	for name, err := range map[string]error{
		"WriteBook": WriteBook(io.Discard, []Puzzle{p}, BookOptions{}),
		"WriteSVG":  WriteSVG(io.Discard, p, nil),
		"WritePNG":  WritePNG(io.Discard, p, nil, 300),
	} {
		if err == nil || !strings.Contains(err.Error(), "cage 1 (r1c1 r1c2)") || !errors.Is(err, grid.ErrRules) {
			t.Errorf("%s(cage of 2 cells adding up to 30) = %v, want an error naming the cage", name, err)
		}
	}
}

// TestRulesText checks that the rules paragraph of each test variant
// says each of its rules, by the words for its mark, and no other.
func TestRulesText(t *testing.T) {
	words := []struct {
		word string
		has  func(r *grid.Rules) bool
	}{
		{"region outlined in bold", func(r *grid.Rules) bool { return grid.Regions.Get(r) != nil }},
		{"box outlined in bold", func(r *grid.Rules) bool { return grid.Regions.Get(r) == nil }},
		{"diagonals", func(r *grid.Rules) bool { return slices.Contains(r.Names(), "x") }},
		{"shaded windows", func(r *grid.Rules) bool { return strings.Contains(r.Name(), "hyper") }},
		{"shaded region", func(r *grid.Rules) bool { return strings.Contains(r.Name(), "extra-regions") }},
		{"same place within their boxes", func(r *grid.Rules) bool { return strings.Contains(r.Name(), "disjoint") }},
		{"dashed cage add up", func(r *grid.Rules) bool { return len(rules.Cages.Get(r)) > 0 }},
		{"grey circle", func(r *grid.Rules) bool { return len(rules.Odd.Get(r)) > 0 }},
		{"grey square", func(r *grid.Rules) bool { return len(rules.Even.Get(r)) > 0 }},
		{"white dot", func(r *grid.Rules) bool { return len(rules.White.Get(r)) > 0 }},
		{"black dot", func(r *grid.Rules) bool { return len(rules.Black.Get(r)) > 0 }},
		{"an X add up to 10", func(r *grid.Rules) bool { return len(rules.X.Get(r)) > 0 }},
		{"a V add up to 5", func(r *grid.Rules) bool { return len(rules.V.Get(r)) > 0 }},
		{"thermometer", func(r *grid.Rules) bool { return len(rules.Thermos.Get(r)) > 0 }},
		{"king's move", func(r *grid.Rules) bool { return rules.AntiKing.Get(r) }},
		{"knight's move", func(r *grid.Rules) bool { return rules.AntiKnight.Get(r) }},
	}
	for k, v := range variantKinds {
		p := variantPuzzle(t, v, nine, uint64(k), false)
		text := rulesText([]grid.Grid{p.Grid})
		for _, w := range words {
			if got, want := strings.Contains(text, w.word), w.has(p.Grid.Rules); got != want {
				t.Errorf("%s: %q in the rules is %v, want %v:\n%s", v.name, w.word, got, want, text)
			}
		}
	}
}

// TestVariantSections checks the sections of a book of variants: with
// Sections one per variant and level, the variants in the order they come
// and the levels easiest first; without, one per variant; either way the
// puzzles numbered in book order and each section opening on a heading
// page with its rules.
func TestVariantSections(t *testing.T) {
	var puzzles []Puzzle
	classic := nineByNine(t, 2)
	// killer (hard, hard, easy), jigsaw (easy, easy), classic (hard, hard)
	for i, k := range []int{0, 1, 0, 1, -1, 0, -1} {
		var p Puzzle
		if k < 0 {
			p = classic[i%2]
		} else {
			p = variantPuzzle(t, variantKinds[k], nine, uint64(i), true)
		}
		p.Level = []string{"hard", "easy"}[i%2]
		p.Score = float64(10 - i)
		puzzles = append(puzzles, p)
	}
	for _, tt := range []struct {
		sections bool
		want     []string
	}{
		{true, []string{"Killer · Easy", "Killer · Hard", "Jigsaw · Easy", "Classic · Hard"}},
		{false, []string{"Killer", "Jigsaw", "Classic"}},
	} {
		opts := BookOptions{Page: "6x9", Sections: tt.sections, Solutions: true}
		b, err := newBook(puzzles, opts)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		number := 0
		for _, s := range b.sections {
			names = append(names, s.name)
			for _, i := range s.order {
				if number++; b.puzzles[i].Number != number {
					t.Errorf("sections %v: puzzle %d of the book numbered %d", tt.sections, number, b.puzzles[i].Number)
				}
			}
			if s.rules == "" || !strings.Contains(s.rules, "each digit once") {
				t.Errorf("sections %v: section %q has rules %q", tt.sections, s.name, s.rules)
			}
		}
		if !slices.Equal(names, tt.want) {
			t.Errorf("sections %v: %q, want %q", tt.sections, names, tt.want)
		}
		pdf := mustWriteBook(t, puzzles, opts)
		keepPDF(t, fmt.Sprintf("variant-sections-%v", tt.sections), pdf)
		text := pageTexts(t, pdf)
		checkStarts(t, b, text)
		for _, s := range b.sections {
			page := strings.ReplaceAll(text[s.page], "\n", " ")
			if first := strings.Fields(s.rules)[:6]; !strings.Contains(page, strings.Join(first, " ")) {
				t.Errorf("sections %v: page %d, heading %q, does not start the rules %q: %q", tt.sections, s.page, s.name, strings.Join(first, " "), page)
			}
		}
		checkPDF(t, pdf, len(b.pages), nil)
	}
}

// FuzzDrawVariant draws every puzzle that f-puzzles JSON describes, as SVG,
// PNG and a one-page book: a valid puzzle is always drawn, whatever the
// shapes of its cages, regions and thermometers, and every shape of its
// figure stays on the grid.
func FuzzDrawVariant(f *testing.F) {
	for k, v := range variantKinds {
		p := variantPuzzle(f, v, nine, uint64(k), k%2 == 0)
		b, err := formats.MarshalFPuzzles(p.Grid)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	m := markPuzzle()
	b, _ := formats.MarshalFPuzzles(m.Grid)
	f.Add(b)
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := formats.ParseFPuzzles(data)
		if err != nil || len(g.Clashes()) > 0 {
			return
		}
		p := Puzzle{Grid: g}
		fig, err := newFigure(g, figureOptions{labelSize: maxLabel})
		if err != nil {
			t.Fatal(err)
		}
		if fig != nil {
			m, _ := boldMetrics()
			n := float64(g.N())
			for _, s := range fig.shapes {
				lo, hi := s.bounds(m)
				if lo.x < 0 || lo.y < 0 || hi.x > n || hi.y > n {
					t.Fatalf("%s: a shape of kind %d spans (%v) to (%v), off the %vx%v grid", g.Rules.Name(), s.kind, lo, hi, n, n)
				}
			}
		}
		if err := WriteSVG(io.Discard, p, nil); err != nil {
			t.Fatalf("WriteSVG(%s) = %v", g.Rules.Name(), err)
		}
		if err := WritePNG(io.Discard, p, nil, 96); err != nil {
			t.Fatalf("WritePNG(%s) = %v", g.Rules.Name(), err)
		}
		if err := WriteBook(io.Discard, []Puzzle{p}, BookOptions{}); err != nil {
			t.Fatalf("WriteBook(%s) = %v", g.Rules.Name(), err)
		}
	})
}

// BenchmarkImages draws a classic puzzle and a killer as SVG and as a PNG
// of 1,000 pixels (most of a PNG's time is its compression).
func BenchmarkImages(b *testing.B) {
	for _, p := range []Puzzle{nineByNine(b, 1)[0], variantPuzzle(b, variantKinds[0], nine, 1, true)} {
		name := p.Grid.Rules.Name()
		b.Run("svg-"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := WriteSVG(io.Discard, p, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("png-"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := WritePNG(io.Discard, p, nil, 1000); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
