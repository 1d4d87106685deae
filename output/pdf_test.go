package output

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

var keepDir = flag.String("keep", "", "also write every test book into this directory, to look at")

// The -update flag rewrites the golden files in testdata. Other tests of
// the package may define it too; it is registered once and read by name.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files in testdata")
	}
}

func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// dataLines returns up to limit lines of a shared data file (all when
// limit is 0), skipping the test when the shared data is missing.
func dataLines(tb testing.TB, name string, limit int) []string {
	lines := gridtest.Lines(tb, name)
	if limit > 0 && len(lines) > limit {
		lines = lines[:limit]
	}
	return lines
}

func dataGrid(tb testing.TB, line string) grid.Grid { return gridtest.Line(tb, line) }

func loadBook(tb testing.TB, puzzles, solutions string, limit int) []Puzzle {
	tb.Helper()
	ps := dataLines(tb, puzzles, limit)
	ss := dataLines(tb, solutions, limit)
	levels := []string{"easy", "medium", "hard", "expert"}
	out := make([]Puzzle, len(ps))
	for i := range ps {
		sol := dataGrid(tb, ss[i])
		out[i] = Puzzle{
			Number:   i + 1,
			Grid:     dataGrid(tb, ps[i]),
			Solution: &sol,
			Level:    levels[i%len(levels)],
			Score:    float64(i%40)/4 + 1,
		}
	}
	return out
}

// patternBook returns count puzzles of shape sh made from the classic
// pattern solution (a valid grid for any box shape) with a fixed share of
// the cells removed. They are printable, not necessarily unique.
func patternBook(sh grid.Shape, count int) []Puzzle {
	n, r, c := sh.N(), sh.BoxRows, sh.BoxCols
	out := make([]Puzzle, count)
	for k := range out {
		sol := grid.New(sh)
		g := grid.New(sh)
		for row := range n {
			for col := range n {
				v := (c*(row%r)+row/r+col+k)%n + 1
				sol.Set(row, col, v)
				if (row*7+col*3+k)%5 < 2 {
					g.Set(row, col, v)
				}
			}
		}
		out[k] = Puzzle{Number: k + 1, Grid: g, Solution: &sol}
	}
	return out
}

func nineByNine(tb testing.TB, limit int) []Puzzle {
	return loadBook(tb, "tdoku/top1465.txt", "tdoku/top1465.solutions.txt", limit)
}

func mustWriteBook(tb testing.TB, puzzles []Puzzle, opts BookOptions) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := WriteBook(&buf, puzzles, opts); err != nil {
		tb.Fatalf("WriteBook(%d puzzles, %+v) = %v", len(puzzles), opts, err)
	}
	return buf.Bytes()
}

// keep writes a book into the -keep directory, when one is given.
func keepPDF(tb testing.TB, name string, pdf []byte) {
	tb.Helper()
	if *keepDir == "" {
		return
	}
	if err := os.MkdirAll(*keepDir, 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*keepDir, name+".pdf"), pdf, 0o644); err != nil {
		tb.Fatal(err)
	}
}

func strictConf() *model.Configuration {
	api.DisableConfigDir()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	return conf
}

// checkPDF validates pdf with pdfcpu in strict mode and checks its page
// count, that every font is embedded, and that page p's text holds the
// strings want[p] (1-based pages).
func checkPDF(t *testing.T, pdf []byte, pages int, want map[int][]string) {
	t.Helper()
	if err := api.Validate(bytes.NewReader(pdf), strictConf()); err != nil {
		t.Fatalf("strict validation: %v", err)
	}
	info, err := api.PDFInfo(bytes.NewReader(pdf), "book.pdf", nil, true, strictConf())
	if err != nil {
		t.Fatalf("PDFInfo: %v", err)
	}
	if info.PageCount != pages {
		t.Errorf("page count = %d, want %d", info.PageCount, pages)
	}
	if len(info.Fonts) == 0 {
		t.Errorf("no fonts listed")
	}
	for _, f := range info.Fonts {
		if !f.Embedded {
			t.Errorf("font %s (%s) is not embedded", f.Name, f.Type)
		}
	}
	if len(want) == 0 {
		return
	}
	text := pageTexts(t, pdf)
	for p, ws := range want {
		for _, w := range ws {
			if !strings.Contains(text[p], w) {
				t.Errorf("page %d text does not contain %q; it is %.200q", p, w, text[p])
			}
		}
	}
}

// pageTexts returns the text shown on each page (1-based), one shown string
// per line. It reads the content streams with pdfcpu and decodes the
// two-byte (Identity-H) strings that the book's fonts use, which here are
// the UTF-16 code units of the text.
func pageTexts(t *testing.T, pdf []byte) map[int]string {
	t.Helper()
	out := map[int]string{}
	err := api.ExtractContent(bytes.NewReader(pdf), nil, func(r io.Reader, page int) error {
		b, err := io.ReadAll(r)
		if err != nil {
			return err
		}
		out[page] = showStrings(b)
		return nil
	}, strictConf())
	if err != nil {
		t.Fatalf("extract content: %v", err)
	}
	return out
}

