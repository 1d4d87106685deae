package output

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

var long = flag.Bool("long", false, "measure every page of every book of the full matrix (trim sizes x layouts x sizes)")

// measureDPI is the resolution pages are rendered at to find their ink: a
// pixel is 2 points.
const measureDPI = 36

// inkBounds returns the rectangle of pixels darker than paper on each page
// of the PDF at path (pages first to last, 1-based), rendered with
// pdftoppm; an empty rectangle for a blank page.
func inkBounds(t *testing.T, path string, first, last int) []image.Rectangle {
	t.Helper()
	pdftoppm := needTool(t, "pdftoppm", "poppler-utils")
	dir := t.TempDir()
	args := []string{"-r", strconv.Itoa(measureDPI), "-gray", "-png", "-aa", "no", "-aaVector", "no"}
	if first > 0 {
		args = append(args, "-f", strconv.Itoa(first), "-l", strconv.Itoa(last))
	}
	if out, err := exec.Command(pdftoppm, append(args, path, filepath.Join(dir, "p"))...).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	files, err := filepath.Glob(filepath.Join(dir, "p-*.png"))
	if err != nil || len(files) == 0 {
		t.Fatalf("pdftoppm wrote no pages (%v)", err)
	}
	// p-01.png ... sort by page number, which the names pad to one width
	out := make([]image.Rectangle, len(files))
	for i, name := range files {
		out[i] = pageInk(t, name)
	}
	return out
}

func pageInk(t *testing.T, name string) image.Rectangle {
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	dark := func(x, y int) bool { return color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y < 200 }
	switch m := img.(type) {
	case *image.Gray:
		dark = func(x, y int) bool { return m.GrayAt(x, y).Y < 200 }
	case *image.RGBA:
		dark = func(x, y int) bool { return m.Pix[m.PixOffset(x, y)] < 200 }
	}
	b := img.Bounds()
	minX, minY, maxX, maxY := b.Max.X, b.Max.Y, b.Min.X-1, b.Min.Y-1
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if dark(x, y) {
				minX, maxX = min(minX, x), max(maxX, x)
				minY, maxY = min(minY, y), max(maxY, y)
			}
		}
	}
	if maxX < minX {
		return image.Rectangle{}
	}
	return image.Rect(minX, minY, maxX+1, maxY+1)
}

// checkMargins asserts the interior rules on every page of the book at path
// with page size ps: no ink within edgeClear of the top, bottom and outside
// edges, nor within the gutter of the inside edge (odd pages are
// right-hand pages, bound on the left). A pixel is allowed either way.
func checkMargins(t *testing.T, path string, ps PageSize, gutter float64, first int, inks []image.Rectangle) {
	t.Helper()
	px := 72.0 / measureDPI
	for i, r := range inks {
		pageNo := first + i
		if r.Empty() {
			continue
		}
		left, top := float64(r.Min.X)*px, float64(r.Min.Y)*px
		right, bottom := ps.Width-float64(r.Max.X)*px, ps.Height-float64(r.Max.Y)*px
		inside, outside := left, right
		if pageNo%2 == 0 {
			inside, outside = right, left
		}
		for _, m := range []struct {
			name       string
			got, least float64
		}{
			{"top", top, edgeClear}, {"bottom", bottom, edgeClear},
			{"outside", outside, edgeClear}, {"inside", inside, gutter},
		} {
			if m.got < m.least-px {
				t.Errorf("%s page %d: %s margin %.1fpt (%.3f in), want at least %.1fpt", filepath.Base(path), pageNo, m.name, m.got, m.got/72, m.least)
			}
		}
	}
}

