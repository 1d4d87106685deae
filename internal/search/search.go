package search

import (
	"math/bits"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/singles"
)

// Decision says that cell Cell (row-major) holds digit Digit (1-based):
// the literal x(Cell, Digit) of the encoding.
type Decision struct {
	Cell  int32
	Digit uint8
}

// A Tracer receives the refutations of a search, in the order of the
// package doc: each call says that the decisions of path cannot all hold
// (given the puzzle, and for a count of one the blocking clause of its
// solution). path is only valid during the call.
type Tracer interface {
	Refute(path []Decision)
}

// Result is what one search established: this package's Run, and the
// variant search (internal/rulesearch), whose result adds its first
// solutions to it.
type Result struct {
	// Count is the number of solutions found, at most Search.Limit.
	Count int
	// Complete is true when the search ran to its end: Count is every
	// solution there is. It is false when the limit was reached, the
	// budget ran out, the search was stopped or a leaf was broken.
	Complete bool
	// Root is true when the root settled the puzzle without branching:
	// singles (propagation) alone reached a solution, or a contradiction:
	// a unit propagation proof.
	Root bool
	// Canceled is true when Done was closed or Each returned false.
	Canceled bool
	// OutOfBudget is true when the node budget ran out.
	OutOfBudget bool
	// Broken is true when a leaf broke the rules: a bug, never a solution.
	Broken bool
}

// Outcome is the answer of a bounded search for one (more) solution.
type Outcome int

const (
	Unknown Outcome = iota // the budget ran out
	None                   // there is none
	Found                  // there is one
)

// Search looks for the solutions of puzzles of one grid shape. Set its
// fields, then call Run as often as needed; a Search is for one goroutine
// at a time.
type Search struct {
	// Limit is the number of solutions after which the search stops (1
	// when 0).
	Limit int
	// Budget bounds Nodes: the search stops when it would visit node
	// Budget+1. 0 for no bound.
	Budget int
	// Nodes counts the nodes visited, over every Run since the caller last
	// set it: a node is a state that the naked singles of its decision
	// did not already refute.
	Nodes int
	// Done, when closed, stops the search (looked at every 1,024 nodes).
	Done <-chan struct{}
	// Prefer, if not nil, holds per cell the digit to try first (0 for
	// none); the others follow in increasing order.
	Prefer []uint8
	// Strong adds locked candidates to the propagation and branching on a
	// digit with two places in a unit (see StrongFrom). It takes the
	// general search on every shape.
	Strong bool
	// Each, if not nil, is called with every solution counted; false stops
	// the search. sol is only valid during the call.
	Each func(sol []uint8) bool
	// Trace, if not nil, receives the refutations of the search.
	Trace Tracer
	// Allowed, if not nil, holds per cell the digits it may take (bit d-1
	// for digit d): the search starts from the candidates a caller has
	// already narrowed by deductions of its own, such as the logical
	// solver of package rate. They are not unit propagation on the
	// encoding, so a search with Allowed proves nothing: Trace must be
	// nil. It takes the general search on every shape.
	Allowed []uint64

	units *grid.Units
	gen   *general // the search on any shape
	nine  *nine    // the search on the classic 9x9 shape, nil for others
	sols  [2][]uint8
	path  []Decision
	res   Result
}

// StrongFrom is the grid size from which the generator's search uses
// Strong. On 25x25 removals near 300 clues that took 10 to 20 times fewer
// nodes to settle at about 5 times the cost per node: one grid went from
// 302 to 290 clues in 25 s against 52 s. Up to 16x16 nodes are few and
// cheap, and the extra scans cost more than they save (9x9 and 12x12
// puzzles were 5-30 % slower with them, 16x16 within noise).
const StrongFrom = 20

// New returns a search for grids whose units are u.
func New(u *grid.Units) *Search {
	s := &Search{units: u}
	n := len(u.Of)
	s.sols = [2][]uint8{make([]uint8, n), make([]uint8, n)}
	if classic(u) {
		s.nine = newNine()
	}
	return s
}

// classic reports whether u are the units of the classic 9x9 grid, the
// shape that has a search of its own.
func classic(u *grid.Units) bool {
	return u.Shape == grid.Shape{BoxRows: 3, BoxCols: 3} && len(u.Cells) == 27 && len(u.Of) == 81
}

// Units returns the units the search was made for.
func (s *Search) Units() *grid.Units { return s.units }

// Solution returns solution i (0 or 1) of the last Run, as one digit per
// cell; valid until the next Run.
func (s *Search) Solution(i int) []uint8 { return s.sols[i] }

// How often, in search nodes, the search looks at its Done channel.
const pollEvery = 1024

// Run searches the puzzle cells (0 for empty) for solutions, up to Limit,
// within the node budget. The first two it finds are kept (Solution).
func (s *Search) Run(cells []uint8) Result { return s.run(cells, -1, 0) }

