package output

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/sudokugen/sudokugen/grid"
)

type book struct {
	puzzles       []Puzzle
	opts          BookOptions
	variants      bool // some puzzle has rules beyond the classic ones
	headings      bool // each section opens with a heading page: Sections or variants
	size          PageSize
	margins       margins
	created       time.Time
	pages         []page
	sections      []section
	solutionsPage int        // page number of the first solution page; 0: none
	pathsPage     int        // page number of the first page of solving paths; 0: none
	meter         *fpdf.Fpdf // measures the text of the solving paths
	pathOrder     []int      // the puzzles of the solving paths, in book order
}

func newBook(puzzles []Puzzle, opts BookOptions) (*book, error) {
	if len(puzzles) == 0 {
		return nil, ErrNoPuzzles
	}
	size, err := ParsePageSize(opts.Page)
	if err != nil {
		return nil, err
	}
	if err := checkPerPage(opts.PerPage, opts.LargePrint); err != nil {
		return nil, err
	}
	created, err := createdDate(opts)
	if err != nil {
		return nil, err
	}
	b := &book{
		puzzles: make([]Puzzle, len(puzzles)),
		opts:    opts,
		size:    size,
		created: created,
	}
	for i, p := range puzzles {
		if err := checkPuzzle(p, opts.Alphabet); err != nil {
			return nil, &PuzzleError{Index: i, Number: p.Number, Err: err}
		}
		if p.Number == 0 {
			p.Number = i + 1
		}
		if p.Level, err = drawable(p.Level); err != nil {
			return nil, err
		}
		if p.Path, err = drawablePath(p.Path); err != nil {
			return nil, err
		}
		b.puzzles[i] = p
	}
	if b.opts.Title, err = drawable(opts.Title); err != nil {
		return nil, err
	}
	if b.opts.Front, err = drawableText(opts.Front); err != nil {
		return nil, err
	}
	b.variants = slices.ContainsFunc(b.puzzles, func(p Puzzle) bool { return p.Grid.HasRules() })
	b.headings = opts.Sections || b.variants
	b.plan()
	return b, nil
}

// Font families registered with the PDF.
const (
	fontFamily = "go-subset"
	regular    = ""
	bold       = "B"
)

// subsetNames are the PDF names fpdf gives the two fonts ("utf8" and the
// family and style) and the names they take here. fpdf embeds only the
// glyphs a book uses but names the result as if it were the whole font;
// ISO 32000-1 (9.6.4) wants a subset's name to begin with a tag of six
// capitals and a plus sign, and preflight tools (pdffonts' "sub" column
// among them) read that tag. Each new name has the length of the old, so
// no object moves and the cross-reference table stays right.
var subsetNames = []struct{ fpdf, tagged string }{
	{"/utf8" + fontFamily + bold, "/SGKAAB+GoFontB"},
	{"/utf8" + fontFamily, "/SGKAAA+GoFont"},
}

// tagSubsets renames, in place, the fonts of a PDF written by fpdf to
// their subset names, where a font dictionary or descriptor names them.
func tagSubsets(pdf []byte) {
	for _, n := range subsetNames {
		for _, key := range []string{"/BaseFont ", "/FontName "} {
			old, tagged := []byte(key+n.fpdf+"\n"), []byte(key+n.tagged+"\n")
			for rest := pdf; ; {
				i := bytes.Index(rest, old)
				if i < 0 {
					break
				}
				copy(rest[i:], tagged)
				rest = rest[i+len(tagged):]
			}
		}
	}
}

// renderer draws one book with fpdf.
type renderer struct {
	*book
	pdf *fpdf.Fpdf
	ink map[string]*[256]inkBox // ink box of each ASCII symbol per style
}

// inkBox is the bounding box of a glyph's ink at font size 1, relative to
// its origin on the baseline, y growing downwards.
type inkBox struct{ minX, minY, maxX, maxY float64 }

// fontRunes is the set of runes of the Basic Multilingual Plane that both
// book fonts can draw, one bit per rune.
var fontRunes = sync.OnceValues(func() (*[1 << 16 / 64]uint64, error) {
	var set [1 << 16 / 64]uint64
	for i := range set {
		set[i] = ^uint64(0)
	}
	for _, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
		f, err := sfnt.Parse(ttf)
		if err != nil {
			return nil, err
		}
		var buf sfnt.Buffer
		for r := rune(0); r < 1<<16; r++ {
			if gi, err := f.GlyphIndex(&buf, r); err != nil || gi == 0 {
				set[r/64] &^= 1 << (r % 64)
			}
		}
	}
	return &set, nil
})

