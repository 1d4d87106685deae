package variant

import (
	"math/bits"
	"math/rand/v2"
)

// Result is what a search found.
type Result struct {
	// First holds the first two solutions found.
	First [2][]uint8
	Count int // solutions found
	// Complete is true when the search ran to its end: Count is every
	// solution there is, when below the limit.
	Complete bool
	// Forced is true when propagation at the root settled the puzzle,
	// with a conflict or with every cell placed: a unit propagation proof.
	Forced   bool
	Canceled bool // done was closed, or each said stop
	Broken   bool // a leaf broke the rules: a bug, never a solution
	Nodes    int
}

// Outcome is the answer of a bounded search for a solution.
type Outcome int

const (
	Unknown Outcome = iota // the budget ran out
	None                   // there is none
	Found                  // there is one
)

// How often, in nodes, a search looks at its done channel.
const pollEvery = 256

// walk is one depth-first search: at each node propagation, then a branch
// on the open cell with the fewest candidates, trying each of them.
type walk struct {
	s      *Search
	limit  int
	budget int // nodes allowed; 0 for no limit
	done   <-chan struct{}
	prefer []uint8    // a digit to try first in each cell, or nil
	rng    *rand.Rand // a random order of the digits, or nil
	each   func(cand []uint64) bool
	res    Result
}

// dfs searches below cand at depth; true when the search must end now.
func (w *walk) dfs(cand []uint64, depth int) bool {
	w.res.Nodes++
	if w.budget > 0 && w.res.Nodes > w.budget {
		return true
	}
	if w.done != nil && w.res.Nodes%pollEvery == 0 {
		select {
		case <-w.done:
			w.res.Canceled = true
			return true
		default:
		}
	}
	if !w.s.propagate(cand) {
		w.res.Forced = depth == 0
		return false
	}
	best := branchCell(cand)
	if best < 0 {
		return w.leaf(cand, depth)
	}
	next := w.s.slot(depth + 1)
	m := cand[best]
	var order [64]uint64
	k := 0
	if w.prefer != nil {
		if p := uint64(1) << (w.prefer[best] - 1); m&p != 0 {
			order[k] = p
			k++
			m &^= p
		}
	}
	for ; m != 0; m &= m - 1 {
		order[k] = m & -m
		k++
	}
	if w.rng != nil {
		w.rng.Shuffle(k, func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	for _, d := range order[:k] {
		if w.res.Count >= w.limit {
			break
		}
		copy(next, cand)
		w.s.narrow(next, int32(best), d)
		if w.dfs(next, depth+1) {
			return true
		}
	}
	return false
}

func (w *walk) leaf(cand []uint64, depth int) bool {
	if !w.s.valid(cand) {
		w.res.Broken = true
		return true
	}
	if w.res.Count < 2 {
		w.res.First[w.res.Count] = Cells(cand)
	}
	w.res.Count++
	w.res.Forced = depth == 0
	if w.each != nil && !w.each(cand) {
		w.res.Canceled = true
		return true
	}
	return false
}

// run searches from the candidates cand (propagated or not).
func (w *walk) run(cand []uint64) Result {
	root := w.s.slot(0)
	copy(root, cand)
	w.s.reset()
	w.s.touchAll()
	w.res.Complete = !w.dfs(root, 0)
	return w.res
}

// Count looks for up to limit solutions of the puzzle cells (0 for
// empty) within budget nodes (0 for no limit) until done is closed, and
// calls each, if not nil, with every solution found; each returning false
// stops the search.
func (s *Search) Count(cells []uint8, limit, budget int, done <-chan struct{}, each func(cand []uint64) bool) Result {
	cand := append([]uint64(nil), s.init...)
	s.reset()
	for i, v := range cells {
		if v != 0 && !s.narrow(cand, int32(i), uint64(1)<<(v-1)) {
			s.reset()
			return Result{Complete: true, Forced: true}
		}
	}
	w := walk{s: s, limit: max(limit, 1), budget: budget, done: done, each: each}
	return w.run(cand)
}

// Second looks, within budget nodes, for a solution of the puzzle cells
// other than sol that differs from it in cell x, as clue removal asks:
// the puzzle with x filled in has sol as its only solution, so any other
// solution of the puzzle without it differs there. It tries sol's digit
// first in every other cell, where second solutions mostly agree with it.
func (s *Search) Second(cells, sol []uint8, x int, budget int) (Outcome, []uint8) {
	cand := append([]uint64(nil), s.init...)
	s.reset()
	for i, v := range cells {
		if v != 0 && !s.narrow(cand, int32(i), uint64(1)<<(v-1)) {
			s.reset()
			return None, nil
		}
	}
	if !s.narrow(cand, int32(x), ^(uint64(1) << (sol[x] - 1))) {
		s.reset()
		return None, nil
	}
	w := walk{s: s, limit: 1, budget: budget, prefer: sol}
	return w.run(cand).outcome()
}

// outcome says what a search for one solution found.
func (r Result) outcome() (Outcome, []uint8) {
	switch {
	case r.Count > 0:
		return Found, r.First[0]
	case r.Complete && !r.Broken:
		return None, nil
	}
	return Unknown, nil
}

// Fill returns a random full grid that keeps the rules, with the digits
// of each branch in a random order of rng, or Unknown when budget nodes
// were not enough and None when the rules allow no grid at all.
func (s *Search) Fill(rng *rand.Rand, budget int) (Outcome, []uint8) {
	cand := append([]uint64(nil), s.init...)
	w := walk{s: s, limit: 1, budget: budget, rng: rng}
	return w.run(cand).outcome()
}

// Digits returns the number of candidates of cell i, for callers that
// inspect a propagated state.
func Digits(m uint64) int { return bits.OnesCount64(m) }
