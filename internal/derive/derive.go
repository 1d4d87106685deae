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
// extension (RAT lemmas). Nothing here is used by verify yet.
package derive

import "slices"

// Deriver holds a CNF and derives clauses it implies. Lemmas it derives are
// added to its clauses, so later derivations may use them, as a DRAT
// checker does.
type Deriver struct {
	clauses [][]int
	watch   [][]int32 // per literal (see idx): the clauses that watch it
	units   []int     // unit clauses
	val     []int8    // per variable: 1 true, -1 false, 0 unset
	trail   []int
	// trail[:baseLen] is the propagation of the units (the base) when
	// baseOK; baseConflict says that it reaches a conflict
	baseLen      int
	baseOK       bool
	baseConflict bool
}

func idx(l int) int {
	if l > 0 {
		return 2 * l
	}
	return -2*l + 1
}

// New returns a Deriver of the CNF cnf over variables 1..nv.
func New(nv int, cnf [][]int) *Deriver {
	d := &Deriver{watch: make([][]int32, 2*nv+2), val: make([]int8, nv+1)}
	for _, c := range cnf {
		d.add(c)
	}
	return d
}

// add puts clause c in the database.
func (d *Deriver) add(c []int) {
	for _, l := range c {
		if v := max(l, -l); v >= len(d.val) {
			d.val = append(d.val, make([]int8, v+1-len(d.val))...)
			d.watch = append(d.watch, make([][]int32, 2*v+2-len(d.watch))...)
		}
	}
	c = slices.Clone(c)
	id := int32(len(d.clauses))
	d.clauses = append(d.clauses, c)
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
		d.baseOK = false
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
	} else {
		d.val[-l] = -1
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
	for _, u := range d.units {
		if !d.set(u) {
			d.baseConflict = true
		}
	}
	d.baseConflict = d.baseConflict || !d.propagate(0)
	d.baseLen = len(d.trail)
	return !d.baseConflict
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
	for i := from; i < len(d.trail); i++ {
		f := -d.trail[i] // the literal made false
		ws := d.watch[idx(f)]
		for j := 0; j < len(ws); j++ {
			c := d.clauses[ws[j]]
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
			if !d.set(c[0]) {
				d.watch[idx(f)] = ws
				return false
			}
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
	return d.derive(c, groups, budget, true)
}

// derive is Derive; keep false leaves the database as it was.
func (d *Deriver) derive(c []int, groups [][]int, budget int, keep bool) ([][]int, bool) {
	w := walk{d: d, c: c, groups: groups, budget: budget}
	if !d.base() {
		// the units refute the CNF: c is RUP as it stands
		w.lemmas = [][]int{slices.Clone(c)}
	} else {
		from := len(d.trail)
		holds := false // a literal of c holds under the base: c is RUP
		for _, l := range c {
			holds = holds || !d.set(-l)
		}
		ok := holds || w.node(from)
		d.undo(d.baseLen)
		if !ok {
			return nil, false
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
	return w.lemmas, true
}

// walk is one case split.
type walk struct {
	d      *Deriver
	c      []int
	groups [][]int
	path   []int
	budget int
	lemmas [][]int
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
	if d.propagate(from) {
		g := w.pick()
		if g == nil {
			d.undo(mark)
			return false
		}
		for _, l := range g {
			if d.truth(l) == -1 {
				continue
			}
			at := len(d.trail)
			d.set(l)
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

// pick returns the undecided group with the fewest literals left, nil when
// every group has a true literal.
func (w *walk) pick() []int {
	var best []int
	bestLeft := 0
	for _, g := range w.groups {
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
