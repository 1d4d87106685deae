package output

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/sudokugen/sudokugen/grid"
)

func (b *book) render(ctx context.Context, w io.Writer) (err error) {
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
	addFonts(pdf)
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
		if err := ctx.Err(); err != nil {
			return err
		}
		pdf.AddPage()
		r.page(i+1, pg)
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return err
	}
	tagSubsets(buf.Bytes())
	_, err = w.Write(buf.Bytes())
	return err
}

// page draws page pageNo.
func (r *renderer) page(pageNo int, pg page) {
	numbered := true
	switch pg.kind {
	case blankPage:
		return
	case titlePage:
		r.titlePage()
		numbered = false
	case frontPage:
		r.frontPage(pageNo)
		numbered = false
	case contentsPage:
		r.contentsPage(pageNo)
	case sectionPage:
		r.sectionPage(pageNo, r.sections[pg.section])
		numbered = false
	case puzzlePage:
		if !r.headings && pageNo == r.sections[0].page {
			r.bookmark("Puzzles", 0)
		}
		r.puzzlePage(pageNo, pg)
	case pathPage:
		r.pathPage(pageNo, pg)
	case solutionPage:
		if pageNo == r.solutionsPage {
			r.bookmark("Solutions", 0)
		}
		r.solutionPage(pageNo, pg)
	}
	if numbered {
		r.pageNumber(pageNo)
	}
}

