// Package drat is a small DRAT checker, written apart from package sat and
// from the searches whose proofs it checks. The tests check every kind of
// proof with it (through grid/gridtest), and the verifier checks each
// proof that gophersat certifies with it before the proof leaves the
// process. A lemma passes when unit propagation from its negation, over
// the CNF and the lemmas before it, reaches a conflict (reverse unit
// propagation, RUP), or else when it has the resolution asymmetric tautology property (RAT) on its
// first literal p: for every clause D of the database that holds -p, the
// lemma with the other literals of D is RUP. A proof passes when every
// lemma does and the empty clause is among them. Deletions ("d" lines)
// take a clause out, for the RAT check as for RUP. A RAT lemma on a new
// variable p is how a proof defines p by extension: "p or not a" and "not
// p or a" make p equal to a, and no clause before names p.
//
// The checker keeps its assignment from one lemma to the next (see rup):
// the lemmas of a proof that a depth-first search writes negate decision
// paths that share their beginnings, and each is checked from where the
// one before it left off, as the search went, where a check from scratch
// would propagate the whole path again. A Checker takes a proof a lemma
// at a time, as it is written.
//
// A literal that a clause holds twice counts once, as drat-trim counts it:
// a checker that watches two literals of a clause must not watch one
// literal twice, or it misses the clause's unit.
package drat

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Lemma is one line of a DRAT proof: a clause added, or deleted.
type Lemma struct {
	Lits   []int
	Delete bool
}

// Read reads DRAT text (or DIMACS clauses, whose "c" and "p" lines it
// skips).
func Read(r io.Reader) ([]Lemma, error) {
	var out []Lemma
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<24)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == 'c' || line[0] == 'p' {
			continue
		}
		var l Lemma
		if rest, ok := strings.CutPrefix(line, "d "); ok {
			l.Delete, line = true, rest
		}
		ended := false
		for _, f := range strings.Fields(line) {
			x, err := strconv.Atoi(f)
			if err != nil {
				return nil, fmt.Errorf("line %d: bad literal %q", n, f)
			}
			if x == 0 {
				ended = true
				break
			}
			l.Lits = append(l.Lits, x)
		}
		if !ended {
			return nil, fmt.Errorf("line %d: no 0 at the end of the clause", n)
		}
		out = append(out, l)
	}
	return out, sc.Err()
}

// Clauses returns the clauses of lemmas, deletions left out.
func Clauses(lemmas []Lemma) [][]int {
	var out [][]int
	for _, l := range lemmas {
		if !l.Delete {
			out = append(out, l.Lits)
		}
	}
	return out
}

// Check checks proof against cnf over variables 1..nv. It returns nil
// when every lemma is RUP and the empty clause is derived; otherwise an
// error, and in at the 0-based index in proof of the lemma that is not RUP
// (len(proof) when the empty clause is missing).
func Check(nv int, cnf [][]int, proof []Lemma) (at int, err error) {
	for _, l := range proof {
		for _, x := range l.Lits {
			nv = max(nv, x, -x) // a lemma may name a new variable
		}
	}
	c := NewChecker(nv, cnf)
	for i, l := range proof {
		if l.Delete {
			c.Delete(l.Lits) // no error: c allows deletions
			continue
		}
		if err := c.Add(l.Lits); err != nil {
			return i, err
		}
		if c.Refuted() {
			return i, nil
		}
	}
	return len(proof), fmt.Errorf("no empty clause in %d lemmas", len(proof))
}

// A Checker checks a proof lemma by lemma, as it is written, against a
// CNF: Check is a Checker given a whole proof.
type Checker struct {
	k        *rup
	lemmas   int  // the lines of the proof so far, for errors
	refuted  bool // the empty clause was added
	rejected bool // a lemma was refused
	// noDeletions: see NoDeletions
	noDeletions bool
}

// NewChecker returns a Checker of proofs of cnf, over variables 1..nv and
// any that the proof names past them.
func NewChecker(nv int, cnf [][]int) *Checker {
	return &Checker{k: newRUP(nv, cnf)}
}

