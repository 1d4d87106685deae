package output

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// SVG drawing sizes, in user units (pixels at 100 %).
const (
	svgCell   = 40
	svgMargin = 4
	svgThin   = 1
	svgThick  = 3
)

// WriteSVG draws puzzle p as a standalone SVG image: the grid with thin cell
// lines and thick box lines, and the givens in bold, centred in their
// cells. Symbols come from alphabet a, or the default alphabet when a is
// nil. They are drawn as paths taken from the Go bold font, so the image
// looks the same in every viewer whatever fonts it has. The image is 40
// units a cell plus a small margin, and scales freely. A variant puzzle is
// drawn with a mark for each of its rules (see the package
// documentation), its rules named in the image's description; one with
// rules that have no mark (anti-king, anti-knight, disjoint groups) is
// taller by a caption under the grid that names them.
func WriteSVG(w io.Writer, p Puzzle, a *grid.Alphabet) error {
	return WriteSVGOptions(w, p, SVGOptions{Alphabet: a})
}

// SVGOptions say what WriteSVGOptions draws besides the puzzle.
type SVGOptions struct {
	Alphabet *grid.Alphabet // nil: the default alphabet of the size
	// Solution fills the cells that the puzzle leaves empty with the
	// digits of p.Solution, in dark grey, the givens staying black.
	Solution bool
	// Marked are cells (row-major indices, r*N+c) to draw the eye to, such
	// as those where two solutions differ: each is shaded, by a rect of
	// class "mark" that a page's style may restyle, under the digits.
	Marked []int
}

// The fill of the digits of a solution and of marked cells in SVG images.
const (
	svgSolved = "#595959"
	svgMarked = `fill="#ffd43b" fill-opacity="0.65"`
)

// WriteSVGOptions draws puzzle p as WriteSVG does, with what o adds. With
// no additions it writes what WriteSVG writes.
func WriteSVGOptions(w io.Writer, p Puzzle, o SVGOptions) error {
	alpha, err := checkSVG(p, o)
	if err != nil {
		return fmt.Errorf("write svg: %w", err)
	}
	g := p.Grid
	digits := svgDigitSets(p, o)
	fig, err := newFigure(g, figureOptions{labelSize: imageLabel})
	if err != nil {
		return fmt.Errorf("write svg: %w", err)
	}
	if fig != nil {
		return writeVariantSVG(w, p, alpha, fig, digits, o.Marked)
	}
	if err := writeClassicSVG(w, p, alpha, digits, o.Marked); err != nil {
		return fmt.Errorf("write svg: %w", err)
	}
	return nil
}

// checkSVG reports what keeps p from being drawn with what o adds, and
// returns the alphabet of its symbols.
func checkSVG(p Puzzle, o SVGOptions) (grid.Alphabet, error) {
	a := o.Alphabet
	if err := checkPuzzle(p, a); err != nil {
		return grid.Alphabet{}, err
	}
	g := p.Grid
	n := g.N()
	if g.Boxless() {
		// without boxes only the regions draw the grid
		if err := g.Shape.ValidateWith(g.Rules); err != nil {
			return grid.Alphabet{}, err
		}
	}
	if o.Solution && p.Solution == nil {
		return grid.Alphabet{}, errors.New("no solution to draw")
	}
	for _, c := range o.Marked {
		if c < 0 || c >= n*n {
			return grid.Alphabet{}, fmt.Errorf("marked cell %d is outside the %dx%d grid", c, n, n)
		}
	}
	if a != nil {
		return *a, nil
	}
	return grid.DefaultAlphabet(n), nil
}

// svgDigitSets returns the digits drawn: the givens, then, when o asks,
// those of the solution.
func svgDigitSets(p Puzzle, o SVGOptions) []svgDigits {
	digits := []svgDigits{{grid: p.Grid, fill: "black"}}
	if o.Solution {
		solved := p.Solution.Clone()
		for i, v := range p.Grid.Cells {
			if v != 0 {
				solved.Cells[i] = 0
			}
		}
		digits = append(digits, svgDigits{grid: solved, fill: svgSolved})
	}
	return digits
}

