package rate

import (
	"math/bits"
	"slices"
)

// Unique loops and the BUG rely on the puzzle having one solution; they are
// used only when that is known.

// uniqueLoops finds unique rectangles and longer unique loops (types 1 to
// 4): a loop of cells on the digits {v1,v2} that would allow two solutions
// unless one of its cells holds another digit.
func (s *solver) uniqueLoops() (hint, bool) {
	b := &s.b
	if !s.unique || b.n > 9 {
		return hint{}, false
	}
	ls := loopSearch{s: s, budget: 20000}
	for c := range b.cand {
		m := b.cand[c]
		if b.val[c] != 0 || popcount(m) != 2 {
			continue
		}
		if ls.v != m {
			ls.v = m
			ls.fillPos()
		}
		ls.loop = ls.loop[:0]
		ls.extend(int32(c), 2, 0, -1)
	}
	return ls.best, ls.found
}

// loopSearch is the search for unique loops: the loop so far on the
// digits v, and the best hint found. It stops after budget calls of
// extend, over every starting cell.
type loopSearch struct {
	s        *solver
	v        uint64
	loop     []int32
	in       cellSet    // the cells of loop
	pos      [27]uint16 // by unit, the positions of the cells holding v
	budget   int
	best     hint
	bestType int
	found    bool
}

// extend adds cell to the loop, then follows each of cell's units but the
// one it came through (of type lastType) to the cells that hold both
// digits of the loop, up to 14 cells. Cells with more digits take the
// loop on while allowed is positive, which each of them lowers; past
// that, only while the extra digits met so far (ex, which gathers those
// of every cell tried from here) are one digit.
func (ls *loopSearch) extend(cell int32, allowed int, ex uint64, lastType int) {
	if ls.budget <= 0 || len(ls.loop) >= 14 {
		return
	}
	ls.budget--
	b := &ls.s.b
	ls.loop = append(ls.loop, cell)
	ls.in.add(int(cell))
	for t := 0; t < 3; t++ {
		if t == lastType {
			continue
		}
		u := b.cellUnit[cell][t]
		cells := b.units[u]
		for m := ls.pos[u]; m != 0; m &= m - 1 {
			next := cells[bits.TrailingZeros16(m)]
			if next == ls.loop[0] && len(ls.loop) >= 4 {
				ls.close()
				continue
			}
			if ls.in.has(int(next)) {
				continue
			}
			p := b.cand[next]
			ex |= p &^ ls.v
			k := popcount(p)
			if k == 2 || popcount(ex) == 1 || allowed > 0 {
				na := allowed
				if k > 2 {
					na--
				}
				ls.extend(next, na, ex, t)
			}
		}
	}
	ls.loop = ls.loop[:len(ls.loop)-1]
	ls.in.remove(int(cell))
}

// fillPos lists, for each unit, the positions of the cells whose
// candidates include both digits of v: the only cells extend looks at.
func (ls *loopSearch) fillPos() {
	b := &ls.s.b
	for u, cells := range b.units {
		var m uint16
		for i, c := range cells {
			if b.cand[c]&ls.v == ls.v {
				m |= 1 << i
			}
		}
		ls.pos[u] = m
	}
}

// close takes the loop, back at its first cell, and keeps the easiest of
// its hints (the lowest score, then the lowest type).
func (ls *loopSearch) close() {
	if !ls.s.b.validLoop(ls.loop) {
		return
	}
	for _, ht := range ls.s.loopHints(ls.loop, ls.v) {
		h := ht.h
		if len(h.elims) == 0 {
			continue
		}
		if !ls.found || h.score < ls.best.score || h.score == ls.best.score && ht.typ < ls.bestType {
			ls.best, ls.bestType, ls.found = h, ht.typ, true
		}
	}
}

func inList(l []int32, c int32) bool {
	for _, x := range l {
		if x == c {
			return true
		}
	}
	return false
}

// validLoop checks that every unit the loop visits is visited once by an
// odd-placed cell and once by an even-placed one.
func (b *board) validLoop(loop []int32) bool {
	if len(loop)%2 != 0 {
		return false
	}
	var odd, even []int32
	for i, c := range loop {
		for _, u := range b.cellUnit[c] {
			if i%2 == 1 {
				if inList(odd, u) {
					return false
				}
				odd = append(odd, u)
			} else {
				if inList(even, u) {
					return false
				}
				even = append(even, u)
			}
		}
	}
	if len(odd) != len(even) {
		return false
	}
	for _, u := range odd {
		if !inList(even, u) {
			return false
		}
	}
	return true
}

type typedHint struct {
	h   hint
	typ int
}

func loopScore(size int) int {
	sc := techBase[UniqueRectangle]
	if size >= 10 {
		sc += 3
	}
	if size >= 8 {
		sc += 2
	} else if size >= 6 {
		sc++
	}
	return sc
}

