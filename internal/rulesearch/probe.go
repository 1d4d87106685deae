package rulesearch

import (
	"math/bits"
	"slices"
)

// # Probing the kinds' own clauses
//
// Unit propagation on the order encoding of a sum (see package
// internal/sumcnf) narrows each partial sum to bounds, one addition at a
// time. It does not see that the digits of three cells of a box that add
// up to an arrow's circle differ, so that they add up to 6 at least, nor
// which digits a skyscraper clue of 6 leaves the first cells: on the
// puzzles setters make, the search without more took from 90,000 nodes
// (a sandwich) to more than 2,000,000 (X-sums with whispers, renban with
// skyscrapers).
//
// A probe makes each rule that ties its cells together beyond pairs (a
// sum, a line's set of digits: grid.Lowered.Scopes) as strong as it can
// be on its own cells, as a person reads it: for each candidate d of each
// open cell c of the rule's scope,
// it looks for digits of the scope's other open cells that hold with c = d
// under propagation (a support). Each support found marks every digit in
// it supported, so that most candidates need no search of their own. A
// candidate without a support leaves the cell.
//
// Each removal is a small search below the node, a case split on the
// scope's cells whose every leaf is a propagation conflict: its
// refutations go to the Tracer as the search's own do, in post-order,
// the last of them the clause "not (path and x(c,d))". So every removal is
// a lemma that is a reverse unit propagation step against the CNF and the
// lemmas before it, and a proof of the search stays a DRAT proof of the
// rules as stated.
//
// A probe's search has a budget of nodes (probeBudget): past it, the
// candidate stays, which is always sound.

// maxScope is the most cells a scope may have: a rule on more cells (a
// chain of overlapping sums) is left to propagation and the branching.
const maxScope = 12

// probeBudget is the most nodes one candidate's probe may visit, and
// probeNodeBudget the most that the probes of one node of the search may.
const (
	probeBudget     = 16
	probeNodeBudget = 4096
)

// probeAfter is the nodes a search visits before it starts again from
// the root with probes: the puzzles that propagation and the branching
// settle in fewer pay nothing for them. At probeLateAfter nodes it starts
// again once more, with the scopes of grid.Lowered.LateScope too
// (sandwiches, whose probes cost more), and with the weights of the
// branching (Search.weight) that the nodes before have taught it.
//
// These are the nodes of the search's own branching (walk.branched): the
// nodes of the probes' searches count in its budget, not here. Counted
// with them, a search of region sum lines, whose probes start at the
// root and make nine tenths of its nodes, started again after a few
// dozen nodes of its own and lost what its probes had found: on the 200
// puzzles of .ci/bench.sh iss, 33,337 nodes against 29,683 now, and 10%
// more time; on SudokuSolver's test puzzles, 38,105 against 32,609
// (eddies 15,221 against 10,358).
//
// Measured on 100 generated minimal puzzles of each family, the search's
// nodes with one start at 1000 nodes, as before, against these two:
// X-sums 85,424 against 37,503; skyscrapers 41,833 against 21,215; region
// sum lines 71,686 against 30,288; little killers 14,288 against 9,991;
// arrows 10,765 against 7,905; arrows with killer cages 4,359 against
// 5,307; sandwiches 6,784 either way (probed from 100 nodes on, 8,672).
// On SudokuSolver's test puzzles that the search settles, 132,844 nodes in
// all against 133,188; without the second start, 157,326, all of it on
// one puzzle of long arrows and parity, which took 4,002 nodes before,
// 33,702 with probes from 100 nodes on, and 6,858 with both starts.
//
// The scopes of an early rule (grid.Lowered.EarlyScope: region sum lines,
// whose clauses see little of what probes find) are probed from the
// first run on: on the 200 region sum line puzzles of .ci/bench.sh iss,
// 38,904 nodes against 56,998 when the first run goes to 100 nodes
// without them, and a sixth less processor time.
const (
	probeAfter     = 100
	probeLateAfter = 1000
)

// probe runs the probes of every scope at the node cand of depth (see
// above); false when a removal leaves propagation a conflict. A scope
// none of whose cells changed since the parent node's probes is left as
// it is: they found what there was to find in it.
func (w *walk) probe(cand []uint64, depth int) bool {
	s := w.s
	if w.probing == 0 {
		return true
	}
	from := s.starts()[w.probing-1]
	left := probeNodeBudget
	var parent []uint64
	if depth > 0 {
		parent = s.slot(depth - 1)
	}
	for i, sc := range s.scopes {
		open, changed := 0, parent == nil
		for _, x := range sc {
			if !single(cand[x]) {
				open++
			}
			changed = changed || cand[x] != parent[x]
		}
		if open >= 2 && changed && s.scopeAfter[i] <= from && !w.probeScope(cand, depth, i, &left) {
			return false
		}
	}
	return true
}

