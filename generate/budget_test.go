package generate

import (
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

func TestSolveBudget(t *testing.T) {
	big := grid.Shape{BoxRows: 5, BoxCols: 5}
	tests := []struct {
		opts Options
		want int
	}{
		{Options{Shape: shape9}, 0},
		{Options{Shape: shape9, MaxSolves: 7}, 7},
		{Options{Shape: big}, DefaultLargeMaxSolves},
		{Options{Shape: big, MaxSolves: 3}, 3},
		{Options{Shape: big, MaxSolves: -1}, 0},
	}
	for _, tt := range tests {
		if got := tt.opts.solveBudget(); got != tt.want {
			t.Errorf("Options{Shape: %v, MaxSolves: %d}.solveBudget() = %d, want %d", tt.opts.Shape, tt.opts.MaxSolves, got, tt.want)
		}
	}
}

// A library caller gets the puzzles the command line makes: on 25x25 the
// default budget is the one the command used to set itself.
func TestLargeDefaultBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("generates 25x25 puzzles (skipped with -short)")
	}
	big := grid.Shape{BoxRows: 5, BoxCols: 5}
	a, err := New().Puzzle(25, 0, Options{Shape: big})
	if err != nil {
		t.Fatal(err)
	}
	b, err := New().Puzzle(25, 0, Options{Shape: big, MaxSolves: DefaultLargeMaxSolves})
	if err != nil {
		t.Fatal(err)
	}
	if a.Grid.String() != b.Grid.String() {
		t.Fatalf("Puzzle(25, 0) with MaxSolves 0 and %d differ:\n%s\n%s", DefaultLargeMaxSolves, a.Grid, b.Grid)
	}
}
