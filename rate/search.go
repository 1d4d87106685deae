package rate

import "math/bits"

// searcher counts solutions by depth-first search with singles propagation.
type searcher struct {
	budget int
	limit  int
	count  int
	sol    []uint8
	over   bool
}

// solveCount searches b for up to limit solutions within a budget of
// guesses. It returns the first solution and the number found (at most
// limit), or -1 when the budget ran out first.
func solveCount(b *board, limit, budget int) ([]uint8, int) {
	s := &searcher{budget: budget, limit: limit}
	w := b.clone()
	s.dfs(&w)
	if s.over {
		if s.count > 0 && limit == 1 {
			return s.sol, 1
		}
		return nil, -1
	}
	return s.sol, s.count
}

// propagate fills naked and hidden singles; it reports false on a
// contradiction.
func propagate(b *board) bool {
	for {
		progress := false
		for c := range b.cand {
			if b.val[c] != 0 {
				continue
			}
			m := b.cand[c]
			if m == 0 {
				return false
			}
			if m&(m-1) == 0 {
				b.place(c, bits.TrailingZeros64(m)+1)
				progress = true
			}
		}
		for _, u := range b.units {
			var once, twice, placed uint64
			for _, c := range u {
				if b.val[c] != 0 {
					placed |= 1 << (b.val[c] - 1)
					continue
				}
				m := b.cand[c]
				twice |= once & m
				once |= m
			}
			full := uint64(1)<<b.n - 1
			if (once|placed) != full || once&placed != 0 {
				return false
			}
			if single := once &^ twice; single != 0 {
				for _, c := range u {
					if b.val[c] == 0 {
						if m := b.cand[c] & single; m != 0 {
							if m&(m-1) != 0 {
								return false
							}
							b.place(int(c), bits.TrailingZeros64(m)+1)
							progress = true
						}
					}
				}
			}
		}
		if !progress {
			return true
		}
	}
}

func (s *searcher) dfs(b *board) {
	if s.over || s.count >= s.limit {
		return
	}
	if !propagate(b) {
		return
	}
	best, bestN := -1, 1<<30
	for c := range b.cand {
		if b.val[c] == 0 {
			if k := popcount(b.cand[c]); k < bestN {
				best, bestN = c, k
				if k == 2 {
					break
				}
			}
		}
	}
	if best < 0 {
		s.count++
		if s.sol == nil {
			s.sol = append([]uint8(nil), b.val...)
		}
		return
	}
	saved := b.clone()
	for m := b.cand[best]; m != 0; m &= m - 1 {
		if s.budget <= 0 {
			s.over = true
			return
		}
		s.budget--
		b.copyFrom(&saved)
		b.place(best, bits.TrailingZeros64(m)+1)
		s.dfs(b)
		if s.over || s.count >= s.limit {
			return
		}
	}
}
