package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/verify"
)

// givens on a unique puzzle, one with several solutions, one with none and
// --minimal with --keep.
func TestGivensCommand(t *testing.T) {
	t.Run("json", testGivensJSON)
	t.Run("minimal", testGivensMinimal)
	t.Run("usage", func(t *testing.T) {
		for _, tc := range [][]string{{"--keep", "r1c3"}, {"--minimal", "--keep", "r1c1"}, {"--minimal", "--keep", "r0c1"}} {
			if _, _, code := cli(t, unique32, append([]string{"givens"}, tc...)...); code != 2 {
				t.Errorf("givens %v: exit %d, want 2", tc, code)
			}
		}
	})
}

// unique32 is a unique puzzle of 32 givens: puzzle44 with 4 more.
const unique32 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."

// testGivensJSON checks the roles of the givens of unique32, the
// suggestions for puzzle44, and the conflict of unique32 with a wrong
// digit.
func testGivensJSON(t *testing.T) {
	none := "5" + unique32[1:]
	out, stderr, code := cli(t, unique32+"\n"+puzzle44+"\n"+none+"\n", "givens", "--json")
	if code != 1 {
		t.Fatalf("exit %d, want 1 (not every puzzle unique); stderr %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3:\n%s", len(lines), out)
	}
	var reps [3]givensReport
	for i, l := range lines {
		if err := json.Unmarshal([]byte(l), &reps[i]); err != nil {
			t.Fatal(err)
		}
	}
	if r := reps[0]; r.Status != "unique" || len(r.Needed) != 11 || len(r.Redundant) != 21 || r.Needed[0].Cell != "r1c7" {
		t.Errorf("unique: %+v", r)
	}
	for _, n := range reps[0].Needed {
		w, err := formats.Parse(n.Witness)
		if err != nil || w.String() == "" {
			t.Fatalf("witness %q: %v", n.Witness, err)
		}
	}
	if r := reps[1]; r.Status != "multiple" || len(r.Suggestions) == 0 || r.Suggestions[len(r.Suggestions)-1].Count != 1 {
		t.Errorf("several: %+v", r)
	}
	if r := reps[2]; r.Status != "none" || len(r.Remove) != 1 || r.Remove[0] != "r1c1" || !r.Smallest {
		t.Errorf("none: %+v", r)
	}
}

// testGivensMinimal checks --minimal with --keep: the kept givens stay,
// and the puzzle is unique.
func testGivensMinimal(t *testing.T) {
	out, _, code := cli(t, unique32+"\n", "givens", "--minimal", "--keep", "r1c3,r1c5")
	if code != 0 {
		t.Fatalf("--minimal: exit %d", code)
	}
	line := strings.TrimPrefix(strings.Split(out, "\n")[1], "minimal: ")
	m, err := formats.Parse(line)
	if err != nil {
		t.Fatalf("--minimal: %q: %v", out, err)
	}
	if m.Cells[2] != 3 || m.Cells[4] != 2 {
		t.Errorf("--minimal %s drops a kept given", m)
	}
	if r := verify.Puzzle(m, verify.Options{}); r.Status != verify.Unique {
		t.Errorf("--minimal %s: %v", m, r.Status)
	}
}

// givens runs on the worker pool: --timeout stops a puzzle whose givens
// take some 20 s (hard25: a minimal 25x25, a verdict per given), and the
// report gives the roles decided before the stop, marked partial;
// --max-memory and --workers are taken.
func TestGivensBounded(t *testing.T) {
	out, stderr, code := cli(t, "", "givens", "--json", "--workers", "1", "--timeout", "1500ms", "--max-memory", "512MiB", "testdata/hard25.txt")
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr %s", code, stderr)
	}
	var rep givensReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	decided := len(rep.Needed) + len(rep.Redundant)
	if testing.Short() && decided == 0 && rep.Status == "timeout" {
		// workers built for the race detector may not get past the
		// verdict within the timeout
		t.Skip("-short: no role decided within the timeout")
	}
	if rep.Status != "timeout" || !rep.Partial || rep.Verdict != "unique" || decided == 0 || decided >= 246 {
		t.Errorf("status %q partial %v verdict %q, %d roles; want a partial timeout with some roles", rep.Status, rep.Partial, rep.Verdict, decided)
	}
	text, _, _ := cli(t, "", "givens", "--workers", "1", "--timeout", "1500ms", "testdata/hard25.txt")
	if first := strings.SplitN(text, "\n", 2)[0]; !strings.Contains(first, "timeout: timed out after 1.5s (partial: unique; the roles of") {
		t.Errorf("text: %q", first)
	}
}
