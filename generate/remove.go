package generate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/search"
	"github.com/sudokugen/sudokugen/sat"
)

// remover takes clues away from a full grid while the puzzle keeps exactly
// one solution, the grid it started from.
type remover struct {
	s         *sat.Solver
	b         *board // the puzzle so far
	sol       []uint8
	clues     int   // filled cells of b
	solves    int   // SAT solves spent so far
	maxSolves int   // budget of solves, 0 for none
	assume    []int // reused buffer
	placed    []int // reused buffer for deduce
	search    *searcher
}

// removal parameters: stop at target clues (0: none), and spend at most
// maxSolves SAT solves (0: no limit).
type removal struct {
	target    int
	maxSolves int
	// accept, when set, is asked about each puzzle a removal leads to once
	// it is proved unique; a removal it refuses is undone (the clues go
	// back), as one that would lift a puzzle above its difficulty target.
	accept func(puzzle grid.Grid) bool
	// byDigit visits the orbits by digit (of their first cell) instead of
	// in a random order of all of them: those of three random digits in a
	// random order, then those of each other digit in turn.
	byDigit bool
	// byRow visits the orbits row by row (of their first cell), the rows
	// in a random order and the orbits of a row in a random order (see
	// sweepFrom).
	byRow bool
	// ctx, when set, stops the pass early when it is done; the puzzle is
	// then unique but not minimal, and the caller discards it.
	ctx context.Context
	// check decides every removal again with the solver (see
	// Options.Check); remove fails with ErrCheck on any difference.
	check bool
}

// remove visits the orbits of the clue pattern in random order (or by
// digit, see removal.byDigit) and takes each one away when the puzzle
// stays unique without it.
//
// One pass is enough for minimality: if removing an orbit from puzzle P
// leaves several solutions, removing it from any P' with fewer clues does
// too (fewer clues never lose solutions), so an orbit kept once never
// needs a second try. Without symmetry each orbit is one cell and the
// result is minimal; with symmetry it is minimal over orbits.
//
// Each orbit is settled by the cheapest proof that works: a known
// unavoidable set it would empty (keep it), naked and hidden singles that
// force its digits back (remove it), a complete search for a second
// solution that either finds one (keep it) or runs to its end without one
// (remove it), and, when that search gives up at its node budget, the
// solver. Once the solve budget is spent, the pass goes on with the proofs
// that need no solve and keeps every orbit they cannot settle, so the
// puzzle stays unique.
func remove(s *sat.Solver, l *layout, full grid.Grid, orbs [][]int, rng *rand.Rand, p removal) (grid.Grid, error) {
	rm := &remover{s: s, b: l.newBoard(), sol: full.Cells, clues: len(full.Cells), maxSolves: p.maxSolves}
	for i, v := range full.Cells {
		rm.b.place(i, int(v))
	}
	un := findUnavoidable(l, full.Cells)
	rm.search = l.search
	order := rng.Perm(len(orbs))
	switch {
	case p.byDigit:
		// the first three digits of a random order together, then the
		// others one at a time
		rank := rng.Perm(l.n)
		for d := range rank {
			rank[d] = max(rank[d]-2, 0)
		}
		slices.SortStableFunc(order, func(a, b int) int {
			return rank[full.Cells[orbs[a][0]]-1] - rank[full.Cells[orbs[b][0]]-1]
		})
	case p.byRow:
		rank := rng.Perm(l.n)
		slices.SortStableFunc(order, func(a, b int) int {
			return rank[l.at[orbs[a][0]].row] - rank[l.at[orbs[b][0]].row]
		})
	}
	for _, k := range order {
		if p.target > 0 && rm.clues <= p.target {
			break
		}
		if p.ctx != nil && p.ctx.Err() != nil {
			break
		}
		orbit := orbs[k]
		if p.target > 0 && rm.clues-len(orbit) < p.target {
			continue // would overshoot; a smaller orbit may still fit
		}
		for _, x := range orbit {
			rm.b.clear(x)
		}
		removed, proved := rm.decide(un, orbit)
		if p.check && proved {
			if err := rm.check(orbit, removed); err != nil {
				return grid.Grid{}, err
			}
		}
		if removed && p.accept != nil && !p.accept(rm.b.grid()) {
			removed = false
		}
		if removed {
			rm.clues -= len(orbit)
			un.remove(orbit)
			continue
		}
		for _, x := range orbit {
			rm.b.place(x, int(rm.sol[x]))
		}
	}
	return rm.b.grid(), nil
}

