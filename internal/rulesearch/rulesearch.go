package rulesearch

import (
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/sudokugen/sudokugen/grid"
)

// Model is the propagation tables of one shape and rule set. It is read
// only once built, and shared by the searches on it.
type Model struct {
	Shape grid.Shape
	Rules *grid.Rules
	N     int
	Full  uint64 // every digit's bit
	Units *grid.RuleUnits
	init  []uint64 // the digits each cell may hold at all (odd and even)
	imp   *grid.Implied
	links [][]link // per cell: the pair constraints from it
	cages []cage   // the cages with a sum, then the implied ones
	lefts []grid.Leftover
	// links and sums of the rules, for valid
	ruleLinks []grid.Link
	sums      []grid.Cage
	pairSums  int    // the implied pair sums (grid.Implied.Sums), for Uses
	wideSums  []bool // grid.Implied.WideSums
	// groupOf lists the constraints on several cells that each cell is
	// in: k for cages[k], len(cages)+k for lefts[k].
	groupOf [][]int32
	// own are the kinds' own clauses (grid.Lowered.Clauses), nil when
	// there are none.
	own *clauseTable
	// adds are the additions of the kinds' sums, propagated on their
	// bounds in place of their clauses (see adds.go)
	adds    []addition
	ladders []ladder
	// scopes are the cells of each rule that ties them together beyond
	// pairs (grid.Lowered.Scopes), for the probes (see probe.go)
	scopes [][]int32
	// scopeAfter is, for each scope, the nodes a search visits before it
	// probes it (0, probeAfter or probeLateAfter); probeStarts lists the
	// distinct values, lowest first: the searches a walk starts over.
	scopeAfter  []int
	probeStarts []int
	// places are the digits whose place in a unit the branching decides
	// early (grid.Lowered.Places)
	places []place
	// sets are the rules whose cells hold one of a few sets of digits
	// (grid.Lowered.Sets), for exclude
	sets []grid.DigitSets
	// mem holds own, adds and ladders, for Release; nil in a model derived
	// from another (WithoutImplied, WithoutWide), which shares them
	mem *tableMem
}

// place is a grid.Place: the cells of a unit and the digit's bit.
type place struct {
	unit []int32
	bit  uint64
}

// link is a pair constraint seen from one cell: allow[d-1] holds the
// digits of cell to that fit digit d in this cell.
type link struct {
	to    int32
	allow []uint64
	// byMask, when not nil, holds for every set of digits m of this cell
	// the union of allow over m: the digits of cell to that fit one of
	// them (see maskTable)
	byMask []uint64
	imp    int32 // the index of an implied pair sum in grid.Implied.Sums, -1 for a rule's link
}

// maskTableMax is the largest N whose links get a table by mask: 2^N
// words per relation and direction, 4 KB at N = 9.
const maskTableMax = 9

// maskTable returns the table of allow by set of digits (see link.byMask)
// for a grid of size n, nil when n is past maskTableMax.
func maskTable(n int, allow []uint64) []uint64 {
	if n > maskTableMax {
		return nil
	}
	key := maskKey{n: n}
	copy(key.allow[:], allow)
	if t, ok := maskTables.Load(key); ok {
		return t.([]uint64)
	}
	t := make([]uint64, 1<<n)
	for m := 1; m < len(t); m++ {
		low := bits.TrailingZeros(uint(m))
		t[m] = t[m&(m-1)] | allow[low]
	}
	if maskTablesKept.Add(1) <= maskTablesMax {
		maskTables.Store(key, t)
	}
	return t
}

// maskTables keeps the tables of maskTable, which are never written
// after they are made, by N and relation: up to maskTablesMax of them
// (2 MB at N = 9). A renban line's relation is a new one for each line
// of each puzzle, and the tables were a sixth of a renban check's bytes.
var (
	maskTables     sync.Map // maskKey to []uint64
	maskTablesKept atomic.Int64
)

const maskTablesMax = 512

type maskKey struct {
	n     int
	allow [maskTableMax]uint64
}

