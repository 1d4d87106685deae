package rulesearch

import "github.com/sudokugen/sudokugen/internal/search"

// Find looks, within budget nodes (0 for no limit) until done is closed,
// for one solution of the puzzle cells (0 for empty), trying in each cell
// the digit prefer gives it first (0 or a digit the cell cannot take: the
// usual order). A caller that wants solutions covering digits it has not
// seen yet, as the true candidates of package verify do, points prefer at
// them. The walk is Count's otherwise: run to its end without a solution
// it is a refutation, which Trace receives.
func (s *Search) Find(cells, prefer []uint8, budget int, done <-chan struct{}) Result {
	cand := append([]uint64(nil), s.init...)
	s.reset()
	for i, v := range cells {
		if v != 0 && !s.narrow(cand, int32(i), uint64(1)<<(v-1)) {
			s.reset()
			if s.Trace != nil {
				s.Trace.Refute(nil)
			}
			return Result{Result: search.Result{Complete: true, Root: true}}
		}
	}
	w := walk{s: s, limit: 1, budget: budget, done: done, prefer: prefer, trace: s.Trace}
	return w.run(cand)
}
