package rate

import "math/bits"

// alignedTriples finds aligned triplet exclusions: for three cells, every
// combination of their digits is ruled out when two of them that see each
// other would share a digit, or when it would leave a common neighbour
// (with two or three candidates) without a digit. A digit of a base cell
// that appears in no allowed combination goes.
func (s *solver) alignedTriples() (hint, bool) {
	b := &s.b
	if b.n > 9 {
		return hint{}, false
	}
	bases, isBase := s.tripleBases()
	s.clearTried()
	excl := s.excl
	var common, tails []int32
	for i, c0 := range bases {
		for _, c1 := range bases[i+1:] {
			tail := excl[c0].or(excl[c1]).and(isBase)
			tail.remove(int(c0))
			tail.remove(int(c1))
			pair := excl[c0].and(excl[c1])
			if pair.count() < 2 {
				continue
			}
			common, tails = b.thirdCells(pair, tail, common[:0], tails[:0])
			for _, c2 := range tails {
				if !s.firstTry(c0, c1, c2) {
					continue
				}
				common = pair.and(excl[c2]).appendTo(common[:0])
				if h, ok := b.tripleExclusion([3]int32{c0, c1, c2}, common); ok {
					return h, true
				}
			}
		}
	}
	return hint{}, false
}

// tripleBases lists the cells that can be part of an aligned triple: two
// candidates or more, no peer solved down to one candidate, and peers with
// two or three candidates, which excl[c] holds.
func (s *solver) tripleBases() (bases []int32, isBase cellSet) {
	const degree = 3
	b := &s.b
	if len(s.excl) != b.nc {
		s.excl = make([]cellSet, b.nc)
	}
	clear(s.excl)
	for c := 0; c < b.nc; c++ {
		if popcount(b.cand[c]) < 2 {
			continue
		}
		single := false
		var ex cellSet
		for _, p := range b.peers[c] {
			switch k := popcount(b.cand[p]); {
			case k == 1:
				single = true
			case k >= 2 && k <= degree:
				ex.add(int(p))
			}
		}
		if !single && !ex.empty() {
			s.excl[c] = ex
			bases = append(bases, int32(c))
			isBase.add(c)
		}
	}
	return bases, isBase
}

// clearTried empties the set of triples tried. A triple comes up once for
// each of its cells that is in the tail of the other two, and removes the
// same (nothing) each time.
func (s *solver) clearTried() {
	nc := s.b.nc
	if len(s.tried) != (nc*nc*nc+63)/64 {
		s.tried = make([]uint64, (nc*nc*nc+63)/64)
	}
	clear(s.tried)
}

// firstTry marks the triple tried and reports whether it was not before.
func (s *solver) firstTry(c0, c1, c2 int32) bool {
	nc := s.b.nc
	lo, mid, hi := sort3(c0, c1, c2)
	key := (int(lo)*nc+int(mid))*nc + int(hi)
	if s.tried[key/64]>>(key%64)&1 != 0 {
		return false
	}
	s.tried[key/64] |= 1 << (key % 64)
	return true
}

// thirdCells appends to tails the cells of tail that can complete a pair
// of base cells whose common neighbours are pair: the third cell needs
// two common neighbours with the pair, those of its peers in pair, since
// every cell of pair has two or three candidates. common is scratch space,
// returned for reuse.
func (b *board) thirdCells(pair, tail cellSet, common, tails []int32) ([]int32, []int32) {
	var once, twice cellSet
	common = pair.appendTo(common)
	for _, e := range common {
		p := b.peerSet[e].and(tail)
		twice = twice.or(once.and(p))
		once = once.or(p)
	}
	return common, twice.appendTo(tails)
}

// tripleExclusion returns the hint that removes the digits of the three
// base cells cs that no allowed combination uses, given their common
// neighbours.
func (b *board) tripleExclusion(cs [3]int32, common []int32) (hint, bool) {
	m := [3]uint64{b.cand[cs[0]], b.cand[cs[1]], b.cand[cs[2]]}
	sees := [3]bool{b.sees(int(cs[0]), int(cs[1])), b.sees(int(cs[0]), int(cs[2])), b.sees(int(cs[1]), int(cs[2]))}
	if b.everyDigitFree(m, sees, common) {
		return hint{}, false
	}
	allowed := b.allowedDigits(m, sees, common)
	var es []elim
	for i, c := range cs {
		for x := b.cand[c] &^ allowed[i]; x != 0; x &= x - 1 {
			es = append(es, elim{c, int32(bits.TrailingZeros64(x) + 1)})
		}
	}
	if len(es) == 0 {
		return hint{}, false
	}
	hc := append([]int32{cs[0], cs[1], cs[2]}, common...)
	return hint{tech: AlignedTripleExclusion, score: techBase[AlignedTripleExclusion], cells: hc, place: -1, elims: es, unit: -1}, true
}