// fits returns the digits of l.to that fit one of the digits m.
func (l *link) fits(m uint64) uint64 {
	if l.byMask != nil {
		return l.byMask[m]
	}
	var allow uint64
	for ; m != 0; m &= m - 1 {
		allow |= l.allow[bits.TrailingZeros64(m)]
	}
	return allow
}

// cage is a cage with a sum: its cells and the digit sets that make it.
type cage struct {
	cells []int32
	sets  []uint64 // bit d-1 for digit d
	peers []int32  // the cells that see every cell of the cage
	// y0 is the variable of the CNF of package sat that says the cage
	// holds sets[0], sets[j] the next ones: there the N^3 cell variables
	// come first, then for each cage with a sum, in the order of cages, N
	// variables u(d) and one y(j) per set.
	y0 int
	// index is the cage's in Model.cages, for Uses
	index int32
	// wide says that the cage is implied by a group of two units or
	// more (grid.Implied.WideCages); off, that the model goes without it
	// (see WithoutWide)
	wide, off bool
}

// NewModel returns the tables of shape s with rules r, which must be valid
// for s (see grid.Rules.Validate).
func NewModel(s grid.Shape, r *grid.Rules) *Model {
	return newModel(s, r, nil)
}

// NewModelOf is NewModel for a caller that has r lowered already: l is
// r.Lower(s), which the model reads and leaves as it is.
func NewModelOf(s grid.Shape, r *grid.Rules, l *grid.Lowered) *Model {
	return newModelOf(s, r, l, nil)
}

// newModel is NewModel with more, when not nil, adding to the lowered
// rules (for tests of constraints that no kind gives yet).
func newModel(s grid.Shape, r *grid.Rules, more func(l *grid.Lowered)) *Model {
	if r == nil {
		return newModelOf(s, r, nil, more)
	}
	l := r.LowerForSearch(s)
	m := newModelOf(s, r, l, more)
	if more == nil { // else more may keep l to read it
		l.ReleaseClauses() // read into the model's own table
	}
	return m
}

// newModelOf is newModel with r lowered as l (nil for nil rules).
func newModelOf(s grid.Shape, r *grid.Rules, l *grid.Lowered, more func(l *grid.Lowered)) *Model {
	n := s.N()
	m := &Model{Shape: s, Rules: r, N: n, Full: uint64(1)<<n - 1, init: make([]uint64, n*n)}
	for i := range m.init {
		m.init[i] = m.Full
	}
	if r == nil {
		m.Units = r.Units(s)
		m.links, m.groupOf = make([][]link, n*n), make([][]int32, n*n)
		return m
	}
	m.Units = r.UnitsOf(s, l)
	if more != nil {
		more(l)
	}
	for _, mk := range l.Masks {
		m.init[mk.Cell] &= mk.Digits
	}
	table := func(ok func(a, b int) bool) []uint64 { return grid.RelationTable(n, ok) }
	// one table per relation of the links: the links of a kind share it
	type tables struct{ ab, ba, abMask, baMask []uint64 }
	byRel := map[*grid.Relation]tables{}
	imp := grid.ImplyWith(s, r, m.Units, l.Sums)
	m.links = presizedLinks(n, l.Links, imp.Sums)
	for _, k := range l.Links {
		t, ok := byRel[k.Rel]
		if !ok {
			f := k.Rel.Allows
			t.ab, t.ba = table(f), table(func(a, b int) bool { return f(b, a) })
			t.abMask, t.baMask = maskTable(n, t.ab), maskTable(n, t.ba)
			byRel[k.Rel] = t
		}
		m.links[k.A] = append(m.links[k.A], link{k.B, t.ab, t.abMask, -1})
		m.links[k.B] = append(m.links[k.B], link{k.A, t.ba, t.baMask, -1})
	}
	m.sums, m.ruleLinks = l.Sums, l.Links
	m.imp = imp
	m.pairSums, m.wideSums = len(imp.Sums), imp.WideSums
	for k, p := range imp.Sums {
		t := table(p.Allows)
		m.links[p.A] = append(m.links[p.A], link{p.B, t, nil, int32(k)})
		m.links[p.B] = append(m.links[p.B], link{p.A, t, nil, int32(k)})
	}
	vars := n * n * n
	m.cages = make([]cage, 0, len(l.Sums)+len(imp.Cages))
	for k, c := range append(slices.Clip(l.Sums), imp.Cages...) {
		sets := grid.Combinations(n, len(c.Cells), c.Sum)
		for k := range sets {
			sets[k] >>= 1
		}
		wide := k >= len(l.Sums) && imp.WideCages[k-len(l.Sums)]
		m.cages = append(m.cages, cage{cells: c.Cells, sets: sets, peers: imp.Peers[k], y0: vars + n + 1, index: int32(k), wide: wide})
		vars += n + len(sets)
	}
	m.lefts = imp.Same
	m.mem = newTableMem()
	m.own, m.adds, m.ladders = newClauseTable(n, l, m.mem)
	m.scopes, m.scopeAfter, m.probeStarts = scopesOf(l.Scopes, l.LateScopes, l.EarlyScopes)
	m.sets = l.Sets
	for _, p := range l.Places {
		m.places = append(m.places, place{p.Unit, uint64(1) << (p.Digit - 1)})
	}
	m.groupOf = m.presizedGroups()
	for k, c := range m.cages {
		for _, x := range c.cells {
			m.groupOf[x] = append(m.groupOf[x], int32(k))
		}
	}
	for k, l := range m.lefts {
		for _, x := range l.A {
			m.groupOf[x] = append(m.groupOf[x], int32(len(m.cages)+k))
		}
		for _, x := range l.B {
			m.groupOf[x] = append(m.groupOf[x], int32(len(m.cages)+k))
		}
	}
	return m
}

