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
	clauses := make([][]int, 0, len(rc.Clauses)+g.Givens()+len(extra))
	clauses = append(clauses, rc.Clauses...)
	for _, l := range Givens(g) {
		clauses = append(clauses, []int{l})
	}
	clauses = append(clauses, extra...)
	p := newPropagator(clauses, rc.Vars)
	if !p.run() {
		return false
	}
	left, fresh, ok := p.rest()
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

// propagator runs unit propagation on clauses over nv variables, counting
// each clause's literals not yet false.
type propagator struct {
	clauses [][]int
	nv      int
	start   []int32 // occ[start[l+nv]:start[l+nv+1]] lists the clauses that hold literal l
	flat    []int32
	val     []int8 // 1 true, -1 false, 0 free
	open    []int32
	done    []bool // satisfied
	queue   []int
}

func newPropagator(clauses [][]int, nv int) *propagator {
	p := &propagator{clauses: clauses, nv: nv, start: make([]int32, 2*nv+2), val: make([]int8, nv+1),
		open: make([]int32, len(clauses)), done: make([]bool, len(clauses))}
	for _, c := range clauses {
		for _, l := range c {
			p.start[l+nv+1]++
		}
	}
	for i := 1; i < len(p.start); i++ {
		p.start[i] += p.start[i-1]
	}
	p.flat = make([]int32, p.start[len(p.start)-1])
	fill := append([]int32(nil), p.start...)
	for k, c := range clauses {
		for _, l := range c {
			p.flat[fill[l+nv]] = int32(k)
			fill[l+nv]++
		}
	}
	return p
}

func (p *propagator) occ(l int) []int32 { return p.flat[p.start[l+p.nv]:p.start[l+p.nv+1]] }

func (p *propagator) truth(l int) int8 {
	if l > 0 {
		return p.val[l]
	}
	return -p.val[-l]
}

// assign makes literal l true; false when it is false already.
func (p *propagator) assign(l int) bool {
	switch p.truth(l) {
	case 1:
		return true
	case -1:
		return false
	}
	if l > 0 {
		p.val[l] = 1
	} else {
		p.val[-l] = -1
	}
	p.queue = append(p.queue, l)
	return true
}

// run propagates the unit clauses to the end; false on a conflict.
func (p *propagator) run() bool {
	for k, c := range p.clauses {
		p.open[k] = int32(len(c))
		if len(c) == 0 || len(c) == 1 && !p.assign(c[0]) {
			return false
		}
	}
	for len(p.queue) > 0 {
		l := p.queue[len(p.queue)-1]
		p.queue = p.queue[:len(p.queue)-1]
		for _, k := range p.occ(l) {
			p.done[k] = true
		}
		for _, k := range p.occ(-l) {
			if !p.shrink(k) {
				return false
			}
		}
	}
	return true
}

// shrink counts one more false literal in clause k, and assigns its last
// free literal when one is left; false on a conflict.
func (p *propagator) shrink(k int32) bool {
	if p.done[k] {
		return true
	}
	p.open[k]--
	if p.open[k] > 1 {
		return true
	}
	// one literal left free, or none: find it
	unit := 0
	for _, m := range p.clauses[k] {
		switch p.truth(m) {
		case 1:
			p.done[k] = true
		case 0:
			unit = m
		}
	}
	if p.done[k] {
		return true
	}
	return unit != 0 && p.assign(unit)
}

// rest returns the clauses not yet satisfied, without their false
// literals, over the variables still free numbered afresh, and how many
// those are; false when a clause has no literal left.
func (p *propagator) rest() ([][]int, int, bool) {
	num := make([]int, p.nv+1)
	fresh := 0
	left := make([][]int, 0, len(p.clauses)/2)
	var arena []int // the literals of left, in runs that left slices
	for k, c := range p.clauses {
		if p.done[k] {
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
			if p.val[v] != 0 {
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
