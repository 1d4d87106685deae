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
)

// Deriver holds a CNF and derives clauses it implies. Lemmas it derives are
// added to its clauses, so later derivations may use them, as a DRAT
// checker does.
type Deriver struct {
	// lits holds the literals of every clause, one after another: those
	// of clause id are lits[start[id]:start[id+1]], so that a CNF of
	// 20,000 clauses is two allocations, not one per clause
	lits  []int
	start []int32
	watch [][]int32 // per literal (see idx): the clauses that watch it
	// bin, per literal, holds the clauses of two literals with it: most
	// of a Sudoku CNF (two digits of a cell, or a digit in two cells of a
	// unit, not both), whose other literal propagation reads from here,
	// not from the clause
	bin   [][]binary
	units []int  // unit clauses
	val   []int8 // per variable: 1 true, -1 false, 0 unset
	trail []int
	pos   []int32 // per variable set: its index in trail
	// with reasons (see Core): per variable, the clause that set it by
	// propagation, -1 for none; and the clause of the last conflict
	reason   []int32
	conflict int32
	unitIDs  []int32 // the clauses of units
	// tier, when not nil, is each clause's tier (see Core): propagation
	// uses a clause of tier t > 0 only when those of the tiers below have
	// nothing left to propagate; pending[t-1] are those it set aside
	tier    []uint8
	pending [2][]int32
	// trail[:baseLen] is the propagation of the units (the base) when
	// baseOK; baseConflict says that it reaches a conflict
	baseLen      int
	baseOK       bool
	baseConflict bool
	baseReason   int32 // the clause of that conflict
	// fresh, when not nil, gathers the clauses that mark finds used for
	// the first time
	fresh []int32
	// scratch for mark
	stack   []int32
	touched []int
}

// binary is a clause of two literals as its one literal's list holds it:
// the other literal, and the clause.
type binary struct{ other, id int32 }

func idx(l int) int {
	if l > 0 {
		return 2 * l
	}
	return -2*l + 1
}

// New returns a Deriver of the CNF cnf over variables 1..nv.
func New(nv int, cnf [][]int) *Deriver { return build(nv, cnf) }

// build is New of the clauses of parts, in order.
func build(nv int, parts ...[][]int) *Deriver {
	d := &Deriver{watch: make([][]int32, 2*nv+2), bin: make([][]binary, 2*nv+2), val: make([]int8, nv+1), pos: make([]int32, nv+1)}
	// the literals in one array, the lists of binary clauses carved out
	// of another, and each watch list out of a third, with room for as
	// many again as it starts with: watches move as propagation runs,
	// and a list that outgrows its room is copied
	total, watched, binaries := 0, 0, 0
	count := make([]int32, 2*nv+2)
	bins := make([]int32, 2*nv+2)
	clauses := 0
	for _, cnf := range parts {
		clauses += len(cnf)
		for _, c := range cnf {
			total += len(c)
			if len(c) < 2 || max(c[0], -c[0]) > nv || max(c[1], -c[1]) > nv || c[0] == 0 || c[1] == 0 {
				continue
			}
			if len(c) == 2 {
				bins[idx(c[0])]++
				bins[idx(c[1])]++
				binaries += 2
			} else {
				count[idx(c[0])]++
				count[idx(c[1])]++
				watched += 2
			}
		}
	}
	d.lits = make([]int, 0, total+total/4)
	d.start = make([]int32, 1, clauses+clauses/4+1)
	room := make([]int32, 2*watched+2*len(count))
	at := 0
	for i, k := range count {
		k = 2*k + 2
		d.watch[i] = room[at : at : at+int(k)]
		at += int(k)
	}
	broom := make([]binary, binaries)
	at = 0
	for i, k := range bins {
		d.bin[i] = broom[at : at : at+int(k)]
		at += int(k)
	}
	for _, cnf := range parts {
		for _, c := range cnf {
			d.add(c)
		}
	}
	return d
}