// presizedLinks returns the lists of links per cell of a grid of size n,
// empty, each with room for those of links and sums that it will hold:
// one array for all, where appending to each list made a line of renban
// or whispers, whose pairs are many, grow each list several times.
func presizedLinks(n int, links []grid.Link, sums []grid.PairSum) [][]link {
	count := make([]int32, n*n)
	for _, k := range links {
		count[k.A]++
		count[k.B]++
	}
	for _, p := range sums {
		count[p.A]++
		count[p.B]++
	}
	return presized[link](count)
}

// presizedGroups returns the lists of groupOf, empty, each with room for
// the cages and leftover pairs of m that its cell is in.
func (m *Model) presizedGroups() [][]int32 {
	count := make([]int32, m.N*m.N)
	for _, c := range m.cages {
		for _, x := range c.cells {
			count[x]++
		}
	}
	for _, l := range m.lefts {
		for _, x := range l.A {
			count[x]++
		}
		for _, x := range l.B {
			count[x]++
		}
	}
	return presized[int32](count)
}

// presized returns empty lists, the i-th with room for count[i]
// elements, cut from one array.
func presized[T any](count []int32) [][]T {
	total := 0
	for _, c := range count {
		total += int(c)
	}
	all := make([]T, total)
	out := make([][]T, len(count))
	at := 0
	for i, c := range count {
		if c > 0 {
			out[i] = all[at : at : at+int(c)]
			at += int(c)
		}
	}
	return out
}

// WithoutImplied returns m without the constraints that its rules imply
// (grid.Imply): its searches neither propagate nor branch on them, and
// record none in Uses, so that the proof of a verdict they reach does not
// rest on them. m is left as it is.
func (m *Model) WithoutImplied() *Model {
	c := *m
	c.mem = nil
	c.cages = slices.Clone(m.cages[:len(m.sums)])
	for k := range c.cages {
		c.cages[k].peers = nil
	}
	c.lefts, c.pairSums = nil, 0
	c.groupOf = make([][]int32, len(m.groupOf))
	for i, ks := range m.groupOf {
		for _, k := range ks {
			if int(k) < len(m.sums) {
				c.groupOf[i] = append(c.groupOf[i], k)
			}
		}
	}
	c.links = make([][]link, len(m.links))
	for i, ls := range m.links {
		for _, l := range ls {
			if l.imp < 0 {
				c.links[i] = append(c.links[i], l)
			}
		}
	}
	return &c
}