// probeScope probes the candidates of scope i at node cand of depth,
// within left nodes; false on a conflict. A probe that runs out of its
// budget ends the scope's probes at this node: the others would most
// likely spend theirs too.
func (w *walk) probeScope(cand []uint64, depth, i int, left *int) bool {
	s := w.s
	sc := s.scopes[i]
	var sup [maxScope]uint64
	s.residual(i, cand, sup[:len(sc)])
	for k, x := range sc {
		for m := cand[x] &^ sup[k]; m != 0 && !single(cand[x]); m &= m - 1 {
			d := m & -m
			if cand[x]&d == 0 || sup[k]&d != 0 {
				continue
			}
			if *left <= 0 {
				return true
			}
			switch w.support(cand, depth, i, sup[:len(sc)], x, d, left) {
			case supported:
				continue
			case unknown:
				return true
			}
			// refuted: the lemma is out, the digit leaves the cell
			w.probed++
			if rt, ok := w.trace.(RemovalTracer); ok {
				rt.Removed()
			}
			if !s.narrow(cand, x, ^d) || !s.propagate(cand) {
				return false
			}
		}
	}
	return true
}

// residual marks in sup the digits of the supports that scope i kept
// from earlier probes and that cand still allows: a digit with one needs
// no search of its own. A support found at another node may not hold
// under propagation here; the digit then stays where a search would
// have removed it, which is always sound.
func (s *Search) residual(i int, cand []uint64, sup []uint64) {
	clear(sup)
	sc := s.scopes[i]
	for _, r := range s.supports[i] {
		ok := true
		for k, x := range sc {
			if cand[x]&(uint64(1)<<(r[k]-1)) == 0 {
				ok = false
				break
			}
		}
		if ok {
			for k := range sc {
				sup[k] |= uint64(1) << (r[k] - 1)
			}
		}
	}
}

// keep records the full assignment of scope i in cand as a support, in
// place of the oldest past keptSupports.
func (s *Search) keep(i int, cand []uint64) {
	sc := s.scopes[i]
	var r []uint8
	if len(s.supports[i]) < keptSupports {
		r = make([]uint8, len(sc))
		s.supports[i] = append(s.supports[i], r)
	} else {
		r = s.supports[i][s.nextSupport[i]]
		s.nextSupport[i] = (s.nextSupport[i] + 1) % keptSupports
	}
	for k, x := range sc {
		r[k] = uint8(bits.TrailingZeros64(cand[x]) + 1)
	}
}

// hint returns the bit of the digit that the latest support kept by
// scope i has in its k-th cell, when it is among the candidates m; else 0.
func (s *Search) hint(i, k int, m uint64) uint64 {
	for j := len(s.supports[i]) - 1; j >= 0; j-- {
		at := (s.nextSupport[i] + j) % len(s.supports[i])
		if b := uint64(1) << (s.supports[i][at][k] - 1); m&b != 0 {
			return b
		}
	}
	return 0
}

// keptSupports is how many supports each scope keeps for later probes.
// Against 8, 32 took the searches of SudokuSolver's test puzzles from
// 32,609 nodes to 22,648 (eddies, long arrows with parity, from 10,358 to
// 3,344) and of the 200 region sum line puzzles of .ci/bench.sh iss from
// 29,683 to 28,320, each in less time; other families stayed within 1%.
// 64 and 128 gained little more.
const keptSupports = 32

type probeOutcome uint8

const (
	supported probeOutcome = iota
	refuted
	unknown
)

// support looks for a support of digit bit d in cell x of scope i below
// node cand of depth, marking what it finds in sup; refuted when there is
// none, whose refutations have gone to the Tracer. cand and the current
// auxiliary values are left as they were.
func (w *walk) support(cand []uint64, depth int, i int, sup []uint64, x int32, d uint64, total *int) probeOutcome {
	s := w.s
	defer s.atAux(depth)
	start := min(probeBudget, *total)
	left := start
	defer func() { *total -= start - max(left, 0) }()
	lit := s.lit(x, d)
	next := s.slot(depth + 1)
	copy(next, cand)
	s.useAux(depth+1, false)
	w.path = append(w.path, lit)
	defer func() { w.path = w.path[:len(w.path)-1] }()
	if !s.narrow(next, x, d) || !s.propagate(next) {
		w.refute(0)
		return refuted
	}
	return w.local(next, depth+1, s.scopes[i], i, sup, nil, &left)
}