// drawable returns s with every rune the book fonts cannot draw (control
// characters, invalid UTF-8, symbols outside the fonts) replaced by '?'.
// The PDF writer needs this: it fails on runes its font lacks.
func drawable(s string) (string, error) {
	set, err := fontRunes()
	if err != nil {
		return "", err
	}
	ok := func(r rune) bool {
		return r >= ' ' && r < 1<<16 && r != utf8.RuneError && set[r/64]&(1<<(r%64)) != 0
	}
	clean := true
	for _, r := range s {
		clean = clean && ok(r)
	}
	if clean {
		return s, nil
	}
	var b strings.Builder
	for _, r := range s {
		if !ok(r) {
			r = '?'
		}
		b.WriteRune(r)
	}
	return b.String(), nil
}

// symbolInk measures the ink of the printable ASCII symbols in the regular
// and bold Go fonts, once, so that symbols are centred in their cells by
// what is seen rather than by advance width and cap height.
var symbolInk = sync.OnceValues(func() (map[string]*[256]inkBox, error) {
	out := map[string]*[256]inkBox{}
	for style, ttf := range map[string][]byte{regular: goregular.TTF, bold: gobold.TTF} {
		f, err := sfnt.Parse(ttf)
		if err != nil {
			return nil, fmt.Errorf("font %q: %w", style, err)
		}
		upem := fixed.Int26_6(f.UnitsPerEm())
		var buf sfnt.Buffer
		var boxes [256]inkBox
		for c := 33; c < 127; c++ {
			gi, err := f.GlyphIndex(&buf, rune(c))
			if err != nil {
				return nil, fmt.Errorf("font %q, symbol %q: %w", style, rune(c), err)
			}
			// At ppem = units per em the bounds come in font units.
			b, _, err := f.GlyphBounds(&buf, gi, upem, font.HintingNone)
			if err != nil {
				return nil, fmt.Errorf("font %q, symbol %q: %w", style, rune(c), err)
			}
			u := float64(upem)
			boxes[c] = inkBox{float64(b.Min.X) / u, float64(b.Min.Y) / u, float64(b.Max.X) / u, float64(b.Max.Y) / u}
		}
		out[style] = &boxes
	}
	return out, nil
})

// drawGrid draws g with its top left corner at (x, y): givens in bold and,
// when sol is not nil, the other digits of sol in regular weight.
func (r *renderer) drawGrid(x, y, side, scale float64, g grid.Grid, sol *grid.Grid) {
	pdf := r.pdf
	n := g.N()
	cell := side / float64(n)
	thin := clamp(cell*0.03, 0.3, 0.75)
	thick := clamp(cell*0.09, 0.9, 2.2)

	fig, err := newFigure(g, figureOptions{labelSize: minLabel / cell})
	if err == nil && fig != nil && fig.margin > 0 {
		// clues outside the grid: the grid shrinks to leave them room in
		// the same square
		m := float64(fig.margin)
		cell = side / (float64(n) + 2*m)
		x, y = x+m*cell, y+m*cell
		thin = clamp(cell*0.03, 0.3, 0.75)
		thick = clamp(cell*0.09, 0.9, 2.2)
		fig, err = newFigure(g, figureOptions{labelSize: minLabel / cell})
	}
	if err != nil {
		pdf.SetError(err)
		return
	}
	if fig != nil {
		r.paint(fig, x, y, cell, thin, thick)
		r.digits(x, y, cell, scale, g, sol, fig)
		return
	}

	pdf.SetLineWidth(thin)
	for i := 1; i < n; i++ {
		if i%g.BoxCols != 0 {
			pdf.Line(x+float64(i)*cell, y, x+float64(i)*cell, y+side)
		}
		if i%g.BoxRows != 0 {
			pdf.Line(x, y+float64(i)*cell, x+side, y+float64(i)*cell)
		}
	}
	pdf.SetLineWidth(thick)
	for i := g.BoxCols; i < n; i += g.BoxCols {
		pdf.Line(x+float64(i)*cell, y, x+float64(i)*cell, y+side)
	}
	for i := g.BoxRows; i < n; i += g.BoxRows {
		pdf.Line(x, y+float64(i)*cell, x+side, y+float64(i)*cell)
	}
	pdf.Rect(x, y, side, side, "D")

	r.digits(x, y, cell, scale, g, sol, nil)
}

// digits draws the givens of g in bold and, when sol is not nil, the other
// digits of sol in regular weight, in the cells of a grid whose top left
// corner is at (x, y), placed by fig when it is not nil.
func (r *renderer) digits(x, y, cell, scale float64, g grid.Grid, sol *grid.Grid, fig *figure) {
	pdf := r.pdf
	n := g.N()
	a := r.alphabet(n)
	fs := cell * scale
	for _, style := range []string{bold, regular} {
		src := g
		if style == regular {
			if sol == nil {
				break
			}
			src = *sol
		}
		pdf.SetFont(fontFamily, style, fs)
		ink := r.ink[style]
		for i, v := range src.Cells {
			if v == 0 || (style == regular && g.Cells[i] != 0) {
				continue
			}
			sym := a.Symbol(int(v))
			b := ink[sym]
			if fig != nil {
				ux, uy, k := fig.digitAt(i, b, scale)
				size := fs * k
				pdf.SetFontSize(size)
				pdf.Text(x+ux*cell-(b.minX+b.maxX)*size/2, y+uy*cell-(b.minY+b.maxY)*size/2, string(rune(sym)))
				continue
			}
			cx := x + (float64(i%n)+0.5)*cell
			cy := y + (float64(i/n)+0.5)*cell
			pdf.Text(cx-(b.minX+b.maxX)*fs/2, cy-(b.minY+b.maxY)*fs/2, string(rune(sym)))
		}
	}
}