// showStrings returns the literal strings of a content stream, decoded as
// UTF-16BE, one per line.
func showStrings(content []byte) string {
	var sb strings.Builder
	for i := 0; i < len(content); i++ {
		if content[i] != '(' {
			continue
		}
		var raw []byte
		for i++; i < len(content) && content[i] != ')'; i++ {
			if content[i] == '\\' && i+1 < len(content) {
				i++
				switch content[i] {
				case 'n':
					raw = append(raw, '\n')
				case 'r':
					raw = append(raw, '\r')
				case 't':
					raw = append(raw, '\t')
				default:
					raw = append(raw, content[i])
				}
				continue
			}
			raw = append(raw, content[i])
		}
		u := make([]uint16, len(raw)/2)
		for k := range u {
			u[k] = uint16(raw[2*k])<<8 | uint16(raw[2*k+1])
		}
		sb.WriteString(string(utf16.Decode(u)))
		sb.WriteByte('\n')
	}
	return sb.String()
}

func TestParsePageSize(t *testing.T) {
	tests := []struct {
		in   string
		want string
		err  bool
	}{
		{"", "a4", false},
		{"a4", "a4", false},
		{" A4 ", "a4", false},
		{"letter", "letter", false},
		{"Letter", "letter", false},
		{"6x9", "6x9", false},
		{"6x9in", "6x9", false},
		{"6 x 9 in", "6x9", false},
		{"6inX9", "6x9", false},
		{"6inx9in", "6x9", false},
		{"a5", "a5", false},
		{"5.5x8.5", "5.5x8.5", false},
		{"8.25X11", "8.25x11", false},
		{"6.14x9.21", "6.14x9.21in", false},
		{"6.14inx9.21in", "6.14x9.21in", false},
		{"148x210mm", "148x210mm", false},
		{"9x6", "", true},
		{"3x5", "", true},
		{"6x30", "", true},
		{"1e1x11", "", true},
		{"-6x9", "", true},
		{"6x9cm", "", true},
		{"legal", "", true},
	}
	for _, tt := range tests {
		got, err := ParsePageSize(tt.in)
		if (err != nil) != tt.err || got.Name != tt.want {
			t.Errorf("ParsePageSize(%q) = %v, %v, want %q (error %v)", tt.in, got, err, tt.want, tt.err)
		}
		if err != nil && !strings.Contains(err.Error(), fmt.Sprintf("%q", tt.in)) {
			t.Errorf("ParsePageSize(%q) error %q does not name the input", tt.in, err)
		}
	}
}

func FuzzParsePageSize(f *testing.F) {
	for _, s := range []string{"", "a4", "Letter", "6x9in", "a5", " 6X9 ", "8.5x8.5", "9 X9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePageSize(s)
		if err != nil {
			if p != (PageSize{}) {
				t.Errorf("ParsePageSize(%q) = %v with error %v, want zero PageSize", s, p, err)
			}
			return
		}
		// Square trims (8.5x8.5 in) are books too; wider than high is not.
		if p.Width <= 0 || p.Height < p.Width {
			t.Errorf("ParsePageSize(%q) = %v, want an upright page", s, p)
		}
		q, err := ParsePageSize(p.Name)
		if err != nil || q != p {
			t.Errorf("ParsePageSize(%q) = %v, %v, want %v", p.Name, q, err, p)
		}
	})
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// TestLayouts writes a 9x9 book in every page size and per-page layout and
// checks it with pdfcpu: valid in strict mode, fonts embedded, the expected
// page count, and puzzle numbers on the pages that should show them.
func TestLayouts(t *testing.T) {
	const count = 13
	puzzles := nineByNine(t, count)
	for _, size := range PageSizeNames() {
		for _, per := range perPageChoices {
			name := fmt.Sprintf("%s-%d", size, per)
			t.Run(name, func(t *testing.T) {
				opts := BookOptions{Title: "Test Book", Page: size, PerPage: per, Solutions: true}
				pdf := mustWriteBook(t, puzzles, opts)
				keepPDF(t, name, pdf)
				c := solutionArea(content(mustPage(t, size), marginsFor(Gutter(0)), 1))
				solPer := solutionLayout(9, c, minSolCell).cap()
				puzzlePages := ceilDiv(count, per)
				// title, a blank page, the puzzles from page 3, solutions on
				// the next odd page, and an even page count
				solStart := 3 + puzzlePages + puzzlePages%2
				pages := solStart - 1 + ceilDiv(count, solPer)
				pages += pages % 2
				want := map[int][]string{1: {"Test Book", "13 puzzles"}}
				for i := range count {
					p := 3 + i/per
					want[p] = append(want[p], fmt.Sprintf("Puzzle %d\n", i+1))
				}
				want[solStart] = append(want[solStart], "Solutions")
				want[4] = append(want[4], "\n4\n") // page number
				checkPDF(t, pdf, pages, want)
			})
		}
	}
}

