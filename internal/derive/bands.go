package derive

import (
	"slices"
	"strconv"

	"github.com/sudokugen/sudokugen/grid"
)

// band is a group of k units that share no cell (one unit, or k rows or
// k columns in a row), which holds each digit k times: grid.Imply finds
// the innies and outies of the 45 rule in such groups.
type band struct {
	units []int32 // indices in RuleUnits.Units
	in    []bool  // per cell: in one of the units
}

// counting says how counted derived a cage: as the innies or the outies
// of a band of k units.
type counting struct {
	outie bool
	k     int
}

// bandList returns the bands that grid.Imply looks at: each unit, then
// the windows of 2 to N-1 rows in a row, and of columns (units 0..N-1 are
// the rows, N..2N-1 the columns).
func (p *planner) bandList() []band {
	if p.bands != nil {
		return p.bands
	}
	n := p.n
	add := func(units ...int32) {
		b := band{units: units, in: make([]bool, n*n)}
		for _, u := range units {
			for _, z := range p.units.Units[u] {
				b.in[z] = true
			}
		}
		p.bands = append(p.bands, b)
	}
	for u := range p.units.Units {
		add(int32(u))
	}
	if len(p.units.Units) >= 2*n {
		for _, side := range []int32{0, int32(n)} {
			for k := 2; k < n; k++ {
				for first := 0; first+k <= n; first++ {
					units := make([]int32, k)
					for i := range units {
						units[i] = side + int32(first+i)
					}
					add(units...)
				}
			}
		}
	}
	p.distinct = make([]bool, len(p.cages))
	for k, c := range p.cages {
		p.distinct[k] = true
		for i, a := range c.Cells {
			for _, b := range c.Cells[i+1:] {
				if _, ok := slices.BinarySearch(p.units.Peers[a], b); !ok {
					p.distinct[k] = false
				}
			}
		}
	}
	return p.bands
}

// counted derives that implied cage c, with variables v, holds one of its
// digit sets when it is the innies or the outies of a band of k units, by
// counting (see innie and outie): which digits each cage holds, not
// where. False when c is neither, or the derivations fail; the lemmas
// derived so far stay, true as they are.
func (p *planner) counted(c grid.Cage, v cageVars) (counting, bool) {
	want := slices.Clone(c.Cells)
	slices.Sort(want)
	// a cage may be the innies of a band and the outies of another (of
	// rows 1-6 and of rows 7-9): the argument with fewer clauses first
	var args []argument
	for _, b := range p.bandList() {
		if parts, ok := p.innies(want, b); ok {
			if a, ok := p.innie(c, v, b, parts); ok {
				args = append(args, a)
			}
		}
		if ks, ok := p.outies(want, b); ok {
			if a, ok := p.outie(c, v, b, ks); ok {
				args = append(args, a)
			}
		}
	}
	slices.SortStableFunc(args, func(a, b argument) int { return a.size() - b.size() })
	for _, a := range args {
		if p.settle(sets(v), a.around, a.fams) {
			return a.how, true
		}
	}
	return counting{}, false
}

// argument is the counting of a cage as the innies or outies of a band:
// the families of its counting clauses, and the digit sets of the cages
// of the rules in or around the band, to split over.
type argument struct {
	how    counting
	fams   []family
	around [][]int
}

// size is the number of counting clauses of a.
func (a argument) size() int {
	n := 0
	for _, f := range a.fams {
		n += f.size()
	}
	return n
}

// innies returns the rules' cages wholly inside band b when the band's
// other cells are exactly cells (sorted): c is then its innies. False
// when they are not, or a cage inside may repeat a digit.
func (p *planner) innies(cells []int32, b band) ([]int32, bool) {
	var inside, rest []int32
	for z, in := range b.in {
		if !in {
			continue
		}
		k := p.cageOf[z]
		whole := k >= 0 && !slices.ContainsFunc(p.cages[k].Cells, func(y int32) bool { return !b.in[y] })
		switch {
		case !whole:
			rest = append(rest, int32(z))
		case !p.distinct[k]:
			return nil, false
		case !slices.Contains(inside, k):
			inside = append(inside, k)
		}
	}
	return inside, slices.Equal(rest, cells)
}

