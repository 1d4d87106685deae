package serve

import (
	"context"
	"math"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/rules"
	"github.com/sudokugen/sudokugen/verify"
)

// TestSetterBrowser drives the setter's workbench in a headless Chromium:
// a classic puzzle with 44 solutions shows its true candidates as pencil
// marks and the givens to add; a click on the first adds it and checks
// again; a killer with several solutions (the Wikipedia killer with
// the sums of its first cages taken out) shows its drawing with the pencil marks over it; a
// unique puzzle rings its needed givens.
func TestSetterBrowser(t *testing.T) {
	exe := chromium(t)
	if testing.Short() {
		t.Skip("the browser test takes several seconds; run without -short")
	}
	s, _ := newTestServer(t, Config{})
	ts := httptest.NewServer(s)
	defer ts.Close()
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
	})
	shots := t.TempDir()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.UserDataDir(profile), chromedp.WindowSize(1280, 900))
	actx, cancel := chromedp.NewExecAllocator(t.Context(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	shot := shooter(shots, func(png *[]byte) chromedp.Action {
		return chromedp.Screenshot("#setter-h + p + form + div + div", png, chromedp.ByQuery)
	})
	run := func(what string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	const several = ".........9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1...."
	var cells []string
	var sugg []string
	run("a classic puzzle with several solutions",
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible("#s-go", chromedp.ByID),
		setValue("#s-input", several),
		chromedp.Click("#s-go", chromedp.ByID),
		setterDrawn,
		chromedp.ScrollIntoView("#setter-h", chromedp.ByID),
		chromedp.Evaluate(`[...document.querySelectorAll("#s-results .mcell")].map(c => c.textContent)`, &cells),
		chromedp.Evaluate(`[...document.querySelectorAll("#s-results ol.suggest li")].map(li => li.textContent)`, &sugg),
		shot("setter-1-several.png"))
	if len(cells) != 81 || cells[0] != "246" || cells[1] != "678" || cells[9] != "" {
		t.Errorf("pencil marks %q, want r1c1 246, r1c2 678 and the given r2c1 bare", cells)
	}
	if len(sugg) == 0 || !strings.HasSuffix(sugg[len(sugg)-1], "then unique") {
		t.Errorf("suggestions %q, want a list that ends unique", sugg)
	}
	var status string
	run("click the first suggestion",
		chromedp.Click("#s-results button.sugg", chromedp.ByQuery),
		chromedp.WaitVisible("#s-results article.card", chromedp.ByQuery),
		setterDrawn,
		chromedp.Text("#s-results h3 .verdict", &status, chromedp.ByQuery),
		chromedp.Evaluate(`[...document.querySelectorAll("#s-results .mcell")].map(c => c.textContent)`, &cells),
		shot("setter-2-added.png"))
	var input string
	run("read the grid", chromedp.Value("#s-input", &input, chromedp.ByID))
	if input == several || len(input) != 81 {
		t.Errorf("after the click the input is %q, want the puzzle with a given more", input)
	}
	g, err := formats.Parse(input)
	if err != nil {
		t.Fatal(err)
	}
	want := verify.Puzzle(g, verify.Options{}).Status.String()
	if status != want {
		t.Errorf("after the click: verdict %q, want %q", status, want)
	}

	killer, _ := killerPuzzle(t)
	// the sums of its cages taken out, from the first, until it has
	// ten solutions or more
	var c verify.Candidates
	for k := 0; c.Status != verify.Multiple || c.Count < 10; k++ {
		r := killer.Rules.Clone() // rules are never changed in place
		rules.Cages.Set(r, slices.Clone(rules.Cages.Get(r)))
		rules.Cages.Get(r)[k].Sum = 0
		killer.Rules = r
		c = verify.TrueCandidates(t.Context(), killer, verify.CandidateOptions{CountLimit: 50})
		t.Logf("the killer without %d sums: %v, %d solutions (exact %v)", k+1, c.Status, c.Count, c.Exact())
	}
	run("a killer with several solutions",
		setValue("#s-input", fpuzzles(t, killer)),
		chromedp.Click("#s-go", chromedp.ByID),
		setterDrawn,
		chromedp.ScrollIntoView("#setter-h", chromedp.ByID),
		chromedp.Evaluate(`[...document.querySelectorAll("#s-results .mcell")].map(c => c.textContent)`, &cells),
		shot("setter-3-killer.png"))
	checkKillerMarks(t, c.Masks, cells)
	// the pencil marks of a variant sit under the band of its cage sums
	var markTop float64
	run("the killer's first pencil mark",
		chromedp.Evaluate(`(() => { const m = document.querySelector("#s-results .mcell").getBoundingClientRect(); const s = document.querySelector("#s-results .mcell span").getBoundingClientRect(); return (s.top - m.top) / m.height; })()`, &markTop))
	if markTop < 0.25 {
		t.Errorf("the killer's first pencil mark is %.2f of a cell from its top, over the cage sum: want 0.25 or more", markTop)
	}

	// a little killer stands outside the grid, so the drawing has a
	// margin of a cell round it (the SVG is 11*40+8 units wide, the grid
	// 9*40 from 4+40): the pencil marks lie over the grid's cells
	lk, sol := killerPuzzle(t)
	diag := 0
	for i := 0; i < 81; i += 10 {
		diag += int(sol[i] - '0')
	}
	lkText := strings.TrimSuffix(fpuzzles(t, lk), "}") + `,"littlekillersum":[{"cell":"R0C0","direction":"DR","value":"` + strconv.Itoa(diag) + `"}]}`
	var place []float64
	run("a killer with a little killer",
		setValue("#s-input", lkText),
		chromedp.Click("#s-go", chromedp.ByID),
		setterDrawn,
		chromedp.ScrollIntoView("#setter-h", chromedp.ByID),
		chromedp.Evaluate(`(() => { const i = document.querySelector("#s-results figure.sboard img").getBoundingClientRect(); const o = document.querySelector("#s-results .marks").getBoundingClientRect(); return [(o.left - i.left) / i.width, (o.top - i.top) / i.width, o.width / i.width]; })()`, &place),
		shot("setter-5-little-killer.png"))
	wantPlace := []float64{44.0 / 448, 44.0 / 448, 360.0 / 448}
	for k := range wantPlace {
		if len(place) != 3 || math.Abs(place[k]-wantPlace[k]) > 0.01 {
			t.Errorf("pencil marks at %.3f (left, top, width, of the drawing's width), want %.3f", place, wantPlace)
			break
		}
	}

	var rings int
	run("a unique puzzle",
		setValue("#s-input", "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."),
		chromedp.Click("#s-go", chromedp.ByID),
		setterDrawn,
		chromedp.Evaluate(`document.querySelectorAll("#s-results .mcell.needed").length`, &rings),
		shot("setter-4-unique.png"))
	if rings != 11 {
		t.Errorf("%d givens ringed needed, want 11", rings)
	}
}

// setterDrawn waits for the board's drawing, its pencil marks and the
// status line that ends the analysis.
var setterDrawn = chromedp.ActionFunc(func(ctx context.Context) error {
	for {
		var ok bool
		if err := chromedp.Evaluate(`(() => { const i = document.querySelector("#s-results figure.sboard img"); return !!i && i.complete && i.naturalWidth > 0 && document.querySelector("#s-status").textContent.startsWith("True candidates"); })()`, &ok).Do(ctx); err != nil {
			return err
		}
		if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
})

// checkKillerMarks checks the pencil marks shown on the page, cell by
// cell, against the true candidates, stopping at the first that differs.
func checkKillerMarks(t *testing.T, masks []uint64, cells []string) {
	t.Helper()
	for i, m := range masks {
		var b strings.Builder
		for d := 1; d <= 9; d++ {
			if m&(1<<(d-1)) != 0 {
				b.WriteByte(byte('0' + d))
			}
		}
		if i < len(cells) && cells[i] != b.String() {
			t.Errorf("killer r%dc%d: pencil marks %q, want %q", i/9+1, i%9+1, cells[i], b.String())
			break
		}
	}
}
