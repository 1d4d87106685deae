package output

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
)

// mixedBook returns 40 puzzles whose levels and scores come in no order.
func mixedBook(t *testing.T) []Puzzle {
	puzzles := nineByNine(t, 40)
	levels := []string{"hard", "easy", "expert", "medium", "easy"}
	for i := range puzzles {
		puzzles[i].Level = levels[i%len(levels)]
		puzzles[i].Score = float64((i*7)%40) / 4
	}
	return puzzles
}

// TestSections checks the structure of a book in sections: easiest first,
// scores rising within each, puzzles numbered in book order, a heading
// page per section and the solutions on right-hand pages, a contents page
// that gives those pages, and bookmarks that point at them.
func TestSections(t *testing.T) {
	puzzles := mixedBook(t)
	opts := BookOptions{Title: "Mixed", Front: "Copyright 2026 Example Press\n\nAll rights reserved.", Page: "6x9", Sections: true, Solutions: true}
	b, err := newBook(puzzles, opts)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range b.sections {
		names = append(names, s.name)
		for k := 1; k < len(s.order); k++ {
			prev, p := b.puzzles[s.order[k-1]], b.puzzles[s.order[k]]
			if p.Score < prev.Score || p.Number != prev.Number+1 {
				t.Errorf("section %s: puzzle %d (score %.1f) after %d (score %.1f)", s.name, p.Number, p.Score, prev.Number, prev.Score)
			}
		}
	}
	if want := []string{"Easy", "Medium", "Hard", "Expert"}; !slices.Equal(names, want) {
		t.Errorf("sections %q, want %q", names, want)
	}
	pdf := mustWriteBook(t, puzzles, opts)
	keepPDF(t, "sections", pdf)
	text := pageTexts(t, pdf)
	checkStarts(t, b, text)
	want := map[int][]string{1: {"Mixed"}, 2: {"Copyright 2026 Example Press\n", "All rights reserved.\n"}, 3: {"Contents\n"}}
	for _, s := range b.sections {
		want[3] = append(want[3], s.name+"\n", fmt.Sprintf("\n%d\n", s.page))
		want[s.page] = append(want[s.page], puzzleRangeTitle(s))
	}
	want[3] = append(want[3], "Solutions\n", fmt.Sprintf("\n%d\n", b.solutionsPage))
	checkPDF(t, pdf, len(b.pages), want)

	bms, err := api.Bookmarks(bytes.NewReader(pdf), strictConf())
	if err != nil {
		t.Fatalf("bookmarks: %v", err)
	}
	var got []string
	for _, bm := range bms {
		got = append(got, fmt.Sprintf("%s@%d", bm.Title, bm.PageFrom))
	}
	wantBM := []string{"Contents@3"}
	for _, s := range b.sections {
		wantBM = append(wantBM, fmt.Sprintf("%s@%d", s.name, s.page))
	}
	wantBM = append(wantBM, fmt.Sprintf("Solutions@%d", b.solutionsPage))
	if !slices.Equal(got, wantBM) {
		t.Errorf("bookmarks %q, want %q", got, wantBM)
	}
}

func puzzleRangeTitle(s section) string { return sectionDetail(s) + "\n" }

// TestBookTools checks a mixed book of sections, a large-print book and a
// book on a custom trim with the outside tools: qpdf --check passes,
// pdffonts lists every font as embedded, and the same input gives the
// same bytes.
func TestBookTools(t *testing.T) {
	qpdf := needTool(t, "qpdf", "qpdf")
	pdffonts := needTool(t, "pdffonts", "poppler-utils")
	puzzles := mixedBook(t)
	dir := t.TempDir()
	for name, opts := range map[string]BookOptions{
		"sections": {Title: "Mixed", Front: "Notes", Page: "6x9", Sections: true, Solutions: true},
		"large":    {Title: "Large", Page: "8.5x11", LargePrint: true, Solutions: true},
		"custom":   {Title: "Custom", Page: "150x230mm", PerPage: 4, Solutions: true},
	} {
		a, b := mustWriteBook(t, puzzles, opts), mustWriteBook(t, puzzles, opts)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two runs gave different bytes", name)
		}
		path := filepath.Join(dir, name+".pdf")
		if err := WriteBookFile(path, puzzles, opts); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(qpdf, "--check", path).CombinedOutput(); err != nil {
			t.Errorf("qpdf --check %s: %v\n%s", name, err, out)
		}
		out, err := exec.Command(pdffonts, path).CombinedOutput()
		if err != nil {
			t.Fatalf("pdffonts: %v\n%s", err, out)
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if len(lines) < 4 { // header, rule, regular and bold
			t.Errorf("pdffonts %s lists fewer than 2 fonts:\n%s", name, out)
		}
		for _, l := range lines[2:] {
			if f := strings.Fields(l); len(f) < 7 || f[len(f)-5] != "yes" {
				t.Errorf("pdffonts %s: font not embedded: %s", name, l)
			}
		}
	}
}

// TestBookmarksPlain checks the outline of a book without sections: the
// puzzles and the solutions.
func TestBookmarksPlain(t *testing.T) {
	puzzles := nineByNine(t, 8)
	opts := BookOptions{Title: "Plain", Page: "6x9", Solutions: true}
	b, err := newBook(puzzles, opts)
	if err != nil {
		t.Fatal(err)
	}
	bms, err := api.Bookmarks(bytes.NewReader(mustWriteBook(t, puzzles, opts)), strictConf())
	if err != nil {
		t.Fatalf("bookmarks: %v", err)
	}
	var got []string
	for _, bm := range bms {
		got = append(got, fmt.Sprintf("%s@%d", bm.Title, bm.PageFrom))
	}
	want := []string{"Puzzles@3", fmt.Sprintf("Solutions@%d", b.solutionsPage)}
	if !slices.Equal(got, want) {
		t.Errorf("bookmarks %q, want %q", got, want)
	}
}
