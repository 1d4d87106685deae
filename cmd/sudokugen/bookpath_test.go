package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/rate"
	"github.com/sudokugen/sudokugen/worker"
)

// TestBookSteps makes a book of arrow and killer puzzles with --steps
// through two worker processes, and reads in its text the solving paths
// section and the words of a step that rate --explain gives.
func TestBookSteps(t *testing.T) {
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext not installed (Debian package poppler-utils)")
	}
	arrow, _, code := cli(t, "", "generate", "-q", "--variant", "arrow", "--seed", "5", "-n", "2")
	killer, _, code2 := cli(t, "", "generate", "-q", "--variant", "killer", "--seed", "5", "-n", "2")
	if code != exitOK || code2 != exitOK {
		t.Fatalf("generate: exit %d and %d", code, code2)
	}
	in := writeFile(t, "in.jsonl", arrow+killer)
	explained, _, code := cli(t, "", "rate", "--explain", in)
	if code != exitOK {
		t.Fatalf("rate --explain: exit %d", code)
	}
	// the first step of the first puzzle that is not a single, in words
	var step string
	for _, l := range strings.Split(explained, "\n") {
		if _, words, ok := strings.Cut(strings.TrimSpace(l), ". "); ok && strings.HasPrefix(l, " ") && !strings.Contains(words, " must be ") {
			step = words
			break
		}
	}
	if step == "" {
		t.Fatalf("rate --explain gives no step that is not a single:\n%.600s", explained)
	}
	path := filepath.Join(t.TempDir(), "steps.pdf")
	if _, stderr, code := cli(t, "", "book", "-q", "--steps", "--levels=false", "--workers", "2", "--page", "6x9", "-o", path, in); code != exitOK {
		t.Fatalf("book --steps: exit %d: %s", code, stderr)
	}
	out, err := exec.Command(pdftotext, path, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	got := strings.Join(strings.Fields(string(out)), " ")
	for _, want := range []string{"Solving paths Puzzle 1 ", "Puzzle 4 ", strings.Join(strings.Fields(step), " ")} {
		if !strings.Contains(got, want) {
			t.Errorf("book --steps: no %q in the text", want)
		}
	}
	if !strings.Contains(got, "Logic solves it in") && !strings.Contains(got, "Logic is stuck after") {
		t.Errorf("book --steps: no puzzle says whether logic solves it")
	}
	if _, stderr, code := cli(t, "", "book", "--steps", "--format", "svg", in); code != exitUsage || !strings.Contains(stderr, "--steps") {
		t.Errorf("book --steps --format svg: exit %d, %q; want a usage error", code, stderr)
	}
}

// TestPathOf checks the solving path made of a rating: the steps that are
// not singles in words and in order, the singles in runs between them,
// and a note for a rating that failed or timed out.
func TestPathOf(t *testing.T) {
	g, err := formats.Parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	if err != nil {
		t.Fatal(err)
	}
	res := rate.Puzzle(g, rate.Options{Explain: true})
	p := pathOf(worker.Result{Rating: res})
	if p.Total != len(res.Steps) || p.Shown() != p.Total || !p.Solved {
		t.Fatalf("path of %d steps, %d shown, solved %v; want %d", p.Total, p.Shown(), p.Solved, len(res.Steps))
	}
	var words []string
	singles := 0
	for _, st := range res.Steps {
		if st.Single() {
			singles++
			continue
		}
		words = append(words, st.String())
	}
	if len(words) == 0 {
		t.Fatal("the puzzle needs no step but singles: pick another")
	}
	var got []string
	gotSingles := 0
	for k, s := range p.Steps {
		if s.Text != "" {
			got = append(got, s.Text)
			continue
		}
		if len(s.Singles) == 0 || k > 0 && p.Steps[k-1].Text == "" {
			t.Errorf("step %d: an empty run of singles, or two runs in a row", k)
		}
		gotSingles += len(s.Singles)
	}
	if strings.Join(got, "\n") != strings.Join(words, "\n") || gotSingles != singles {
		t.Errorf("path has %d singles and steps\n%s\nwant %d and\n%s", gotSingles, strings.Join(got, "\n"), singles, strings.Join(words, "\n"))
	}
	for _, r := range []worker.Result{{Err: worker.ErrTimeout}, {Err: worker.ErrWorkerFailed}, {Rating: rate.Result{Err: rate.ErrGaveUp}}} {
		if p := pathOf(r); p.Note == "" || len(p.Steps) != 0 {
			t.Errorf("path of a rating that failed (%v %v): note %q, %d steps", r.Err, r.Rating.Err, p.Note, len(p.Steps))
		}
	}
}
