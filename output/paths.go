package output

import (
	"fmt"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/sudokugen/sudokugen/grid"
)

// Path is a puzzle's solve by logic, as the solving paths section of a
// book prints it (BookOptions.Paths): the steps that are not singles in
// words, and the singles between them by cell and digit.
type Path struct {
	// Note, when not "", stands for the solve: why the puzzle has none to
	// show ("the rating timed out").
	Note string
	// Level and Score are the puzzle's rating, for the path's heading
	// ("" and 0 when unknown).
	Level string
	Score float64
	// Solved reports whether the steps reach the solution; when not, logic
	// is stuck after them, where one would have to guess.
	Solved bool
	// Total counts the steps of the whole solve; Steps may hold only the
	// first of them (see Shown).
	Total int
	// BreakIn is the number (1-based) of the first step that is not a
	// single, 0 when singles alone solve the puzzle, -1 when it comes
	// after the steps that Steps holds.
	BreakIn int
	// Hardest names the hardest step and its value ("X-wing, 3.2");
	// HardestStep is its number, 0 when unknown.
	Hardest     string
	HardestStep int
	// Steps are the steps in order, a run of singles in one.
	Steps []PathStep
}

// PathStep is one step of a Path that is not a single, in words (Text),
// or a run of singles one after another (Singles).
type PathStep struct {
	Text    string
	Singles []Single
}

// Single is a digit that a single places in a cell.
type Single struct {
	Cell  grid.Cell
	Digit int
}

// Shown returns the number of steps that p's Steps hold, a run of
// singles counting each of its singles.
func (p *Path) Shown() int {
	n := 0
	for _, s := range p.Steps {
		if s.Text != "" {
			n++
		}
		n += len(s.Singles)
	}
	return n
}

// Sizes of the solving paths section, in points.
const (
	pathSize      = 9.0  // the steps
	pathLargeSize = 14.0 // the same in large print
	pathLead      = 1.35 // the distance of two lines, in sizes
	pathTitle     = "Solving paths"
)

// pathLine is one line of the solving paths section: a puzzle's heading,
// or a line of its text with, on the first line of a step, the step's
// number in a column on the left.
type pathLine struct {
	head   bool    // the puzzle's heading: bold, with space above it
	label  string  // the step's number, or ""
	indent float64 // the text's offset from the left of the text area
	text   string
}

// pathPos is a place in the solving paths section: line line of the
// puzzle at position k of book.pathOrder.
type pathPos struct{ k, line int }

// newMeter returns a PDF writer to measure text with, in the book's fonts.
func newMeter() *fpdf.Fpdf {
	pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: 600, Ht: 800}})
	addFonts(pdf)
	return pdf
}

// addFonts adds the book's fonts to pdf: the Go fonts, regular and bold.
func addFonts(pdf *fpdf.Fpdf) {
	pdf.AddUTF8FontFromBytes(fontFamily, regular, goregular.TTF)
	pdf.AddUTF8FontFromBytes(fontFamily, bold, gobold.TTF)
}

// pathSizes returns the text size and the line distance of the section.
func (b *book) pathSizes() (size, lead float64) {
	size = pathSize
	if b.opts.LargePrint {
		size = pathLargeSize
	}
	return size, size * pathLead
}

// pathArea is the part of text area c below the section's heading.
func pathArea(c box) box {
	return box{x: c.x, y: c.y + headingHeight, w: c.w, h: c.h - headingHeight}
}