// decide settles whether the puzzle stays unique without orbit, whose
// cells have just been emptied, by the cheapest proof that works (see
// remove). proved is false when the solve budget ran out before a proof:
// the orbit then stays, which is always safe.
func (rm *remover) decide(un *unavoidable, orbit []int) (removed, proved bool) {
	if un.empties(orbit) {
		return false, true
	}
	if rm.deduce(orbit) {
		return true, true
	}
	switch rm.search.second(rm.b.cells, rm.sol, orbit, searchNodes(rm.b.n, rm.maxSolves > 0)) {
	case search.None:
		return true, true
	case search.Found:
		return false, true
	}
	if rm.spent() {
		return false, false
	}
	if rm.b.n >= reducedFrom {
		rm.solves++
		return rm.search.secondBySolver(rm.b.cells, rm.sol, orbit) == search.None, true
	}
	return rm.unique(orbit), true
}

// reducedFrom is the grid size from which a removal the search gives up on
// goes to the solver as the problem propagation leaves open
// (searcher.secondBySolver), rather than to the long-lived solver of the
// whole encoding (remover.unique). On 25x25 the whole encoding took
// gophersat 0.25-2.3 s per removal near 290 clues, and the solver grew
// with what it learned; the open part took 0.1-0.35 s. Below that the
// search settles nearly every removal and the few left are cheap either
// way.
const reducedFrom = 20

// sweepFrom is the grid size from which a pass without a clue target
// takes the clues away row by row (removal.byRow) rather than in a random
// order of all cells. Near minimality almost every removal is refused, and
// each refusal needs a second solution of the puzzle without that clue. In
// a random order the emptied cells are spread over the whole grid, and on
// 25x25 that second solution differed from the first in 100 to 230 cells:
// the search never found one within its budget, and the solver took 0.2 to
// 10 s each, about 200 times per puzzle (268 to 273 clues in 75 to 365 s,
// four grids). Taken row by row, the rows done first end up nearly empty,
// the second solutions stay within them, and they are quick to find: of
// some 230 refusals per 25x25 puzzle the search found 72 to 91 and the
// solver the rest, at about 10 ms each (three grids); 246 to 255 clues in
// 1.5 to 2.2 s for five grids. The price is the look of the
// puzzle: the clues thin out in the rows taken first, some of which end up
// empty (the boxes keep 5 to 16 clues each). With a clue target the order
// stays random, so that a puzzle stopped short of minimality has its clues
// spread evenly. Below 20x20 too: row by row took 2.8 times less processor
// time on 16x16 (for 90 clues on average against 94), but a random order
// is affordable there, and those sizes are the ones printed most, where
// evenly spread clues matter more; Options.Order chooses either way.
const sweepFrom = 20

// check decides again, with the solver and the blocking clause of the
// design, whether the puzzle (the board, with orbit emptied) is unique,
// and returns an error naming the orbit when that differs from removed,
// the fast path's answer.
func (rm *remover) check(orbit []int, removed bool) error {
	p := rm.b.grid()
	sol := grid.Grid{Shape: p.Shape, Cells: rm.sol}
	unique := rm.s.Solutions(p, []grid.Grid{sol}, 2, nil) == 1
	if unique == removed {
		return nil
	}
	n := rm.b.n
	return fmt.Errorf("%w: removing the clue at r%dc%d (orbit of %d cells) leaves the puzzle unique: fast path %v, solver %v",
		ErrCheck, orbit[0]/n+1, orbit[0]%n+1, len(orbit), removed, unique)
}

// spent reports whether the solve budget is used up.
func (rm *remover) spent() bool { return rm.maxSolves > 0 && rm.solves >= rm.maxSolves }