// writeClassicSVG draws classic puzzle p: its marked cells shaded, its
// grid, and the digits.
func writeClassicSVG(w io.Writer, p Puzzle, alpha grid.Alphabet, digits []svgDigits, marked []int) error {
	g := p.Grid
	n := g.N()
	side := n * svgCell
	size := side + 2*svgMargin
	coord := func(i int) string { return strconv.Itoa(svgMargin + i*svgCell) }

	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", size, size, size, size)
	if p.Number > 0 {
		fmt.Fprintf(bw, "<title>Puzzle %d</title>\n", p.Number)
	}
	if err := svgSymbols(bw, digits, alpha); err != nil {
		return err
	}
	fmt.Fprintf(bw, `<rect width="%d" height="%d" fill="white"/>`+"\n", size, size)
	for _, c := range marked {
		fmt.Fprintf(bw, `<rect class="mark" x="%s" y="%s" width="%d" height="%d" %s/>`+"\n", coord(c%n), coord(c/n), svgCell, svgCell, svgMarked)
	}
	fmt.Fprintf(bw, `<g stroke="black" stroke-width="%d">`+"\n", svgThin)
	for i := 1; i < n; i++ {
		if i%g.BoxCols != 0 {
			fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", coord(i), coord(0), coord(i), coord(n))
		}
		if i%g.BoxRows != 0 {
			fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", coord(0), coord(i), coord(n), coord(i))
		}
	}
	fmt.Fprintf(bw, "</g>\n"+`<g stroke="black" stroke-width="%d" stroke-linecap="square">`+"\n", svgThick)
	for i := g.BoxCols; i < n; i += g.BoxCols {
		fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", coord(i), coord(0), coord(i), coord(n))
	}
	for i := g.BoxRows; i < n; i += g.BoxRows {
		fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", coord(0), coord(i), coord(n), coord(i))
	}
	fmt.Fprintf(bw, `<rect x="%d" y="%d" width="%d" height="%d" fill="none"/>`+"\n", svgMargin, svgMargin, side, side)
	bw.WriteString("</g>\n")
	for _, d := range digits {
		fmt.Fprintf(bw, "<g fill=\"%s\">\n", d.fill)
		for i, v := range d.grid.Cells {
			if v == 0 {
				continue
			}
			x := svgMargin + (i%n)*svgCell + svgCell/2
			y := svgMargin + (i/n)*svgCell + svgCell/2
			id := symbolID(alpha.Symbol(int(v)))
			fmt.Fprintf(bw, `<use href="#%s" xlink:href="#%s" x="%d" y="%d"/>`+"\n", id, id, x, y)
		}
		bw.WriteString("</g>\n")
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// svgDigits are digits to draw, those of grid, in one fill.
type svgDigits struct {
	grid grid.Grid
	fill string
}

// svgSymbols writes a defs element with one path per symbol that the
// digits use, centred on the origin at the size of a cell's symbol.
func svgSymbols(w *bufio.Writer, digits []svgDigits, alpha grid.Alphabet) error {
	var used [grid.MaxN + 1]bool
	for _, d := range digits {
		for _, v := range d.grid.Cells {
			used[v] = true
		}
	}
	w.WriteString("<defs>\n")
	scale := svgCell * symbolScale / glyphUnits
	for d := 1; d <= digits[0].grid.N(); d++ {
		if !used[d] {
			continue
		}
		sym := alpha.Symbol(d)
		o, err := symbolOutline(sym)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, `<path id="%s" d="%s"/>`+"\n", symbolID(sym), pathData(o, scale))
	}
	w.WriteString("</defs>\n")
	return nil
}

// symbolID names the path of symbol c by its code, so that any symbol
// makes a valid id.
func symbolID(c byte) string { return "s" + strconv.Itoa(int(c)) }

// pathData returns o scaled by scale as SVG path data, to 0.01 unit.
func pathData(o outline, scale float64) string {
	var sb strings.Builder
	for i, s := range o {
		if s.op == 'M' && i > 0 {
			sb.WriteString("Z")
		}
		sb.WriteByte(s.op)
		for k, p := range s.pts {
			if k > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(strconv.FormatFloat(p.x*scale, 'f', 2, 64))
			sb.WriteByte(' ')
			sb.WriteString(strconv.FormatFloat(p.y*scale, 'f', 2, 64))
		}
	}
	if len(o) > 0 {
		sb.WriteString("Z")
	}
	return sb.String()
}

// imageLabel is the size of cage sums in SVG and PNG images, in cells.
const imageLabel = 0.3

// captionBand is the height, in cells, of the band under the grid of an
// image that names the rules it has no mark for; captionSize the size of
// its text.
const (
	captionBand = 0.9
	captionSize = 0.45
)

// writeVariantSVG draws a variant puzzle: its figure, then its givens
// where the figure puts them, and under the grid a caption naming the
// rules the figure has no mark for.
func writeVariantSVG(w io.Writer, p Puzzle, alpha grid.Alphabet, fig *figure, digits []svgDigits, marked []int) error {
	g := p.Grid
	n := g.N()
	notes := unmarked(g)
	band := 0.0
	if len(notes) > 0 {
		band = captionBand
	}
	// clues outside the grid take a margin of cells round it
	fm := float64(fig.margin)
	width := (float64(n)+2*fm)*svgCell + 2*svgMargin
	height := width + band*svgCell
	at := func(v float64) string { return svgNum(svgMargin + (v+fm)*svgCell) }
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="%s" height="%s" viewBox="0 0 %s %s">`+"\n", svgNum(width), svgNum(height), svgNum(width), svgNum(height))
	if p.Number > 0 {
		fmt.Fprintf(bw, "<title>Puzzle %d</title>\n", p.Number)
	}
	fmt.Fprintf(bw, "<desc>%s</desc>\n", g.Rules.Name())
	if err := svgSymbols(bw, digits, alpha); err != nil {
		return fmt.Errorf("write svg: %w", err)
	}
	fmt.Fprintf(bw, `<rect width="%s" height="%s" fill="white"/>`+"\n", svgNum(width), svgNum(height))
	if err := paintSVG(bw, fig, at); err != nil {
		return fmt.Errorf("write svg: %w", err)
	}
	for _, c := range marked {
		fmt.Fprintf(bw, `<rect class="mark" x="%s" y="%s" width="%d" height="%d" %s/>`+"\n", at(float64(c%n)), at(float64(c/n)), svgCell, svgCell, svgMarked)
	}
	m, err := boldMetrics()
	if err != nil {
		return fmt.Errorf("write svg: %w", err)
	}
	for _, d := range digits {
		fmt.Fprintf(bw, "<g fill=\"%s\">\n", d.fill)
		for i, v := range d.grid.Cells {
			if v == 0 {
				continue
			}
			sym := alpha.Symbol(int(v))
			x, y, k := fig.digitAt(i, m.ink[sym&127], symbolScale)
			id := symbolID(sym)
			if k == 1 {
				fmt.Fprintf(bw, `<use href="#%s" xlink:href="#%s" x="%s" y="%s"/>`+"\n", id, id, at(x), at(y))
			} else {
				fmt.Fprintf(bw, `<use href="#%s" xlink:href="#%s" transform="translate(%s %s) scale(%s)"/>`+"\n", id, id, at(x), at(y), svgNum(k))
			}
		}
		bw.WriteString("</g>\n")
	}
	if len(notes) > 0 {
		text := caption(notes)
		ink := m.textInk(text)
		size := captionSize * svgCell
		o, err := textOutline(text)
		if err != nil {
			return fmt.Errorf("write svg: %w", err)
		}
		x := width/2 - (ink.minX+ink.maxX)/2*size
		y := width + band*svgCell/2 - (ink.minY+ink.maxY)/2*size - svgMargin
		fmt.Fprintf(bw, `<path transform="translate(%s %s)" d="%s"/>`+"\n", svgNum(x), svgNum(y), pathData(o, size/glyphUnits))
	}
	bw.WriteString("</svg>\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write svg: %w", err)
	}
	return nil
}

// paintSVG writes the shapes of fig, at giving the image coordinate of a
// distance in cells from the grid's corner.
func paintSVG(w *bufio.Writer, fig *figure, at func(float64) string) error {
	tone := func(t float64) string {
		if t == noTone {
			return "none"
		}
		v := int(math.Round(t * 255))
		return fmt.Sprintf("#%02x%02x%02x", v, v, v)
	}
	points := func(paths [][]pt, closed bool) string {
		var b strings.Builder
		for _, p := range paths {
			for k, q := range p {
				if k == 0 {
					b.WriteByte('M')
				} else {
					b.WriteByte('L')
				}
				b.WriteString(at(q.x) + " " + at(q.y))
			}
			if closed {
				b.WriteByte('Z')
			}
		}
		return b.String()
	}
	for _, s := range fig.shapes {
		width := ""
		if s.stroke != noTone {
			wd := s.width * svgCell
			switch s.pen {
			case penThin:
				wd = svgThin
			case penThick:
				wd = svgThick
			}
			width = fmt.Sprintf(` stroke="%s" stroke-width="%s"`, tone(s.stroke), svgNum(wd))
		}
		switch s.kind {
		case fillShape:
			fmt.Fprintf(w, `<path d="%s" fill="%s"/>`+"\n", points(s.paths, true), tone(s.fill))
		case strokeShape:
			style := ""
			switch {
			case s.round:
				style = ` stroke-linecap="round" stroke-linejoin="round"`
			case s.pen == penThick:
				style = ` stroke-linecap="square"`
			}
			if s.dash > 0 {
				d := svgNum(s.dash * svgCell)
				style += ` stroke-dasharray="` + d + " " + d + `"`
			}
			fmt.Fprintf(w, `<path d="%s" fill="none"%s%s/>`+"\n", points(s.paths, s.closed), width, style)
		case circleShape:
			fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="%s"%s/>`+"\n", at(s.at.x), at(s.at.y), svgNum(s.r*svgCell), tone(s.fill), width)
		case textShape:
			o, err := textOutline(s.text)
			if err != nil {
				return err
			}
			fmt.Fprintf(w, `<path transform="translate(%s %s)" d="%s" fill="%s"/>`+"\n", at(s.at.x), at(s.at.y), pathData(o, s.size*svgCell/glyphUnits), tone(s.fill))
		}
	}
	return nil
}

// svgNum writes v to 0.01.
func svgNum(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }

// caption joins the names of rules for a caption under a grid, the first
// capitalised: "Anti-king, anti-knight".
func caption(notes []string) string {
	s := strings.Join(notes, ", ")
	if s != "" {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	return s
}
