package rate

import "math/bits"

// The chaining tiers follow Sudoku Explainer's model: a potential is a
// candidate (cell, digit) assumed on or off; strong and weak links between
// potentials are followed breadth first, and each potential remembers the
// potentials that caused it. A chain's length (its complexity) is the
// number of distinct potentials it rests on, and longer chains score more.

const (
	causeNone = iota
	causeCell
	causeUnit // + unit type
)

type cnode struct {
	pot    int32 // cell*n + digit-1
	on     bool
	cause  uint8
	p0, pn int32 // parents: ch.par[p0 : p0+pn]
	depth  int32 // length of the first-parent path back to the source
}

// pset is a set of potentials of one polarity, remembering insertion order.
type pset struct {
	idx   []int32 // pot -> node id + 1
	order []int32 // node ids
	pots  []int32 // the potentials held, for clearing
}

func (s *pset) has(pot int32) bool  { return s.idx[pot] != 0 }
func (s *pset) get(pot int32) int32 { return s.idx[pot] - 1 }
func (s *pset) add(ch *chainer, id int32) bool {
	pot := ch.nodes[id].pot
	if s.idx[pot] != 0 {
		return false
	}
	s.idx[pot] = id + 1
	s.order = append(s.order, id)
	s.pots = append(s.pots, pot)
	return true
}

type chainer struct {
	*geom
	nodes []cnode
	par   []int32
	tmp   []int32
	work  board    // the grid a dynamic chain writes to
	save  []uint64 // the candidates before the chain
	stamp []int32  // ancestor counting, by pot*2+on
	gen   int32
	pool  []*pset
	used  int

	// Each unit's places for each digit (pos[u*n+d], bit i for units[u][i])
	// of the solver's grid, the work grid and the work grid before the
	// chain: they find a digit's last place in a unit without a scan.
	pos, workPos, savePos []uint16
	// The unit tables the chain walks read, flat: ref[c*3+t] is cell c's
	// unit of type t, unitCells[u*n:u*n+n] the cells of unit u, and
	// potCell[pot] the cell of a potential.
	ref       []unitRef
	unitCells []int32
	potCell   []int32
	// The links of the solver's grid, which the unary searches follow
	// over and over: offAdj[offAt[pot]:offAt[pot+1]] is what pot on turns
	// off, the cell's other digits before offMid[pot]; onAdj is what pot
	// off turns on, the cell's last digit before onMid[pot].
	offAdj, onAdj              []succ
	offAt, offMid, onAt, onMid []int32
	rt                         reachTable // of the unary mode being run
	// buffers of the searches
	pendOn, pendOff, found []int32
	succs                  []succ
	places                 []int32
	unitOn, unitOff        []*pset
	// the rule being run
	dynamic, nishio, multiple bool
	// on-chains of the current rule run, by potential: index+1 into the
	// cached slices
	onCache  []int32
	cacheOn  []*pset
	cacheOff []*pset
	cacheA   []int32
	cacheZ   []int32
	// the best hint so far
	top     hint
	bestSet bool
	// when positive, greedy search: every hint that scores less is kept
	// in hints
	below int
	hints []hint
	// bound's last answer with below set, and its below and base
	boundKey [2]int
	boundCx  int32
}

func newChainer(g *geom) *chainer {
	ch := &chainer{geom: g}
	ch.work = board{geom: g, val: make([]uint8, g.nc), cand: make([]uint64, g.nc)}
	ch.save = make([]uint64, g.nc)
	ch.pos = make([]uint16, len(g.units)*g.n)
	ch.workPos = make([]uint16, len(g.units)*g.n)
	ch.savePos = make([]uint16, len(g.units)*g.n)
	ch.stamp = make([]int32, g.nc*g.n*2)
	ch.onCache = make([]int32, g.nc*g.n)
	ch.offAt = make([]int32, g.nc*g.n+1)
	ch.offMid = make([]int32, g.nc*g.n)
	ch.onAt = make([]int32, g.nc*g.n+1)
	ch.onMid = make([]int32, g.nc*g.n)
	ch.ref = make([]unitRef, g.nc*3)
	for c := range g.nc {
		for t := range 3 {
			ch.ref[c*3+t] = unitRef{u: g.cellUnit[c][t], idx: g.cellIdx[c][t], peers: uint16(g.peerMask[c][t])}
		}
	}
	ch.unitCells = make([]int32, len(g.units)*g.n)
	for u, cells := range g.units {
		copy(ch.unitCells[u*g.n:], cells)
	}
	ch.potCell = make([]int32, g.nc*g.n)
	for pot := range ch.potCell {
		ch.potCell[pot] = int32(pot / g.n)
	}
	return ch
}

// unitRef is one of a cell's units: the unit, the cell's position in it
// and the positions of the cell's peers in it.
type unitRef struct {
	u     int32
	idx   uint8
	peers uint16
}

func (ch *chainer) newSet() *pset {
	if ch.used < len(ch.pool) {
		s := ch.pool[ch.used]
		ch.used++
		for _, pot := range s.pots {
			s.idx[pot] = 0
		}
		s.order = s.order[:0]
		s.pots = s.pots[:0]
		return s
	}
	s := &pset{idx: make([]int32, ch.nc*ch.n)}
	ch.pool = append(ch.pool, s)
	ch.used++
	return s
}

