package generate

import (
	"math/bits"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/singles"
	"github.com/sudokugen/sudokugen/sat"
)

// searcher decides most clue removals without the SAT solver: a complete
// depth-first search on candidate bitmasks (naked singles propagated along
// peers, hidden singles in the units that changed, then a branch on the
// cell with the fewest candidates; from strongFrom up also locked
// candidates, and a branch on a digit with two places left in a unit) for
// a second solution of the puzzle. Finding one proves the removed clue
// must stay; running to the end without one proves the puzzle unique,
// which is what the solver's unsatisfiable answer would say. Only when a
// node budget runs out does the solver decide.
//
// Candidates here are bit d-1 for digit d.
type searcher struct {
	singles.Propagator
	nodes int        // nodes left in the budget
	saved [][]uint64 // candidates per depth
	sol   []uint8    // the known solution, tried first at every branch
	other []uint8    // the second solution, when search finds one
	pair  []int32    // reused buffer for branch
	// strong adds locked candidates to the propagation and digits with two
	// places in a unit to the branching (see strongFrom).
	strong bool
	// the problem that open builds: groups, the candidate (cell*64 +
	// digit bit) of each variable, and the variable of each candidate
	groups [][]int
	vars   []int32
	varOf  []int32
}

func newSearcher(u *grid.Units) *searcher {
	s := &searcher{Propagator: singles.New(u), other: make([]uint8, len(u.Of)), varOf: make([]int32, 64*len(u.Of))}
	s.strong = u.N >= strongFrom
	return s
}

// strongFrom is the grid size from which the search also propagates
// locked candidates and may branch on a digit's two places in a unit
// rather than on a cell. On 25x25 removals near 300 clues that took 10
// to 20 times fewer nodes to settle at about 5 times the cost per node:
// one grid went from 302 to 290 clues in 25 s against 52 s. Up to 16x16
// nodes are few and cheap, and the extra scans cost more than they save
// (9x9 and 12x12 puzzles were 5-30 % slower with them, 16x16 within noise).
const strongFrom = 20

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
	for i := range orbit {
		cand, ok := s.differ(base, sol, orbit, i)
		if ok {
			found, stop := s.solve(cand, 2)
			if found {
				return searchFound
			}
			if stop {
				return searchUnknown
			}
		}
		s.Dirty = [2]uint64{}
	}
	return searchNone
}

// differ sets slot 1 to the candidates of case i of second: base with the
// cells of orbit before the i-th holding sol's digits and the i-th any
// other digit. false when that contradicts at once.
func (s *searcher) differ(base []uint64, sol []uint8, orbit []int, i int) ([]uint64, bool) {
	cand := s.saved[1]
	copy(cand, base)
	ok := true
	for _, y := range orbit[:i] {
		ok = ok && s.Assign(cand, int32(y), uint64(1)<<(sol[y]-1))
	}
	x := orbit[i]
	if !ok || cand[x]&^(uint64(1)<<(sol[x]-1)) == 0 {
		return cand, false
	}
	if !s.Restrict(cand, int32(x), cand[x]&^(uint64(1)<<(sol[x]-1))) {
		return cand, false
	}
	s.MarkAll()
	return cand, true
}