// outies returns the rules' cages that cover band b when their cells
// outside it are exactly cells (sorted): c is then its outies. False when
// they are not, a cell of the band is in no cage, or a cage may repeat a
// digit.
func (p *planner) outies(cells []int32, b band) ([]int32, bool) {
	var ks []int32
	for z, in := range b.in {
		if !in {
			continue
		}
		k := p.cageOf[z]
		if k < 0 || !p.distinct[k] {
			return nil, false
		}
		if !slices.Contains(ks, k) {
			ks = append(ks, k)
		}
	}
	var out []int32
	for _, k := range ks {
		for _, z := range p.cages[k].Cells {
			if !b.in[z] {
				out = append(out, z)
			}
		}
	}
	slices.Sort(out)
	return ks, len(ks) > 0 && slices.Equal(out, cells)
}

// binomial is the number of subsets of r of m things.
func binomial(m, r int) int {
	if r < 0 || r > m {
		return 0
	}
	out := 1
	for i := 1; i <= r; i++ {
		out = out * (m - r + i) / i
	}
	return out
}

// choose calls f with each subset of r of 0..m-1 in turn, its indices
// increasing, until f returns false; false then.
func choose(m, r int, f func([]int) bool) bool {
	if r < 0 || r > m {
		return true
	}
	at := make([]int, r)
	for i := range at {
		at[i] = i
	}
	for {
		if !f(at) {
			return false
		}
		i := r - 1
		for i >= 0 && at[i] == m-r+i {
			i--
		}
		if i < 0 {
			return true
		}
		at[i]++
		for j := i + 1; j < r; j++ {
			at[j] = at[j-1] + 1
		}
	}
}

// places returns, per unit of band b, the variables of its cells holding
// digit d: one of each holds (a clause of the rules).
func (p *planner) places(b band, d int) [][]int {
	out := make([][]int, len(b.units))
	for i, u := range b.units {
		for _, z := range p.units.Units[u] {
			out[i] = append(out[i], p.x(z, d))
		}
	}
	return out
}

// holds returns the variables of cells holding digit d.
func (p *planner) holds(cells []int32, d int) []int {
	g := make([]int, len(cells))
	for j, z := range cells {
		g[j] = p.x(z, d)
	}
	return g
}

// tally is the count of one digit d over parts of a band b, each of
// which holds d at most once: u(d) of each part, its cells, and which of
// those u(d) the propagation of the units leaves open. A part whose u(d)
// the units fix counts as it is, so the clauses are about the open ones
// alone: k of them, not k+1, hold d when one part fixed holds it, and a
// cage's digit sets often fix u(d) (a cage of 3 on two cells holds 1 and
// 2, and no other digit).
type tally struct {
	p     *planner
	b     band
	d     int
	lits  []int
	cells [][]int32
	open  []int     // the parts whose u(d) is open
	sure  [][]int32 // the cells of the parts whose u(d) holds
	k     int       // k less the parts whose u(d) holds
}

// newTally returns the tally of digit d over parts whose u(d) is lit(i)
// and cells cells, of which k hold d in all (or k+1, see outie). A part
// with no cells (a cell outside the band, which counts when it does not
// hold d: see pair) is in no split over cells.
func (p *planner) newTally(b band, d, k int, lit func(i int) int, cells [][]int32) *tally {
	t := &tally{p: p, b: b, d: d, cells: cells, k: k}
	for i := range cells {
		l := lit(i)
		t.lits = append(t.lits, l)
		switch {
		case p.d.Satisfied([]int{l}):
			t.k--
			t.sure = append(t.sure, cells[i])
		case !p.d.Satisfied([]int{-l}):
			t.open = append(t.open, i)
		}
	}
	return t
}

// family is the counting clauses of a tally over each subset of r of its
// open parts: their u(d), negated when neg, then extra; more as in count.
type family struct {
	t     *tally
	r     int
	neg   bool
	extra []int
	more  [][]int32
}

// size is the number of clauses of f.
func (f family) size() int {
	if f.r < 0 {
		return 0
	}
	return binomial(len(f.t.open), f.r)
}

// count is a counting clause to derive: its literals, and what its split
// is over (see groups).
type count struct {
	cl   []int
	t    *tally
	s    []int     // the open parts of the clause, as indices in t.open
	neg  bool      // the clause says that they do not all hold d
	more [][]int32 // cells of which one holds d when the clause is false
}

