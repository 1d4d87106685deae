package rate

// greedySingles places every full house, hidden single and naked single
// of the grid, again and again until none is left, for Below, which may
// take its steps in any order; it reports whether it placed any. Each is
// applied as a step of its own, so an explained solve lists them all. A
// single that an earlier one of the same scan has made void (the cell
// filled, or the digit gone) changes nothing and is passed over.
func (s *solver) greedySingles() bool {
	b := &s.b
	placed := false
	for b.left > 0 {
		changed := false
		for _, u := range b.scan {
			cells := b.units[u]
			var once, twice uint64
			empty := 0
			for _, c := range cells {
				if b.val[c] == 0 {
					empty++
				}
				m := b.cand[c]
				twice |= once & m
				once |= m
			}
			for single := once &^ twice; single != 0; single &= single - 1 {
				d := lowDigit(single)
				t := HiddenSingleLine
				switch {
				case empty == 1:
					t = FullHouse
				case u < b.n:
					t = HiddenSingleBox
				}
				for _, c := range cells {
					if b.has(int(c), d) {
						changed = s.apply(placeHint(t, int(c), d, u)) || changed
						break
					}
				}
			}
		}
		for c, m := range b.cand {
			if b.val[c] == 0 && m != 0 && m&(m-1) == 0 {
				changed = s.apply(placeHint(NakedSingle, c, lowDigit(m), -1)) || changed
			}
		}
		if !changed {
			break
		}
		placed = true
	}
	return placed
}
