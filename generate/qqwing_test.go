package generate

import (
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// TestQQWing checks generated 9x9 puzzles with a solver that shares nothing
// with this project: each must have one solution, and each loses that
// property when any one clue goes.
func TestQQWing(t *testing.T) {
	seeds, perSeed, minimalEvery := 10, 100, 10
	if testing.Short() {
		seeds, perSeed = 2, 50
	}
	g := New()
	var puzzles, smaller []grid.Grid
	for seed := range seeds {
		for i := range perSeed {
			p, err := g.Puzzle(uint64(seed)+100, i, Options{Shape: shape9})
			if err != nil {
				t.Fatal(err)
			}
			puzzles = append(puzzles, p.Grid)
			if i%minimalEvery != 0 {
				continue
			}
			for c, v := range p.Grid.Cells {
				if v != 0 {
					q := p.Grid.Clone()
					q.Cells[c] = 0
					smaller = append(smaller, q)
				}
			}
		}
	}
	for k, n := range gridtest.QQWingCounts(t, puzzles) {
		if n != 1 {
			t.Errorf("qqwing counts %d solutions of %v, want 1", n, puzzles[k])
		}
	}
	for k, n := range gridtest.QQWingCounts(t, smaller) {
		if n < 2 {
			t.Errorf("qqwing counts %d solutions of %v (a puzzle less one clue), want 2 or more", n, smaller[k])
		}
	}
	t.Logf("qqwing agrees on %d puzzles and %d puzzles less one clue", len(puzzles), len(smaller))
}
