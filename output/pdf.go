package output

import (
	"fmt"
	"io"
	"slices"
	"strconv"
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

// Sizes below are in PostScript points (1/72 inch), the unit of the PDF.
const (
	puzzleGap   = 18   // space between puzzle slots
	solutionGap = 12   // space between solution slots
	minSolCell  = 10.0 // smallest cell of a solution grid when several share a page
	maxSolCols  = 5
	maxSolRows  = 6
	symbolScale = 0.62 // symbol size as a fraction of the cell
)

// margins of a page; inner is the binding side and alternates with the page.
type margins struct {
	top, bottom, inner, outer float64
}

func marginsFor(p PageSize) margins {
	if p.Name == "6x9" {
		return margins{top: 36, bottom: 45, inner: 54, outer: 36}
	}
	return margins{top: 42, bottom: 50, inner: 54, outer: 36}
}

// box is a rectangle on the page, y growing downwards.
type box struct{ x, y, w, h float64 }

// content returns the printable area of page pageNo (1-based). Odd pages
// are right-hand pages, bound on their left edge.
func content(p PageSize, m margins, pageNo int) box {
	left := m.inner
	if pageNo%2 == 0 {
		left = m.outer
	}
	return box{x: left, y: m.top, w: p.Width - m.inner - m.outer, h: p.Height - m.top - m.bottom}
}

// layout is a table of slots on a page.
type layout struct{ cols, rows int }

func (l layout) cap() int { return l.cols * l.rows }

func puzzleLayout(k int) layout {
	switch k {
	case 1:
		return layout{1, 1}
	case 2:
		return layout{1, 2}
	case 4:
		return layout{2, 2}
	}
	return layout{2, 3}
}

// slots returns the slot rectangles of l in c, row by row.
func (l layout) slots(c box, gap float64) []box {
	w := (c.w - float64(l.cols-1)*gap) / float64(l.cols)
	h := (c.h - float64(l.rows-1)*gap) / float64(l.rows)
	out := make([]box, 0, l.cap())
	for r := range l.rows {
		for col := range l.cols {
			out = append(out, box{x: c.x + float64(col)*(w+gap), y: c.y + float64(r)*(h+gap), w: w, h: h})
		}
	}
	return out
}

func clamp(v, lo, hi float64) float64 { return max(lo, min(hi, v)) }

func puzzleLabelSize(slotW float64) float64   { return clamp(slotW/20, 7, 12) }
func solutionLabelSize(slotW float64) float64 { return clamp(slotW/14, 6, 9) }

// gridSide returns the side of the grid in a slot with a label line above it.
func gridSide(s box, labelSize float64) float64 {
	return min(s.w, s.h-1.6*labelSize)
}

// solutionLayout picks the most solution grids of size n that fit on a page
// with cells of at least minSolCell, preferring larger grids among layouts
// of the same count; one per page when none fits.
func solutionLayout(n int, c box) layout {
	best, bestSide := layout{1, 1}, 0.0
	for cols := 1; cols <= maxSolCols; cols++ {
		for rows := 1; rows <= maxSolRows; rows++ {
			l := layout{cols, rows}
			s := l.slots(c, solutionGap)[0]
			side := gridSide(s, solutionLabelSize(s.w))
			if side/float64(n) < minSolCell {
				continue
			}
			if l.cap() > best.cap() || (l.cap() == best.cap() && side > bestSide) {
				best, bestSide = l, side
			}
		}
	}
	return best
}

type pageKind int

const (
	titlePage pageKind = iota
	puzzlePage
	solutionPage
)

// page is one planned page: its kind, layout and the puzzles on it
// (indexes into book.puzzles).
type page struct {
	kind    pageKind
	layout  layout
	puzzles []int
}

type book struct {
	puzzles []Puzzle
	opts    BookOptions
	size    PageSize
	margins margins
	created time.Time
	pages   []page
}

func newBook(puzzles []Puzzle, opts BookOptions) (*book, error) {
	if len(puzzles) == 0 {
		return nil, ErrNoPuzzles
	}
	size, err := ParsePageSize(opts.Page)
	if err != nil {
		return nil, err
	}
	if err := checkPerPage(opts.PerPage); err != nil {
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
		margins: marginsFor(size),
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
		b.puzzles[i] = p
	}
	if b.opts.Title, err = drawable(opts.Title); err != nil {
		return nil, err
	}
	b.plan()
	return b, nil
}

// plan lays the book out page by page: the title page, the puzzle pages and
// the solution pages. A page holds puzzles of one shape only.
func (b *book) plan() {
	if b.opts.Title != "" {
		b.pages = append(b.pages, page{kind: titlePage})
	}
	all := make([]int, len(b.puzzles))
	for i := range all {
		all[i] = i
	}
	b.fill(puzzlePage, all, func(n int) layout {
		k := MaxPerPage(n)
		if b.opts.PerPage > 0 {
			k = min(k, b.opts.PerPage)
		}
		return puzzleLayout(k)
	})
	if !b.opts.Solutions {
		return
	}
	var solved []int
	for i, p := range b.puzzles {
		if p.Solution != nil {
			solved = append(solved, i)
		}
	}
	c := content(b.size, b.margins, 1)
	b.fill(solutionPage, solved, func(n int) layout { return solutionLayout(n, c) })
}

// fill adds pages of kind holding the puzzles idx in order, starting a new
// page whenever the shape changes.
func (b *book) fill(kind pageKind, idx []int, layoutOf func(n int) layout) {
	for start := 0; start < len(idx); {
		shape := b.puzzles[idx[start]].Grid.Shape
		end := start
		for end < len(idx) && b.puzzles[idx[end]].Grid.Shape == shape {
			end++
		}
		l := layoutOf(shape.N())
		for i := start; i < end; i += l.cap() {
			b.pages = append(b.pages, page{kind: kind, layout: l, puzzles: idx[i:min(i+l.cap(), end)]})
		}
		start = end
	}
}

// Font families registered with the PDF.
const (
	fontFamily = "go"
	regular    = ""
	bold       = "B"
)

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

func (b *book) render(w io.Writer) (err error) {
	// fpdf panics on some inputs it does not expect; drawable keeps the
	// known ones away, and this turns any other into an error.
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("pdf writer failed: %v", v)
		}
	}()
	pdf := fpdf.NewCustom(&fpdf.InitType{
		UnitStr: "pt",
		Size:    fpdf.SizeType{Wd: b.size.Width, Ht: b.size.Height},
	})
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(b.created)
	pdf.SetModificationDate(b.created)
	pdf.SetProducer("sudokugen", true)
	pdf.SetCreator("sudokugen", true)
	if b.opts.Title != "" {
		pdf.SetTitle(b.opts.Title, true)
	}
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.AddUTF8FontFromBytes(fontFamily, regular, goregular.TTF)
	pdf.AddUTF8FontFromBytes(fontFamily, bold, gobold.TTF)
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetTextColor(0, 0, 0)
	pdf.SetLineCapStyle("butt")
	pdf.SetLineJoinStyle("miter")

	ink, err := symbolInk()
	if err != nil {
		return err
	}
	r := &renderer{book: b, pdf: pdf, ink: ink}
	for i, pg := range b.pages {
		if err := pdf.Error(); err != nil {
			return err
		}
		pdf.AddPage()
		pageNo := i + 1
		switch pg.kind {
		case titlePage:
			r.titlePage()
		case puzzlePage:
			r.puzzlePage(pageNo, pg)
		case solutionPage:
			r.solutionPage(pageNo, pg)
		}
		if pg.kind != titlePage {
			r.pageNumber(pageNo)
		}
	}
	return pdf.Output(w)
}