// RunWithout is Run on the puzzle cells with cell x denied digit d: the
// solutions in which x holds another digit.
func (s *Search) RunWithout(cells []uint8, x int, d uint8) Result { return s.run(cells, x, d) }

func (s *Search) run(cells []uint8, x int, d uint8) Result {
	s.res = Result{}
	s.path = s.path[:0]
	if s.Limit <= 0 {
		s.Limit = 1
	}
	if s.nine != nil && !s.Strong && s.Allowed == nil {
		s.nine.run(s, cells, x, d)
	} else {
		if s.gen == nil {
			s.gen = newGeneral(s.units)
		}
		s.gen.run(s, cells, x, d)
	}
	return s.res
}

// node counts a node and reports whether the search must stop before it:
// the budget is spent or Done is closed.
func (s *Search) node() bool {
	s.Nodes++
	if s.Budget > 0 && s.Nodes > s.Budget {
		s.res.OutOfBudget = true
		return true
	}
	if s.Done != nil && s.Nodes%pollEvery == 0 {
		select {
		case <-s.Done:
			s.res.Canceled = true
			return true
		default:
		}
	}
	return false
}

// refute passes the refutation of the current path, with d appended when
// d.Digit is not 0, to the tracer.
func (s *Search) refute(d Decision) {
	if d.Digit == 0 {
		s.Trace.Refute(s.path)
		return
	}
	s.path = append(s.path, d)
	s.Trace.Refute(s.path)
	s.path = s.path[:len(s.path)-1]
}

// solution counts the solution sol (every cell placed), which valid says
// holds every digit in every unit, keeps the first two, and passes it to
// Each. It returns true when the search must stop: the check failed, Each
// said so, or the limit is reached.
func (s *Search) solution(sol []uint8, valid bool, depth int) bool {
	if !valid {
		s.res.Broken = true
		return true
	}
	if s.res.Count < 2 {
		copy(s.sols[s.res.Count], sol)
	}
	s.res.Count++
	s.res.Root = depth == 1
	if s.Each != nil && !s.Each(sol) {
		s.res.Canceled = true
		return true
	}
	if s.Trace != nil {
		s.refute(Decision{})
	}
	return s.res.Count >= s.Limit
}

// valid reports whether every unit of sol holds every digit.
func (s *Search) valid(sol []uint8) bool {
	full := uint64(1)<<s.units.N - 1
	for _, u := range s.units.Cells {
		var seen uint64
		for _, c := range u {
			if sol[c] == 0 {
				return false
			}
			seen |= 1 << (sol[c] - 1)
		}
		if seen != full {
			return false
		}
	}
	return true
}

// first returns the digit (as a bit) to try first of the candidates m of
// cell c: the preferred one if it is among them, else the lowest.
func (s *Search) first(c int32, m uint64) uint64 {
	if s.Prefer != nil {
		if p := s.Prefer[c]; p != 0 && m&(1<<(p-1)) != 0 {
			return 1 << (p - 1)
		}
	}
	return m & -m
}

// general is the search on candidate bitmasks for any shape.
type general struct {
	singles.Propagator
	saved [][]uint64 // the candidates per search depth
	sol   []uint8
	pair  []int32 // reused buffer for branch
}

func newGeneral(u *grid.Units) *general {
	return &general{Propagator: singles.New(u), sol: make([]uint8, len(u.Of))}
}

// slot returns the candidate buffer of depth k.
func (g *general) slot(k int) []uint64 {
	for len(g.saved) <= k {
		g.saved = append(g.saved, make([]uint64, len(g.Units.Of)))
	}
	return g.saved[k]
}

// root sets slot 0 to the candidates of the puzzle cells, with x denied
// d when x >= 0, after naked singles; false on a contradiction.
func (g *general) root(cells []uint8, x int, d uint8, allowed []uint64) ([]uint64, bool) {
	cand := g.slot(0)
	for i := range cand {
		cand[i] = g.Full
	}
	g.Dirty = [2]uint64{}
	for i, v := range cells {
		if v != 0 && !g.Assign(cand, int32(i), uint64(1)<<(v-1)) {
			g.Dirty = [2]uint64{}
			return cand, false
		}
	}
	if x >= 0 && !g.Restrict(cand, int32(x), cand[x]&^(uint64(1)<<(d-1))) {
		g.Dirty = [2]uint64{}
		return cand, false
	}
	for i, m := range allowed {
		if cand[i]&^m != 0 && !g.Restrict(cand, int32(i), cand[i]&m) {
			g.Dirty = [2]uint64{}
			return cand, false
		}
	}
	g.MarkAll()
	return cand, true
}

func (g *general) run(s *Search, cells []uint8, x int, d uint8) {
	cand, ok := g.root(cells, x, d, s.Allowed)
	if !ok {
		s.res.Complete, s.res.Root = true, true
		if s.Trace != nil {
			s.refute(Decision{})
		}
		return
	}
	if !g.solve(s, cand, 1) {
		s.res.Complete = s.res.Count < s.Limit
	}
}

