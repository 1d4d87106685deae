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
	k := newRUP(nv, cnf, proof)
	next := len(cnf) // the clause of the next lemma added
	for i, l := range proof {
		if l.Delete {
			k.remove(l.Lits)
			continue
		}
		if !k.refutes(l.Lits) && !k.rat(l.Lits) {
			if len(l.Lits) == 0 {
				return i, fmt.Errorf("lemma %d, the empty clause, is not RUP", i+1)
			}
			return i, fmt.Errorf("lemma %d %v is not RUP, nor RAT on %d", i+1, l.Lits, l.Lits[0])
		}
		if len(l.Lits) == 0 {
			return i, nil
		}
		k.add(next)
		next++
	}
	return len(proof), fmt.Errorf("no empty clause in %d lemmas", len(proof))
}

// Refutes reports whether unit propagation on cnf (variables 1..nv)
// reaches a conflict: the empty clause is RUP.
func Refutes(nv int, cnf [][]int) bool {
	_, err := Check(nv, cnf, []Lemma{{}})
	return err == nil
}

// rup is a clause database with two watched literals per clause for unit
// propagation. It keeps the propagation of the database's own units (the
// base), and checks each lemma from there.
type rup struct {
	nv      int
	clauses [][]int // copies: watching reorders their literals
	live    []bool
	watch   [][]int32          // per literal (see idx): the clauses watching it
	units   []int32            // clauses of one literal, or none
	byKey   map[string][]int32 // made at the first deletion
	val     []int8             // per variable: 1 true, -1 false, 0 unset
	trail   []int              // the literals set, in order
	// trail[:baseLen] is the base when baseOK; baseConflict says that
	// the base itself reaches a conflict.
	baseLen      int
	baseOK       bool
	baseConflict bool
}

// newRUP returns the database of cnf, with the lemmas that proof adds
// waiting to be added in turn (add).
func newRUP(nv int, cnf [][]int, proof []Lemma) *rup {
	for _, c := range cnf {
		for _, l := range c {
			nv = max(nv, l, -l)
		}
	}
	for _, l := range proof {
		for _, x := range l.Lits {
			nv = max(nv, x, -x) // a lemma may name a new variable
		}
	}
	k := &rup{nv: nv, watch: make([][]int32, 2*nv+2), val: make([]int8, nv+1)}
	for _, c := range cnf {
		k.clauses = append(k.clauses, once(c))
	}
	for _, l := range proof {
		if !l.Delete {
			k.clauses = append(k.clauses, once(l.Lits))
		}
	}
	k.live = make([]bool, len(k.clauses))
	for id := range cnf {
		k.add(id)
	}
	return k
}

