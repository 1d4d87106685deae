package generate

import (
	"math/bits"

	"github.com/sudokugen/sudokugen/grid"
)

// searcher decides most clue removals without the SAT solver: a complete
// depth-first search on candidate bitmasks (naked singles propagated along
// peers, hidden singles in the units that changed, then a branch on the
// cell with the fewest candidates) for a second solution of the puzzle.
// Finding one proves the removed clue must stay; running to the end
// without one proves the puzzle unique, which is what the solver's
// unsatisfiable answer would say. Only when a node budget runs out does
// the solver decide.
//
// Candidates here are bit d-1 for digit d.
type searcher struct {
	u      *grid.Units
	full   uint64
	nodes  int // nodes left in the budget
	queue  []int32
	dirty  [2]uint64 // units whose candidates changed, as bits (3*36 at most)
	unitOf [][2]uint64
	saved  [][]uint64 // candidates per depth
	sol    []uint8    // the known solution, tried first at every branch
	other  []uint8    // the second solution, when search finds one
}

func newSearcher(u *grid.Units) *searcher {
	s := &searcher{u: u, full: uint64(1)<<u.N - 1, unitOf: make([][2]uint64, len(u.Of)), other: make([]uint8, len(u.Of))}
	for i, of := range u.Of {
		for _, k := range of {
			s.unitOf[i][k/64] |= 1 << (k % 64)
		}
	}
	return s
}

// searchResult is what a bounded search established.
type searchResult int

const (
	searchUnknown searchResult = iota // the budget ran out
	searchNone                        // no (other) solution exists
	searchFound                       // a solution, in searcher.other
)

// second looks for a solution of the puzzle cells (0 for empty) other than
// sol, given that sol is its only solution with the cells of orbit filled
// in: so another solution must differ from sol inside orbit. As in
// remover.unique, the cases are disjoint: the i-th cell of orbit differs
// from sol, those before it agree. budget bounds the search nodes over all
// cases.
func (s *searcher) second(cells, sol []uint8, orbit []int, budget int) searchResult {
	s.sol = sol
	s.nodes = budget
	base, ok := s.start(cells)
	if !ok {
		return searchNone // cannot happen: sol fits the clues
	}
	for i, x := range orbit {
		cand := s.saved[1]
		copy(cand, base)
		ok := true
		for _, y := range orbit[:i] {
			ok = ok && s.assign(cand, int32(y), uint64(1)<<(sol[y]-1))
		}
		if ok && cand[x]&^(uint64(1)<<(sol[x]-1)) != 0 {
			ok = s.restrict(cand, int32(x), cand[x]&^(uint64(1)<<(sol[x]-1)))
		} else {
			ok = false
		}
		if ok {
			for u := range s.u.Cells {
				s.dirty[u/64] |= 1 << (u % 64)
			}
			found, stop := s.solve(cand, 2)
			if found {
				return searchFound
			}
			if stop {
				return searchUnknown
			}
		}
		s.dirty = [2]uint64{}
	}
	return searchNone
}

// start sets slot 0 to the candidates of the puzzle cells, with naked
// singles propagated; false on a contradiction.
func (s *searcher) start(cells []uint8) ([]uint64, bool) {
	if len(s.saved) < 2 {
		s.saved = append(s.saved, make([]uint64, len(cells)), make([]uint64, len(cells)))
	}
	base := s.saved[0]
	for i := range base {
		base[i] = s.full
	}
	s.dirty = [2]uint64{}
	for i, v := range cells {
		if v != 0 && !s.assign(base, int32(i), uint64(1)<<(v-1)) {
			s.dirty = [2]uint64{}
			return base, false
		}
	}
	return base, true
}

// complete looks for a completion of the partial grid cells within budget
// search nodes: searchFound (the grid in s.other), searchNone when there
// is none, searchUnknown when the budget ran out first.
func (s *searcher) complete(cells []uint8, budget int) searchResult {
	s.sol = nil
	s.nodes = budget
	base, ok := s.start(cells)
	if !ok {
		return searchNone
	}
	for u := range s.u.Cells {
		s.dirty[u/64] |= 1 << (u % 64)
	}
	found, stop := s.solve(base, 1)
	switch {
	case found:
		return searchFound
	case stop:
		return searchUnknown
	}
	return searchNone
}

