// Package up is unit propagation over a CNF of DIMACS literals, for the
// proving side: a clause database that watches two literals of each
// Clause and reads a clause of two literals from a list of its other
// literal, the assignment's trail, the propagation of the unit clauses
// (the base), and, for a caller that asks for them, the clause that set
// each literal and tiers of clauses that propagation uses only when the
// tiers below have nothing left to propagate. Package internal/derive
// builds its case splits and its check of a proof's lemmas (Core) on it,
// and package sat propagates a variant's CNF with it before gophersat
// takes what is left. The DRAT checker of package internal/drat has a
// propagation of its own, on purpose: it checks the others.
package up

import "slices"

// Propagator holds a CNF and an assignment of its variables, and runs unit
// propagation on them. Clauses may be added at any time; a clause added
// takes part in propagation from then on.
type Propagator struct {
	// lits holds the literals of every clause, one after another: those
	// of clause id are lits[start[id]:start[id+1]], so that a CNF of
	// 20,000 clauses is two allocations, not one per clause
	lits  []int32
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
	// with reasons (see KeepReasons): per variable, the clause that set it
	// by propagation, -1 for none; and the clause of the last conflict
	reason   []int32
	conflict int32
	unitIDs  []int32 // the clauses of units
	// tier, when not nil, is each clause's tier (see SetTiers):
	// propagation uses a clause of tier t > 0 only when those of the tiers
	// below have nothing left to propagate; pending[t-1] are those it set
	// aside
	tier    []uint8
	pending [2][]int32
	// room and broom hold the watch lists and the lists of binary clauses
	// that New carves out of them (see Load)
	room  []int32
	broom []binary
	// trail[:baseLen] is the propagation of the units (the base) when
	// baseOK; baseConflict says that it reaches a conflict
	baseLen      int
	baseOK       bool
	baseConflict bool
	baseReason   int32 // the clause of that conflict
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

// New returns a Propagator of the clauses of parts, in order, over
// variables 1..nv (a clause may name a larger variable: the assignment
// grows to it).
func New(nv int, parts ...[][]int) *Propagator {
	p := new(Propagator)
	p.Load(nv, parts...)
	return p
}

// Load makes p the Propagator of the clauses of parts over variables
// 1..nv, as New does, in the memory p holds where it is large enough: for
// a caller that propagates one CNF after another.
func (p *Propagator) Load(nv int, parts ...[][]int) {
	*p = Propagator{watch: zeroed(p.watch, 2*nv+2), bin: zeroed(p.bin, 2*nv+2), val: zeroed(p.val, nv+1), pos: zeroed(p.pos, nv+1),
		lits: p.lits, start: p.start, units: p.units[:0], unitIDs: p.unitIDs[:0], trail: p.trail[:0],
		pending: [2][]int32{p.pending[0][:0], p.pending[1][:0]}, room: p.room, broom: p.broom}
	// the literals in one array, the lists of binary clauses carved out
	// of another, and each watch list out of a third, with room for as
	// many again as it starts with: watches move as propagation runs,
	// and a list that outgrows its room is copied
	total, watched, binaries := 0, 0, 0
	count := make([]int32, 2*nv+2)
	bins := make([]int32, 2*nv+2)
	clauses := 0
	within := true // every literal names a variable of 1..nv
	for _, cnf := range parts {
		clauses += len(cnf)
		for _, c := range cnf {
			total += len(c)
			for _, l := range c {
				within = within && l != 0 && max(l, -l) <= nv
			}
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
	p.lits = reserved(p.lits, total+total/4)
	p.start = append(reserved(p.start, clauses+clauses/4+1), 0)
	p.room = zeroed(p.room, 2*watched+2*len(count))
	p.broom = zeroed(p.broom, binaries)
	room, broom := p.room, p.broom
	if within {
		p.fill(parts, count, bins, room, broom)
		return
	}
	at := 0
	for i, k := range count {
		k = 2*k + 2
		p.watch[i] = room[at : at : at+int(k)]
		at += int(k)
	}
	at = 0
	for i, k := range bins {
		p.bin[i] = broom[at : at : at+int(k)]
		at += int(k)
	}
	for _, cnf := range parts {
		for _, c := range cnf {
			p.Add(c)
		}
	}
}

// zeroed returns s with length n, every element zero, in s's memory when
// it is large enough.
func zeroed[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// reserved returns s empty, with room for n elements, in s's memory when
// it is large enough.
func reserved[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, 0, n)
	}
	return s[:0]
}

// fill is New's Add of every clause of parts, whose literals all name
// variables of the Propagator, with count[i] and bins[i] clauses of three
// literals or more and of two that watch or hold literal i: it writes
// the lists in room and broom in place, in the order Add appends to
// them, and sets each list once.
func (p *Propagator) fill(parts [][][]int, count, bins, room []int32, broom []binary) {
	wat := make([]int32, len(count)) // where list i's next clause goes
	bat := make([]int32, len(bins))
	at, bt := int32(0), int32(0)
	for i := range count {
		wat[i], bat[i] = at, bt
		at += 2*count[i] + 2
		bt += bins[i]
	}
	for _, cnf := range parts {
		for _, c := range cnf {
			id := int32(p.Size())
			for _, l := range c {
				p.lits = append(p.lits, int32(l))
			}
			p.start = append(p.start, int32(len(p.lits)))
			switch len(c) {
			case 0:
			case 1:
				p.units = append(p.units, c[0])
				p.unitIDs = append(p.unitIDs, id)
			case 2:
				i, j := idx(c[0]), idx(c[1])
				broom[bat[i]] = binary{int32(c[1]), id}
				bat[i]++
				broom[bat[j]] = binary{int32(c[0]), id}
				bat[j]++
			default:
				i, j := idx(c[0]), idx(c[1])
				room[wat[i]] = id
				wat[i]++
				room[wat[j]] = id
				wat[j]++
			}
		}
	}
	at, bt = 0, 0
	for i := range count {
		p.watch[i] = room[at : wat[i] : at+2*count[i]+2]
		p.bin[i] = broom[bt:bat[i]:bat[i]]
		at += 2*count[i] + 2
		bt += bins[i]
	}
}

// Truncate drops the clauses past the first n, lemmas and all, the tiers
// and the reasons: the Propagator is then one of those n clauses alone,
// their watches where propagation left them.
func (p *Propagator) Truncate(n int) {
	p.Undo(0)
	// the clauses past n are watched by their own literals alone: when
	// they are few (a split's clauses, not a proof's lemmas), the lists
	// of those literals, not all of them
	drop := func(i int) {
		p.watch[i] = slices.DeleteFunc(p.watch[i], func(id int32) bool { return int(id) >= n })
		p.bin[i] = slices.DeleteFunc(p.bin[i], func(b binary) bool { return int(b.id) >= n })
	}
	if len(p.lits)-int(p.start[n]) > len(p.watch) {
		for i := range p.watch {
			drop(i)
		}
	} else {
		done := make([]bool, len(p.watch))
		for _, l := range p.lits[p.start[n]:] {
			if i := idx(int(l)); !done[i] {
				done[i] = true
				drop(i)
			}
		}
	}
	p.lits = p.lits[:p.start[n]]
	p.start = p.start[:n+1]
	k := 0
	for i, id := range p.unitIDs {
		if int(id) < n {
			p.units[k], p.unitIDs[k] = p.units[i], id
			k++
		}
	}
	p.units, p.unitIDs = p.units[:k], p.unitIDs[:k]
	p.baseOK, p.tier, p.reason = false, nil, nil
}

// Clause returns the literals of clause id.
func (p *Propagator) Clause(id int32) []int32 { return p.lits[p.start[id]:p.start[id+1]] }

// Size is the number of clauses.
func (p *Propagator) Size() int { return len(p.start) - 1 }

// Add puts clause c in the database.
func (p *Propagator) Add(lits []int) {
	for _, l := range lits {
		if v := max(l, -l); v >= len(p.val) {
			p.pos = append(p.pos, make([]int32, v+1-len(p.val))...)
			p.val = append(p.val, make([]int8, v+1-len(p.val))...)
			p.watch = append(p.watch, make([][]int32, 2*v+2-len(p.watch))...)
			p.bin = append(p.bin, make([][]binary, 2*v+2-len(p.bin))...)
		}
	}
	id := int32(p.Size())
	for _, l := range lits {
		p.lits = append(p.lits, int32(l))
	}
	p.start = append(p.start, int32(len(p.lits)))
	c := p.Clause(id)
	if p.baseOK && len(c) >= 2 {
		// watch two literals not false under the base; with fewer, the
		// base grows or conflicts: it is made again
		w := 0
		for j := range c {
			if w < 2 && p.Truth(int(c[j])) >= 0 {
				c[w], c[j] = c[j], c[w]
				w++
			}
		}
		if w < 2 {
			p.baseOK = false
		}
	}
	switch len(c) {
	case 0:
	case 1:
		p.units = append(p.units, int(c[0]))
		p.unitIDs = append(p.unitIDs, id)
		if p.baseOK && !p.baseConflict {
			p.grow(int(c[0]), id)
		}
	case 2:
		p.bin[idx(int(c[0]))] = append(p.bin[idx(int(c[0]))], binary{c[1], id})
		p.bin[idx(int(c[1]))] = append(p.bin[idx(int(c[1]))], binary{c[0], id})
	default:
		p.watch[idx(int(c[0]))] = append(p.watch[idx(int(c[0]))], id)
		p.watch[idx(int(c[1]))] = append(p.watch[idx(int(c[1]))], id)
	}
}

func (p *Propagator) Truth(l int) int8 {
	if l > 0 {
		return p.val[l]
	}
	return -p.val[-l]
}

// Set makes l true; false on a conflict (l is false).
func (p *Propagator) Set(l int) bool {
	switch p.Truth(l) {
	case 1:
		return true
	case -1:
		return false
	}
	if l > 0 {
		p.val[l] = 1
		p.pos[l] = int32(len(p.trail))
	} else {
		p.val[-l] = -1
		p.pos[-l] = int32(len(p.trail))
	}
	p.trail = append(p.trail, l)
	return true
}

// Undo unsets the literals of the trail past n.
func (p *Propagator) Undo(n int) {
	for _, l := range p.trail[n:] {
		p.val[max(l, -l)] = 0
	}
	p.trail = p.trail[:n]
}

// Base makes the assignment the propagation of the units, computing it
// again when clauses added since call for it; false on a conflict there.
func (p *Propagator) Base() bool {
	if p.baseOK {
		p.Undo(p.baseLen)
		return !p.baseConflict
	}
	p.Undo(0)
	p.baseOK, p.baseConflict = true, false
	for k, u := range p.units {
		if !p.Set(u) {
			p.baseConflict = true
			p.conflict = p.unitIDs[k]
			break
		}
		p.Because(u, p.unitIDs[k])
	}
	p.baseConflict = p.baseConflict || !p.Propagate(0)
	p.baseReason = p.conflict
	p.baseLen = len(p.trail)
	return !p.baseConflict
}

// grow adds unit l, clause id, to the base, which stays made: the units
// of a proof's first lemmas (a propagation proof's digits) would
// otherwise each make the base again from the start.
func (p *Propagator) grow(l int, id int32) {
	p.Undo(p.baseLen)
	from := len(p.trail)
	if p.Set(l) {
		p.Because(l, id)
		p.baseConflict = !p.Propagate(from)
	} else {
		p.baseConflict, p.conflict = true, id
	}
	if p.baseConflict {
		p.baseReason = p.conflict
	}
	p.baseLen = len(p.trail)
}

// Propagate runs unit propagation from trail[from:]; false on a conflict.
func (p *Propagator) Propagate(from int) bool {
	p.pending[0], p.pending[1] = p.pending[0][:0], p.pending[1][:0]
	for {
		if !p.propagateFrom(from) {
			return false
		}
		from = len(p.trail)
		if !p.deferred() {
			return false
		}
		if len(p.trail) == from {
			return true
		}
	}
}

// deferred looks at the clauses that propagation set aside, the lower
// tier's first, in turn, until one sets a literal; false on a conflict.
func (p *Propagator) deferred() bool {
	for t := range p.pending {
		for len(p.pending[t]) > 0 {
			id := p.pending[t][0]
			p.pending[t] = p.pending[t][1:]
			switch l, open := p.Open(id); open {
			case 0:
				p.conflict = id
				return false
			case 1:
				p.Set(l)
				p.Because(l, id)
				return true
			}
		}
	}
	return true
}

// Open returns the number of unset literals of clause id, and the last
// one; -1 when a literal holds.
func (p *Propagator) Open(id int32) (last, open int) {
	for _, l := range p.Clause(id) {
		switch p.Truth(int(l)) {
		case 1:
			return 0, -1
		case 0:
			open++
			last = int(l)
		}
	}
	return last, open
}

// propagateFrom runs unit propagation on the clauses of the first tier
// from trail[from:], setting aside those of the second; false on a
// conflict.
func (p *Propagator) propagateFrom(from int) bool {
	for i := from; i < len(p.trail); i++ {
		f := -p.trail[i] // the literal made false
		for _, b := range p.bin[idx(f)] {
			o := int(b.other)
			t := p.Truth(o)
			if t == 1 {
				continue
			}
			if p.tier != nil && p.tier[b.id] > 0 {
				p.pending[p.tier[b.id]-1] = append(p.pending[p.tier[b.id]-1], b.id)
				continue
			}
			if t == -1 {
				p.conflict = b.id
				return false
			}
			p.Set(o)
			p.Because(o, b.id)
		}
		ws := p.watch[idx(f)]
		for j := 0; j < len(ws); j++ {
			c := p.Clause(ws[j])
			if int(c[0]) == f {
				c[0], c[1] = c[1], c[0]
			}
			if p.Truth(int(c[0])) == 1 {
				continue
			}
			moved := false
			for k := 2; k < len(c); k++ {
				if p.Truth(int(c[k])) != -1 {
					c[1], c[k] = c[k], c[1]
					p.watch[idx(int(c[1]))] = append(p.watch[idx(int(c[1]))], ws[j])
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
			if p.tier != nil && p.tier[ws[j]] > 0 {
				t := p.tier[ws[j]] - 1
				p.pending[t] = append(p.pending[t], ws[j])
				continue
			}
			if !p.Set(int(c[0])) {
				p.watch[idx(f)] = ws
				p.conflict = ws[j]
				return false
			}
			p.Because(int(c[0]), ws[j])
		}
		p.watch[idx(f)] = ws
	}
	return true
}

// Because records that clause id set literal l, when reasons are kept.
func (p *Propagator) Because(l int, id int32) {
	if v := max(l, -l); v < len(p.reason) {
		p.reason[v] = id
	}
}

// AddOrdered adds clause c, of two literals or more, watching its first
// two literals as c gives them, whatever the assignment: a caller that
// adds a clause under decisions puts first the literals those decisions
// leave free, or those they set last. With keep, the base stays made (the
// caller knows that c does not change it); otherwise the next Base makes
// it again.
func (p *Propagator) AddOrdered(c []int, keep bool) {
	ok := p.baseOK
	p.baseOK = false // watches as ordered
	p.Add(c)
	p.baseOK = ok && keep
}

// Remake has the next Base make the base again from the units, as after
// KeepReasons, so that it records their reasons.
func (p *Propagator) Remake() { p.baseOK = false }

// BaseMade reports whether the base is made: the assignment's first
// BaseLen literals are the propagation of the units.
func (p *Propagator) BaseMade() bool { return p.baseOK }

// BaseLen is the length of the base in the trail.
func (p *Propagator) BaseLen() int { return p.baseLen }

// BaseConflict reports whether the propagation of the units reaches a
// conflict, and BaseReason returns its clause.
func (p *Propagator) BaseConflict() bool { return p.baseConflict }

// BaseReason is the clause of the conflict of the base.
func (p *Propagator) BaseReason() int32 { return p.baseReason }

// Trail returns the literals set, in the order they were set.
func (p *Propagator) Trail() []int { return p.trail }

// Vars returns the number of variables of the assignment plus one: the
// length of a table indexed by variable.
func (p *Propagator) Vars() int { return len(p.val) }

// Pos returns the index in the trail of variable v, when it is set.
func (p *Propagator) Pos(v int) int32 { return p.pos[v] }

// Conflict returns the clause of the last conflict.
func (p *Propagator) Conflict() int32 { return p.conflict }

// SetConflict makes clause id the last conflict, for a caller that found
// one of its own.
func (p *Propagator) SetConflict(id int32) { p.conflict = id }

// KeepReasons has propagation record the clause that sets each literal,
// from the next Base on (see Reason), no reason known yet.
func (p *Propagator) KeepReasons() {
	p.reason = make([]int32, len(p.val))
	for i := range p.reason {
		p.reason[i] = -1
	}
	p.baseOK = false // the base again, with its reasons
}

// GrowReasons extends the reasons to the variables that clauses added
// since KeepReasons brought.
func (p *Propagator) GrowReasons() {
	if len(p.reason) < len(p.val) {
		p.reason = append(p.reason, make([]int32, len(p.val)-len(p.reason))...)
	}
}

// Reason returns the clause that set variable v, -1 for a decision.
func (p *Propagator) Reason(v int) int32 { return p.reason[v] }

// ReasonOf returns the clause that set literal l, -1 for none known.
func (p *Propagator) ReasonOf(l int) int32 {
	if v := max(l, -l); v < len(p.reason) {
		return p.reason[v]
	}
	return -1
}

// Tiers returns the tier of each clause, nil for none (see SetTiers).
func (p *Propagator) Tiers() []uint8 { return p.tier }

// SetTiers gives each clause a tier, 0, 1 or 2 (nil: all 0): propagation
// uses a clause of tier t > 0 only when those of the tiers below have
// nothing left to propagate.
func (p *Propagator) SetTiers(t []uint8) { p.tier = t }