// truncate drops the clauses past the first n, lemmas and all, and what
// Core kept: the Deriver is then one of those n clauses alone, their
// watches where propagation left them.
func (d *Deriver) truncate(n int) {
	d.undo(0)
	// the clauses past n are watched by their own literals alone: when
	// they are few (a split's clauses, not a proof's lemmas), the lists
	// of those literals, not all of them
	drop := func(i int) {
		d.watch[i] = slices.DeleteFunc(d.watch[i], func(id int32) bool { return int(id) >= n })
		d.bin[i] = slices.DeleteFunc(d.bin[i], func(b binary) bool { return int(b.id) >= n })
	}
	if len(d.lits)-int(d.start[n]) > len(d.watch) {
		for i := range d.watch {
			drop(i)
		}
	} else {
		done := make([]bool, len(d.watch))
		for _, l := range d.lits[d.start[n]:] {
			if i := idx(l); !done[i] {
				done[i] = true
				drop(i)
			}
		}
	}
	d.lits = d.lits[:d.start[n]]
	d.start = d.start[:n+1]
	k := 0
	for i, id := range d.unitIDs {
		if int(id) < n {
			d.units[k], d.unitIDs[k] = d.units[i], id
			k++
		}
	}
	d.units, d.unitIDs = d.units[:k], d.unitIDs[:k]
	d.baseOK, d.tier, d.reason, d.fresh = false, nil, nil, nil
}

// clause returns the literals of clause id.
func (d *Deriver) clause(id int32) []int { return d.lits[d.start[id]:d.start[id+1]] }

// size is the number of clauses.
func (d *Deriver) size() int { return len(d.start) - 1 }

// add puts clause c in the database.
func (d *Deriver) add(c []int) {
	for _, l := range c {
		if v := max(l, -l); v >= len(d.val) {
			d.pos = append(d.pos, make([]int32, v+1-len(d.val))...)
			d.val = append(d.val, make([]int8, v+1-len(d.val))...)
			d.watch = append(d.watch, make([][]int32, 2*v+2-len(d.watch))...)
			d.bin = append(d.bin, make([][]binary, 2*v+2-len(d.bin))...)
		}
	}
	id := int32(d.size())
	d.lits = append(d.lits, c...)
	d.start = append(d.start, int32(len(d.lits)))
	c = d.clause(id)
	if d.baseOK && len(c) >= 2 {
		// watch two literals not false under the base; with fewer, the
		// base grows or conflicts: it is made again
		w := 0
		for j := range c {
			if w < 2 && d.truth(c[j]) >= 0 {
				c[w], c[j] = c[j], c[w]
				w++
			}
		}
		if w < 2 {
			d.baseOK = false
		}
	}
	switch len(c) {
	case 0:
	case 1:
		d.units = append(d.units, c[0])
		d.unitIDs = append(d.unitIDs, id)
		if d.baseOK && !d.baseConflict {
			d.grow(c[0], id)
		}
	case 2:
		d.bin[idx(c[0])] = append(d.bin[idx(c[0])], binary{int32(c[1]), id})
		d.bin[idx(c[1])] = append(d.bin[idx(c[1])], binary{int32(c[0]), id})
	default:
		d.watch[idx(c[0])] = append(d.watch[idx(c[0])], id)
		d.watch[idx(c[1])] = append(d.watch[idx(c[1])], id)
	}
}

func (d *Deriver) truth(l int) int8 {
	if l > 0 {
		return d.val[l]
	}
	return -d.val[-l]
}

// set makes l true; false on a conflict (l is false).
func (d *Deriver) set(l int) bool {
	switch d.truth(l) {
	case 1:
		return true
	case -1:
		return false
	}
	if l > 0 {
		d.val[l] = 1
		d.pos[l] = int32(len(d.trail))
	} else {
		d.val[-l] = -1
		d.pos[-l] = int32(len(d.trail))
	}
	d.trail = append(d.trail, l)
	return true
}