// WithoutWide returns m without the constraints that its rules imply over
// groups of two units or more (grid.Implied.WideCages and WideSums, and
// every leftover pair): its searches neither propagate nor branch on them,
// and record none in Uses. The rest keep their indices, those of
// grid.Implied. m is left as it is.
func (m *Model) WithoutWide() *Model {
	c := *m
	c.mem = nil
	c.cages = slices.Clone(m.cages)
	for k := range c.cages {
		c.cages[k].off = c.cages[k].wide
	}
	c.groupOf = make([][]int32, len(m.groupOf))
	for i, ks := range m.groupOf {
		for _, k := range ks {
			if int(k) < len(c.cages) && !c.cages[k].off {
				c.groupOf[i] = append(c.groupOf[i], k)
			}
		}
	}
	c.links = make([][]link, len(m.links))
	for i, ls := range m.links {
		for _, l := range ls {
			if l.imp < 0 || !m.wideSums[l.imp] {
				c.links[i] = append(c.links[i], l)
			}
		}
	}
	return &c
}

// Wide returns the number of m's implied constraints over groups of two
// units or more, as Uses counts them: those WithoutWide goes without.
func (m *Model) Wide() int {
	k := len(m.lefts)
	for _, c := range m.cages {
		if c.wide {
			k++
		}
	}
	for _, w := range m.wideSums {
		if w {
			k++
		}
	}
	return k
}

// Implications returns the constraints the rules imply (grid.ImplyWith)
// that m was made with, for a reader of the same rules (the logical
// solve of package rate), which must not change them.
func (m *Model) Implications() *grid.Implied { return m.imp }

// Implied returns the number of m's implied constraints, as Uses counts
// them: the peers of each of the rules' cages with a sum, each implied
// cage, pair sum and leftover pair.
func (m *Model) Implied() int { return len(m.cages) + m.pairSums + len(m.lefts) }

// Light reports whether the propagation of m is of cells, units and links
// alone: no cage sums, leftover pairs or kinds' own clauses. Its nodes
// cost one or two microseconds on 9x9, a tenth of those of sums, so a
// search of it may be given more nodes before gophersat takes over.
func (m *Model) Light() bool {
	return len(m.cages) == 0 && len(m.lefts) == 0 && m.own == nil
}

// Search is the state of searches on one model. It is for one goroutine
// at a time.
type Search struct {
	*Model
	queue   workQueue // the cells whose candidates changed
	units   workQueue // the units with such a cell
	cageQ   workQueue // the constraints of groupOf with such a cell
	saved   [][]uint64
	clauses clauseState // of the kinds' own clauses
	cases   [][]uint64  // the cases of a branch, per depth
	// weight counts, per cell, 1 + the times propagation left the cell no
	// candidate or found a kind's own clause on it false, over every
	// search on this Search: the branching prefers the cells that fail
	// often, which settles hard puzzles in far fewer nodes (the "weighted
	// degree" of constraint solvers).
	//
	// Counting the clauses' conflicts too, measured on 200 generated
	// minimal puzzles of each family, took the search's nodes from 37,818
	// to 33,337 on region sum lines, 22,671 to 19,589 on little killers,
	// 15,800 to 11,972 on arrows, 8,675 to 7,250 on skyscrapers, 11,836 to
	// 10,132 on X-sums and 4,916 to 4,052 on sandwiches, and on
	// SudokuSolver's test puzzles from 47,849 to 38,105 (dab 11,250 to
	// 1,904); whispers with renban and palindromes went from 129,265 to
	// 139,216, eddies from 13,466 to 15,221. Counting as well the units
	// left without a digit and the cages without a sum took fewer nodes
	// on killers and more on lines.
	weight []int
	// Trace, if not nil, receives the refutations of Count.
	Trace Tracer
	// Uses, if not nil, records the implied constraints the searches'
	// propagation used (see Uses).
	Uses *Uses
	// supports holds per scope the last supports its probes found, and
	// nextSupport the one to replace next (see keep)
	supports    [][][]uint8
	nextSupport []int
	// LateProbes has the probes of every scope wait for probeLateAfter
	// nodes (see probeAfter), as generation's searches want: many and
	// mostly short, they lose more to early probes than they gain (200
	// little killer puzzles took 5.1 CPU-s to make with probes from 100
	// nodes on, 4.0 with this).
	LateProbes bool
	// changes counts the narrowings, so that a rule's propagation tells
	// whether it removed a candidate
	changes int
	// seen, holders and outs are exclude's: per cell, how many of the
	// holders of a digit it sees; those holders; the cells that see them
	// all
	seen          []int32
	holders, outs []int32
}