// pdfPages returns the page count pdfinfo gives.
func pdfPages(t *testing.T, path string) int {
	t.Helper()
	out, err := exec.Command(needTool(t, "pdfinfo", "poppler-utils"), path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdfinfo: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)$`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("pdfinfo gives no page count:\n%s", out)
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// marginBook is one book of the matrix.
type marginBook struct {
	page     string
	shape    string // "9x9", "16x16" or "variants" (9x9 variant puzzles)
	perPage  int
	large    bool
	sections bool
}

func (m marginBook) name() string {
	s := fmt.Sprintf("%s-%s-%d", m.page, m.shape, m.perPage)
	if m.large {
		s += "-large"
	}
	if m.sections {
		s += "-sections"
	}
	return s
}

// marginBooks returns the matrix: with -long every trim size with every
// layout (1, 2, 4, 6 a page and large print), 9x9, 16x16 and 9x9 variants;
// otherwise every trim size once for a classic size and once for variants,
// the layouts taken in turn, and 6x9 with every layout.
func marginBooks() []marginBook {
	layouts := []marginBook{{perPage: 1}, {perPage: 2}, {perPage: 4}, {perPage: 6}, {large: true}}
	sizes := append(PageSizeNames(), "152x229mm", "6.14x9.21")
	var out []marginBook
	for i, size := range sizes {
		for j, shape := range []string{"9x9", "16x16", "variants"} {
			for k, l := range layouts {
				all := *long || (size == "6x9" && shape != "16x16")
				picked := k == i%len(layouts) && j == i%2 || j == 2 && k == (i+2)%len(layouts)
				if !all && !picked {
					continue
				}
				l.page, l.shape = size, shape
				l.sections = shape != "16x16" && (i+k)%2 == 0
				out = append(out, l)
			}
		}
	}
	return out
}

// TestMargins renders every page of books in every trim size and layout and
// measures their ink: the margin rules, an even page count, and the
// sections and solutions on right-hand pages.
func TestMargins(t *testing.T) {
	needTool(t, "pdftoppm", "poppler-utils")
	nine := nineByNine(t, 9)
	sixteen := loadBook(t, "large/16x16.unique.txt", "large/16x16.unique.solutions.txt", 3)
	// the variants whose marks come nearest the grid's edge, whose
	// captions are longest, and whose rules take the longest paragraph
	var variants []Puzzle
	for _, p := range variantBook(t) {
		switch variantKinds[p.Number-1].name {
		case "killer", "jigsaw-x", "anti-knight", "everything", "xv":
			variants = append(variants, p)
		}
	}
	// and the same with clues outside the grid on every side, which take
	// a margin of cells round it
	for _, p := range variants {
		if variantKinds[p.Number-1].name == "everything" {
			withDrawing(t, p.Grid.Rules, func() *grid.Drawing {
				d := p.Grid.Rules.Draw(p.Grid.Shape)
				n := p.Grid.N()
				for k := -1; k <= n; k++ {
					d.Outside = append(d.Outside, grid.OutsideClue{Row: -1, Col: k, Text: "45"}, grid.OutsideClue{Row: n, Col: k, Text: "45"},
						grid.OutsideClue{Row: k, Col: -1, Text: "45"}, grid.OutsideClue{Row: k, Col: n, Text: "45", Dir: [2]int{1, -1}})
				}
				return d
			})
		}
	}
	dir := t.TempDir()
	for _, mb := range marginBooks() {
		t.Run(mb.name(), func(t *testing.T) {
			puzzles := nine
			switch mb.shape {
			case "16x16":
				puzzles = sixteen
			case "variants":
				puzzles = variants
			}
			opts := BookOptions{Title: "Margins", Front: "Copyright 2026\nAll rights reserved.", Page: mb.page,
				PerPage: mb.perPage, LargePrint: mb.large, Sections: mb.sections, Solutions: true}
			b, err := newBook(puzzles, opts)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, mb.name()+".pdf")
			if err := WriteBookFile(path, puzzles, opts); err != nil {
				t.Fatal(err)
			}
			if data, err := os.ReadFile(path); err == nil {
				keepPDF(t, "margins-"+mb.name(), data)
			}
			pages := pdfPages(t, path)
			if pages%2 != 0 || pages != len(b.pages) {
				t.Errorf("%d pages (planned %d), want an even count", pages, len(b.pages))
			}
			checkMargins(t, path, b.size, Gutter(pages), 1, inkBounds(t, path, 0, 0))
			checkStarts(t, b, pageTexts(t, mustRead(t, path)))
		})
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// checkStarts checks that every section (its heading page, or the first
// puzzle page) and the solutions start on a right-hand (odd) page showing
// what they should, and that the page before shows no part of them.
func checkStarts(t *testing.T, b *book, text map[int]string) {
	t.Helper()
	for _, s := range b.sections {
		// the page's lines run on, as a heading too long for one line does
		want := fmt.Sprintf(" Puzzle %d ", s.first)
		if b.headings {
			want = " " + s.name + " "
		}
		if flat := " " + strings.ReplaceAll(text[s.page], "\n", " "); s.page%2 != 1 || !strings.Contains(flat, want) {
			t.Errorf("section %q starts on page %d showing %.80q, want an odd page showing %q", s.name, s.page, text[s.page], want)
		}
	}
	if p := b.solutionsPage; p > 0 {
		if p%2 != 1 || !strings.Contains(text[p], "Solutions\n") || strings.Contains(text[p-1], "Solutions\n") {
			t.Errorf("solutions start on page %d, want an odd page with the first heading", p)
		}
	}
}

// TestGutterByPageCount checks the inside margin against the page count of
// books around each threshold, and measures a 600-page book's pages.
func TestGutterByPageCount(t *testing.T) {
	tests := []struct{ pages, want float64 }{
		{24, 0.375}, {150, 0.375}, {151, 0.5}, {300, 0.5}, {301, 0.625}, {500, 0.625}, {501, 0.75}, {700, 0.75}, {701, 0.875}, {828, 0.875},
	}
	for _, tt := range tests {
		if got := Gutter(int(tt.pages)) / 72; got != tt.want {
			t.Errorf("Gutter(%v) = %v in, want %v", tt.pages, got, tt.want)
		}
	}
	puzzles := nineByNine(t, 520) // one a page, six solutions a page on 6x9
	opts := BookOptions{Title: "Six hundred pages", Page: "6x9", PerPage: 1, Solutions: true}
	b, err := newBook(puzzles, opts)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(b.pages); n <= 500 || n > 700 || b.margins.inner != 0.75*72 {
		t.Fatalf("%d-page book: inside margin %.3f in, want 501 to 700 pages and 0.75 in", n, b.margins.inner/72)
	}
	t.Logf("%d pages, inside margin %.3f in", len(b.pages), b.margins.inner/72)
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skipf("pdftoppm not installed (Debian package poppler-utils): the pages are not measured")
	}
	path := filepath.Join(t.TempDir(), "600.pdf")
	if err := WriteBookFile(path, puzzles, opts); err != nil {
		t.Fatal(err)
	}
	if got := pdfPages(t, path); got != len(b.pages) {
		t.Errorf("pdfinfo: %d pages, planned %d", got, len(b.pages))
	}
	// a right-hand and a left-hand puzzle page, and the first solution pages
	for _, first := range []int{3, b.solutionsPage} {
		checkMargins(t, path, b.size, 0.75*72, first, inkBounds(t, path, first, first+1))
	}
	// the ink of a full puzzle page reaches the gutter's edge: the margin
	// is the gutter, not more
	ink := inkBounds(t, path, 3, 3)[0]
	if left := float64(ink.Min.X) * 72 / measureDPI; left > 0.75*72+4 {
		t.Errorf("page 3: ink starts %.1fpt from the binding edge, want about %.1fpt", left, 0.75*72)
	}
}

// TestLargePrint checks the symbol size of large-print 9x9 puzzles on
// every trim size: at least 24 points, two puzzles a page where they fit.
func TestLargePrint(t *testing.T) {
	for _, size := range PageSizeNames() {
		ps, _ := ParsePageSize(size)
		c := content(ps, marginsFor(Gutter(300)), 1)
		k := largePrintPerPage(c, 9)
		f := puzzleFrameFor(c, k, true)
		if sym := f.side / 9 * f.scale; sym < largeSymbol {
			t.Errorf("%s: large print, %d a page: symbols of %.1fpt, want at least %.0f", size, k, sym, largeSymbol)
		}
	}
	sh := grid.Shape{BoxRows: 3, BoxCols: 3}
	if _, err := newBook(patternBook(sh, 2), BookOptions{LargePrint: true, PerPage: 4}); err == nil {
		t.Errorf("large print with 4 a page: no error, want one")
	}
}
