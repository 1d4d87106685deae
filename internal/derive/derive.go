// Package derive proves clauses that a CNF implies, as DRAT lemmas that a
// checker verifies against the CNF alone: the groundwork for proofs of
// variant verdicts that rest on the plain rules, where each clause the
// rules only imply (an innie's sum, a pair of cells whose sum cages fix, a
// leftover) enters the proof as a lemma derived there, not as a clause of
// the CNF taken on trust.
//
// A clause C is derived by a case split under its negation: with every
// literal of C false, unit propagation on the CNF runs, and where it finds
// no conflict a group of literals of which one must hold (a cell's digits,
// an at-least-one clause of the CNF) is split, each literal in turn, down
// to conflicts. Written in post-order, each node of that tree gives the
// lemma "not all the decisions on my path, or C", a reverse unit
// propagation (RUP) step from the lemmas of its branches and the group's
// clause; the root's lemma is C itself. A split that would need more than
// a budget of nodes, or a leaf without a conflict once every group is
// decided, is given up: C is then not derived, and a caller leaves it out.
//
// Implied plans the derivation of all the clauses a variant puzzle's rules
// imply (package sat's RuleCNF.Implied), auxiliary variables defined by
// extension (RAT lemmas). ForProof plans those that one proof needs, as
// Core finds them: package verify puts that plan before the search's
// proof of a variant's verdict, which then rests on the plain rules.
package derive

import (
	"cmp"
	"math"
	"slices"

	"github.com/sudokugen/sudokugen/internal/up"
)

// Deriver holds a CNF and derives clauses it implies. Lemmas it derives are
// added to its clauses, so later derivations may use them, as a DRAT
// checker does.
type Deriver struct {
	p up.Propagator // the clauses, the assignment and their propagation
	// fresh, when not nil, gathers the clauses that mark finds used for
	// the first time
	fresh []int32
	// scratch for mark
	stack   []int32
	touched []int
}

// New returns a Deriver of the CNF cnf over variables 1..nv.
func New(nv int, cnf [][]int) *Deriver { return build(nv, cnf) }

// build is New of the clauses of parts, in order.
func build(nv int, parts ...[][]int) *Deriver {
	return &Deriver{p: *up.New(nv, parts...)}
}

// add puts clause c in the database.
func (d *Deriver) add(c []int) { d.p.Add(c) }

// truncate drops the clauses past the first n, lemmas and all, and what
// Core kept: the Deriver is then one of those n clauses alone, their
// watches where propagation left them.
func (d *Deriver) truncate(n int) {
	d.p.Truncate(n)
	d.fresh = nil
}

// Satisfied reports whether clause c holds under the propagation of the
// units of the database: no unit propagation it is in can set a literal or
// fail, in a checker that propagates the same units, so a proof needs no
// lemma for it.
func (d *Deriver) Satisfied(c []int) bool {
	if !d.p.Base() {
		return false
	}
	for _, l := range c {
		if d.p.Truth(l) == 1 {
			return true
		}
	}
	return false
}

// Derive derives clause c by a case split on the literals of groups (sets
// of literals one of which holds, each an at-least-one clause of the CNF:
// the digits of the cells the argument is about) of at most budget nodes,
// and returns its lemmas in order, c the last; false, and no lemma, when
// the split reaches a state without a conflict or passes the budget. A c
// that holds under the propagation of the units (see Satisfied), or is a
// tautology, is its own one lemma. The lemmas are added to the database.
func (d *Deriver) Derive(c []int, groups [][]int, budget int) ([][]int, bool) {
	return d.DeriveLed(c, groups, 0, budget)
}

// DeriveLed is Derive with the first lead groups split before the
// others (each part by the fewest literals left first): the cells a
// clause is about before the digit sets of the cages around them, which
// then mostly follow by propagation.
func (d *Deriver) DeriveLed(c []int, groups [][]int, lead, budget int) ([][]int, bool) {
	w := walk{d: d, c: c, groups: groups, lead: lead, budget: budget}
	ok := w.derive(true)
	return w.lemmas, ok
}

// derive is Derive; keep false leaves the database as it was.
func (d *Deriver) derive(c []int, groups [][]int, budget int, keep bool) ([][]int, bool) {
	w := walk{d: d, c: c, groups: groups, budget: budget}
	ok := w.derive(keep)
	return w.lemmas, ok
}