// planPaths adds the pages of the solving paths section, each holding
// the lines from one pathPos to the next, a puzzle's heading kept with
// its first lines. A puzzle that runs on to a new page starts it with a
// heading of its own, "Puzzle 12, continued".
func (b *book) planPaths(c box) {
	if b.meter == nil {
		b.meter = newMeter()
	}
	// the puzzles in book order, which the pages' places count in
	b.pathOrder = b.pathOrder[:0]
	for _, s := range b.sections {
		b.pathOrder = append(b.pathOrder, s.order...)
	}
	order := b.pathOrder
	size, lead := b.pathSizes()
	area := pathArea(c)
	per := max(4, int(area.h/lead)) // lines on a page
	used := 0                       // lines, and gaps, on the page so far
	from := pathPos{}
	for k, i := range order {
		lines := b.pathLines(b.meter, b.puzzles[i], area.w, size)
		gap := 0
		if used > 0 {
			gap = 1 // the space above the heading, rounded up to a line
		}
		// the heading, the summary and a first step stay together
		if used+gap+min(len(lines), 3) > per {
			b.pages = append(b.pages, page{kind: pathPage, from: from, to: pathPos{k, 0}})
			from, used, gap = pathPos{k, 0}, 0, 0
		}
		used += gap
		for j := 0; j < len(lines); {
			take := min(len(lines)-j, per-used)
			used += take
			j += take
			if j < len(lines) {
				b.pages = append(b.pages, page{kind: pathPage, from: from, to: pathPos{k, j}})
				from, used = pathPos{k, j}, 1 // the "continued" heading
			}
		}
	}
	b.pages = append(b.pages, page{kind: pathPage, from: from, to: pathPos{len(order), 0}})
}

// pathLines returns the lines of puzzle p's solving path, wrapped to width
// w at size points, measured with pdf.
func (b *book) pathLines(pdf *fpdf.Fpdf, p Puzzle, w, size float64) []pathLine {
	out := []pathLine{{head: true, text: "Puzzle " + strconv.Itoa(p.Number)}}
	pdf.SetFont(fontFamily, regular, size)
	para := func(text string) {
		for _, l := range pdf.SplitText(text, w) {
			out = append(out, pathLine{text: l})
		}
	}
	path := p.Path
	if path == nil || path.Note != "" {
		note := "No solving path: the puzzle was not rated."
		if path != nil {
			note = "No solving path: " + path.Note + "."
		}
		para(note)
		return out
	}
	para(pathSummary(path))
	labels, texts := pathSteps(path, b.alphabet(p.Grid.N()))
	col := 0.0
	for _, l := range labels {
		col = max(col, pdf.GetStringWidth(l))
	}
	col += pdf.GetStringWidth("  ")
	for k, text := range texts {
		for j, l := range pdf.SplitText(text, w-col) {
			line := pathLine{indent: col, text: l}
			if j == 0 {
				line.label = labels[k]
			}
			out = append(out, line)
		}
	}
	if shown := path.Shown(); shown < path.Total {
		para(fmt.Sprintf("Steps %d to %d are not shown.", shown+1, path.Total))
	}
	if !path.Solved {
		para("Here logic is stuck: the next step would be a guess.")
	}
	return out
}

// pathSummary is the line under a puzzle's heading: whether logic solves
// it, in how many steps, its break-in and its hardest step.
func pathSummary(p *Path) string {
	var b strings.Builder
	steps := strconv.Itoa(p.Total) + " " + plural(p.Total, "step", "steps")
	switch {
	case p.Solved && p.BreakIn == 0:
		b.WriteString("Singles alone solve it, in " + steps + ".")
	case p.Solved:
		b.WriteString("Logic solves it in " + steps + ".")
	case p.BreakIn == 0:
		b.WriteString("Logic is stuck after " + steps + ", all singles.")
	default:
		b.WriteString("Logic is stuck after " + steps + ".")
	}
	switch {
	case p.BreakIn > 0:
		b.WriteString(" Break-in: step " + strconv.Itoa(p.BreakIn) + ".")
	case p.BreakIn < 0:
		b.WriteString(" Break-in: after the steps shown.")
	}
	if p.Hardest != "" && p.BreakIn != 0 {
		b.WriteString(" Hardest step: ")
		if p.HardestStep > 0 {
			b.WriteString(strconv.Itoa(p.HardestStep) + ", ")
		}
		b.WriteString(p.Hardest + ".")
	}
	return b.String()
}

