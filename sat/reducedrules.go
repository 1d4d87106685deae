package sat

import (
	"sync"

	"github.com/crillab/gophersat/solver"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/up"
)

// satisfiable reports whether the CNF of variant puzzle g (its rules'
// clauses and its givens) with the extra clauses has a model. Unit
// propagation runs first, here, on every clause; what it leaves open (the
// clauses not yet satisfied, without their false literals, over the
// variables still free, numbered afresh) goes to a fresh gophersat solver,
// which is dropped after the call. A conflict of propagation answers
// without it. It is the whole CNF's answer: propagation only draws
// consequences, and the solver decides the rest.
//
// Measured on minimal 9x9 jigsaws, one at a time: about 4 times less time
// than a solver of the whole encoding with the givens as assumptions.
func satisfiable(g grid.Grid, extra [][]int) bool {
	rc := RuleClauses(g.Shape, g.Rules)
	clauses := make([][]int, 0, len(rc.Clauses)+g.Givens()+len(extra))
	clauses = append(clauses, rc.Clauses...)
	for _, l := range Givens(g) {
		clauses = append(clauses, []int{l})
	}
	clauses = append(clauses, extra...)
	p := propagators.Get().(*up.Propagator)
	p.Load(rc.Vars, clauses)
	ok := p.Base()
	var left [][]int
	var fresh int
	if ok {
		left, fresh, ok = rest(clauses, p, rc.Vars)
	}
	propagators.Put(p)
	if !ok {
		return false
	}
	if len(left) == 0 {
		return true
	}
	pb := solver.ParseSliceNb(left, fresh)
	mu.Lock()
	defer mu.Unlock()
	if pb.Status == solver.Unsat {
		return false
	}
	return solver.New(pb).Solve() == solver.Sat
}

// propagators holds the Propagators of satisfiable, whose memory one call
// after another reuses: a variant's generation asks for hundreds of
// proofs, each the propagation of a CNF of some 15,000 clauses.
var propagators = sync.Pool{New: func() any { return new(up.Propagator) }}

// rest returns the clauses not yet satisfied by p's assignment, without
// their false literals, over the variables still free numbered afresh,
// and how many those are; false when a clause has no literal left. The
// clauses are over variables 1..nv.
func rest(clauses [][]int, p *up.Propagator, nv int) ([][]int, int, bool) {
	num := make([]int, nv+1)
	fresh := 0
	left := make([][]int, 0, len(clauses)/2)
	var arena []int // the literals of left, in runs that left slices
	for _, c := range clauses {
		if satisfied(c, p) {
			continue
		}
		if cap(arena)-len(arena) < len(c) {
			arena = make([]int, 0, max(1<<14, len(c)))
		}
		start := len(arena)
		for _, l := range c {
			v := l
			if v < 0 {
				v = -v
			}
			if p.Truth(v) != 0 {
				continue // false: a true one would have satisfied the clause
			}
			if num[v] == 0 {
				fresh++
				num[v] = fresh
			}
			if l > 0 {
				arena = append(arena, num[v])
			} else {
				arena = append(arena, -num[v])
			}
		}
		if len(arena) == start {
			return nil, 0, false
		}
		left = append(left, arena[start:len(arena):len(arena)])
	}
	return left, fresh, true
}

// satisfied reports whether a literal of clause c holds under p's
// assignment.
func satisfied(c []int, p *up.Propagator) bool {
	for _, l := range c {
		if p.Truth(l) == 1 {
			return true
		}
	}
	return false
}
