package rate

import (
	"math/bits"
	"slices"
)

// next finds the easiest deduction available, trying the techniques in
// Sudoku Explainer's order.
func (s *solver) next() (hint, bool) {
	if h, ok := s.directStep(); ok {
		return h, true
	}
	return s.middle()
}

// middle is next past the direct techniques: the finders from naked pairs
// up, then the chains.
func (s *solver) middle() (hint, bool) {
	rest := s.restScore()
	finders := middleFinders
	greedy := s.below > rest && s.b.n <= 9
	if greedy {
		if s.ch == nil {
			s.ch = newChainer(s.b.geom)
		}
		finders = greedyFinders
	}
	for i, f := range finders {
		if s.outOfReach(finders[i:], rest) {
			return hint{}, false
		}
		if h, ok := f.find(s); ok && s.fits(h) {
			return h, true
		}
	}
	return s.chainStep(rest, greedy)
}

// directStep tries the techniques that score below 3.0, in order: the
// singles, the direct techniques and locked candidates.
func (s *solver) directStep() (hint, bool) {
	if h, ok := s.singles(); ok && s.fits(h) {
		return h, true
	}
	if h, ok := s.locking(true); ok && s.fits(h) {
		return h, true
	}
	if h, ok := s.hiddenSet(2, true); ok && s.fits(h) {
		return h, true
	}
	if h, ok := s.nakedSingle(); ok && s.fits(h) {
		return h, true
	}
	if h, ok := s.hiddenSet(3, true); ok && s.fits(h) {
		return h, true
	}
	if h, ok := s.locking(false); ok && s.fits(h) {
		return h, true
	}
	return hint{}, false
}

// finder is a technique of the middle range, from naked pairs up, with
// the lowest score it gives, in tenths.
type finder struct {
	min  int
	find func(s *solver) (hint, bool)
}

// middleFinders lists the techniques from naked pairs to chains of six
// strong links in the order next tries them.
var middleFinders = []finder{
	{30, func(s *solver) (hint, bool) { return s.nakedSet(2) }},
	{32, func(s *solver) (hint, bool) { return s.fish(2) }},
	{34, func(s *solver) (hint, bool) { return s.hiddenSet(2, false) }},
	{36, func(s *solver) (hint, bool) { return s.nakedSet(3) }},
	{38, func(s *solver) (hint, bool) { return s.fish(3) }},
	{40, func(s *solver) (hint, bool) { return s.hiddenSet(3, false) }},
	{40, func(s *solver) (hint, bool) { return s.strongLinks(2) }},
	{42, (*solver).xyWing},
	{44, (*solver).xyzWing},
	{45, (*solver).uniqueLoops},
	{50, func(s *solver) (hint, bool) { return s.nakedSet(4) }},
	{52, func(s *solver) (hint, bool) { return s.fish(4) }},
	{54, func(s *solver) (hint, bool) { return s.hiddenSet(4, false) }},
	{54, func(s *solver) (hint, bool) { return s.strongLinks(3) }},
	{55, func(s *solver) (hint, bool) { return s.alsWing(3) }},
	{56, (*solver).bug},
	{58, func(s *solver) (hint, bool) { return s.strongLinks(4) }},
	{62, func(s *solver) (hint, bool) { return s.alsWing(4) }},
	{62, (*solver).alignedPairs},
	{62, func(s *solver) (hint, bool) { return s.strongLinks(5) }},
	{66, func(s *solver) (hint, bool) { return s.strongLinks(6) }},
}

// greedyFinders is middleFinders for Below's greedy pass on grids up to
// 9x9, with one pass of chains right after the pair fish. Below need not
// find the easiest step, and one pass of chains, applied all at once,
// costs less than walking the finders from triples up after every step:
// most of what they find, the chains find too.
var greedyFinders = slices.Insert(slices.Clone(middleFinders), 3,
	finder{techBase[XCycle], func(s *solver) (hint, bool) { return s.ch.greedyChains(s) }})