// pathSteps returns the numbers and the words of the steps of p: a step
// that is not a single as it is, a run of singles as "3 singles: r2c4=3,
// r2c5=1, r7c7=9", with symbols of alphabet a.
func pathSteps(p *Path, a grid.Alphabet) (labels, texts []string) {
	n := 0
	for _, s := range p.Steps {
		if s.Text != "" {
			n++
			labels = append(labels, strconv.Itoa(n)+".")
			texts = append(texts, s.Text)
			continue
		}
		if len(s.Singles) == 0 {
			continue
		}
		var t strings.Builder
		if len(s.Singles) == 1 {
			labels = append(labels, strconv.Itoa(n+1)+".")
			t.WriteString("A single: ")
		} else {
			labels = append(labels, strconv.Itoa(n+1)+"–"+strconv.Itoa(n+len(s.Singles))+".")
			t.WriteString(strconv.Itoa(len(s.Singles)) + " singles: ")
		}
		for j, c := range s.Singles {
			if j > 0 {
				t.WriteString(", ")
			}
			t.WriteString(c.Cell.String() + "=" + string(a.Symbol(c.Digit)))
		}
		n += len(s.Singles)
		texts = append(texts, t.String())
	}
	return labels, texts
}

// pathPage draws a page of the solving paths section: its heading, and
// the lines from pg.from to pg.to.
func (r *renderer) pathPage(pageNo int, pg page) {
	pdf := r.pdf
	c := content(r.size, r.margins, pageNo)
	if pageNo == r.pathsPage {
		r.bookmark(pathTitle, 0)
	}
	pdf.SetFont(fontFamily, bold, headingSize)
	r.centredText(c.x+c.w/2, c.y+headingSize, pathTitle)
	area := pathArea(c)
	size, lead := r.pathSizes()
	order := r.pathOrder
	y := area.y
	for k := pg.from.k; k < len(order) && (k < pg.to.k || k == pg.to.k && pg.to.line > 0); k++ {
		p := r.puzzles[order[k]]
		lines := r.pathLines(pdf, p, area.w, size)
		first, last := 0, len(lines)
		if k == pg.from.k {
			first = pg.from.line
		}
		if k == pg.to.k {
			last = pg.to.line
		}
		if first > 0 {
			lines[first-1] = pathLine{head: true, text: lines[0].text + ", continued"}
			first--
		}
		for _, l := range lines[first:last] {
			y = r.pathLine(area, y, size, lead, p, l)
		}
	}
}

// pathLine draws line l of puzzle p's path in the band of area from y
// down, and returns the top of the next line's band. A heading below
// another line has a line's space above it.
func (r *renderer) pathLine(area box, y, size, lead float64, p Puzzle, l pathLine) float64 {
	pdf := r.pdf
	if l.head && y > area.y {
		y += lead
	}
	base := y + size
	if l.head {
		pdf.SetFont(fontFamily, bold, size)
		pdf.Text(area.x, base, l.text)
		if p.Path != nil && p.Path.Level != "" {
			p.Level, p.Score = p.Path.Level, p.Path.Score
		}
		info := detail(p)
		pdf.SetFont(fontFamily, regular, size)
		if room := area.w - pdf.GetStringWidth(l.text+"   "); pdf.GetStringWidth(info) <= room {
			pdf.Text(area.x+area.w-pdf.GetStringWidth(info), base, info)
		}
		return y + lead
	}
	pdf.SetFont(fontFamily, regular, size)
	if l.label != "" {
		pdf.Text(area.x+l.indent-pdf.GetStringWidth(l.label+"  "), base, l.label)
	}
	pdf.Text(area.x+l.indent, base, l.text)
	return y + lead
}

// drawablePath returns p with every text drawable (see drawable): p itself
// when it is, else a copy.
func drawablePath(p *Path) (*Path, error) {
	if p == nil {
		return nil, nil
	}
	var c *Path // the copy, once a text needs a change
	fix := func(s string, set func(*Path, string)) error {
		d, err := drawable(s)
		if err != nil || d == s {
			return err
		}
		if c == nil {
			v := *p
			v.Steps = append([]PathStep(nil), p.Steps...)
			c = &v
		}
		set(c, d)
		return nil
	}
	err := fix(p.Note, func(c *Path, s string) { c.Note = s })
	if err == nil {
		err = fix(p.Hardest, func(c *Path, s string) { c.Hardest = s })
	}
	for i := range p.Steps {
		if err == nil {
			err = fix(p.Steps[i].Text, func(c *Path, s string) { c.Steps[i].Text = s })
		}
	}
	if err != nil {
		return nil, err
	}
	if c != nil {
		return c, nil
	}
	return p, nil
}
