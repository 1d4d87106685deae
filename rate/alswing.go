package rate

import "math/bits"

// alsWing finds the WXYZ-wing (k = 3) and the VWXYZ-wing (k = 4) of
// Sudoku Explainer 1.2.1.3 and later: k cells that all see each other and
// hold k+1 digits between them (an almost locked set), and a bivalue cell
// {x,z} outside it such that every set cell holding x sees it. Then x is
// in the bivalue cell or in the set, so z is too: z goes from every cell
// that sees the bivalue cell and every set cell holding z. When z also
// links the two, both x and z are locked and more goes.
func (s *solver) alsWing(k int) (hint, bool) {
	b := &s.b
	if b.n > 9 {
		return hint{}, false
	}
	tech := WXYZWing
	if k == 4 {
		tech = VWXYZWing
	}
	base := techBase[tech]
	sd := (k + 3) / 2
	var best hint
	bestElims := 0
	found := false
	set := make([]int32, 0, k)
	var bivalue []int32
	var open cellSet     // the cells with two candidates or more
	var holds [9]cellSet // by digit - 1
	for c, m := range b.cand {
		if b.val[c] != 0 {
			continue
		}
		if popcount(m) == 2 {
			bivalue = append(bivalue, int32(c))
		}
		if popcount(m) >= 2 {
			open.add(c)
		}
		for x := m; x != 0; x &= x - 1 {
			holds[bits.TrailingZeros64(x)].add(c)
		}
	}
	var inSet cellSet
	// seesAll returns the cells that see every cell of the set holding d;
	// a full set asks for the same digits again and again, so the answers
	// are kept until the set changes (known says which digits).
	var memo [64]cellSet
	var known uint64
	seesAll := func(d int) cellSet {
		if known>>(d-1)&1 != 0 {
			return memo[d-1]
		}
		all := cellSet{^uint64(0), ^uint64(0)}
		for _, c := range set {
			if holds[d-1].has(int(c)) {
				all = all.and(b.peerSet[c])
			}
		}
		memo[d-1], known = all, known|1<<(d-1)
		return all
	}
	budget := 200000
	var rec func(start int, union uint64, big int, seen cellSet)
	rec = func(start int, union uint64, big int, seen cellSet) {
		if budget <= 0 {
			return
		}
		budget--
		if len(set) == k {
			if popcount(union) != k+1 {
				return
			}
			sc := base + (k + 1 - sd - abs(sd-big))
			if found && sc > best.score {
				return
			}
			known = 0
			for _, yz := range bivalue {
				ym := b.cand[yz]
				if ym&union != ym || inSet.has(int(yz)) {
					continue
				}
				d1 := lowDigit(ym)
				d2 := lowDigit(ym &^ (1 << (d1 - 1)))
				r1 := seesAll(d1).has(int(yz))
				r2 := seesAll(d2).has(int(yz))
				if !r1 && !r2 {
					continue
				}
				var es []elim
				add := func(d int, withYZ bool) {
					targets := holds[d-1].and(seesAll(d)).andNot(inSet)
					targets.remove(int(yz))
					if withYZ {
						targets = targets.and(b.peerSet[yz])
					}
					for w := 0; w < 2; w++ {
						for m := targets[w]; m != 0; m &= m - 1 {
							es = appendElim(es, elim{int32(w*64 + bits.TrailingZeros64(m)), int32(d)})
						}
					}
				}
				switch {
				case r1 && r2:
					add(d1, true)
					add(d2, true)
					for w := union &^ ym; w != 0; w &= w - 1 {
						add(bits.TrailingZeros64(w)+1, false)
					}
				case r1:
					add(d2, true)
				default:
					add(d1, true)
				}
				if len(es) == 0 {
					continue
				}
				if !found || sc < best.score || sc == best.score && len(es) > bestElims {
					found, bestElims = true, len(es)
					cells := append(append([]int32(nil), set...), yz)
					best = hint{tech: tech, score: sc, cells: cells, place: -1, elims: es, unit: -1}
				}
			}
			return
		}
		// the next cell of the set sees every cell in it
		next := open.and(seen)
		for w := start / 64; w < 2; w++ {
			m := next[w]
			if w == start/64 {
				m &^= 1<<(start%64) - 1
			}
			for ; m != 0; m &= m - 1 {
				c := w*64 + bits.TrailingZeros64(m)
				cm := b.cand[c]
				if popcount(union|cm) > k+1 {
					continue
				}
				set = append(set, int32(c))
				inSet.add(c)
				rec(c+1, union|cm, max(big, popcount(cm)), seen.and(b.peerSet[c]))
				inSet.remove(c)
				set = set[:len(set)-1]
				if budget <= 0 {
					// every later call would return at once
					return
				}
			}
		}
	}
	rec(0, 0, 0, cellSet{^uint64(0), ^uint64(0)})
	return best, found
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
