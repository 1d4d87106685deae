package derive

import (
	"slices"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/sat"
)

// Plan is the derivation of the clauses that a variant puzzle's rules
// imply (the spans of sat.RuleClauses' Implied) from its rules as stated
// (sat.PlainRuleClauses) and its givens: DRAT lemmas that, put before a
// proof that uses those clauses, let a checker check it against the plain
// CNF alone.
//
// The auxiliary variables of an implied cage, u(d) "the cage holds d" and
// y(j) "the cage holds digit set j", appear in no clause of the plain CNF;
// the plan defines them by extension, as RAT lemmas whose first literal
// is the pivot: u(d) as the cage's cells holding d, y(j) as the u(d) of
// exactly set j. The clause that the cage holds one of its sets is then
// derived by counting (see counted: which digits the cages of the rules
// in or around its band of units hold) and a case split over the digit
// sets of those cages, or else by a split over the cage's cells and
// the digit sets of the cages around it, and the rest of the cage's
// clauses follow by unit propagation. Pair sums and the cells that see a cage are derived
// the same way; leftovers by a split over the cells of both sides.
type Plan struct {
	// Lemmas are the lemmas in order, each derived clause after the
	// lemmas it rests on.
	Lemmas [][]int
	// Derived are the spans whose every clause is among Lemmas (for
	// ForProof, every clause the proof needs); Left the
	// others, whose derivation was given up (see Deriver.Derive), and
	// which a proof must then do without, or take as they are. The
	// definitions of a left cage's variables stay among Lemmas: with the
	// cage's clauses in the CNF they are reverse unit propagation steps,
	// and without them extensions.
	Derived, Left []sat.Span
	// Assumed are the clauses of Left, in order.
	Assumed [][]int
	// Of holds, for each of Derived, the lemmas of its derivation:
	// Lemmas[Of[k][0]:Of[k][1]].
	Of [][2]int
}

// Implied returns the plan of puzzle g, a variant, with a budget of nodes
// for each clause derived: every implied constraint.
func Implied(g grid.Grid, budget int) *Plan {
	return ImpliedOnly(g, budget, nil)
}

// ImpliedOnly is Implied for the spans that want keeps (all when want is
// nil): those a proof uses. A span left out is neither derived nor left.
func ImpliedOnly(g grid.Grid, budget int, want func(sat.Span) bool) *Plan {
	p := newPlanner(g, budget)
	for _, sp := range p.full.Implied {
		if want == nil || want(sp) {
			p.span(sp, nil)
		}
	}
	return &p.plan
}

// Options says how ForProof plans.
type Options struct {
	// Whole stops the plan at the first span whose derivation is given
	// up, with that span in Left and the spans after it in neither
	// Derived nor Left: for a caller that has no use for a plan that
	// leaves a clause out (one that then proves the verdict another way).
	Whole bool
	// Narrow says that the proof's search went without the constraints
	// implied by groups of two units or more (sat.RuleCNF.Wide): Core
	// does without them too, so that none is derived.
	Narrow bool
}

