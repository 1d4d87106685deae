package output

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"

	"golang.org/x/image/vector"

	"github.com/sudokugen/sudokugen/grid"
)

// The sides, in pixels, that WritePNG accepts.
const (
	MinPNGSize = 64
	MaxPNGSize = 4096
)

// WritePNG draws puzzle p as a square PNG image of size by size pixels,
// for web pages and social posts: the grid on white with thin cell lines
// and thick box lines, and the givens in bold, centred in their cells,
// drawn from the outlines of the Go bold font. Symbols come from alphabet
// a, or the default alphabet when a is nil. The same puzzle and size give
// the same bytes.
func WritePNG(w io.Writer, p Puzzle, a *grid.Alphabet, size int) error {
	if err := checkPuzzle(p, a); err != nil {
		return fmt.Errorf("write png: %w", err)
	}
	if size < MinPNGSize || size > MaxPNGSize {
		return fmt.Errorf("write png: size %d pixels: want %d to %d", size, MinPNGSize, MaxPNGSize)
	}
	img, err := drawPNG(p.Grid, a, size)
	if err != nil {
		return fmt.Errorf("write png: %w", err)
	}
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(w, img); err != nil {
		return fmt.Errorf("write png: %w", err)
	}
	return nil
}

// drawPNG draws g on a grey image of side size.
func drawPNG(g grid.Grid, a *grid.Alphabet, size int) (*image.Gray, error) {
	n := g.N()
	alpha := grid.DefaultAlphabet(n)
	if a != nil {
		alpha = *a
	}
	img := image.NewGray(image.Rect(0, 0, size, size))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)

	s := float64(size)
	margin := math.Max(2, s/40)
	cell := (s - 2*margin) / float64(n)
	thin := math.Max(1, cell*0.03)
	thick := math.Max(2, cell*0.08)
	r := vector.NewRasterizer(size, size)
	// lines are snapped to whole pixels, so that they stay sharp
	snap := func(mid, wd float64) (float64, float64) {
		w := math.Max(1, math.Round(wd))
		lo := math.Round(mid - w/2)
		return lo, lo + w
	}
	rect := func(x0, y0, x1, y1 float64) {
		r.MoveTo(float32(x0), float32(y0))
		r.LineTo(float32(x1), float32(y0))
		r.LineTo(float32(x1), float32(y1))
		r.LineTo(float32(x0), float32(y1))
		r.ClosePath()
	}
	for i := 0; i <= n; i++ {
		wd := thin
		if i%g.BoxCols == 0 {
			wd = thick
		}
		x0, x1 := snap(margin+float64(i)*cell, wd)
		y0, _ := snap(margin, thick)
		_, y1 := snap(s-margin, thick)
		rect(x0, y0, x1, y1)
		wd = thin
		if i%g.BoxRows == 0 {
			wd = thick
		}
		y0, y1 = snap(margin+float64(i)*cell, wd)
		x0, _ = snap(margin, thick)
		_, x1 = snap(s-margin, thick)
		rect(x0, y0, x1, y1)
	}
	scale := cell * symbolScale / glyphUnits
	for i, v := range g.Cells {
		if v == 0 {
			continue
		}
		o, err := symbolOutline(alpha.Symbol(int(v)))
		if err != nil {
			return nil, err
		}
		cx := margin + (float64(i%n)+0.5)*cell
		cy := margin + (float64(i/n)+0.5)*cell
		trace(r, o, cx, cy, scale)
	}
	r.Draw(img, img.Bounds(), image.NewUniform(color.Black), image.Point{})
	return img, nil
}

// trace adds outline o to r, scaled by scale and centred on (cx, cy).
func trace(r *vector.Rasterizer, o outline, cx, cy, scale float64) {
	at := func(p pt) (float32, float32) { return float32(cx + p.x*scale), float32(cy + p.y*scale) }
	for i, s := range o {
		switch s.op {
		case 'M':
			if i > 0 {
				r.ClosePath()
			}
			r.MoveTo(at(s.pts[0]))
		case 'L':
			r.LineTo(at(s.pts[0]))
		case 'Q':
			x1, y1 := at(s.pts[0])
			x2, y2 := at(s.pts[1])
			r.QuadTo(x1, y1, x2, y2)
		case 'C':
			x1, y1 := at(s.pts[0])
			x2, y2 := at(s.pts[1])
			x3, y3 := at(s.pts[2])
			r.CubeTo(x1, y1, x2, y2, x3, y3)
		}
	}
	if len(o) > 0 {
		r.ClosePath()
	}
}
