package serve

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
)

var screenshots = flag.String("screenshots", "", "also save the browser test's screenshots in this folder")

// chromium returns the path of a Chromium, skipping the test without one.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("chromium not found: install Debian's chromium to run the browser test (.ci/run does)")
	return ""
}

// TestBrowser drives the page in a headless Chromium: a pasted puzzle
// with two solutions, a unique puzzle typed into the grid, a PDF book of
// four generated puzzles, a killer and a jigsaw checked and drawn (the
// jigsaw's two witnesses shown), and killers generated and made a book.
func TestBrowser(t *testing.T) {
	exe := chromium(t)
	if testing.Short() {
		t.Skip("the browser test takes several seconds; run without -short")
	}
	s, _ := newTestServer(t, Config{})
	ts := httptest.NewServer(s)
	defer ts.Close()

	// Chromium's helper processes may still write to its profile for a
	// moment after it quits: remove it with retries, not with t.TempDir.
	profile, err := os.MkdirTemp("", "sudokugen-chromium")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for range 20 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(250 * time.Millisecond)
		}
		t.Logf("could not remove %s", profile)
	})
	downloads := t.TempDir()
	shots := t.TempDir()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile), chromedp.WindowSize(1280, 900))
	actx, cancel := chromedp.NewExecAllocator(t.Context(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	defer cancel()

	shot := shooter(shots, func(png *[]byte) chromedp.Action { return chromedp.FullScreenshot(png, 100) })
	run := func(what string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}

	run("load the page",
		browser.SetDownloadBehavior(browser.SetDownloadBehaviorBehaviorAllow).WithDownloadPath(downloads),
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible("#cell-9-9", chromedp.ByID),
		shot("1-empty.png"))

	// Paste a puzzle with two solutions.
	run("paste a puzzle with several solutions",
		setValue("#puzzles", multiplePuzzle+"\n"),
		chromedp.Click("#verify", chromedp.ByQuery),
		chromedp.WaitVisible("article.card.multiple", chromedp.ByQuery),
		shot("2-multiple.png"))
	checkTwoSolutions(t, run)

	// Type a unique puzzle into the grid, cell by cell: '.' types a space.
	keys := strings.ReplaceAll(uniquePuzzle, ".", " ")
	var verdict string
	run("type a unique puzzle",
		setValue("#puzzles", ""),
		chromedp.Click("#cell-1-1", chromedp.ByQuery),
		chromedp.SendKeys("#cell-1-1", keys, chromedp.ByQuery),
		shot("3-typed.png"),
		chromedp.Click("#verify", chromedp.ByQuery),
		chromedp.WaitVisible("article.card.unique", chromedp.ByQuery),
		chromedp.Text("article.card.unique .verdict", &verdict, chromedp.ByQuery),
		shot("4-unique.png"))
	if verdict != "unique" {
		t.Errorf("verdict %q, want unique", verdict)
	}
	var typed string
	run("read the grid", chromedp.Evaluate(`[...document.querySelectorAll("#editor input")].map(i => i.value || ".").join("")`, &typed))
	if typed != uniquePuzzle {
		t.Errorf("grid holds %s, want %s", typed, uniquePuzzle)
	}

	// An invalid puzzle: the clashing cells are marked.
	var clashes int
	run("paste a puzzle whose givens clash",
		setValue("#puzzles", clashPuzzle+"\n"),
		chromedp.Click("#verify", chromedp.ByQuery),
		chromedp.WaitVisible("article.card.invalid td.clash", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("article.card.invalid td.clash").length`, &clashes),
		shot("5-invalid.png"))
	if clashes != 2 {
		t.Errorf("%d cells marked as clashing, want 2", clashes)
	}

	// Rate with the steps.
	run("rate a puzzle",
		setValue("#puzzles", uniquePuzzle+"\n"),
		chromedp.Click("#steps", chromedp.ByQuery),
		chromedp.Click("#rate", chromedp.ByQuery),
		chromedp.WaitVisible("details.steps", chromedp.ByQuery),
		chromedp.Click("details.steps summary", chromedp.ByQuery),
		shot("6-rated.png"))

	// Generate four puzzles, then download them as a PDF book.
	var shown int
	run("generate four puzzles",
		setValue("#g-count", "4"),
		setValue("#g-seed", "7"),
		chromedp.Click("#generate", chromedp.ByQuery),
		chromedp.WaitVisible("#generated article.card", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("#generated article.card").length`, &shown),
		shot("7-generated.png"))
	if shown != 4 {
		t.Errorf("%d generated puzzles shown, want 4", shown)
	}
	run("download the PDF",
		chromedp.Click("#download-pdf", chromedp.ByQuery),
		chromedp.WaitVisible("#download-link", chromedp.ByQuery))
	pdf := waitFile(t, filepath.Join(downloads, "sudoku-7.pdf"))
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("download is not a PDF: %q", pdf[:min(20, len(pdf))])
	}
	checkPDFInfo(t, filepath.Join(downloads, "sudoku-7.pdf"))

	// A book of the puzzles made, laid out as the book form says: 6x9,
	// sections by level with a contents page, a title and a notes page.
	run("make a book of the puzzles made",
		setValue("#b-title", "Four from the page"),
		chromedp.SetValue("#b-page", "6x9", chromedp.ByQuery),
		chromedp.Click("#b-sections", chromedp.ByQuery),
		setValue("#b-front", "Made by the browser test."),
		chromedp.ScrollIntoView("#book-made", chromedp.ByQuery),
		chromedp.Click("#book-made", chromedp.ByQuery),
		chromedp.WaitVisible("#book-link", chromedp.ByQuery),
		shot("8-book.png"))
	book := waitFile(t, filepath.Join(downloads, "sudoku-book.pdf"))
	checkBookMade(t, book)

	// Variants: a killer with one solution and a jigsaw with two, drawn
	// by the service with their cages and regions, the jigsaw's two
	// witnesses with the cells where they differ shaded, each with links
	// that open it in SudokuPad and f-puzzles.
	killer, _ := killerPuzzle(t)
	jigsaw, _ := jigsawPuzzle(t)
	loose := jigsaw.Clone()
	loose.Cells[6] = 0
	variants := fpuzzles(t, killer) + "\n" + fpuzzles(t, loose) + "\n"
	run("paste a killer and a jigsaw",
		setValue("#puzzles", variants),
		chromedp.ScrollIntoView("#verify", chromedp.ByQuery),
		chromedp.Click("#verify", chromedp.ByQuery))
	checkVariants(t, run, "variants", killer, loose)
	run("screenshot the variants", chromedp.ScrollIntoView("#results", chromedp.ByQuery), shot("10-variants.png"))

	// The killer rated with its steps: the verdict says whether logic
	// solves it, and the steps name the cages.
	var rated, firstSteps, opens string
	run("rate the killer with its steps",
		setValue("#puzzles", fpuzzles(t, killer)+"\n"),
		chromedp.ScrollIntoView("#rate", chromedp.ByQuery),
		chromedp.Click("#rate", chromedp.ByQuery),
		chromedp.WaitVisible("article.card details.steps", chromedp.ByQuery),
		chromedp.Click("article.card details.steps summary", chromedp.ByQuery),
		chromedp.Text("article.card h3 span.verdict", &rated, chromedp.ByQuery),
		chromedp.Text("article.card details.steps ol", &firstSteps, chromedp.ByQuery),
		chromedp.Text("article.card p.open", &opens, chromedp.ByQuery),
		shot("10a-variant-steps.png"))
	if !strings.Contains(opens, "Open in SudokuPad") {
		t.Errorf("rated killer: links %q; want the card to open the puzzle with its cages in SudokuPad", opens)
	}
	if !strings.Contains(rated, "by logic") && !strings.Contains(rated, "stuck") || !strings.Contains(firstSteps, "Killer cage ") {
		t.Errorf("rated killer: verdict %q, steps %.200q; want whether logic solves it and steps naming cages", rated, firstSteps)
	}

	// A puzzle that came with its own solution, which breaks a rule as
	// read here: the card says so, beside the verdict.
	var ownText string
	run("paste a puzzle whose own solution breaks a rule",
		setValue("#puzzles", ownSolutionPuzzle()+"\n"),
		chromedp.ScrollIntoView("#verify", chromedp.ByQuery),
		chromedp.Click("#verify", chromedp.ByQuery),
		chromedp.WaitVisible(`article.card.none`, chromedp.ByQuery),
		chromedp.Text(`article.card.none`, &ownText, chromedp.ByQuery),
		chromedp.ScrollIntoView("#results", chromedp.ByQuery), shot("10b-own-solution.png"))
	if !strings.Contains(ownText, "own solution breaks a rule as read here (region sum line 1") {
		t.Errorf("the card of a puzzle whose own solution breaks a rule says %q", ownText)
	}

	// Generate a killer on the page: drawn, with its links, and a book of it.
	var genLinks int
	run("generate a killer",
		chromedp.SetValue("#g-variant", "killer", chromedp.ByQuery),
		setValue("#g-count", "2"),
		setValue("#g-seed", "5"),
		chromedp.Click("#generate", chromedp.ByQuery),
		chromedp.WaitVisible("#generated article.card figure.vgrid.drawn", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("#generated article.card p.open a.sudokupad").length`, &genLinks),
		chromedp.ScrollIntoView("#generated", chromedp.ByQuery),
		shot("11-generated-killer.png"))
	if genLinks != 2 {
		t.Errorf("%d generated killers with a SudokuPad link, want 2", genLinks)
	}
	os.Remove(filepath.Join(downloads, "sudoku-book.pdf"))
	run("make a book of the killers made",
		chromedp.ScrollIntoView("#book-made", chromedp.ByQuery),
		chromedp.Click("#book-made", chromedp.ByQuery),
		chromedp.WaitVisible("#book-link", chromedp.ByQuery))
	killerBook := waitFile(t, filepath.Join(downloads, "sudoku-book.pdf"))
	checkKillerBook(t, killerBook)

	// The page at phone width.
	run("phone width",
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible("#cell-9-9", chromedp.ByID),
		setValue("#puzzles", multiplePuzzle+"\n"),
		chromedp.Click("#verify", chromedp.ByQuery),
		chromedp.WaitVisible("article.card.multiple", chromedp.ByQuery),
		shot("9-phone.png"))
	var overflow bool
	run("measure", chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow))
	if overflow {
		t.Error("at 390 px wide the page scrolls sideways")
	}
	run("variants at phone width",
		setValue("#puzzles", variants),
		chromedp.Click("#verify", chromedp.ByQuery))
	checkVariants(t, run, "variants at phone width", killer, loose)
	run("screenshot the variants at phone width", chromedp.ScrollIntoView("#results", chromedp.ByQuery), shot("12-variants-phone.png"),
		chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow))
	if overflow {
		t.Error("at 390 px wide the page of variants scrolls sideways")
	}
	t.Logf("screenshots in %s", shots)
}

// runFunc runs browser actions, failing the test with what was being done.
type runFunc func(what string, actions ...chromedp.Action)

// shooter returns the action that saves a screenshot, captured by take,
// under a name in shots and in the -screenshots folder if one is given.
func shooter(shots string, take func(png *[]byte) chromedp.Action) func(name string) chromedp.Action {
	return func(name string) chromedp.Action {
		return chromedp.ActionFunc(func(ctx context.Context) error {
			var png []byte
			if err := take(&png).Do(ctx); err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(shots, name), png, 0o644); err != nil {
				return err
			}
			if *screenshots != "" {
				if err := os.MkdirAll(*screenshots, 0o755); err != nil {
					return err
				}
				return os.WriteFile(filepath.Join(*screenshots, name), png, 0o644)
			}
			return nil
		})
	}
}

// checkTwoSolutions checks the two solutions shown of a puzzle with
// several: two 9x9 grids that differ, the cells where they differ
// highlighted in both.
func checkTwoSolutions(t *testing.T, run runFunc) {
	t.Helper()
	var grids [][]string
	var marked [][]bool
	run("read the two solutions",
		chromedp.Evaluate(`[...document.querySelectorAll("article.card.multiple table.sgrid")].map(t => [...t.querySelectorAll("td")].map(td => td.textContent))`, &grids),
		chromedp.Evaluate(`[...document.querySelectorAll("article.card.multiple table.sgrid")].map(t => [...t.querySelectorAll("td")].map(td => td.classList.contains("diff")))`, &marked))
	if len(grids) != 2 || len(grids[0]) != 81 || len(grids[1]) != 81 {
		t.Fatalf("want two 9x9 solution grids side by side, got %d grids", len(grids))
	}
	differ := 0
	for i := range 81 {
		d := grids[0][i] != grids[1][i]
		if d {
			differ++
		}
		if marked[0][i] != d || marked[1][i] != d {
			t.Errorf("cell %d: %q and %q, highlighted %v and %v", i, grids[0][i], grids[1][i], marked[0][i], marked[1][i])
		}
	}
	if differ == 0 {
		t.Fatal("the two solutions shown do not differ")
	}
}

// checkPDFInfo checks with pdfinfo, if there is one, that the file is a
// PDF with pages.
func checkPDFInfo(t *testing.T, path string) {
	t.Helper()
	if _, err := exec.LookPath("pdfinfo"); err != nil {
		t.Log("pdfinfo not found (Debian's poppler-utils): the PDF is not checked further")
	} else {
		out, err := exec.Command("pdfinfo", path).CombinedOutput()
		if err != nil || !bytes.Contains(out, []byte("Pages:")) {
			t.Errorf("pdfinfo: %v\n%s", err, out)
		}
	}
}

// checkBookMade checks the book made on the page with pdftotext, if there
// is one: its title, front matter, contents and solutions, on 6x9 pages.
func checkBookMade(t *testing.T, book []byte) {
	t.Helper()
	if pdftotext, err := exec.LookPath("pdftotext"); err != nil {
		t.Log("pdftotext not found (Debian's poppler-utils): the book is not checked further")
	} else {
		f := filepath.Join(t.TempDir(), "book.pdf")
		os.WriteFile(f, book, 0o644)
		txt, _ := exec.Command(pdftotext, f, "-").Output()
		info, _ := exec.Command(filepath.Join(filepath.Dir(pdftotext), "pdfinfo"), f).Output()
		for _, want := range []string{"Four from the page", "Made by the browser test.", "Contents", "Solutions"} {
			if !bytes.Contains(txt, []byte(want)) {
				t.Errorf("the book made on the page lacks %q", want)
			}
		}
		if !bytes.Contains(info, []byte("432 x 648 pts")) {
			t.Errorf("the book made on the page is not 6x9:\n%s", info)
		}
	}
}

// checkKillerBook checks the book of killers made on the page with
// pdftotext, if there is one: a killer section with its rules.
func checkKillerBook(t *testing.T, killerBook []byte) {
	t.Helper()
	if pdftotext, err := exec.LookPath("pdftotext"); err == nil {
		f := filepath.Join(t.TempDir(), "killers.pdf")
		os.WriteFile(f, killerBook, 0o644)
		txt, _ := exec.Command(pdftotext, f, "-").Output()
		if !bytes.Contains(txt, []byte("Killer")) || !bytes.Contains(txt, []byte("dashed")) {
			t.Errorf("the book of killers made on the page has no killer section with its rules:\n%.500s", txt)
		}
	}
}

// checkVariants checks the killer and the loose jigsaw checked on the
// page: four drawings, shaded cells on the jigsaw's witnesses only, and
// SudokuPad links that open the two puzzles.
func checkVariants(t *testing.T, run runFunc, what string, killer, loose grid.Grid) {
	t.Helper()
	t.Helper()
	var drawn []struct {
		Card, Alt string
		Width     int
		Dark      int // pixels darker than mid grey
		Marked    int // pixels of the shading of marked cells
	}
	run(what+": wait for the drawings",
		chromedp.WaitVisible(`article.card.multiple figure.vgrid.drawn + figure.vgrid.drawn`, chromedp.ByQuery),
		chromedp.WaitVisible(`article.card.unique figure.vgrid.drawn + figure.vgrid.drawn`, chromedp.ByQuery),
		chromedp.Evaluate(`[...document.querySelectorAll("article.card figure.vgrid img")].map(img => {
			const c = document.createElement("canvas");
			c.width = img.naturalWidth; c.height = img.naturalHeight;
			const x = c.getContext("2d");
			x.drawImage(img, 0, 0);
			const d = x.getImageData(0, 0, c.width, c.height).data;
			let dark = 0, marked = 0;
			for (let i = 0; i < d.length; i += 4) {
				if (d[i] < 128 && d[i+1] < 128 && d[i+2] < 128) dark++;
				if (d[i] > 200 && d[i+1] > 170 && d[i+2] < 140) marked++;
			}
			return {Card: img.closest("article").classList[1], Alt: img.alt, Width: img.naturalWidth, Dark: dark, Marked: marked};
		})`, &drawn))
	if len(drawn) != 4 {
		t.Fatalf("%s: %d drawings, want 4 (the killer and its solution, the jigsaw's two solutions): %+v", what, len(drawn), drawn)
	}
	for i, d := range drawn {
		shaded := strings.Contains(d.Alt, "cells shaded")
		if d.Width == 0 || d.Dark < 500 || (d.Card == "multiple") != shaded || (d.Marked > 0) != shaded {
			t.Errorf("%s: drawing %d %+v: want a drawing, shaded cells on the jigsaw's witnesses only", what, i, d)
		}
	}
	var links []string
	run(what+": read the links", chromedp.Evaluate(`[...document.querySelectorAll("article.card p.open a.sudokupad")].map(a => a.href)`, &links))
	if len(links) != 2 {
		t.Fatalf("%s: %d SudokuPad links, want 2", what, len(links))
	}
	for i, l := range links {
		g, err := formats.ParseFPuzzlesLink(l)
		if want := []grid.Grid{killer, loose}[i]; err != nil || !strings.HasPrefix(l, SudokuPadURL) || !g.Equal(want) {
			t.Errorf("%s: SudokuPad link %d %.80s opens another puzzle (%v)", what, i, l, err)
		}
	}
}

// waitFile waits for a finished download and returns its bytes.
func waitFile(t *testing.T, path string) []byte {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		b, err := os.ReadFile(path)
		if err == nil && bytes.Contains(b, []byte("%%EOF")) {
			return b
		}
		time.Sleep(100 * time.Millisecond)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	names := fmt.Sprint(len(entries))
	for _, e := range entries {
		names += " " + e.Name()
	}
	t.Fatalf("no download at %s (folder holds %s)", path, names)
	return nil
}

// setValue sets the value of the element sel selects, as pasting does.
func setValue(sel, value string) chromedp.Action {
	js := fmt.Sprintf("document.querySelector(%q).value = %q", sel, value)
	return chromedp.Evaluate(js, nil)
}

// ownSolutionPuzzle is an f-puzzles object whose region sum line r1c5
// r2c6 r1c7 has segments of 12 and 9 in the solution it comes with, its
// other cells given: no solution, and its own solution breaks the line.
func ownSolutionPuzzle() string {
	const sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	var rows, digits []string
	for r := range 9 {
		var cells []string
		for c := range 9 {
			d := sol[r*9+c : r*9+c+1]
			digits = append(digits, d)
			if r == 0 && (c == 4 || c == 6) || r == 1 && c == 5 {
				cells = append(cells, "{}")
				continue
			}
			cells = append(cells, `{"value":`+d+`,"given":true}`)
		}
		rows = append(rows, "["+strings.Join(cells, ",")+"]")
	}
	return `{"size":9,"grid":[` + strings.Join(rows, ",") + `],"regionsumline":[{"lines":[["R1C5","R2C6","R1C7"]]}],"solution":[` + strings.Join(digits, ",") + `]}`
}