func mustPage(t *testing.T, name string) PageSize {
	p, err := ParsePageSize(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// sizeBooks returns a small book of each supported size, from the shared
// data where it has that size and from the pattern grid otherwise.
func sizeBooks(t *testing.T) map[string][]Puzzle {
	return map[string][]Puzzle{
		"4x4":   patternBook(grid.Shape{BoxRows: 2, BoxCols: 2}, 7),
		"6x6":   patternBook(grid.Shape{BoxRows: 2, BoxCols: 3}, 7),
		"9x9":   nineByNine(t, 7),
		"12x12": patternBook(grid.Shape{BoxRows: 3, BoxCols: 4}, 5),
		"16x16": loadBook(t, "large/16x16.unique.txt", "large/16x16.unique.solutions.txt", 3),
		"25x25": loadBook(t, "large/25x25.unique.txt", "large/25x25.unique.solutions.txt", 2),
		"36x36": patternBook(grid.Shape{BoxRows: 6, BoxCols: 6}, 2),
	}
}

// TestSizes writes every grid size in every page size with the default and
// the largest layout, and checks the per-page caps.
func TestSizes(t *testing.T) {
	books := sizeBooks(t)
	for _, name := range []string{"4x4", "6x6", "9x9", "12x12", "16x16", "25x25", "36x36"} {
		puzzles := books[name]
		n := puzzles[0].Grid.N()
		for _, size := range PageSizeNames() {
			for _, per := range []int{0, 6} {
				t.Run(fmt.Sprintf("%s-%s-%d", name, size, per), func(t *testing.T) {
					pdf := mustWriteBook(t, puzzles, BookOptions{Page: size, PerPage: per, Solutions: true})
					keepPDF(t, fmt.Sprintf("size-%s-%s-%d", name, size, per), pdf)
					k := MaxPerPage(n)
					c := solutionArea(content(mustPage(t, size), marginsFor(Gutter(0)), 1))
					puzzlePages := ceilDiv(len(puzzles), k)
					pages := puzzlePages + puzzlePages%2 + ceilDiv(len(puzzles), solutionLayout(n, c, minSolCell).cap())
					pages += pages % 2
					checkPDF(t, pdf, pages, map[int][]string{1: {"Puzzle 1\n"}})
				})
			}
		}
	}
}

func TestMaxPerPage(t *testing.T) {
	tests := []struct{ n, want int }{{4, 6}, {6, 6}, {9, 6}, {12, 4}, {16, 2}, {25, 1}, {36, 1}}
	for _, tt := range tests {
		if got := MaxPerPage(tt.n); got != tt.want {
			t.Errorf("MaxPerPage(%d) = %d, want %d", tt.n, got, tt.want)
		}
	}
}

func TestSolutionLayout(t *testing.T) {
	// Every size on every page gets at least one solution grid per page,
	// and cells of at least minSolCell whenever more than one shares a page.
	for _, size := range pageSizes {
		c := solutionArea(content(size, marginsFor(Gutter(0)), 1))
		for _, n := range []int{4, 6, 9, 12, 16, 25, 36} {
			l := solutionLayout(n, c, minSolCell)
			s := l.slots(c, solutionGap)[0]
			cell := gridSide(s, solutionLabelSize(s.w)) / float64(n)
			if l.cap() < 1 || (l.cap() > 1 && cell < minSolCell) {
				t.Errorf("solutionLayout(%d, %s) = %v with %.1fpt cells", n, size.Name, l, cell)
			}
			t.Logf("%s %dx%d: %d solutions a page (%dx%d), %.1fpt cells", size.Name, n, n, l.cap(), l.cols, l.rows, cell)
		}
	}
}

// TestMirroredMargins checks that the binding margin alternates sides.
func TestMirroredMargins(t *testing.T) {
	for _, size := range pageSizes {
		m := marginsFor(Gutter(600))
		odd, even := content(size, m, 1), content(size, m, 2)
		if odd.x != m.inner || even.x != m.outer || odd.w != even.w {
			t.Errorf("%s: content boxes %v (odd) and %v (even), want left edges %.0f and %.0f", size.Name, odd, even, m.inner, m.outer)
		}
		if r := size.Width - (even.x + even.w); r != m.inner {
			t.Errorf("%s: even page right margin %.2f, want %.0f", size.Name, r, m.inner)
		}
	}
}

// TestMixedSizes checks that a page never mixes grid sizes.
func TestMixedSizes(t *testing.T) {
	nine := nineByNine(t, 3)
	four := patternBook(grid.Shape{BoxRows: 2, BoxCols: 2}, 3)
	puzzles := []Puzzle{nine[0], nine[1], four[0], four[1], four[2], nine[2]}
	for i := range puzzles {
		puzzles[i].Number = i + 1
	}
	pdf := mustWriteBook(t, puzzles, BookOptions{Page: "letter", PerPage: 6})
	keepPDF(t, "mixed", pdf)
	checkPDF(t, pdf, 4, map[int][]string{
		1: {"Puzzle 1\n", "Puzzle 2\n"},
		2: {"Puzzle 3\n", "Puzzle 5\n"},
		3: {"Puzzle 6\n"},
	})
	if got := pageTexts(t, pdf)[1]; strings.Contains(got, "Puzzle 3\n") {
		t.Errorf("page 1 holds puzzle 3, a 4x4 among 9x9s")
	}
}

func TestDeterministic(t *testing.T) {
	puzzles := nineByNine(t, 20)
	opts := BookOptions{Title: "Same", Page: "6x9", Solutions: true}
	a := mustWriteBook(t, puzzles, opts)
	b := mustWriteBook(t, puzzles, opts)
	if !bytes.Equal(a, b) {
		t.Fatalf("two runs gave different bytes (%d and %d bytes)", len(a), len(b))
	}
	if !bytes.Contains(a, []byte("/CreationDate (D:20260101000000)")) {
		t.Errorf("default creation date missing")
	}

	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	c := mustWriteBook(t, puzzles, opts)
	if !bytes.Contains(c, []byte("/CreationDate (D:20231114221320)")) {
		t.Errorf("SOURCE_DATE_EPOCH=1700000000 not used as the creation date")
	}
	opts.Created = time.Date(2024, 2, 29, 12, 0, 0, 0, time.FixedZone("X", 3600))
	d := mustWriteBook(t, puzzles, opts)
	if !bytes.Contains(d, []byte("/ModDate (D:20240229110000)")) {
		t.Errorf("Created not used (in UTC) as the modification date")
	}

	t.Setenv("SOURCE_DATE_EPOCH", "yesterday")
	err := WriteBook(io.Discard, puzzles, BookOptions{})
	if err == nil || !strings.Contains(err.Error(), "SOURCE_DATE_EPOCH") {
		t.Errorf("WriteBook with SOURCE_DATE_EPOCH=yesterday = %v, want an error naming it", err)
	}
}

// goldenBooks are the books whose SHA-256 is pinned in testdata.
func goldenBooks(t *testing.T) map[string]func() []byte {
	nine := nineByNine(t, 14)
	books := sizeBooks(t)
	out := map[string]func() []byte{}
	out["9x9-6x9-sections"] = func() []byte {
		return mustWriteBook(t, nine, BookOptions{Title: "Golden", Front: "Notes", Page: "6x9", Sections: true, Solutions: true})
	}
	out["9x9-5x8-large"] = func() []byte {
		return mustWriteBook(t, nine, BookOptions{Title: "Golden", Page: "5x8", LargePrint: true, Solutions: true})
	}
	for _, size := range []string{"a4", "letter", "6x9"} {
		for _, per := range perPageChoices {
			out[fmt.Sprintf("9x9-%s-%d", size, per)] = func() []byte {
				return mustWriteBook(t, nine, BookOptions{Title: "Golden", Page: size, PerPage: per, Solutions: true})
			}
		}
	}
	out["variants-6x9-4"] = func() []byte {
		return mustWriteBook(t, variantBook(t), BookOptions{Title: "Golden", Page: "6x9", PerPage: 4, Solutions: true})
	}
	for _, name := range []string{"4x4", "6x6", "12x12", "16x16", "25x25", "36x36"} {
		out[name+"-a4"] = func() []byte {
			return mustWriteBook(t, books[name], BookOptions{Solutions: true})
		}
	}
	return out
}

// TestGolden pins the SHA-256 of a book per layout in testdata, so that any
// change to the output is seen and reviewed. To accept a change, look at the
// new books (-keep DIR) and run go test -run Golden -update.
func TestGolden(t *testing.T) {
	books := goldenBooks(t)
	for _, name := range slices.Sorted(maps.Keys(books)) {
		t.Run(name, func(t *testing.T) {
			pdf := books[name]()
			keepPDF(t, "golden-"+name, pdf)
			sum := sha256.Sum256(pdf)
			checkGolden(t, "book-"+name, hex.EncodeToString(sum[:])+"\n")
		})
	}
}

// checkGolden compares got with testdata/NAME.golden, or with -update
// writes it there.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if updating() {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update to create it)", err, t.Name())
	}
	if got != string(want) {
		t.Errorf("%s:\n%s\nwant (from %s):\n%s", name, got, path, want)
	}
}