// undo unsets the literals of the trail past n.
func (d *Deriver) undo(n int) {
	for _, l := range d.trail[n:] {
		d.val[max(l, -l)] = 0
	}
	d.trail = d.trail[:n]
}

// base makes the assignment the propagation of the units, computing it
// again when clauses added since call for it; false on a conflict there.
func (d *Deriver) base() bool {
	if d.baseOK {
		d.undo(d.baseLen)
		return !d.baseConflict
	}
	d.undo(0)
	d.baseOK, d.baseConflict = true, false
	for k, u := range d.units {
		if !d.set(u) {
			d.baseConflict = true
			d.conflict = d.unitIDs[k]
			break
		}
		d.because(u, d.unitIDs[k])
	}
	d.baseConflict = d.baseConflict || !d.propagate(0)
	d.baseReason = d.conflict
	d.baseLen = len(d.trail)
	return !d.baseConflict
}

// grow adds unit l, clause id, to the base, which stays made: the units
// of a proof's first lemmas (a propagation proof's digits) would
// otherwise each make the base again from the start.
func (d *Deriver) grow(l int, id int32) {
	d.undo(d.baseLen)
	from := len(d.trail)
	if d.set(l) {
		d.because(l, id)
		d.baseConflict = !d.propagate(from)
	} else {
		d.baseConflict, d.conflict = true, id
	}
	if d.baseConflict {
		d.baseReason = d.conflict
	}
	d.baseLen = len(d.trail)
}

// Satisfied reports whether clause c holds under the propagation of the
// units of the database: no unit propagation it is in can set a literal or
// fail, in a checker that propagates the same units, so a proof needs no
// lemma for it.
func (d *Deriver) Satisfied(c []int) bool {
	if !d.base() {
		return false
	}
	for _, l := range c {
		if d.truth(l) == 1 {
			return true
		}
	}
	return false
}

// propagate runs unit propagation from trail[from:]; false on a conflict.
func (d *Deriver) propagate(from int) bool {
	d.pending[0], d.pending[1] = d.pending[0][:0], d.pending[1][:0]
	for {
		if !d.propagateFrom(from) {
			return false
		}
		from = len(d.trail)
		if !d.deferred() {
			return false
		}
		if len(d.trail) == from {
			return true
		}
	}
}

// deferred looks at the clauses that propagation set aside, the lower
// tier's first, in turn, until one sets a literal; false on a conflict.
func (d *Deriver) deferred() bool {
	for t := range d.pending {
		for len(d.pending[t]) > 0 {
			id := d.pending[t][0]
			d.pending[t] = d.pending[t][1:]
			switch l, open := d.open(id); open {
			case 0:
				d.conflict = id
				return false
			case 1:
				d.set(l)
				d.because(l, id)
				return true
			}
		}
	}
	return true
}

// open returns the number of unset literals of clause id, and the last
// one; -1 when a literal holds.
func (d *Deriver) open(id int32) (last, open int) {
	for _, l := range d.clause(id) {
		switch d.truth(l) {
		case 1:
			return 0, -1
		case 0:
			open++
			last = l
		}
	}
	return last, open
}

