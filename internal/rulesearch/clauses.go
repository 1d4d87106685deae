package rulesearch

import (
	"math/bits"
	"sync"

	"github.com/sudokugen/sudokugen/grid"
)

// The kinds' own clauses (grid.Lowered.Clauses) are propagated by unit
// propagation, generically, on two watched literals (see clauseState): a
// clause is looked at only when one of the two literals it watches turns
// false, and when all its literals but one are false, that one is made
// true (a digit placed in or taken from a cell, or an auxiliary variable
// set). So the search removes what unit propagation on those clauses
// removes, as it does for the other rules, and a kind needs no
// propagation of its own unless a faster one pays. The auxiliary
// variables' values are kept per depth of the search, as the candidates
// are.

// clauseTable is the kinds' own clauses of a model, in one array: clause
// k is dec[start[k]:start[k+1]], each literal decoded (see olit), so
// that a clause costs its literals and one offset, and a clause's
// literals lie side by side in memory.
type clauseTable struct {
	n, cells int // N, and N^3: the last cell variable
	aux      int // the auxiliary variables
	start    []int32
	dec      []olit
	// wAt[k] counts the places in the clauses of the literals of keys
	// below k, where the watch list of key k starts: no more clauses than
	// its literal's places ever watch it
	wAt []int32
	// pos and neg hold per cell the digits d whose literal x(cell, d),
	// and NOT x(cell, d), some clause has: only those are looked at
	// when they turn false
	pos, neg []uint64
	// addsOf lists per auxiliary variable the additions it is in,
	// ladderOf gives its ladder (-1 for none), and laddersOf lists per
	// cell its ladders
	addsOf    [][]int32
	ladderOf  []int32
	laddersOf [][]int32
	// ordsOf lists per auxiliary variable the places of its literal in
	// the integers of the additions and ladders, and bnd0 holds their
	// bounds with nothing set (see bounds)
	ordsOf [][]ordRef
	bnd0   []int16
	// released says that the model gave the table's memory back
	// (Model.Release): it is empty, and a search on it panics
	released bool
}

// olit is a literal of an own clause decoded once, in 8 bytes, so that
// its value is read without arithmetic on the variable's number: for a
// cell literal, the cell (at) and the digit's bit index (d, from 0); for
// an auxiliary variable, its index (at) and d -1.
type olit struct {
	at  int32
	d   int8
	neg bool
}

// bit returns the bit of the digit of cell literal l.
func (l olit) bit() uint64 { return uint64(1) << uint8(l.d) }

// key numbers literal l for the watch lists: 2*i for the cell variable of
// index i (cell*N+d) or the auxiliary variable cells+i, that is 2(v-1)
// for variable v, plus 1 when negated (so key^1 is the key of its
// negation).
func (t *clauseTable) key(l olit) int32 {
	k := 2 * (l.at*int32(t.n) + int32(l.d))
	if l.d < 0 {
		k = 2 * (int32(t.cells) + l.at)
	}
	if l.neg {
		k++
	}
	return k
}

// lit returns the literal of key k (see key).
func (t *clauseTable) lit(k int32) olit {
	v, neg := k>>1, k&1 != 0
	if int(v) >= t.cells {
		return olit{at: v - int32(t.cells), d: -1, neg: neg}
	}
	return olit{at: v / int32(t.n), d: int8(v % int32(t.n)), neg: neg}
}

// clauses returns the number of clauses in t.
func (t *clauseTable) clauses() int { return len(t.start) - 1 }

// clause returns the literals of clause k.
func (t *clauseTable) clause(k int32) []olit { return t.dec[t.start[k]:t.start[k+1]] }