// BenchmarkWriteBook writes books with solutions on 6x9in pages: 1,000
// 9x9 puzzles six to a page (the target is under 2 s), smaller books of
// the large sizes, and 1,000 9x9 variant puzzles.
func BenchmarkWriteBook(b *testing.B) {
	for _, bb := range []struct {
		name, puzzles, solutions string
		count                    int
	}{
		{"9x9-1000", "tdoku/top1465.txt", "tdoku/top1465.solutions.txt", 1000},
		{"16x16-100", "large/16x16.unique.txt", "large/16x16.unique.solutions.txt", 100},
		{"25x25-100", "large/25x25.unique.txt", "large/25x25.unique.solutions.txt", 100},
		{"variants-1000", "", "", 1000},
	} {
		b.Run(bb.name, func(b *testing.B) {
			var puzzles []Puzzle
			if bb.puzzles != "" {
				puzzles = loadBook(b, bb.puzzles, bb.solutions, bb.count)
			} else {
				// the test variants in turn, a third of them killer
				// puzzles, whose solutions take more pages
				kinds := variantBook(b)
				for i := range bb.count {
					p := kinds[i%len(kinds)]
					p.Number = i + 1
					puzzles = append(puzzles, p)
				}
			}
			opts := BookOptions{Title: "Benchmark", Page: "6x9", Solutions: true}
			var size int
			b.ReportAllocs()
			for b.Loop() {
				var buf bytes.Buffer
				if err := WriteBook(&buf, puzzles, opts); err != nil {
					b.Fatal(err)
				}
				size = buf.Len()
			}
			b.ReportMetric(float64(len(puzzles))*float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(size), "bytes")
		})
	}
}

