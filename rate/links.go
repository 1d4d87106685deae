package rate

import "math/bits"

// A strong link on a digit joins two ends of a unit: if the digit is not
// at one end, it is at the other. An end is a cell or, for grouped links,
// the digit's cells in one box segment of a line, or one arm of a box
// whose candidates lie in one row and one column.
type group struct {
	cells []int32
	set   cellSet
	seen  cellSet  // the cells that see every cell of the group
	units [3]int32 // the box, row and column holding every cell, or -1
}

type strongLink struct {
	a, b    group
	unit    int
	grouped bool
}

func (b *board) newGroup(cs []int32) group {
	g := group{cells: cs, units: b.cellUnit[cs[0]], seen: b.peerSet[cs[0]]}
	for _, c := range cs {
		g.set.add(int(c))
		g.seen = g.seen.and(b.peerSet[c])
		for t := 0; t < 3; t++ {
			if b.cellUnit[c][t] != g.units[t] {
				g.units[t] = -1
			}
		}
	}
	return g
}

// sameUnit reports whether all cells of x and y lie in one row, column or
// box.
func (b *board) sameUnit(x, y *group) bool {
	for t := 0; t < 3; t++ {
		if x.units[t] >= 0 && x.units[t] == y.units[t] {
			return true
		}
	}
	return false
}

// links lists digit d's strong links, grouped ones too, in lg.links; the
// cells of their ends go to lg.cells.
func (s *solver) links(d int, lg *linkGraph) {
	b := &s.b
	bit := uint64(1) << (d - 1)
	lg.links = lg.links[:0]
	lg.cells = lg.cells[:0]
	var psBuf [36]int32
	for u, cells := range b.units {
		ps := psBuf[:0]
		for _, c := range cells {
			if b.cand[c]&bit != 0 {
				ps = append(ps, c)
			}
		}
		switch {
		case len(ps) == 2:
			lg.add(b, ps[:1], ps[1:], u, false)
		case len(ps) < 3 || len(ps) > 6:
		case u >= b.n:
			lg.segmentLink(b, ps, u)
		default:
			if len(ps) >= 4 {
				lg.boxLineLinks(b, ps, u)
			}
			lg.boxArmLinks(b, ps, cells, u, bit)
		}
	}
}

// group makes a link end of the cells cs, and heart unless it is -1,
// copied into lg.cells.
func (lg *linkGraph) group(b *board, cs []int32, heart int32) group {
	start := len(lg.cells)
	lg.cells = append(lg.cells, cs...)
	if heart >= 0 {
		lg.cells = append(lg.cells, heart)
	}
	end := len(lg.cells)
	return b.newGroup(lg.cells[start:end:end])
}

// add appends the link of unit u between the ends made of a and of e.
func (lg *linkGraph) add(b *board, a, e []int32, u int, grouped bool) {
	lg.links = append(lg.links, strongLink{lg.group(b, a, -1), lg.group(b, e, -1), u, grouped})
}

// segmentLink links the two box segments of line u when its candidates ps
// fill exactly two.
func (lg *linkGraph) segmentLink(b *board, ps []int32, u int) {
	box := func(c int32) int32 { return b.cellUnit[c][boxUnit] }
	k := 1
	for k < len(ps) && box(ps[k]) == box(ps[0]) {
		k++
	}
	if k == len(ps) {
		return
	}
	for _, c := range ps[k:] {
		if box(c) != box(ps[k]) {
			return
		}
	}
	lg.add(b, ps[:k], ps[k:], u, true)
}

// boxLineLinks links the two rows, then the two columns, of box u that
// hold its candidates ps (four or more), when they lie in two.
func (lg *linkGraph) boxLineLinks(b *board, ps []int32, u int) {
	var l0Buf, l1Buf [36]int32
	for _, t := range [2]int{rowUnit, colUnit} {
		l0, l1 := l0Buf[:0], l1Buf[:0]
		for _, c := range ps {
			if b.cellUnit[c][t] == b.cellUnit[ps[0]][t] {
				l0 = append(l0, c)
			} else {
				l1 = append(l1, c)
			}
		}
		two := len(l1) > 0
		for _, c := range l1 {
			if b.cellUnit[c][t] != b.cellUnit[l1[0]][t] {
				two = false
			}
		}
		if two {
			lg.add(b, l0, l1, u, true)
		}
	}
}

