package verify

import (
	"bytes"
	"context"
	"strconv"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/sat"
)

// ProveUnique proves the generated minimal nonconsecutive puzzle of
// TestLightBudget (some 98,000 nodes) by the search's proof, checked as it
// is written; and answers false for a grid that is not its solution, and
// for the puzzle less a given, which has more solutions.
func TestProveUnique(t *testing.T) {
	g, err := formats.Parse(lightPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	r := Puzzle(g, Options{})
	if r.Status != Unique {
		t.Fatalf("%v, want unique", r.Status)
	}
	sol := r.Solutions[0]
	v := New()
	ok, err := v.ProveUnique(context.Background(), g, sol)
	if err != nil || !ok {
		t.Fatalf("ProveUnique = %v, %v; want true", ok, err)
	}
	other := sol.Clone()
	other.Cells[0], other.Cells[1] = other.Cells[1], other.Cells[0]
	if ok, err := v.ProveUnique(context.Background(), g, other); ok || err != nil {
		t.Errorf("ProveUnique with a grid that is not the solution = %v, %v; want false", ok, err)
	}
	less := g.Clone()
	for i, d := range less.Cells {
		if d != 0 {
			less.Cells[i] = 0
			break
		}
	}
	if ok, err := v.ProveUnique(context.Background(), less, sol); ok || err != nil {
		t.Errorf("ProveUnique of the puzzle less a given = %v, %v; want false", ok, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if ok, err := v.ProveUnique(ctx, g, sol); ok || err == nil {
		t.Errorf("ProveUnique stopped = %v, %v; want false and ctx's error", ok, err)
	}
}

// checkSink answers true only for a whole proof that checks: the search's
// proof of a puzzle, written in pieces that split its lines, passes; cut
// before its empty clause, or with a lemma that is not RUP before it, or
// with a line that does not end in 0, it does not.
func TestCheckSink(t *testing.T) {
	g, err := formats.Parse(`{"puzzle":"..1......................1.......3...42.........7.................4..............","rules":{"nonconsecutive":true}}`)
	if err != nil {
		t.Fatal(err)
	}
	var proof bytes.Buffer
	r, err := New().CheckProof(context.Background(), g, Options{}, &proof)
	if err != nil || r.Status != Unique || r.Proof != Search {
		t.Fatalf("%v by %v, %v; want unique by search", r.Status, r.Proof, err)
	}
	cnf, vars := sat.PlainCNF(g, sat.Blocking(g, r.Solutions[0]))
	text := proof.Bytes()
	// the digit of an empty cell that is not the solution's, as a unit
	var wrong []byte
	for i, d := range g.Cells {
		if d == 0 {
			n := g.N()
			x := sat.Var(n, i/n, i%n, int(r.Solutions[0].Cells[i]))
			wrong = []byte(strconv.Itoa(-x) + " 0\n")
			break
		}
	}
	cut := text[:bytes.LastIndex(text[:len(text)-1], []byte("\n"))+1] // less the last line, "0"
	for _, tc := range []struct {
		name  string
		text  []byte
		piece int
		want  bool
	}{
		{"the search's proof", text, 7, true},
		{"the same in one write", text, len(text), true},
		{"cut before its empty clause", cut, 5, false},
		{"a lemma not RUP first", append(append([]byte(nil), wrong...), text...), 11, false},
		{"a line with no 0", append([]byte("1 2\n"), text...), 3, false},
	} {
		s := &checkSink{nv: vars, cnf: cnf}
		s.Reset()
		for b := tc.text; len(b) > 0; {
			n := min(tc.piece, len(b))
			if _, err := s.Write(b[:n]); err != nil {
				break
			}
			b = b[n:]
		}
		if got := s.checked(); got != tc.want {
			t.Errorf("%s: checked = %v, want %v (%v)", tc.name, got, tc.want, s.err)
		}
	}
}

// BenchmarkFinalCheck compares the two proofs a generator's final check
// may take, on generated minimal nonconsecutive puzzles of 6 and 7
// givens: gophersat's solve of the propagated CNF (sat.Unique), and the
// search's proof checked as it is written (ProveUnique).
func BenchmarkFinalCheck(b *testing.B) {
	var puzzles, sols []grid.Grid
	for _, text := range []string{
		lightPuzzle,
		`{"puzzle":"..1......................1.......3...42.........7.................4..............","rules":{"nonconsecutive":true}}`,
	} {
		g, err := formats.Parse(text)
		if err != nil {
			b.Fatal(err)
		}
		r := Puzzle(g, Options{})
		if r.Status != Unique {
			b.Fatalf("%v, want unique", r.Status)
		}
		puzzles, sols = append(puzzles, g), append(sols, r.Solutions[0])
	}
	b.Run("gophersat", func(b *testing.B) {
		for b.Loop() {
			for i, g := range puzzles {
				if !sat.Unique(g, sols[i]) {
					b.Fatal("not unique")
				}
			}
		}
	})
	b.Run("search-proof", func(b *testing.B) {
		v := New()
		for b.Loop() {
			for i, g := range puzzles {
				if ok, err := v.ProveUnique(context.Background(), g, sols[i]); !ok || err != nil {
					b.Fatal("not proved", err)
				}
			}
		}
	})
}