// clause returns the clause of f over the open parts s.
func (f family) clause(s []int) count {
	cl := make([]int, 0, len(s)+len(f.extra))
	for _, i := range s {
		l := f.t.lits[f.t.open[i]]
		if f.neg {
			l = -l
		}
		cl = append(cl, l)
	}
	return count{append(cl, f.extra...), f.t, slices.Clone(s), f.neg, f.more}
}

// all adds the clauses of f to todo.
func (f family) all(todo []count) []count {
	if f.r >= 0 {
		choose(len(f.t.open), f.r, func(s []int) bool {
			todo = append(todo, f.clause(s))
			return true
		})
	}
	return todo
}

// fire passes to found clauses of f that the assignment of d makes false,
// or unit, some of them and not all: a propagator of f's constraint would
// find no more.
func (f family) fire(d *Deriver, found func(count)) {
	if f.r < 0 || f.r > len(f.t.open) {
		return
	}
	open := 0 // the literals of extra not set
	for _, l := range f.extra {
		switch d.p.Truth(l) {
		case 1:
			return
		case 0:
			open++
		}
	}
	var no, maybe []int // the parts whose literal is false, and not set
	for i, at := range f.t.open {
		l := f.t.lits[at]
		if f.neg {
			l = -l
		}
		switch d.p.Truth(l) {
		case -1:
			no = append(no, i)
		case 0:
			maybe = append(maybe, i)
		}
	}
	switch {
	case len(no) >= f.r:
		if open <= 1 {
			found(f.clause(no[:f.r]))
		}
	case len(no) == f.r-1 && open == 0:
		for _, i := range maybe {
			s := append(slices.Clone(no), i)
			slices.Sort(s)
			found(f.clause(s))
		}
	}
}

// groups returns the groups of the split that derives c, and how many of
// them to split first: the cells of each part that the clause's negation
// says holds d (those of the clause when it is negated, the parts whose
// u(d) holds, and more), then the places of d in the units of the band.
func (c count) groups() ([][]int, int) {
	t, p := c.t, c.t.p
	var groups [][]int
	if c.neg {
		for _, i := range c.s {
			if cells := t.cells[t.open[i]]; cells != nil {
				groups = append(groups, p.holds(cells, t.d))
			}
		}
	}
	for _, cells := range append(slices.Clip(t.sure), c.more...) {
		if cells != nil {
			groups = append(groups, p.holds(cells, t.d))
		}
	}
	return append(groups, p.places(t.b, t.d)...), len(groups)
}

// settle derives clause want (that a cage holds one of its sets, or a
// pair sum's) by a split over the digit sets of the cages around, with the counting
// clauses of fams: then it derives only those that the split's steps use
// (see Core: the split marks them at its nodes), and puts the split's
// lemmas after them. There are too many to list where the band is wide
// (C(m, k+1) of them, tens of thousands for five rows), and most are never
// used: the split starts with their units alone, and adds at each node
// those that the node makes unit or false (family.fire), as a propagator
// of the counts would, on a tier after the other clauses, so that
// propagation uses one only where it needs it. False when the split or a
// derivation fails; the lemmas derived so far stay, true as they are.
func (p *planner) settle(want []int, around [][]int, fams []family) bool {
	if p.d.Satisfied(want) {
		p.split = len(p.plan.Lemmas)
		return true
	}
	var todo []count
	for _, f := range fams {
		if f.r+len(f.extra) == 1 {
			todo = f.all(todo) // units: the propagation of the base
		}
	}
	have := map[string]bool{}
	for _, c := range todo {
		have[key(c.cl)] = true
	}
	d := p.d
	n := d.p.Size()
	for _, c := range todo {
		d.p.Add(c.cl)
	}
	tier := make([]uint8, d.p.Size())
	for i := n; i < len(tier); i++ {
		tier[i] = 1
	}
	d.p.SetTiers(tier)
	d.p.KeepReasons() // and the base again, with its reasons
	w := walk{d: d, c: want, groups: around, budget: p.budget, used: make([]bool, d.p.Size()), seen: make([]bool, d.p.Vars())}
	w.hook = func() int32 {
		conflict := int32(-1)
		for _, f := range fams {
			f.fire(d, func(c count) {
				key := key(c.cl)
				if have[key] || conflict >= 0 {
					return
				}
				have[key] = true
				todo = append(todo, c)
				id := p.addAt(c.cl)
				d.p.SetTiers(append(d.p.Tiers(), 1))
				w.used = append(w.used, false)
				if l := c.cl[0]; d.p.Truth(l) == 0 {
					d.p.Set(l)
					d.p.Because(l, id)
				} else {
					conflict = id
				}
			})
		}
		return conflict
	}
	ok := w.derive(false)
	d.truncate(n)
	if !ok {
		return false
	}
	split, used := w.lemmas, w.used[n:]
	for i, c := range todo {
		if !used[i] {
			continue
		}
		at := len(p.plan.Lemmas)
		if groups, lead := c.groups(); !p.derive([][]int{c.cl}, groups, lead) {
			return false
		}
		if len(p.plan.Lemmas) > at {
			p.counts = append(p.counts, len(p.plan.Lemmas)-1)
		}
	}
	p.split = len(p.plan.Lemmas)
	for _, l := range split {
		p.d.add(l)
	}
	p.plan.Lemmas = append(p.plan.Lemmas, split...)
	return true
}

