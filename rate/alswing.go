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
	a := alsSearch{b: b, k: k, tech: tech, base: techBase[tech], sd: (k + 3) / 2, set: make([]int32, 0, k), budget: 200000}
	a.collectCells()
	a.extend(0, 0, 0, cellSet{^uint64(0), ^uint64(0)})
	return a.best, a.found
}

// alsSearch is one search for WXYZ- or VWXYZ-wings: the almost locked set
// built so far and the best wing found. The search stops after budget
// calls of extend.
type alsSearch struct {
	b         *board
	k         int // cells in the set
	tech      Technique
	base, sd  int // the base score; the size of the set's largest cell that scores most
	set       []int32
	inSet     cellSet
	bivalue   []int32
	open      cellSet    // the cells with two candidates or more
	holds     [9]cellSet // by digit - 1
	memo      [9]cellSet // seesAll's answers, by digit - 1
	known     uint64     // the digits memo holds, a bit each
	budget    int
	best      hint
	bestElims int
	found     bool
}

// collectCells fills bivalue, open and holds.
func (a *alsSearch) collectCells() {
	b := a.b
	for c, m := range b.cand {
		if b.val[c] != 0 {
			continue
		}
		if popcount(m) == 2 {
			a.bivalue = append(a.bivalue, int32(c))
		}
		if popcount(m) >= 2 {
			a.open.add(c)
		}
		for x := m; x != 0; x &= x - 1 {
			a.holds[bits.TrailingZeros64(x)].add(c)
		}
	}
}

// seesAll returns the cells that see every cell of the set holding d; a
// full set asks for the same digits again and again, so the answers are
// kept until the set changes (known says which digits).
func (a *alsSearch) seesAll(d int) cellSet {
	if a.known>>(d-1)&1 != 0 {
		return a.memo[d-1]
	}
	all := cellSet{^uint64(0), ^uint64(0)}
	for _, c := range a.set {
		if a.holds[d-1].has(int(c)) {
			all = all.and(a.b.peerSet[c])
		}
	}
	a.memo[d-1], a.known = all, a.known|1<<(d-1)
	return all
}

// extend grows the set by cells from start on that see every cell in it
// (seen) and keep the set's digits (union) to k+1; big is the most
// candidates of a cell in the set. A full set is tried with every
// bivalue cell.
func (a *alsSearch) extend(start int, union uint64, big int, seen cellSet) {
	if a.budget <= 0 {
		return
	}
	a.budget--
	if len(a.set) == a.k {
		a.wings(union, big)
		return
	}
	b := a.b
	next := a.open.and(seen)
	for w := start / 64; w < 2; w++ {
		m := next[w]
		if w == start/64 {
			m &^= 1<<(start%64) - 1
		}
		for ; m != 0; m &= m - 1 {
			c := w*64 + bits.TrailingZeros64(m)
			cm := b.cand[c]
			if popcount(union|cm) > a.k+1 {
				continue
			}
			a.set = append(a.set, int32(c))
			a.inSet.add(c)
			a.extend(c+1, union|cm, max(big, popcount(cm)), seen.and(b.peerSet[c]))
			a.inSet.remove(c)
			a.set = a.set[:len(a.set)-1]
			if a.budget <= 0 {
				// every later call would return at once
				return
			}
		}
	}
}

// wings tries the full set, holding the digits union, with every bivalue
// cell, and keeps the wing of the lowest score that removes the most.
func (a *alsSearch) wings(union uint64, big int) {
	if popcount(union) != a.k+1 {
		return
	}
	sc := a.base + (a.k + 1 - a.sd - abs(a.sd-big))
	if a.found && sc > a.best.score {
		return
	}
	a.known = 0
	for _, yz := range a.bivalue {
		es := a.wingElims(yz, union)
		if len(es) == 0 {
			continue
		}
		if !a.found || sc < a.best.score || sc == a.best.score && len(es) > a.bestElims {
			a.found, a.bestElims = true, len(es)
			cells := append(append([]int32(nil), a.set...), yz)
			a.best = hint{tech: a.tech, score: sc, cells: cells, place: -1, elims: es, unit: -1}
		}
	}
}

// wingElims lists what the wing of the set and the bivalue cell yz
// removes, if they make one: yz's digits must be among the set's (union)
// and one of them, x, must have every set cell holding it see yz. Then the
// other digit z goes from the cells that see yz and every set cell holding
// z; when both digits link yz to the set, both go, and so does every other
// digit of the set from the cells that see all the set's cells holding it.
func (a *alsSearch) wingElims(yz int32, union uint64) []elim {
	ym := a.b.cand[yz]
	if ym&union != ym || a.inSet.has(int(yz)) {
		return nil
	}
	d1 := lowDigit(ym)
	d2 := lowDigit(ym &^ (1 << (d1 - 1)))
	r1 := a.seesAll(d1).has(int(yz))
	r2 := a.seesAll(d2).has(int(yz))
	var es []elim
	switch {
	case r1 && r2:
		es = a.targets(es, d1, yz, true)
		es = a.targets(es, d2, yz, true)
		for w := union &^ ym; w != 0; w &= w - 1 {
			es = a.targets(es, bits.TrailingZeros64(w)+1, yz, false)
		}
	case r1:
		es = a.targets(es, d2, yz, true)
	case r2:
		es = a.targets(es, d1, yz, true)
	}
	return es
}

// targets appends to es the candidates d of the cells outside the set
// that see every set cell holding d, and yz too when withYZ is set.
func (a *alsSearch) targets(es []elim, d int, yz int32, withYZ bool) []elim {
	targets := a.holds[d-1].and(a.seesAll(d)).andNot(a.inSet)
	targets.remove(int(yz))
	if withYZ {
		targets = targets.and(a.b.peerSet[yz])
	}
	for w := 0; w < 2; w++ {
		for m := targets[w]; m != 0; m &= m - 1 {
			es = appendElim(es, elim{int32(w*64 + bits.TrailingZeros64(m)), int32(d)})
		}
	}
	return es
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