// Add checks lemma against the CNF and the lemmas before it, and adds it
// when it is RUP or RAT; otherwise it returns an error, and every lemma
// after it is refused too.
func (c *Checker) Add(lemma []int) error {
	c.lemmas++
	if c.rejected {
		return fmt.Errorf("lemma %d: a lemma before it was refused", c.lemmas)
	}
	k := c.k
	for _, x := range lemma {
		k.grow(max(x, -x))
	}
	if !k.refutesKept(lemma) && !k.refutes(lemma) && !k.rat(lemma) {
		c.rejected = true
		if len(lemma) == 0 {
			return fmt.Errorf("lemma %d, the empty clause, is not RUP", c.lemmas)
		}
		return fmt.Errorf("lemma %d %v is not RUP, nor RAT on %d", c.lemmas, lemma, lemma[0])
	}
	if len(lemma) == 0 {
		c.refuted = true
		return nil
	}
	k.addLemma(lemma, c.noDeletions)
	return nil
}

// NoDeletions says that the proof deletes no clause, as a search's does
// not: the lemmas that a later one subsumes (see subsume) then give their
// memory back, which keeps it to the lemmas of the path the search is on,
// and a deletion is an error.
func (c *Checker) NoDeletions() { c.noDeletions = true }

// Delete takes a clause with the literals of lemma out of the database,
// when there is one.
func (c *Checker) Delete(lemma []int) error {
	c.lemmas++
	if c.noDeletions {
		c.rejected = true
		return fmt.Errorf("lemma %d: a deletion, in a proof said to have none", c.lemmas)
	}
	c.k.remove(lemma)
	return nil
}

// Refuted reports whether the empty clause was added: the proof is
// complete.
func (c *Checker) Refuted() bool { return c.refuted }

// Refutes reports whether unit propagation on cnf (variables 1..nv)
// reaches a conflict: the empty clause is RUP.
func Refutes(nv int, cnf [][]int) bool {
	_, err := Check(nv, cnf, []Lemma{{}})
	return err == nil
}

// A literal inside the checker is a code: 2v for v, 2v+1 for not v, so
// that code^1 is its negation and the tables are indexed by it.
func code(l int) int32 {
	if l > 0 {
		return int32(2 * l)
	}
	return int32(-2*l + 1)
}

func decode(c int32) int {
	if c&1 != 0 {
		return -int(c >> 1)
	}
	return int(c >> 1)
}

// A watcher is a clause watching a literal, with a literal of the clause
// that, when true, leaves the clause satisfied without reading it (the
// blocker). A clause of two literals is in the lists of its two literals
// for good (bins), each with the other as its blocker: it is never read.
type watcher struct {
	clause  int32 // its header in lits
	blocker int32
}

// rup is a clause database with two watched literals per clause for unit
// propagation, and an assignment kept from lemma to lemma.
//
// The assignment is a trail of levels: level 0 is the propagation of the
// database's units (the base), and each level after it a decision, the
// negation of a literal of the lemma checked, with its propagation. A
// proof written by a depth-first search negates decision paths one after
// another, and its lemmas share their first literals; so the check of a
// lemma keeps the levels whose decisions are its first literals, and sets
// and propagates only the rest (refutesKept), where a check from the base
// would propagate the whole path again. Each literal of the trail follows
// from the database and the decisions below it, so a conflict the kept
// trail reaches is one that propagation from the lemma's negation reaches.
//
// A lemma added is placed under the trail (place): when it is a unit there,
// the trail goes back to the level where it became one and propagates it.
// With that, every level kept is the whole propagation of its decisions,
// and refutesKept finds every conflict refutes would; Check still asks
// refutes after it, from the base, before it refuses a lemma.
//
// A watched literal that is false has a true literal in its clause set at
// its level or before (the clause is satisfied), or its level is the
// trail's last and its visit is pending: going back to any level keeps
// every clause's watches sound.
type rup struct {
	nv      int
	lits    []int32            // the literals of every clause, one after another
	start   []int32            // the header of each clause (see appendClause)
	deleted bool               // the proof deleted a clause: bins read its header
	watch   [][]watcher        // per code: the clauses of three literals or more watching it
	bins    [][]watcher        // per code: the clauses of two literals that hold it
	units   []int32            // clauses of one literal, or none
	byKey   map[string][]int32 // made at the first deletion
	val     []int8             // per code: 1 true, -1 false, 0 unset
	lev     []int32            // per variable: the level it was set at
	trail   []int32            // the codes set, in order
	lim     []int              // where each level from 1 starts on the trail
	dec     []int32            // the decision of each level from 1
	// conflict says that the propagation of the trail's last level, not
	// the base, reached a conflict and stopped there: a lemma whose
	// negation holds its decisions is refuted as it stands
	conflict bool
	// recent are the lemmas added last, not yet subsumed, and subsumed
	// those that a lemma after them subsumed, kept aside (see subsume)
	recent   []int32
	subsumed []int32
	mark     []bool // per code, for subsume
	// baseOK says the trail's level 0 is the base; baseConflict that
	// the base itself reaches a conflict
	baseOK       bool
	baseConflict bool
}