// derive runs the case split of w, and adds its lemmas to the database
// when keep is set; false, and no lemma, when it fails.
func (w *walk) derive(keep bool) bool {
	d, c := w.d, w.c
	if !d.p.Base() {
		// the units refute the CNF: c is RUP as it stands
		w.lemmas = [][]int{slices.Clone(c)}
		w.mark(d.p.BaseReason())
	} else {
		from := len(d.p.Trail())
		holds := false // a literal of c holds under the base: c is RUP
		for _, l := range c {
			if d.p.Truth(l) == 1 && !holds {
				holds = true
				w.mark(d.p.ReasonOf(l))
			}
			if d.p.Truth(l) == 0 {
				d.p.Set(-l)
				d.p.Because(-l, -1)
			}
		}
		ok := holds || w.node(from)
		d.p.Undo(d.p.BaseLen())
		if !ok {
			w.lemmas = nil
			return false
		}
		if holds {
			w.lemmas = [][]int{slices.Clone(c)}
		}
	}
	for _, l := range w.lemmas {
		if keep {
			d.p.Add(l)
		}
	}
	return true
}

// walk is one case split.
type walk struct {
	d      *Deriver
	c      []int
	groups [][]int
	lead   int // groups[:lead] are split first
	path   []int
	budget int
	lemmas [][]int
	// used, when not nil (and the Deriver keeps reasons), marks the
	// clauses on the way to the conflict of each leaf, as Core marks
	// those of each lemma: the leaves' lemmas are the split's only
	// steps that propagation checks against the clauses; seen is
	// scratch for mark
	used, seen []bool
	// hook, when not nil, is called at each node whose propagation ends
	// without a conflict: it may add clauses to the database that the
	// state makes unit, setting their literal, or false, which it returns
	// (-1 for none); propagation then runs again, and the hook, until
	// neither finds more
	hook func() int32
}

// mark marks the clauses on the way to conflict id, when w marks them.
func (w *walk) mark(id int32) {
	if w.used == nil {
		return
	}
	if id < 0 {
		return // a decision
	}
	w.d.p.SetConflict(id)
	w.d.mark(w.used, w.seen)
}

// node refutes the state after the decisions on w.path, whose literals
// from trail[from:] are still to propagate, and writes its lemmas; false
// when it cannot.
func (w *walk) node(from int) bool {
	d := w.d
	if w.budget--; w.budget < 0 {
		return false
	}
	mark := len(d.p.Trail())
	ok := d.p.Propagate(from)
	for ok && w.hook != nil {
		at := len(d.p.Trail())
		if id := w.hook(); id >= 0 {
			d.p.SetConflict(id)
			ok = false
		} else if len(d.p.Trail()) == at {
			break
		} else {
			ok = d.p.Propagate(at)
		}
	}
	if !ok {
		w.mark(d.p.Conflict())
	} else {
		g := w.pick()
		if g == nil {
			d.p.Undo(mark)
			return false
		}
		for _, l := range g {
			if d.p.Truth(l) == -1 {
				// the node's lemma, checked, has propagation
				// take l from the group as it does here
				w.mark(d.p.ReasonOf(l))
				continue
			}
			at := len(d.p.Trail())
			d.p.Set(l)
			d.p.Because(l, -1)
			w.path = append(w.path, l)
			ok := w.node(at)
			w.path = w.path[:len(w.path)-1]
			d.p.Undo(at)
			if !ok {
				d.p.Undo(mark)
				return false
			}
		}
	}
	d.p.Undo(mark)
	lemma := make([]int, 0, len(w.path)+len(w.c))
	for _, l := range w.path {
		lemma = append(lemma, -l)
	}
	w.lemmas = append(w.lemmas, append(lemma, w.c...))
	return true
}

// pick returns the undecided group with the fewest literals left, of the
// first lead groups when one of them is undecided; nil when every group
// has a true literal.
func (w *walk) pick() []int {
	if g := w.pickOf(w.groups[:w.lead]); g != nil {
		return g
	}
	return w.pickOf(w.groups[w.lead:])
}

// pickOf returns the undecided group of groups with the fewest literals
// left, nil when every group has a true literal.
func (w *walk) pickOf(groups [][]int) []int {
	var best []int
	bestLeft := 0
	for _, g := range groups {
		left, done := 0, false
		for _, l := range g {
			switch w.d.p.Truth(l) {
			case 1:
				done = true
			case 0:
				left++
			}
		}
		if !done && (best == nil || left < bestLeft) {
			best, bestLeft = g, left
		}
	}
	return best
}

