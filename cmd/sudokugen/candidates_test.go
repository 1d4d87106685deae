package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
)

// A puzzle with 44 solutions: its true candidates in every format, and the
// proofs of the absent ones.
func TestCandidatesCommand(t *testing.T) {
	var first []string // the true candidates of puzzle44, from --json
	t.Run("text", testCandidatesText)
	t.Run("json", func(t *testing.T) { first = testCandidatesJSON(t) })
	t.Run("fpuzzles", func(t *testing.T) {
		out, _, code := cli(t, puzzle44+"\n", "candidates", "-q", "--format", "fpuzzles")
		g, err := formats.ParseFPuzzles([]byte(out))
		if code != 0 || err != nil || g.String() != puzzle44 || !strings.Contains(out, `"centerPencilMarks":[2,4,6]`) {
			t.Errorf("--format fpuzzles: exit %d, %v: %s", code, err, out)
		}
	})
	t.Run("svg", func(t *testing.T) {
		out, _, code := cli(t, puzzle44+"\n", "candidates", "-q", "--format", "svg")
		if code != 0 || !strings.HasPrefix(out, "<svg") || strings.Count(out, "<text ") < 100 {
			t.Errorf("--format svg: exit %d: %.200s", code, out)
		}
	})
	t.Run("proof", func(t *testing.T) {
		if first == nil {
			t.Skip("no candidates from --json")
		}
		testCandidatesProof(t, first)
	})
	t.Run("workers", func(t *testing.T) {
		// the same answers in this process and on two workers
		three := puzzle44 + "\n" + strings.Repeat(".", 81) + "\n" + puzzle44[:80] + "7\n"
		w0, _, _ := cli(t, three, "candidates", "--json", "-w", "0")
		w2, _, _ := cli(t, three, "candidates", "--json", "-w", "2")
		if w0 != w2 || strings.Count(w0, "\n") != 3 {
			t.Errorf("--workers 0 and 2 differ:\n%s\n%s", w0, w2)
		}
	})
	t.Run("usage", func(t *testing.T) {
		for _, tc := range [][]string{{"--count-limit", "1"}, {"--format", "pdf"}, {"--json", "--format", "svg"}} {
			if _, _, code := cli(t, puzzle44, append([]string{"candidates"}, tc...)...); code != 2 {
				t.Errorf("candidates %v: exit %d, want 2", tc, code)
			}
		}
	})
}

// puzzle44 is a puzzle with 44 solutions.
const puzzle44 = ".........9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1...."

func testCandidatesText(t *testing.T) {
	out, stderr, code := cli(t, puzzle44+"\n", "candidates", "-q")
	if code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, stderr)
	}
	wantText := `<stdin>:1: multiple: exactly 44 solutions
 246  678  3    | 9    24   1    | 678  2568 567
 9    678  47   | 3    247  5    | 678  268  1
`
	if !strings.HasPrefix(out, wantText) {
		t.Errorf("text:\n%s\nwant it to start\n%s", out, wantText)
	}
}

// testCandidatesJSON checks --json on puzzle44 and the empty grid, and
// returns the true candidates of puzzle44.
func testCandidatesJSON(t *testing.T) []string {
	out, _, code := cli(t, puzzle44+"\n"+strings.Repeat(".", 81)+"\n", "candidates", "--json", "--count-limit", "50")
	if code != 0 {
		t.Fatalf("--json: exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("--json: %d lines, want 2", len(lines))
	}
	var j struct {
		Index      int      `json:"index"`
		Candidates []string `json:"candidates"`
		Count      int      `json:"count"`
		CountExact bool     `json:"count_exact"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &j); err != nil {
		t.Fatal(err)
	}
	first := append([]string(nil), j.Candidates...)
	if j.Count != 44 || !j.CountExact || len(j.Candidates) != 81 || j.Candidates[0] != "246" || j.Candidates[9] != "9" {
		t.Errorf("--json: %s", lines[0])
	}
	if err := json.Unmarshal([]byte(lines[1]), &j); err != nil {
		t.Fatal(err)
	}
	if j.Index != 1 || j.Count != 50 || j.CountExact || j.Candidates[40] != "123456789" {
		t.Errorf("--json, empty grid: %s", lines[1])
	}
	return first
}

// testCandidatesProof checks --proof on puzzle44, whose true candidates
// are first: one proof for every digit of an empty cell that is not one.
func testCandidatesProof(t *testing.T, first []string) {
	dir := t.TempDir()
	_, stderr, code := cli(t, puzzle44+"\n", "candidates", "-q", "--proof", dir)
	names, _ := filepath.Glob(filepath.Join(dir, "*.drat"))
	absent := 0
	for i, d := range puzzle44 {
		if d == '.' {
			absent += 9 - len(first[i])
		}
	}
	if code != 0 || len(names) != absent {
		t.Errorf("--proof: exit %d, %d proofs; stderr %s", code, len(names), stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "0-r1c1-1.cnf")); err != nil {
		t.Errorf("--proof: %v", err)
	}
}

// candidates stopped by --timeout on an empty 36x36 grid says how far it
// got and shows what it settled, marked partial: in JSON the counts and
// "?" after each cell not settled, in text the same in its status line.
func TestCandidatesPartial(t *testing.T) {
	empty := strings.Repeat(".", 36*36) + "\n"
	out, stderr, code := cli(t, empty, "candidates", "--json", "--workers", "1", "--timeout", "1500ms")
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr %s", code, stderr)
	}
	var j jsonCandidates
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if j.Status != "timeout" || !j.Partial || j.Settled == 0 || j.Open != 36*36*36 || len(j.Candidates) != 36*36 {
		t.Fatalf("status %q partial %v, %d of %d settled, %d cells; want a partial timeout", j.Status, j.Partial, j.Settled, j.Open, len(j.Candidates))
	}
	settledCells, proved := 0, 0
	for _, c := range j.Candidates {
		if !strings.HasSuffix(c, "?") {
			settledCells++
		}
		proved += len(strings.TrimSuffix(c, "?"))
	}
	// on an empty grid every digit is in: what is settled is what is proved in
	if settledCells != j.CellsSettled || proved != j.Settled {
		t.Errorf("%d cells without ?, %d digits; the counts say %d and %d", settledCells, proved, j.CellsSettled, j.Settled)
	}
	text, _, _ := cli(t, empty, "candidates", "--workers", "1", "--timeout", "1500ms")
	if first := strings.SplitN(text, "\n", 2)[0]; !strings.Contains(first, "timeout: timed out after 1.5s (partial: ") || !strings.Contains(first, "candidates settled") {
		t.Errorf("text: %q", first)
	}
}