// once returns a copy of clause c that holds each of its literals once.
func once(c []int) []int {
	out := make([]int, 0, len(c))
	for _, l := range c {
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

func idx(l int) int {
	if l > 0 {
		return 2 * l
	}
	return -2*l + 1
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
func (k *rup) add(id int) {
	c := k.clauses[id]
	k.live[id] = true
	if k.byKey != nil {
		kk := key(c)
		k.byKey[kk] = append(k.byKey[kk], int32(id))
	}
	if len(c) <= 1 {
		k.units = append(k.units, int32(id))
		if k.baseOK && !k.baseConflict {
			k.baseConflict = len(c) == 0 || !k.set(c[0]) || k.propagate(k.baseLen)
			k.baseLen = len(k.trail)
		}
		return
	}
	// Watch two literals that are not false under the base, when there
	// are: the others can become false only after them.
	for w := range 2 {
		for j := w; j < len(c); j++ {
			if k.truth(c[j]) >= 0 || !k.baseOK {
				c[w], c[j] = c[j], c[w]
				break
			}
		}
	}
	k.watch[idx(c[0])] = append(k.watch[idx(c[0])], int32(id))
	k.watch[idx(c[1])] = append(k.watch[idx(c[1])], int32(id))
	if !k.baseOK || k.baseConflict {
		return
	}
	// the base grows when the clause is unit or false under it
	switch t0, t1 := k.truth(c[0]), k.truth(c[1]); {
	case t0 == 1 || t1 == 1 || t0 == 0 && t1 == 0:
	case t0 == -1:
		k.baseConflict = true
	default:
		k.set(c[0])
		k.baseConflict = k.propagate(k.baseLen)
		k.baseLen = len(k.trail)
	}
}

func (k *rup) remove(c []int) {
	if k.byKey == nil {
		// the clauses by their sorted literals, from the first deletion
		k.byKey = make(map[string][]int32)
		for id, d := range k.clauses {
			if k.live[id] {
				kk := key(d)
				k.byKey[kk] = append(k.byKey[kk], int32(id))
			}
		}
	}
	kk := key(c)
	ids := k.byKey[kk]
	if len(ids) == 0 {
		return
	}
	k.live[ids[len(ids)-1]] = false // its watches go when next visited
	k.byKey[kk] = ids[:len(ids)-1]
	k.baseOK = false
}

func (k *rup) truth(l int) int8 {
	if l < 0 {
		return -k.val[-l]
	}
	return k.val[l]
}

// set makes l true; false on a conflict (l already false).
func (k *rup) set(l int) bool {
	switch k.truth(l) {
	case 1:
		return true
	case -1:
		return false
	}
	if l < 0 {
		k.val[-l] = -1
	} else {
		k.val[l] = 1
	}
	k.trail = append(k.trail, l)
	return true
}

// undo unsets the literals of the trail from n on.
func (k *rup) undo(n int) {
	for _, l := range k.trail[n:] {
		if l < 0 {
			l = -l
		}
		k.val[l] = 0
	}
	k.trail = k.trail[:n]
}

// propagate runs unit propagation from the literals set at trail[from:];
// true on a conflict.
func (k *rup) propagate(from int) bool {
	for head := from; head < len(k.trail); head++ {
		f := -k.trail[head] // now false
		ws := k.watch[idx(f)]
		kept := ws[:0]
		conflict := false
		for n, id := range ws {
			if !k.live[id] {
				continue // deleted: drop the watch
			}
			if conflict {
				kept = append(kept, id)
				continue
			}
			c := k.clauses[id]
			if c[0] == f {
				c[0], c[1] = c[1], c[0]
			}
			// c[1] is f
			if k.truth(c[0]) == 1 {
				kept = append(kept, id)
				continue
			}
			moved := false
			for j := 2; j < len(c); j++ {
				if k.truth(c[j]) >= 0 {
					c[1], c[j] = c[j], c[1]
					k.watch[idx(c[1])] = append(k.watch[idx(c[1])], id)
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			kept = append(kept, id)
			if !k.set(c[0]) {
				conflict = true
				kept = append(kept, ws[n+1:]...)
				break
			}
		}
		k.watch[idx(f)] = kept
		if conflict {
			return true
		}
	}
	return false
}

// base makes the working assignment the propagation of the database's
// units, computing it again after a deletion.
func (k *rup) base() {
	if k.baseOK {
		k.undo(k.baseLen)
		return
	}
	k.undo(0)
	k.baseOK, k.baseConflict = true, false
	for _, id := range k.units {
		if !k.live[id] {
			continue
		}
		c := k.clauses[id]
		if len(c) == 0 || !k.set(c[0]) {
			k.baseConflict = true
			return
		}
	}
	k.baseConflict = k.propagate(0)
	k.baseLen = len(k.trail)
}

// refutes reports whether unit propagation from the negation of lemma
// reaches a conflict.
func (k *rup) refutes(lemma []int) bool {
	k.base()
	if k.baseConflict {
		return true
	}
	defer k.undo(k.baseLen)
	mark := len(k.trail)
	for _, l := range lemma {
		if !k.set(-l) {
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
	var res []int
	for id, d := range k.clauses {
		if !k.live[id] || !slices.Contains(d, -p) {
			continue
		}
		res = append(res[:0], lemma...)
		for _, l := range d {
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