// Core checks proof, lemmas each a reverse unit propagation (RUP)
// consequence of the CNF cnf over variables 1..nv and the lemmas before
// it, as a DRAT checker does, and returns which clauses of cnf the
// checks used: those on the way from the negated lemma to the conflict
// in the graph of unit propagation. Each clause has a tier, 0, 1 or 2
// (tiers nil: all 0): propagation uses a clause of tier 1 only when those
// of tier 0 have nothing left to propagate, and one of tier 2 only when
// those of tiers 0 and 1 have not, so that the checks use as few of the
// higher tiers as they can. Once a clause of a group (groups[i] >= 0, the
// same for every clause of the group) is used, the group's clauses go to
// tier 0: the others come cheap with it. False when a lemma is not RUP.
func Core(nv int, cnf, proof [][]int, tiers []uint8, groups []int32) ([]bool, bool) {
	return core(New(nv, cnf), proof, tiers, groups)
}

// core is Core on the clauses of d.
func core(d *Deriver, proof [][]int, tiers []uint8, groups []int32) ([]bool, bool) {
	n := d.p.Size()
	if tiers != nil {
		d.p.SetTiers(slices.Clone(tiers))
	}
	members := map[int32][]int32{}
	for i, g := range groups {
		if g >= 0 {
			members[g] = append(members[g], int32(i))
		}
	}
	d.fresh = nil
	if len(members) > 0 {
		d.fresh = []int32{}
	}
	d.p.KeepReasons() // and the base again, with its reasons
	used := make([]bool, d.p.Size())
	seen := make([]bool, d.p.Vars())
	r := replay{d: d, conflict: -1}
	for k, lemma := range proof {
		if len(seen) < d.p.Vars() {
			d.p.GrowReasons()
			seen = append(seen, make([]bool, d.p.Vars()-len(seen))...)
		}
		if !r.check(lemma) {
			r.reset()
			if !d.rup(lemma) {
				return nil, false
			}
		}
		d.mark(used, seen)
		for _, id := range d.fresh {
			if int(id) >= len(groups) || groups[id] < 0 {
				continue
			}
			g := groups[id]
			for _, i := range members[g] {
				d.p.Tiers()[i] = 0
			}
			delete(members, g)
		}
		if d.fresh != nil {
			d.fresh = d.fresh[:0]
		}
		var next []int
		if k+1 < len(proof) {
			next = proof[k+1]
		}
		r.add(lemma, next)
		used = append(used, false)
		if t := d.p.Tiers(); t != nil {
			d.p.SetTiers(append(t, 0))
		}
	}
	r.reset()
	return used[:n], true
}

// replay checks the lemmas of a proof one after another as core does,
// keeping the propagation of the decisions that the next lemma shares
// with the last: a search's refutations come in post-order, and most
// share all but their last decision with the one before. The decisions
// of a lemma are its literals negated, in order. Each decision's
// propagation runs to its end, every tier included, so the state after
// some decisions is the one a check from the base reaches with them,
// though the clauses that set its literals may differ: the marks follow
// those clauses, and a checker that propagates every clause of the
// database finds a conflict the same.
type replay struct {
	d   *Deriver
	dec []int // the decisions in force
	at  []int // at[i]: the trail's length before dec[i]
	// conflict, when >= 0, is a clause that the state after dec refutes
	conflict int32
	buf      []int
}

// reset drops the decisions, back to the base.
func (r *replay) reset() {
	d := r.d
	if d.p.BaseMade() {
		d.p.Undo(d.p.BaseLen())
	} else {
		d.p.Undo(0)
	}
	r.dec, r.at, r.conflict = r.dec[:0], r.at[:0], -1
}

// to undoes the decisions past the first j.
func (r *replay) to(j int) {
	if j >= len(r.dec) {
		return
	}
	r.d.p.Undo(r.at[j])
	r.dec, r.at, r.conflict = r.dec[:j], r.at[:j], -1
}

// shared returns the number of decisions of dec that lemma c's begin
// with.
func shared(dec, c []int) int {
	j := 0
	for j < len(dec) && j < len(c) && dec[j] == -c[j] {
		j++
	}
	return j
}

