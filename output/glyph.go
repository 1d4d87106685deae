package output

import (
	"fmt"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// glyphUnits is the size, in units per em, at which symbol outlines are
// kept; they are scaled to any size from there.
const glyphUnits = 1000

// pt is a point of an outline, y growing downwards.
type pt struct{ x, y float64 }

// segment is one piece of an outline: a move, line, quadratic or cubic
// curve (op is 'M', 'L', 'Q' or 'C') to the last of its points.
type segment struct {
	op  byte
	pts []pt
}

// outline is the drawing of a symbol of the bold Go font at glyphUnits per
// em, with the centre of its ink at the origin, so that it needs only
// scaling and moving to sit centred in a cell.
type outline []segment

// symbolOutlines holds the outline of every printable ASCII symbol.
var symbolOutlines = sync.OnceValues(func() (*[128]outline, error) {
	f, err := sfnt.Parse(gobold.TTF)
	if err != nil {
		return nil, err
	}
	var buf sfnt.Buffer
	var out [128]outline
	for c := 33; c < 127; c++ {
		gi, err := f.GlyphIndex(&buf, rune(c))
		if err != nil {
			return nil, fmt.Errorf("symbol %q: %w", rune(c), err)
		}
		segs, err := f.LoadGlyph(&buf, gi, fixed.I(glyphUnits), nil)
		if err != nil {
			return nil, fmt.Errorf("symbol %q: %w", rune(c), err)
		}
		out[c] = centred(segs)
	}
	return &out, nil
})

// fontMetrics are the advance widths and ink boxes of the printable ASCII
// symbols of a font at size 1.
type fontMetrics struct {
	advance [128]float64
	ink     [128]inkBox
}

// boldMetrics measures the bold Go font, in which figures write their
// cage sums and letters.
var boldMetrics = sync.OnceValues(func() (*fontMetrics, error) {
	f, err := sfnt.Parse(gobold.TTF)
	if err != nil {
		return nil, err
	}
	upem := fixed.Int26_6(f.UnitsPerEm())
	u := float64(upem)
	var buf sfnt.Buffer
	var m fontMetrics
	for c := 33; c < 127; c++ {
		gi, err := f.GlyphIndex(&buf, rune(c))
		if err != nil {
			return nil, fmt.Errorf("symbol %q: %w", rune(c), err)
		}
		// at ppem = units per em, sizes come in font units
		adv, err := f.GlyphAdvance(&buf, gi, upem, font.HintingNone)
		if err != nil {
			return nil, fmt.Errorf("symbol %q: %w", rune(c), err)
		}
		b, _, err := f.GlyphBounds(&buf, gi, upem, font.HintingNone)
		if err != nil {
			return nil, fmt.Errorf("symbol %q: %w", rune(c), err)
		}
		m.advance[c] = float64(adv) / u
		m.ink[c] = inkBox{float64(b.Min.X) / u, float64(b.Min.Y) / u, float64(b.Max.X) / u, float64(b.Max.Y) / u}
	}
	// a space has no ink, only its room
	gi, err := f.GlyphIndex(&buf, ' ')
	if err != nil {
		return nil, fmt.Errorf("space: %w", err)
	}
	adv, err := f.GlyphAdvance(&buf, gi, upem, font.HintingNone)
	if err != nil {
		return nil, fmt.Errorf("space: %w", err)
	}
	m.advance[' '] = float64(adv) / u
	return &m, nil
})

// textOutline returns the outline of s in the bold font at glyphUnits per
// em, its baseline origin at (0, 0). A space takes its room; symbols
// outside printable ASCII are left out, taking none.
func textOutline(s string) (outline, error) {
	m, err := boldMetrics()
	if err != nil {
		return nil, err
	}
	var out outline
	x := 0.0
	for k := 0; k < len(s); k++ {
		c := s[k]
		if c == ' ' {
			x += m.advance[c] * glyphUnits
			continue
		}
		if c < ' ' || c >= 127 {
			continue
		}
		o, err := symbolOutline(c)
		if err != nil {
			return nil, err
		}
		// the outline is centred on its ink: put it back where the
		// font has it, then after the symbols before it
		g := m.ink[c]
		dx := x + (g.minX+g.maxX)/2*glyphUnits
		dy := (g.minY + g.maxY) / 2 * glyphUnits
		for _, seg := range o {
			moved := segment{op: seg.op, pts: make([]pt, len(seg.pts))}
			for i, p := range seg.pts {
				moved.pts[i] = pt{p.x + dx, p.y + dy}
			}
			out = append(out, moved)
		}
		x += m.advance[c] * glyphUnits
	}
	return out, nil
}

// centred converts segs to an outline and moves it so that the centre of
// its points' bounding box is at the origin. For the Go font's symbols the
// control points stay within the ink, so that box is the ink's.
func centred(segs sfnt.Segments) outline {
	o := make(outline, 0, len(segs))
	minX, minY, maxX, maxY := 1e9, 1e9, -1e9, -1e9
	for _, s := range segs {
		op, n := segmentOp(s.Op)
		seg := segment{op: op}
		for _, a := range s.Args[:n] {
			p := pt{float64(a.X) / 64, float64(a.Y) / 64}
			minX, maxX = min(minX, p.x), max(maxX, p.x)
			minY, maxY = min(minY, p.y), max(maxY, p.y)
			seg.pts = append(seg.pts, p)
		}
		o = append(o, seg)
	}
	cx, cy := (minX+maxX)/2, (minY+maxY)/2
	for _, s := range o {
		for i := range s.pts {
			s.pts[i].x -= cx
			s.pts[i].y -= cy
		}
	}
	return o
}

// symbolOutline returns the outline of symbol c, or nil for a symbol
// outside printable ASCII.
func symbolOutline(c byte) (outline, error) {
	all, err := symbolOutlines()
	if err != nil {
		return nil, err
	}
	if c >= 128 {
		return nil, nil
	}
	return all[c], nil
}

// segmentOp returns the letter of op and its number of points.
func segmentOp(op sfnt.SegmentOp) (byte, int) {
	switch op {
	case sfnt.SegmentOpMoveTo:
		return 'M', 1
	case sfnt.SegmentOpLineTo:
		return 'L', 1
	case sfnt.SegmentOpQuadTo:
		return 'Q', 2
	}
	return 'C', 3
}