// deduce reports whether the puzzle forces the solution's digits into the
// emptied cells of orbit by naked and hidden singles in their own units.
// Then the puzzle without the orbit has the same solutions as with it, so
// it is still unique, and no solve is needed. This settles most removals
// while the grid is still full, at the cost of a few unit scans; singles
// further away are left to the search, whose first node propagates them
// all. The board is left as it was.
func (rm *remover) deduce(orbit []int) bool {
	b := rm.b
	rm.placed = rm.placed[:0]
	for progress := true; progress && len(rm.placed) < len(orbit); {
		progress = false
		for _, x := range orbit {
			if b.cells[x] != 0 {
				continue
			}
			d := int(rm.sol[x])
			if b.candidates(x) == 1<<d || rm.hidden(x, d) {
				b.place(x, d)
				rm.placed = append(rm.placed, x)
				progress = true
			}
		}
	}
	for _, x := range rm.placed {
		b.clear(x)
	}
	return len(rm.placed) == len(orbit)
}

// hidden reports whether digit d can go nowhere else than cell x in its row,
// its column or its box: every other empty cell of that unit already sees d.
func (rm *remover) hidden(x, d int) bool {
	b := rm.b
	bit := uint64(1) << d
	n := b.n
	w := b.at[x]
	for _, u := range [3]int{int(w.row), n + int(w.col), 2*n + int(w.box)} {
		only := true
		for _, y := range b.units[u] {
			if y != x && b.cells[y] == 0 && b.seen(y)&bit == 0 {
				only = false
				break
			}
		}
		if only {
			return true
		}
	}
	return false
}

// unique reports whether the puzzle, whose orbit cells have just been
// emptied, still has only the solution rm.sol.
//
// The design's test is a second solve with a clause that blocks the known
// solution S: the puzzle P' = P minus the orbit is unique exactly when P'
// plus "some empty cell differs from S" is unsatisfiable. Before the
// removal P had S as its only solution, so any other solution of P' agrees
// with S on every clue of P and must differ from S inside the orbit: the
// blocking clause shrinks to the disjunction over the orbit's cells x of
// NOT x=S[x]. For one cell that is a single literal, passed as one more
// assumption. For a larger orbit the disjunction is split into disjoint
// cases, one solve each: the i-th cell differs from S and the cells before
// it agree with S. P' is unique when every case is unsatisfiable. This
// uses assumptions only, so the solver gains no variables or clauses over
// thousands of checks; the clause behind an activation variable adds one
// of each per check. Measured on one core: 9x9 rot90 puzzles at
// 1,480-1,590/s this way against 1,350-1,450/s with activation clauses,
// 16x16 rot180 the same within noise.
func (rm *remover) unique(orbit []int) bool {
	n := rm.b.n
	base := rm.b.givens(rm.assume[:0])
	for i, x := range orbit {
		lits := base
		for _, y := range orbit[:i] {
			lits = append(lits, sat.Var(n, y/n, y%n, int(rm.sol[y])))
		}
		lits = append(lits, -sat.Var(n, x/n, x%n, int(rm.sol[x])))
		if rm.spent() {
			rm.assume = lits[:0]
			return false // out of budget: keep the orbit, which is always safe
		}
		rm.solves++
		if rm.s.Solve(lits) {
			rm.assume = lits[:0]
			return false
		}
		base = lits[:len(base)]
	}
	rm.assume = base[:0]
	return true
}

// searchNodes bounds the search for a second solution (see searcher) that
// settles a removal singles cannot: past it the solver decides. On 9x9
// the search settles every removal in a few dozen nodes; on 16x16 it
// settles all but about one in a hundred, and costs about what a solve
// costs on those it gives up on. From 20x20 up (the strong search) a node
// costs tens of microseconds, and the removals the search cannot settle
// quickly can take it millions of nodes, so it gives up early: with a
// bound on solves (bounded) after 30 nodes, since past the bound a
// removal it gives up on is simply kept (three grids: 277, 273 and 277
// clues in 0.57 s, against 279, 272 and 274 in 2.4 s with 300 nodes);
// without one after 300, before a solve of 0.1-1 s.
func searchNodes(n int, bounded bool) int {
	switch {
	case n < 20:
		return 10000
	case bounded:
		return 30
	}
	return 300
}

