package generate

import (
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

func TestSolveBudget(t *testing.T) {
	big := grid.Shape{BoxRows: 6, BoxCols: 6}
	tests := []struct {
		opts Options
		want int
	}{
		{Options{Shape: shape9}, 0},
		{Options{Shape: shape9, MaxSolves: 7}, 7},
		{Options{Shape: big}, DefaultLargeMaxSolves},
		{Options{Shape: big, MaxSolves: 3}, 3},
		{Options{Shape: big, MaxSolves: -1}, 0},
		{Options{Shape: shape25}, 0},
		{Options{Shape: grid.Shape{BoxRows: 5, BoxCols: 7}}, 0},
	}
	for _, tt := range tests {
		if got := tt.opts.solveBudget(); got != tt.want {
			t.Errorf("Options{Shape: %v, MaxSolves: %d}.solveBudget() = %d, want %d", tt.opts.Shape, tt.opts.MaxSolves, got, tt.want)
		}
	}
}

// A library caller gets the puzzles the command line makes: the default
// budget is no bound on 25x25 and DefaultLargeMaxSolves on 36x36.
func TestLargeDefaultBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("generates 25x25 and 36x36 puzzles (skipped with -short)")
	}
	for _, tt := range []struct {
		shape grid.Shape
		same  int
	}{
		{shape25, -1},
		{grid.Shape{BoxRows: 6, BoxCols: 6}, DefaultLargeMaxSolves},
	} {
		a, err := New().Puzzle(25, 0, Options{Shape: tt.shape})
		if err != nil {
			t.Fatal(err)
		}
		b, err := New().Puzzle(25, 0, Options{Shape: tt.shape, MaxSolves: tt.same})
		if err != nil {
			t.Fatal(err)
		}
		if a.Grid.String() != b.Grid.String() {
			t.Fatalf("%v: Puzzle(25, 0) with MaxSolves 0 and %d differ:\n%s\n%s", tt.shape, tt.same, a.Grid, b.Grid)
		}
	}
}
