package derive

import (
	"slices"

	"github.com/sudokugen/sudokugen/grid"
)

// maxCounting bounds the counting clauses that counted derives for one
// implied cage (see countCost): past it, the cage is left to the split
// over its cells, which mostly gives up. Every cage of one unit is well
// within it (an outie of 9 cages around is 1,170), and so are most of
// those of two or three rows.
const maxCounting = 3000

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
// counting: which digits each cage holds, not where. False when c is
// neither, or a derivation fails or would cost more than maxCounting
// clauses; the lemmas derived so far stay, true as they are.
func (p *planner) counted(c grid.Cage, v cageVars) (counting, bool) {
	want := slices.Clone(c.Cells)
	slices.Sort(want)
	for _, b := range p.bandList() {
		if parts, ok := p.innies(want, b); ok && p.innie(c, v, b, parts) {
			return counting{false, len(b.units)}, true
		}
		if ks, ok := p.outies(want, b); ok && p.outie(c, v, b, ks) {
			return counting{true, len(b.units)}, true
		}
	}
	return counting{}, false
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

// newTally returns the tally of digit d over parts of variables vs and
// cells cells, of which k hold d in all (or k+1, see outie).
func (p *planner) newTally(b band, d, k int, vs []cageVars, cells [][]int32) *tally {
	t := &tally{p: p, b: b, d: d, cells: cells, k: k}
	for i, v := range vs {
		l := v.u + d - 1
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

// cost is the number of subsets of r of the open parts, for each r.
func (t *tally) cost(rs ...int) int {
	n := 0
	for _, r := range rs {
		if r >= 0 {
			n += binomial(len(t.open), r)
		}
	}
	return n
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

// each adds to todo, for each subset of r of the open parts, the clause
// of their u(d), negated when neg, then extra.
func (t *tally) each(todo []count, r int, neg bool, extra []int, more ...[]int32) []count {
	if r < 0 {
		return todo
	}
	choose(len(t.open), r, func(s []int) bool {
		cl := make([]int, 0, len(s)+len(extra))
		for _, i := range s {
			l := t.lits[t.open[i]]
			if neg {
				l = -l
			}
			cl = append(cl, l)
		}
		todo = append(todo, count{append(cl, extra...), t, slices.Clone(s), neg, more})
		return true
	})
	return todo
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
			groups = append(groups, p.holds(t.cells[t.open[i]], t.d))
		}
	}
	for _, cells := range append(slices.Clip(t.sure), c.more...) {
		groups = append(groups, p.holds(cells, t.d))
	}
	return append(groups, p.places(t.b, t.d)...), len(groups)
}

// settle derives that the cage of variables v holds one of its sets by a
// split over the digit sets of the cages around, with the counting
// clauses todo in the database, and then derives only the counting
// clauses that the split's steps need (see Core), and puts the split's
// lemmas after them: most of the clauses of a band of several units are
// never used. False when the split or a derivation fails; the lemmas
// derived so far stay, true as they are.
func (p *planner) settle(v cageVars, around [][]int, todo []count) bool {
	want := sets(v)
	if p.d.Satisfied(want) {
		p.split = len(p.plan.Lemmas)
		return true
	}
	// the split with the counting clauses in the database, on a tier
	// after the others, so that propagation uses one only where it
	// needs it, and marking the clauses its leaves use (as Core would)
	d := p.d
	n := d.size()
	for _, c := range todo {
		d.add(c.cl)
	}
	d.tier = make([]uint8, d.size())
	for i := n; i < len(d.tier); i++ {
		d.tier[i] = 1
	}
	d.reason = make([]int32, len(d.val))
	for i := range d.reason {
		d.reason[i] = -1
	}
	d.baseOK = false // the base again, with its reasons
	w := walk{d: d, c: want, groups: around, budget: p.budget, used: make([]bool, d.size()), seen: make([]bool, len(d.val))}
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

// innie derives that implied cage c, with variables v, holds one of its
// digit sets when it is the innies of band b, of k units: the band's
// cells are the cage's and those of the rules' cages inside, which each
// hold distinct digits. For each digit d, exactly k of these m parts hold
// it, since the band holds it k times:
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
// few nodes where a split over the cells of the cage is thousands.
func (p *planner) innie(c grid.Cage, v cageVars, b band, inside []int32) bool {
	parts := []cageVars{v}
	cells := [][]int32{c.Cells}
	for _, q := range inside {
		parts = append(parts, p.layout[q])
		cells = append(cells, p.cages[q].Cells)
	}
	tallies := make([]*tally, p.n)
	cost := 0
	for d := 1; d <= p.n; d++ {
		t := p.newTally(b, d, len(b.units), parts, cells)
		m := len(t.open)
		if t.k < 0 || t.k > m {
			return false
		}
		cost += t.cost(m-t.k+1, t.k+1)
		tallies[d-1] = t
	}
	if cost > maxCounting {
		return false
	}
	var todo []count
	for _, t := range tallies {
		m := len(t.open)
		todo = t.each(todo, m-t.k+1, false, nil)
		todo = t.each(todo, t.k+1, true, nil)
	}
	var around [][]int
	for _, q := range parts[1:] {
		around = append(around, sets(q))
	}
	return p.settle(v, around, todo)
}

// outie derives that implied cage c, with variables v, holds one of its
// digit sets when it is the outies of band b, of k units: the cells
// outside the band of the rules' cages ks that cover it, each of which
// holds distinct digits. The band holds each digit k times and the cage
// at most once, so of the m cages, k or k+1 hold d, k+1 exactly when the
// cage holds d:
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
func (p *planner) outie(c grid.Cage, v cageVars, b band, ks []int32) bool {
	var parts []cageVars
	var cells [][]int32
	for _, q := range ks {
		parts = append(parts, p.layout[q])
		cells = append(cells, p.cages[q].Cells)
	}
	tallies := make([]*tally, p.n)
	cost := 0
	for d := 1; d <= p.n; d++ {
		t := p.newTally(b, d, len(b.units), parts, cells)
		m := len(t.open)
		if t.k < -1 || t.k > m { // k-1 when k+1 hold d under the units
			return false
		}
		cost += t.cost(m-t.k+1, t.k+1, m-t.k, t.k+2)
		tallies[d-1] = t
	}
	if cost > maxCounting {
		return false
	}
	var todo []count
	for _, t := range tallies {
		m, ud := len(t.open), v.u+t.d-1
		todo = t.each(todo, m-t.k+1, false, nil)
		todo = t.each(todo, t.k+1, true, []int{ud})
		todo = t.each(todo, m-t.k, false, []int{-ud}, c.Cells)
		todo = t.each(todo, t.k+2, true, nil)
	}
	var around [][]int
	for _, q := range ks {
		around = append(around, sets(p.layout[q]))
	}
	return p.settle(v, around, todo)
}
