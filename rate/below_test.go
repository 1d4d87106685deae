package rate

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// checkBelow runs Below's solve of puzzle with every step recorded and
// checks each against the solution; it returns Below's answer.
func checkBelow(t *testing.T, g grid.Grid, score float64) bool {
	t.Helper()
	puzzle := g.String()
	s, err := newSolver(g, grid.Grid{})
	if err != nil {
		t.Fatalf("newSolver(%q): %v", puzzle, err)
	}
	defer s.release()
	s.explain = true
	got := s.runBelow(tenthsAbove(score))
	for i, st := range s.steps {
		if st.Score >= score {
			t.Errorf("Below(%q, %v) step %d (%s) scores %v", puzzle, score, i+1, st, st.Score)
		}
		if p := st.Place; p != nil && int(s.sol[p.Cell.Row*g.N()+p.Cell.Col]) != p.Digit {
			t.Errorf("Below(%q, %v) step %d (%s) places %d at %s, want %d", puzzle, score, i+1, st, p.Digit, p.Cell, s.sol[p.Cell.Row*g.N()+p.Cell.Col])
			return got
		}
		for _, e := range st.Eliminate {
			if int(s.sol[e.Cell.Row*g.N()+e.Cell.Col]) == e.Digit {
				t.Errorf("Below(%q, %v) step %d (%s) removes the solution digit %d from %s", puzzle, score, i+1, st, e.Digit, e.Cell)
				return got
			}
		}
	}
	if want := Below(g, score); got != want {
		t.Errorf("Below(%q, %v) = %v, but its recorded solve says %v", puzzle, score, want, got)
	}
	return got
}

// TestBelowSteps checks that every step of Below is sound, on the scores
// a generator asks for and on 9.0, which lets in every forcing chain, and
// counts how often Below agrees with Puzzle's score.
func TestBelowSteps(t *testing.T) {
	files := []struct {
		name string
		step int
	}{{"royle17/puzzles.txt", 50}, {"tdoku/top1465.txt", 10}}
	if testing.Short() {
		files[0].step, files[1].step = 400, 30
	}
	for _, f := range files {
		ps := readLines(t, f.name)
		for _, score := range []float64{6.3, 7.6, 9.0} {
			t.Run(fmt.Sprintf("%s/%.1f", f.name, score), func(t *testing.T) {
				n, agree := 0, 0
				for i := 0; i < len(ps); i += f.step {
					got := checkBelow(t, mustParse(t, ps[i]), score)
					want := Puzzle(mustParse(t, ps[i]), Options{}).Score < score
					n++
					if got == want {
						agree++
					} else {
						t.Logf("Below(%q, %v) = %v, Puzzle says %v", ps[i], score, got, want)
					}
				}
				t.Logf("%d puzzles, Below agrees with Puzzle on %d", n, agree)
				// a filter may rarely disagree; many disagreements mean a bug
				if 100*(n-agree) > n {
					t.Errorf("Below disagrees with Puzzle on %d of %d puzzles, want at most 1%%", n-agree, n)
				}
			})
		}
	}
}

// TestBelowShapes runs Below on minimal puzzles of every size, with a
// bound that lets in every technique but trial and error, and checks it
// against Puzzle.
func TestBelowShapes(t *testing.T) {
	shapes := []grid.Shape{{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 2, BoxCols: 4}, {BoxRows: 3, BoxCols: 3}, {BoxRows: 4, BoxCols: 4}}
	sampleShapes(t, 20261123, shapes, func(t *testing.T, sh grid.Shape, r *rand.Rand) {
		p := minimalPuzzle(patternGrid(sh, r), r)
		for _, score := range []float64{4.5, 7.6, 9.5} {
			got := checkBelow(t, p, score)
			if want := Puzzle(p, Options{}).Score < score; got != want {
				t.Logf("Below(%q, %v) = %v, Puzzle says %v", p, score, got, want)
			}
		}
	})
}

func TestBelowInvalid(t *testing.T) {
	tests := []struct {
		name, puzzle string
		score        float64
	}{
		{"repeated digit", "11" + dots(79), 9.9},
		{"several solutions", dots(81), 9.9},
		{"too easy a bound", "..982..5.68...3.9.........8.5..8...47..1.9..53...6..1.5.........4.2...61.1..357..", 2.5},
		{"zero bound", "..982..5.68...3.9.........8.5..8...47..1.9..53...6..1.5.........4.2...61.1..357..", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if Below(mustParse(t, tt.puzzle), tt.score) {
				t.Errorf("Below(%q, %v) = true, want false", tt.puzzle, tt.score)
			}
		})
	}
}

func dots(k int) string {
	b := make([]byte, k)
	for i := range b {
		b[i] = '.'
	}
	return string(b)
}
