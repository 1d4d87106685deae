package sat

import (
	"github.com/crillab/gophersat/solver"
	"github.com/sudokugen/sudokugen/grid"
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
	nv := rc.Vars
	clauses := make([][]int, 0, len(rc.Clauses)+g.Givens()+len(extra))
	clauses = append(clauses, rc.Clauses...)
	for _, l := range Givens(g) {
		clauses = append(clauses, []int{l})
	}
	clauses = append(clauses, extra...)
	// occ[start[l+nv]:start[l+nv+1]] lists the clauses that hold literal l
	start := make([]int32, 2*nv+2)
	for _, c := range clauses {
		for _, l := range c {
			start[l+nv+1]++
		}
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	flat := make([]int32, start[len(start)-1])
	fill := append([]int32(nil), start...)
	for k, c := range clauses {
		for _, l := range c {
			flat[fill[l+nv]] = int32(k)
			fill[l+nv]++
		}
	}
	occ := func(l int) []int32 { return flat[start[l+nv]:start[l+nv+1]] }
	val := make([]int8, nv+1) // 1 true, -1 false, 0 free
	open := make([]int32, len(clauses))
	done := make([]bool, len(clauses)) // satisfied
	var queue []int
	truth := func(l int) int8 {
		if l > 0 {
			return val[l]
		}
		return -val[-l]
	}
	assign := func(l int) bool {
		switch truth(l) {
		case 1:
			return true
		case -1:
			return false
		}
		if l > 0 {
			val[l] = 1
		} else {
			val[-l] = -1
		}
		queue = append(queue, l)
		return true
	}
	for k, c := range clauses {
		open[k] = int32(len(c))
		if len(c) == 0 {
			return false
		}
		if len(c) == 1 && !assign(c[0]) {
			return false
		}
	}
	for len(queue) > 0 {
		l := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, k := range occ(l) {
			done[k] = true
		}
		for _, k := range occ(-l) {
			if done[k] {
				continue
			}
			open[k]--
			if open[k] > 1 {
				continue
			}
			// one literal left free, or none: find it
			unit := 0
			for _, m := range clauses[k] {
				switch truth(m) {
				case 1:
					done[k] = true
				case 0:
					unit = m
				}
			}
			if done[k] {
				continue
			}
			if unit == 0 || !assign(unit) {
				return false
			}
		}
	}
	num := make([]int, nv+1)
	fresh := 0
	left := make([][]int, 0, len(clauses)/2)
	var arena []int // the literals of left, in runs that left slices
	for k, c := range clauses {
		if done[k] {
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
			if val[v] != 0 {
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
			return false
		}
		left = append(left, arena[start:len(arena):len(arena)])
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