func (s *solver) loopHints(loop []int32, v uint64) []typedHint {
	b := &s.b
	cells := append([]int32(nil), loop...)
	base := loopScore(len(loop))
	var extra []int32
	for _, c := range loop {
		if popcount(b.cand[c]) > 2 {
			extra = append(extra, c)
		}
	}
	mk := func(score int, es []elim) hint {
		return hint{tech: UniqueRectangle, score: score, cells: cells, place: -1, elims: es, unit: -1, digits: v}
	}
	var out []typedHint
	switch {
	case len(extra) == 1:
		var es []elim
		for x := v; x != 0; x &= x - 1 {
			es = append(es, elim{extra[0], int32(bits.TrailingZeros64(x) + 1)})
		}
		out = append(out, typedHint{mk(base, es), 1})
	case len(extra) >= 2:
		var ex uint64
		for _, c := range extra {
			ex |= b.cand[c] &^ v
		}
		if popcount(ex) == 1 {
			out = append(out, typedHint{mk(base, s.seenByAll(extra, lowDigit(ex))), 2})
		} else if len(extra) == 2 {
			out = append(out, s.loopType3(loop, cells, v, extra[0], extra[1], base)...)
		}
		if len(extra) == 2 {
			c1, c2 := extra[0], extra[1]
			for t := 0; t < 3; t++ {
				u := b.cellUnit[c1][t]
				if u != b.cellUnit[c2][t] {
					continue
				}
				for x := v; x != 0; x &= x - 1 {
					d := bits.TrailingZeros64(x) + 1
					if popcount(b.positions(int(u), d)) == 2 {
						w := lowDigit(v &^ (1 << (d - 1)))
						es := []elim{{c1, int32(w)}, {c2, int32(w)}}
						out = append(out, typedHint{mk(base, es), 4})
						break
					}
				}
			}
		}
	}
	return out
}

// seenByAll lists digit d's candidates in cells that see every cell of cs.
func (s *solver) seenByAll(cs []int32, d int) []elim {
	b := &s.b
	var es []elim
	for _, p := range b.peers[cs[0]] {
		if !b.has(int(p), d) || inList(cs, p) {
			continue
		}
		ok := true
		for _, c := range cs[1:] {
			if !b.sees(int(p), int(c)) {
				ok = false
				break
			}
		}
		if ok {
			es = append(es, elim{p, int32(d)})
		}
	}
	return es
}

// loopType3: the extra digits of the two rescue cells form a naked set with
// other cells of a unit they share.
func (s *solver) loopType3(loop, cells []int32, v uint64, c1, c2 int32, base int) []typedHint {
	b := &s.b
	var out []typedHint
	extra := (b.cand[c1] | b.cand[c2]) &^ v
	for degree := popcount(extra); degree <= 7; degree++ {
		for t := 0; t < 3; t++ {
			u := b.cellUnit[c1][t]
			if u != b.cellUnit[c2][t] {
				continue
			}
			var others []int32
			empty := 0
			for _, c := range b.units[u] {
				if b.val[c] == 0 {
					empty++
					if c != c1 && c != c2 && b.cand[c] != 0 && b.cand[c]&v == 0 {
						others = append(others, c)
					}
				}
			}
			if degree*2 > empty || len(others) < degree-1 {
				continue
			}
			combos(len(others), degree-1, func(idx []int) bool {
				m := extra
				for _, i := range idx {
					m |= b.cand[others[i]]
				}
				if popcount(m) != degree {
					return false
				}
				var es []elim
				for _, c := range b.units[u] {
					if c == c1 || c == c2 || b.cand[c]&m == 0 {
						continue
					}
					in := false
					for _, i := range idx {
						if others[i] == c {
							in = true
						}
					}
					if in {
						continue
					}
					for x := b.cand[c] & m; x != 0; x &= x - 1 {
						es = append(es, elim{c, int32(bits.TrailingZeros64(x) + 1)})
					}
				}
				if len(es) > 0 {
					out = append(out, typedHint{hint{tech: UniqueRectangle, score: base + degree - 1, cells: cells, place: -1, elims: es, unit: int(u)}, 3})
				}
				return false
			})
		}
	}
	return out
}

