package output

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"

	"golang.org/x/image/vector"

	"github.com/sudokugen/sudokugen/grid"
)

// WriteSVGMarks draws puzzle p as WriteSVG does, with pencil marks in its
// empty cells: marks holds one mask per cell (row-major, bit d-1 for
// digit d), and each digit of an empty cell's mask is drawn small, in grey,
// at its own place in a little grid within the cell (digit 1 top left, as
// setters' tools place them), so that a digit keeps its place from cell to
// cell. The marks are text in a sans-serif font, in a group of class
// "pencil" that a page's style may restyle; an empty cell with no mark
// left is shaded red.
func WriteSVGMarks(w io.Writer, p Puzzle, a *grid.Alphabet, marks []uint64) error {
	g := p.Grid
	n := g.N()
	if len(marks) != len(g.Cells) {
		return fmt.Errorf("write svg: %d pencil marks for %d cells", len(marks), len(g.Cells))
	}
	var b bytes.Buffer
	if err := WriteSVGOptions(&b, p, SVGOptions{Alphabet: a}); err != nil {
		return err
	}
	alpha := grid.DefaultAlphabet(n)
	if a != nil {
		alpha = *a
	}
	cols, rows := g.BoxCols, g.BoxRows
	if g.Boxless() {
		cols = int(math.Ceil(math.Sqrt(float64(n))))
		rows = (n + cols - 1) / cols
	}
	step := float64(svgCell) / float64(max(cols, rows))
	size := step * 0.8
	var m bytes.Buffer
	fmt.Fprintf(&m, `<g class="pencil" fill="#555" font-family="DejaVu Sans, Arial, sans-serif" font-size="%s" text-anchor="middle" dominant-baseline="central">`+"\n", svgNum(size))
	for i, mask := range marks {
		if g.Cells[i] != 0 {
			continue
		}
		x0, y0 := float64(svgMargin+(i%n)*svgCell), float64(svgMargin+(i/n)*svgCell)
		if mask == 0 {
			fmt.Fprintf(&m, `<rect x="%s" y="%s" width="%d" height="%d" fill="#ff6b6b" fill-opacity="0.5"/>`+"\n", svgNum(x0), svgNum(y0), svgCell, svgCell)
			continue
		}
		for d := 1; d <= n; d++ {
			if mask&(1<<(d-1)) == 0 {
				continue
			}
			cx := x0 + (float64((d-1)%cols)+0.5)*float64(svgCell)/float64(cols)
			cy := y0 + (float64((d-1)/cols)+0.5)*float64(svgCell)/float64(rows)
			fmt.Fprintf(&m, `<text x="%s" y="%s">%s</text>`+"\n", svgNum(cx), svgNum(cy), xmlText(alpha.Symbol(d)))
		}
	}
	m.WriteString("</g>\n")
	out := b.Bytes()
	end := bytes.LastIndex(out, []byte("</svg>"))
	if end < 0 {
		return fmt.Errorf("write svg: no end of image")
	}
	if _, err := w.Write(out[:end]); err != nil {
		return err
	}
	if _, err := w.Write(m.Bytes()); err != nil {
		return err
	}
	_, err := w.Write(out[end:])
	return err
}

// xmlText escapes a symbol for SVG text.
func xmlText(c byte) string {
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

// WritePNGMarks draws puzzle p as WritePNG does, size pixels square, with
// pencil marks in its empty cells as WriteSVGMarks places them: marks holds
// one mask per cell (row-major, bit d-1 for digit d), each digit drawn
// small and grey at its own place in a little grid within the cell.
func WritePNGMarks(w io.Writer, p Puzzle, a *grid.Alphabet, size int, marks []uint64) error {
	g := p.Grid
	n := g.N()
	if err := checkPuzzle(p, a); err != nil {
		return fmt.Errorf("write png: %w", err)
	}
	if len(marks) != len(g.Cells) {
		return fmt.Errorf("write png: %d pencil marks for %d cells", len(marks), len(g.Cells))
	}
	if size < MinPNGSize || size > MaxPNGSize {
		return fmt.Errorf("write png: size %d pixels: want %d to %d", size, MinPNGSize, MaxPNGSize)
	}
	img, err := drawPNG(g, a, size)
	if err != nil {
		return fmt.Errorf("write png: %w", err)
	}
	alpha := grid.DefaultAlphabet(n)
	if a != nil {
		alpha = *a
	}
	// the grid's place, as drawPNG and paintPNG lay it out
	s := float64(size)
	margin := math.Max(2, s/40)
	band := 0.0
	if g.HasRules() && len(unmarked(g)) > 0 {
		band = captionBand
	}
	cell := (s - 2*margin) / (float64(n) + band)
	x0, y0 := (s-cell*float64(n))/2, margin
	cols, rows := g.BoxCols, g.BoxRows
	if g.Boxless() {
		cols = int(math.Ceil(math.Sqrt(float64(n))))
		rows = (n + cols - 1) / cols
	}
	sub := cell / float64(max(cols, rows))
	scale := sub * 0.8 * symbolScale / glyphUnits
	r := vector.NewRasterizer(size, size)
	for i, mask := range marks {
		if g.Cells[i] != 0 {
			continue
		}
		for d := 1; d <= n; d++ {
			if mask&(1<<(d-1)) == 0 {
				continue
			}
			o, err := symbolOutline(alpha.Symbol(d))
			if err != nil {
				return fmt.Errorf("write png: %w", err)
			}
			cx := x0 + float64(i%n)*cell + (float64((d-1)%cols)+0.5)*cell/float64(cols)
			cy := y0 + float64(i/n)*cell + (float64((d-1)/cols)+0.5)*cell/float64(rows)
			trace(r, o, cx, cy, scale)
		}
	}
	r.Draw(img, img.Bounds(), image.NewUniform(color.Gray{Y: 0x50}), image.Point{})
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(w, img); err != nil {
		return fmt.Errorf("write png: %w", err)
	}
	return nil
}