// local is the search of a support on the cells sc below the local node
// cand of depth, within *left nodes: digits of sc's open cells, one each,
// that propagation accepts together. A support found marks its digits in
// sup (sup[k] for sc[k]) and, when found is not nil, writes them there.
// i is the index of sc in the scopes, whose supports kept (keep, hint)
// the search reads and adds to; -1 for cells of no scope (see Supported).
func (w *walk) local(cand []uint64, depth int, sc []int32, i int, sup []uint64, found []uint8, left *int) probeOutcome {
	s := w.s
	w.res.Nodes++ // a node of the search too, within its budget
	if *left--; *left < 0 {
		return unknown
	}
	at, best, ka := int32(-1), 0, 0
	for k, x := range sc {
		if c := bits.OnesCount64(cand[x]); c > 1 && (at < 0 || c < best) {
			at, best, ka = x, c, k
		}
	}
	if at < 0 {
		for k, x := range sc {
			sup[k] |= cand[x]
			if found != nil {
				found[k] = uint8(bits.TrailingZeros64(cand[x]) + 1)
			}
		}
		if i >= 0 {
			s.keep(i, cand)
		}
		return supported
	}
	next := s.slot(depth + 1)
	// the digit of a support kept from before first: the support is
	// then most often found again without a wrong turn
	var first uint64
	if i >= 0 {
		first = s.hint(i, ka, cand[at])
	}
	for m := first | cand[at]&^first; m != 0; {
		d := first
		if d == 0 {
			d = m & -m
		}
		m &^= d
		first = 0
		copy(next, cand)
		s.useAux(depth+1, false)
		lit := s.lit(at, d)
		if !s.narrow(next, at, d) || !s.propagate(next) {
			w.refute(lit)
			continue
		}
		w.path = append(w.path, lit)
		r := w.local(next, depth+1, sc, i, sup, found, left)
		w.path = w.path[:len(w.path)-1]
		s.atAux(depth)
		if r != refuted {
			return r
		}
	}
	w.refute(0)
	return refuted
}

// atAux makes the auxiliary values of depth d current, as they are.
func (s *Search) atAux(d int) {
	if s.clauses.t != nil {
		s.clauses.aux, s.clauses.bnd = s.clauses.saved[d], s.clauses.savedBnd[d]
	}
}

// starts returns the numbers of nodes at which a search starts again with
// more probes (see probeAfter): one, probeLateAfter, for every scope with
// LateProbes.
func (s *Search) starts() []int {
	if s.LateProbes && len(s.probeStarts) > 0 {
		return s.probeStarts[len(s.probeStarts)-1:]
	}
	return s.probeStarts
}

// scopesOf returns the scopes of the probes: the rules' (grid.Lowered.Scopes)
// with 2 to maxScope cells, each sorted, each once; the nodes a search
// visits before it probes each (0 for those early marks, probeLateAfter
// for those late marks, else probeAfter; the earlier of two rules on the
// same cells); and the distinct numbers of those and probeLateAfter,
// lowest first: the starts of the search (see probeAfter).
func scopesOf(all [][]int32, late, early []bool) (scopes [][]int32, after, starts []int) {
	for k, sc := range all {
		if len(sc) < 2 || len(sc) > maxScope {
			continue
		}
		a := probeAfter
		switch {
		case k < len(early) && early[k]:
			a = 0
		case k < len(late) && late[k]:
			a = probeLateAfter
		}
		sc = slices.Sorted(slices.Values(sc))
		if i := slices.IndexFunc(scopes, func(o []int32) bool { return slices.Equal(o, sc) }); i >= 0 {
			after[i] = min(after[i], a)
			continue
		}
		scopes, after = append(scopes, sc), append(after, a)
	}
	starts = slices.Sorted(slices.Values(after))
	if len(starts) > 0 {
		starts = append(starts, probeLateAfter)
	}
	return scopes, after, slices.Compact(starts)
}

// A RemovalTracer is a Tracer that is told of each candidate a probe
// removes, just after the refutation that removes it: for the tests,
// which take such lemmas out of a proof to see it fail.
type RemovalTracer interface {
	Tracer
	Removed()
}