// minLabel is the least size, in points, of a cage sum in a book, where
// the cell leaves room for it (see maxLabel).
const minLabel = 5.0

// minStroke is the least width, in points, of a figure's lines.
const minStroke = 0.35

// paint draws figure fig with cells of cell points and its top left corner
// at (x, y), thin and thick being the widths of the grid's lines. It leaves
// the line style as it found it: black, solid, butt caps, mitred joins.
func (r *renderer) paint(fig *figure, x, y, cell, thin, thick float64) {
	p := pdfPainter{r: r, x: x, y: y, cell: cell, thin: thin, thick: thick}
	for _, s := range fig.shapes {
		p.shape(s)
	}
}

// pdfPainter paints the shapes of a figure on a page: the grid's top left
// corner at (x, y), cells of cell points, and lines of thin and thick
// points.
type pdfPainter struct {
	r           *renderer
	x, y, cell  float64
	thin, thick float64
}

// pdfGrey is tone t (0 black, 1 white) as a PDF colour component.
func pdfGrey(t float64) int { return int(math.Round(t * 255)) }

// path adds the points of q, in cells, to the page's path.
func (p *pdfPainter) path(q []pt, closed bool) {
	pdf := p.r.pdf
	for k, c := range q {
		if k == 0 {
			pdf.MoveTo(p.x+c.x*p.cell, p.y+c.y*p.cell)
		} else {
			pdf.LineTo(p.x+c.x*p.cell, p.y+c.y*p.cell)
		}
	}
	if closed {
		pdf.ClosePath()
	}
}

// shape paints s, and sets the stroke colour back to black.
func (p *pdfPainter) shape(s shape) {
	pdf := p.r.pdf
	if s.fill != noTone {
		v := pdfGrey(s.fill)
		pdf.SetFillColor(v, v, v)
	}
	if s.stroke != noTone {
		v := pdfGrey(s.stroke)
		pdf.SetDrawColor(v, v, v)
		switch s.pen {
		case penThin:
			pdf.SetLineWidth(p.thin)
		case penThick:
			pdf.SetLineWidth(p.thick)
		default:
			pdf.SetLineWidth(max(s.width*p.cell, minStroke))
		}
	}
	switch s.kind {
	case fillShape:
		for _, q := range s.paths {
			p.path(q, true)
		}
		pdf.DrawPath("F")
	case strokeShape:
		p.stroke(s)
	case circleShape:
		style := "F"
		switch {
		case s.fill == noTone:
			style = "D"
		case s.stroke != noTone:
			style = "FD"
		}
		pdf.Circle(p.x+s.at.x*p.cell, p.y+s.at.y*p.cell, s.r*p.cell, style)
	case textShape:
		pdf.SetFont(fontFamily, bold, s.size*p.cell)
		v := pdfGrey(s.fill)
		if v != 0 {
			// grey text (pencil marks) is set back to black at once,
			// not when the figure is done, so that black text after it
			// stays black
			pdf.SetTextColor(v, v, v)
		}
		pdf.Text(p.x+s.at.x*p.cell, p.y+s.at.y*p.cell, s.text)
		if v != 0 {
			pdf.SetTextColor(0, 0, 0)
		}
	}
	if s.stroke != noTone && s.stroke != 0 {
		pdf.SetDrawColor(0, 0, 0)
	}
}

// stroke strokes the paths of s, in its caps, joins and dashes, and sets
// them back.
func (p *pdfPainter) stroke(s shape) {
	pdf := p.r.pdf
	switch {
	case s.round:
		pdf.SetLineCapStyle("round")
		pdf.SetLineJoinStyle("round")
	case s.pen == penThick:
		pdf.SetLineCapStyle("square")
	}
	if s.dash > 0 {
		pdf.SetDashPattern([]float64{s.dash * p.cell, s.dash * p.cell}, 0)
	}
	for _, q := range s.paths {
		p.path(q, s.closed)
	}
	pdf.DrawPath("D")
	if s.dash > 0 {
		pdf.SetDashPattern(nil, 0)
	}
	if s.round || s.pen == penThick {
		pdf.SetLineCapStyle("butt")
		pdf.SetLineJoinStyle("miter")
	}
}

// drawableText is drawable for text of several lines: tabs become spaces,
// line ends are kept, and carriage returns dropped.
func drawableText(s string) (string, error) {
	s = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\t", "    ").Replace(s)
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		d, err := drawable(l)
		if err != nil {
			return "", err
		}
		lines[i] = d
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n "), nil
}
