package output

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

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
// nil. The image is 40 units a cell plus a small margin, and scales freely.
func WriteSVG(w io.Writer, p Puzzle, a *grid.Alphabet) error {
	if err := checkPuzzle(p, a); err != nil {
		return fmt.Errorf("write svg: %w", err)
	}
	g := p.Grid
	n := g.N()
	alpha := grid.DefaultAlphabet(n)
	if a != nil {
		alpha = *a
	}
	side := n * svgCell
	size := side + 2*svgMargin
	coord := func(i int) string { return strconv.Itoa(svgMargin + i*svgCell) }

	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", size, size, size, size)
	if p.Number > 0 {
		fmt.Fprintf(bw, "<title>Puzzle %d</title>\n", p.Number)
	}
	fmt.Fprintf(bw, `<rect width="%d" height="%d" fill="white"/>`+"\n", size, size)
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
	fontSize := strconv.FormatFloat(svgCell*symbolScale, 'f', -1, 64)
	fmt.Fprintf(bw, "</g>\n"+`<g font-family="Go, sans-serif" font-weight="bold" font-size="%s" text-anchor="middle" dominant-baseline="central">`+"\n", fontSize)
	for i, v := range g.Cells {
		if v == 0 {
			continue
		}
		x := svgMargin + (i%n)*svgCell + svgCell/2
		y := svgMargin + (i/n)*svgCell + svgCell/2
		fmt.Fprintf(bw, `<text x="%d" y="%d">%s</text>`+"\n", x, y, xmlSymbol(alpha.Symbol(int(v))))
	}
	bw.WriteString("</g>\n</svg>\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write svg: %w", err)
	}
	return nil
}

// xmlSymbol returns symbol c escaped for XML character data.
func xmlSymbol(c byte) string {
	switch c {
	case '<':
		return "&lt;"
	case '>':
		return "&gt;"
	case '&':
		return "&amp;"
	}
	return string(rune(c))
}
