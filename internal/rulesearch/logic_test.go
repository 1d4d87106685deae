package rulesearch_test

import (
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
)

// The questions of rate's logical solve, on SudokuSolver's sandwich and
// arrow puzzles, from the state Restart gives after the givens: the
// solution's digits on the cells of every rule hold together (Holds), and
// no solution digit is refuted by Supported, while some other digit is
// (else the test would tell nothing). Supported and Holds leave the state
// as it was.
func TestSupportedKeepsTheSolution(t *testing.T) {
	for _, name := range []string{"sandwich", "tangled-arrows"} {
		g := sudokuSolverPuzzle(t, name)
		m := rulesearch.NewModel(g.Shape, g.Rules)
		s := rulesearch.New(m)
		r := s.Count(g.Cells, 1, 1<<22, nil, nil)
		if r.Count != 1 {
			t.Fatalf("%s: no solution found", name)
		}
		sol := r.First[0]
		start, ok := s.Start(g.Cells)
		if !ok {
			t.Fatalf("%s: propagation of the givens fails", name)
		}
		p, ok := s.Restart(start)
		if !ok {
			t.Fatalf("%s: Restart fails", name)
		}
		before := append([]uint64(nil), p...)
		refuted := 0
		for _, sc := range g.Rules.Lower(g.Shape).Scopes {
			if len(sc) > 12 {
				continue
			}
			digits := make([]uint8, len(sc))
			for k, x := range sc {
				digits[k] = sol[x]
			}
			if !s.Holds(p, sc, digits) {
				t.Errorf("%s: the solution's digits on %v do not hold", name, sc)
			}
			sup, found := make([]uint64, len(sc)), make([]uint8, len(sc))
			for _, x := range sc {
				for m := p[x]; m != 0; m &= m - 1 {
					d := m & -m
					ok, known := s.Supported(p, sc, x, d, 64, sup, found)
					switch {
					case known && !ok && d == 1<<(sol[x]-1):
						t.Fatalf("%s: Supported refutes %s = %d, the solution's digit", name, grid.CellOf(g.N(), x), sol[x])
					case known && !ok:
						refuted++
					}
				}
			}
		}
		for i := range p {
			if p[i] != before[i] {
				t.Fatalf("%s: Supported or Holds changed the state", name)
			}
		}
		if refuted == 0 {
			t.Errorf("%s: Supported refuted no digit", name)
		}
		t.Logf("%s: %d digits refuted on the rules' cells", name, refuted)
	}
}