// New returns a Search on model m.
func New(m *Model) *Search {
	s := &Search{Model: m, queue: newWorkQueue(m.N * m.N), units: newWorkQueue(len(m.Units.Units)),
		cageQ: newWorkQueue(len(m.cages) + len(m.lefts)), weight: make([]int, m.N*m.N)}
	for i := range s.weight {
		s.weight[i] = 1
	}
	if p, ok := depthMems.Get().(*depthMem); ok {
		s.saved, s.cases = p.saved[:0], p.cases[:0]
	}
	s.clauses.init(m.own)
	s.clauses.adds, s.clauses.ladders = newWorkQueue(len(m.adds)), newWorkQueue(len(m.ladders))
	s.supports, s.nextSupport = make([][][]uint8, len(m.scopes)), make([]int, len(m.scopes))
	return s
}

// Release gives memory of s back for the next search to take, once s is
// done with: s may not be used after it. A caller that checks puzzle
// after puzzle calls it so that each check allocates less.
func (s *Search) Release() {
	s.clauses.release()
	if len(s.saved)*s.N*s.N <= 1<<20 {
		depthMems.Put(&depthMem{s.saved, s.cases})
	}
	s.saved, s.cases = nil, nil
}

// depthMem is the memory per depth of a search (Search.saved and cases),
// which Release gives to the next search: their slices are kept beyond
// the lists' length 0 (see grow).
type depthMem struct{ saved, cases [][]uint64 }

var depthMems sync.Pool

func single(m uint64) bool { return m&(m-1) == 0 }

// workQueue holds indices waiting for work, each once: a stack of them,
// and whether each is in it.
type workQueue struct {
	items []int32
	in    []bool
}

func newWorkQueue(n int) workQueue { return workQueue{in: make([]bool, n)} }

func (q *workQueue) len() int { return len(q.items) }

// push queues k unless it is queued.
func (q *workQueue) push(k int32) {
	if !q.in[k] {
		q.in[k] = true
		q.items = append(q.items, k)
	}
}

// pop takes the index queued last out.
func (q *workQueue) pop() int32 {
	k := q.items[len(q.items)-1]
	q.items = q.items[:len(q.items)-1]
	q.in[k] = false
	return k
}

// clear empties q.
func (q *workQueue) clear() {
	for _, k := range q.items {
		q.in[k] = false
	}
	q.items = q.items[:0]
}

// narrow leaves cell i only the digits of mask; false when none is left.
func (s *Search) narrow(cand []uint64, i int32, mask uint64) bool {
	m := cand[i] & mask
	if m == cand[i] {
		return true
	}
	if m == 0 {
		s.weight[i]++
		return false
	}
	if s.own != nil {
		s.changed(i, cand[i], m)
	}
	s.changes++
	cand[i] = m
	s.queue.push(i)
	return true
}

// reset forgets the pending work after a conflict.
func (s *Search) reset() {
	if s.clauses.t != s.own || s.own != nil && s.own.released {
		panic("rulesearch: a search on a released model")
	}
	s.queue.clear()
	s.units.clear()
	s.cageQ.clear()
	s.clauses.reset()
}

// touchAll queues every cell, unit and cage, for the first propagation.
func (s *Search) touchAll() {
	for i := range s.N * s.N {
		s.queue.push(int32(i))
	}
	if s.own != nil {
		s.clauses.touchAll()
	}
}

// propagate runs the rules' propagation (see the package doc) until
// nothing changes; false on a conflict, after which the pending work is
// dropped.
func (s *Search) propagate(cand []uint64) bool {
	if !s.run(cand) {
		s.reset()
		return false
	}
	return true
}