// propagateFrom runs unit propagation on the clauses of the first tier
// from trail[from:], setting aside those of the second; false on a
// conflict.
func (d *Deriver) propagateFrom(from int) bool {
	for i := from; i < len(d.trail); i++ {
		f := -d.trail[i] // the literal made false
		for _, b := range d.bin[idx(f)] {
			o := int(b.other)
			t := d.truth(o)
			if t == 1 {
				continue
			}
			if d.tier != nil && d.tier[b.id] > 0 {
				d.pending[d.tier[b.id]-1] = append(d.pending[d.tier[b.id]-1], b.id)
				continue
			}
			if t == -1 {
				d.conflict = b.id
				return false
			}
			d.set(o)
			d.because(o, b.id)
		}
		ws := d.watch[idx(f)]
		for j := 0; j < len(ws); j++ {
			c := d.clause(ws[j])
			if c[0] == f {
				c[0], c[1] = c[1], c[0]
			}
			if d.truth(c[0]) == 1 {
				continue
			}
			moved := false
			for k := 2; k < len(c); k++ {
				if d.truth(c[k]) != -1 {
					c[1], c[k] = c[k], c[1]
					d.watch[idx(c[1])] = append(d.watch[idx(c[1])], ws[j])
					ws[j] = ws[len(ws)-1]
					ws = ws[:len(ws)-1]
					j--
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			if d.tier != nil && d.tier[ws[j]] > 0 {
				t := d.tier[ws[j]] - 1
				d.pending[t] = append(d.pending[t], ws[j])
				continue
			}
			if !d.set(c[0]) {
				d.watch[idx(f)] = ws
				d.conflict = ws[j]
				return false
			}
			d.because(c[0], ws[j])
		}
		d.watch[idx(f)] = ws
	}
	return true
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
	if !d.base() {
		// the units refute the CNF: c is RUP as it stands
		w.lemmas = [][]int{slices.Clone(c)}
		w.mark(d.baseReason)
	} else {
		from := len(d.trail)
		holds := false // a literal of c holds under the base: c is RUP
		for _, l := range c {
			if d.truth(l) == 1 && !holds {
				holds = true
				w.mark(d.reasonOf(l))
			}
			if d.truth(l) == 0 {
				d.set(-l)
				d.because(-l, -1)
			}
		}
		ok := holds || w.node(from)
		d.undo(d.baseLen)
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
			d.add(l)
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
	w.d.conflict = id
	w.d.mark(w.used, w.seen)
}

// reasonOf returns the clause that set literal l, -1 for none known.
func (d *Deriver) reasonOf(l int) int32 {
	if v := max(l, -l); v < len(d.reason) {
		return d.reason[v]
	}
	return -1
}

// node refutes the state after the decisions on w.path, whose literals
// from trail[from:] are still to propagate, and writes its lemmas; false
// when it cannot.
func (w *walk) node(from int) bool {
	d := w.d
	if w.budget--; w.budget < 0 {
		return false
	}
	mark := len(d.trail)
	ok := d.propagate(from)
	for ok && w.hook != nil {
		at := len(d.trail)
		if id := w.hook(); id >= 0 {
			d.conflict, ok = id, false
		} else if len(d.trail) == at {
			break
		} else {
			ok = d.propagate(at)
		}
	}
	if !ok {
		w.mark(d.conflict)
	} else {
		g := w.pick()
		if g == nil {
			d.undo(mark)
			return false
		}
		for _, l := range g {
			if d.truth(l) == -1 {
				// the node's lemma, checked, has propagation
				// take l from the group as it does here
				w.mark(d.reasonOf(l))
				continue
			}
			at := len(d.trail)
			d.set(l)
			d.because(l, -1)
			w.path = append(w.path, l)
			ok := w.node(at)
			w.path = w.path[:len(w.path)-1]
			d.undo(at)
			if !ok {
				d.undo(mark)
				return false
			}
		}
	}
	d.undo(mark)
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
			switch w.d.truth(l) {
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

// because records that clause id set literal l, when reasons are kept.
func (d *Deriver) because(l int, id int32) {
	if v := max(l, -l); v < len(d.reason) {
		d.reason[v] = id
	}
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
	n := d.size()
	if tiers != nil {
		d.tier = slices.Clone(tiers)
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
	d.reason = make([]int32, len(d.val))
	for i := range d.reason {
		d.reason[i] = -1
	}
	d.baseOK = false // the base again, with its reasons
	used := make([]bool, d.size())
	seen := make([]bool, len(d.val))
	r := replay{d: d, conflict: -1}
	for k, lemma := range proof {
		if len(d.reason) < len(d.val) {
			d.reason = append(d.reason, make([]int32, len(d.val)-len(d.reason))...)
			seen = append(seen, make([]bool, len(d.val)-len(seen))...)
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
				d.tier[i] = 0
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
		if d.tier != nil {
			d.tier = append(d.tier, 0)
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
	if d.baseOK {
		d.undo(d.baseLen)
	} else {
		d.undo(0)
	}
	r.dec, r.at, r.conflict = r.dec[:0], r.at[:0], -1
}

// to undoes the decisions past the first j.
func (r *replay) to(j int) {
	if j >= len(r.dec) {
		return
	}
	r.d.undo(r.at[j])
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
// c, from those it shares with the state, the conflict in d.conflict;
// false when it does not, or when the base is to be made again: the
// caller then checks c from the base (rup).
func (r *replay) check(c []int) bool {
	d := r.d
	if !d.baseOK || d.baseConflict || len(c) < 2 {
		return false
	}
	j := shared(r.dec, c)
	if j == len(r.dec) && r.conflict >= 0 {
		d.conflict = r.conflict
		return true
	}
	r.to(j)
	for _, l := range c[j:] {
		x := -l
		r.at = append(r.at, len(d.trail))
		r.dec = append(r.dec, x)
		switch d.truth(x) {
		case 1:
			continue
		case -1:
			// l holds: the clause that set it is the conflict
			if r.conflict = d.reasonOf(l); r.conflict < 0 {
				return false
			}
			d.conflict = r.conflict
			return true
		}
		d.set(x)
		d.because(x, -1)
		if !d.propagate(r.at[len(r.at)-1]) {
			r.conflict = d.conflict
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
	if len(c) < 2 || next == nil || len(r.dec) == 0 || !d.baseOK {
		r.reset()
		d.add(c)
		return
	}
	r.to(shared(r.dec, next))
	if len(r.dec) == 0 {
		r.reset()
		d.add(c)
		return
	}
	id := r.addAbove(c)
	if r.conflict >= 0 {
		return
	}
	switch l, open := d.open(id); open {
	case 0:
		r.conflict = id
	case 1:
		at := len(d.trail)
		d.set(l)
		d.because(l, id)
		if !d.propagate(at) {
			r.conflict = d.conflict
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
		if d.truth(l) != -1 || int(d.pos[max(l, -l)]) >= d.baseLen {
			free++
		}
	}
	r.buf = append(r.buf[:0], c...)
	rank := func(l int) int {
		if d.truth(l) != -1 {
			return math.MaxInt
		}
		return int(d.pos[max(l, -l)])
	}
	slices.SortStableFunc(r.buf, func(a, b int) int { return cmp.Compare(rank(b), rank(a)) })
	ok := d.baseOK
	d.baseOK = false // watches as ordered
	id := int32(d.size())
	d.add(r.buf)
	d.baseOK = ok && free >= 2
	return id
}

// rup reports whether unit propagation refutes the negation of c, the
// conflict in d.conflict.
func (d *Deriver) rup(c []int) bool {
	if !d.base() {
		d.conflict = d.baseReason
		return true
	}
	from := len(d.trail)
	for _, l := range c {
		switch d.truth(l) {
		case 1:
			// c holds under the base: the reason of l is the conflict
			d.conflict = d.reason[max(l, -l)]
			return d.conflict >= 0
		case 0:
			d.set(-l)
			d.reason[max(l, -l)] = -1
		}
	}
	return !d.propagate(from)
}

// mark marks the clauses on the way to the last conflict as used.
func (d *Deriver) mark(used, seen []bool) {
	// seen is all false between calls: the variables it marks are
	// cleared at the end, not all of it, which a split that marks at
	// each of its leaves would clear thousands of times
	stack := append(d.stack[:0], d.conflict)
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
		for _, l := range d.clause(id) {
			v := max(l, -l)
			if seen[v] || d.val[v] == 0 {
				continue
			}
			seen[v] = true
			touched = append(touched, v)
			if r := d.reason[v]; r >= 0 && r != id {
				stack = append(stack, r)
			}
		}
	}
}