func TestWriteBookErrors(t *testing.T) {
	good := nineByNine(t, 2)
	with := func(f func(p *Puzzle)) []Puzzle {
		p := good[0]
		p.Grid = p.Grid.Clone()
		s := p.Solution.Clone()
		p.Solution = &s
		f(&p)
		return []Puzzle{good[1], p}
	}
	small, err := grid.ParseAlphabet("1-4")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		puzzles []Puzzle
		opts    BookOptions
		want    string // in the error message
		index   int    // PuzzleError.Index, -1 for none
	}{
		{"empty", nil, BookOptions{}, "book has no puzzles", -1},
		{"page", good, BookOptions{Page: "b5"}, `page size "b5": want one of a4, a5, letter`, -1},
		{"per page", good, BookOptions{PerPage: 3}, "3 puzzles per page: want 1, 2, 4 or 6", -1},
		{"shape", with(func(p *Puzzle) { p.Grid.Shape = grid.Shape{BoxRows: 1, BoxCols: 9} }), BookOptions{}, "box 1x9", 1},
		{"cells", with(func(p *Puzzle) { p.Grid.Cells = p.Grid.Cells[:80] }), BookOptions{}, "80 cells for a 9x9 grid, want 81", 1},
		{"digit", with(func(p *Puzzle) { p.Grid.Set(2, 3, 10) }), BookOptions{}, "r3c4 holds 10, more than 9", 1},
		{"number", with(func(p *Puzzle) { p.Number = -1 }), BookOptions{}, "number -1", 1},
		{"alphabet", good, BookOptions{Alphabet: &small}, `alphabet "1234" has 4 symbols`, 0},
		{"solution shape", with(func(p *Puzzle) { s := grid.New(grid.Shape{BoxRows: 2, BoxCols: 2}); p.Solution = &s }), BookOptions{}, "solution is 2x2 boxes", 1},
		{"solution wrong", with(func(p *Puzzle) { p.Solution.Cells[0], p.Solution.Cells[1] = p.Solution.Cells[1], p.Solution.Cells[0] }), BookOptions{}, "solution is not a valid filled grid", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := WriteBook(&buf, tt.puzzles, tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("WriteBook(%s) = %v, want an error containing %q", tt.name, err, tt.want)
			}
			if buf.Len() != 0 {
				t.Errorf("WriteBook(%s) wrote %d bytes before failing", tt.name, buf.Len())
			}
			var pe *PuzzleError
			switch {
			case tt.index < 0 && errors.As(err, &pe):
				t.Errorf("WriteBook(%s) = %v, a puzzle error, want an error about the book", tt.name, err)
			case tt.index >= 0 && (!errors.As(err, &pe) || pe.Index != tt.index):
				t.Errorf("WriteBook(%s) = %v, want a PuzzleError with Index %d", tt.name, err, tt.index)
			}
		})
	}
	if err := WriteBook(io.Discard, nil, BookOptions{}); !errors.Is(err, ErrNoPuzzles) {
		t.Errorf("WriteBook(no puzzles) = %v, want ErrNoPuzzles", err)
	}
}

// TestUseCases writes the books of the issue: a self-publisher's 6x9in
// paperback of 150 puzzles six to a page with solutions at the back, a
// teacher's A4 pages of one large puzzle each, and a puzzle site's file of
// puzzles with no levels or solutions.
func TestUseCases(t *testing.T) {
	t.Run("paperback", func(t *testing.T) {
		puzzles := nineByNine(t, 150)
		opts := BookOptions{Title: "150 Hard Sudoku", Page: "6x9", PerPage: 6, Solutions: true}
		pdf := mustWriteBook(t, puzzles, opts)
		keepPDF(t, "paperback", pdf)
		// title, blank, 25 pages of puzzles from page 3, blank, then the
		// solutions from page 29, and a blank to make the count even
		c := solutionArea(content(mustPage(t, "6x9"), marginsFor(Gutter(0)), 1))
		per := solutionLayout(9, c, minSolCell).cap()
		last := 28 + ceilDiv(150, per)
		checkPDF(t, pdf, last+last%2, map[int][]string{
			1:    {"150 Hard Sudoku", "150 puzzles"},
			3:    {"Puzzle 1\n", "Puzzle 6\n", "easy · 1.0 · 18 clues"},
			27:   {"Puzzle 145\n", "Puzzle 150\n"},
			29:   {"Solutions", "\n1\n", fmt.Sprintf("\n%d\n", per)},
			last: {fmt.Sprintf("\n%d\n", 150/per*per+1), "\n150\n"},
		})
	})
	t.Run("classroom", func(t *testing.T) {
		puzzles := nineByNine(t, 5)
		pdf := mustWriteBook(t, puzzles, BookOptions{PerPage: 1})
		checkPDF(t, pdf, 6, map[int][]string{3: {"Puzzle 3\n"}, 5: {"Puzzle 5\n"}})
	})
	t.Run("site", func(t *testing.T) {
		lines := dataLines(t, "royle17/puzzles.txt", 20)
		puzzles := make([]Puzzle, len(lines))
		for i, l := range lines {
			puzzles[i] = Puzzle{Number: 1001 + i, Grid: dataGrid(t, l)}
		}
		pdf := mustWriteBook(t, puzzles, BookOptions{Page: "letter", Solutions: true})
		// no solutions known: no solution pages
		checkPDF(t, pdf, 4, map[int][]string{1: {"Puzzle 1001\n", "17 clues"}, 4: {"Puzzle 1020\n"}})
	})
	t.Run("thousand", func(t *testing.T) {
		if testing.Short() {
			t.Skip("a 1,000-puzzle book in -short mode")
		}
		puzzles := nineByNine(t, 1000)
		pdf := mustWriteBook(t, puzzles, BookOptions{Title: "Thousand", Page: "a4", Solutions: true})
		// title, blank, 167 pages of 6 from page 3 (the book has more than
		// 150 pages: puzzles are laid out with the wider gutter), blank,
		// then the solutions from page 171
		b, err := newBook(puzzles, BookOptions{Title: "Thousand", Page: "a4", Solutions: true})
		if err != nil {
			t.Fatal(err)
		}
		n := len(b.pages)
		checkPDF(t, pdf, n, map[int][]string{169: {"Puzzle 1000\n"}, 171: {"Solutions\n", "\n1\n"}})
		if n%2 != 0 || b.margins.inner != Gutter(n) {
			t.Errorf("%d pages with a %.0fpt gutter, want an even count and %.0fpt", n, b.margins.inner, Gutter(n))
		}
	})
}

