package drat

import (
	"strings"
	"testing"
)

// The checker itself: RUP lemmas pass and others fail at the right line
// (in a CNF this small every lemma over its variables is RUP or RAT; see
// TestCheckRAT for lemmas that are neither),
// deletions take clauses away, and the empty clause is required.
func TestCheck(t *testing.T) {
	// (a ∨ b)(a ∨ ¬b)(¬a ∨ b)(¬a ∨ ¬b): unsatisfiable, but not by unit
	// propagation alone; the lemma (a) is RUP, then the empty clause.
	cnf := [][]int{{1, 2}, {1, -2}, {-1, 2}, {-1, -2}}
	for _, tc := range []struct {
		name, proof string
		at          int // where it fails, -1 for a pass
	}{
		{"lemma then empty", "1 0\n0\n", -1},
		{"empty at once", "0\n", 0},
		{"no empty clause", "1 0\n", 1},
		{"a new variable (RAT), then an empty clause not RUP", "3 0\n0\n", 1},
		{"the lemma deleted before use", "1 0\nd 1 0\n0\n", 2},
		{"a clause of the CNF deleted", "d -1 -2 0\n1 0\n0\n", 2},
		{"a deletion of a clause not there", "d 5 6 0\n1 0\n0\n", -1},
	} {
		proof, err := Read(strings.NewReader(tc.proof))
		if err != nil {
			t.Fatal(err)
		}
		at, err := Check(2, cnf, proof)
		if (err == nil) != (tc.at < 0) || err != nil && at != tc.at {
			t.Errorf("%s: Check = %d, %v; want failure at %d", tc.name, at, err, tc.at)
		}
	}
	if Refutes(2, cnf) {
		t.Error("Refutes: unit propagation refutes a CNF with no unit clause")
	}
	if !Refutes(2, append(cnf, []int{1})) {
		t.Error("Refutes: unit propagation does not refute the CNF with the unit (a)")
	}
	if _, err := Read(strings.NewReader("1 2\n")); err == nil {
		t.Error("Read: a clause without its 0 read without error")
	}
}

// RAT lemmas: a new variable defined by extension passes, a lemma RAT on
// a literal other than its first does not, and the clauses that hold the
// pivot's negation are those live at the lemma, deletions and lemmas
// counted.
func TestCheckRAT(t *testing.T) {
	unsat := [][]int{{1, 2}, {1, -2}, {-1, 2}, {-1, -2}}
	one := [][]int{{1, 2}, {-1, -2}} // exactly one of a, b
	for _, tc := range []struct {
		name  string
		cnf   [][]int
		proof string
		at    int // where it fails, -1 for a pass
	}{
		// c = a and b, then the refutation
		{"an extension", unsat, "3 -1 -2 0\n-3 1 0\n-3 2 0\n1 0\n0\n", -1},
		{"an extension, the long clause last", unsat, "-3 1 0\n-3 2 0\n3 -1 -2 0\n1 0\n0\n", -1},
		{"RAT on its first literal", one, "-3 1 0\n", -1},
		{"RAT only on a literal not first", one, "1 -3 0\n", 0},
		{"the clause of the negated pivot deleted", one, "d -1 -2 0\n1 -3 0\n", -1},
		{"a lemma holds the negated pivot", one, "-3 1 0\n3 0\n", 1},
		{"that lemma deleted", one, "-3 1 0\nd 1 -3 0\n3 0\n", -1},
		{"the empty clause is never RAT", one, "0\n", 0},
	} {
		proof, err := Read(strings.NewReader(tc.proof))
		if err != nil {
			t.Fatal(err)
		}
		// a proof that passes without the empty clause (the CNF is
		// satisfiable) fails just past its end, having no empty clause
		want := tc.at
		if want < 0 && len(proof[len(proof)-1].Lits) != 0 {
			want = len(proof)
		}
		at, err := Check(2, tc.cnf, proof)
		if (err == nil) != (want < 0) || err != nil && at != want {
			t.Errorf("%s: Check = %d, %v; want failure at %d", tc.name, at, err, want)
		}
	}
}

// A literal that a clause holds twice counts once: with (a ∨ a ∨ b), b
// false makes a a unit. Watching the two copies of a, a checker would
// never visit the clause when b turns false, and refuse the lemma (b)
// that the clause makes RUP. A proof of gophersat's rested on such a
// clause, which gophersat had read without the copy.
func TestCheckRepeatedLiteral(t *testing.T) {
	// unsatisfiable: b gives a, a gives c, c gives d and not d; not b
	// gives a by the first clause, when it counts a once; and (¬b ∨ e)
	// keeps the lemma (b) from being RAT
	cnf := [][]int{{1, 1, 2}, {-2, 1}, {-1, 3}, {-3, 4}, {-3, -4}, {-2, 5}}
	for _, tc := range []struct {
		name, proof string
		at          int
	}{
		{"the unit of a clause with a repeated literal", "2 0\n0\n", -1},
		{"the deletion of that clause, written without the copy", "d 1 2 0\n2 0\n0\n", 1},
		{"its deletion with the copy", "d 1 1 2 0\n2 0\n0\n", 1},
	} {
		proof, err := Read(strings.NewReader(tc.proof))
		if err != nil {
			t.Fatal(err)
		}
		at, err := Check(5, cnf, proof)
		if (err == nil) != (tc.at < 0) || err != nil && at != tc.at {
			t.Errorf("%s: Check = %d, %v; want failure at %d", tc.name, at, err, tc.at)
		}
	}
}
