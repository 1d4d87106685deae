package rulesearch

import (
	"math/rand/v2"

	"github.com/sudokugen/sudokugen/internal/search"
)

// Result is what a search found: the result of every search
// (search.Result: the count, whether it ran to its end, whether
// propagation at the root settled it...), with the first two solutions
// and the nodes visited.
type Result struct {
	search.Result
	// First holds the first two solutions found.
	First [2][]uint8
	Nodes int
}

// How often, in nodes, a search looks at its done channel.
const pollEvery = 256

// walk is one depth-first search: at each node propagation, then a branch
// (see choose) whose cases are tried one by one.
type walk struct {
	s      *Search
	limit  int
	budget int // nodes allowed; 0 for no limit
	done   <-chan struct{}
	prefer []uint8    // a digit to try first in each cell, or nil
	rng    *rand.Rand // a random order of the cases, or nil
	each   func(cand []uint64) bool
	trace  Tracer
	path   []int // the decisions to the current node, for trace
	// probing says which scopes the nodes probe (see probe.go): none
	// when 0, else those whose start (Model.scopeAfter) is at most
	// Search.starts()[probing-1]. Each start passed runs the search again
	// from the root (restart).
	probing int
	restart bool
	probed  int // the candidates the probes removed
	// branched counts the nodes of the search's own branching, those of
	// the probes' searches left out
	branched int
	res      Result
}

// A Tracer receives the refutations of a search: each call says that the
// literals of path, the decisions on the path to a node in the terms of
// the CNF of package sat, cannot all hold (given the puzzle, and for a
// count of one the blocking clause of its solution). The calls come in
// post-order, the root's, with the empty path, last: a search that runs
// to its end writes a DRAT proof this way, each clause a reverse unit
// propagation step (see the package doc). path is only valid during the
// call.
type Tracer interface {
	Refute(path []int)
}

// refute passes the refutation of the current path, with lit appended
// when it is not 0, to the tracer.
func (w *walk) refute(lit int) {
	if w.trace == nil {
		return
	}
	if lit == 0 {
		w.trace.Refute(w.path)
		return
	}
	w.path = append(w.path, lit)
	w.trace.Refute(w.path)
	w.path = w.path[:len(w.path)-1]
}

// dfs searches below cand at depth; true when the search must end now.
func (w *walk) dfs(cand []uint64, depth int) bool {
	w.s.useAux(depth, false)
	w.res.Nodes++
	w.branched++
	if w.budget > 0 && w.res.Nodes > w.budget {
		w.res.OutOfBudget = true
		return true
	}
	if starts := w.s.starts(); w.probing < len(starts) && w.branched > starts[w.probing] && w.each == nil {
		w.restart = true
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
	if !w.s.propagate(cand) || !w.exclude(cand, depth) || !w.probe(cand, depth) {
		// a root refuted after probes is a proof by search: the probes'
		// lemmas come first
		w.res.Root = depth == 0 && w.probed == 0
		w.refute(0)
		return false
	}
	b := w.s.choose(cand, depth, w.rng == nil)
	if b.kind == branchNone {
		return w.leaf(cand, depth)
	}
	k := b.order(w.s, cand, w.prefer)
	if w.rng != nil {
		w.rng.Shuffle(k, func(i, j int) { b.cases[i], b.cases[j] = b.cases[j], b.cases[i] })
	}
	next := w.s.slot(depth + 1)
	for _, c := range b.cases[:k] {
		if w.res.Count >= w.limit {
			return false
		}
		copy(next, cand)
		lit := 0
		if w.trace != nil {
			lit = b.literal(w.s, c)
		}
		if b.kind == branchSet {
			w.s.Uses.branch(w.s.Model, b.cage)
		}
		if !b.apply(w.s, next, c) {
			w.refute(lit)
			continue
		}
		w.path = append(w.path, lit)
		stop := w.dfs(next, depth+1)
		w.path = w.path[:len(w.path)-1]
		if stop {
			return true
		}
	}
	if w.res.Count < w.limit {
		w.refute(0)
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
	w.res.Root = depth == 0 && w.probed == 0
	if w.each != nil && !w.each(cand) {
		w.res.Canceled = true
		return true
	}
	if w.res.Count < w.limit {
		w.refute(0) // by the blocking clause of the solution
	}
	return false
}

// run searches from the candidates cand (propagated or not).
func (w *walk) run(cand []uint64) Result {
	// the scopes probed from the root (grid.Lowered.EarlyScope) are from
	// the first run on
	for starts := w.s.starts(); w.probing < len(starts) && starts[w.probing] == 0; {
		w.probing++
	}
	for {
		root := w.s.slot(0)
		copy(root, cand)
		w.s.reset()
		w.s.useAux(0, true)
		w.s.touchAll()
		// as every search: a search stopped at its limit is not complete
		w.res.Complete = !w.dfs(root, 0) && w.res.Count < w.limit
		if !w.restart {
			return w.res
		}
		// again from the root, with probes: what the first run found
		// goes, but for the nodes it cost and the refutations it gave
		// the Tracer, each still a lemma of the CNF
		w.restart = false
		for starts := w.s.starts(); w.probing < len(starts) && w.branched > starts[w.probing]; {
			w.probing++
		}
		w.res = Result{Nodes: w.res.Nodes}
	}
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
			return Result{Result: search.Result{Complete: true, Root: true}}
		}
	}
	w := walk{s: s, limit: max(limit, 1), budget: budget, done: done, each: each, trace: s.Trace}
	return w.run(cand)
}

// Second looks, within budget nodes until done is closed, for a solution
// of the puzzle cells other than sol that differs from it in cell x, as
// clue removal asks: the puzzle with x filled in has sol as its only
// solution, so any other solution of the puzzle without it differs there.
// It tries sol's digit first in every other cell, where second solutions
// mostly agree with it. Stopped by done, it answers Unknown.
func (s *Search) Second(cells, sol []uint8, x int, budget int, done <-chan struct{}) (search.Outcome, []uint8) {
	return s.second(cells, sol, x, budget, done).outcome()
}

// second is Second's search, with all it found.
func (s *Search) second(cells, sol []uint8, x int, budget int, done <-chan struct{}) Result {
	cand := append([]uint64(nil), s.init...)
	s.reset()
	for i, v := range cells {
		if v != 0 && !s.narrow(cand, int32(i), uint64(1)<<(v-1)) {
			s.reset()
			return Result{Result: search.Result{Complete: true, Root: true}}
		}
	}
	if !s.narrow(cand, int32(x), ^(uint64(1) << (sol[x] - 1))) {
		s.reset()
		return Result{Result: search.Result{Complete: true, Root: true}}
	}
	w := walk{s: s, limit: 1, budget: budget, done: done, prefer: sol}
	return w.run(cand)
}

// outcome says what a search for one solution found.
func (r Result) outcome() (search.Outcome, []uint8) {
	switch {
	case r.Count > 0:
		return search.Found, r.First[0]
	case r.Complete && !r.Broken:
		return search.None, nil
	}
	return search.Unknown, nil
}

// Fill returns a random full grid that keeps the rules, with the digits
// of each branch in a random order of rng, or Unknown when budget nodes
// were not enough and None when the rules allow no grid at all.
func (s *Search) Fill(rng *rand.Rand, budget int) (search.Outcome, []uint8) {
	cand := append([]uint64(nil), s.init...)
	w := walk{s: s, limit: 1, budget: budget, rng: rng}
	return w.run(cand).outcome()
}