// restrict narrows cell i to the digits in mask and propagates if that
// leaves one; false on a contradiction.
func (s *searcher) restrict(cand []uint64, i int32, mask uint64) bool {
	m := cand[i] & mask
	if m == 0 {
		return false
	}
	if m&(m-1) == 0 {
		return s.assign(cand, i, m)
	}
	cand[i] = m
	s.dirty[0] |= s.unitOf[i][0]
	s.dirty[1] |= s.unitOf[i][1]
	return true
}

// assign fixes cell i to the single digit in mask and propagates naked
// singles along peers; false on a contradiction.
func (s *searcher) assign(cand []uint64, i int32, mask uint64) bool {
	if cand[i]&mask == 0 {
		return false
	}
	cand[i] = mask
	s.dirty[0] |= s.unitOf[i][0]
	s.dirty[1] |= s.unitOf[i][1]
	s.queue = append(s.queue[:0], i)
	for len(s.queue) > 0 {
		c := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		m := cand[c]
		for _, p := range s.u.Peers[c] {
			if cand[p]&m == 0 {
				continue
			}
			cand[p] &^= m
			s.dirty[0] |= s.unitOf[p][0]
			s.dirty[1] |= s.unitOf[p][1]
			switch bits.OnesCount64(cand[p]) {
			case 0:
				return false
			case 1:
				s.queue = append(s.queue, p)
			}
		}
	}
	return true
}

// hiddenSingles places every digit that has one place left in a unit that
// changed, until none is left; false on a contradiction.
func (s *searcher) hiddenSingles(cand []uint64) bool {
	for {
		w := 0
		if s.dirty[0] == 0 {
			if s.dirty[1] == 0 {
				return true
			}
			w = 1
		}
		b := bits.TrailingZeros64(s.dirty[w])
		s.dirty[w] &^= 1 << b
		u := s.u.Cells[64*w+b]
		var once, twice, fixed uint64
		for _, c := range u {
			m := cand[c]
			twice |= once & m
			once |= m
			if m&(m-1) == 0 {
				fixed |= m
			}
		}
		if once != s.full {
			return false
		}
		hidden := once &^ twice &^ fixed
		for hidden != 0 {
			d := hidden & -hidden
			hidden &^= d
			for _, c := range u {
				if cand[c]&d != 0 {
					if !s.assign(cand, c, d) {
						return false
					}
					break
				}
			}
		}
	}
}

// solve searches below cand, whose slot is s.saved[depth-1], for a
// solution; found reports one (left in s.other), stop that the budget ran
// out first.
func (s *searcher) solve(cand []uint64, depth int) (found, stop bool) {
	if s.nodes--; s.nodes < 0 {
		return false, true
	}
	if !s.hiddenSingles(cand) {
		s.dirty = [2]uint64{}
		return false, false
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
		for i, m := range cand {
			s.other[i] = uint8(bits.TrailingZeros64(m) + 1)
		}
		return true, false
	}
	if depth == len(s.saved) {
		s.saved = append(s.saved, make([]uint64, len(cand)))
	}
	next := s.saved[depth]
	try := func(cell int32, d uint64) (bool, bool) {
		copy(next, cand)
		if s.assign(next, cell, d) {
			return s.solve(next, depth+1)
		}
		s.dirty = [2]uint64{}
		return false, false
	}
	// The known solution's digit first: a second solution usually differs
	// from it in a few cells only.
	m := cand[best]
	first := m & -m
	if s.sol != nil && m&(uint64(1)<<(s.sol[best]-1)) != 0 {
		first = uint64(1) << (s.sol[best] - 1)
	}
	for d := first; d != 0; {
		m &^= d
		if found, stop := try(int32(best), d); found || stop {
			return found, stop
		}
		d = m & -m
	}
	return false, false
}