func TestNumberByPosition(t *testing.T) {
	puzzles := nineByNine(t, 3)
	for i := range puzzles {
		puzzles[i].Number = 0
	}
	puzzles[1].Number = 42
	pdf := mustWriteBook(t, puzzles, BookOptions{})
	checkPDF(t, pdf, 2, map[int][]string{1: {"Puzzle 1\n", "Puzzle 42\n", "Puzzle 3\n"}})
}

func TestCustomAlphabet(t *testing.T) {
	a, err := grid.ParseAlphabet("A-I")
	if err != nil {
		t.Fatal(err)
	}
	puzzles := nineByNine(t, 1)
	pdf := mustWriteBook(t, puzzles, BookOptions{Alphabet: &a})
	lines := strings.Split(pageTexts(t, pdf)[1], "\n")
	for _, l := range lines {
		if len(l) == 1 && l >= "2" && l <= "9" { // "1" is the page number
			t.Errorf("page text holds digit %q though the alphabet is A-I", l)
		}
	}
	if !slices.Contains(lines, "D") { // the given 4 at r1c1
		t.Errorf("page text lacks the symbol D for digit 4: %q", lines)
	}
}

func TestWriteBookFile(t *testing.T) {
	puzzles := nineByNine(t, 4)
	opts := BookOptions{Page: "letter", Solutions: true}
	dir := t.TempDir()
	path := filepath.Join(dir, "book.pdf")
	if err := WriteBookFile(path, puzzles, opts); err != nil {
		t.Fatalf("WriteBookFile(%q) = %v", path, err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := mustWriteBook(t, puzzles, opts); !bytes.Equal(got, want) {
		t.Errorf("WriteBookFile wrote %d bytes that differ from WriteBook's %d", len(got), len(want))
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("book mode = %v, %v, want 0644", fi.Mode(), err)
	}

	// A failing write leaves the old book alone and no temporary file.
	err = WriteBookFile(path, puzzles, BookOptions{PerPage: 5})
	if err == nil {
		t.Fatalf("WriteBookFile with PerPage 5 = nil, want an error")
	}
	if again, _ := os.ReadFile(path); !bytes.Equal(again, got) {
		t.Errorf("failed WriteBookFile changed the existing book")
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("directory holds %q after a failed write, want only book.pdf", names)
	}

	missing := filepath.Join(dir, "no", "such", "dir", "book.pdf")
	if err := WriteBookFile(missing, puzzles, opts); err == nil {
		t.Errorf("WriteBookFile(%q) = nil, want an error", missing)
	}
}

// tool returns the path of a command-line tool, or skips the test.
func needTool(t *testing.T, name, pkg string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not installed (Debian package %s): %v", name, pkg, err)
	}
	return path
}

// TestPoppler reads a book with the poppler tools, a second reader besides
// pdfcpu: pdfinfo's page count, pdffonts' embedding column and
// pdftotext's text of each page.
func TestPoppler(t *testing.T) {
	pdfinfo := needTool(t, "pdfinfo", "poppler-utils")
	pdffonts := needTool(t, "pdffonts", "poppler-utils")
	pdftotext := needTool(t, "pdftotext", "poppler-utils")
	puzzles := nineByNine(t, 10)
	path := filepath.Join(t.TempDir(), "book.pdf")
	if err := WriteBookFile(path, puzzles, BookOptions{Title: "Poppler", Page: "6x9", PerPage: 4, Solutions: true}); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdfinfo, path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdfinfo: %v\n%s", err, out)
	}
	// title, blank, 3 pages of 4 puzzles, blank, 1 page of solutions, blank
	if !regexp.MustCompile(`(?m)^Pages:\s+8$`).Match(out) || !regexp.MustCompile(`(?m)^Page size:\s+432 x 648 pts`).Match(out) {
		t.Errorf("pdfinfo says:\n%s\nwant 8 pages of 432 x 648 pts", out)
	}
	checkFonts(t, pdffonts, path)
	for page, want := range map[int][]string{1: {"Poppler"}, 3: {"Puzzle 1", "Puzzle 4"}, 5: {"Puzzle 9", "Puzzle 10"}, 7: {"Solutions"}} {
		out, err := exec.Command(pdftotext, "-f", fmt.Sprint(page), "-l", fmt.Sprint(page), path, "-").CombinedOutput()
		if err != nil {
			t.Fatalf("pdftotext: %v\n%s", err, out)
		}
		for _, w := range want {
			if !bytes.Contains(out, []byte(w)) {
				t.Errorf("pdftotext page %d: no %q in\n%s", page, w, out)
			}
		}
	}
}

