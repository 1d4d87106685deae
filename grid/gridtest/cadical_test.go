package gridtest

import "testing"

// TestCadical runs cadical on a satisfiable CNF, whose model must satisfy
// every clause, and on that CNF with a unit that makes it unsatisfiable.
func TestCadical(t *testing.T) {
	NeedCadical(t)
	// x1 or x2, not x1 or x3, not x2 or not x3, and x4 is named only by
	// the header
	cnf := [][]int{{1, 2}, {-1, 3}, {-2, -3}}
	sat, model := Cadical(t, 4, cnf)
	if !sat || len(model) != 5 {
		t.Fatalf("Cadical = %v, model of %d values; want satisfiable, 5", sat, len(model))
	}
	for _, cl := range cnf {
		kept := false
		for _, l := range cl {
			kept = kept || (l > 0) == model[max(l, -l)]
		}
		if !kept {
			t.Errorf("the model %v breaks %v", model, cl)
		}
	}
	if !Unsat(t, 0, cnf, 3, 2) {
		t.Errorf("Unsat with x3 and x2 = false, want true")
	}
	if Unsat(t, 0, cnf, -1) {
		t.Errorf("Unsat with not x1 = true, want false")
	}
}