func (s *Search) run(cand []uint64) bool {
	for {
		for s.queue.len() > 0 {
			i := s.queue.pop()
			m := cand[i]
			if single(m) {
				for _, p := range s.Units.Peers[i] {
					if cand[p]&m != 0 && !s.narrow(cand, p, ^m) {
						return false
					}
				}
			}
			for k := range s.links[i] {
				l := &s.links[i][k]
				if !s.narrowLink(cand, l, l.fits(m)) {
					return false
				}
			}
			for _, k := range s.Units.Of[i] {
				s.units.push(k)
			}
			for _, k := range s.groupOf[i] {
				s.cageQ.push(k)
			}
		}
		switch {
		case s.own != nil && s.clauses.pending():
			if !s.unit(cand) {
				return false
			}
		case s.cageQ.len() > 0:
			k := s.cageQ.pop()
			if !s.group(cand, int(k)) {
				return false
			}
		case s.units.len() > 0:
			k := s.units.pop()
			if !s.hidden(cand, s.Units.Units[k]) {
				return false
			}
		default:
			return true
		}
	}
}

// narrowLink leaves cell l.to only the digits of allow, for link l,
// recording an implied pair sum that removes a digit or fails.
func (s *Search) narrowLink(cand []uint64, l *link, allow uint64) bool {
	before := s.changes
	ok := s.narrow(cand, l.to, allow)
	if l.imp >= 0 && (!ok || s.changes != before) {
		s.Uses.sum(l.imp)
	}
	return ok
}

// group propagates constraint k of groupOf, a cage with a sum or a
// leftover pair, recording an implied one that removes a digit or fails.
func (s *Search) group(cand []uint64, k int) bool {
	before := s.changes
	var ok bool
	if k < len(s.cages) {
		ok = s.sum(cand, &s.cages[k])
	} else {
		ok = s.leftover(cand, &s.lefts[k-len(s.cages)])
	}
	if !ok || s.changes != before {
		s.Uses.group(s.Model, k)
	}
	return ok
}

// sum keeps in the cells of cage c the digits of its live digit sets: those
// that hold every digit placed in the cage and whose every digit has a
// place left in it.
func (s *Search) sum(cand []uint64, c *cage) bool {
	in := scan(cand, c.cells)
	allowed, required := uint64(0), s.Full
	for _, set := range c.sets {
		if in.placed&^set == 0 && set&^in.once == 0 {
			allowed |= set
			required &= set
		}
	}
	if allowed == 0 {
		return false
	}
	if in.once&^allowed != 0 && !s.narrowAll(cand, c.cells, allowed) {
		return false
	}
	// a digit of every live set leaves the cells that see the whole cage,
	// and goes to its one place left in the cage
	h := required &^ in.placed
	if h == 0 {
		return true
	}
	// (every live set lies in in.once, and narrowing the cells to allowed
	// left the places of these digits as they were)
	before := s.changes
	if !s.narrowAll(cand, c.peers, ^h) {
		s.Uses.peers(s.Model, c.index)
		return false
	}
	if s.changes != before {
		s.Uses.peers(s.Model, c.index)
	}
	return s.placeOnce(cand, c.cells, h&^in.twice)
}

// leftover keeps in each cell of one side of l only the digits that the
// other side has left, and places a digit placed on one side in its one
// place left on the other: the clauses x(a,d) -> OR over b of x(b,d).
func (s *Search) leftover(cand []uint64, l *grid.Leftover) bool {
	a, b := scan(cand, l.A), scan(cand, l.B)
	if a.once&^b.once != 0 && !s.narrowAll(cand, l.A, b.once) {
		return false
	}
	if b.once&^a.once != 0 && !s.narrowAll(cand, l.B, a.once) {
		return false
	}
	return s.placeOnce(cand, l.B, a.placed&(b.once&^b.twice)&^b.placed) &&
		s.placeOnce(cand, l.A, b.placed&(a.once&^a.twice)&^a.placed)
}

// digits sums up the candidates of some cells: the digits of some cell,
// of two cells or more, and of a cell that has only it.
type digits struct {
	once, twice, placed uint64
}

