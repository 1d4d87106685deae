package output

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/sudokugen/sudokugen/grid"
)

var (
	update  = flag.Bool("update", false, "rewrite the golden hashes in testdata")
	keepDir = flag.String("keep", "", "also write every test book into this directory, to look at")
)

const dataDir = "../../shared/data"

// readLines returns the lines of a data file, or skips the test when the
// shared data is missing.
func readLines(tb testing.TB, name string, limit int) []string {
	tb.Helper()
	f, err := os.Open(filepath.Join(dataDir, name))
	if errors.Is(err, os.ErrNotExist) {
		tb.Skipf("shared puzzle data not found at %s: %v", dataDir, err)
	}
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() && (limit <= 0 || len(lines) < limit) {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			lines = append(lines, l)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return lines
}

// parseLine reads one puzzle line of the shared data: N*N symbols of the
// default alphabet, '.' for empty cells.
func parseLine(tb testing.TB, line string) grid.Grid {
	tb.Helper()
	sh, err := grid.ShapeOfCells(len(line))
	if err != nil {
		tb.Fatalf("line %q: %v", line, err)
	}
	g := grid.New(sh)
	a := grid.DefaultAlphabet(sh.N())
	for i := 0; i < len(line); i++ {
		d, ok := a.Digit(line[i])
		if !ok {
			tb.Fatalf("line %q: symbol %q at column %d", line, line[i], i+1)
		}
		g.Cells[i] = uint8(d)
	}
	return g
}

// loadBook returns up to limit puzzles of a shared data file with their
// solutions, labelled with made-up difficulties.
func loadBook(tb testing.TB, puzzles, solutions string, limit int) []Puzzle {
	tb.Helper()
	ps := readLines(tb, puzzles, limit)
	ss := readLines(tb, solutions, limit)
	levels := []string{"easy", "medium", "hard", "expert"}
	out := make([]Puzzle, len(ps))
	for i := range ps {
		sol := parseLine(tb, ss[i])
		out[i] = Puzzle{
			Number:   i + 1,
			Grid:     parseLine(tb, ps[i]),
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

func writeBook(tb testing.TB, puzzles []Puzzle, opts BookOptions) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := WriteBook(&buf, puzzles, opts); err != nil {
		tb.Fatalf("WriteBook(%d puzzles, %+v) = %v", len(puzzles), opts, err)
	}
	return buf.Bytes()
}

// keep writes a book into the -keep directory, when one is given.
func keep(tb testing.TB, name string, pdf []byte) {
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
		{"a5", "", true},
		{"9x6", "", true},
		{"legal", "", true},
	}
	for _, tt := range tests {
		got, err := ParsePageSize(tt.in)
		if (err != nil) != tt.err || got.Name != tt.want {
			t.Errorf("ParsePageSize(%q) = %v, %v, want %q (error %v)", tt.in, got, err, tt.want, tt.err)
		}
		if err != nil && !strings.Contains(err.Error(), "a4, letter, 6x9") {
			t.Errorf("ParsePageSize(%q) error %q does not list the valid names", tt.in, err)
		}
	}
}

func FuzzParsePageSize(f *testing.F) {
	for _, s := range []string{"", "a4", "Letter", "6x9in", "a5", " 6X9 "} {
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
		if p.Width <= 0 || p.Height <= p.Width {
			t.Errorf("ParsePageSize(%q) = %v, want a portrait page", s, p)
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
				pdf := writeBook(t, puzzles, opts)
				keep(t, name, pdf)
				c := content(mustPage(t, size), marginsFor(mustPage(t, size)), 1)
				solPer := solutionLayout(9, c).cap()
				puzzlePages := ceilDiv(count, per)
				pages := 1 + puzzlePages + ceilDiv(count, solPer)
				want := map[int][]string{1: {"Test Book", "13 puzzles"}}
				for i := range count {
					p := 2 + i/per
					want[p] = append(want[p], fmt.Sprintf("Puzzle %d\n", i+1))
				}
				lastSol := fmt.Sprintf("\n%d\n", count)
				want[pages] = append(want[pages], "Solutions", lastSol)
				want[2] = append(want[2], "\n2\n") // page number
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
					pdf := writeBook(t, puzzles, BookOptions{Page: size, PerPage: per, Solutions: true})
					keep(t, fmt.Sprintf("size-%s-%s-%d", name, size, per), pdf)
					k := MaxPerPage(n)
					c := content(mustPage(t, size), marginsFor(mustPage(t, size)), 1)
					pages := ceilDiv(len(puzzles), k) + ceilDiv(len(puzzles), solutionLayout(n, c).cap())
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
		c := content(size, marginsFor(size), 1)
		for _, n := range []int{4, 6, 9, 12, 16, 25, 36} {
			l := solutionLayout(n, c)
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
		m := marginsFor(size)
		odd, even := content(size, m, 1), content(size, m, 2)
		if m.inner <= m.outer {
			t.Errorf("%s: inner margin %.0f is not wider than outer %.0f", size.Name, m.inner, m.outer)
		}
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
	pdf := writeBook(t, puzzles, BookOptions{Page: "letter", PerPage: 6})
	keep(t, "mixed", pdf)
	checkPDF(t, pdf, 3, map[int][]string{
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
	a := writeBook(t, puzzles, opts)
	b := writeBook(t, puzzles, opts)
	if !bytes.Equal(a, b) {
		t.Fatalf("two runs gave different bytes (%d and %d bytes)", len(a), len(b))
	}
	if !bytes.Contains(a, []byte("/CreationDate (D:20260101000000)")) {
		t.Errorf("default creation date missing")
	}

	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	c := writeBook(t, puzzles, opts)
	if !bytes.Contains(c, []byte("/CreationDate (D:20231114221320)")) {
		t.Errorf("SOURCE_DATE_EPOCH=1700000000 not used as the creation date")
	}
	opts.Created = time.Date(2024, 2, 29, 12, 0, 0, 0, time.FixedZone("X", 3600))
	d := writeBook(t, puzzles, opts)
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
	for _, size := range PageSizeNames() {
		for _, per := range perPageChoices {
			out[fmt.Sprintf("9x9-%s-%d", size, per)] = func() []byte {
				return writeBook(t, nine, BookOptions{Title: "Golden", Page: size, PerPage: per, Solutions: true})
			}
		}
	}
	for _, name := range []string{"4x4", "6x6", "12x12", "16x16", "25x25", "36x36"} {
		out[name+"-a4"] = func() []byte {
			return writeBook(t, books[name], BookOptions{Solutions: true})
		}
	}
	return out
}

// TestGolden pins a hash per layout, so that any change to the output is
// seen and reviewed; run with -update to accept a change (and look at the
// new books with -keep first).
func TestGolden(t *testing.T) {
	books := goldenBooks(t)
	var sb strings.Builder
	for _, name := range slices.Sorted(maps.Keys(books)) {
		pdf := books[name]()
		sum := sha256.Sum256(pdf)
		fmt.Fprintf(&sb, "%s %s\n", hex.EncodeToString(sum[:]), name)
		keep(t, "golden-"+name, pdf)
	}
	path := filepath.Join("testdata", "book.golden")
	if *update {
		if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got := sb.String(); got != string(want) {
		t.Errorf("book hashes differ from %s:\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}