// restScore is the lowest score of whatever comes after the finders:
// chains, or trial and error on large grids.
func (s *solver) restScore() int {
	if s.b.n > 9 {
		return techBase[TrialAndError]
	}
	return techBase[XCycle]
}

// outOfReach reports whether the search can stop before the finders left,
// since every technique from them on scores more than MaxScore (then
// tooHard gets that lower bound) or, for Below, not less than below.
func (s *solver) outOfReach(left []finder, rest int) bool {
	if s.maxScore <= 0 && s.below <= 0 {
		return false
	}
	low := rest
	for _, f := range left {
		low = min(low, f.min)
	}
	if s.maxScore > 0 && low > s.maxScore {
		s.tooHard = low
		return true
	}
	return s.below > 0 && low >= s.below
}

// chainStep is what next tries once the finders found nothing: the
// chains, easiest first, or for Below's greedy pass the forcing chains.
// Large grids have none: trial and error is left.
func (s *solver) chainStep(rest int, greedy bool) (hint, bool) {
	if s.maxScore > 0 && rest > s.maxScore {
		s.tooHard = rest
		return hint{}, false
	}
	if s.b.n > 9 || s.below > 0 && rest >= s.below {
		return hint{}, false
	}
	if s.ch == nil {
		s.ch = newChainer(s.b.geom)
	}
	if greedy {
		return s.ch.greedyForcing(s)
	}
	return s.ch.best(s)
}

// fits reports whether h may be used: with below set, only when it scores
// less.
func (s *solver) fits(h hint) bool {
	return s.below == 0 || h.score < s.below
}

// scanUnits lists the units in Sudoku Explainer's scanning order: boxes,
// then columns, then rows.
func (g *geom) scanUnits() []int {
	out := make([]int, 0, 3*g.n)
	for _, t := range [3]int{boxUnit, colUnit, rowUnit} {
		for i := 0; i < g.n; i++ {
			out = append(out, t*g.n+i)
		}
	}
	return out
}

func placeHint(t Technique, c int, d int, unit int) hint {
	return hint{tech: t, score: techBase[t], place: int32(c), digit: d, unit: unit, cells: []int32{int32(c)}}
}

// singles finds a full house, then a hidden single in a box, a row or a
// column, in that order.
func (s *solver) singles() (hint, bool) {
	b := &s.b
	order := b.scan
	for _, u := range order {
		empty := -1
		k := 0
		for _, c := range b.units[u] {
			if b.val[c] == 0 {
				empty = int(c)
				k++
			}
		}
		if k == 1 {
			if m := b.cand[empty]; m != 0 && m&(m-1) == 0 {
				return placeHint(FullHouse, empty, lowDigit(m), u), true
			}
		}
	}
	for _, u := range order {
		cells := b.units[u]
		var once, twice uint64
		for _, c := range cells {
			m := b.cand[c]
			twice |= once & m
			once |= m
		}
		single := once &^ twice
		if single == 0 {
			continue
		}
		d := lowDigit(single)
		for _, c := range cells {
			if b.has(int(c), d) {
				t := HiddenSingleLine
				if u < b.n {
					t = HiddenSingleBox
				}
				return placeHint(t, int(c), d, u), true
			}
		}
	}
	return hint{}, false
}

func (s *solver) nakedSingle() (hint, bool) {
	b := &s.b
	for c, m := range b.cand {
		if b.val[c] == 0 && m != 0 && m&(m-1) == 0 {
			return placeHint(NakedSingle, c, lowDigit(m), -1), true
		}
	}
	return hint{}, false
}

