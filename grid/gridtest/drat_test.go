package gridtest

import (
	"strings"
	"testing"
)

// The checker itself: RUP lemmas pass and others fail at the right line,
// deletions take clauses away, and the empty clause is required.
func TestCheckDRAT(t *testing.T) {
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
		{"a lemma that is not RUP", "3 0\n0\n", 0},
		{"the lemma deleted before use", "1 0\nd 1 0\n0\n", 2},
		{"a clause of the CNF deleted", "d -1 -2 0\n1 0\n0\n", 2},
		{"a deletion of a clause not there", "d 5 6 0\n1 0\n0\n", -1},
	} {
		proof, err := ReadDRAT(strings.NewReader(tc.proof))
		if err != nil {
			t.Fatal(err)
		}
		at, err := CheckDRAT(2, cnf, proof)
		if (err == nil) != (tc.at < 0) || err != nil && at != tc.at {
			t.Errorf("%s: CheckDRAT = %d, %v; want failure at %d", tc.name, at, err, tc.at)
		}
	}
	if Refutes(2, cnf) {
		t.Error("Refutes: unit propagation refutes a CNF with no unit clause")
	}
	if !Refutes(2, append(cnf, []int{1})) {
		t.Error("Refutes: unit propagation does not refute the CNF with the unit (a)")
	}
	if _, err := ReadDRAT(strings.NewReader("1 2\n")); err == nil {
		t.Error("ReadDRAT: a clause without its 0 read without error")
	}
}