// check reports whether unit propagation refutes the decisions of lemma
// c, from those it shares with the state, the conflict in d.p.Conflict();
// false when it does not, or when the base is to be made again: the
// caller then checks c from the base (rup).
func (r *replay) check(c []int) bool {
	d := r.d
	if !d.p.BaseMade() || d.p.BaseConflict() || len(c) < 2 {
		return false
	}
	j := shared(r.dec, c)
	if j == len(r.dec) && r.conflict >= 0 {
		d.p.SetConflict(r.conflict)
		return true
	}
	r.to(j)
	for _, l := range c[j:] {
		x := -l
		r.at = append(r.at, len(d.p.Trail()))
		r.dec = append(r.dec, x)
		switch d.p.Truth(x) {
		case 1:
			continue
		case -1:
			// l holds: the clause that set it is the conflict
			if r.conflict = d.p.ReasonOf(l); r.conflict < 0 {
				return false
			}
			d.p.SetConflict(r.conflict)
			return true
		}
		d.p.Set(x)
		d.p.Because(x, -1)
		if !d.p.Propagate(r.at[len(r.at)-1]) {
			r.conflict = d.p.Conflict()
			return true
		}
	}
	return false
}

// add adds lemma c, checked, to the database, keeping the decisions that
// the next lemma, next (nil for none), shares with the state: where c is
// unit there, its literal is set and propagates, as it would in a check
// from the base.
func (r *replay) add(c, next []int) {
	d := r.d
	if len(c) < 2 || next == nil || len(r.dec) == 0 || !d.p.BaseMade() {
		r.reset()
		d.p.Add(c)
		return
	}
	r.to(shared(r.dec, next))
	if len(r.dec) == 0 {
		r.reset()
		d.p.Add(c)
		return
	}
	id := r.addAbove(c)
	if r.conflict >= 0 {
		return
	}
	switch l, open := d.p.Open(id); open {
	case 0:
		r.conflict = id
	case 1:
		at := len(d.p.Trail())
		d.p.Set(l)
		d.p.Because(l, id)
		if !d.p.Propagate(at) {
			r.conflict = d.p.Conflict()
		}
	}
}

// addAbove adds clause c, of two literals or more, to the database while
// decisions are in force, and returns its index: it watches two literals
// not false, or those set last, which the decisions undo first. Where c
// would change the base (fewer than two of its literals are not false
// there), the base is to be made again.
func (r *replay) addAbove(c []int) int32 {
	d := r.d
	free := 0 // the literals not false under the base
	for _, l := range c {
		if d.p.Truth(l) != -1 || int(d.p.Pos(max(l, -l))) >= d.p.BaseLen() {
			free++
		}
	}
	r.buf = append(r.buf[:0], c...)
	rank := func(l int) int {
		if d.p.Truth(l) != -1 {
			return math.MaxInt
		}
		return int(d.p.Pos(max(l, -l)))
	}
	slices.SortStableFunc(r.buf, func(a, b int) int { return cmp.Compare(rank(b), rank(a)) })
	id := int32(d.p.Size())
	d.p.AddOrdered(r.buf, free >= 2)
	return id
}

// rup reports whether unit propagation refutes the negation of c, the
// conflict in d.p.Conflict().
func (d *Deriver) rup(c []int) bool {
	if !d.p.Base() {
		d.p.SetConflict(d.p.BaseReason())
		return true
	}
	from := len(d.p.Trail())
	for _, l := range c {
		switch d.p.Truth(l) {
		case 1:
			// c holds under the base: the reason of l is the conflict
			d.p.SetConflict(d.p.Reason(max(l, -l)))
			return d.p.Conflict() >= 0
		case 0:
			d.p.Set(-l)
			d.p.Because(-l, -1)
		}
	}
	return !d.p.Propagate(from)
}

// mark marks the clauses on the way to the last conflict as used.
func (d *Deriver) mark(used, seen []bool) {
	// seen is all false between calls: the variables it marks are
	// cleared at the end, not all of it, which a split that marks at
	// each of its leaves would clear thousands of times
	stack := append(d.stack[:0], d.p.Conflict())
	touched := d.touched[:0]
	defer func() {
		for _, v := range touched {
			seen[v] = false
		}
		d.stack, d.touched = stack, touched
	}()
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !used[id] && d.fresh != nil {
			d.fresh = append(d.fresh, id)
		}
		used[id] = true
		for _, l := range d.p.Clause(id) {
			v := int(max(l, -l))
			if seen[v] || d.p.Truth(v) == 0 {
				continue
			}
			seen[v] = true
			touched = append(touched, v)
			if r := d.p.Reason(v); r >= 0 && r != id {
				stack = append(stack, r)
			}
		}
	}
}