// directLock reports whether locking digit d of unit u1 into unit u2
// leaves a hidden single in another unit of u1's type that crosses u2.
func (s *solver) directLock(u1, u2, d int) bool {
	b := &s.b
	n := b.n
	bit := uint64(1) << (d - 1)
	t := u1 / n
	for u3 := t * n; u3 < (t+1)*n; u3++ {
		if u3 == u1 {
			continue
		}
		total, outside, crosses := 0, 0, false
		for _, c := range b.units[u3] {
			in2 := b.cellUnit[c][u2/n] == int32(u2)
			if in2 {
				crosses = true
			}
			if b.cand[c]&bit == 0 {
				continue
			}
			total++
			if !in2 {
				outside++
			}
		}
		if crosses && total > 1 && outside == 1 {
			return true
		}
	}
	return false
}

// locking finds pointing (a box's candidates for a digit confined to one
// line) and claiming (a line's candidates confined to one box). In direct
// mode it only reports those that leave a hidden single.
func (s *solver) locking(direct bool) (hint, bool) {
	b := &s.b
	n := b.n
	for _, pair := range [4][2]int{{boxUnit, colUnit}, {boxUnit, rowUnit}, {colUnit, boxUnit}, {rowUnit, boxUnit}} {
		t1, t2 := pair[0], pair[1]
		for d := 1; d <= n; d++ {
			bit := uint64(1) << (d - 1)
			for i := 0; i < n; i++ {
				u := t1*n + i
				// the digit's places in u, all in one unit v of type t2?
				m := s.places(u, d)
				if m&(m-1) == 0 {
					continue
				}
				var x crossing
				for _, y := range b.cross[u][t2] {
					if m&^y.inU == 0 {
						x = y
						break
					}
				}
				if x.inU == 0 {
					continue
				}
				v := x.v
				rest := s.places(int(v), d) &^ x.inV
				if rest == 0 {
					continue
				}
				es := make([]elim, 0, popcount(rest))
				for ; rest != 0; rest &= rest - 1 {
					es = append(es, elim{b.units[v][bits.TrailingZeros64(rest)], int32(d)})
				}
				isBox := t1 == boxUnit
				var tech Technique
				switch {
				case direct && isBox:
					tech = DirectPointing
				case direct:
					tech = DirectClaiming
				case isBox:
					tech = Pointing
				default:
					tech = Claiming
				}
				if direct && !s.directLock(u, int(v), d) {
					continue
				}
				cells := make([]int32, 0, popcount(m))
				for ; m != 0; m &= m - 1 {
					cells = append(cells, b.units[u][bits.TrailingZeros64(m)])
				}
				return hint{tech: tech, score: techBase[tech], cells: cells, place: -1, elims: es, unit: u, digits: bit}, true
			}
		}
	}
	return hint{}, false
}

// combos calls f with every k-subset of items (by index) until f returns
// true.
func combos(m, k int, f func(idx []int) bool) bool {
	idx := make([]int, k)
	var rec func(start, depth int) bool
	rec = func(start, depth int) bool {
		if depth == k {
			return f(idx)
		}
		for i := start; i <= m-(k-depth); i++ {
			idx[depth] = i
			if rec(i+1, depth+1) {
				return true
			}
		}
		return false
	}
	return rec(0, 0)
}

var nakedTech = [5]Technique{2: NakedPair, 3: NakedTriple, 4: NakedQuad}
var hiddenTech = [5]Technique{2: HiddenPair, 3: HiddenTriple, 4: HiddenQuad}
var fishTech = [5]Technique{2: XWing, 3: Swordfish, 4: Jellyfish}

