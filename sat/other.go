package sat

import (
	"github.com/crillab/gophersat/solver"
	"github.com/sudokugen/sudokugen/grid"
)

// The uniqueness gadget lets one solver check puzzle after puzzle for a
// second solution without adding a clause per puzzle. The blocking clause
// of a solution S of puzzle P says: some empty cell c of P does not hold
// S[c]. Written once with variables that each call sets by assumption:
//
//	e                       the gadget is on for this call
//	w(c), one per cell      c is a cell that differs from S
//	s(c,d), one per digit   S[c] is d
//
// with the clauses
//
//	-e OR w(1) OR ... OR w(N*N)          some cell differs
//	-w(c) OR -s(c,d) OR -x(c,d)          a differing cell does not hold S[c]
//
// A call assumes e, -w(c) for the givens of P (a given cannot differ),
// s(c,S[c]) and -s(c,d) for d != S[c]: under those assumptions the clauses
// say exactly what the blocking clause says. The solver keeps what it
// learns from puzzle to puzzle; nothing needs rebuilding.

type gadget struct {
	e, w, s int // the variable e, and the first variables of w and s
}

// enableGadget rebuilds the solver with the gadget's clauses.
func (s *Solver) enableGadget() {
	n := s.shape.N()
	cells := n * n
	g := &gadget{e: s.vars + 1, w: s.vars + 2, s: s.vars + 2 + cells}
	s.vars += 1 + cells + cells*n
	some := make([]int, 0, cells+1)
	some = append(some, -g.e)
	for c := 0; c < cells; c++ {
		some = append(some, g.w+c)
	}
	s.gadgetClauses = append(s.gadgetClauses, some)
	for c := 0; c < cells; c++ {
		for d := 1; d <= n; d++ {
			s.gadgetClauses = append(s.gadgetClauses, []int{-(g.w + c), -(g.s + c*n + d - 1), -Var(n, c/n, c%n, d)})
		}
	}
	s.gadget = g
	s.rebuild()
}

// Other looks for a solution of puzzle g other than sol, which must be a
// solution of g that the caller has checked. It returns the other solution
// and true, or false when sol is the only one: then g is unique, proved by
// the solver.
func (s *Solver) Other(g, sol grid.Grid) (grid.Grid, bool) {
	if s.gadget == nil {
		s.enableGadget()
	}
	n := s.shape.N()
	gd := s.gadget
	lits := s.lits[:0]
	add := func(l int) { lits = append(lits, solver.IntToLit(int32(l))) }
	for _, l := range s.units {
		add(l)
	}
	for v := s.pool; v < s.pool+poolSize; v++ {
		add(-v) // activation variables of Solutions: off
	}
	add(gd.e)
	for c, v := range g.Cells {
		if v != 0 {
			add(Var(n, c/n, c%n, int(v)))
			add(-(gd.w + c))
		}
		for d := 1; d <= n; d++ {
			if d == int(sol.Cells[c]) {
				add(gd.s + c*n + d - 1)
			} else {
				add(-(gd.s + c*n + d - 1))
			}
		}
	}
	s.lits = lits
	mu.Lock()
	defer mu.Unlock()
	s.model = nil
	if s.s.Assume(lits) == solver.Unsat || s.s.Solve() != solver.Sat {
		return grid.Grid{}, false
	}
	s.model = s.s.Model()
	return s.Grid(), true
}