// everyDigitFree reports, without trying the combinations, whether every
// digit of the three cells with candidates m is in an allowed combination
// (see freeFor). sees[0], sees[1] and sees[2] tell whether cells 0 and 1,
// 0 and 2, and 1 and 2 see each other.
func (b *board) everyDigitFree(m [3]uint64, sees [3]bool, common []int32) bool {
	var used uint64
	var pairs [16]uint64
	for _, e := range common {
		cm := b.cand[e]
		used |= cm
		if popcount(cm) == 2 {
			lo := cm & -cm
			pairs[bits.TrailingZeros64(lo)] |= cm &^ lo
			pairs[bits.TrailingZeros64(cm&^lo)] |= lo
		}
	}
	s01, s02, s12 := sees[0], sees[1], sees[2]
	return freeFor(m[0], m[1], m[2], s01, s02, s12, used, &pairs) &&
		freeFor(m[1], m[0], m[2], s01, s12, s02, used, &pairs) &&
		freeFor(m[2], m[0], m[1], s02, s12, s01, used, &pairs)
}

// allowedDigits tries the combinations of digits of the three cells with
// candidates m and returns, for each cell, the digits of the allowed
// ones: no two cells that see each other (sees as in everyDigitFree) hold
// the same digit, and every common neighbour keeps a digit. It stops as
// soon as every digit is allowed.
func (b *board) allowedDigits(m [3]uint64, sees [3]bool, common []int32) [3]uint64 {
	var allowed [3]uint64
	for x := m[0]; x != 0; x &= x - 1 {
		d0 := x & -x
		for y := m[1]; y != 0; y &= y - 1 {
			d1 := y & -y
			if d0 == d1 && sees[0] {
				continue
			}
			for z := m[2]; z != 0; z &= z - 1 {
				d2 := z & -z
				if d0 == d2 && sees[1] || d1 == d2 && sees[2] {
					continue
				}
				if allowed[0]&d0 != 0 && allowed[1]&d1 != 0 && allowed[2]&d2 != 0 {
					// allows nothing new
					continue
				}
				if b.emptiesOne(d0|d1|d2, common) {
					continue
				}
				allowed[0] |= d0
				allowed[1] |= d1
				allowed[2] |= d2
				if allowed == m {
					// every digit is allowed: nothing goes
					return allowed
				}
			}
		}
	}
	return allowed
}

// emptiesOne reports whether the digits u, placed in the base cells, would
// leave one of the common neighbours without a candidate.
func (b *board) emptiesOne(u uint64, common []int32) bool {
	for _, e := range common {
		if b.cand[e]&^u == 0 {
			return true
		}
	}
	return false
}

// freeFor reports whether every digit of the cell with candidates m is
// in an allowed combination with the other two cells (candidates mj and
// mk), found without trying the combinations: used is the union of the
// candidates of the common neighbours and pairs[i] the digits that make a
// common neighbour's two candidates with digit i+1. If one of the other
// cells takes a digit no common neighbour has, a neighbour can only be
// emptied when it holds exactly the other two digits. A triple for which
// this holds of all three cells removes nothing. sj, sk and sjk tell which
// of the cells see each other.
func freeFor(m, mj, mk uint64, sj, sk, sjk bool, used uint64, pairs *[16]uint64) bool {
	for x := m; x != 0; x &= x - 1 {
		d := x & -x
		aj, ak := mj, mk
		if sj {
			aj &^= d
		}
		if sk {
			ak &^= d
		}
		p := pairs[bits.TrailingZeros64(d)]
		if !somePair(aj&^used, ak&^p, sjk) && !somePair(aj&^p, ak&^used, sjk) {
			return false
		}
	}
	return true
}

// somePair reports whether digits can be picked from x and y, different
// ones when distinct is set.
func somePair(x, y uint64, distinct bool) bool {
	return x != 0 && y != 0 && !(distinct && x == y && x&(x-1) == 0)
}

func sort3(a, b, c int32) (int32, int32, int32) {
	if a > b {
		a, b = b, a
	}
	if b > c {
		b, c = c, b
	}
	if a > b {
		a, b = b, a
	}
	return a, b, c
}

// cellSet is a set of cells of a grid of up to 128 cells.
type cellSet [2]uint64

func (s *cellSet) add(c int)    { s[c>>6] |= 1 << (c & 63) }
func (s *cellSet) remove(c int) { s[c>>6] &^= 1 << (c & 63) }
func (s cellSet) empty() bool   { return s[0]|s[1] == 0 }
func (s cellSet) count() int    { return popcount(s[0]) + popcount(s[1]) }
func (s cellSet) and(o cellSet) cellSet {
	return cellSet{s[0] & o[0], s[1] & o[1]}
}
func (s cellSet) andNot(o cellSet) cellSet {
	return cellSet{s[0] &^ o[0], s[1] &^ o[1]}
}
func (s cellSet) or(o cellSet) cellSet {
	return cellSet{s[0] | o[0], s[1] | o[1]}
}

// appendTo appends the cells to out in increasing order.
func (s cellSet) appendTo(out []int32) []int32 {
	for w := 0; w < 2; w++ {
		for m := s[w]; m != 0; m &= m - 1 {
			out = append(out, int32(w*64+bits.TrailingZeros64(m)))
		}
	}
	return out
}

func (s cellSet) has(c int) bool { return s[c>>6]>>(c&63)&1 != 0 }