// key is a map key of clause c, its literals in order.
func key(c []int) string {
	var b []byte
	for _, l := range c {
		b = strconv.AppendInt(b, int64(l), 10)
		b = append(b, ' ')
	}
	return string(b)
}

// addAt adds clause c, of two literals or more, all false but at most
// one under the assignment of a split, to the database, and returns its
// index: its literals ordered to watch the one not set (or the last set)
// and the last set of the others, which the split unsets first as it
// goes back.
func (p *planner) addAt(c []int) int32 {
	d := p.d
	last := func(from int) {
		// the literal of c[from:] set last goes to c[from]
		trail := d.p.Trail()
		for i := len(trail) - 1; i >= 0; i-- {
			if j := slices.Index(c[from:], -trail[i]); j >= 0 {
				c[from], c[from+j] = c[from+j], c[from]
				return
			}
		}
	}
	if j := slices.IndexFunc(c, func(l int) bool { return d.p.Truth(l) == 0 }); j >= 0 {
		c[0], c[j] = c[j], c[0]
	} else {
		last(0)
	}
	last(1)
	id := int32(d.p.Size())
	d.p.AddOrdered(c, true) // no watches moved by the base: the split's state
	return id
}

// parts returns the variables and the cells of the rules' cages ks.
func (p *planner) parts(ks []int32) ([]cageVars, [][]int32) {
	vs := make([]cageVars, len(ks))
	cells := make([][]int32, len(ks))
	for i, q := range ks {
		vs[i], cells[i] = p.layout[q], p.cages[q].Cells
	}
	return vs, cells
}

// innie returns the argument that implied cage c, with variables v, holds
// one of its digit sets when it is the innies of band b, of k units: the
// band's cells are the cage's and those of the rules' cages inside, which
// each hold distinct digits. For each digit d, exactly k of these m parts
// hold it, since the band holds it k times:
//
//   - of every m-k+1 of the parts, one holds d: with those without it, a
//     split over the places of d in the units leaves a unit none (a
//     pigeonhole);
//   - no k+1 parts all hold d: a split over the cells of k of them
//     leaves the last none;
//
// (of the parts whose u(d) the units leave open, and k less those that
// hold d there: see tally) and then a split over the digit sets of the
// cages inside, which fix their digits, and by these clauses the digits
// of the cage, one of its sets, or conflict. Each of these splits is a
// few nodes where a split over the cells of the cage is thousands. False
// when the units leave no count possible.
func (p *planner) innie(c grid.Cage, v cageVars, b band, inside []int32) (argument, bool) {
	parts, cells := p.parts(inside)
	parts, cells = slices.Insert(parts, 0, v), slices.Insert(cells, 0, c.Cells)
	a := argument{how: counting{false, len(b.units)}}
	for d := 1; d <= p.n; d++ {
		t := p.newTally(b, d, len(b.units), func(i int) int { return parts[i].u + d - 1 }, cells)
		m := len(t.open)
		if t.k < 0 || t.k > m {
			return a, false
		}
		a.fams = append(a.fams, family{t: t, r: m - t.k + 1}, family{t: t, r: t.k + 1, neg: true})
	}
	for _, q := range parts[1:] {
		a.around = append(a.around, sets(q))
	}
	return a, true
}

