package sat

import (
	"sync"

	"github.com/crillab/gophersat/solver"
	"github.com/sudokugen/sudokugen/grid"
)

// ExactlyOne reports whether variables 1..nv can be set so that exactly one
// variable of each group is true and every clause of extra holds, and
// returns such a setting (index v-1 for variable v) when they can. It
// builds a fresh gophersat solver for the call, with each group as one
// clause and its pairwise "at most one" clauses, and drops it after, so
// memory is bounded by the problem given.
//
// It serves problems much smaller than a grid's whole encoding, such as
// what is left open of a puzzle after propagation: on 25x25 puzzles of
// about 290 clues, the 1,300 to 1,500 open candidates took gophersat
// 0.1-0.35 s, against 0.25-2.3 s for the whole encoding with the givens as
// assumptions (6 removals, one run).
func ExactlyOne(groups [][]int, nv int, extra [][]int) ([]bool, bool) {
	clauses := append([][]int(nil), extra...)
	for _, g := range groups {
		clauses = exactlyOne(clauses, g)
	}
	pb := solver.ParseSliceNb(clauses, nv)
	mu.Lock()
	defer mu.Unlock()
	s := solver.New(pb)
	if s.Solve() != solver.Sat {
		return nil, false
	}
	return s.Model(), true
}

// groupsOf lists, for each variable of shape s, the groups of the encoding
// (see groups) it is in: its cell's, and its digit's in its row, column
// and box.
var groupsOf sync.Map // grid.Shape -> [][4]int32

func memberships(s grid.Shape, gs [][]int) [][4]int32 {
	if v, ok := groupsOf.Load(s); ok {
		return v.([][4]int32)
	}
	of := make([][4]int32, NumVars(s.N())+1)
	seen := make([]int, len(of))
	for k, g := range gs {
		for _, v := range g {
			of[v][seen[v]] = int32(k)
			seen[v]++
		}
	}
	v, _ := groupsOf.LoadOrStore(s, of)
	return v.([][4]int32)
}

// Unique reports whether sol, a solution of puzzle g, is its only one: the
// rules, the givens and the blocking clause of sol (some empty cell holds
// another digit) must be unsatisfiable. It is the proof Solutions gives
// with sol known and a limit of 2, reached another way for large grids:
// unit propagation of the givens through the encoding's "exactly one"
// groups first, here, then one solve by a fresh gophersat solver of what
// propagation leaves open. On a minimal 25x25 puzzle of 268 clues that
// took 4 s, where the long-lived solver of the whole encoding took two
// minutes.
//
// A variant puzzle's CNF is propagated whole, and a fresh solver takes
// what is left (see satisfiable); sol must keep its rules.
func Unique(g, sol grid.Grid) bool {
	if g.HasRules() {
		if !g.Solves(sol) {
			return false
		}
		return !satisfiable(g, [][]int{Blocking(g, sol)})
	}
	gs := groups(g.Shape)
	of := memberships(g.Shape, gs)
	val := make([]int8, len(of))  // 1 true, -1 false, 0 open
	done := make([]bool, len(gs)) // a group with its true variable
	var queue []int
	set := func(v int) { // v true; v is open
		val[v] = 1
		queue = append(queue, v)
	}
	for _, v := range Givens(g) {
		set(v)
	}
	for len(queue) > 0 {
		v := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, k := range of[v] {
			if done[k] {
				continue
			}
			done[k] = true
			for _, w := range gs[k] {
				if w == v {
					continue
				}
				if val[w] > 0 {
					return false // two true in a group: the givens have no solution
				}
				if val[w] == 0 {
					val[w] = -1
					// a group of w with one open variable left forces it
					for _, j := range of[w] {
						if last, ok := lastOpen(gs[j], val, done[j]); ok {
							if last == 0 {
								return false // a group with none left: no solution
							}
							set(last)
						}
					}
				}
			}
		}
	}
	// What is left: the open variables of the groups without a true one,
	// numbered afresh, and the blocking clause over the open cells.
	num := make([]int32, len(val))
	nv := 0
	var left [][]int
	for k, grp := range gs {
		if done[k] {
			continue
		}
		var c []int
		for _, v := range grp {
			if val[v] == 0 {
				if num[v] == 0 {
					nv++
					num[v] = int32(nv)
				}
				c = append(c, int(num[v]))
			}
		}
		if len(c) == 0 {
			return false // cannot happen: propagation would have failed
		}
		left = append(left, c)
	}
	n := g.N()
	var block []int
	for i, d := range sol.Cells {
		v := Var(n, i/n, i%n, int(d))
		switch val[v] {
		case -1:
			return false // propagation set a cell to another digit: sol is not the only solution, or not one
		case 0:
			block = append(block, -int(num[v]))
		}
	}
	if len(block) == 0 {
		return true // propagation alone gives sol
	}
	_, sat := ExactlyOne(left, nv, [][]int{block})
	return !sat
}

// lastOpen reports, for a group with no true variable, whether at most one
// of its variables is open, and which (0 for none). done is whether the
// group's true variable was propagated.
func lastOpen(grp []int, val []int8, done bool) (int, bool) {
	if done {
		return 0, false
	}
	last := 0
	for _, v := range grp {
		if val[v] > 0 {
			return 0, false
		}
		if val[v] == 0 {
			if last != 0 {
				return 0, false
			}
			last = v
		}
	}
	return last, true
}
