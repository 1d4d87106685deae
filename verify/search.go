package verify

import (
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/search"
)

// The solutions of a puzzle, and most proofs, come from the candidate
// search of package search rather than from the SAT solver: it is many
// times faster than gophersat on 17-clue puzzles, it counts many solutions
// without one solve per solution, its fixed order makes the witnesses
// reproducible, and when it runs to its end the tree it walked is the
// proof (see the package doc).

// searchFor returns s, or a new search for shape sh when s is nil or of
// another shape, set to look for limit solutions within budget nodes (0
// for no bound) until done is closed (nil for never).
func searchFor(s *search.Search, sh grid.Shape, limit, budget int, done <-chan struct{}) *search.Search {
	if s == nil || s.Units().Shape != sh {
		s = search.New(sh.Units())
	}
	s.Limit, s.Budget, s.Done, s.Nodes = limit, budget, done, 0
	s.Each, s.Trace, s.Prefer = nil, nil, nil
	return s
}

// solutions returns the solutions that the last run of s kept, as grids of
// shape sh.
func solutions(s *search.Search, sh grid.Shape, r search.Result) []grid.Grid {
	var out []grid.Grid
	for i := range min(r.Count, 2) {
		g := grid.New(sh)
		copy(g.Cells, s.Solution(i))
		out = append(out, g)
	}
	return out
}