// outie returns the argument that implied cage c, with variables v,
// holds one of its digit sets when it is the outies of band b, of k
// units: the cells outside the band of the rules' cages ks that cover it,
// each of which holds distinct digits. The band holds each digit k times
// and the cage at most once, so of the m cages, k or k+1 hold d, k+1
// exactly when the cage holds d:
//
//   - of every m-k+1 of them, one holds d (a split over the places of d
//     in the units of the band);
//   - when k+1 of them hold d, the cage does (a split over the cells of
//     them);
//   - when the cage holds d, one of every m-k of them does (a split over
//     the cage's cells, then the places of d in the band);
//   - no k+2 of them all hold d (a split over the cells of them);
//
// (as innie does, of the cages whose u(d) the units leave open) and then a
// split over the digit sets of the cages around, which fix by propagation
// the digits of the cage, one of its sets, or conflict.
func (p *planner) outie(c grid.Cage, v cageVars, b band, ks []int32) (argument, bool) {
	parts, cells := p.parts(ks)
	a := argument{how: counting{true, len(b.units)}}
	for d := 1; d <= p.n; d++ {
		t := p.newTally(b, d, len(b.units), func(i int) int { return parts[i].u + d - 1 }, cells)
		m, ud := len(t.open), v.u+d-1
		if t.k < -1 || t.k > m { // k-1 when k+1 hold d under the units
			return a, false
		}
		a.fams = append(a.fams, family{t: t, r: m - t.k + 1}, family{t: t, r: t.k + 1, neg: true, extra: []int{ud}},
			family{t: t, r: m - t.k, extra: []int{-ud}, more: [][]int32{c.Cells}}, family{t: t, r: t.k + 2, neg: true})
	}
	for _, q := range ks {
		a.around = append(a.around, sets(p.layout[q]))
	}
	return a, true
}

// pair derives the clauses cls of pair sum q when its two cells are the
// innies or the outies of a band of k units (two rows, say, whose cells
// outside the cages inside them are q's, in two columns and two boxes):
// as innie does, with each cell a part of its own, or as outie does. Its
// cells need not differ, so that for each digit d, the cages inside that
// hold d and the two cells hold it k times; the cages around hold it k
// times, and once more for each of the two cells that hold it, or k+2
// times with a cell that does not hold d counted as a part. Each clause
// of cls, that when A holds a, B holds the other digit of the sum, then
// follows by a split over the digit sets of the cages in or around the
// band. False when q is neither, or a derivation fails; the lemmas
// derived so far stay, true as they are.
func (p *planner) pair(q grid.PairSum, cls [][]int) bool {
	want := []int32{min(q.A, q.B), max(q.A, q.B)}
	for _, b := range p.bandList() {
		var ks []int32
		var outer bool
		if inside, ok := p.innies(want, b); ok {
			ks = inside
		} else if around, ok := p.outies(want, b); ok {
			ks, outer = around, true
		} else {
			continue
		}
		cells := [][]int32{{want[0]}, {want[1]}}
		k := len(b.units)
		if outer {
			cells, k = [][]int32{nil, nil}, k+2
		}
		_, of := p.parts(ks)
		cells = append(cells, of...)
		var fams []family
		for d := 1; d <= p.n; d++ {
			t := p.newTally(b, d, k, func(i int) int {
				switch {
				case i >= 2:
					return p.layout[ks[i-2]].u + d - 1
				case outer:
					return -p.x(want[i], d)
				}
				return p.x(want[i], d)
			}, cells)
			m := len(t.open)
			if t.k < 0 || t.k > m {
				fams = nil
				break
			}
			fams = append(fams, family{t: t, r: m - t.k + 1}, family{t: t, r: t.k + 1, neg: true})
		}
		if fams == nil {
			continue
		}
		var around [][]int
		for _, q := range ks {
			around = append(around, sets(p.layout[q]))
		}
		all := true
		for _, c := range cls {
			if all = p.settle(c, around, fams); !all {
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}