// newRUP returns the database of cnf.
func newRUP(nv int, cnf [][]int) *rup {
	n := 0
	for _, c := range cnf {
		for _, l := range c {
			nv = max(nv, l, -l)
		}
		n += len(c)
	}
	k := &rup{
		nv:    nv,
		lits:  make([]int32, 0, n+len(cnf)),
		start: make([]int32, 0, len(cnf)),
		watch: make([][]watcher, 2*nv+2),
		bins:  make([][]watcher, 2*nv+2),
		val:   make([]int8, 2*nv+2),
		lev:   make([]int32, nv+1),
	}
	for id, c := range cnf {
		k.appendClause(c)
		k.add(int32(id))
	}
	return k
}

// grow makes room for variable v.
func (k *rup) grow(v int) {
	if v <= k.nv {
		return
	}
	k.nv = v
	k.watch = append(k.watch, make([][]watcher, 2*v+2-len(k.watch))...)
	k.bins = append(k.bins, make([][]watcher, 2*v+2-len(k.bins))...)
	k.val = append(k.val, make([]int8, 2*v+2-len(k.val))...)
	k.lev = append(k.lev, make([]int32, v+1-len(k.lev))...)
}

// appendClause puts clause c in the table, each literal once, not yet in
// the database (see add).
func (k *rup) appendClause(c []int) {
	at := len(k.lits)
	k.lits = append(k.lits, ^0) // its header: not live, no literal yet
	for _, l := range c {
		x := code(l)
		if !slices.Contains(k.lits[at+1:], x) {
			k.lits = append(k.lits, x)
		}
	}
	k.start = append(k.start, int32(at))
	k.lits[at] = ^int32(len(k.lits) - at - 1)
}

// A clause is its header in lits, then its literals: the header is its
// length, or the length's complement (^n, below 0) when the clause is not
// in the database; start holds the header of each clause, and watchers
// name a clause by it too.

// setLive puts clause id in the database, or takes it out.
func (k *rup) setLive(id int32, live bool) {
	if h := &k.lits[k.start[id]]; (*h >= 0) != live {
		*h = ^*h
	}
}

// live reports whether clause id is in the database.
func (k *rup) live(id int32) bool { return k.lits[k.start[id]] >= 0 }

// clauses returns the number of clauses in the table, in the database or
// not.
func (k *rup) clauses() int32 { return int32(len(k.start)) }

// clause returns the literals of clause id.
func (k *rup) clause(id int32) []int32 { return k.at(k.start[id]) }

// at returns the literals of the clause whose header is lits[ref].
func (k *rup) at(ref int32) []int32 {
	n := k.lits[ref]
	if n < 0 {
		n = ^n
	}
	return k.lits[ref+1 : ref+1+n]
}

// ints returns clause id as literals.
func (k *rup) ints(id int32) []int {
	c := k.clause(id)
	out := make([]int, len(c))
	for i, x := range c {
		out[i] = decode(x)
	}
	return out
}

// key names a clause by its sorted literals, each once.
func key(c []int) string {
	s := slices.Clone(c)
	slices.Sort(s)
	s = slices.Compact(s)
	b := make([]byte, 0, 8*len(s))
	for _, l := range s {
		b = strconv.AppendInt(b, int64(l), 10)
		b = append(b, ' ')
	}
	return string(b)
}

