package sat

import "github.com/sudokugen/sudokugen/grid"

// Solutions counts the solutions of puzzle g up to limit and calls each, if
// not nil, with every solution in the order the solver finds them. It
// solves under g's givens, then again with a blocking clause on each
// solution found, until the solver comes back unsatisfiable or limit
// solutions are found. A count below limit is exact: with limit 2, a count
// of 1 proves g unique. limit below 1 counts as 1.
//
// known are solutions of g found by other means (the caller must have
// checked them against the rules and the givens): they are blocked from
// the start and count toward limit, but each is not called for them. With
// one known solution and limit 2, Solutions is the single solve that proves
// g unique or finds a second solution.
//
// g must have the shape of s. The blocking clauses are guarded by one
// activation variable of this call, so they bind no other call.
func (s *Solver) Solutions(g grid.Grid, known []grid.Grid, limit int, each func(grid.Grid)) int {
	if s.spent >= s.poolSize {
		s.rebuild()
	}
	// The activation variables of earlier calls are left free: the solver
	// may set one true and so bring back an old blocking clause, but only
	// to narrow its search, never to change the answer, since setting them
	// all false keeps any model a model. Leaving them out of the
	// assumptions was measured 4% faster than assuming them false.
	act := s.pool + s.spent
	s.spent++
	assume := Givens(g)
	full := g.Givens() == len(g.Cells) // a full grid is its own only solution
	count := 0
	for _, k := range known {
		count++
		if count >= limit || full {
			return count
		}
		if count == 1 {
			assume = append(assume, act)
		}
		s.appendClause(append(Blocking(g, k), -act))
	}
	for s.Solve(assume) {
		sol := s.Grid()
		count++
		if each != nil {
			each(sol)
		}
		if count >= limit || full {
			break
		}
		if count == 1 {
			assume = append(assume, act)
		}
		s.appendClause(append(Blocking(g, sol), -act))
	}
	return count
}