// ForProof returns the plan for proof, a DRAT proof that the CNF of
// puzzle g's rules with the clauses they imply (full, sat.RuleClauses of
// g's rules, which it only reads), its givens and the extra clauses has
// no model: the derivation of just the implied clauses that the proof's
// reverse unit propagation steps use (see Core), and, for a cage, the
// definition of its variables and the clause that it holds one of its
// sets. False when a lemma of proof is not RUP there.
func ForProof(full *sat.RuleCNF, g grid.Grid, budget int, o Options, proof [][]int, extra ...[]int) (*Plan, bool) {
	// the plain clauses and the givens first, the planner's CNF, then
	// the implied clauses, whose index in full at holds, and the extra
	// ones: once Core is done, the Deriver drops all but the first and
	// goes to the planner
	plain := plainClauses(full, g)
	var implied [][]int
	var at []int32
	tiers := make([]uint8, len(plain), len(full.Clauses)+len(extra)+len(plain))
	groups := make([]int32, len(plain), cap(tiers))
	for i := range groups {
		groups[i] = -1
	}
	// the implied clauses on a tier after the plain ones, and a cage's,
	// whose derivation costs most, last, all of it at once
	for k, sp := range full.Implied {
		if o.Narrow && full.Wide(sp) {
			continue
		}
		tier, group := uint8(1), int32(-1)
		if sp.What == sat.ImpliedCage {
			tier, group = 2, int32(k)
		}
		for i := sp.From; i < sp.To; i++ {
			implied = append(implied, full.Clauses[i])
			at = append(at, int32(i))
			tiers = append(tiers, tier)
			groups = append(groups, group)
		}
	}
	for range extra {
		tiers = append(tiers, 0)
		groups = append(groups, -1)
	}
	d := build(full.Vars, plain, implied, extra)
	part, ok := core(d, proof, tiers, groups)
	if !ok {
		return nil, false
	}
	used := make([]bool, len(full.Clauses))
	for i, k := range at {
		used[k] = part[len(plain)+i]
	}
	if !usesImplied(full, used) {
		return &Plan{}, true // no implied clause needed: nothing to plan
	}
	d.truncate(len(plain))
	p := newPlannerOf(g, budget, full, d)
	for _, sp := range p.full.Implied {
		if slices.Contains(used[sp.From:sp.To], true) {
			if p.span(sp, used[sp.From:sp.To]); o.Whole && len(p.plan.Left) > 0 {
				break
			}
		}
	}
	return &p.plan, true
}

// planner makes one Plan.
type planner struct {
	plan   Plan
	d      *Deriver
	n      int
	budget int
	full   *sat.RuleCNF
	units  *grid.RuleUnits
	cages  []grid.Cage // the rules' cages with a sum
	imp    *grid.Implied
	// layout holds the variables of the cages with a sum, the rules'
	// then the implied ones, as sat numbers them
	layout []cageVars
	// cageUnits[k]: the units that cells of the rules' cage k lie in
	cageUnits [][]int32
	// cageOf[z]: the rules' cage with a sum that holds cell z, -1 for none
	// or for a cell of a cage that overlaps another (see grid.Overlapping)
	cageOf []int32
	// split is where the lemmas of counted's last split over digit sets
	// start, and counts the counting clauses it derived, as indices in
	// plan.Lemmas (for tests)
	split  int
	counts []int
	// bands are the groups of units whose innies and outies make
	// implied cages (see bands), made when first needed; distinct[k]
	// says that the cells of the rules' cage k are peers
	bands    []band
	distinct []bool
}

// cageVars are a cage's first u(d), its first y(j) and its number of sets.
type cageVars struct{ u, y, sets int }

// usesImplied reports whether used marks a clause of an implied span.
func usesImplied(full *sat.RuleCNF, used []bool) bool {
	for _, sp := range full.Implied {
		if slices.Contains(used[sp.From:sp.To], true) {
			return true
		}
	}
	return false
}

func newPlanner(g grid.Grid, budget int) *planner {
	return newPlannerOf(g, budget, sat.RuleClauses(g.Shape, g.Rules), nil)
}

// plainClauses returns the rules as stated (sat.PlainRuleClauses), the
// clauses of full, g's sat.RuleClauses, of no implied span, then a unit
// clause for each given.
func plainClauses(full *sat.RuleCNF, g grid.Grid) [][]int {
	givens := sat.Givens(g)
	cnf := make([][]int, 0, len(full.Clauses)+len(givens))
	at := 0
	for _, sp := range full.Implied {
		cnf = append(cnf, full.Clauses[at:sp.From]...)
		at = sp.To
	}
	cnf = append(cnf, full.Clauses[at:]...)
	for _, l := range givens {
		cnf = append(cnf, []int{l})
	}
	return cnf
}

