package generate

import (
	"flag"
	"math/rand/v2"
	"slices"
	"testing"
)

var checkAll = flag.Bool("check-all", false, "TestPuzzleCheck: 2,000 9x9 puzzles and one 25x25, not 300 and none")

// TestPuzzleCheck makes puzzles with every step decided again by the
// solver (Options.Check) and requires no disagreement and the very puzzles
// of the default run.
func TestPuzzleCheck(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	tests := []struct {
		name  string
		opts  Options
		n     int // puzzles with -check-all
		short int // puzzles with -short; 0 skips
	}{
		{"9x9", Options{Shape: shape9}, 2000, 100},
		{"6x6", Options{Shape: shape6}, 100, 20},
		{"12x12", Options{Shape: shape12}, 20, 3},
		{"16x16", Options{Shape: shape16}, 5, 1},
		{"9x9/clues=30", Options{Shape: shape9, Clues: 30}, 50, 10},
		{"9x9/hard", Options{Shape: shape9, MinScore: 3.5, MaxScore: 6.2}, 20, 3},
		{"25x25/maxsolves=1", Options{Shape: shape25, MaxSolves: 1}, 1, 0},
	}
	for _, sym := range Symmetries[1:] {
		tests = append(tests, struct {
			name  string
			opts  Options
			n     int
			short int
		}{"9x9/" + sym.String(), Options{Shape: shape9, Symmetry: sym}, 100, 10})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := tt.n
			if !*checkAll {
				n = min(n, 300)
				if tt.opts.Shape.N() > 16 {
					t.Skip("giants with -check-all only")
				}
			}
			if testing.Short() {
				if n = tt.short; n == 0 {
					t.Skip("in the long run only")
				}
			}
			plain, checked := New(), New()
			opts := tt.opts
			opts.Check = true
			for i := range n {
				want, err := plain.Puzzle(seed, i, tt.opts)
				if err != nil {
					t.Fatalf("Puzzle(%d, %d): %v", seed, i, err)
				}
				got, err := checked.Puzzle(seed, i, opts)
				if err != nil {
					t.Fatalf("Puzzle(%d, %d) with Check: %v", seed, i, err)
				}
				if !slices.Equal(got.Grid.Cells, want.Grid.Cells) || !slices.Equal(got.Solution.Cells, want.Solution.Cells) {
					t.Fatalf("Puzzle(%d, %d) with Check = %s, want %s", seed, i, got.Grid, want.Grid)
				}
			}
		})
	}
}
