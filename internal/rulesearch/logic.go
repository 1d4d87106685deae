package rulesearch

// Package rate's logical solve of variant puzzles asks the propagation two
// questions of a state its own steps reached, each answer a consequence of
// the rules and that state: whether a digit survives in a cell (Try), and
// whether it has a support on the cells of one rule (Supported), found
// as the probes find theirs.

// Restart returns cand, the candidates of a state reached from the givens
// by sound deductions, narrowed to the digits the rules allow at all
// (odd, even, pencil marks) and propagated afresh, with every auxiliary
// variable of the kinds' own clauses open; false on a conflict. Try and
// Supported then work below the state it returns.
func (s *Search) Restart(cand []uint64) ([]uint64, bool) {
	out := make([]uint64, len(cand))
	for i, m := range cand {
		out[i] = m & s.init[i]
	}
	s.reset()
	s.useAux(0, true)
	s.touchAll()
	return out, s.propagate(out)
}

// Supported reports whether digit bit d of cell x has a support on the
// cells of scope below cand, a state that Restart returned: digits of the
// scope's open cells, one each, that propagation accepts together with
// x = d; the support found marks its digits in sup (sup[k] for scope[k]),
// which then need no search of their own, and is written to found
// (found[k] the digit of scope[k]) for Holds to try again later. known is false when the search
// ran past budget nodes, and then nothing is said. A refuted digit is a consequence of the rules and
// cand: every case of the split on the scope's cells ends in a conflict
// of propagation. Neither cand nor the auxiliary values of the state
// change.
func (s *Search) Supported(cand []uint64, scope []int32, x int32, d uint64, budget int, sup []uint64, found []uint8) (ok, known bool) {
	defer s.atAux(0)
	next := s.slot(1)
	copy(next, cand)
	s.useAux(1, false)
	if !s.narrow(next, x, d) || !s.propagate(next) {
		return false, true
	}
	left := budget
	w := walk{s: s} // no Tracer: nothing goes to a proof
	switch w.local(next, 1, scope, -1, sup, found, &left) {
	case supported:
		return true, true
	case refuted:
		return false, true
	}
	return false, false
}

// Holds reports whether the digits of a support found before (digits[k]
// in scope[k], see Supported) are still one below cand, a state that
// Restart returned: whether propagation accepts them all together. It
// changes neither cand nor the auxiliary values of the state.
func (s *Search) Holds(cand []uint64, scope []int32, digits []uint8) bool {
	defer s.atAux(0)
	next := s.slot(1)
	copy(next, cand)
	s.useAux(1, false)
	for k, x := range scope {
		if !s.narrow(next, x, uint64(1)<<(digits[k]-1)) {
			s.reset()
			return false
		}
	}
	if !s.propagate(next) {
		return false
	}
	for _, x := range scope {
		if !single(next[x]) {
			return false
		}
	}
	return true
}