// nakedSet finds k cells of a unit holding only k digits between them.
func (s *solver) nakedSet(k int) (hint, bool) {
	b := &s.b
	var out hint
	found := false
	cand := make([]int32, 0, b.n)
	for _, u := range b.scan {
		cells := b.units[u]
		cand = cand[:0]
		empty := 0
		for _, c := range cells {
			if b.val[c] == 0 {
				empty++
				if p := popcount(b.cand[c]); p >= 2 && p <= k {
					cand = append(cand, c)
				}
			}
		}
		if len(cand) < k || empty < 2*k {
			continue
		}
		found = combos(len(cand), k, func(idx []int) bool {
			var m uint64
			for _, i := range idx {
				m |= b.cand[cand[i]]
			}
			if popcount(m) != k {
				return false
			}
			var es []elim
			for _, c := range cells {
				if b.cand[c]&m == 0 {
					continue
				}
				in := false
				for _, i := range idx {
					if cand[i] == c {
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
			if len(es) == 0 {
				return false
			}
			set := make([]int32, k)
			for j, i := range idx {
				set[j] = cand[i]
			}
			out = hint{tech: nakedTech[k], score: techBase[nakedTech[k]], cells: set, place: -1, elims: es, unit: u, digits: m}
			return true
		})
		if found {
			return out, true
		}
	}
	return hint{}, false
}

// hiddenSet finds k digits of a unit confined to k cells. In direct mode
// (pairs and triples) it only reports sets whose eliminations leave a
// hidden single in the unit.
func (s *solver) hiddenSet(k int, direct bool) (hint, bool) {
	b := &s.b
	var out hint
	digits, pos := make([]int, 0, b.n), make([]uint64, 0, b.n)
	for _, u := range b.scan {
		cells := b.units[u]
		digits, pos = digits[:0], pos[:0]
		empty := 0
		for _, c := range cells {
			if b.val[c] == 0 {
				empty++
			}
		}
		if empty <= k || !direct && empty <= 2*k {
			continue
		}
		for d := 1; d <= b.n; d++ {
			p := s.places(u, d)
			if c := popcount(p); c >= 2 && c <= k {
				digits = append(digits, d)
				pos = append(pos, p)
			}
		}
		if len(digits) < k {
			continue
		}
		found := combos(len(digits), k, func(idx []int) bool {
			var m uint64
			var dm uint64
			for _, i := range idx {
				m |= pos[i]
				dm |= 1 << (digits[i] - 1)
			}
			if popcount(m) != k {
				return false
			}
			var es []elim
			var setCells []int32
			for x := m; x != 0; x &= x - 1 {
				c := cells[bits.TrailingZeros64(x)]
				setCells = append(setCells, c)
				for y := b.cand[c] &^ dm; y != 0; y &= y - 1 {
					es = append(es, elim{c, int32(bits.TrailingZeros64(y) + 1)})
				}
			}
			if len(es) == 0 {
				return false
			}
			tech := hiddenTech[k]
			if direct {
				// does another digit of the unit become a hidden single?
				ok := false
				for d := 1; d <= b.n && !ok; d++ {
					if dm>>(d-1)&1 != 0 {
						continue
					}
					p := s.places(u, d)
					if popcount(p) >= 2 && popcount(p&^m) == 1 {
						ok = true
					}
				}
				if !ok {
					return false
				}
				tech = DirectHiddenPair
				if k == 3 {
					tech = DirectHiddenTriple
				}
			}
			out = hint{tech: tech, score: techBase[tech], cells: setCells, place: -1, elims: es, unit: u, digits: dm}
			return true
		})
		if found {
			return out, true
		}
	}
	return hint{}, false
}

// fish finds X-wings, swordfish and jellyfish: a digit whose candidates in
// k rows lie in k columns (or the other way round).
func (s *solver) fish(k int) (hint, bool) {
	b := &s.b
	n := b.n
	var out hint
	lines, masks := make([]int, 0, n), make([]uint64, 0, n)
	for pass := 0; pass < 2; pass++ {
		base, cover := rowUnit, colUnit
		if pass == 1 {
			base, cover = colUnit, rowUnit
		}
		for d := 1; d <= n; d++ {
			lines, masks = lines[:0], masks[:0]
			for i := 0; i < n; i++ {
				p := s.places(base*n+i, d)
				if c := popcount(p); c >= 2 && c <= k {
					lines = append(lines, i)
					masks = append(masks, p)
				}
			}
			if len(lines) < k {
				continue
			}
			found := combos(len(lines), k, func(idx []int) bool {
				var m uint64
				for _, i := range idx {
					m |= masks[i]
				}
				if popcount(m) != k {
					return false
				}
				var es []elim
				var fc []int32
				for x := m; x != 0; x &= x - 1 {
					j := bits.TrailingZeros64(x)
					for li, c := range b.units[cover*n+j] {
						if !b.has(int(c), d) {
							continue
						}
						inBase := false
						for _, i := range idx {
							if lines[i] == li {
								inBase = true
							}
						}
						if inBase {
							fc = append(fc, c)
						} else {
							es = append(es, elim{c, int32(d)})
						}
					}
				}
				if len(es) == 0 {
					return false
				}
				out = hint{tech: fishTech[k], score: techBase[fishTech[k]], cells: fc, place: -1, elims: es, unit: -1, digits: 1 << (d - 1)}
				return true
			})
			if found {
				return out, true
			}
		}
	}
	return hint{}, false
}

// xyWing finds a bivalue pivot {x,y} seeing pincers {x,z} and {y,z}: z goes
// from every cell that sees both pincers.
func (s *solver) xyWing() (hint, bool) { return s.wing(false) }

// xyzWing is the XY-wing with pivot {x,y,z}: z goes from cells that see
// the pivot and both pincers.
func (s *solver) xyzWing() (hint, bool) { return s.wing(true) }

func (s *solver) wing(xyz bool) (hint, bool) {
	b := &s.b
	want, tech := 2, XYWing
	if xyz {
		want, tech = 3, XYZWing
	}
	for p := range b.cand {
		pm := b.cand[p]
		if b.val[p] != 0 || popcount(pm) != want {
			continue
		}
		peers := b.peers[p]
		for i, a := range peers {
			if !isPincer(pm, b.cand[a], xyz) {
				continue
			}
			for _, c := range peers[i+1:] {
				z, ok := wingDigit(pm, b.cand[a], b.cand[c], xyz)
				if !ok {
					continue
				}
				if es := s.wingElims(p, int(a), int(c), z, xyz); len(es) > 0 {
					return hint{tech: tech, score: techBase[tech], cells: []int32{int32(p), a, c}, place: -1, elims: es, unit: -1}, true
				}
			}
		}
	}
	return hint{}, false
}

// isPincer reports whether a bivalue cell with candidates am can be a
// pincer of a pivot with candidates pm: it shares one digit with an
// XY-wing's pivot, and both with an XYZ-wing's.
func isPincer(pm, am uint64, xyz bool) bool {
	if popcount(am) != 2 {
		return false
	}
	if xyz {
		return am&pm == am
	}
	return popcount(am&pm) == 1
}

// wingDigit returns the digit z (as a bit) of the wing made by the pivot
// pm and the pincers am and cm, if they make one.
func wingDigit(pm, am, cm uint64, xyz bool) (uint64, bool) {
	if popcount(cm) != 2 || cm == am {
		return 0, false
	}
	var z uint64
	if xyz {
		if cm&pm != cm || am|cm != pm {
			return 0, false
		}
		z = am & cm
	} else {
		z = am & cm &^ pm
		if popcount(z) != 1 || am|cm != pm|z || am&pm == cm&pm {
			return 0, false
		}
	}
	return z, popcount(z) == 1
}

// wingElims lists the candidates z of the cells that see both pincers a
// and c (and, for the XYZ-wing, the pivot p).
func (s *solver) wingElims(p, a, c int, z uint64, xyz bool) []elim {
	b := &s.b
	d := lowDigit(z)
	var es []elim
	for _, e := range b.peers[a] {
		if int(e) == c || int(e) == p || b.cand[e]&z == 0 || !b.sees(int(e), c) {
			continue
		}
		if xyz && !b.sees(int(e), p) {
			continue
		}
		es = append(es, elim{e, int32(d)})
	}
	return es
}
