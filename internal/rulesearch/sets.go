package rulesearch

// # A digit that a rule's set needs, outside the rule
//
// A rule whose cells hold one of a few sets of digits (grid.Lowered.Sets:
// a renban line holds a run of consecutive digits) needs every digit that
// all the sets its cells can still hold share: a renban of five cells
// whose cells can hold only 3 to 9 holds 5, 6 and 7. Such a digit lies in
// one of the rule's cells that can hold it, so a cell that sees all of
// those cannot hold it, as a person reads it and as
// Interactive-Sudoku-Solver's set handlers do.
//
// Unit propagation does not see it: it would take the case split of the
// digit's places in the rule. But where the kind's clauses say that some
// set is held and that a set held has each of its digits in a cell
// (grid.DigitSets.Needs), setting the outside cell to the digit takes it
// from all those places, then every set left, then leaves no set:
// a propagation conflict. So each removal goes to the Tracer as the
// refutation of that one literal below the node, a reverse unit
// propagation step, as a probe's removals do (see probe.go).
//
// Measured on the 200 renban puzzles of .ci/bench.sh iss: 18,233 nodes
// without it, 10,880 with (Interactive-Sudoku-Solver: 11,816); on 200
// whispers, renban and palindrome puzzles, 139,216 and 71,375 (78,506).

// exclude removes, at node cand of depth, each digit that a rule's set
// needs from the cells outside the rule that see each of its cells that
// can hold it; false when a removal leaves propagation a conflict. A rule
// none of whose cells changed since the parent node is left as it is:
// what it needs and where were the same there.
func (w *walk) exclude(cand []uint64, depth int) bool {
	s := w.s
	var parent []uint64
	if depth > 0 {
		parent = s.slot(depth - 1)
	}
	for k := 0; k < len(s.sets); k++ {
		ds := &s.sets[k]
		if !ds.Needs || parent != nil && same(cand, parent, ds.Cells) {
			continue
		}
		d := scan(cand, ds.Cells)
		need, live := s.Full, false
		for _, set := range ds.Sets {
			if set&^d.once == 0 {
				need, live = need&set, true
			}
		}
		if !live {
			continue // propagation finds the conflict
		}
		removed := false
		for m := need &^ d.placed; m != 0; m &= m - 1 {
			v := m & -m
			r, ok := w.excludeDigit(cand, depth, ds.Cells, v)
			if !ok {
				return false
			}
			removed = removed || r
		}
		if removed {
			k, parent = -1, nil // the removals may have made other digits needed
		}
	}
	return true
}

// excludeDigit removes digit bit v from the cells outside cells that see
// every one of cells that can hold it; whether it removed any, and false
// on a conflict.
func (w *walk) excludeDigit(cand []uint64, depth int, cells []int32, v uint64) (removed, ok bool) {
	s := w.s
	if s.seen == nil {
		s.seen = make([]int32, s.N*s.N)
	}
	hs := s.holders[:0]
	for _, x := range cells {
		if cand[x]&v != 0 {
			hs = append(hs, x)
		}
	}
	s.holders = hs
	if len(hs) < 2 {
		return false, true // one place left: propagation places it
	}
	peers := s.Units.Peers
	for _, x := range hs {
		for _, p := range peers[x] {
			s.seen[p]++
		}
	}
	outs := s.outs[:0]
	for _, p := range peers[hs[0]] {
		if int(s.seen[p]) == len(hs) && cand[p]&v != 0 {
			outs = append(outs, p)
		}
	}
	s.outs = outs
	for _, x := range hs {
		for _, p := range peers[x] {
			s.seen[p] = 0
		}
	}
	for _, o := range outs {
		if cand[o]&v == 0 || single(cand[o]) {
			continue
		}
		w.refute(s.lit(o, v))
		w.probed++
		if rt, ok := w.trace.(RemovalTracer); ok {
			rt.Removed()
		}
		if !s.narrow(cand, o, ^v) || !s.propagate(cand) {
			return true, false
		}
		removed = true
	}
	return removed, true
}

// same reports whether cells have the same candidates in a and b.
func same(a, b []uint64, cells []int32) bool {
	for _, x := range cells {
		if a[x] != b[x] {
			return false
		}
	}
	return true
}
