package generate

import (
	"math/bits"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/search"
	"github.com/sudokugen/sudokugen/sat"
)

// searcher decides most clue removals without the SAT solver: the
// complete depth-first search of package search (naked and hidden singles,
// then a branch on the cell with the fewest candidates, trying the known
// solution's digit first; from search.StrongFrom up also locked
// candidates, and a branch on a digit with two places left in a unit)
// looks for a second solution of the puzzle. Finding one proves the
// removed clue must stay; running to the end without one proves the
// puzzle unique, which is what the solver's unsatisfiable answer would
// say. Only when a node budget runs out does the solver decide.
type searcher struct {
	s     *search.Search
	units *grid.Units
	full  uint64  // every digit's bit, as search.Propagated gives them
	cells []uint8 // the puzzle of the case being searched
	other []uint8 // the second solution, when search finds one
	// the problem that open builds: groups, the candidate (cell*64 +
	// digit bit) of each variable, and the variable of each candidate
	groups [][]int
	vars   []int32
	varOf  []int32
}

func newSearcher(u *grid.Units) *searcher {
	s := &searcher{s: search.New(u), units: u, full: uint64(1)<<u.N - 1, cells: make([]uint8, len(u.Of)),
		other: make([]uint8, len(u.Of)), varOf: make([]int32, 64*len(u.Of))}
	s.s.Strong = u.N >= search.StrongFrom
	s.s.Limit = 1
	return s
}

// second looks for a solution of the puzzle cells (0 for empty) other than
// sol, given that sol is its only solution with the cells of orbit filled
// in: so another solution must differ from sol inside orbit. As in
// remover.unique, the cases are disjoint: the i-th cell of orbit differs
// from sol, those before it agree. budget bounds the search nodes over all
// cases.
func (s *searcher) second(cells, sol []uint8, orbit []int, budget int) search.Outcome {
	s.s.Prefer, s.s.Budget, s.s.Nodes = sol, budget, 0
	copy(s.cells, cells)
	for _, x := range orbit {
		if r := s.run(s.s.RunWithout(s.cells, x, sol[x])); r != search.None {
			return r
		}
		s.cells[x] = sol[x]
	}
	return search.None
}

// run turns the result of a search into its outcome.
func (s *searcher) run(r search.Result) search.Outcome {
	switch {
	case r.Count > 0:
		copy(s.other, s.s.Solution(0))
		return search.Found
	case !r.Complete:
		return search.Unknown // the budget ran out (or a bug broke a leaf)
	}
	return search.None
}

// secondBySolver is second decided by the SAT solver instead of the
// search, for the removals the search gives up on: for each case, what
// propagation leaves open goes to sat.ExactlyOne as a problem of its own.
// Each call builds a solver of a few thousand clauses and drops it, so
// memory does not grow over a pass, whatever the grid size.
func (s *searcher) secondBySolver(cells, sol []uint8, orbit []int) search.Outcome {
	copy(s.cells, cells)
	for _, x := range orbit {
		if cand, ok := s.s.Propagated(s.cells, x, sol[x]); ok {
			groups, nv := s.open(cand)
			if model, ok := sat.ExactlyOne(groups, nv, nil); ok {
				s.decode(cand, model)
				return search.Found
			}
		}
		s.cells[x] = sol[x]
	}
	return search.None
}

// open returns the "exactly one" groups over the candidates of cand that
// are still open: one per unsettled cell (its digits) and one per digit
// of a unit that is not yet placed there (its places). Variable v stands
// for candidate s.vars[v-1], as cell*64 + digit bit.
func (s *searcher) open(cand []uint64) ([][]int, int) {
	clear(s.varOf)
	s.vars = s.vars[:0]
	s.groups = s.groups[:0]
	v := func(c int32, bit int) int {
		k := int(c)*64 + bit
		if s.varOf[k] == 0 {
			s.vars = append(s.vars, int32(k))
			s.varOf[k] = int32(len(s.vars))
		}
		return int(s.varOf[k])
	}
	for c, m := range cand {
		if m&(m-1) == 0 {
			continue
		}
		var g []int
		for ; m != 0; m &= m - 1 {
			g = append(g, v(int32(c), bits.TrailingZeros64(m)))
		}
		s.groups = append(s.groups, g)
	}
	for _, u := range s.units.Cells {
		var placed uint64
		for _, c := range u {
			if m := cand[c]; m&(m-1) == 0 {
				placed |= m
			}
		}
		for open := s.full &^ placed; open != 0; open &= open - 1 {
			d := bits.TrailingZeros64(open)
			var g []int
			for _, c := range u {
				if cand[c]&(1<<d) != 0 {
					g = append(g, v(c, d))
				}
			}
			s.groups = append(s.groups, g)
		}
	}
	return s.groups, len(s.vars)
}

// decode leaves in s.other the solution that model, a setting of the
// variables of open, gives with the settled cells of cand.
func (s *searcher) decode(cand []uint64, model []bool) {
	for i, m := range cand {
		s.other[i] = uint8(bits.TrailingZeros64(m) + 1)
	}
	for v, k := range s.vars {
		if model[v] {
			s.other[k/64] = uint8(k%64 + 1)
		}
	}
}

// complete looks for a completion of the partial grid cells within budget
// search nodes: search.Found (the grid in s.other), search.None when there
// is none, search.Unknown when the budget ran out first.
func (s *searcher) complete(cells []uint8, budget int) search.Outcome {
	s.s.Prefer, s.s.Budget, s.s.Nodes = nil, budget, 0
	return s.run(s.s.Run(cells))
}