// newClauseTable returns the table of l's clauses, nil when it has none,
// and l's additions and ladders (see adds.go), whose clauses it leaves
// out. A literal
// repeated in a clause stays repeated, as the clause was written: its two
// watches are two places of the clause, which may hold the same literal.
func newClauseTable(n int, l *grid.Lowered, mem *tableMem) (*clauseTable, []addition, []ladder) {
	if len(l.Clauses) == 0 && len(l.Adds) == 0 && len(l.Ladders) == 0 {
		return nil, nil, nil
	}
	t := &clauseTable{n: n, cells: n * n * n, aux: l.Aux}
	adds, ladders, skip := newAdditions(t, l, mem)
	t.wAt = mem.i32.Take(2*(t.cells+t.aux) + 1)
	t.pos, t.neg = mem.u64.Take(n*n), mem.u64.Take(n*n)
	size, count := 0, 0
	for k, c := range l.Clauses {
		if !skip[k] {
			size += len(c)
			count++
		}
	}
	t.start = mem.i32.Take(count + 1)[:0]
	t.dec = mem.olits.Take(size)
	at := 0
	for k, c := range l.Clauses {
		if skip[k] {
			continue
		}
		t.start = append(t.start, int32(at))
		for _, lit := range c {
			o := t.decode(lit)
			if o.d >= 0 {
				if o.neg {
					t.neg[o.at] |= o.bit()
				} else {
					t.pos[o.at] |= o.bit()
				}
			}
			t.dec[at] = o
			t.wAt[t.key(o)+1]++
			at++
		}
	}
	t.start = append(t.start, int32(at))
	for k := 1; k < len(t.wAt); k++ {
		t.wAt[k] += t.wAt[k-1]
	}
	keys, vals := mem.keys[:0], mem.valBuf[:0]
	for k := range adds {
		a := &adds[k]
		for _, o := range []*ord{&a.x, &a.y, &a.z} {
			for _, l := range o.lits[1:] {
				keys, vals = append(keys, l.at), append(vals, int32(k))
			}
		}
	}
	t.addsOf = lists(t.aux, keys, vals, &mem.lists, &mem.i32, &mem.i32)
	t.ladderOf = mem.i32.Take(t.aux)
	for k := range t.ladderOf {
		t.ladderOf[k] = -1
	}
	keys, vals = keys[:0], vals[:0]
	for k, d := range ladders {
		for _, l := range d.ord.lits[1:] {
			t.ladderOf[l.at] = int32(k)
		}
		keys, vals = append(keys, d.cell), append(vals, int32(k))
	}
	t.laddersOf = lists(n*n, keys, vals, &mem.lists, &mem.i32, &mem.i32)
	mem.keys, mem.valBuf = keys, vals
	return t, adds, ladders
}

// decode returns the olit of literal lit of the CNF.
func (t *clauseTable) decode(lit int) olit {
	v := max(lit, -lit)
	if v <= t.cells {
		return olit{at: int32((v - 1) / t.n), d: int8((v - 1) % t.n), neg: lit < 0}
	}
	return olit{at: int32(v - t.cells - 1), d: -1, neg: lit < 0}
}

// clauseState is the state of a search's unit propagation on the own
// clauses, by two watched literals: each clause of two literals or more
// watches two of them, kept in the watch lists of those literals, and is
// looked at only when one of those turns false (the literals that turned
// false wait in queue). Looked at, it finds another literal not false to
// watch instead, or, with none, makes its other watched literal true (or
// is false: a conflict). The watches need no undoing when the search
// backtracks, since a watched literal that is not false at a node is not
// false at the nodes above it either; at the root of each search
// (touchAll) they are chosen again from the start. It also holds the
// auxiliary variables' values per depth (1 true, -1 false, 0 open).
type clauseState struct {
	t     *clauseTable
	queue []int32 // the keys (see key) of literals that turned false
	// watched holds per key the clauses watching that literal: the list
	// of key k starts at t.wAt[k] and holds wLen[k] of them (see list)
	watched []watcher
	wLen    []int32
	watch   [][2]int32
	rebuild bool // choose the watches again before anything else
	// adds holds the additions (see adds.go) one of whose literals
	// changed, ladders the ladders whose cell's bounds or literals did
	adds, ladders workQueue
	aux           []int8   // the values at the current depth: one of saved
	saved         [][]int8 // per depth
	// bnd holds the bounds of the integers of the additions and ladders
	// at the current depth (see bounds), one of savedBnd
	bnd      []int16
	savedBnd [][]int16
}

