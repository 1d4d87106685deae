package rulesearch

import (
	"math/bits"
	"slices"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/slab"
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
// changes, the two are made to agree. The bounds of each integer are kept
// at each depth, as the auxiliary values are, and move as its literals
// are set (clauseState.bound), so that reading them costs no search of
// the literals.
//
// Each literal set and each digit removed is the unit of one of those
// clauses (or of one the chains give, where the encoding leaves a clause
// out), so the search removes what unit propagation removes and its
// proofs are unchanged; the tests hold the two to the same candidates
// and conflicts (TestPropagationIsUnitPropagation, on random instances
// of every kind). On the 200 generated region sum line puzzles of
// .ci/bench.sh iss, the watched clauses the search looked at went from
// 29.2 million to 9.1 million, and the search's time (the models built
// before) from 573 ms to 294; little killers from 249 to 117, arrows 76
// to 52, in one sitting. NewModel lowers the rules without those
// clauses (grid.Rules.LowerForSearch).

// addition is a grid.Addition in the search's terms.
type addition struct {
	x, y, z ord
	sat     bool
	cells   []int32 // blamed for its conflicts (see Search.weight)
}

// ord is a grid.OrdLits: lits[i] is "at least vals[i]", lits[0] unused.
// Its bounds are kept at each depth (clauseState.bnd): at 2*id the index
// of the greatest of its literals set true (0 for none), the least value
// it may take, and at 2*id+1 the index before the least of them set
// false (the last for none), the greatest value it may take.
type ord struct {
	vals []int32
	lits []olit
	step bool // the values are one apart
	id   int32
}

// An ordRef is the place of an auxiliary variable's literal in an ord.
type ordRef struct {
	id  int32
	at  int16 // the index in lits
	neg bool  // the literal is the variable's negation
}

// ordKey is where number looks for an ord already numbered: its first
// literal, its number of values and its least value.
type ordKey struct {
	first olit
	n     int
	v0    int32
}

// number returns o numbered, each ord of a model once: the ord already
// numbered with the same values and literals, else o with a new number
// (see tableMem.all).
func (mem *tableMem) number(o ord) ord {
	var key ordKey
	prev := int32(-1)
	if len(o.lits) > 1 {
		key = ordKey{o.lits[1], len(o.vals), o.vals[0]}
		if k, ok := mem.index[key]; ok {
			prev = k
		}
		for id := prev; id >= 0; id = mem.next[id] {
			if p := &mem.all[id]; slices.Equal(p.vals, o.vals) && slices.Equal(p.lits, o.lits) {
				return *p
			}
		}
	}
	o.id = int32(len(mem.all))
	mem.all = append(mem.all, o)
	mem.next = append(mem.next, prev)
	if len(o.lits) > 1 {
		mem.index[key] = o.id
	}
	return o
}

// newAdditions returns l's additions and ladders, and which of l's
// clauses they state; it sets t.ordsOf and t.bnd0 for their ords. All
// are cut from mem.
func newAdditions(t *clauseTable, l *grid.Lowered, mem *tableMem) (adds []addition, ladders []ladder, skip []bool) {
	skip = mem.skip.Take(len(l.Clauses))
	adds = mem.adds.Take(len(l.Adds))
	for k, a := range l.Adds {
		for k := a.From; k < a.To; k++ {
			skip[k] = true
		}
		adds[k] = addition{x: mem.number(t.ord(a.X, mem)), y: mem.number(t.ord(a.Y, mem)), z: mem.number(t.ord(a.Z, mem)), sat: a.Saturate, cells: append(mem.i32.Take(len(a.Cells))[:0], a.Cells...)}
	}
	ladders = mem.ladders.Take(len(l.Ladders))
	for k, d := range l.Ladders {
		for k := d.From; k < d.To; k++ {
			skip[k] = true
		}
		n := len(d.Lits) - 1
		o := ord{vals: mem.i32.Take(n), lits: mem.olits.Take(n), step: true}
		for v := 1; v <= n; v++ {
			o.vals[v-1] = int32(v)
			if v >= 2 {
				o.lits[v-1] = t.decode(d.Lits[v])
			}
		}
		ladders[k] = ladder{cell: d.Cell, ord: mem.number(o)}
	}
	t.bnd0 = mem.i16.Take(2 * len(mem.all))
	for id, o := range mem.all {
		t.bnd0[2*id+1] = int16(len(o.vals) - 1)
	}
	keys, refs := mem.keys[:0], mem.refBuf[:0]
	for _, o := range mem.all {
		for i, l := range o.lits[1:] {
			keys, refs = append(keys, l.at), append(refs, ordRef{o.id, int16(i + 1), l.neg})
		}
	}
	t.ordsOf = lists(t.aux, keys, refs, &mem.refLists, &mem.refs, &mem.i32)
	mem.keys, mem.refBuf = keys, refs
	return adds, ladders, skip
}

// lists returns n lists cut from heads and elems: list k holds the
// vals[i] whose keys[i] is k, in their order. counts holds the lists'
// lengths, counted first, so that no list grows.
func lists[E any](n int, keys []int32, vals []E, heads *slab.Slab[[]E], elems *slab.Slab[E], counts *slab.Slab[int32]) [][]E {
	lens := counts.Take(n)
	for _, k := range keys {
		lens[k]++
	}
	all, out := elems.Take(len(keys)), heads.Take(n)
	at := 0
	for k, c := range lens {
		if c > 0 {
			out[k] = all[at : at : at+int(c)]
			at += int(c)
		}
	}
	for i, k := range keys {
		out[k] = append(out[k], vals[i])
	}
	return out
}

// ord decodes o, on mem.
func (t *clauseTable) ord(o grid.OrdLits, mem *tableMem) ord {
	r := ord{vals: mem.i32.Take(len(o.Vals)), lits: mem.olits.Take(len(o.Vals))}
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

// bound narrows the bounds of the ords at refs, those of an auxiliary
// variable just set: false when neg, else true.
func (c *clauseState) bound(refs []ordRef, neg bool) {
	for _, r := range refs {
		if r.neg == neg { // the literal is true
			c.bnd[2*r.id] = max(c.bnd[2*r.id], r.at)
		} else {
			c.bnd[2*r.id+1] = min(c.bnd[2*r.id+1], r.at-1)
		}
	}
}

// low returns the index of the least value that o may take (see ord).
func (s *Search) low(o *ord) int { return int(s.clauses.bnd[2*o.id]) }

// high returns the index of the greatest value that o may take.
func (s *Search) high(o *ord) int { return int(s.clauses.bnd[2*o.id+1]) }

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
	xi, xj, yi, yj, zi, zj := s.low(x), s.high(x), s.low(y), s.high(y), s.low(z), s.high(z)
	if xi > xj || yi > yj || zi > zj {
		return false // a literal true above one false: the chain's clauses fail
	}
	xl, xh, yl, yh, zl, zh := x.vals[xi], x.vals[xj], y.vals[yi], y.vals[yj], z.vals[zi], z.vals[zj]
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
	ord  ord // the digit, from 1 to N
}

// ladder propagates ladder k (see grid.Ladder): the cell keeps the
// digits its literals allow, and the literals say the cell's least and
// greatest digits; false on a conflict.
func (s *Search) ladder(cand []uint64, k int32) bool {
	l := &s.ladders[k]
	lits := l.ord.lits // lits[v-1] is "v or more"
	n := len(lits)
	lo, hi := s.low(&l.ord)+1, s.high(&l.ord)+1 // the literals' bounds
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
		if !s.setLit(cand, lits[v-1]) {
			s.weight[l.cell]++
			return false
		}
	}
	for v := most + 1; v <= n; v++ {
		f := lits[v-1]
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
		for v := 2; v <= len(l.ord.lits); v++ {
			if (s.auxValue(l.ord.lits[v-1]) == 1) != (v <= d) {
				return false
			}
		}
	}
	return true
}