// bug finds a bivalue universal grave of type 1: every empty cell but one
// has two candidates and every digit appears twice in each unit except in
// the odd cell, whose extra digit must then be placed.
func (s *solver) bug() (hint, bool) {
	b := &s.b
	if !s.unique {
		return hint{}, false
	}
	odd := -1
	for c, m := range b.cand {
		if b.val[c] != 0 {
			continue
		}
		switch popcount(m) {
		case 2:
		case 3:
			if odd >= 0 {
				return hint{}, false
			}
			odd = c
		default:
			return hint{}, false
		}
	}
	if odd < 0 {
		return hint{}, false
	}
	// the digit that appears three times in the odd cell's units
	d := 0
	for x := b.cand[odd]; x != 0; x &= x - 1 {
		e := bits.TrailingZeros64(x) + 1
		three := true
		for _, u := range b.cellUnit[odd] {
			if popcount(b.positions(int(u), e)) != 3 {
				three = false
			}
		}
		if three {
			if d != 0 {
				return hint{}, false
			}
			d = e
		}
	}
	if d == 0 {
		return hint{}, false
	}
	// every other unit and digit must have 0 or 2 places
	for u := range b.units {
		for e := 1; e <= b.n; e++ {
			k := popcount(b.positions(u, e))
			if k == 0 || k == 2 {
				continue
			}
			if k == 3 && e == d && b.cellUnit[odd][u/b.n] == int32(u) {
				continue
			}
			return hint{}, false
		}
	}
	return hint{tech: BUG, score: techBase[BUG], cells: []int32{int32(odd)}, place: int32(odd), digit: d, unit: -1}, true
}

// pairsCover reports whether some digit of m could be ruled out by k
// bivalue cells holding the digits u between them: with every digit of mo
// but itself, it would have to make one of their pairs.
func pairsCover(m, mo, u uint64, k int) bool {
	for x := m & u; x != 0; x &= x - 1 {
		o := mo &^ (x & -x)
		if o&^u == 0 && popcount(o) <= k {
			return true
		}
	}
	return false
}

// alignedPairs finds aligned pair exclusions: two cells of a box, row or
// column whose every pair of digits is ruled out for some digit by a
// bivalue cell that sees both.
func (s *solver) alignedPairs() (hint, bool) {
	b := &s.b
	if b.n > 9 {
		return hint{}, false
	}
	var bivalue cellSet
	for c, m := range b.cand {
		if b.val[c] == 0 && popcount(m) == 2 {
			bivalue.add(c)
		}
	}
	var exBuf [24]uint64
	var exCellBuf [24]int32
	for c1 := 0; c1 < b.nc; c1++ {
		if b.val[c1] != 0 || popcount(b.cand[c1]) < 2 {
			continue
		}
		// c2 is a peer: it shares a box, row or column with c1
		for _, c2 := range b.peers[c1] {
			if int(c2) <= c1 || b.val[c2] != 0 || popcount(b.cand[c2]) < 2 {
				continue
			}
			// bivalue cells that see both
			common := b.peerSet[c1].and(b.peerSet[c2]).and(bivalue)
			if common.empty() {
				continue
			}
			ex, exCells := exBuf[:0], exCellBuf[:0]
			for _, p := range b.peers[c1] {
				if common.has(int(p)) {
					ex = append(ex, b.cand[p])
					exCells = append(exCells, p)
				}
			}
			if h, ok := b.pairExclusion(int32(c1), c2, ex, exCells); ok {
				return h, true
			}
		}
	}
	return hint{}, false
}

// pairExclusion returns the hint that removes the digits of cells c1 and
// c2 that make an allowed pair with no digit of the other cell, the
// bivalue cells exCells (candidates ex) that see both ruling pairs out.
func (b *board) pairExclusion(c1, c2 int32, ex []uint64, exCells []int32) (hint, bool) {
	m1, m2 := b.cand[c1], b.cand[c2]
	var u uint64
	for _, e := range ex {
		u |= e
	}
	// A digit goes only when each digit of the other cell makes a pair
	// with it that one of ex holds.
	if !pairsCover(m1, m2, u, len(ex)) && !pairsCover(m2, m1, u, len(ex)) {
		return hint{}, false
	}
	ok1, ok2 := allowedPairs(m1, m2, ex)
	var es []elim
	for x := m1 &^ ok1; x != 0; x &= x - 1 {
		es = append(es, elim{c1, int32(bits.TrailingZeros64(x) + 1)})
	}
	for x := m2 &^ ok2; x != 0; x &= x - 1 {
		es = append(es, elim{c2, int32(bits.TrailingZeros64(x) + 1)})
	}
	if len(es) == 0 {
		return hint{}, false
	}
	cells := append([]int32{c1, c2}, exCells...)
	return hint{tech: AlignedPairExclusion, score: techBase[AlignedPairExclusion], cells: cells, place: -1, elims: es, unit: -1}, true
}

// allowedPairs returns the digits of two cells that see each other, with
// candidates m1 and m2, that are in some pair of different digits that no
// bivalue cell of ex holds.
func allowedPairs(m1, m2 uint64, ex []uint64) (ok1, ok2 uint64) {
	for x := m1; x != 0; x &= x - 1 {
		d1 := bits.TrailingZeros64(x)
		for y := m2; y != 0; y &= y - 1 {
			d2 := bits.TrailingZeros64(y)
			if d1 == d2 {
				continue
			}
			pair := uint64(1)<<d1 | uint64(1)<<d2
			if !slices.Contains(ex, pair) {
				ok1 |= 1 << d1
				ok2 |= 1 << d2
			}
		}
	}
	return ok1, ok2
}
