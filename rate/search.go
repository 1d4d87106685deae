package rate

import (
	"github.com/sudokugen/sudokugen/internal/search"
)

// The rater counts solutions with the candidate search of package search,
// the one verify and generate use (package internal/rulesearch for
// variant puzzles, in variant.go): it needs to know that a puzzle has one
// solution before it rates it, since a puzzle with several has no
// difficulty, and the solution itself for trial and error.

// Outcomes of count besides a number of solutions.
const gaveUp = -1 // the node budget ran out before the count was settled

// countBudget returns the node budget of a count on grids of size n: no
// 9x9 puzzle comes near it; on large sparse grids the count can give up.
// A variable, so that the tests can make it give up.
var countBudget = func(n int) int {
	if n <= 9 {
		return 1 << 22
	}
	return 200000
}

// count counts the solutions of the puzzle cells (0 for empty) of g's
// shape up to two, within the node budget of its size, with each cell
// limited to the digits of allowed (nil for no limit: see
// search.Search.Allowed). It returns the count, 0, 1 or 2, or gaveUp, and
// for a count of 1 the solution (a copy).
func (g *geom) count(cells []uint8, allowed []uint64) ([]uint8, int) {
	s, ok := g.searches.Get().(*search.Search)
	if !ok {
		s = search.New(g.shape.Units())
	}
	defer g.searches.Put(s)
	s.Limit, s.Budget, s.Nodes, s.Allowed = 2, countBudget(g.n), 0, allowed
	r := s.Run(cells)
	switch {
	case r.Count >= 2:
		return nil, 2
	case !r.Complete:
		return nil, gaveUp // the budget ran out (or a leaf broke the rules: a bug)
	case r.Count == 0:
		return nil, 0
	}
	return append([]uint8(nil), s.Solution(0)...), 1
}

// allowed returns the digits each cell of b may still take, as count
// takes them: its candidates, or the digit placed.
func (b *board) allowed() []uint64 {
	out := make([]uint64, len(b.cand))
	for c, m := range b.cand {
		if v := b.val[c]; v != 0 {
			m = 1 << (v - 1)
		}
		out[c] = m
	}
	return out
}
