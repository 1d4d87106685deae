package rate

import (
	"reflect"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// TestSolutionKnown checks that a rating given the puzzle's solution is the
// rating without it, step for step, and that Below agrees with BelowSolved.
func TestSolutionKnown(t *testing.T) {
	ps := readLines(t, "tdoku/top1465.txt")
	sols := readLines(t, "tdoku/top1465.solutions.txt")
	step := 15
	if testing.Short() {
		step = 60
	}
	for i := 0; i < len(ps); i += step {
		p, sol := mustParse(t, ps[i]), mustParse(t, sols[i])
		want := Puzzle(p, Options{Explain: true})
		if got := Puzzle(p, Options{Explain: true, Solution: sol}); !reflect.DeepEqual(got, want) {
			t.Errorf("Puzzle(%q) with its solution = %.1f (%d steps), want %.1f (%d steps)", ps[i], got.Score, len(got.Steps), want.Score, len(want.Steps))
		}
		for _, score := range []float64{4.0, 7.6} {
			if got, want := BelowSolved(p, sol, score), Below(p, score); got != want {
				t.Errorf("BelowSolved(%q, %v) = %v, Below says %v", ps[i], score, got, want)
			}
		}
	}
}

// TestSolutionIgnored checks that a Solution that does not solve the
// puzzle is ignored: the solutions are counted as without one. The puzzle
// has several solutions, so a Solution taken shows in the result.
func TestSolutionIgnored(t *testing.T) {
	const (
		unique = "..982..5.68...3.9.........8.5..8...47..1.9..53...6..1.5.........4.2...61.1..357.."
		multi  = "..982..5.68...3.9.........8.5..8...47..1.9..53...6..1.5.........4.2...61.1...57.."
	)
	sol := solutionOf(t, mustParse(t, unique))
	wrongGiven := sol.Clone()
	wrongGiven.Cells[2], wrongGiven.Cells[3] = wrongGiven.Cells[3], wrongGiven.Cells[2] // r1c3 is a given 9
	incomplete := sol.Clone()
	incomplete.Cells[0] = 0
	brokenRule := sol.Clone()
	brokenRule.Cells[0] = sol.Cells[1] // r1c1 and r1c2 are both empty
	tests := []struct {
		name string
		sol  grid.Grid
		want error
	}{
		{"none", grid.Grid{}, ErrMultiple},
		{"wrong given", wrongGiven, ErrMultiple},
		{"incomplete", incomplete, ErrMultiple},
		{"rule broken", brokenRule, ErrMultiple},
		{"other shape", grid.New(grid.Shape{BoxRows: 2, BoxCols: 2}), ErrMultiple},
		// one that fits is taken on trust: the caller vouches for it
		{"fits", sol, nil},
	}
	p := mustParse(t, multi)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Puzzle(p, Options{Solution: tt.sol}); got.Err != tt.want {
				t.Errorf("Puzzle(%q) with solution %q: err %v, want %v", multi, tt.sol, got.Err, tt.want)
			}
		})
	}
}

// solutionOf returns the only solution of p, found by the count search.
func solutionOf(t *testing.T, p grid.Grid) grid.Grid {
	t.Helper()
	s, err := newSolver(p, grid.Grid{})
	if err != nil {
		t.Fatalf("newSolver(%q): %v", p, err)
	}
	defer s.release()
	return grid.Grid{Shape: p.Shape, Cells: append([]uint8(nil), s.sol...)}
}

// TestSolutionLarge checks that above 9x9 a Solution is not used: the
// puzzle, left with several solutions, is counted and found so.
func TestSolutionLarge(t *testing.T) {
	p := mustParse(t, readLines(t, "large/16x16.unique.txt")[0])
	sol := mustParse(t, readLines(t, "large/16x16.unique.solutions.txt")[0])
	for c := range 4 * 16 {
		p.Cells[c] = 0 // the first band empty
	}
	if got := Puzzle(p, Options{Solution: sol}); got.Err != ErrMultiple {
		t.Errorf("Puzzle(%q) with a solution that fits: err %v, want %v", p, got.Err, ErrMultiple)
	}
}