// boxArmLinks links the two arms of box u when its candidates ps lie in
// one row and one column of it, which cross at a cell of cells, the box:
// the heart. A heart that holds the digit goes with either arm.
func (lg *linkGraph) boxArmLinks(b *board, ps, cells []int32, u int, bit uint64) {
	var arm1Buf, arm2Buf [36]int32
	for _, heart := range cells {
		hr, hc := b.cellUnit[heart][rowUnit], b.cellUnit[heart][colUnit]
		arm1, arm2 := arm1Buf[:0], arm2Buf[:0]
		ok := true
		for _, c := range ps {
			switch {
			case c == heart:
			case b.cellUnit[c][rowUnit] == hr:
				arm1 = append(arm1, c)
			case b.cellUnit[c][colUnit] == hc:
				arm2 = append(arm2, c)
			default:
				ok = false
			}
		}
		if !ok || len(arm1) == 0 || len(arm2) == 0 {
			continue
		}
		if b.cand[heart]&bit != 0 {
			lg.links = append(lg.links, strongLink{lg.group(b, arm1, heart), lg.group(b, arm2, -1), u, true})
			lg.links = append(lg.links, strongLink{lg.group(b, arm1, -1), lg.group(b, arm2, heart), u, true})
		} else {
			lg.add(b, arm1, arm2, u, true)
		}
	}
}

// strongLinks finds k strong links on one digit joined end to start by weak
// links (for k = 2: the skyscraper, the two-string kite, the turbot fish
// and, with grouped ends, the empty rectangle): one end or the other
// holds the digit, so every cell that sees both ends loses it.
func (s *solver) strongLinks(k int) (hint, bool) {
	n := s.b.n
	if n > 9 {
		return hint{}, false
	}
	var best hint
	bestElims := 0
	found := false
	for d := 1; d <= n; d++ {
		e := s.linkEntry(d)
		r := &e.best[k]
		if !r.done {
			s.searchLinks(d, k, e, r)
		}
		// the first of the lowest score that removes the most, as if
		// one search ran over every digit
		if r.found && (!found || r.h.score < best.score || r.h.score == best.score && r.elims > bestElims) {
			best, bestElims, found = r.h, r.elims, true
		}
	}
	return best, found
}

// searchLinks finds digit d's best chain of k strong links into r.
func (s *solver) searchLinks(d, k int, e *linkEntry, r *linkResult) {
	*r = linkResult{done: true}
	lg := &e.graph
	if len(lg.links) < k {
		return
	}
	tech := TurbotFish
	if k > 2 {
		tech = StrongLinkChain
	}
	ls := linkSearch{b: &s.b, lg: lg, r: r, d: d, k: k, tech: tech, holds: e.holds, budget: 5000}
	ls.base = [7]int{2: 40, 3: 54, 4: 58, 5: 62, 6: 66}[k]
	ls.extend(0)
}

// linkSearch is one search for chains of k strong links on digit d: the
// chain so far, what it covers, and the budget left.
//
// The search stops after budget calls; every call counts, those that
// would end a chain included, so that the chains tried stay the same
// whatever is found. A chain's last link is tried in the loop of the one
// before: it counts as a call all the same.
type linkSearch struct {
	b      *board
	lg     *linkGraph
	r      *linkResult // the best chain so far
	d, k   int
	tech   Technique
	base   int     // the score of a chain of k links of one kind of unit
	holds  cellSet // the cells that hold d
	budget int
	chain  [6]int32 // the oriented links of the chain so far
	// what the chain covers: its cells, its units (a bit each), the
	// kinds of unit of its links (a bit each), and how many are grouped
	used         cellSet
	usedUnits    uint64
	types        int
	groupedCount int
}

