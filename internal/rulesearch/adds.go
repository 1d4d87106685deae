package rulesearch

import (
	"math/bits"

	"github.com/sudokugen/sudokugen/grid"
)

// # Additions and digits on their bounds
//
// The sums of the kinds (arrows, little killers, region sum lines...)
// are chains of additions z = x + y over integers in the order encoding
// (grid.Addition), over the digits of cells in the order encoding
// (grid.Ladder), and most of their clauses are those: two for each value
// of x and each of y, five for each digit of each cell. Unit propagation
// on an addition's clauses keeps each of the three integers within the
// bounds that the other two allow, and nothing more; on a digit's, it
// makes its literals say the cell's least and greatest digits, and takes
// from the cell the digits they rule out. The search does that on the
// bounds themselves and leaves those clauses out of its table: each
// time a literal of an addition changes, the addition reads the six
// bounds and sets the literals that its clauses would set, and each time
// a cell's least or greatest digit or one of its digit's literals
// changes, the two are made to agree.
//
// Each literal set and each digit removed is the unit of one of those
// clauses (or of one the chains give, where the encoding leaves a clause
// out), so the search removes what unit propagation removes and its
// proofs are unchanged; the tests hold the two to the same candidates
// and conflicts (TestPropagationIsUnitPropagation, on random instances
// of every kind). On the 200 generated region sum line puzzles of
// .ci/bench.sh iss, the watched clauses the search looked at went from
// 29.2 million to 9.1 million.

// addition is a grid.Addition in the search's terms.
type addition struct {
	x, y, z ord
	sat     bool
	cells   []int32 // blamed for its conflicts (see Search.weight)
}

// ord is a grid.OrdLits: lits[i] is "at least vals[i]", lits[0] unused.
type ord struct {
	vals []int32
	lits []olit
	step bool // the values are one apart
}

// newAdditions returns l's additions and ladders, and which of l's
// clauses they state.
func newAdditions(t *clauseTable, l *grid.Lowered) (adds []addition, ladders []ladder, skip []bool) {
	skip = make([]bool, len(l.Clauses))
	for _, a := range l.Adds {
		for k := a.From; k < a.To; k++ {
			skip[k] = true
		}
		adds = append(adds, addition{x: t.ord(a.X), y: t.ord(a.Y), z: t.ord(a.Z), sat: a.Saturate, cells: a.Cells})
	}
	for _, d := range l.Ladders {
		for k := d.From; k < d.To; k++ {
			skip[k] = true
		}
		r := ladder{cell: d.Cell, lits: make([]olit, len(d.Lits))}
		for v := 2; v < len(d.Lits); v++ {
			r.lits[v] = t.decode(d.Lits[v])
		}
		ladders = append(ladders, r)
	}
	return adds, ladders, skip
}

// ord decodes o.
func (t *clauseTable) ord(o grid.OrdLits) ord {
	r := ord{vals: make([]int32, len(o.Vals)), lits: make([]olit, len(o.Vals))}
	r.step = true
	for i, v := range o.Vals {
		r.vals[i] = int32(v)
		r.step = r.step && (i == 0 || v == o.Vals[i-1]+1)
		if i > 0 {
			r.lits[i] = t.decode(o.Lits[i])
		}
	}
	return r
}

