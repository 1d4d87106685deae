package generate

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/sat"
)

// TestSearchAgreesWithSolver checks the search that settles removals
// against the solver, on real puzzles with known solutions: clues are taken
// out one or two at a time, and the search's verdict (second solution or
// unique) must be the solver's; a second solution it finds must keep the
// rules and the clues and differ from the solution in a cell taken out.
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
		t.Run(tt.name, func(t *testing.T) {
			ps, ss := gridtest.Lines(t, tt.puzzles), gridtest.Lines(t, tt.solutions)
			n := tt.n
			if testing.Short() {
				n /= 10
			}
			counts := map[searchResult]int{}
			for k := range n {
				j := rng.IntN(len(ps))
				p, sol := gridtest.Line(t, ps[j]), gridtest.Line(t, ss[j])
				s := sat.New(p.Shape)
				srch := newSearcher(p.Shape.Units())
				nn := p.N()
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
					got := srch.second(q.Cells, sol.Cells, orbit, 1<<30)
					counts[got]++
					want := searchNone
					if s.Solutions(q, []grid.Grid{sol}, 2, nil) == 2 {
						want = searchFound
					}
					if got != want {
						t.Fatalf("puzzle %d (line %d) without %v: search says %v, solver %v", k, j+1, orbit, got, want)
					}
					if got == searchNone {
						p = q
						continue
					}
					other := grid.Grid{Shape: p.Shape, Cells: srch.other}
					differs := false
					for _, x := range orbit {
						differs = differs || other.Cells[x] != sol.Cells[x]
					}
					if err := other.Validate(); err != nil || other.Givens() != len(other.Cells) || !differs {
						t.Fatalf("puzzle %d (line %d): second solution %s is not one (%v)", k, j+1, other, err)
					}
					for i, v := range q.Cells {
						if v != 0 && other.Cells[i] != v {
							t.Fatalf("puzzle %d (line %d): second solution %s breaks clue r%dc%d", k, j+1, other, i/nn+1, i%nn+1)
						}
					}
				}
			}
			t.Logf("%v", counts)
		})
	}
}
