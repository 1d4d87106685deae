package output

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"slices"

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
// the same bytes. A variant puzzle is drawn with a mark for each of its
// rules (see the package documentation); for one with rules that have no
// mark (anti-king, anti-knight, disjoint groups) the grid is smaller, to
// leave room for a caption under it that names them.
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
	if g.Boxless() {
		// without boxes only the regions draw the grid
		if err := g.Shape.ValidateWith(g.Rules); err != nil {
			return nil, err
		}
	}
	n := g.N()
	alpha := grid.DefaultAlphabet(n)
	if a != nil {
		alpha = *a
	}
	img := image.NewGray(image.Rect(0, 0, size, size))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)

	s := float64(size)
	margin := math.Max(2, s/40)
	r := vector.NewRasterizer(size, size)
	fig, err := newFigure(g, figureOptions{labelSize: imageLabel})
	if err != nil {
		return nil, err
	}
	if fig != nil {
		return img, paintPNG(img, r, g, alpha, fig, margin)
	}
	cell := (s - 2*margin) / float64(n)
	thin := math.Max(1, cell*0.03)
	thick := math.Max(2, cell*0.08)
	rect := func(x0, y0, x1, y1 float64) { addRect(r, x0, y0, x1, y1) }
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

// snap returns the ends of a line of width wd centred on mid, snapped to
// whole pixels so that it stays sharp.
func snap(mid, wd float64) (float64, float64) {
	w := math.Max(1, math.Round(wd))
	lo := math.Round(mid - w/2)
	return lo, lo + w
}

// addRect adds the rectangle from (x0, y0) to (x1, y1) to r.
func addRect(r *vector.Rasterizer, x0, y0, x1, y1 float64) {
	r.MoveTo(float32(x0), float32(y0))
	r.LineTo(float32(x1), float32(y0))
	r.LineTo(float32(x1), float32(y1))
	r.LineTo(float32(x0), float32(y1))
	r.ClosePath()
}

// paintPNG draws variant grid g on img: its figure, its givens where the
// figure puts them, and under the grid a caption naming the rules the
// figure has no mark for, in a band that the grid leaves free.
func paintPNG(img *image.Gray, r *vector.Rasterizer, g grid.Grid, alpha grid.Alphabet, fig *figure, margin float64) error {
	n := g.N()
	s := float64(img.Bounds().Dx())
	notes := unmarked(g)
	band := 0.0
	if len(notes) > 0 {
		band = captionBand
	}
	// clues outside the grid take a margin of cells round it
	fm := float64(fig.margin)
	cell := (s - 2*margin) / (float64(n) + 2*fm + band)
	m, err := boldMetrics()
	if err != nil {
		return err
	}
	p := &pngPainter{
		img: img, r: r, m: m,
		x0: (s - cell*float64(n)) / 2, y0: margin + fm*cell, cell: cell,
		thin: math.Max(1, cell*0.03), thick: math.Max(2, cell*0.08),
		mask: image.NewAlpha(img.Bounds()),
	}
	for _, sh := range fig.shapes {
		if err := p.shape(sh); err != nil {
			return err
		}
	}

	p.box = img.Bounds()
	r.Reset(img.Bounds().Dx(), img.Bounds().Dy())
	for i, v := range g.Cells {
		if v == 0 {
			continue
		}
		sym := alpha.Symbol(int(v))
		o, err := symbolOutline(sym)
		if err != nil {
			return err
		}
		x, y, k := fig.digitAt(i, m.ink[sym&127], symbolScale)
		c := p.px(pt{x, y})
		trace(r, o, c.x, c.y, cell*symbolScale*k/glyphUnits)
	}
	if len(notes) > 0 {
		text := caption(notes)
		o, err := textOutline(text)
		if err != nil {
			return err
		}
		ink := m.textInk(text)
		size := captionSize * cell
		x := s/2 - (ink.minX+ink.maxX)/2*size
		y := p.y0 + (float64(n)+fm+band/2)*cell - (ink.minY+ink.maxY)/2*size
		trace(r, o, x, y, size/glyphUnits)
	}
	over(img, r, p.box, 0, p.mask)
	return nil
}

// pngPainter paints the shapes of a figure on a PNG: the grid's top left
// corner at (x0, y0), cells of cell pixels, and lines of thin and thick
// pixels.
type pngPainter struct {
	img         *image.Gray
	r           *vector.Rasterizer
	m           *fontMetrics
	x0, y0      float64
	cell        float64
	thin, thick float64
	// Each shape is drawn in its own pass, over the pixels of box (around
	// it) only, in whole pixels so that snapped lines stay snapped; mask
	// is as large as img, for room.
	box  image.Rectangle
	mask *image.Alpha
}