// releaseSets makes every set reusable; call it only when no set is live.
func (ch *chainer) releaseSets() {
	ch.used = 0
}

func (ch *chainer) node(pot int32, on bool, cause uint8, parents []int32) int32 {
	id := int32(len(ch.nodes))
	depth := int32(0)
	if len(parents) > 0 {
		depth = ch.nodes[parents[0]].depth + 1
	}
	ch.nodes = append(ch.nodes, cnode{pot: pot, on: on, cause: cause, p0: int32(len(ch.par)), pn: int32(len(parents)), depth: depth})
	ch.par = append(ch.par, parents...)
	return id
}

// node1 is node with a single parent.
func (ch *chainer) node1(pot int32, on bool, cause uint8, parent int32) int32 {
	id := int32(len(ch.nodes))
	ch.nodes = append(ch.nodes, cnode{pot: pot, on: on, cause: cause, p0: int32(len(ch.par)), pn: 1, depth: ch.nodes[parent].depth + 1})
	ch.par = append(ch.par, parent)
	return id
}

func (ch *chainer) parents(id int32) []int32 {
	nd := &ch.nodes[id]
	return ch.par[nd.p0 : nd.p0+nd.pn]
}

func (ch *chainer) key(id int32) int32 {
	nd := &ch.nodes[id]
	k := nd.pot * 2
	if nd.on {
		k++
	}
	return k
}

// ancestors counts the distinct potentials id rests on, itself included.
func (ch *chainer) ancestors(id int32) int {
	ch.gen++
	if ch.gen == 1<<30 {
		clear(ch.stamp)
		ch.gen = 1
	}
	todo := append(ch.tmp[:0], id)
	count := 0
	for len(todo) > 0 {
		x := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		k := ch.key(x)
		if ch.stamp[k] == ch.gen {
			continue
		}
		ch.stamp[k] = ch.gen
		count++
		todo = append(todo, ch.parents(x)...)
	}
	ch.tmp = todo
	return count
}