// low returns the index of the least value of o that its literals
// allow: that of a literal that is true, the greatest when they are
// set in order, or 0.
func (s *Search) low(o *ord) int {
	lo, hi := 0, len(o.vals)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if s.auxValue(o.lits[mid]) == 1 {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// high returns the index of the greatest value of o that its literals
// allow: the one before a literal that is false, the least when they are
// set in order, or the last.
func (s *Search) high(o *ord) int {
	lo, hi := 1, len(o.vals)
	for lo < hi {
		mid := (lo + hi) / 2
		if s.auxValue(o.lits[mid]) == -1 {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return hi - 1
}

// auxValue is value for the literal of an auxiliary variable.
func (s *Search) auxValue(l olit) int8 {
	v := s.clauses.aux[l.at]
	if l.neg {
		return -v
	}
	return v
}

// atLeast makes o, now at least now, at least v; false on a conflict.
func (s *Search) atLeast(cand []uint64, o *ord, now, v int32) bool {
	if v <= now {
		return true
	}
	if v > o.vals[len(o.vals)-1] {
		return false
	}
	i := o.index(v)
	if o.vals[i] < v {
		i++ // the least value at least v
	}
	return s.setLit(cand, o.lits[i])
}

// atMost makes o, now at most now, at most v; false on a conflict.
func (s *Search) atMost(cand []uint64, o *ord, now, v int32) bool {
	if v >= now {
		return true
	}
	if v < o.vals[0] {
		return false
	}
	i := o.index(v) // the greatest value at most v
	l := o.lits[i+1]
	l.neg = !l.neg
	return s.setLit(cand, l)
}

// index returns the index of the greatest value of o at most v, which is
// at least o's least and below its greatest.
func (o *ord) index(v int32) int {
	if o.step {
		return int(v - o.vals[0])
	}
	lo, hi := 0, len(o.vals)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if o.vals[mid] <= v {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// setLit makes literal l true unless it is; false when it is false.
func (s *Search) setLit(cand []uint64, l olit) bool {
	switch s.auxValue(l) {
	case 1:
		return true
	case -1:
		return false
	}
	return s.makeTrue(cand, l)
}

// add propagates addition k on its bounds (see above); false on a
// conflict.
func (s *Search) add(cand []uint64, k int32) bool {
	a := &s.adds[k]
	if !s.bounds(cand, a) {
		for _, c := range a.cells {
			s.weight[c]++
		}
		return false
	}
	return true
}

// bounds is add on addition a.
func (s *Search) bounds(cand []uint64, a *addition) bool {
	x, y, z := &a.x, &a.y, &a.z
	xl, xh := x.vals[s.low(x)], x.vals[s.high(x)]
	yl, yh := y.vals[s.low(y)], y.vals[s.high(y)]
	zl, zh := z.vals[s.low(z)], z.vals[s.high(z)]
	top := z.vals[len(z.vals)-1]
	least := xl + yl
	if a.sat {
		least = min(least, top)
	}
	if !s.atLeast(cand, z, zl, least) || !s.atMost(cand, z, zh, xh+yh) ||
		!s.atLeast(cand, x, xl, zl-yh) || !s.atLeast(cand, y, yl, zl-xh) {
		return false
	}
	if !a.sat || zh < top {
		if !s.atMost(cand, x, xh, zh-yl) || !s.atMost(cand, y, yh, zh-xl) {
			return false
		}
	}
	return true
}

// addsHold reports whether every addition holds on a leaf, every
// auxiliary variable fixed.
func (s *Search) addsHold() bool {
	for k := range s.adds {
		a := &s.adds[k]
		x, y, z := a.x.vals[s.low(&a.x)], a.y.vals[s.low(&a.y)], a.z.vals[s.low(&a.z)]
		top := a.z.vals[len(a.z.vals)-1]
		want := x + y
		if a.sat {
			want = min(want, top)
		}
		if z != want {
			return false
		}
	}
	return true
}

// ladder is a grid.Ladder in the search's terms: lits[v] is "cell holds
// v or more", for v from 2 to N.
type ladder struct {
	cell int32
	lits []olit
}

// ladder propagates ladder k (see grid.Ladder): the cell keeps the
// digits its literals allow, and the literals say the cell's least and
// greatest digits; false on a conflict.
func (s *Search) ladder(cand []uint64, k int32) bool {
	l := &s.ladders[k]
	n := len(l.lits) - 1
	lo, hi := 1, n // the literals' bounds
	for v := n; v >= 2; v-- {
		if s.auxValue(l.lits[v]) == 1 {
			lo = v
			break
		}
	}
	for v := 2; v <= n; v++ {
		if s.auxValue(l.lits[v]) == -1 {
			hi = v - 1
			break
		}
	}
	if lo > hi {
		s.weight[l.cell]++
		return false
	}
	if !s.narrow(cand, l.cell, (uint64(1)<<hi-1)&^(uint64(1)<<(lo-1)-1)) {
		return false
	}
	m := cand[l.cell]
	least, most := bits.TrailingZeros64(m)+1, 64-bits.LeadingZeros64(m)
	for v := 2; v <= least; v++ {
		if !s.setLit(cand, l.lits[v]) {
			s.weight[l.cell]++
			return false
		}
	}
	for v := most + 1; v <= n; v++ {
		f := l.lits[v]
		f.neg = !f.neg
		if !s.setLit(cand, f) {
			s.weight[l.cell]++
			return false
		}
	}
	return true
}

// laddersHold reports whether every ladder holds on a leaf.
func (s *Search) laddersHold(cand []uint64) bool {
	for k := range s.ladders {
		l := &s.ladders[k]
		d := bits.TrailingZeros64(cand[l.cell]) + 1
		for v := 2; v < len(l.lits); v++ {
			if (s.auxValue(l.lits[v]) == 1) != (v <= d) {
				return false
			}
		}
	}
	return true
}