// newPlannerOf is newPlanner with full, g's sat.RuleClauses, and d a
// Deriver of plainClauses(full, g), or nil to make one.
func newPlannerOf(g grid.Grid, budget int, full *sat.RuleCNF, d *Deriver) *planner {
	s := g.Shape
	n := s.N()
	p := &planner{n: n, budget: budget, full: full, units: full.Units, imp: full.Imply}
	if full.Lowered != nil {
		p.cages = full.Lowered.Sums
	} else {
		// classic rules: nothing is implied
		p.units, p.imp = g.Rules.Units(s), &grid.Implied{}
	}
	p.d = d
	if d == nil {
		p.d = New(full.Vars, plainClauses(full, g))
	}
	next := sat.NumVars(n)
	for _, c := range append(slices.Clip(p.cages), p.imp.Cages...) {
		k := len(grid.Combinations(n, len(c.Cells), c.Sum))
		p.layout = append(p.layout, cageVars{next + 1, next + n + 1, k})
		next += n + k
	}
	p.cageOf = make([]int32, n*n)
	for i := range p.cageOf {
		p.cageOf[i] = -1
	}
	over := grid.Overlapping(n, p.cages)
	for k, c := range p.cages {
		if over != nil && over[k] {
			continue // the 45 rule of grid.Imply counts it not
		}
		for _, z := range c.Cells {
			p.cageOf[z] = int32(k)
		}
	}
	p.cageUnits = make([][]int32, len(p.cages))
	for k, c := range p.cages {
		for _, z := range c.Cells {
			for _, u := range p.units.Of[z] {
				if !slices.Contains(p.cageUnits[k], u) {
					p.cageUnits[k] = append(p.cageUnits[k], u)
				}
			}
		}
	}
	return p
}

// x is the variable of cell c holding digit.
func (p *planner) x(c int32, digit int) int { return sat.Var(p.n, int(c)/p.n, int(c)%p.n, digit) }

// cell returns the variables of cell c's digits.
func (p *planner) cell(c int32) []int {
	g := make([]int, p.n)
	for i := range g {
		g[i] = p.x(c, i+1)
	}
	return g
}

// sets returns the variables y(j) of the cage with variables v.
func sets(v cageVars) []int {
	g := make([]int, v.sets)
	for j := range g {
		g[j] = v.y + j
	}
	return g
}

// around returns the units that hold all of cells, or when none does,
// those that hold any of them.
func (p *planner) around(cells []int32) []int32 {
	var out []int32
	for _, u := range p.units.Of[cells[0]] {
		all := true
		for _, c := range cells[1:] {
			all = all && slices.Contains(p.units.Of[c], u)
		}
		if all {
			out = append(out, u)
		}
	}
	if len(out) == 0 {
		for _, c := range cells {
			out = append(out, p.units.Of[c]...)
		}
	}
	return out
}

// groups returns the groups of a split about cells: their digits, to
// split first, and the digit sets of the rules' cages in the units around
// the cells.
func (p *planner) groups(cells []int32) [][]int {
	var out [][]int
	for _, c := range cells {
		out = append(out, p.cell(c))
	}
	around := p.around(cells)
	for k := range p.cages {
		if slices.ContainsFunc(p.cageUnits[k], func(u int32) bool { return slices.Contains(around, u) }) {
			out = append(out, sets(p.layout[k]))
		}
	}
	return out
}

// derive derives each clause of cls, first by propagation alone, then,
// with groups, by a split over them, the first lead of them first.
func (p *planner) derive(cls [][]int, groups [][]int, lead int) bool {
	for _, c := range cls {
		if p.d.Satisfied(c) {
			continue
		}
		lemmas, ok := p.d.Derive(c, nil, 1)
		if !ok && groups != nil {
			lemmas, ok = p.d.DeriveLed(c, groups, lead, p.budget)
		}
		if !ok {
			return false
		}
		p.plan.Lemmas = append(p.plan.Lemmas, lemmas...)
	}
	return true
}

// define adds clause c, a definition by extension, as a lemma.
func (p *planner) define(c []int) {
	p.d.add(c)
	p.plan.Lemmas = append(p.plan.Lemmas, c)
}

