package verify

import (
	"math/bits"
	"sync"

	"github.com/sudokugen/sudokugen/grid"
)

// The first solutions of a puzzle come from a small search on candidate
// bitmasks (naked and hidden singles, then branching on the cell with the
// fewest candidates) rather than from the SAT solver: on 17-clue puzzles it
// is several times faster than gophersat's first solve, which decides
// variables false first; when counting many solutions it spares the solver
// one solve per solution; and its fixed order makes the witnesses
// reproducible. It proves nothing by itself: each solution is checked
// against the rules and the givens, and the verdict still rests on the SAT
// solver (see Verifier.count).

// layout holds the units of one shape as cell indices.
type layout struct {
	n      int
	units  [][]int32   // rows, then columns, then boxes
	peers  [][]int32   // for each cell, the other cells of its row, column and box
	unitOf [][2]uint64 // for each cell, the bits of its row, column and box in units
}

var layouts sync.Map // grid.Shape -> *layout

func layoutOf(s grid.Shape) *layout {
	if l, ok := layouts.Load(s); ok {
		return l.(*layout)
	}
	n := s.N()
	l := &layout{n: n, units: make([][]int32, 3*n), peers: make([][]int32, n*n), unitOf: make([][2]uint64, n*n)}
	g := grid.New(s)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			i := int32(r*n + c)
			l.units[r] = append(l.units[r], i)
			l.units[n+c] = append(l.units[n+c], i)
			b := g.Box(r, c)
			l.units[2*n+b] = append(l.units[2*n+b], i)
			for _, u := range [3]int{r, n + c, 2*n + b} {
				l.unitOf[i][u/64] |= 1 << (u % 64)
			}
		}
	}
	for i := 0; i < n*n; i++ {
		r, c := i/n, i%n
		seen := map[int32]bool{int32(i): true}
		for _, u := range [3]int{r, n + c, 2*n + g.Box(r, c)} {
			for _, j := range l.units[u] {
				if !seen[j] {
					seen[j] = true
					l.peers[i] = append(l.peers[i], j)
				}
			}
		}
	}
	v, _ := layouts.LoadOrStore(s, l)
	return v.(*layout)
}

type searcher struct {
	l     *layout
	full  uint64
	nodes int
	limit int
	queue []int32
	// dirty holds the units whose candidates changed since hiddenSingles
	// last looked at them, as bits (3*36 units at most): it looks at those
	// only.
	dirty [2]uint64
	saved [][]uint64 // a copy of the candidates per search depth
	shape grid.Shape
	found []grid.Grid
}

// searchSolutions looks for up to limit solutions of g within a budget of
// search nodes. complete is true when the search ran to its end, so that
// the solutions found are all there are (if fewer than limit); it is false
// when the budget ran out first.
func searchSolutions(g grid.Grid, limit int) (sols []grid.Grid, complete bool) {
	l := layoutOf(g.Shape)
	s := &searcher{l: l, full: uint64(1)<<l.n - 1, limit: limit, shape: g.Shape}
	cand := make([]uint64, len(g.Cells))
	for i := range cand {
		cand[i] = s.full
	}
	for i, v := range g.Cells {
		if v != 0 && !s.assign(cand, int32(i), uint64(1)<<(v-1)) {
			return nil, true
		}
	}
	for u := range l.units {
		s.dirty[u/64] |= 1 << (u % 64)
	}
	gaveUp := s.solve(cand, 0)
	return s.found, !gaveUp
}

// budget is the number of search nodes allowed for a search that wants
// limit solutions; past it the SAT solver does the rest.
func budget(limit int) int { return 20000 + 100*limit }

// assign fixes cell i to the single digit in mask and propagates naked
// singles; false on a contradiction.
func (s *searcher) assign(cand []uint64, i int32, mask uint64) bool {
	if cand[i]&mask == 0 {
		return false
	}
	cand[i] = mask
	s.dirty[0] |= s.l.unitOf[i][0]
	s.dirty[1] |= s.l.unitOf[i][1]
	s.queue = append(s.queue[:0], i)
	for len(s.queue) > 0 {
		c := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		m := cand[c]
		for _, p := range s.l.peers[c] {
			if cand[p]&m == 0 {
				continue
			}
			cand[p] &^= m
			s.dirty[0] |= s.l.unitOf[p][0]
			s.dirty[1] |= s.l.unitOf[p][1]
			switch bits.OnesCount64(cand[p]) {
			case 0:
				return false
			case 1:
				s.queue = append(s.queue, p)
			}
		}
	}
	return true
}

// hiddenSingles places every digit that has one place left in a unit,
// until none is left; false on a contradiction. It looks only at the units
// that changed since it last looked, which reaches the same state as
// sweeping them all.
func (s *searcher) hiddenSingles(cand []uint64) bool {
	for {
		w := 0
		if s.dirty[0] == 0 {
			if s.dirty[1] == 0 {
				return true
			}
			w = 1
		}
		b := bits.TrailingZeros64(s.dirty[w])
		s.dirty[w] &^= 1 << b
		u := s.l.units[64*w+b]
		var once, twice, fixed uint64
		for _, c := range u {
			m := cand[c]
			twice |= once & m
			once |= m
			if m&(m-1) == 0 {
				fixed |= m
			}
		}
		if once != s.full {
			return false
		}
		hidden := once &^ twice &^ fixed
		for hidden != 0 {
			d := hidden & -hidden
			hidden &^= d
			for _, c := range u {
				if cand[c]&d != 0 {
					if !s.assign(cand, c, d) {
						return false
					}
					break
				}
			}
		}
	}
}

// solve searches below cand, at the given depth, collecting solutions in
// s.found. It returns true when the search must stop early: the budget is
// spent.
func (s *searcher) solve(cand []uint64, depth int) (stop bool) {
	s.nodes++
	if s.nodes > budget(s.limit) {
		return true
	}
	if !s.hiddenSingles(cand) {
		s.dirty = [2]uint64{}
		return false
	}
	best, bestCount := -1, 65
	for i, m := range cand {
		if k := bits.OnesCount64(m); k > 1 && k < bestCount {
			best, bestCount = i, k
			if k == 2 {
				break
			}
		}
	}
	if best < 0 {
		sol := grid.New(s.shape)
		for i, m := range cand {
			sol.Cells[i] = uint8(bits.TrailingZeros64(m) + 1)
		}
		s.found = append(s.found, sol)
		return false
	}
	if depth == len(s.saved) {
		s.saved = append(s.saved, make([]uint64, len(cand)))
	}
	saved := s.saved[depth]
	for m := cand[best]; m != 0 && len(s.found) < s.limit; {
		d := m & -m
		m &^= d
		copy(saved, cand)
		if !s.assign(saved, int32(best), d) {
			s.dirty = [2]uint64{}
			continue
		}
		if s.solve(saved, depth+1) {
			return true
		}
	}
	return false
}