// add puts clause id in the database.
func (k *rup) add(id int32) {
	c := k.clause(id)
	k.setLive(id, true)
	if k.conflict {
		k.backtrack(k.level() - 1)
	}
	if k.byKey != nil {
		kk := key(k.ints(id))
		k.byKey[kk] = append(k.byKey[kk], id)
	}
	if len(c) <= 1 {
		k.units = append(k.units, id)
		if k.baseOK && !k.baseConflict {
			k.backtrack(0)
			k.baseConflict = len(c) == 0 || !k.set(c[0]) || k.propagate(len(k.trail)-1)
		}
		return
	}
	if !k.baseOK || k.baseConflict {
		k.watchFirst(id)
		return
	}
	k.place(id)
}

// watchFirst makes the first two literals of clause id its watches.
func (k *rup) watchFirst(id int32) {
	c := k.clause(id)
	ws := k.watch
	if len(c) == 2 {
		ws = k.bins
	}
	ref := k.start[id]
	ws[c[0]] = append(ws[c[0]], watcher{ref, c[1]})
	ws[c[1]] = append(ws[c[1]], watcher{ref, c[0]})
}

// place watches clause id, of two literals or more, under the trail. Two
// literals that are not false are watched when it has them; else the one
// that is not false and the false one set last, and when the clause is a
// unit under the trail it is propagated at the level where it became one,
// the levels after it undone; and a clause false under the trail undoes
// the levels that make it so.
func (k *rup) place(id int32) {
	c := k.clause(id)
	for {
		nf := 0 // the literals not false, moved to the front
		for j := range c {
			if k.val[c[j]] >= 0 {
				c[nf], c[j] = c[j], c[nf]
				if nf++; nf == 2 {
					break
				}
			}
		}
		if nf == 2 {
			k.watchFirst(id)
			return
		}
		hi := nf // the false literal set at the highest level, to c[nf]
		for j := nf + 1; j < len(c); j++ {
			if k.lev[c[j]>>1] > k.lev[c[hi]>>1] {
				hi = j
			}
		}
		c[nf], c[hi] = c[hi], c[nf]
		a := int(k.lev[c[nf]>>1])
		if nf == 0 {
			// false under the trail: at level a - 1 it is not
			if a == 0 {
				k.baseConflict = true
				k.watchFirst(id)
				return
			}
			k.backtrack(a - 1)
			continue
		}
		// c[0] is the literal not false, c[1] false at level a
		if k.val[c[0]] == 1 && int(k.lev[c[0]>>1]) <= a {
			k.watchFirst(id)
			return
		}
		k.backtrack(a) // c[0] is unset at level a
		k.watchFirst(id)
		k.set(c[0])
		if k.propagate(len(k.trail) - 1) {
			k.conflictAt(a)
		}
		return
	}
}

// conflictAt records a conflict that the propagation of level a, the
// trail's last, reached.
func (k *rup) conflictAt(a int) {
	if a == 0 {
		k.baseConflict = true
		return
	}
	k.conflict = true
}

// addLemma adds lemma, checked, to the database, after subsume.
func (k *rup) addLemma(lemma []int, free bool) {
	k.subsume(lemma, free)
	k.appendClause(lemma)
	id := k.clauses() - 1
	k.add(id)
	if len(k.clause(id)) > 1 {
		k.recent = append(k.recent, id)
	}
}

