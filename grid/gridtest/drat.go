package gridtest

import (
	"fmt"
	"io"
	"slices"

	"github.com/sudokugen/sudokugen/internal/drat"
)

// The DRAT checker of the tests is package internal/drat's, the one the
// verifier checks gophersat's proofs with; these are its names here.

// Lemma is one line of a DRAT proof: a clause added, or deleted.
type Lemma = drat.Lemma

// ReadDRAT reads DRAT text (or DIMACS clauses, whose "c" and "p" lines it
// skips).
func ReadDRAT(r io.Reader) ([]Lemma, error) { return drat.Read(r) }

// Clauses returns the clauses of lemmas, deletions left out.
func Clauses(lemmas []Lemma) [][]int { return drat.Clauses(lemmas) }

// CheckDRAT checks proof against cnf over variables 1..nv (see
// drat.Check): nil when every lemma is RUP or RAT and the empty clause is
// derived; otherwise an error, and in at the 0-based index in proof of
// the lemma refused (len(proof) when the empty clause is missing).
func CheckDRAT(nv int, cnf [][]int, proof []Lemma) (at int, err error) {
	return drat.Check(nv, cnf, proof)
}

// Refutes reports whether unit propagation on cnf (variables 1..nv)
// reaches a conflict: the empty clause is RUP.
func Refutes(nv int, cnf [][]int) bool { return drat.Refutes(nv, cnf) }

// CheckTreeMutations checks what reverse unit propagation says of a proof
// written by a depth-first search (see package search): lemmas that
// negate decision paths, in post-order, the empty clause last. Such a
// proof
//
//   - fails without its empty clause;
//   - still passes without any one lemma of a node: where the parent's
//     check needed it, the other branches' lemmas leave its decision as
//     the only candidate, unit propagation takes it, and the node's own
//     children (or its conflict) refute it one level down;
//   - fails, at the parent's lemma and no earlier, without two lemmas of
//     sibling branches: the branching cell then keeps two candidates, and
//     the parent's state, where the search branched, has no conflict.
//
// It checks the last two at the root and at the deepest node with two
// branches or more, and returns the first claim that does not hold.
func CheckTreeMutations(nv int, cnf [][]int, proof []Lemma) error {
	if _, err := CheckDRAT(nv, cnf, proof); err != nil {
		return err
	}
	last := len(proof) - 1
	if len(proof[last].Lits) != 0 {
		return fmt.Errorf("the proof does not end with the empty clause")
	}
	if at, err := CheckDRAT(nv, cnf, proof[:last]); err == nil || at != last {
		return fmt.Errorf("without its empty clause: failed at %d (%v), want at %d", at, err, last)
	}
	// the children of each lemma: the lemmas before it one literal longer
	// that start with its literals
	parent, deepest := last, -1
	children := func(p int) []int {
		var out []int
		for i := range p {
			l := proof[i].Lits
			if len(l) == len(proof[p].Lits)+1 && slices.Equal(l[:len(l)-1], proof[p].Lits) {
				out = append(out, i)
			}
		}
		return out
	}
	for p := range proof {
		if len(children(p)) >= 2 && (deepest < 0 || len(proof[p].Lits) > len(proof[deepest].Lits)) {
			deepest = p
		}
	}
	for _, p := range []int{parent, deepest} {
		if p < 0 {
			continue
		}
		ch := children(p)
		if len(ch) < 2 {
			return fmt.Errorf("lemma %d %v: %d branches, want 2 or more", p+1, proof[p].Lits, len(ch))
		}
		without := func(drop ...int) []Lemma {
			var out []Lemma
			for i, l := range proof {
				if !slices.Contains(drop, i) {
					out = append(out, l)
				}
			}
			return out
		}
		if _, err := CheckDRAT(nv, cnf, without(ch[0])); err != nil {
			return fmt.Errorf("without lemma %d %v, a branch of %v: %v, want it to pass", ch[0]+1, proof[ch[0]].Lits, proof[p].Lits, err)
		}
		if at, err := CheckDRAT(nv, cnf, without(ch[0], ch[1])); err == nil || at != p-2 {
			return fmt.Errorf("without lemmas %d and %d, two branches of lemma %d %v: failed at %d (%v), want at %d",
				ch[0]+1, ch[1]+1, p+1, proof[p].Lits, at+1, err, p-1)
		}
	}
	return nil
}

// SameClauses returns an error unless got and want hold the same clauses
// as many times each, in any order and with their literals in any order.
func SameClauses(got, want [][]int) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d clauses, want %d", len(got), len(want))
	}
	a, b := normal(got), normal(want)
	for i := range a {
		if !slices.Equal(a[i], b[i]) {
			return fmt.Errorf("clause %v is not in the expected CNF, or %v is missing", a[i], b[i])
		}
	}
	return nil
}

// normal returns the clauses with their literals sorted, in sorted order.
func normal(cs [][]int) [][]int {
	out := make([][]int, len(cs))
	for i, c := range cs {
		out[i] = slices.Clone(c)
		slices.Sort(out[i])
	}
	slices.SortFunc(out, slices.Compare)
	return out
}
