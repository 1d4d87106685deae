package generate

import (
	"bytes"
	"flag"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/sat"
)

var cadical = flag.Bool("cadical", false, "check generated 16x16 and 25x25 puzzles with Debian's cadical (slow)")

// unsatByCadical reports whether cadical finds the puzzle g, with the
// solution sol blocked, unsatisfiable: whether g has no other solution.
func unsatByCadical(t *testing.T, g, sol grid.Grid) bool {
	t.Helper()
	var cnf bytes.Buffer
	if err := sat.WriteDIMACS(&cnf, g, sat.Blocking(g, sol)); err != nil {
		t.Fatal(err)
	}
	sat, _ := gridtest.RunCadical(t, cnf.Bytes())
	return !sat
}

// TestCadicalUniqueAndMinimal checks generated giants with an outside
// solver, which shares nothing with this package but the CNF: each puzzle
// with its solution blocked is unsatisfiable (unique), and, for the puzzles
// claimed minimal, each puzzle with one clue taken out and the solution
// blocked is satisfiable (no clue can go). Behind -cadical: it takes
// minutes.
func TestCadicalUniqueAndMinimal(t *testing.T) {
	if !*cadical {
		t.Skip("run with -cadical")
	}
	gridtest.NeedCadical(t)
	tests := []struct {
		name    string
		opts    Options
		n       int
		minimal bool
	}{
		{"16x16", Options{Shape: shape16}, 3, true},
		{"25x25", Options{Shape: shape25}, 3, true},
		{"25x25/clues", Options{Shape: shape25, Clues: 300, MaxSolves: -1}, 1, false},
		{"36x36", Options{Shape: grid.Shape{BoxRows: 6, BoxCols: 6}}, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New()
			for i := range tt.n {
				p, err := g.Puzzle(41, i, tt.opts)
				if err != nil {
					t.Fatal(err)
				}
				if !unsatByCadical(t, p.Grid, p.Solution) {
					t.Fatalf("puzzle %d %s: cadical finds a second solution", i, p.Grid)
				}
				if !tt.minimal {
					t.Logf("puzzle %d: unique, %d clues", i, p.Grid.Givens())
					continue
				}
				for x, v := range p.Grid.Cells {
					if v == 0 {
						continue
					}
					q := p.Grid.Clone()
					q.Cells[x] = 0
					if unsatByCadical(t, q, p.Solution) {
						n := q.N()
						t.Fatalf("puzzle %d %s: still unique without the clue at r%dc%d", i, p.Grid, x/n+1, x%n+1)
					}
				}
				t.Logf("puzzle %d: unique and minimal, %d clues", i, p.Grid.Givens())
			}
		})
	}
}