// bookmark adds an entry of the document outline for the current page.
func (r *renderer) bookmark(title string, level int) {
	r.pdf.SetFont(fontFamily, regular, 10)
	r.pdf.Bookmark(title, level, 0)
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

// frontPage prints the copyright or notes text, wrapped, from the top of the
// text area; text beyond the page is cut short with "…".
func (r *renderer) frontPage(pageNo int) {
	const size, lead = 9.0, 9 * 1.4
	pdf := r.pdf
	c := content(r.size, r.margins, pageNo)
	pdf.SetFont(fontFamily, regular, size)
	var lines []string
	for _, para := range strings.Split(r.opts.Front, "\n") {
		if strings.TrimSpace(para) == "" {
			lines = append(lines, "")
			continue
		}
		lines = append(lines, pdf.SplitText(para, c.w)...)
	}
	most := int(c.h / lead)
	if len(lines) > most {
		lines = lines[:most]
		lines[most-1] += " …"
	}
	y := c.y + size
	for _, l := range lines {
		pdf.Text(c.x, y, l)
		y += lead
	}
}

// contentsPage lists the sections and the solutions with their pages.
func (r *renderer) contentsPage(pageNo int) {
	pdf := r.pdf
	c := content(r.size, r.margins, pageNo)
	r.bookmark("Contents", 0)
	pdf.SetFont(fontFamily, bold, 20)
	y := c.y + 20
	pdf.Text(c.x, y, "Contents")
	y += 20 * 1.5
	size := clamp(c.w/30, 10, 13)
	lead := size * 1.8
	pdf.SetFont(fontFamily, regular, size)
	// the leaders of every entry end in one column, left of the widest
	// page number
	numCol := c.x + c.w - pdf.GetStringWidth(strconv.Itoa(len(r.pages)))
	entry := func(name, detail string, page int) {
		if y > c.y+c.h {
			return
		}
		pdf.SetFont(fontFamily, bold, size)
		pdf.Text(c.x, y, name)
		x := c.x + pdf.GetStringWidth(name)
		pdf.SetFont(fontFamily, regular, size)
		if detail != "" {
			pdf.Text(x, y, "  "+detail)
			x += pdf.GetStringWidth("  " + detail)
		}
		num := strconv.Itoa(page)
		right := c.x + c.w - pdf.GetStringWidth(num)
		pdf.Text(right, y, num)
		// dot leaders between the entry and its page number
		dot := pdf.GetStringWidth(". ")
		if n := int((numCol - x - 2*dot) / dot); n > 0 {
			dots := strings.Repeat(". ", n)
			pdf.Text(numCol-dot-pdf.GetStringWidth(dots), y, dots)
		}
		y += lead
	}
	for _, s := range r.sections {
		entry(s.name, puzzleRange(s.first, s.last), s.page)
	}
	if r.pathsPage > 0 {
		entry(pathTitle, "", r.pathsPage)
	}
	if r.solutionsPage > 0 {
		entry("Solutions", "", r.solutionsPage)
	}
}

func puzzleRange(first, last int) string {
	if first == last {
		return "puzzle " + strconv.Itoa(first)
	}
	return "puzzles " + strconv.Itoa(first) + "–" + strconv.Itoa(last)
}

// sectionPage opens a section: its name, large, its puzzles and, in a
// book of variants, its rules.
func (r *renderer) sectionPage(pageNo int, s section) {
	pdf := r.pdf
	c := content(r.size, r.margins, pageNo)
	r.bookmark(s.name, 0)
	cx := c.x + c.w/2
	size := clamp(c.w/10, 24, 40)
	pdf.SetFont(fontFamily, bold, size)
	for size > 20 && pdf.GetStringWidth(s.name) > c.w {
		size--
		pdf.SetFontSize(size)
	}
	// a name still too long (a variant of many rules) is wrapped
	lines := []string{s.name}
	if pdf.GetStringWidth(s.name) > c.w {
		lines = pdf.SplitText(s.name, c.w)
	}
	y := c.y + c.h/3
	for k, l := range lines {
		if k > 0 {
			y += size * 1.2
		}
		r.centredText(cx, y, l)
	}
	pdf.SetFont(fontFamily, regular, 14)
	r.centredText(cx, y+size, sectionDetail(s))
	if s.rules != "" {
		r.rulesParagraph(c, y+size+14*2.5, s.rules)
	}
}

// rulesParagraph prints the rules of a section, wrapped, from y down: at
// 11 points (14 in large print) in a column of at most 4.5 in, centred,
// smaller if the text area is too short for it.
func (r *renderer) rulesParagraph(c box, y float64, text string) {
	pdf := r.pdf
	size := 11.0
	if r.opts.LargePrint {
		size = 14
	}
	w := min(c.w, 4.5*inch)
	x := c.x + (c.w-w)/2
	for {
		pdf.SetFont(fontFamily, regular, size)
		lines := pdf.SplitText(text, w)
		lead := size * 1.4
		if y+float64(len(lines))*lead <= c.y+c.h || size <= 7 {
			for _, l := range lines {
				y += lead
				if y > c.y+c.h {
					return
				}
				pdf.Text(x, y, l)
			}
			return
		}
		size--
	}
}

func sectionDetail(s section) string {
	n := s.last - s.first + 1
	if n == 1 {
		return "Puzzle " + strconv.Itoa(s.first)
	}
	return fmt.Sprintf("Puzzles %d–%d", s.first, s.last)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// pageNumber prints the page number centred below the text area, its
// baseline edgeClear plus a little from the bottom edge.
func (r *renderer) pageNumber(pageNo int) {
	c := content(r.size, r.margins, pageNo)
	r.pdf.SetFont(fontFamily, regular, 9)
	r.centredText(c.x+c.w/2, r.size.Height-marginEdge, strconv.Itoa(pageNo))
}

// alphabet returns the symbols for a grid of size n.
func (b *book) alphabet(n int) grid.Alphabet {
	if b.opts.Alphabet != nil {
		return *b.opts.Alphabet
	}
	return grid.DefaultAlphabet(n)
}

func (r *renderer) puzzlePage(pageNo int, pg page) {
	pdf := r.pdf
	places := pg.frame.places(content(r.size, r.margins, pageNo), len(pg.puzzles))
	for k, i := range pg.puzzles {
		p := r.puzzles[i]
		pl := places[k]
		ls := pl.label
		base := pl.y - 0.5*ls

		label := "Puzzle " + strconv.Itoa(p.Number)
		pdf.SetFont(fontFamily, bold, ls)
		pdf.Text(pl.x, base, label)
		room := pl.side - pdf.GetStringWidth(label) - ls

		info := detail(p)
		size := ls * 0.9
		pdf.SetFont(fontFamily, regular, size)
		for size > 4 && pdf.GetStringWidth(info) > room {
			size -= 0.5
			pdf.SetFontSize(size)
		}
		pdf.Text(pl.x+pl.side-pdf.GetStringWidth(info), base, info)

		r.drawGrid(pl.x, pl.y, pl.side, pg.frame.scale, p.Grid, nil)
	}
}

// detail returns the rules of p that its grid has no mark for, its
// difficulty and its clue count, for its label.
func detail(p Puzzle) string {
	parts := unmarked(p.Grid)
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
	pdf.SetFont(fontFamily, bold, headingSize)
	r.centredText(c.x+c.w/2, c.y+headingSize, "Solutions")

	slots := pg.layout.slots(solutionArea(c), solutionGap)
	for k, i := range pg.puzzles {
		p := r.puzzles[i]
		s := slots[k]
		ls := solutionLabelSize(s.w)
		side := gridSide(s, ls)
		x := s.x + (s.w-side)/2
		y := s.y + 1.6*ls
		pdf.SetFont(fontFamily, bold, ls)
		pdf.Text(x, y-0.45*ls, strconv.Itoa(p.Number))
		r.drawGrid(x, y, side, symbolScale, p.Grid, p.Solution)
	}
}
