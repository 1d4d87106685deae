package output

import (
	"bufio"
	"fmt"
	"io"
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
// units a cell plus a small margin, and scales freely.
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
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", size, size, size, size)
	if p.Number > 0 {
		fmt.Fprintf(bw, "<title>Puzzle %d</title>\n", p.Number)
	}
	if err := svgSymbols(bw, g, alpha); err != nil {
		return fmt.Errorf("write svg: %w", err)
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
	bw.WriteString("</g>\n<g fill=\"black\">\n")
	for i, v := range g.Cells {
		if v == 0 {
			continue
		}
		x := svgMargin + (i%n)*svgCell + svgCell/2
		y := svgMargin + (i/n)*svgCell + svgCell/2
		id := symbolID(alpha.Symbol(int(v)))
		fmt.Fprintf(bw, `<use href="#%s" xlink:href="#%s" x="%d" y="%d"/>`+"\n", id, id, x, y)
	}
	bw.WriteString("</g>\n</svg>\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write svg: %w", err)
	}
	return nil
}

// svgSymbols writes a defs element with one path per symbol that g uses,
// centred on the origin at the size of a cell's symbol.
func svgSymbols(w *bufio.Writer, g grid.Grid, alpha grid.Alphabet) error {
	var used [grid.MaxN + 1]bool
	for _, v := range g.Cells {
		used[v] = true
	}
	w.WriteString("<defs>\n")
	scale := svgCell * symbolScale / glyphUnits
	for d := 1; d <= g.N(); d++ {
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