func scan(cand []uint64, cells []int32) digits {
	var d digits
	for _, x := range cells {
		m := cand[x]
		d.twice |= d.once & m
		d.once |= m
		if single(m) {
			d.placed |= m
		}
	}
	return d
}

// narrowAll leaves each of cells only the digits of mask.
func (s *Search) narrowAll(cand []uint64, cells []int32, mask uint64) bool {
	for _, x := range cells {
		if !s.narrow(cand, x, mask) {
			return false
		}
	}
	return true
}

// placeOnce places each digit of h in the one cell of cells that has it.
func (s *Search) placeOnce(cand []uint64, cells []int32, h uint64) bool {
	for ; h != 0; h &= h - 1 {
		d := h & -h
		for _, x := range cells {
			if cand[x]&d != 0 {
				if !s.narrow(cand, x, d) {
					return false
				}
				break
			}
		}
	}
	return true
}

// hidden places every digit with one place left in unit; false when a
// digit has none.
func (s *Search) hidden(cand []uint64, unit []int32) bool {
	d := scan(cand, unit)
	return d.once == s.Full && s.placeOnce(cand, unit, d.once&^d.twice&^d.placed)
}

// Start returns the candidates of the puzzle cells (0 for empty) after
// propagation, and false when propagation finds a conflict.
func (s *Search) Start(cells []uint8) ([]uint64, bool) {
	cand := append([]uint64(nil), s.init...)
	s.reset()
	for i, v := range cells {
		if v != 0 && !s.narrow(cand, int32(i), uint64(1)<<(v-1)) {
			return cand, false
		}
	}
	s.useAux(0, true)
	s.touchAll()
	return cand, s.propagate(cand)
}

// slot returns the candidate buffer of depth d.
func (s *Search) slot(d int) []uint64 {
	s.saved = grow(s.saved, d, s.N*s.N)
	return s.saved[d]
}

// Cells turns candidates with one digit per cell into digits.
func Cells(cand []uint64) []uint8 {
	out := make([]uint8, len(cand))
	for i, m := range cand {
		out[i] = uint8(bits.TrailingZeros64(m) + 1)
	}
	return out
}

// valid reports whether a leaf, every cell with one candidate, keeps every
// rule: a check from the rules' tables that does not trust propagation.
func (s *Search) valid(cand []uint64) bool {
	for _, unit := range s.Units.Units {
		var seen uint64
		for _, c := range unit {
			seen |= cand[c]
		}
		if seen != s.Full {
			return false
		}
	}
	for i, ps := range s.Units.Peers {
		for _, p := range ps {
			if cand[p] == cand[i] {
				return false
			}
		}
	}
	for i, m := range cand {
		if m&s.init[i] == 0 {
			return false
		}
	}
	digit := func(c int32) int { return bits.TrailingZeros64(cand[c]) + 1 }
	for _, l := range s.ruleLinks {
		if !l.Rel.Allows(digit(l.A), digit(l.B)) {
			return false
		}
	}
	for _, c := range s.sums {
		sum := 0
		for _, x := range c.Cells {
			sum += digit(x)
		}
		if sum != c.Sum {
			return false
		}
	}
	return s.clausesHold(cand)
}

// Narrow leaves cell i of cand only the digits of mask, queueing it for
// Propagate; false when none is left.
func (s *Search) Narrow(cand []uint64, i int32, mask uint64) bool { return s.narrow(cand, i, mask) }

// Propagate runs the propagation of the rules on cand until nothing
// changes; false on a conflict.
func (s *Search) Propagate(cand []uint64) bool { return s.propagate(cand) }

// Try reports whether propagation survives digit bit d placed in cell i
// of cand, a propagated state of the last Start: a trial one digit deep.
// It works on a copy at depth 1, with the auxiliary variables' values of
// the kinds' own clauses copied there too, so that neither cand nor those
// values change: what the trial sets does not reach the next trial, nor
// the propagation of cand after it.
func (s *Search) Try(cand []uint64, i int32, d uint64) bool {
	try := s.slot(1)
	copy(try, cand)
	s.useAux(1, false)
	defer s.useAux(0, false)
	if !s.narrow(try, i, d) {
		s.reset()
		return false
	}
	return s.propagate(try)
}
