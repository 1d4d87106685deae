package verify

// This file holds a small clause checker for the tests, written apart from
// package sat and from the search: a plain unit propagation over the Sudoku
// CNF that gridtest.CNF builds from the rules as stated (not from
// sat.Clauses). Tests use it to check that a verdict settled by
// propagation really is refuted by unit propagation, and that one sent to
// the SAT solver is not.

// propagates reports whether unit propagation on clauses (and the
// assumed literals) reaches a conflict. It sweeps every clause until
// nothing changes: slow and simple.
func propagates(clauses [][]int, nv int, assumed []int) bool {
	val := make([]int8, nv+1) // 1 true, -1 false
	set := func(l int) bool {
		v, s := l, int8(1)
		if l < 0 {
			v, s = -l, -1
		}
		if val[v] == -s {
			return false
		}
		val[v] = s
		return true
	}
	for _, l := range assumed {
		if !set(l) {
			return true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, c := range clauses {
			free, unit := 0, 0
			sat := false
			for _, l := range c {
				v, s := l, int8(1)
				if l < 0 {
					v, s = -l, -1
				}
				switch val[v] {
				case s:
					sat = true
				case 0:
					free++
					unit = l
				}
				if sat {
					break
				}
			}
			switch {
			case sat:
			case free == 0:
				return true
			case free == 1:
				set(unit)
				changed = true
			}
		}
	}
	return false
}
