package rulesearch

import (
	"math/bits"
	"slices"
)

// branchKind says how a node of the search splits.
type branchKind uint8

const (
	branchNone  branchKind = iota // every cell placed: a leaf
	branchCell                    // each candidate of a cell
	branchSet                     // each digit set left to a cage sum
	branchPlace                   // each place left to a digit in a unit
)

// branch is the split of one node into cases that cover every solution
// below it, each of which differs from the others, so that no solution is
// found twice. In the terms of the CNF (package sat) each is a case split
// on the literals of one clause, which the refutations of its cases leave
// with none true:
//
//   - a cell's candidates: the literals x(c,d) of the cell's at-least-one
//     clause;
//   - the digit sets a cage's sum has left: the literals y(j) of the
//     cage's clause OR y(j) (see sat's cage sums). Deciding y(j) makes
//     the digits outside S(j) false in every cell of the cage, and the
//     propagation of the cage takes it from there: S(j) is then its one
//     set left.
type branch struct {
	kind  branchKind
	cell  int32 // branchCell
	cage  *cage // branchSet
	place place // branchPlace
	cases []uint64
}

// choose returns the branch of a propagated node at depth: the open cell
// with the fewest candidates for its weight (how often propagation has
// failed on it, plus one; see Search.weight), unless that leaves more than
// two cases and a cage has fewer digit sets left. With places (a search
// that takes its cases in no random order), where a digit of the model's
// places (grid.Place) is still open, its place comes first: on 200
// generated sandwich puzzles that took the search from 2,971 nodes a
// puzzle to 70. (A digit with two places left in any unit, before a cell
// of three candidates or more, took more nodes on every kind tried.)
func (s *Search) choose(cand []uint64, depth int, places bool) branch {
	b := branch{kind: branchNone, cases: s.caseSlot(depth)}
	best, weight := 0, 0
	for i, m := range cand {
		if k := bits.OnesCount64(m); k > 1 && (b.kind == branchNone || k*weight < best*s.weight[i]) {
			b.kind, b.cell, best, weight = branchCell, int32(i), k, s.weight[i]
		}
	}
	if b.kind == branchNone {
		return b
	}
	if places {
		if p := s.openPlace(cand); p != nil {
			b.kind, b.place = branchPlace, *p
			return b
		}
	}
	if best <= 2 {
		return b
	}
	for k := range s.cages {
		c := &s.cages[k]
		if c.off {
			continue
		}
		if live := c.live(cand, nil); live > 1 && live < best {
			b.kind, b.cage, best = branchSet, c, live
		}
	}
	return b
}

// openPlace returns the place of the model's places (see grid.Place)
// whose digit has the fewest cells left in its unit, two or more; nil
// when every digit of a place is placed.
func (s *Search) openPlace(cand []uint64) *place {
	var best *place
	bestK := 0
	for k := range s.places {
		p := &s.places[k]
		left := 0
		for _, x := range p.unit {
			m := cand[x]
			if m == p.bit {
				left = 0
				break
			}
			if m&p.bit != 0 {
				left++
			}
		}
		if left > 1 && (best == nil || left < bestK) {
			best, bestK = p, left
		}
	}
	return best
}

// live counts the digit sets of cage c that the candidates leave (see
// Search.sum), appending them to out when it is not nil.
func (c *cage) live(cand []uint64, out *[]uint64) int {
	var union, placed uint64
	for _, x := range c.cells {
		m := cand[x]
		union |= m
		if single(m) {
			placed |= m
		}
	}
	k := 0
	for _, set := range c.sets {
		if placed&^set == 0 && set&^union == 0 {
			k++
			if out != nil {
				*out = append(*out, set)
			}
		}
	}
	return k
}

// caseSlot returns the buffer of cases of depth d.
func (s *Search) caseSlot(d int) []uint64 {
	s.cases = grow(s.cases, d, 64)
	return s.cases[d][:0]
}

// order lists the cases of b, the one that agrees with prefer (when not
// nil) first, and returns their number.
func (b *branch) order(s *Search, cand []uint64, prefer []uint8) int {
	switch b.kind {
	case branchCell:
		m := cand[b.cell]
		if prefer != nil {
			if p := uint64(1) << (prefer[b.cell] - 1); m&p != 0 {
				b.cases = append(b.cases, p)
				m &^= p
			}
		}
		for ; m != 0; m &= m - 1 {
			b.cases = append(b.cases, m&-m)
		}
	case branchPlace:
		var first uint64 = ^uint64(0)
		for _, x := range b.place.unit {
			if cand[x]&b.place.bit != 0 {
				if prefer != nil && uint64(1)<<(prefer[x]-1) == b.place.bit {
					first = uint64(x)
				} else {
					b.cases = append(b.cases, uint64(x))
				}
			}
		}
		if first != ^uint64(0) {
			b.cases = append([]uint64{first}, b.cases...)
		}
	case branchSet:
		b.cage.live(cand, &b.cases)
		if prefer != nil {
			var want uint64
			for _, x := range b.cage.cells {
				want |= uint64(1) << (prefer[x] - 1)
			}
			for i, set := range b.cases {
				if set == want {
					b.cases[0], b.cases[i] = b.cases[i], b.cases[0]
				}
			}
		}
	}
	return len(b.cases)
}

// apply narrows cand to case c of b, queueing the cells it changed for
// propagation; false when that leaves a cell no candidate.
func (b *branch) apply(s *Search, cand []uint64, c uint64) bool {
	switch b.kind {
	case branchCell:
		return s.narrow(cand, b.cell, c)
	case branchPlace:
		return s.narrow(cand, int32(c), b.place.bit)
	}
	for _, x := range b.cage.cells {
		if !s.narrow(cand, x, c) {
			s.reset()
			return false
		}
	}
	return true
}

// lit returns the variable x(cell, digit) of the CNF of package sat, the
// digit given by its bit.
func (m *Model) lit(cell int32, bit uint64) int {
	return int(cell)*m.N + bits.TrailingZeros64(bit) + 1
}

// literal returns case c of b as a literal of the CNF of package sat: the
// variable x(cell, digit), or the variable y(j) of the digit set c of the
// cage (see cage.y0).
func (b *branch) literal(s *Search, c uint64) int {
	switch b.kind {
	case branchCell:
		return s.lit(b.cell, c)
	case branchPlace:
		return s.lit(int32(c), b.place.bit)
	}
	j, _ := slices.BinarySearch(b.cage.sets, c)
	return b.cage.y0 + j
}
