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
	for c, m := range b.cand {
		if b.val[c] == 0 && popcount(m) == 2 {
			bivalue = append(bivalue, int32(c))
		}
	}
	seesAll := func(p int32, cs []int32, d int) bool {
		for _, c := range cs {
			if d > 0 && !b.has(int(c), d) {
				continue
			}
			if c == p || !b.sees(int(p), int(c)) {
				return false
			}
		}
		return true
	}
	budget := 200000
	var rec func(start int, union uint64, big int)
	rec = func(start int, union uint64, big int) {
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
			for _, yz := range bivalue {
				ym := b.cand[yz]
				if ym&union != ym || inList(set, yz) {
					continue
				}
				d1 := lowDigit(ym)
				d2 := lowDigit(ym &^ (1 << (d1 - 1)))
				r1 := seesAll(yz, set, d1)
				r2 := seesAll(yz, set, d2)
				if !r1 && !r2 {
					continue
				}
				var es []elim
				add := func(d int, withYZ bool) {
					for p := 0; p < b.nc; p++ {
						q := int32(p)
						if !b.has(p, d) || q == yz || inList(set, q) {
							continue
						}
						if withYZ && !b.sees(p, int(yz)) {
							continue
						}
						if seesAll(q, set, d) {
							es = appendElim(es, elim{q, int32(d)})
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
		for c := start; c < b.nc; c++ {
			m := b.cand[c]
			if b.val[c] != 0 || popcount(m) < 2 || popcount(union|m) > k+1 {
				continue
			}
			ok := true
			for _, q := range set {
				if !b.sees(c, int(q)) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			set = append(set, int32(c))
			rec(c+1, union|m, max(big, popcount(m)))
			set = set[:len(set)-1]
		}
	}
	rec(0, 0, 0)
	return best, found
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