// lengthBonus is Sudoku Explainer's length increment, in tenths.
func lengthBonus(complexity int) int {
	added, ceil, length, odd := 0, 4, complexity-2, false
	for length > ceil {
		added++
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return added
}

// A succ is a potential that another one implies, before it becomes a
// node: the searches make nodes only of the potentials they keep.
type succ struct {
	pot   int32
	cause uint8
}

// offsOf lists the potentials that pot on turns off: the cell's other
// digits (when y) and the digit in the cell's peers, in the order of peers.
func (ch *chainer) offsOf(cand []uint64, pos []uint16, pot int32, y bool, out []succ) []succ {
	n := int32(ch.n)
	cell := ch.potCell[pot]
	d := pot - cell*n
	if y {
		for m := cand[cell] &^ (1 << d); m != 0; m &= m - 1 {
			out = append(out, succ{cell*n + int32(bits.TrailingZeros64(m)), causeCell})
		}
	}
	for t, r := range ch.ref[cell*3 : cell*3+3] {
		cells := ch.unitCells[r.u*n : r.u*n+n]
		for m := pos[r.u*n+d] & r.peers; m != 0; m &= m - 1 {
			out = append(out, succ{cells[bits.TrailingZeros16(m)]*n + d, causeUnit + uint8(t)})
		}
	}
	return out
}

// onsOf lists the potentials that pot off turns on: the cell's last digit
// (when y) and the digit's last place in each of the cell's units (when
// x).
func (ch *chainer) onsOf(cand []uint64, pos []uint16, pot int32, y, x bool, out []succ) []succ {
	n := int32(ch.n)
	cell := ch.potCell[pot]
	d := pot - cell*n
	if y {
		if m := cand[cell]; popcount(m) == 2 {
			out = append(out, succ{cell*n + int32(bits.TrailingZeros64(m&^(1<<d))), causeCell})
		}
	}
	if x {
		for t, r := range ch.ref[cell*3 : cell*3+3] {
			m := pos[r.u*n+d] &^ (1 << r.idx)
			if m != 0 && m&(m-1) == 0 {
				out = append(out, succ{ch.unitCells[r.u*n+int32(bits.TrailingZeros16(m))]*n + d, causeUnit + uint8(t)})
			}
		}
	}
	return out
}

// onNode makes the node of s, which p off turns on. With save and
// savePos, the grid before a dynamic chain, the candidates the chain
// removed from p's cell (when s is the cell's last digit) or from the
// unit (when s is the digit's last place in it) become extra parents.
func (ch *chainer) onNode(s succ, p int32, cand, save []uint64, pos, savePos []uint16, offs *pset) int32 {
	if save == nil {
		return ch.node1(s.pot, true, s.cause, p)
	}
	n := int32(ch.n)
	pot := ch.nodes[p].pot
	cell, d := pot/n, pot%n
	ps := append(ch.tmp[:0], p)
	if s.cause == causeCell {
		for h := save[cell] &^ cand[cell]; h != 0; h &= h - 1 {
			if id := offs.get(cell*n + int32(bits.TrailingZeros64(h))); id >= 0 {
				ps = append(ps, id)
			}
		}
	} else {
		u := ch.cellUnit[cell][s.cause-causeUnit]
		cells := ch.units[u]
		for h := savePos[u*n+d] &^ pos[u*n+d]; h != 0; h &= h - 1 {
			if id := offs.get(cells[bits.TrailingZeros16(h)]*n + d); id >= 0 {
				ps = append(ps, id)
			}
		}
	}
	id := ch.node(s.pot, true, s.cause, ps)
	ch.tmp = ps
	return id
}

func (ch *chainer) same(a, b int32) bool {
	return ch.nodes[a].pot == ch.nodes[b].pot && ch.nodes[a].on == ch.nodes[b].on
}

// isParent reports whether q lies on p's chain of first parents.
func (ch *chainer) isParent(p, q int32) bool {
	for {
		ps := ch.parents(p)
		if len(ps) == 0 {
			return false
		}
		p = ps[0]
		if ch.same(p, q) {
			return true
		}
	}
}

// bound returns the largest complexity a hint of the given base score may
// have and still beat the best hint so far.
func (ch *chainer) bound(base int) int32 {
	if ch.below > 0 {
		// asked for every source potential, so kept for the last base
		if ch.boundKey != [2]int{ch.below, base} {
			cx := 0
			for cx < 4096 && base+lengthBonus(cx+1) < ch.below {
				cx++
			}
			ch.boundKey, ch.boundCx = [2]int{ch.below, base}, int32(cx)
		}
		return ch.boundCx
	}
	if !ch.bestSet {
		return 1 << 30
	}
	best := int32(0)
	for cx := 1; cx < 4096; cx++ {
		sc := base + lengthBonus(cx)
		if sc > ch.top.score || sc == ch.top.score && cx > ch.top.complexity {
			break
		}
		best = int32(cx)
	}
	return best
}

// consider keeps h when it beats the best hint so far.
func (ch *chainer) consider(h hint) {
	if len(h.elims) == 0 {
		return
	}
	if ch.below > 0 {
		if h.score < ch.below {
			ch.hints = append(ch.hints, h)
		}
		return
	}
	if !ch.bestSet || h.score < ch.top.score || h.score == ch.top.score &&
		(h.complexity < ch.top.complexity || h.complexity == ch.top.complexity && h.sortKey < ch.top.sortKey) {
		ch.top, ch.bestSet = h, true
	}
}

// forcingRules are the forcing-chain tiers in SE's order, as the
// (dynamic, nishio, multiple) settings of the chainer: nishio, then cell
// and unit forcing chains, then dynamic forcing chains.
var forcingRules = [3][3]bool{{true, true, false}, {false, false, true}, {true, false, true}}

// start readies the chainer for a run on the grid of s: no hint kept yet,
// and the potentials and links of the grid as it is. below, when
// positive, makes it keep every hint that scores less (a greedy run)
// instead of the easiest one; the caller resets it to 0 when done.
func (ch *chainer) start(s *solver, below int) {
	ch.below = below
	ch.hints = ch.hints[:0]
	ch.bestSet = false
	ch.fillPos(s.b.cand, ch.pos)
	ch.fillAdj(s.b.cand)
}

// best runs the chaining tiers in order and returns the easiest hint of
// the first tier that has one.
func (ch *chainer) best(s *solver) (hint, bool) {
	ch.start(s, 0)
	ch.unary(s)
	if ch.bestSet {
		return ch.top, true
	}
	if h, ok := s.alignedTriples(); ok {
		return h, true
	}
	for _, rule := range forcingRules {
		ch.dynamic, ch.nishio, ch.multiple = rule[0], rule[1], rule[2]
		ch.multi(s)
		if ch.bestSet {
			return ch.top, true
		}
	}
	return hint{}, false
}

// greedyChains runs the cycles and chains from single potentials that can
// score less than s.below, and returns every hint they find as one: all
// of them hold on the same grid, so they may all be applied at once. It
// stops after the first kind of link (X-only, Y-only, mixed) that gives
// any: the next pass looks again.
func (ch *chainer) greedyChains(s *solver) (hint, bool) {
	ch.start(s, s.below)
	defer func() { ch.below = 0 }()
	ch.unary(s)
	if len(ch.hints) > 0 {
		return ch.merged(), true
	}
	return hint{}, false
}

// greedyForcing follows greedyChains: aligned triples, then the forcing
// chain rules whose chains can score less than s.below with some length
// bonus, every hint of the first tier that has any merged into one.
func (ch *chainer) greedyForcing(s *solver) (hint, bool) {
	if techBase[AlignedTripleExclusion] < s.below {
		if h, ok := s.alignedTriples(); ok && s.fits(h) {
			return h, true
		}
	}
	ch.start(s, s.below)
	defer func() { ch.below = 0 }()
	for _, rule := range forcingRules {
		ch.dynamic, ch.nishio, ch.multiple = rule[0], rule[1], rule[2]
		// A rule whose chains score less only without a length bonus
		// (of six potentials or fewer) is left out: it searches as long
		// as any other, and on 4,000 minimal 9x9 puzzles nishio chains
		// that short, the only rule below 7.6, removed nothing in 776
		// runs.
		if _, base := ch.ruleTech(CellForcingChain); base+1 >= s.below {
			continue
		}
		ch.multi(s)
		if len(ch.hints) > 0 {
			return ch.merged(), true
		}
	}
	return hint{}, false
}

// merged returns the hints kept by a greedy search as one: the first,
// with the eliminations of all and the highest score.
func (ch *chainer) merged() hint {
	h := ch.hints[0]
	h.elims = nil
	var seen potSet
	n := int32(ch.n)
	for _, o := range ch.hints {
		h.score = max(h.score, o.score)
		for _, e := range o.elims {
			if pot := e.c*n + e.d - 1; !seen.has(pot) {
				seen.add(pot)
				h.elims = append(h.elims, e)
			}
		}
	}
	return h
}

// fillPos computes the places of each digit in each unit from cand.
func (ch *chainer) fillPos(cand []uint64, pos []uint16) {
	clear(pos)
	n := ch.n
	for u, cells := range ch.units {
		for i, c := range cells {
			for m := cand[c]; m != 0; m &= m - 1 {
				pos[u*n+bits.TrailingZeros64(m)] |= 1 << i
			}
		}
	}
}

// fillAdj lists the links of the grid whose candidates are cand and whose
// places are ch.pos.
func (ch *chainer) fillAdj(cand []uint64) {
	n := int32(ch.n)
	ch.offAdj, ch.onAdj = ch.offAdj[:0], ch.onAdj[:0]
	for pot := int32(0); pot < int32(ch.nc)*n; pot++ {
		ch.offAt[pot], ch.onAt[pot] = int32(len(ch.offAdj)), int32(len(ch.onAdj))
		if cand[pot/n]>>(pot%n)&1 == 0 {
			ch.offMid[pot], ch.onMid[pot] = ch.offAt[pot], ch.onAt[pot]
			continue
		}
		ch.offAdj = ch.offsOf(cand, ch.pos, pot, true, ch.offAdj)
		ch.offMid[pot] = ch.offAt[pot] + int32(popcount(cand[pot/n])) - 1
		ch.onAdj = ch.onsOf(cand, ch.pos, pot, true, false, ch.onAdj)
		ch.onMid[pot] = int32(len(ch.onAdj))
		ch.onAdj = ch.onsOf(cand, ch.pos, pot, false, true, ch.onAdj)
	}
	last := int32(ch.nc) * n
	ch.offAt[last], ch.onAt[last] = int32(len(ch.offAdj)), int32(len(ch.onAdj))
}

// offs is offsOf on the solver's grid.
func (ch *chainer) offs(pot int32, y bool) []succ {
	if y {
		return ch.offAdj[ch.offAt[pot]:ch.offAt[pot+1]]
	}
	return ch.offAdj[ch.offMid[pot]:ch.offAt[pot+1]]
}

// ons is onsOf on the solver's grid.
func (ch *chainer) ons(pot int32, y, x bool) []succ {
	switch {
	case !x:
		return ch.onAdj[ch.onAt[pot]:ch.onMid[pot]]
	case !y:
		return ch.onAdj[ch.onMid[pot]:ch.onAt[pot+1]]
	}
	return ch.onAdj[ch.onAt[pot]:ch.onAt[pot+1]]
}

func (ch *chainer) reset() {
	ch.nodes = ch.nodes[:0]
	ch.par = ch.par[:0]
	ch.releaseSets()
}

// unary finds cycles and forcing chains from single potentials: X-only,
// Y-only, then mixed links.
func (ch *chainer) unary(s *solver) {
	b := &s.b
	n := int32(ch.n)
	for _, mode := range [3][2]bool{{false, true}, {true, false}, {true, true}} {
		y, x := mode[0], mode[1]
		if ch.below > 0 && len(ch.hints) > 0 {
			return
		}
		skip, cycles := ch.plan(y, x)
		if skip {
			continue
		}
		ch.fillReach(b.cand, y, x, x)
		for c := 0; c < ch.nc; c++ {
			if b.val[c] != 0 || popcount(b.cand[c]) < 2 {
				continue
			}
			if !x && popcount(b.cand[c]) > 2 {
				continue
			}
			for m := b.cand[c]; m != 0; m &= m - 1 {
				ch.reset()
				pot := int32(c)*n + int32(bits.TrailingZeros64(m))
				src := ch.node(pot, true, causeNone, nil)
				if cycles {
					for _, dst := range ch.cycles(b, src, y, x) {
						ch.consider(ch.cycleHint(b, dst, y, x))
					}
				}
				if x {
					for _, t := range ch.forcing(b, src, y) {
						ch.consider(ch.forcingHint(b, t, y))
					}
					off := ch.node(pot, false, causeNone, nil)
					for _, t := range ch.forcing(b, off, y) {
						ch.consider(ch.forcingHint(b, t, y))
					}
				}
			}
		}
	}
}

// plan tells unary whether to skip the mode of links y and x, and whether
// to look for loops in it. Only a greedy search (below set) skips.
func (ch *chainer) plan(y, x bool) (skip, cycles bool) {
	if ch.below == 0 {
		return false, true
	}
	if x && y && 70 >= ch.below || 65 >= ch.below {
		return true, false // every chain of this mode scores too much
	}
	// What a loop removes, a chain from the removed candidate back to
	// itself removes too, with the same links and two more potentials:
	// while such chains are allowed, a greedy search can leave the loops
	// out (the Y-only mode has only loops; its chains run in the mixed
	// mode).
	cycles = !(x && 66+3 < ch.below && (!y || 70+3 < ch.below))
	return !x && 70+3 < ch.below, cycles
}

func (ch *chainer) cycles(b *board, src int32, y, x bool) []int32 {
	n := int32(ch.n)
	toOn, toOff := ch.newSet(), ch.newSet()
	toOn.add(ch, src)
	srcPot := ch.nodes[src].pot
	srcCell, srcDigit := srcPot/n, srcPot%n
	// only the potentials of src's component lead back to it
	rt := &ch.rt
	srcComp := rt.comp[srcPot*2+1]
	if rt.size[srcComp-1] == 1 {
		return nil
	}
	pendOn := append(ch.pendOn[:0], src)
	pendOff, found := ch.pendOff[:0], ch.found[:0]
	length := 0
	base := 65
	if x && y {
		base = 70
	}
	limit := ch.bound(base)
	for len(pendOn) > 0 || len(pendOff) > 0 {
		length++
		for i := 0; i < len(pendOn); i++ {
			p := pendOn[i]
			// what p leads to is one link deeper
			if ch.nodes[p].depth >= limit {
				continue
			}
			for _, sc := range ch.offs(ch.nodes[p].pot, y) {
				if rt.comp[sc.pot*2] != srcComp {
					continue
				}
				if !toOff.has(sc.pot) {
					pendOff = append(pendOff, ch.node1(sc.pot, false, sc.cause, p))
					toOff.add(ch, pendOff[len(pendOff)-1])
					continue
				}
				// An off potential met before turns on what it turned
				// on then, all taken by now, so it matters again only
				// when it leads back to the source: in the source's
				// cell, or on its digit. (One not met before cannot be
				// on p's chain, whose off potentials are all met.)
				if sc.pot/n != srcCell && sc.pot%n != srcDigit {
					continue
				}
				if q := ch.node1(sc.pot, false, sc.cause, p); !ch.isParent(p, q) {
					pendOff = append(pendOff, q)
				}
			}
		}
		pendOn = pendOn[:0]
		length++
		for i := 0; i < len(pendOff); i++ {
			p := pendOff[i]
			if ch.nodes[p].depth >= limit {
				continue
			}
			for _, sc := range ch.ons(ch.nodes[p].pot, y, x) {
				if rt.comp[sc.pot*2+1] != srcComp {
					continue
				}
				if sc.pot == srcPot {
					if length >= 4 {
						found = append(found, ch.node1(sc.pot, true, sc.cause, p))
					}
					continue
				}
				if toOn.has(sc.pot) {
					continue
				}
				q := ch.node1(sc.pot, true, sc.cause, p)
				toOn.add(ch, q)
				pendOn = append(pendOn, q)
			}
		}
		pendOff = pendOff[:0]
		if len(ch.nodes) > 1<<20 {
			break
		}
	}
	ch.pendOn, ch.pendOff, ch.found = pendOn, pendOff, found
	return found
}

// forcing follows src until it meets its own potential with the other
// polarity, and returns that node, or nothing.
func (ch *chainer) forcing(b *board, src int32, y bool) []int32 {
	toOn, toOff := ch.newSet(), ch.newSet()
	pendOn, pendOff := ch.pendOn[:0], ch.pendOff[:0]
	defer func() { ch.pendOn, ch.pendOff = pendOn, pendOff }()
	if ch.nodes[src].on {
		toOn.add(ch, src)
		pendOn = append(pendOn, src)
	} else {
		toOff.add(ch, src)
		pendOff = append(pendOff, src)
	}
	srcPot := ch.nodes[src].pot
	srcOn := ch.nodes[src].on
	// only potentials that lead to the target matter
	rt := &ch.rt
	from, target := srcPot*2, srcPot*2+1
	if srcOn {
		from, target = target, from
	}
	if !rt.reaches(from, target) {
		return nil
	}
	base := 66
	if y {
		base = 70
	}
	// a target's complexity is its depth plus one
	limit := ch.bound(base) - 1
	// The first target met is the only one kept (later ones are the same
	// potential), so the search ends there.
	for len(pendOn) > 0 || len(pendOff) > 0 {
		for i := 0; i < len(pendOn); i++ {
			p := pendOn[i]
			// what p leads to is one link deeper
			if ch.nodes[p].depth >= limit {
				continue
			}
			for _, sc := range ch.offs(ch.nodes[p].pot, y) {
				if srcOn && sc.pot == srcPot {
					return append(ch.found[:0], ch.node1(sc.pot, false, sc.cause, p))
				}
				if toOff.has(sc.pot) || !rt.reaches(sc.pot*2, target) {
					continue
				}
				q := ch.node1(sc.pot, false, sc.cause, p)
				toOff.add(ch, q)
				pendOff = append(pendOff, q)
			}
		}
		pendOn = pendOn[:0]
		for i := 0; i < len(pendOff); i++ {
			p := pendOff[i]
			if ch.nodes[p].depth >= limit {
				continue
			}
			for _, sc := range ch.ons(ch.nodes[p].pot, y, true) {
				if !srcOn && sc.pot == srcPot {
					return append(ch.found[:0], ch.node1(sc.pot, true, sc.cause, p))
				}
				if toOn.has(sc.pot) || !rt.reaches(sc.pot*2+1, target) {
					continue
				}
				q := ch.node1(sc.pot, true, sc.cause, p)
				toOn.add(ch, q)
				pendOn = append(pendOn, q)
			}
		}
		pendOff = pendOff[:0]
	}
	return nil
}

// chainCells lists the cells along id's chain of first parents.
func (ch *chainer) chainCells(id int32) []int32 {
	var cells []int32
	n := int32(ch.n)
	for {
		c := ch.nodes[id].pot / n
		if !inList(cells, c) {
			cells = append(cells, c)
		}
		ps := ch.parents(id)
		if len(ps) == 0 {
			return cells
		}
		id = ps[0]
	}
}

func (ch *chainer) cycleHint(b *board, dst int32, y, x bool) hint {
	tech, base, key := XCycle, 65, 2
	switch {
	case x && y:
		tech, base, key = AICLoop, 70, 4
	case y:
		tech, key = XYCycle, 3
	}
	cx := ch.ancestors(dst)
	score := base + lengthBonus(cx)
	if !ch.beats(score, cx, key) {
		return hint{}
	}
	n := int32(ch.n)
	var loop cellSet
	for p := dst; len(ch.parents(p)) > 0; p = ch.parents(p)[0] {
		loop.add(int(ch.nodes[p].pot / n))
	}
	// the candidates that see an on potential of the loop, and those that
	// see an off one: what sees both goes
	var forw, back potSet
	for p := dst; len(ch.parents(p)) > 0; p = ch.parents(p)[0] {
		nd := ch.nodes[p]
		c, d := nd.pot/n, nd.pot%n
		for _, q := range ch.peers[c] {
			if loop.has(int(q)) || b.cand[q]>>d&1 == 0 {
				continue
			}
			if nd.on {
				forw.add(q*n + d)
			} else {
				back.add(q*n + d)
			}
		}
	}
	both := forw.and(back)
	if both.empty() {
		return hint{}
	}
	// listed in the order the on potentials meet them
	var es []elim
	var listed potSet
	for p := dst; len(ch.parents(p)) > 0; p = ch.parents(p)[0] {
		nd := ch.nodes[p]
		if !nd.on {
			continue
		}
		c, d := nd.pot/n, nd.pot%n
		for _, q := range ch.peers[c] {
			if pot := q*n + d; both.has(pot) && !listed.has(pot) {
				listed.add(pot)
				es = append(es, elim{q, d + 1})
			}
		}
	}
	var cells []int32
	for p := dst; len(ch.parents(p)) > 0; p = ch.parents(p)[0] {
		if c := ch.nodes[p].pot / n; !inList(cells, c) {
			cells = append(cells, c)
		}
	}
	return hint{tech: tech, score: score, cells: cells, place: -1, elims: es, unit: -1, complexity: cx, sortKey: key}
}

// beats reports whether a hint of the given score, complexity and sort
// key may be kept by consider: always in a greedy search, otherwise only
// when it beats the best hint so far. A hint that cannot need not be
// built.
func (ch *chainer) beats(score, cx, key int) bool {
	if ch.below > 0 || !ch.bestSet {
		return true
	}
	t := &ch.top
	return score < t.score || score == t.score && (cx < t.complexity || cx == t.complexity && key < t.sortKey)
}

// potSet is a set of potentials (cell*n + digit-1) of a grid of up to 9x9.
type potSet [12]uint64

func (s *potSet) add(p int32)      { s[p>>6] |= 1 << (p & 63) }
func (s *potSet) has(p int32) bool { return s[p>>6]>>(p&63)&1 != 0 }
func (s *potSet) and(o potSet) potSet {
	var r potSet
	for i := range s {
		r[i] = s[i] & o[i]
	}
	return r
}
func (s *potSet) empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

func appendElim(l []elim, e elim) []elim {
	for _, f := range l {
		if f == e {
			return l
		}
	}
	return append(l, e)
}

// removal lists what a target potential removes: its digit when it is
// off, the cell's other digits when it is on.
func (ch *chainer) removal(b *board, t int32) []elim {
	n := int32(ch.n)
	nd := ch.nodes[t]
	c, d := nd.pot/n, nd.pot%n
	if !nd.on {
		if b.cand[c]>>d&1 == 0 {
			return nil
		}
		return []elim{{c, d + 1}}
	}
	var es []elim
	for m := b.cand[c] &^ (1 << d); m != 0; m &= m - 1 {
		es = append(es, elim{c, int32(bits.TrailingZeros64(m)) + 1})
	}
	return es
}

func (ch *chainer) forcingHint(b *board, t int32, y bool) hint {
	cx := ch.ancestors(t)
	tech, base, key := XChain, 66, 2
	if y {
		tech, base, key = XYChain, 70, 4
		// an XY-chain links digits only inside bivalue cells
		for p := t; ; {
			ps := ch.parents(p)
			if len(ps) == 0 {
				break
			}
			if ch.nodes[p].on && ch.nodes[p].cause != causeCell {
				tech = AIC
				break
			}
			p = ps[0]
		}
	}
	score := base + lengthBonus(cx)
	if !ch.beats(score, cx, key) {
		return hint{}
	}
	return hint{tech: tech, score: score, cells: ch.chainCells(t), place: -1, elims: ch.removal(b, t), unit: -1, complexity: cx, sortKey: key}
}

// chain runs one chain from the potentials in toOn and toOff, on the work
// grid, until nothing more follows or a contradiction shows. It returns
// the two clashing potentials (on, off), or -1, -1.
func (ch *chainer) chain(toOn, toOff *pset) (int32, int32) {
	b := &ch.work
	copy(ch.save, b.cand)
	copy(ch.savePos, ch.workPos)
	defer ch.restoreWork()
	pendOn := append(ch.pendOn[:0], toOn.order...)
	pendOff := append(ch.pendOff[:0], toOff.order...)
	buf := ch.succs
	defer func() { ch.pendOn, ch.pendOff, ch.succs = pendOn, pendOff, buf }()
	y := !ch.nishio
	n := int32(ch.n)
	save, savePos := ch.save, ch.savePos
	if !ch.dynamic {
		save, savePos = nil, nil
	}
	for io, iff := 0, 0; ; {
		if io < len(pendOn) {
			p := pendOn[io]
			io++
			// a chain that removes nothing walks the solver's grid,
			// whose links are listed
			var links []succ
			if ch.dynamic {
				buf = ch.offsOf(b.cand, ch.workPos, ch.nodes[p].pot, y, buf[:0])
				links = buf
			} else {
				links = ch.offs(ch.nodes[p].pot, y)
			}
			for _, sc := range links {
				if toOn.has(sc.pot) {
					return toOn.get(sc.pot), ch.node1(sc.pot, false, sc.cause, p)
				}
				if toOff.has(sc.pot) {
					continue
				}
				q := ch.node1(sc.pot, false, sc.cause, p)
				toOff.add(ch, q)
				pendOff = append(pendOff, q)
			}
			continue
		}
		if iff < len(pendOff) {
			p := pendOff[iff]
			iff++
			pot := ch.nodes[p].pot
			var links []succ
			if ch.dynamic {
				buf = ch.onsOf(b.cand, ch.workPos, pot, y, true, buf[:0])
				links = buf
			} else {
				links = ch.ons(pot, y, true)
			}
			for _, sc := range links {
				if toOff.has(sc.pot) {
					return ch.onNode(sc, p, b.cand, save, ch.workPos, savePos, toOff), toOff.get(sc.pot)
				}
				if toOn.has(sc.pot) {
					continue
				}
				q := ch.onNode(sc, p, b.cand, save, ch.workPos, savePos, toOff)
				toOn.add(ch, q)
				pendOn = append(pendOn, q)
			}
			// p's candidate goes only now: the parents of what it
			// turned on are read from the grid before
			if ch.dynamic {
				c := ch.potCell[pot]
				d := pot - c*n
				b.cand[c] &^= 1 << d
				for _, r := range ch.ref[c*3 : c*3+3] {
					ch.workPos[r.u*n+d] &^= 1 << r.idx
				}
			}
			continue
		}
		return -1, -1
	}
}

// restoreWork puts the work grid back as it was before the chain.
func (ch *chainer) restoreWork() {
	copy(ch.work.cand, ch.save)
	copy(ch.workPos, ch.savePos)
}

func (ch *chainer) ruleTech(kind Technique) (Technique, int) {
	switch {
	case ch.nishio:
		return NishioForcingChain, 75
	case ch.dynamic:
		return DynamicForcingChain, 85
	}
	return kind, 80
}

// multi runs one of the forcing chain rules (nishio, multiple, dynamic)
// from every cell.
func (ch *chainer) multi(s *solver) {
	b := &s.b
	copy(ch.work.cand, b.cand)
	copy(ch.work.val, b.val)
	copy(ch.workPos, ch.pos)
	n := int32(ch.n)
	ch.reset()
	clear(ch.onCache)
	ch.cacheOn, ch.cacheOff = ch.cacheOn[:0], ch.cacheOff[:0]
	ch.cacheA, ch.cacheZ = ch.cacheA[:0], ch.cacheZ[:0]
	var valOn, valOff []*pset
	for c := 0; c < ch.nc; c++ {
		card := popcount(b.cand[c])
		if b.val[c] != 0 || !(card > 2 || card > 1 && ch.dynamic) {
			continue
		}
		valOn, valOff = valOn[:0], valOff[:0]
		for m := b.cand[c]; m != 0; m &= m - 1 {
			d := int32(bits.TrailingZeros64(m))
			pot := int32(c)*n + d
			onOn, onOff := ch.binary(b, pot, card >= 3 && !ch.nishio && ch.dynamic, ch.dynamic || ch.nishio)
			if !ch.nishio {
				ch.unitChains(b, c, d, onOn, onOff)
			}
			valOn = append(valOn, onOn)
			valOff = append(valOff, onOff)
		}
		if !ch.nishio && (card == 2 || ch.multiple && card > 2) {
			ch.reduce(b, valOn, CellForcingChain, 6, []int32{int32(c)})
			ch.reduce(b, valOff, CellForcingChain, 6, []int32{int32(c)})
		}
	}
}

// onChain returns the chain that follows from pot on, computed once per
// rule run: its on and off sets and the contradiction it met, if any.
func (ch *chainer) onChain(pot int32) (on, off *pset, a, z int32) {
	if i := ch.onCache[pot]; i > 0 {
		return ch.cacheOn[i-1], ch.cacheOff[i-1], ch.cacheA[i-1], ch.cacheZ[i-1]
	}
	on, off = ch.newSet(), ch.newSet()
	on.add(ch, ch.node(pot, true, causeNone, nil))
	a, z = ch.chain(on, off)
	ch.cacheOn = append(ch.cacheOn, on)
	ch.cacheOff = append(ch.cacheOff, off)
	ch.cacheA = append(ch.cacheA, a)
	ch.cacheZ = append(ch.cacheZ, z)
	ch.onCache[pot] = int32(len(ch.cacheOn))
	return on, off, a, z
}

// within reports whether the summed complexity of ids can still match the
// best hint so far, and returns the sum.
func (ch *chainer) within(ids ...int32) (int, bool) {
	cx := 0
	for _, id := range ids {
		cx += ch.ancestors(id)
		if ch.bestSet && cx > ch.top.complexity {
			return cx, false
		}
	}
	return cx, true
}

// reduce makes a hint of every potential that all the sets share.
func (ch *chainer) reduce(b *board, sets []*pset, kind Technique, key int, cells []int32) {
	if len(sets) == 0 {
		return
	}
	tech, base := ch.ruleTech(kind)
	for _, id := range sets[0].order {
		pot := ch.nodes[id].pot
		all := true
		for _, s := range sets[1:] {
			if !s.has(pot) {
				all = false
				break
			}
		}
		if !all {
			continue
		}
		cx, ok := 0, true
		for _, s := range sets {
			cx += ch.ancestors(s.get(pot))
			if ch.bestSet && cx > ch.top.complexity {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		cs := append(append([]int32(nil), cells...), pot/int32(ch.n))
		ch.consider(hint{tech: tech, score: base + lengthBonus(cx), cells: cs, place: -1, elims: ch.removal(b, id), unit: -1, complexity: cx, sortKey: key})
	}
}

func (ch *chainer) binary(b *board, pot int32, double, contradiction bool) (*pset, *pset) {
	tech, base := ch.ruleTech(DynamicForcingChain)
	n := int32(ch.n)
	c := pot / n
	pOff := ch.node(pot, false, causeNone, nil)
	onOn, onOff, a, z := ch.onChain(pot)
	pOn := onOn.order[0]
	if a >= 0 && contradiction {
		if cx, ok := ch.within(a, z); ok {
			ch.consider(hint{tech: tech, score: base + lengthBonus(cx), cells: []int32{c, ch.nodes[a].pot / n}, place: -1, elims: ch.removal(b, pOff), unit: -1, complexity: cx, sortKey: 7})
		}
	}
	if !double && !contradiction {
		// the chain from pot off would serve nothing
		return onOn, onOff
	}
	offOn, offOff := ch.newSet(), ch.newSet()
	offOff.add(ch, pOff)
	if a, z := ch.chain(offOn, offOff); a >= 0 && contradiction {
		if cx, ok := ch.within(a, z); ok {
			ch.consider(hint{tech: tech, score: base + lengthBonus(cx), cells: []int32{c, ch.nodes[a].pot / n}, place: -1, elims: ch.removal(b, pOn), unit: -1, complexity: cx, sortKey: 7})
		}
	}
	if double {
		for _, id := range onOn.order {
			pot := ch.nodes[id].pot
			if offOn.has(pot) {
				if cx, ok := ch.within(id, offOn.get(pot)); ok {
					ch.consider(hint{tech: tech, score: base + lengthBonus(cx), cells: []int32{c, pot / n}, place: -1, elims: ch.removal(b, id), unit: -1, complexity: cx, sortKey: 1})
				}
			}
		}
		for _, id := range onOff.order {
			pot := ch.nodes[id].pot
			if offOff.has(pot) {
				if cx, ok := ch.within(id, offOff.get(pot)); ok {
					ch.consider(hint{tech: tech, score: base + lengthBonus(cx), cells: []int32{c, pot / n}, place: -1, elims: ch.removal(b, id), unit: -1, complexity: cx, sortKey: 1})
				}
			}
		}
	}
	return onOn, onOff
}

// unitChains: the digit's places in a unit; whichever holds it, the
// shared consequences follow.
func (ch *chainer) unitChains(b *board, c int, d int32, onOn, onOff *pset) {
	n := int32(ch.n)
	bit := uint64(1) << d
	places, ons, offs := ch.places, ch.unitOn, ch.unitOff
	for t := 0; t < 3; t++ {
		u := ch.cellUnit[c][t]
		places = places[:0]
		for _, q := range ch.units[u] {
			if b.cand[q]&bit != 0 {
				places = append(places, q)
			}
		}
		if !(len(places) == 2 || ch.multiple && len(places) > 2) || places[0] != int32(c) {
			continue
		}
		ons = append(ons[:0], onOn)
		offs = append(offs[:0], onOff)
		for _, q := range places[1:] {
			o, f, _, _ := ch.onChain(q*n + d)
			ons = append(ons, o)
			offs = append(offs, f)
		}
		ch.reduce(b, ons, UnitForcingChain, 5, places)
		ch.reduce(b, offs, UnitForcingChain, 5, places)
	}
	ch.places, ch.unitOn, ch.unitOff = places, ons, offs
}