// centredText draws s centred on x with its baseline at y.
func (r *renderer) centredText(x, y float64, s string) {
	r.pdf.Text(x-r.pdf.GetStringWidth(s)/2, y, s)
}

func (r *renderer) titlePage() {
	pdf := r.pdf
	c := content(r.size, r.margins, 1)
	cx := c.x + c.w/2

	// The largest size from 32 to 16 points at which the title fits on
	// one line, or from 24 points down on at most three lines.
	var lines []string
	size := 32.0
	for ; ; size-- {
		pdf.SetFont(fontFamily, bold, size)
		if pdf.GetStringWidth(r.opts.Title) <= c.w {
			lines = []string{r.opts.Title}
			break
		}
		if size <= 24 {
			if lines = pdf.SplitText(r.opts.Title, c.w); len(lines) <= 3 || size <= 16 {
				break
			}
		}
	}
	// A title too long for the top half of the page is cut short.
	if most := max(1, int(c.h/2/(size*1.25))); len(lines) > most {
		lines = lines[:most]
		lines[most-1] += " …"
	}
	y := c.y + c.h/3
	for _, l := range lines {
		r.centredText(cx, y, l)
		y += size * 1.25
	}

	solved := 0
	for _, p := range r.puzzles {
		if p.Solution != nil {
			solved++
		}
	}
	var sizes []string // distinct sizes in order of first appearance
	for _, p := range r.puzzles {
		s := fmt.Sprintf("%dx%d", p.Grid.N(), p.Grid.N())
		if !slices.Contains(sizes, s) {
			sizes = append(sizes, s)
		}
	}
	sub := fmt.Sprintf("%d %s", len(r.puzzles), plural(len(r.puzzles), "puzzle", "puzzles"))
	if len(sizes) <= 3 {
		sub += " · " + strings.Join(sizes, ", ")
	}
	pdf.SetFont(fontFamily, regular, 14)
	y += 14
	r.centredText(cx, y, sub)
	if r.opts.Solutions && solved > 0 {
		y += 14 * 1.5
		r.centredText(cx, y, "Solutions at the back")
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func (r *renderer) pageNumber(pageNo int) {
	c := content(r.size, r.margins, pageNo)
	r.pdf.SetFont(fontFamily, regular, 9)
	r.centredText(c.x+c.w/2, r.size.Height-r.margins.bottom/2+3, strconv.Itoa(pageNo))
}

// alphabet returns the symbols for a grid of size n.
func (r *renderer) alphabet(n int) grid.Alphabet {
	if r.opts.Alphabet != nil {
		return *r.opts.Alphabet
	}
	return grid.DefaultAlphabet(n)
}

func (r *renderer) puzzlePage(pageNo int, pg page) {
	pdf := r.pdf
	slots := pg.layout.slots(content(r.size, r.margins, pageNo), puzzleGap)
	for k, i := range pg.puzzles {
		p := r.puzzles[i]
		s := slots[k]
		ls := puzzleLabelSize(s.w)
		side := gridSide(s, ls)
		// centre label and grid as one block in the slot
		blockH := side + 1.6*ls
		x := s.x + (s.w-side)/2
		y := s.y + (s.h-blockH)/2 + 1.6*ls
		base := y - 0.5*ls

		label := "Puzzle " + strconv.Itoa(p.Number)
		pdf.SetFont(fontFamily, bold, ls)
		pdf.Text(x, base, label)
		room := side - pdf.GetStringWidth(label) - ls

		info := detail(p)
		size := ls * 0.9
		pdf.SetFont(fontFamily, regular, size)
		for size > 4 && pdf.GetStringWidth(info) > room {
			size -= 0.5
			pdf.SetFontSize(size)
		}
		pdf.Text(x+side-pdf.GetStringWidth(info), base, info)

		r.drawGrid(x, y, side, p.Grid, nil)
	}
}

// detail returns the difficulty and clue count of p for its label.
func detail(p Puzzle) string {
	var parts []string
	if p.Level != "" {
		parts = append(parts, p.Level)
	}
	if p.Score != 0 {
		parts = append(parts, strconv.FormatFloat(p.Score, 'f', 1, 64))
	}
	g := p.Grid.Givens()
	parts = append(parts, fmt.Sprintf("%d %s", g, plural(g, "clue", "clues")))
	return strings.Join(parts, " · ")
}

func (r *renderer) solutionPage(pageNo int, pg page) {
	pdf := r.pdf
	c := content(r.size, r.margins, pageNo)
	pdf.SetFont(fontFamily, bold, 10)
	r.centredText(c.x+c.w/2, r.margins.top*0.6, "Solutions")

	slots := pg.layout.slots(c, solutionGap)
	for k, i := range pg.puzzles {
		p := r.puzzles[i]
		s := slots[k]
		ls := solutionLabelSize(s.w)
		side := gridSide(s, ls)
		x := s.x + (s.w-side)/2
		y := s.y + 1.6*ls
		pdf.SetFont(fontFamily, bold, ls)
		pdf.Text(x, y-0.45*ls, strconv.Itoa(p.Number))
		r.drawGrid(x, y, side, p.Grid, p.Solution)
	}
}

// drawGrid draws g with its top left corner at (x, y): givens in bold and,
// when sol is not nil, the other digits of sol in regular weight.
func (r *renderer) drawGrid(x, y, side float64, g grid.Grid, sol *grid.Grid) {
	pdf := r.pdf
	n := g.N()
	cell := side / float64(n)
	thin := clamp(cell*0.03, 0.3, 0.75)
	thick := clamp(cell*0.09, 0.9, 2.2)

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

	a := r.alphabet(n)
	fs := cell * symbolScale
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
			cx := x + (float64(i%n)+0.5)*cell
			cy := y + (float64(i/n)+0.5)*cell
			b := ink[sym]
			pdf.Text(cx-(b.minX+b.maxX)*fs/2, cy-(b.minY+b.maxY)*fs/2, string(rune(sym)))
		}
	}
}
