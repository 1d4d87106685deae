package verify

import (
	"math/bits"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/singles"
)

// The solutions of a puzzle come from a small search on candidate bitmasks
// (naked and hidden singles, then branching on the cell with the fewest
// candidates) rather than from the SAT solver: on 17-clue puzzles it is
// several times faster than gophersat's first solve, it counts many
// solutions without one solve per solution, and its fixed order makes the
// witnesses reproducible.
//
// The singles are unit propagation on the CNF of package sat (see the
// package doc), so a search that settles a puzzle at its root, without
// branching, has found a proof: that is what searchResult.forced reports.
// A search that branches is a complete case split, each branch trying
// every candidate left in one cell; the verifier relies on it for counts
// above one, and on gophersat for the rest (see Verifier.count).

// searcher holds the state of one search.
type searcher struct {
	singles.Propagator
	saved [][]uint64 // a copy of the candidates per search depth

	limit  int             // solutions to look for
	budget int             // search nodes allowed; 0 for no limit
	done   <-chan struct{} // closed to stop the search; nil for never
	nodes  int
	// each, if not nil, is called with every solution counted; false
	// stops the search.
	each func(cand []uint64) bool

	res searchResult
}

// searchResult is what a search found.
type searchResult struct {
	// first holds the first two solutions found, as candidate masks (one
	// bit per cell).
	first [2][]uint64
	count int // solutions found
	// complete is true when the search ran to its end, so that count is
	// every solution there is (when below the limit).
	complete bool
	// forced is true when the root settled the puzzle: singles alone
	// reached a solution, or a contradiction.
	forced   bool
	canceled bool // done was closed before the end
	broken   bool // a leaf broke the rules: a bug, never a solution
}

// How often, in search nodes, the search looks at its done channel.
const pollEvery = 1024

// search looks for up to limit solutions of g within budget search nodes
// (0 for no limit), until done is closed. g must be valid, with no clashing
// givens.
func search(g grid.Grid, limit, budget int, done <-chan struct{}) searchResult {
	return newSearcher(g, limit, budget, done).run(g)
}

func newSearcher(g grid.Grid, limit, budget int, done <-chan struct{}) *searcher {
	u := g.Shape.Units()
	return &searcher{Propagator: singles.New(u), limit: limit, budget: budget, done: done}
}

// run searches g from its givens.
func (s *searcher) run(g grid.Grid) searchResult {
	cand := make([]uint64, len(g.Cells))
	for i := range cand {
		cand[i] = s.Full
	}
	for i, v := range g.Cells {
		if v != 0 && !s.Assign(cand, int32(i), uint64(1)<<(v-1)) {
			// The givens' own singles contradict each other.
			s.res.complete, s.res.forced = true, true
			return s.res
		}
	}
	s.MarkAll()
	s.res.complete = !s.solve(cand, 0)
	return s.res
}

// grids returns the solutions kept in r, as grids of shape s.
func (r searchResult) grids(s grid.Shape) []grid.Grid {
	var out []grid.Grid
	for _, cand := range r.first[:min(r.count, 2)] {
		g := grid.New(s)
		for i, m := range cand {
			g.Cells[i] = uint8(bits.TrailingZeros64(m) + 1)
		}
		out = append(out, g)
	}
	return out
}

// stop reports whether the search must end now: its budget is spent or it
// was told to stop.
func (s *searcher) stop() bool {
	s.nodes++
	if s.budget > 0 && s.nodes > s.budget {
		return true
	}
	if s.done != nil && s.nodes%pollEvery == 0 {
		select {
		case <-s.done:
			s.res.canceled = true
			return true
		default:
		}
	}
	return false
}

// solve searches below cand, at the given depth, counting solutions. It
// returns true when the search must end early: the budget is spent, it was
// told to stop, or a leaf broke the rules.
func (s *searcher) solve(cand []uint64, depth int) (stop bool) {
	if s.stop() {
		return true
	}
	if !s.Hidden(cand) {
		s.Dirty = [2]uint64{}
		s.res.forced = depth == 0
		return false
	}
	best, bestCount := -1, 65
	for i, m := range cand {
		if k := bits.OnesCount64(m); k > 1 && k < bestCount {
			best, bestCount = i, k
			if k == 2 {
				break
			}
		}
	}
	if best < 0 {
		return s.leaf(cand, depth)
	}
	if depth == len(s.saved) {
		s.saved = append(s.saved, make([]uint64, len(cand)))
	}
	saved := s.saved[depth]
	for m := cand[best]; m != 0 && s.res.count < s.limit; {
		d := m & -m
		m &^= d
		copy(saved, cand)
		if !s.Assign(saved, int32(best), d) {
			s.Dirty = [2]uint64{}
			continue
		}
		if s.solve(saved, depth+1) {
			return true
		}
	}
	return false
}

// leaf counts the solution in cand, where every cell has one candidate,
// after checking that every unit holds every digit; it keeps the first two.
// It returns true (stop) when the check fails.
func (s *searcher) leaf(cand []uint64, depth int) bool {
	for _, unit := range s.Units.Cells {
		var seen uint64
		for _, c := range unit {
			seen |= cand[c]
		}
		if seen != s.Full {
			s.res.broken = true
			return true
		}
	}
	if s.res.count < 2 {
		s.res.first[s.res.count] = append([]uint64(nil), cand...)
	}
	s.res.count++
	s.res.forced = depth == 0
	if s.each != nil && !s.each(cand) {
		s.res.canceled = true
		return true
	}
	return false
}