// px maps a point of the figure, in cells, to pixels of the pass's box.
func (p *pngPainter) px(q pt) pt {
	return pt{p.x0 + q.x*p.cell - float64(p.box.Min.X), p.y0 + q.y*p.cell - float64(p.box.Min.Y)}
}

// pass draws what add adds to the rasterizer in tone, over the pixels
// around shape sh, pad pixels wider than its bounds.
func (p *pngPainter) pass(sh shape, pad float64, tone float64, add func() error) error {
	lo, hi := sh.bounds(p.m)
	x0, y0, cell := p.x0, p.y0, p.cell
	p.box = image.Rect(int(math.Floor(x0+lo.x*cell-pad)), int(math.Floor(y0+lo.y*cell-pad)),
		int(math.Ceil(x0+hi.x*cell+pad)), int(math.Ceil(y0+hi.y*cell+pad))).Intersect(p.img.Bounds())
	if p.box.Empty() {
		return nil
	}
	p.r.Reset(p.box.Dx(), p.box.Dy())
	if err := add(); err != nil {
		return err
	}
	over(p.img, p.r, p.box, grey(tone).Y, p.mask)
	return nil
}

// shape paints sh: its fill, then its stroke.
func (p *pngPainter) shape(sh shape) error {
	if sh.fill != noTone && sh.kind != strokeShape {
		if err := p.pass(sh, 2, sh.fill, func() error { return p.fill(sh) }); err != nil {
			return err
		}
	}
	if sh.stroke == noTone {
		return nil
	}
	wd := math.Max(1, sh.width*p.cell)
	switch sh.pen {
	case penThin:
		wd = p.thin
	case penThick:
		wd = p.thick
	}
	return p.pass(sh, wd+p.thick+2, sh.stroke, func() error {
		p.stroke(sh, wd)
		return nil
	})
}

// fill adds the inside of sh to the rasterizer.
func (p *pngPainter) fill(sh shape) error {
	switch sh.kind {
	case fillShape:
		for _, q := range sh.paths {
			addPolygon(p.r, mapPts(q, p.px), false)
		}
	case circleShape:
		addCircle(p.r, p.px(sh.at), sh.r*p.cell, false)
	case textShape:
		o, err := textOutline(sh.text)
		if err != nil {
			return err
		}
		c := p.px(sh.at)
		trace(p.r, o, c.x, c.y, sh.size*p.cell/glyphUnits)
	}
	return nil
}

// stroke adds the outline of sh, wd pixels wide, to the rasterizer.
func (p *pngPainter) stroke(sh shape, wd float64) {
	switch {
	case sh.kind == circleShape:
		c := p.px(sh.at)
		addCircle(p.r, c, sh.r*p.cell+wd/2, false)
		addCircle(p.r, c, sh.r*p.cell-wd/2, true)
	case sh.pen != penCells:
		p.gridLines(sh, wd)
	default:
		for _, q := range sh.paths {
			strokePath(p.r, mapPts(q, p.px), sh.closed, wd, sh.dash*p.cell, sh.round)
		}
	}
}

// gridLines adds the lines of sh, wd pixels wide, snapped to whole pixels
// as a classic grid's are; each runs on by half a thick line, to meet the
// lines across.
func (p *pngPainter) gridLines(sh shape, wd float64) {
	for _, q := range sh.paths {
		if sh.closed {
			q = append(q, q[0])
		}
		for k := 1; k < len(q); k++ {
			a, b := p.px(q[k-1]), p.px(q[k])
			if a.x == b.x {
				lo, hi := snap(a.x, wd)
				y0, _ := snap(min(a.y, b.y), p.thick)
				_, y1 := snap(max(a.y, b.y), p.thick)
				addRect(p.r, lo, y0, hi, y1)
			} else {
				lo, hi := snap(a.y, wd)
				x0, _ := snap(min(a.x, b.x), p.thick)
				_, x1 := snap(max(a.x, b.x), p.thick)
				addRect(p.r, x0, lo, x1, hi)
			}
		}
	}
}

// over lays the coverage of r, which spans box, over img in grey tone,
// using mask (as large as img) for room.
func over(img *image.Gray, r *vector.Rasterizer, box image.Rectangle, tone uint8, mask *image.Alpha) {
	m := mask.SubImage(box).(*image.Alpha)
	r.DrawOp = draw.Src
	r.Draw(m, box, image.Opaque, image.Point{})
	t := int(tone)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		row := img.Pix[img.PixOffset(box.Min.X, y):]
		cov := m.Pix[m.PixOffset(box.Min.X, y):]
		for x := range box.Dx() {
			if a := int(cov[x]); a != 0 {
				row[x] = uint8((int(row[x])*(255-a) + t*a + 127) / 255)
			}
		}
	}
}