// unavoidable holds unavoidable sets of a full grid S: sets of cells whose
// digits in S can be rearranged into another valid grid that agrees with S
// everywhere else. A puzzle with solution S that has no clue in such a set
// has a second solution, so the last clue of an unavoidable set can never
// be removed. Knowing some of these sets lets removal keep such clues
// without a solve.
type unavoidable struct {
	cells  [][]int // the cells of each set
	of     [][]int // the sets each cell is in
	clues  []int   // the clues of each set in the puzzle so far
	pushed []int   // reused buffer
	// scratch of findUnavoidable: where[d][k] is the cell of digit d in
	// unit k; parent is the union-find forest of one pair of digits, root
	// maps a root cell to its set's index+1, members lists the pair's cells
	where        [][]int
	parent, root []int
	members      []int
}

// findUnavoidable collects the two-digit unavoidable sets of full grid s:
// for digits a and b, swapping a and b on a set of their cells gives
// another valid grid exactly when every row, column and box holds both of
// its a and b cells in the set or neither. So the minimal such sets are the
// connected parts of the graph that joins, in each unit, the cell of a to
// the cell of b.
//
// The sets and the scratch space live in l.unavoid and are reused by the
// next call: on 9x9 they were more than half of the bytes a puzzle
// allocated.
func findUnavoidable(l *layout, sol []uint8) *unavoidable {
	n := l.n
	u := l.unavoid
	if u == nil {
		u = &unavoidable{of: make([][]int, n*n), parent: make([]int, n*n), root: make([]int, n*n), where: make([][]int, n+1)}
		for d := range u.where {
			u.where[d] = make([]int, 3*n)
		}
		l.unavoid = u
	}
	for i := range u.of {
		u.of[i] = u.of[i][:0]
	}
	u.cells = u.cells[:0]
	where, parent, root := u.where, u.parent, u.root
	for k, cells := range l.units {
		for _, i := range cells {
			where[sol[i]][k] = i
		}
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for a := 1; a <= n; a++ {
		for d := a + 1; d <= n; d++ {
			u.members = u.members[:0]
			for k := 0; k < n; k++ { // rows list every a and d cell once
				u.members = append(u.members, where[a][k], where[d][k])
			}
			for _, i := range u.members {
				parent[i] = i
				root[i] = 0
			}
			for k := range 3 * n {
				x, y := find(where[a][k]), find(where[d][k])
				if x != y {
					parent[x] = y
				}
			}
			for _, i := range u.members {
				r := find(i)
				if root[r] == 0 {
					u.newSet()
					root[r] = len(u.cells)
				}
				s := root[r] - 1
				u.cells[s] = append(u.cells[s], i)
				u.of[i] = append(u.of[i], s)
			}
		}
	}
	u.clues = u.clues[:0]
	for _, cells := range u.cells {
		u.clues = append(u.clues, len(cells))
	}
	return u
}

// newSet appends an empty set to u.cells, reusing the storage of an
// earlier call's set when there is one.
func (u *unavoidable) newSet() {
	if k := len(u.cells); k < cap(u.cells) {
		u.cells = u.cells[:k+1]
		u.cells[k] = u.cells[k][:0]
		return
	}
	u.cells = append(u.cells, nil)
}

// empties reports whether removing the clues of orbit would leave some set
// without a clue.
func (u *unavoidable) empties(orbit []int) bool {
	if len(orbit) == 1 {
		for _, s := range u.of[orbit[0]] {
			if u.clues[s] == 1 {
				return true
			}
		}
		return false
	}
	hit := false
	u.pushed = u.pushed[:0]
	for _, x := range orbit {
		for _, s := range u.of[x] {
			u.clues[s]--
			u.pushed = append(u.pushed, s)
			if u.clues[s] == 0 {
				hit = true
			}
		}
	}
	for _, s := range u.pushed {
		u.clues[s]++
	}
	return hit
}

// remove records that the clues of orbit are gone.
func (u *unavoidable) remove(orbit []int) {
	for _, x := range orbit {
		for _, s := range u.of[x] {
			u.clues[s]--
		}
	}
}