func (c *clauseState) init(t *clauseTable) {
	c.t = t
	if t != nil {
		// the watch lists share one array, each with room for every
		// place of its literal, so that none grows
		var m clauseMem
		if p, ok := clauseMems.Get().(*clauseMem); ok {
			m = *p
		}
		c.watched = reuse(m.watched, int(t.wAt[len(t.wAt)-1]))
		c.wLen = reuse(m.wLen, len(t.wAt)-1)
		c.watch = reuse(m.watch, t.clauses())
		c.saved, c.savedBnd = m.saved[:0], m.savedBnd[:0]
	}
}

// clauseMem is the memory of a search's watch lists, which a search
// gives back when it is done (Search.Release) for the next one to take:
// a skyscraper puzzle's check allocated 88 KB for them, a seventh of its
// bytes.
type clauseMem struct {
	watched []watcher
	wLen    []int32
	watch   [][2]int32
	// the values per depth, their slices kept beyond the length 0
	saved    [][]int8
	savedBnd [][]int16
}

var clauseMems sync.Pool

// reuse returns s cleared to n elements when it has room for them, else
// a new slice of n.
func reuse[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// grow returns list with elements up to index d at least, each added one
// n zeroed elements: the slice that list's array held there when it has
// room (see reuse), else a new one. A search's memory per depth grows so,
// on the lists of the search before (see Search.Release).
func grow[T any](list [][]T, d, n int) [][]T {
	for len(list) <= d {
		k := len(list)
		if k < cap(list) {
			list = list[:k+1]
			list[k] = reuse(list[k], n)
		} else {
			list = append(list, make([]T, n))
		}
	}
	return list
}

// release gives the watch lists' memory back (see clauseMem), unless
// they are large: a large grid's are left to the collector.
func (c *clauseState) release() {
	if c.t == nil || cap(c.watched) > 1<<18 || len(c.saved)*(c.t.aux+2*len(c.t.bnd0)) > 1<<20 {
		return
	}
	clauseMems.Put(&clauseMem{c.watched, c.wLen, c.watch, c.saved, c.savedBnd})
	c.watched, c.wLen, c.watch, c.saved, c.savedBnd = nil, nil, nil, nil, nil
}

// list returns the watch list of key k, with room to its end.
func (c *clauseState) list(k int32) []watcher {
	at := c.t.wAt[k]
	return c.watched[at : at+c.wLen[k] : c.t.wAt[k+1]]
}

// addWatch appends w to the watch list of key k.
func (c *clauseState) addWatch(k int32, w watcher) {
	c.watched[c.t.wAt[k]+c.wLen[k]] = w
	c.wLen[k]++
}

// A watcher is a clause in a watch list, with a literal of it other than
// the one watched (its blocker, decoded): while the blocker is true, the
// clause holds, and it is passed over without reading it. A clause of two
// literals is written ^k (negative), its blocker its other literal, so
// that it is propagated without reading it either.
type watcher struct {
	clause  int32
	blocker olit
}

// blame counts a conflict of a clause in the weights of its cells (see
// Search.weight).
func (s *Search) blame(dec []olit) {
	for _, l := range dec {
		if l.d >= 0 {
			s.weight[l.at]++
		}
	}
}

// falsified queues the literal of key k, which turned false.
func (c *clauseState) falsified(k int32) { c.queue = append(c.queue, k) }

// touchAll has the watches chosen again, for a new search.
func (c *clauseState) touchAll() { c.rebuild = true }

func (c *clauseState) reset() {
	c.queue = c.queue[:0]
	c.adds.clear()
	c.ladders.clear()
}

// pending reports whether unit has work.
func (c *clauseState) pending() bool {
	return c.rebuild || len(c.queue) > 0 || c.ladders.len() > 0 || c.adds.len() > 0
}

// touchBounded queues the first adds additions and ladders ladders:
// every one, at a search's start.
func (c *clauseState) touchBounded(adds, ladders int) {
	for k := range adds {
		c.adds.push(int32(k))
	}
	for k := range ladders {
		c.ladders.push(int32(k))
	}
}

// touchVar queues the additions and the ladder of auxiliary variable v,
// whose value changed.
func (c *clauseState) touchVar(v int32) {
	if len(c.t.addsOf[v]) > 0 {
		c.touchAdds(v)
	}
	if k := c.t.ladderOf[v]; k >= 0 {
		c.touchLadder(k)
	}
}

// nextBounded propagates the next ladder queued, else the next addition;
// false on a conflict.
func (s *Search) nextBounded(cand []uint64) bool {
	c := &s.clauses
	if c.ladders.len() > 0 {
		return s.ladder(cand, c.ladders.pop())
	}
	return s.add(cand, c.adds.pop())
}

// touchLadder queues ladder k.
func (c *clauseState) touchLadder(k int32) { c.ladders.push(k) }

// touchAdds queues the additions of aux variable v.
func (c *clauseState) touchAdds(v int32) {
	for _, k := range c.t.addsOf[v] {
		c.adds.push(k)
	}
}

// useAux makes the values of depth d current: all open when fresh, else
// those of depth d-1.
func (s *Search) useAux(d int, fresh bool) {
	c := &s.clauses
	if c.t == nil {
		return
	}
	c.saved, c.savedBnd = grow(c.saved, d, c.t.aux), grow(c.savedBnd, d, len(c.t.bnd0))
	c.aux, c.bnd = c.saved[d], c.savedBnd[d]
	switch {
	case fresh:
		clear(c.aux)
		copy(c.bnd, c.t.bnd0)
	case d > 0:
		copy(c.aux, c.saved[d-1])
		copy(c.bnd, c.savedBnd[d-1])
	}
}

// value returns the value of literal l under cand and the auxiliary
// values: 1 true, -1 false, 0 open.
func (s *Search) value(cand []uint64, l olit) int8 {
	if l.d < 0 {
		return s.auxValue(l)
	}
	var v int8
	m := cand[l.at]
	switch {
	case m&l.bit() == 0:
		v = -1
	case m == l.bit():
		v = 1
	}
	if l.neg {
		return -v
	}
	return v
}

// unit chooses the watches again when a search starts, else looks at the
// clauses watching the next literal that turned false, and queues the
// additions it is in; with none left, it propagates the next addition
// queued. False on a conflict (a clause with every literal false).
func (s *Search) unit(cand []uint64) bool {
	c := &s.clauses
	if c.rebuild {
		c.touchBounded(len(s.adds), len(s.ladders))
		return s.rewatch(cand)
	}
	if len(c.queue) == 0 {
		return s.nextBounded(cand)
	}
	f := c.queue[len(c.queue)-1]
	c.queue = c.queue[:len(c.queue)-1]
	t := s.own
	if v := f>>1 - int32(t.cells); v >= 0 {
		c.touchVar(v)
	}
	list := c.list(f)
	keep := list[:0]
	fl := t.lit(f)
	for i, e := range list {
		v := s.value(cand, e.blocker)
		if v == 1 {
			keep = append(keep, e)
			continue
		}
		if e.clause < 0 {
			// a clause of two literals: the blocker is the other one,
			// which is now the clause's last
			keep = append(keep, e)
			if v == 0 && s.makeTrue(cand, e.blocker) {
				continue
			}
			if v == -1 {
				s.blame(t.clause(^e.clause))
			}
			keep = append(keep, list[i+1:]...)
			c.wLen[f] = int32(len(keep))
			return false
		}
		k := e.clause
		w := &c.watch[k]
		dec := t.clause(k)
		if dec[w[0]] != fl {
			w[0], w[1] = w[1], w[0]
		}
		other := s.value(cand, dec[w[1]])
		if other == 1 {
			keep = append(keep, watcher{k, dec[w[1]]})
			continue
		}
		moved := false
		for j := range dec {
			if int32(j) == w[0] || int32(j) == w[1] || s.value(cand, dec[j]) == -1 {
				continue
			}
			w[0] = int32(j)
			kj := t.key(dec[j])
			c.addWatch(kj, watcher{k, dec[w[1]]})
			moved = true
			break
		}
		if moved {
			continue
		}
		keep = append(keep, e)
		if other == -1 {
			s.blame(dec)
		}
		if other == -1 || !s.makeTrue(cand, dec[w[1]]) {
			keep = append(keep, list[i+1:]...)
			c.wLen[f] = int32(len(keep))
			return false
		}
	}
	c.wLen[f] = int32(len(keep))
	return true
}

// rewatch chooses the watches of every clause of two literals or more
// from the start, two literals not false where it can (a true one first),
// and makes true the one literal left open of a clause that has no true
// one; false on a conflict. The watch lists are whole even then.
func (s *Search) rewatch(cand []uint64) bool {
	c := &s.clauses
	c.rebuild = false
	t := s.own
	clear(c.wLen)
	ok := true
	for k := range int32(t.clauses()) {
		dec := t.clause(k)
		// w0, w1: the two best literals, true before open before false
		w0, w1 := -1, -1
		var v0, v1 int8 = -2, -2
		for j, l := range dec {
			v := s.value(cand, l)
			switch {
			case v > v0:
				w1, v1 = w0, v0
				w0, v0 = j, v
			case v > v1:
				w1, v1 = j, v
			}
		}
		if len(dec) >= 2 {
			c.watch[k] = [2]int32{int32(w0), int32(w1)}
			id := k
			if len(dec) == 2 {
				id = ^k // see watcher
			}
			k0, k1 := t.key(dec[w0]), t.key(dec[w1])
			c.addWatch(k0, watcher{id, dec[w1]})
			c.addWatch(k1, watcher{id, dec[w0]})
		}
		if !ok || v0 == 1 || v1 >= 0 {
			continue
		}
		if v0 == -1 || !s.makeTrue(cand, dec[w0]) {
			ok = false
		}
	}
	return ok
}

// changed queues the literals of cell i that turned false when its
// candidates went from old to m (m a subset of old, not empty), those of
// them that some clause has.
func (s *Search) changed(i int32, old, m uint64) {
	if lad := s.own.laddersOf[i]; len(lad) > 0 && (bits.TrailingZeros64(old) != bits.TrailingZeros64(m) || bits.LeadingZeros64(old) != bits.LeadingZeros64(m)) {
		for _, k := range lad {
			s.clauses.touchLadder(k)
		}
	}
	base := 2 * i * int32(s.own.n)
	for r := old &^ m & s.own.pos[i]; r != 0; r &= r - 1 {
		s.clauses.falsified(base + 2*int32(bits.TrailingZeros64(r)))
	}
	if m&(m-1) == 0 && m&s.own.neg[i] != 0 {
		s.clauses.falsified(base + 2*int32(bits.TrailingZeros64(m)) + 1)
	}
}

// makeTrue makes open literal l true.
func (s *Search) makeTrue(cand []uint64, l olit) bool {
	if l.d < 0 {
		if l.neg {
			s.clauses.aux[l.at] = -1
		} else {
			s.clauses.aux[l.at] = 1
		}
		s.clauses.falsified(s.own.key(l) ^ 1)
		if refs := s.own.ordsOf[l.at]; len(refs) > 0 {
			s.clauses.bound(refs, l.neg)
		}
		return true
	}
	if l.neg {
		return s.narrow(cand, l.at, ^l.bit())
	}
	return s.narrow(cand, l.at, l.bit())
}

// clausesHold reports whether every own clause holds on a leaf, every
// cell placed, with every auxiliary variable fixed.
func (s *Search) clausesHold(cand []uint64) bool {
	if s.own == nil {
		return true
	}
	for _, v := range s.clauses.aux {
		if v == 0 {
			return false
		}
	}
	if !s.addsHold() || !s.laddersHold(cand) {
		return false
	}
	for k := range int32(s.own.clauses()) {
		ok := false
		for _, l := range s.own.clause(k) {
			if s.value(cand, l) == 1 {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}