// subsume takes out of the database, before lemma is added, the lemmas
// added last that it subsumes (each holds all of its literals): in a
// proof written by a depth-first search, the lemmas of a node's branches,
// each its path and one decision more, come just before the node's own.
// Unit propagation with lemma does all that it did with them, and more:
// the lemmas after them check as they would, RAT too (a resolvent on a
// clause lemma subsumes holds lemma's literals, whose negation lemma
// refutes), and the watch lists stay short. With free, a proof with no
// deletions, those at the end of the table give their room back, which
// keeps it to the lemmas of the path the search is on; else they are
// kept aside, and the proof's first deletion puts them back and ends this
// (see remove), since the clause it deletes may be one that subsumed them.
func (k *rup) subsume(lemma []int, free bool) {
	if k.byKey != nil || len(lemma) == 0 || len(k.recent) == 0 {
		return
	}
	if len(k.mark) < len(k.val) {
		k.mark = make([]bool, len(k.val))
	}
	n := 0 // lemma's literals, each once
	for _, l := range lemma {
		if x := code(l); !k.mark[x] {
			k.mark[x] = true
			n++
		}
	}
	for len(k.recent) > 0 {
		id := k.recent[len(k.recent)-1]
		c := k.clause(id)
		in := 0
		for _, x := range c {
			if k.mark[x] {
				in++
			}
		}
		if in < n {
			break
		}
		k.recent = k.recent[:len(k.recent)-1]
		k.unwatch(id)
		k.setLive(id, false)
		switch {
		case !free:
			k.subsumed = append(k.subsumed, id)
		case id == k.clauses()-1 && int(k.start[id])+1+len(c) == len(k.lits):
			k.lits, k.start = k.lits[:k.start[id]], k.start[:id]
		}
	}
	for _, l := range lemma {
		k.mark[code(l)] = false
	}
}

// unwatch takes clause id, of two literals or more, out of the lists of
// the two literals it watches, c[0] and c[1].
func (k *rup) unwatch(id int32) {
	c := k.clause(id)
	ref := k.start[id]
	lists := k.watch
	if len(c) == 2 {
		lists = k.bins
	}
	for _, x := range c[:2] {
		ws := lists[x]
		for i := range ws {
			if ws[i].clause == ref {
				ws[i] = ws[len(ws)-1]
				lists[x] = ws[:len(ws)-1]
				break
			}
		}
	}
}

// restore puts back the lemmas that subsume took out; the base is
// computed again, under which their watches hold.
func (k *rup) restore() {
	for _, id := range k.subsumed {
		k.setLive(id, true)
		k.watchFirst(id)
	}
	k.subsumed, k.recent = nil, nil
	k.baseOK = false
}

func (k *rup) remove(c []int) {
	if k.byKey == nil {
		if len(k.subsumed) > 0 {
			k.restore()
		}
		// the clauses by their sorted literals, from the first deletion
		k.byKey = make(map[string][]int32)
		for id := range k.clauses() {
			if k.live(id) {
				kk := key(k.ints(id))
				k.byKey[kk] = append(k.byKey[kk], id)
			}
		}
	}
	kk := key(c)
	ids := k.byKey[kk]
	if len(ids) == 0 {
		return
	}
	k.setLive(ids[len(ids)-1], false) // its watches go when next visited
	k.byKey[kk] = ids[:len(ids)-1]
	k.deleted = true
	k.baseOK = false
}

// level returns the trail's last level.
func (k *rup) level() int { return len(k.lim) }

// set makes x true at the trail's last level; false on a conflict (x
// already false).
func (k *rup) set(x int32) bool {
	switch k.val[x] {
	case 1:
		return true
	case -1:
		return false
	}
	k.val[x], k.val[x^1] = 1, -1
	k.lev[x>>1] = int32(len(k.lim))
	k.trail = append(k.trail, x)
	return true
}

// undo unsets the literals of the trail from n on.
func (k *rup) undo(n int) {
	for _, x := range k.trail[n:] {
		k.val[x], k.val[x^1] = 0, 0
	}
	k.trail = k.trail[:n]
}

// backtrack undoes the levels after level d.
func (k *rup) backtrack(d int) {
	if d < len(k.lim) {
		k.undo(k.lim[d])
		k.lim, k.dec = k.lim[:d], k.dec[:d]
		k.conflict = false
	}
}

// decide opens a level with decision x, which is unset.
func (k *rup) decide(x int32) {
	k.lim = append(k.lim, len(k.trail))
	k.dec = append(k.dec, x)
	k.set(x)
}

