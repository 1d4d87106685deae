package output

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"

	"github.com/sudokugen/sudokugen/grid"
)

// longPath returns a path of total steps of which the first shown are
// given: runs of three singles between steps in words, each long enough
// to wrap on a 6x9 page.
func longPath(total, shown int) *Path {
	p := &Path{Level: "hard", Solved: true, Total: total, BreakIn: 4, Hardest: "naked pair (3.0)", HardestStep: 4}
	for n := 0; n < shown; {
		if n%4 == 3 {
			p.Steps = append(p.Steps, PathStep{Text: fmt.Sprintf("Step number %d removes a digit: naked pair 3 and 4 in r1c7, r3c7 (column 7), so r4c7, r5c7, r6c7, r7c7, r8c7 and r9c7 cannot be 3 or 4", n+1)})
			n++
			continue
		}
		k := len(p.Steps)
		if k == 0 || p.Steps[k-1].Text != "" {
			p.Steps = append(p.Steps, PathStep{})
			k++
		}
		p.Steps[k-1].Singles = append(p.Steps[k-1].Singles, Single{Cell: grid.Cell{Row: n % 9, Col: n / 9 % 9}, Digit: n%9 + 1})
		n++
	}
	return p
}

// TestPaths checks the solving paths section of a book: after the puzzles
// and before the solutions, on a right-hand page, in the contents and the
// bookmarks; every step that is not a single in full, the singles in
// short, a long path run on across pages under a "continued" heading,
// the steps left out and the puzzles without a path said, and no ink in
// the margins.
func TestPaths(t *testing.T) {
	puzzles := nineByNine(t, 3)
	path := longPath(500, 400)
	puzzles[0].Path = path
	puzzles[1].Path = &Path{Note: "the rating ran past --timeout"}
	opts := BookOptions{Page: "6x9", Sections: true, Solutions: true, Paths: true}
	b, err := newBook(puzzles, opts)
	if err != nil {
		t.Fatal(err)
	}
	last := b.sections[len(b.sections)-1].page
	if p := b.pathsPage; p%2 != 1 || p <= last || p >= b.solutionsPage {
		t.Fatalf("solving paths on page %d, want an odd page after the puzzles (from page %d) and before the solutions (%d)", p, last, b.solutionsPage)
	}
	pdf := mustWriteBook(t, puzzles, opts)
	keepPDF(t, "paths", pdf)
	text := pageTexts(t, pdf)
	if !strings.Contains(text[b.pathsPage], "Solving paths\n") || strings.Contains(text[b.pathsPage-1], "Solving paths\n") {
		t.Errorf("page %d does not open the solving paths:\n%.300s", b.pathsPage, text[b.pathsPage])
	}
	if !strings.Contains(text[1], "Solving paths\n") || !strings.Contains(text[1], fmt.Sprintf("\n%d\n", b.pathsPage)) {
		t.Errorf("the contents give no solving paths on page %d:\n%s", b.pathsPage, text[1])
	}
	n := b.puzzles[0].Number // puzzle 1's number in book order
	flat, pages, continued := pathsText(b, text, n)
	if continued == 0 {
		t.Errorf("puzzle %d runs on to no page under a continued heading", n)
	}
	if pages < 3 {
		t.Errorf("the solving paths take %d pages, want at least 3 for 400 steps", pages)
	}
	want := []string{
		fmt.Sprintf("Puzzle %d ", n),
		"Logic solves it in 500 steps. Break-in: step 4. Hardest step: 4, naked pair (3.0).",
		"1–3. 3 singles: r1c1=1, r2c1=2, r3c1=3 ",
		"Steps 401 to 500 are not shown.",
		"No solving path: the rating ran past --timeout.",
		"No solving path: the puzzle was not rated.",
	}
	for _, s := range path.Steps {
		if s.Text != "" {
			want = append(want, s.Text)
		}
	}
	for _, w := range want {
		if !strings.Contains(flat, w) {
			t.Errorf("the solving paths lack %q", w)
		}
	}
	bms, err := api.Bookmarks(bytes.NewReader(pdf), strictConf())
	if err != nil {
		t.Fatalf("bookmarks: %v", err)
	}
	if !slices.ContainsFunc(bms, func(bm pdfcpu.Bookmark) bool { return bm.Title == "Solving paths" && bm.PageFrom == b.pathsPage }) {
		t.Errorf("bookmarks %v, want Solving paths at page %d among them", bms, b.pathsPage)
	}
	checkPDF(t, pdf, len(b.pages), nil)

	// without Paths, none of it
	plain := pageTexts(t, mustWriteBook(t, puzzles, BookOptions{Page: "6x9", Sections: true, Solutions: true}))
	for p, s := range plain {
		if strings.Contains(s, "Solving paths") || strings.Contains(s, "singles:") {
			t.Errorf("a book without Paths has solving paths on page %d", p)
		}
	}

	file := filepath.Join(t.TempDir(), "paths.pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	inks := inkBounds(t, file, b.pathsPage, b.solutionsPage-1)
	for i, r := range inks {
		if r.Empty() && b.pages[b.pathsPage-1+i].kind == pathPage {
			t.Errorf("page %d of solving paths is blank", b.pathsPage+i)
		}
	}
	checkMargins(t, file, b.size, Gutter(len(b.pages)), b.pathsPage, inks)
}

// pathsText returns the text of the solving paths section of book b,
// whose pages have the text text, as one line, less each page's heading,
// number and "continued" heading of puzzle n, so that a step broken
// across two pages reads whole; with the count of its pages and of the
// pages that puzzle n runs on to.
func pathsText(b *book, text map[int]string, n int) (flat string, pages, continued int) {
	var all strings.Builder
	for p := b.pathsPage; p < b.solutionsPage; p++ {
		lines := strings.Split(strings.TrimSuffix(text[p], "\n"), "\n")
		if len(lines) < 3 || lines[0] != "Solving paths" || lines[len(lines)-1] != fmt.Sprint(p) {
			continue
		}
		pages++
		lines = lines[1 : len(lines)-1]
		if lines[0] == fmt.Sprintf("Puzzle %d, continued", n) && len(lines) > 2 && strings.HasSuffix(lines[1], " clues") {
			lines = lines[2:] // and its level and clues on the right
			continued++
		}
		all.WriteString(strings.Join(lines, " ") + " ")
	}
	return all.String(), pages, continued
}