func grey(t float64) color.Gray { return color.Gray{Y: uint8(math.Round(t * 255))} }

func mapPts(p []pt, f func(pt) pt) []pt {
	out := make([]pt, len(p))
	for i, q := range p {
		out[i] = f(q)
	}
	return out
}

// addPolygon adds the closed polygon p to r; with clockwise, turned so
// that it runs clockwise on the image whichever way p runs, so that
// overlapping pieces of one stroke add up rather than cancel.
func addPolygon(r *vector.Rasterizer, p []pt, clockwise bool) {
	if len(p) < 3 {
		return
	}
	if clockwise {
		area := 0.0
		for k, a := range p {
			b := p[(k+1)%len(p)]
			area += a.x*b.y - b.x*a.y
		}
		if area < 0 {
			p = slices.Clone(p)
			slices.Reverse(p)
		}
	}
	r.MoveTo(float32(p[0].x), float32(p[0].y))
	for _, q := range p[1:] {
		r.LineTo(float32(q.x), float32(q.y))
	}
	r.ClosePath()
}

// addCircle adds a circle of radius rad around c to r, clockwise on the
// image or, with reverse, anticlockwise (a hole in a clockwise one), as
// four cubic curves.
func addCircle(r *vector.Rasterizer, c pt, rad float64, reverse bool) {
	if rad <= 0 {
		return
	}
	const k = 0.5523 // control point distance for a quarter circle
	f := func(x, y float64) (float32, float32) { return float32(c.x + x*rad), float32(c.y + y*rad) }
	sy := 1.0
	if reverse {
		sy = -1
	}
	// from the right, through the bottom (y grows downwards), left, top
	r.MoveTo(f(1, 0))
	quarters := [][6]float64{{1, k, k, 1, 0, 1}, {-k, 1, -1, k, -1, 0}, {-1, -k, -k, -1, 0, -1}, {k, -1, 1, -k, 1, 0}}
	for _, q := range quarters {
		x1, y1 := f(q[0], sy*q[1])
		x2, y2 := f(q[2], sy*q[3])
		x3, y3 := f(q[4], sy*q[5])
		r.CubeTo(x1, y1, x2, y2, x3, y3)
	}
	r.ClosePath()
}

// strokePath adds the outline of a line of width wd along the points of p
// (back to the first when closed) to r: dashed with dashes and gaps of
// dash pixels when dash is not 0; with round caps and joins when round,
// square joins otherwise.
func strokePath(r *vector.Rasterizer, p []pt, closed bool, wd, dash float64, round bool) {
	if closed {
		p = append(slices.Clone(p), p[0])
	}
	// the pieces of line that are drawn, each a run of points
	var pieces [][]pt
	if dash <= 0 {
		pieces = [][]pt{p}
	} else {
		on, left := true, dash
		cur := []pt{p[0]}
		for k := 1; k < len(p); k++ {
			a, b := p[k-1], p[k]
			l := math.Hypot(b.x-a.x, b.y-a.y)
			for pos := 0.0; l-pos > 1e-9; {
				step := min(left, l-pos)
				pos += step
				left -= step
				q := pt{a.x + (b.x-a.x)*pos/l, a.y + (b.y-a.y)*pos/l}
				if on {
					cur = append(cur, q)
				}
				if left <= 1e-9 {
					if on && len(cur) > 1 {
						pieces = append(pieces, cur)
					}
					on, left = !on, dash
					cur = []pt{q}
				}
			}
		}
		if on && len(cur) > 1 {
			pieces = append(pieces, cur)
		}
	}
	h := wd / 2
	for _, piece := range pieces {
		for k := 1; k < len(piece); k++ {
			a, b := piece[k-1], piece[k]
			l := math.Hypot(b.x-a.x, b.y-a.y)
			if l == 0 {
				continue
			}
			nx, ny := -(b.y-a.y)/l*h, (b.x-a.x)/l*h
			addPolygon(r, []pt{{a.x + nx, a.y + ny}, {b.x + nx, b.y + ny}, {b.x - nx, b.y - ny}, {a.x - nx, a.y - ny}}, true)
		}
		for k, q := range piece {
			switch {
			case round:
				addCircle(r, q, h, false)
			case k > 0 && k < len(piece)-1:
				addPolygon(r, []pt{{q.x - h, q.y - h}, {q.x + h, q.y - h}, {q.x + h, q.y + h}, {q.x - h, q.y + h}}, true)
			}
		}
	}
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