// checkFonts checks with pdffonts that the PDF at path embeds every font
// it uses, and uses some.
func checkFonts(t *testing.T, pdffonts, path string) {
	t.Helper()
	out, err := exec.Command(pdffonts, path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdffonts: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 3 {
		t.Fatalf("pdffonts lists no fonts:\n%s", out)
	}
	for _, l := range lines[2:] {
		f := strings.Fields(l)
		switch {
		case len(f) < 7 || f[len(f)-5] != "yes":
			t.Errorf("pdffonts: font not embedded: %s", l)
		case f[len(f)-4] != "yes":
			t.Errorf("pdffonts: font embedded whole or without a subset tag: %s", l)
		}
	}
}

// The subset names take the place of fpdf's without moving a byte, and a
// book names no font as fpdf does.
func TestSubsetNames(t *testing.T) {
	for _, n := range subsetNames {
		if len(n.fpdf) != len(n.tagged) {
			t.Errorf("%s and %s: lengths %d and %d", n.fpdf, n.tagged, len(n.fpdf), len(n.tagged))
		}
	}
	var buf bytes.Buffer
	if err := WriteBook(&buf, sizeBooks(t)["9x9"], BookOptions{Title: "Fonts"}); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(buf.Bytes(), []byte("/utf8")) {
		t.Error("a font keeps fpdf's name")
	}
	for _, n := range subsetNames {
		if got := bytes.Count(buf.Bytes(), []byte(n.tagged+"\n")); got != 3 {
			t.Errorf("%s named %d times, want 3 (the font, its CID font and its descriptor)", n.tagged, got)
		}
	}
}

func TestQpdfCheck(t *testing.T) {
	qpdf := needTool(t, "qpdf", "qpdf")
	books := sizeBooks(t)
	dir := t.TempDir()
	for _, name := range slices.Sorted(maps.Keys(books)) {
		path := filepath.Join(dir, name+".pdf")
		if err := WriteBookFile(path, books[name], BookOptions{Title: name, Solutions: true}); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(qpdf, "--check", path).CombinedOutput(); err != nil {
			t.Errorf("qpdf --check %s: %v\n%s", name, err, out)
		}
	}
}

// render draws page of pdf with pdftoppm at dpi dots per inch and returns
// it as a grey image.
func renderPage(t *testing.T, pdf []byte, page, dpi int) *image.Gray {
	t.Helper()
	pdftoppm := needTool(t, "pdftoppm", "poppler-utils")
	dir := t.TempDir()
	in := filepath.Join(dir, "book.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	p := fmt.Sprint(page)
	cmd := exec.Command(pdftoppm, "-r", fmt.Sprint(dpi), "-gray", "-png", "-f", p, "-l", p, "-singlefile", in, filepath.Join(dir, "page"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	f, err := os.Open(filepath.Join(dir, "page.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	g := image.NewGray(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			g.Set(x, y, img.At(x, y))
		}
	}
	return g
}

// lines returns the positions of the rows (or, with cols, the columns) of
// img whose longest run of dark pixels is at least min long, merging
// neighbours into one line at their middle.
func gridLines(img *image.Gray, cols bool, min int) []float64 {
	b := img.Bounds()
	outer, inner := b.Dy(), b.Dx()
	if cols {
		outer, inner = inner, outer
	}
	var out []float64
	start := -1
	for i := 0; i <= outer; i++ {
		long := false
		if i < outer {
			run := 0
			for j := 0; j < inner && !long; j++ {
				x, y := j, i
				if cols {
					x, y = i, j
				}
				if img.GrayAt(b.Min.X+x, b.Min.Y+y).Y < 128 {
					run++
					long = run >= min
				} else {
					run = 0
				}
			}
		}
		switch {
		case long && start < 0:
			start = i
		case !long && start >= 0:
			out = append(out, float64(start+i-1)/2)
			start = -1
		}
	}
	return out
}

// TestRender renders a one-puzzle page at 50 dpi and checks what a reader
// would see: the page is not blank, the grid has 10 lines each way (its
// thin lines survive at low resolution), it is square and as large as
// planned, and the given in the first cell is centred in it.
func TestRender(t *testing.T) {
	const dpi = 50
	puzzles := nineByNine(t, 1) // r1c1 holds a 4
	for _, size := range PageSizeNames() {
		t.Run(size, func(t *testing.T) {
			pdf := mustWriteBook(t, puzzles, BookOptions{Page: size, PerPage: 1})
			img := renderPage(t, pdf, 1, dpi)
			scale := dpi / 72.0
			ps := mustPage(t, size)
			c := content(ps, marginsFor(Gutter(0)), 1)
			side := puzzleFrameFor(c, 1, false).side * scale

			rows := gridLines(img, false, int(side*0.9))
			cols := gridLines(img, true, int(side*0.9))
			if len(rows) != 10 || len(cols) != 10 {
				t.Fatalf("found %d horizontal and %d vertical grid lines, want 10 each (rows %v, cols %v)", len(rows), len(cols), rows, cols)
			}
			w, h := cols[9]-cols[0], rows[9]-rows[0]
			if math.Abs(w-h) > 1.5 || math.Abs(w-side) > 2 {
				t.Errorf("grid is %.1f x %.1f pixels, want a square of %.1f", w, h, side)
			}
			for i := 1; i < 10; i++ {
				if d := cols[i] - cols[i-1]; math.Abs(d-side/9) > 1.5 {
					t.Errorf("column %d is %.1f pixels wide, want %.1f", i, d, side/9)
				}
			}

			// ink of the digit in r1c1, inside the cell and clear of its lines
			x0, x1 := int(cols[0])+3, int(cols[1])-2
			y0, y1 := int(rows[0])+3, int(rows[1])-2
			minX, minY, maxX, maxY := x1, y1, x0, y0
			for y := y0; y <= y1; y++ {
				for x := x0; x <= x1; x++ {
					if img.GrayAt(x, y).Y < 128 {
						minX, maxX = min(minX, x), max(maxX, x)
						minY, maxY = min(minY, y), max(maxY, y)
					}
				}
			}
			if minX > maxX {
				t.Fatalf("cell r1c1 is blank, want the given 4")
			}
			inkX, inkY := float64(minX+maxX)/2, float64(minY+maxY)/2
			cellX, cellY := (cols[0]+cols[1])/2, (rows[0]+rows[1])/2
			t.Logf("grid %.1f x %.1f px (planned %.1f); digit centre (%.1f, %.1f), cell centre (%.1f, %.1f)", w, h, side, inkX, inkY, cellX, cellY)
			if math.Abs(inkX-cellX) > 1.5 || math.Abs(inkY-cellY) > 1.5 {
				t.Errorf("digit in r1c1 centred at (%.1f, %.1f), cell centre (%.1f, %.1f)", inkX, inkY, cellX, cellY)
			}
		})
	}
}

// TestLongTitle checks that titles wrap and that a very long one is cut
// short rather than run off the title page.
func TestLongTitle(t *testing.T) {
	puzzles := nineByNine(t, 1)
	long := strings.Repeat("Sudoku for the long winter evenings, ", 100)
	for _, tt := range []struct {
		title string
		want  []string
	}{
		{"The Big Book of Extremely Hard Sudoku Puzzles for the Long Winter Evenings", []string{"The Big Book", "Evenings\n"}},
		{long, []string{"Sudoku for the long", " …\n"}},
		{strings.Repeat("x", 500), []string{"xxxxxxxxxx"}},
	} {
		pdf := mustWriteBook(t, puzzles, BookOptions{Title: tt.title, Page: "6x9"})
		keepPDF(t, fmt.Sprintf("title-%d", len(tt.title)), pdf)
		checkPDF(t, pdf, 4, map[int][]string{1: tt.want}) // title, blank, puzzle, blank
		img := renderPage(t, pdf, 1, 50)
		// nothing drawn in the outer 30 points of the page
		edge := 30 * 50 / 72
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				inside := x >= edge && x < b.Max.X-edge && y >= edge && y < b.Max.Y-edge
				if !inside && img.GrayAt(x, y).Y < 200 {
					t.Fatalf("title %.20q...: ink at (%d, %d), in the page margin", tt.title, x, y)
				}
			}
		}
	}
}

func TestDrawable(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Hard", "Hard"},
		{"Судоку · Σudoku", "Судоку · Σudoku"},
		{"emoji 😀", "emoji ?"},
		{"bad \xff byte", "bad ? byte"},
		{"日本", "??"},
		{"tab\there", "tab?here"},
		{"", ""},
	}
	for _, tt := range tests {
		if got, err := drawable(tt.in); got != tt.want || err != nil {
			t.Errorf("drawable(%q) = %q, %v, want %q", tt.in, got, err, tt.want)
		}
	}
}

// FuzzBookText writes books with any title and level: the writer must not
// fail or panic, the PDF must pass strict validation, and short titles
// must show on the title page as drawable makes them.
func FuzzBookText(f *testing.F) {
	for _, s := range []string{"Hard", "Судоку", "emoji 😀", "bad \xff", "日本語", "(paren) \\ back", "\x00", "\u2028", ""} {
		f.Add(s, s)
	}
	puzzles := nineByNine(f, 2)
	conf := strictConf()
	f.Fuzz(func(t *testing.T, title, level string) {
		ps := slices.Clone(puzzles)
		ps[0].Level = level
		var buf bytes.Buffer
		if err := WriteBook(&buf, ps, BookOptions{Title: title, Front: title + "\n" + level, Solutions: true}); err != nil {
			t.Fatalf("WriteBook(title %q, level %q) = %v", title, level, err)
		}
		if err := api.Validate(bytes.NewReader(buf.Bytes()), conf); err != nil {
			t.Fatalf("WriteBook(title %q, level %q): strict validation: %v", title, level, err)
		}
		want, _ := drawable(title)
		if title != "" && utf8.RuneCountInString(want) < 16 && !strings.Contains(pageTexts(t, buf.Bytes())[1], want) {
			t.Errorf("WriteBook(title %q): title page lacks %q", title, want)
		}
	})
}
