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
	const degree = 3
	if len(s.excl) != b.nc {
		s.excl = make([]cellSet, b.nc)
	}
	excl := s.excl
	clear(excl)
	var bases []int32
	var isBase cellSet
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
			excl[c] = ex
			bases = append(bases, int32(c))
			isBase.add(c)
		}
	}
	// A triple comes up once for each of its cells that is in the tail
	// of the other two, and removes the same (nothing) each time.
	nc := b.nc
	if len(s.tried) != (nc*nc*nc+63)/64 {
		s.tried = make([]uint64, (nc*nc*nc+63)/64)
	}
	tried := s.tried
	clear(tried)
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
			// The third cell needs two common neighbours with the pair:
			// those of its peers in pair, since every cell of pair has
			// two or three candidates.
			var once, twice cellSet
			for _, e := range pair.appendTo(common[:0]) {
				p := b.peerSet[e].and(tail)
				twice = twice.or(once.and(p))
				once = once.or(p)
			}
			tails = twice.appendTo(tails[:0])
			for _, c2 := range tails {
				cm := pair.and(excl[c2])
				lo, mid, hi := sort3(c0, c1, c2)
				key := (int(lo)*nc+int(mid))*nc + int(hi)
				if tried[key/64]>>(key%64)&1 != 0 {
					continue
				}
				tried[key/64] |= 1 << (key % 64)
				common = cm.appendTo(common[:0])
				var allowed [degree]uint64
				m0, m1, m2 := b.cand[c0], b.cand[c1], b.cand[c2]
				s01, s02, s12 := b.sees(int(c0), int(c1)), b.sees(int(c0), int(c2)), b.sees(int(c1), int(c2))
				var used uint64
				var pairs [16]uint64
				for _, e := range common {
					m := b.cand[e]
					used |= m
					if popcount(m) == 2 {
						lo := m & -m
						pairs[bits.TrailingZeros64(lo)] |= m &^ lo
						pairs[bits.TrailingZeros64(m&^lo)] |= lo
					}
				}
				if freeFor(m0, m1, m2, s01, s02, s12, used, &pairs) &&
					freeFor(m1, m0, m2, s01, s12, s02, used, &pairs) &&
					freeFor(m2, m0, m1, s02, s12, s01, used, &pairs) {
					continue
				}
			combos:
				for x := m0; x != 0; x &= x - 1 {
					d0 := uint64(1) << bits.TrailingZeros64(x)
					for y := m1; y != 0; y &= y - 1 {
						d1 := uint64(1) << bits.TrailingZeros64(y)
						if d0 == d1 && s01 {
							continue
						}
						for z := m2; z != 0; z &= z - 1 {
							d2 := uint64(1) << bits.TrailingZeros64(z)
							if d0 == d2 && s02 || d1 == d2 && s12 {
								continue
							}
							if allowed[0]&d0 != 0 && allowed[1]&d1 != 0 && allowed[2]&d2 != 0 {
								// allows nothing new
								continue
							}
							u := d0 | d1 | d2
							ok := true
							for _, e := range common {
								if b.cand[e]&^u == 0 {
									ok = false
									break
								}
							}
							if ok {
								allowed[0] |= d0
								allowed[1] |= d1
								allowed[2] |= d2
								if allowed == [degree]uint64{m0, m1, m2} {
									// every digit is allowed: nothing goes
									break combos
								}
							}
						}
					}
				}
				var es []elim
				for i, c := range [degree]int32{c0, c1, c2} {
					for x := b.cand[c] &^ allowed[i]; x != 0; x &= x - 1 {
						es = append(es, elim{c, int32(bits.TrailingZeros64(x) + 1)})
					}
				}
				if len(es) > 0 {
					hc := append([]int32{c0, c1, c2}, common...)
					return hint{tech: AlignedTripleExclusion, score: techBase[AlignedTripleExclusion], cells: hc, place: -1, elims: es, unit: -1}, true
				}
			}
		}
	}
	return hint{}, false
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