// Propagated returns the candidates of the puzzle cells, with x denied d
// when x >= 0, after the full propagation of the search's root (singles,
// and locked candidates when Strong), on the general search's bitmasks
// (bit d-1 for digit d); false on a contradiction. The slice is valid
// until the next call.
func (s *Search) Propagated(cells []uint8, x int, d uint8) ([]uint64, bool) {
	if s.gen == nil {
		s.gen = newGeneral(s.units)
	}
	g := s.gen
	cand, ok := g.root(cells, x, d, s.Allowed)
	if ok && !g.propagate(s, cand) {
		g.Dirty = [2]uint64{}
		return cand, false
	}
	return cand, ok
}

// solve searches below cand, the state at the given depth (1 for the
// root), whose buffer is slot depth-1. It returns true when the search
// must stop: the budget is spent, it was told to stop, the limit is
// reached or a leaf broke the rules. A node whose every branch was
// refuted is refuted in turn (see the package doc).
func (g *general) solve(s *Search, cand []uint64, depth int) (stop bool) {
	if s.node() {
		return true
	}
	if !g.propagate(s, cand) {
		g.Dirty = [2]uint64{}
		s.res.Root = depth == 1
		if s.Trace != nil {
			s.refute(Decision{})
		}
		return false
	}
	cell, digit, places := g.branch(s, cand)
	if cell < 0 && places == nil {
		for i, m := range cand {
			g.sol[i] = uint8(bits.TrailingZeros64(m) + 1)
		}
		return s.solution(g.sol, s.valid(g.sol), depth)
	}
	next := g.slot(depth)
	if places != nil {
		// digit has two places left in a unit: it goes in one of them,
		// the preferred one first.
		a, b := places[0], places[1]
		if s.Prefer != nil && uint64(1)<<(s.Prefer[b]-1) == digit {
			a, b = b, a
		}
		d := uint8(bits.TrailingZeros64(digit) + 1)
		if g.try(s, cand, next, a, digit, d, depth) || g.try(s, cand, next, b, digit, d, depth) {
			return true
		}
	} else {
		m := cand[cell]
		for bit := s.first(cell, m); bit != 0; bit = m & -m {
			m &^= bit
			if g.try(s, cand, next, cell, bit, uint8(bits.TrailingZeros64(bit)+1), depth) {
				return true
			}
		}
	}
	if s.Trace != nil {
		s.refute(Decision{})
	}
	return false
}

// try searches the branch of cand in which cell holds the digit of bit,
// in next. It returns solve's stop.
func (g *general) try(s *Search, cand, next []uint64, cell int32, bit uint64, d uint8, depth int) bool {
	copy(next, cand)
	if !g.Assign(next, cell, bit) {
		g.Dirty = [2]uint64{}
		if s.Trace != nil {
			s.refute(Decision{Cell: cell, Digit: d})
		}
		return false
	}
	s.path = append(s.path, Decision{Cell: cell, Digit: d})
	stop := g.solve(s, next, depth+1)
	s.path = s.path[:len(s.path)-1]
	return stop
}

// propagate applies naked and hidden singles, then, when Strong, locked
// candidates, until neither changes anything; false on a contradiction.
func (g *general) propagate(s *Search, cand []uint64) bool {
	for {
		if !g.Hidden(cand) {
			return false
		}
		if !s.Strong {
			return true
		}
		changed, ok := g.locked(s, cand)
		if !ok {
			return false
		}
		if !changed {
			return true
		}
	}
}

// branch picks what the search splits on: the first cell with the fewest
// candidates (cell), or, when Strong and no cell has two, a digit with
// two places left in some unit (places holds them); cell -1 and places
// nil when every cell is settled, a solution.
func (g *general) branch(s *Search, cand []uint64) (cell int32, digit uint64, places []int32) {
	best, bestCount := int32(-1), 65
	for i, m := range cand {
		if k := bits.OnesCount64(m); k > 1 && k < bestCount {
			best, bestCount = int32(i), k
			if k == 2 {
				return best, 0, nil
			}
		}
	}
	if best < 0 || !s.Strong {
		return best, 0, nil
	}
	for _, u := range g.Units.Cells {
		var once, twice, thrice uint64
		for _, c := range u {
			m := cand[c]
			if m&(m-1) == 0 {
				continue
			}
			thrice |= twice & m
			twice |= once & m
			once |= m
		}
		if two := twice &^ thrice; two != 0 {
			d := two & -two
			g.pair = g.pair[:0]
			for _, c := range u {
				if m := cand[c]; m&d != 0 && m&(m-1) != 0 {
					g.pair = append(g.pair, c)
				}
			}
			return -1, d, g.pair
		}
	}
	return best, 0, nil
}
