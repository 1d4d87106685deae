package rulesearch

import "slices"

// Uses records which of the constraints that the rules imply
// (grid.Imply) the propagation of the searches on a Search used: a
// constraint is used when its propagation removed a candidate or found a
// conflict, or when the search branched on an implied cage's digit sets.
// A proof of the search's verdict rests on the plain rules and the used
// constraints alone: propagation without the others removes the same
// candidates, each removal being made by a constraint that was used.
//
// The indices are those of grid.Implied, as package sat spans the clauses
// of each constraint (sat.RuleCNF.Implied).
type Uses struct {
	// Peers[k]: the digits of the rules' cage with a sum k left the cells
	// that see the whole cage (grid.Implied.Peers[k]).
	Peers []bool
	// Cages[k]: grid.Implied.Cages[k], its peers included.
	Cages []bool
	// Sums[k]: grid.Implied.Sums[k].
	Sums []bool
	// Same[k]: grid.Implied.Same[k].
	Same []bool
}

// NewUses returns a record of none of m's implied constraints used.
func (m *Model) NewUses() *Uses {
	return &Uses{Peers: make([]bool, len(m.sums)), Cages: make([]bool, len(m.cages)-len(m.sums)),
		Sums: make([]bool, m.pairSums), Same: make([]bool, len(m.lefts))}
}

// Count returns the number of constraints used.
func (u *Uses) Count() int {
	k := 0
	for _, l := range [][]bool{u.Peers, u.Cages, u.Sums, u.Same} {
		for _, b := range l {
			if b {
				k++
			}
		}
	}
	return k
}

// sum records implied pair sum k; u may be nil.
func (u *Uses) sum(k int32) {
	if u != nil {
		u.Sums[k] = true
	}
}

// peers records the peers of m's cage k, a rules' cage or an implied one.
func (u *Uses) peers(m *Model, k int32) {
	if u == nil {
		return
	}
	if int(k) < len(m.sums) {
		u.Peers[k] = true
	} else {
		u.Cages[int(k)-len(m.sums)] = true
	}
}

// group records constraint k of m's groupOf: an implied cage or a
// leftover pair (a rules' cage is not implied: its peers are recorded
// apart).
func (u *Uses) group(m *Model, k int) {
	switch {
	case u == nil || k < len(m.sums):
	case k < len(m.cages):
		u.Cages[k-len(m.sums)] = true
	default:
		u.Same[k-len(m.cages)] = true
	}
}

// branch records a branch on the digit sets of cage c.
func (u *Uses) branch(m *Model, c *cage) {
	if u != nil && int(c.index) >= len(m.sums) {
		u.Cages[int(c.index)-len(m.sums)] = true
	}
}

// Wide reports whether u records one of m's implied constraints over a
// group of two units or more (see Model.WithoutWide).
func (u *Uses) Wide(m *Model) bool {
	for k, used := range u.Cages {
		if used && m.cages[len(m.sums)+k].wide {
			return true
		}
	}
	for k, used := range u.Sums {
		if used && m.wideSums[k] {
			return true
		}
	}
	return slices.Contains(u.Same, true)
}
