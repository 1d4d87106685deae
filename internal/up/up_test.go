package up

import "testing"

// The propagation of the units reaches the one assignment that unit
// propagation reaches, whatever the order of the clauses; a conflict is
// found, with its clause, and reasons name the clauses that set literals.
func TestBase(t *testing.T) {
	// 1; 1 -> 2; 2 -> 3 or 4; not 4; 3 and 5 not both; 5 or 6 or 7
	cnf := [][]int{{1}, {-1, 2}, {-2, 3, 4}, {-4}, {-3, -5}, {5, 6, 7}}
	want := map[int]int8{1: 1, 2: 1, 3: 1, 4: -1, 5: -1, 6: 0, 7: 0}
	for _, order := range [][]int{{0, 1, 2, 3, 4, 5}, {5, 4, 3, 2, 1, 0}, {2, 5, 0, 4, 1, 3}} {
		var cs [][]int
		for _, i := range order {
			cs = append(cs, cnf[i])
		}
		p := New(7, cs)
		p.KeepReasons()
		if !p.Base() {
			t.Fatalf("order %v: a conflict", order)
		}
		for v, w := range want {
			if p.Truth(v) != w || p.Truth(-v) != -w {
				t.Errorf("order %v: variable %d is %d, want %d", order, v, p.Truth(v), w)
			}
		}
		// 3 was set by the clause -2 3 4
		if r := p.Reason(3); r < 0 || len(p.Clause(r)) != 3 {
			t.Errorf("order %v: the reason of 3 is clause %d", order, r)
		}
		if p.BaseLen() != 5 || len(p.Trail()) != 5 {
			t.Errorf("order %v: a base of %d literals, want 5", order, p.BaseLen())
		}
		// a decision on top, then back
		at := len(p.Trail())
		p.Set(-6)
		p.Because(-6, -1)
		if !p.Propagate(at) || p.Truth(7) != 1 {
			t.Errorf("order %v: not 6 does not set 7", order)
		}
		p.Undo(at)
		if p.Truth(7) != 0 {
			t.Errorf("order %v: 7 still set after the undo", order)
		}
	}
	// not 3 added: the base conflicts
	p := New(7, cnf, [][]int{{-3}})
	if p.Base() || !p.BaseConflict() {
		t.Error("the units and not 3: no conflict")
	}
}
