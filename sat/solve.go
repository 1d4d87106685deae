package sat

import "github.com/sudokugen/sudokugen/grid"

// Solutions returns up to limit distinct solutions of puzzle g, in the order
// the solver finds them. It solves under g's givens, then again and again
// with a blocking clause on each solution found, until it comes back
// unsatisfiable or has limit solutions. Fewer than limit solutions means
// there are no more: with limit 2, one solution proves g unique.
//
// g must have the shape of s. The blocking clauses are guarded by one fresh
// activation variable, so they bind only this call.
func (s *Solver) Solutions(g grid.Grid, limit int) []grid.Grid {
	if s.spent >= poolSize {
		s.rebuild()
	}
	// Every activation variable of the pool but the one this call takes is
	// assumed false: spent ones switch their old blocking clauses off, unused
	// ones are kept from costing the solver decisions.
	act := s.pool + s.spent
	s.spent++
	givens := Givens(g)
	assume := make([]int, 0, len(givens)+poolSize)
	assume = append(assume, givens...)
	for v := s.pool; v < s.pool+poolSize; v++ {
		if v != act {
			assume = append(assume, -v)
		}
	}
	if !s.Solve(assume) {
		return nil
	}
	first := s.Grid()
	sols := []grid.Grid{first}
	if limit <= 1 || g.Givens() == len(g.Cells) {
		return sols
	}
	assume = append(assume, act)
	for len(sols) < limit {
		block := Blocking(g, sols[len(sols)-1])
		s.appendClause(append(block, -act))
		if !s.Solve(assume) {
			break
		}
		sols = append(sols, s.Grid())
	}
	return sols
}