// secondBySolver is second decided by the SAT solver instead of the
// search, for the removals the search gives up on: for each case, what
// propagation leaves open goes to sat.ExactlyOne as a problem of its own.
// Each call builds a solver of a few thousand clauses and drops it, so
// memory does not grow over a pass, whatever the grid size.
func (s *searcher) secondBySolver(cells, sol []uint8, orbit []int) searchResult {
	s.sol = sol
	base, ok := s.start(cells)
	if !ok {
		return searchNone
	}
	for i := range orbit {
		cand, ok := s.differ(base, sol, orbit, i)
		if ok && s.propagate(cand) {
			groups, nv := s.open(cand)
			if model, ok := sat.ExactlyOne(groups, nv, nil); ok {
				s.decode(cand, model)
				return searchFound
			}
		}
		s.Dirty = [2]uint64{}
	}
	return searchNone
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
	for _, u := range s.Units.Cells {
		var placed uint64
		for _, c := range u {
			if m := cand[c]; m&(m-1) == 0 {
				placed |= m
			}
		}
		for open := s.Full &^ placed; open != 0; open &= open - 1 {
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

// start sets slot 0 to the candidates of the puzzle cells, with naked
// singles propagated; false on a contradiction.
func (s *searcher) start(cells []uint8) ([]uint64, bool) {
	if len(s.saved) < 2 {
		s.saved = append(s.saved, make([]uint64, len(cells)), make([]uint64, len(cells)))
	}
	base := s.saved[0]
	for i := range base {
		base[i] = s.Full
	}
	s.Dirty = [2]uint64{}
	for i, v := range cells {
		if v != 0 && !s.Assign(base, int32(i), uint64(1)<<(v-1)) {
			s.Dirty = [2]uint64{}
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
	s.MarkAll()
	found, stop := s.solve(base, 1)
	switch {
	case found:
		return searchFound
	case stop:
		return searchUnknown
	}
	return searchNone
}

// solve searches below cand, whose slot is s.saved[depth-1], for a
// solution; found reports one (left in s.other), stop that the budget ran
// out first.
func (s *searcher) solve(cand []uint64, depth int) (found, stop bool) {
	if s.nodes--; s.nodes < 0 {
		return false, true
	}
	if !s.propagate(cand) {
		s.Dirty = [2]uint64{}
		return false, false
	}
	cell, digit, places := s.branch(cand)
	if cell < 0 && places == nil {
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
		if s.Assign(next, cell, d) {
			return s.solve(next, depth+1)
		}
		s.Dirty = [2]uint64{}
		return false, false
	}
	if places != nil {
		// digit has two places left in a unit: it goes in one of them,
		// the known solution's first.
		a, b := places[0], places[1]
		if s.sol != nil && uint64(1)<<(s.sol[b]-1) == digit {
			a, b = b, a
		}
		if found, stop := try(a, digit); found || stop {
			return found, stop
		}
		return try(b, digit)
	}
	// The known solution's digit first: a second solution usually differs
	// from it in a few cells only.
	m := cand[cell]
	first := m & -m
	if s.sol != nil && m&(uint64(1)<<(s.sol[cell]-1)) != 0 {
		first = uint64(1) << (s.sol[cell] - 1)
	}
	for d := first; d != 0; {
		m &^= d
		if found, stop := try(cell, d); found || stop {
			return found, stop
		}
		d = m & -m
	}
	return false, false
}

// propagate applies naked and hidden singles, then locked candidates, until
// neither changes anything; false on a contradiction.
func (s *searcher) propagate(cand []uint64) bool {
	for {
		if !s.Hidden(cand) {
			return false
		}
		if !s.strong {
			return true
		}
		changed, ok := s.locked(cand)
		if !ok {
			return false
		}
		if !changed {
			return true
		}
	}
}

// branch picks what the search splits on: a digit with two places left in
// some unit (places holds them), else the cell with the fewest candidates
// (cell; -1 and places nil when every cell is settled, a solution).
func (s *searcher) branch(cand []uint64) (cell int32, digit uint64, places []int32) {
	best, bestCount := int32(-1), 65
	for i, m := range cand {
		if k := bits.OnesCount64(m); k > 1 && k < bestCount {
			best, bestCount = int32(i), k
			if k == 2 {
				return best, 0, nil
			}
		}
	}
	if best < 0 || !s.strong {
		return best, 0, nil
	}
	for _, u := range s.Units.Cells {
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
			s.pair = s.pair[:0]
			for _, c := range u {
				if m := cand[c]; m&d != 0 && m&(m-1) != 0 {
					s.pair = append(s.pair, c)
				}
			}
			return -1, d, s.pair
		}
	}
	return best, 0, nil
}

// locked removes candidates by locked candidates: when a digit's places in
// a box all lie in one row (or column), the digit goes nowhere else in that
// row (column); when its places in a row (column) all lie in one box, it
// goes nowhere else in that box. changed reports a removal, ok false a
// contradiction.
func (s *searcher) locked(cand []uint64) (changed, ok bool) {
	u := s.Units
	n := u.N
	br, bc := u.Shape.BoxRows, u.Shape.BoxCols
	for b := 0; b < n; b++ {
		box := u.Cells[2*n+b]
		// box rows: cells k*bc .. k*bc+bc-1 of the box
		if ch, ok := s.lockLines(cand, box, br, bc, bc, 1, func(c int32) int32 { return u.Of[c][0] }, int32(2*n+b)); !ok {
			return false, false
		} else if ch {
			changed = true
		}
		// box columns: cells k, k+bc, k+2*bc...
		if ch, ok := s.lockLines(cand, box, bc, br, 1, bc, func(c int32) int32 { return u.Of[c][1] }, int32(2*n+b)); !ok {
			return false, false
		} else if ch {
			changed = true
		}
	}
	for line := 0; line < 2*n; line++ {
		cells := u.Cells[line]
		seg := bc // a row crosses boxes in segments of bc cells
		if line >= n {
			seg = br
		}
		if ch, ok := s.lockBoxes(cand, cells, seg, int32(line)); !ok {
			return false, false
		} else if ch {
			changed = true
		}
	}
	return changed, true
}

// lockLines looks at a box as k lines (box rows or box columns) of len
// cells: cell j of line i is box[i*start+j*step]. A digit whose open places
// in the box lie in one line is removed from that line's unit (found by
// lineOf) outside the box.
func (s *searcher) lockLines(cand []uint64, box []int32, k, length, start, step int, lineOf func(int32) int32, boxUnit int32) (changed, ok bool) {
	var parts [36]uint64 // the open digits of each line
	for i := range k {
		for j := range length {
			parts[i] |= unsettled(cand[box[i*start+j*step]])
		}
	}
	for i, m := range onlyIn(parts[:k]) {
		if m == 0 {
			continue
		}
		for _, c := range s.Units.Cells[lineOf(box[i*start])] {
			if s.Units.Of[c][2] != boxUnit && cand[c]&m != 0 {
				changed = true
				if !s.Restrict(cand, c, cand[c]&^m) {
					return changed, false
				}
			}
		}
	}
	return changed, true
}

// lockBoxes looks at a row or column as segments of seg cells, one per box
// it crosses. A digit whose open places in the line lie in one segment is
// removed from that segment's box outside the line.
func (s *searcher) lockBoxes(cand []uint64, cells []int32, seg int, line int32) (changed, ok bool) {
	var parts [36]uint64 // the open digits of each segment
	k := len(cells) / seg
	for i := range k {
		for _, c := range cells[i*seg : (i+1)*seg] {
			parts[i] |= unsettled(cand[c])
		}
	}
	kind := 0
	if int(line) >= s.Units.N {
		kind = 1
	}
	for i, m := range onlyIn(parts[:k]) {
		if m == 0 {
			continue
		}
		for _, c := range s.Units.Cells[s.Units.Of[cells[i*seg]][2]] {
			if s.Units.Of[c][kind] != line && cand[c]&m != 0 {
				changed = true
				if !s.Restrict(cand, c, cand[c]&^m) {
					return changed, false
				}
			}
		}
	}
	return changed, true
}

// unsettled returns the candidates m of a cell when there are several, and
// nothing for a settled cell.
func unsettled(m uint64) uint64 {
	if m&(m-1) != 0 {
		return m
	}
	return 0
}

// onlyIn keeps in each of parts the digits that no other part has.
func onlyIn(parts []uint64) []uint64 {
	var once, twice uint64
	for _, m := range parts {
		twice |= once & m
		once |= m
	}
	for i := range parts {
		parts[i] &= once &^ twice
	}
	return parts
}