// propagate runs unit propagation from the literals set at trail[from:];
// true on a conflict.
func (k *rup) propagate(from int) bool {
	for head := from; head < len(k.trail); head++ {
		f := k.trail[head] ^ 1 // now false
		for _, w := range k.bins[f] {
			if v := k.val[w.blocker]; v == 1 || k.deleted && k.lits[w.clause] < 0 {
				continue
			} else if v == -1 {
				return true
			}
			k.set(w.blocker)
		}
		ws := k.watch[f]
		j := 0
		conflict := false
		for i := 0; i < len(ws); i++ {
			w := ws[i]
			if k.val[w.blocker] == 1 {
				ws[j] = w
				j++
				continue
			}
			n := k.lits[w.clause]
			if n < 0 {
				continue // not in the database: drop the watch
			}
			c := k.lits[w.clause+1 : w.clause+1+n]
			if c[0] == f {
				c[0], c[1] = c[1], c[0]
			}
			// c[1] is f
			first := c[0]
			if k.val[first] == 1 {
				ws[j] = watcher{w.clause, first}
				j++
				continue
			}
			moved := false
			for m := 2; m < len(c); m++ {
				if k.val[c[m]] >= 0 {
					c[1], c[m] = c[m], c[1]
					k.watch[c[1]] = append(k.watch[c[1]], watcher{w.clause, first})
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			ws[j] = watcher{w.clause, first}
			j++
			if !k.set(first) {
				conflict = true
				j += copy(ws[j:], ws[i+1:])
				break
			}
		}
		k.watch[f] = ws[:j]
		if conflict {
			return true
		}
	}
	return false
}

// base makes the trail its level 0, computing the base again after a
// deletion.
func (k *rup) base() {
	if k.baseOK {
		k.backtrack(0)
		return
	}
	k.lim, k.dec, k.conflict = k.lim[:0], k.dec[:0], false
	k.undo(0)
	k.baseOK, k.baseConflict = true, false
	for _, id := range k.units {
		if !k.live(id) {
			continue
		}
		c := k.clause(id)
		if len(c) == 0 || !k.set(c[0]) {
			k.baseConflict = true
			return
		}
	}
	k.baseConflict = k.propagate(0)
}

// refutesKept reports whether unit propagation from the negation of
// lemma reaches a conflict, from the levels of the trail whose decisions
// are the lemma's first literals negated (see rup). False says that it
// found no conflict there; refutes decides then.
func (k *rup) refutesKept(lemma []int) bool {
	if !k.baseOK {
		k.base()
	}
	if k.baseConflict {
		return true
	}
	// the levels kept: their decisions negate the lemma's first literals,
	// less those of its literals that are false at a level kept already
	d, i := 0, 0
	for ; i < len(lemma); i++ {
		x := code(lemma[i])
		if d < len(k.dec) && k.dec[d] == x^1 {
			d++
			continue
		}
		if k.val[x] == -1 && int(k.lev[x>>1]) <= d {
			continue
		}
		break
	}
	if k.conflict && d == k.level() {
		return true
	}
	k.backtrack(d)
	for ; i < len(lemma); i++ {
		x := code(lemma[i]) ^ 1
		switch k.val[x] {
		case 1:
			continue
		case -1:
			return true // a literal of the lemma is true
		}
		k.decide(x)
		if k.propagate(len(k.trail) - 1) {
			k.conflict = true
			return true
		}
	}
	return false
}

// refutes reports whether unit propagation from the negation of lemma
// reaches a conflict, propagated from the base.
func (k *rup) refutes(lemma []int) bool {
	k.base()
	if k.baseConflict {
		return true
	}
	defer k.backtrack(0)
	k.lim = append(k.lim, len(k.trail))
	k.dec = append(k.dec, 0) // no decision: the whole lemma at level 1
	mark := len(k.trail)
	for _, l := range lemma {
		if !k.set(code(l) ^ 1) {
			return true
		}
	}
	return k.propagate(mark)
}

// rat reports whether lemma, not empty, is RAT on its first literal p: for
// each live clause D that holds -p, the resolvent of lemma and D on p is
// RUP (a tautology is: its negation sets a literal both ways).
func (k *rup) rat(lemma []int) bool {
	if len(lemma) == 0 {
		return false
	}
	p := lemma[0]
	np := code(-p)
	var res []int
	for id := range k.clauses() {
		if !k.live(id) || !slices.Contains(k.clause(id), np) {
			continue
		}
		res = append(res[:0], lemma...)
		for _, l := range k.ints(id) {
			if l != -p {
				res = append(res, l)
			}
		}
		if !k.refutes(res) {
			return false
		}
	}
	return true
}
