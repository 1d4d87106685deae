package generate

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/internal/search"
	"github.com/sudokugen/sudokugen/sat"
)

// TestSearchAgreesWithSolver checks the search that settles removals
// against the solver, on real puzzles with known solutions: clues are taken
// out one or two at a time, and the search's verdict (second solution or
// unique) must be the solver's; a second solution it finds must keep the
// rules and the clues and differ from the solution in a cell taken out.
//
// Each size runs with and without the strong search (see search.StrongFrom), so
// that locked candidates and branching on a digit's places are checked on
// the 9x9 puzzles too, where the solver is quick and many removals need
// them.
func TestSearchAgreesWithSolver(t *testing.T) {
	tests := []struct {
		name, puzzles, solutions string
		n                        int
	}{
		{"royle17", "royle17/puzzles.txt", "royle17/solutions.txt", 100},
		{"top1465", "tdoku/top1465.txt", "tdoku/top1465.solutions.txt", 100},
		{"16x16", "large/16x16.unique.txt", "large/16x16.unique.solutions.txt", 40},
		{"25x25", "large/25x25.unique.txt", "large/25x25.unique.solutions.txt", 10},
	}
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for _, tt := range tests {
		for _, strong := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/strong=%v", tt.name, strong), func(t *testing.T) {
				ps, ss := gridtest.Lines(t, tt.puzzles), gridtest.Lines(t, tt.solutions)
				n := tt.n
				if testing.Short() {
					n /= 10
				}
				counts := map[search.Outcome]int{}
				for k := range n {
					j := rng.IntN(len(ps))
					p, sol := gridtest.Line(t, ps[j]), gridtest.Line(t, ss[j])
					s := sat.New(p.Shape)
					srch := newSearcher(p.Shape.Units())
					srch.s.Strong = strong
					// Clues go one or two at a time, as removal takes orbits,
					// while the solver says the puzzle stays unique.
					order := rng.Perm(len(p.Cells))
					for o := 0; o+1 < len(order) && o < 40; o += 2 {
						orbit := order[o : o+1+rng.IntN(2)]
						if p.Cells[orbit[0]] == 0 || p.Cells[orbit[len(orbit)-1]] == 0 {
							continue
						}
						q := p.Clone()
						for _, x := range orbit {
							q.Cells[x] = 0
						}
						want := search.None
						if s.Solutions(q, []grid.Grid{sol}, 2, nil) == 2 {
							want = search.Found
						}
						// the search, then the solver on what propagation leaves
						// open, as removal asks them
						for _, how := range []string{"search", "open part"} {
							var got search.Outcome
							if how == "search" {
								got = srch.second(q.Cells, sol.Cells, orbit, 1<<30)
								counts[got]++
							} else {
								got = srch.secondBySolver(q.Cells, sol.Cells, orbit)
							}
							if got != want {
								t.Fatalf("puzzle %d (line %d) without %v: %s says %v, solver %v", k, j+1, orbit, how, got, want)
							}
							if got == search.Found {
								checkSecond(t, q, sol, grid.Grid{Shape: p.Shape, Cells: srch.other}, orbit)
							}
						}
						if want == search.None {
							p = q
						}
					}
				}
				t.Logf("%v", counts)
			})
		}
	}
}

// checkSecond fails the test unless other is a solution of puzzle q that
// differs from sol inside orbit.
func checkSecond(t *testing.T, q, sol, other grid.Grid, orbit []int) {
	t.Helper()
	n := q.N()
	differs := false
	for _, x := range orbit {
		differs = differs || other.Cells[x] != sol.Cells[x]
	}
	if err := other.Validate(); err != nil || other.Givens() != len(other.Cells) || !differs {
		t.Fatalf("puzzle %s: second solution %s is not one (%v)", q, other, err)
	}
	for i, v := range q.Cells {
		if v != 0 && other.Cells[i] != v {
			t.Fatalf("puzzle %s: second solution %s breaks clue r%dc%d", q, other, i/n+1, i%n+1)
		}
	}
}

// TestStrongSearchShapes generates minimal puzzles on shapes the strong
// search takes (20x20 with 4x5 boxes, 22x22 with 2x11: lines cross boxes in
// segments of unequal lengths), and checks each with the solver of the
// whole encoding: unique, and still ambiguous without any of a sample of
// its clues.
func TestStrongSearchShapes(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds per puzzle")
	}
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for _, sh := range []grid.Shape{{BoxRows: 4, BoxCols: 5}, {BoxRows: 2, BoxCols: 11}} {
		t.Run(sh.String(), func(t *testing.T) {
			p, err := New().Puzzle(seed, 0, Options{Shape: sh})
			if err != nil {
				t.Fatal(err)
			}
			s := sat.New(sh)
			if got := s.Solutions(p.Grid, []grid.Grid{p.Solution}, 2, nil); got != 1 {
				t.Fatalf("puzzle %s: %d solutions, want 1", p.Grid, got)
			}
			n := sh.N()
			for range 10 {
				x := rng.IntN(len(p.Grid.Cells))
				if p.Grid.Cells[x] == 0 {
					continue
				}
				q := p.Grid.Clone()
				q.Cells[x] = 0
				if s.Solutions(q, []grid.Grid{p.Solution}, 2, nil) != 2 {
					t.Fatalf("puzzle %s: still unique without the clue at r%dc%d", p.Grid, x/n+1, x%n+1)
				}
			}
			t.Logf("%d clues", p.Grid.Givens())
		})
	}
}