// blocked reports whether oriented link o would cross the chain: a cell or
// a unit the chain uses.
func (ls *linkSearch) blocked(o int32) bool {
	f := &ls.lg.filter[o]
	return ls.usedUnits&f.unit != 0 || !ls.used.and(f.span).empty()
}

// extend tries every link that can come at depth in the chain, and goes
// deeper; the link before the last tries the last ones itself.
func (ls *linkSearch) extend(depth int) {
	if ls.budget <= 0 {
		return
	}
	ls.budget--
	lg := ls.lg
	options := lg.all
	if depth > 0 {
		options = lg.follow(ls.chain[depth-1])
	}
	for _, o := range options {
		if ls.blocked(o) {
			continue
		}
		ol := &lg.orient[o]
		ls.chain[depth] = o
		saved, savedTypes := ls.used, ls.types
		ls.used = ls.used.or(ol.span)
		ls.usedUnits |= 1 << ol.unit
		ls.types |= 1 << (ol.unit / ls.b.n)
		if ol.grouped {
			ls.groupedCount++
		}
		if depth+1 == ls.k-1 {
			if ls.budget > 0 {
				ls.budget--
				ls.close(lg.follow(o))
			}
		} else {
			ls.extend(depth + 1)
		}
		if ol.grouped {
			ls.groupedCount--
		}
		ls.usedUnits &^= 1 << ol.unit
		ls.used, ls.types = saved, savedTypes
		if ls.budget <= 0 {
			// every later call would return at once
			return
		}
	}
}

// close tries each link of options as the last of the chain: the cells
// that see both ends of the chain lose the digit.
func (ls *linkSearch) close(options []int32) {
	lg := ls.lg
	start := lg.orient[ls.chain[0]].a
	seen := start.seen.and(ls.holds)
	for _, o := range options {
		if ls.blocked(o) {
			continue
		}
		ol := &lg.orient[o]
		if ls.budget <= 0 {
			return
		}
		ls.budget--
		if ls.b.sameUnit(start, ol.e) {
			continue
		}
		es := seen.and(ol.e.seen).andNot(ls.used.or(ol.span))
		count := es.count()
		if count == 0 {
			continue
		}
		sc := ls.score(ol)
		if r := ls.r; !r.found || sc < r.h.score || sc == r.h.score && count > r.elims {
			ls.record(o, sc, es, count)
		}
	}
}

// score is the score of the chain closed by ol: more with grouped links,
// and more when its links lie in units of more kinds.
func (ls *linkSearch) score(ol *orientedLink) int {
	t := ls.types | 1<<(ol.unit/ls.b.n)
	hasBox, hasRow, hasCol := t&(1<<boxUnit) != 0, t&(1<<rowUnit) != 0, t&(1<<colUnit) != 0
	switch {
	case ls.groupedCount > 0 || ol.grouped:
		return ls.base + 3
	case !hasBox && !(hasRow && hasCol):
		return ls.base
	case hasBox && hasRow && hasCol:
		return ls.base + 2
	default:
		return ls.base + 1
	}
}

// record keeps the chain closed by o as the best: score sc, removing d
// from the cells es (count of them).
func (ls *linkSearch) record(o int32, sc int, es cellSet, count int) {
	b, lg, r := ls.b, ls.lg, ls.r
	r.found, r.elims = true, count
	ls.chain[ls.k-1] = o
	start := lg.orient[ls.chain[0]].a
	elims := make([]elim, 0, count)
	for _, p := range b.peers[start.cells[0]] {
		if es.has(int(p)) {
			elims = append(elims, elim{p, int32(ls.d)})
		}
	}
	var cells []int32
	for _, o := range ls.chain[:ls.k] {
		cells = append(cells, lg.orient[o].a.cells...)
		cells = append(cells, lg.orient[o].e.cells...)
	}
	r.h = hint{tech: ls.tech, score: sc, cells: cells, place: -1, elims: elims, unit: -1, digits: uint64(1) << (ls.d - 1)}
}