// span derives the clauses of sp, those that need marks when it is not
// nil, or leaves them: then they join the database, as they join the CNF
// of a proof that takes them on trust (a cage's every clause, since the
// definitions of its variables stay).
func (p *planner) span(sp sat.Span, need []bool) {
	cls := p.full.Clauses[sp.From:sp.To]
	if need != nil && sp.What != sat.ImpliedCage {
		var some [][]int
		for i, c := range cls {
			if need[i] {
				some = append(some, c)
			}
		}
		cls = some
	}
	from := len(p.plan.Lemmas)
	ok := false
	switch sp.What {
	case sat.ImpliedPeers:
		ok = p.derive(cls, nil, 0)
	case sat.ImpliedCage:
		ok = p.cage(sp.Index, cls, need)
	case sat.ImpliedSum:
		q := p.imp.Sums[sp.Index]
		// by propagation alone (a cage of two cells), by counting, or by
		// a split over the two cells and the cages around
		ok = p.derive(cls, nil, 0) || p.pair(q, cls) || p.derive(cls, p.groups([]int32{q.A, q.B}), 2)
	case sat.ImpliedSame:
		ok = p.leftover(p.imp.Same[sp.Index], cls)
	}
	if ok {
		p.plan.Derived = append(p.plan.Derived, sp)
		p.plan.Of = append(p.plan.Of, [2]int{from, len(p.plan.Lemmas)})
		return
	}
	p.plan.Left = append(p.plan.Left, sp)
	p.plan.Assumed = append(p.plan.Assumed, cls...)
	for _, c := range cls {
		p.d.add(c)
	}
}

// leftover derives the clauses cls of leftover pair l, each x(a,d) -> OR
// over b of x(b,d): first by a split over the places of d in the units of
// the pair's cells (the count of the law of leftovers, which a split over
// the cells' digits makes a pigeonhole), then over the cells' digits.
func (p *planner) leftover(l grid.Leftover, cls [][]int) bool {
	cells := slices.Concat(l.A, l.B)
	var units []int32
	for _, c := range cells {
		for _, u := range p.units.Of[c] {
			if !slices.Contains(units, u) {
				units = append(units, u)
			}
		}
	}
	var digits [][]int
	for _, c := range cells {
		digits = append(digits, p.cell(c))
	}
	for _, cl := range cls {
		d := (-cl[0]-1)%p.n + 1 // cl[0] is -x(a,d)
		var places [][]int
		for _, u := range units {
			g := make([]int, 0, p.n)
			for _, z := range p.units.Units[u] {
				g = append(g, p.x(z, d))
			}
			places = append(places, g)
		}
		if !p.derive([][]int{cl}, places, 0) && !p.derive([][]int{cl}, digits, 0) {
			return false
		}
	}
	return true
}

// cage derives the clauses cls of implied cage k: it defines the cage's
// variables, derives that the cage holds one of its sets (by counting
// where it can, see counted), and the rest by propagation.
func (p *planner) cage(k int, cls [][]int, need []bool) bool {
	c := p.imp.Cages[k]
	v := p.layout[len(p.cages)+k]
	p.defineCage(c, v)
	if _, ok := p.counted(c, v); !ok && !p.derive([][]int{sets(v)}, p.groups(c.Cells), len(c.Cells)) {
		return false
	}
	for i, cl := range cls {
		if (need == nil || need[i]) && !p.derive([][]int{cl}, nil, 0) {
			return false
		}
	}
	return true
}

// defineCage defines the variables v of implied cage c by extension.
func (p *planner) defineCage(c grid.Cage, v cageVars) {
	// u(d) = some cell holds d: the clauses that name u(d) first are RAT
	// on it, a variable no clause names yet, and so is the converse on
	// -u(d), whose resolvents are tautologies
	for digit := 1; digit <= p.n; digit++ {
		u := v.u + digit - 1
		some := []int{-u}
		for _, z := range c.Cells {
			p.define([]int{u, -p.x(z, digit)})
			some = append(some, p.x(z, digit))
		}
		p.define(some)
	}
	// y(j) = the u(d) are set j's: likewise
	for j, set := range grid.Combinations(p.n, len(c.Cells), c.Sum) {
		y := v.y + j
		long := []int{y}
		for digit := 1; digit <= p.n; digit++ {
			u := v.u + digit - 1
			if set&(1<<digit) != 0 {
				p.define([]int{-y, u})
				long = append(long, -u)
			} else {
				p.define([]int{-y, -u})
				long = append(long, u)
			}
		}
		p.define(long)
	}
}