// linkGraph holds one digit's strong links, each taken both ways (oriented
// link o is link o/2, from a to b when o is even), and for each oriented
// link the oriented links that may follow it: those of another link whose
// start shares a unit with its end.
type linkGraph struct {
	links  []strongLink
	cells  []int32 // the cells of the links' ends
	orient []orientedLink
	filter []linkFilter // by oriented link, what the search tests first
	all    []int32      // every oriented link, in order
	next   []int32      // follow(o) is next[first[o]:first[o+1]], ascending
	first  []int32
	// buffers for building next
	starts, row []uint64
}

type orientedLink struct {
	a, e    *group  // start and end
	span    cellSet // the cells of both ends
	unit    int
	grouped bool
}

// linkFilter holds what decides whether an oriented link may extend a
// chain, apart from the rest of the link so that the search's inner loop
// reads less memory: the cells of both ends and the link's unit, as a bit.
type linkFilter struct {
	span cellSet
	unit uint64
}

func (lg *linkGraph) follow(o int32) []int32 {
	return lg.next[lg.first[o]:lg.first[o+1]]
}

// linkEntry returns digit d's link graph and strong-link chains. They
// depend on nothing but the cells that hold d, so they are computed again
// only when those change.
func (s *solver) linkEntry(d int) *linkEntry {
	if s.linkCache == nil {
		s.linkCache = make([]linkEntry, s.b.n+1)
	}
	bit := uint64(1) << (d - 1)
	var holds cellSet
	for c, m := range s.b.cand {
		if m&bit != 0 {
			holds.add(c)
		}
	}
	e := &s.linkCache[d]
	if e.valid && e.holds == holds {
		return e
	}
	e.valid, e.holds, e.best = true, holds, [7]linkResult{}
	lg := &e.graph
	s.links(d, lg)
	no := 2 * len(lg.links)
	lg.orient = lg.orient[:0]
	lg.filter = lg.filter[:0]
	lg.all = lg.all[:0]
	for o := 0; o < no; o++ {
		l := &lg.links[o/2]
		ol := orientedLink{a: &l.a, e: &l.b, unit: l.unit, grouped: l.grouped}
		if o%2 == 1 {
			ol.a, ol.e = &l.b, &l.a
		}
		ol.span = l.a.set.or(l.b.set)
		lg.orient = append(lg.orient, ol)
		lg.filter = append(lg.filter, linkFilter{span: ol.span, unit: 1 << ol.unit})
		lg.all = append(lg.all, int32(o))
	}
	// starts[u] is the set of oriented links whose start lies in unit u
	nw := (no + 63) / 64
	lg.starts = append(lg.starts[:0], make([]uint64, len(s.b.units)*nw)...)
	starts := lg.starts
	for q := range lg.orient {
		for _, u := range lg.orient[q].a.units {
			if u >= 0 {
				starts[int(u)*nw+q/64] |= 1 << (q % 64)
			}
		}
	}
	lg.row = append(lg.row[:0], make([]uint64, nw)...)
	row := lg.row
	lg.next = lg.next[:0]
	lg.first = append(lg.first[:0], 0)
	for o := range lg.orient {
		clear(row)
		for _, u := range lg.orient[o].e.units {
			if u >= 0 {
				for w, x := range starts[int(u)*nw : int(u+1)*nw] {
					row[w] |= x
				}
			}
		}
		// not the same link taken either way
		self := o &^ 1
		row[self/64] &^= 3 << (self % 64)
		for w, x := range row {
			for ; x != 0; x &= x - 1 {
				lg.next = append(lg.next, int32(w*64+bits.TrailingZeros64(x)))
			}
		}
		lg.first = append(lg.first, int32(len(lg.next)))
	}
	return e
}

type linkEntry struct {
	valid bool
	holds cellSet // the cells that held the digit
	graph linkGraph
	best  [7]linkResult // by number of links
}

// linkResult is the best chain of some number of strong links on one digit.
type linkResult struct {
	done, found bool
	h           hint
	elims       int
}
