package search

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

var classic9 = grid.Shape{BoxRows: 3, BoxCols: 3}

// digest records what a run did, so that two runs can be compared: the
// refutations it traced and the solutions it counted, in order.
type digest struct {
	h     uint64
	lines int
}

func (d *digest) add(kind byte, xs []Decision) {
	f := fnv.New64a()
	fmt.Fprint(f, d.h, kind, xs)
	d.h = f.Sum64()
	d.lines++
}

func (d *digest) Refute(path []Decision) { d.add('r', path) }

// outcome is all a run shows of itself.
type outcome struct {
	res    Result
	nodes  int
	sols   [2]string
	digest digest
}

// runBoth runs the same search on the 9x9 engine and on the general one.
func runBoth(tb testing.TB, cells []uint8, x int, d uint8, setup func(*Search)) (fast, slow outcome) {
	tb.Helper()
	for k, general := range []bool{false, true} {
		s := New(classic9.Units())
		if general {
			s.nine = nil
		}
		setup(s)
		var o outcome
		s.Trace = &o.digest
		s.Each = func(sol []uint8) bool {
			xs := make([]Decision, len(sol))
			for i, v := range sol {
				xs[i] = Decision{Cell: int32(i), Digit: v}
			}
			o.digest.add('s', xs)
			return true
		}
		o.res = s.RunWithout(cells, x, d)
		o.nodes = s.Nodes
		for i := range min(o.res.Count, 2) {
			o.sols[i] = fmt.Sprint(s.Solution(i))
		}
		if k == 0 {
			fast = o
		} else {
			slow = o
		}
	}
	return fast, slow
}

func cellsOf(tb testing.TB, line string) []uint8 { return gridtest.Line(tb, line).Cells }

// The 9x9 engine visits the same tree as the general search: the same
// nodes, refutations, solutions in the same order and the same result,
// on unique puzzles, puzzles with many solutions, puzzles with none, with
// a digit denied, a preferred digit order and a node budget.
func TestNineIsGeneral(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	royle := gridtest.Lines(t, "royle17/puzzles.txt")
	sols := gridtest.Lines(t, "royle17/solutions.txt")
	top := gridtest.Lines(t, "tdoku/top1465.txt")
	var serg []string
	for _, l := range gridtest.Lines(t, "tdoku/serg_multi.counts.tsv")[1:] {
		serg = append(serg, strings.Split(l, "\t")[0])
	}
	k := 1000
	if testing.Short() {
		k = 200
	}
	kinds := map[string]int{}
	check := func(name string, cells []uint8, x int, d uint8, setup func(*Search)) {
		t.Helper()
		fast, slow := runBoth(t, cells, x, d, setup)
		if fast != slow {
			t.Fatalf("%s: the 9x9 engine gives %+v, the general one %+v", name, fast, slow)
		}
		switch {
		case fast.res.OutOfBudget:
			kinds["out of budget"]++
		case fast.res.Root:
			kinds["root"]++
		case fast.res.Complete:
			kinds[fmt.Sprintf("complete, %d", min(fast.res.Count, 2))]++
		default:
			kinds["limit"]++
		}
	}
	for range k {
		j := rng.IntN(len(royle))
		p := cellsOf(t, royle[j])
		check(royle[j], p, -1, 0, func(s *Search) { s.Limit = 2 })
		// Removing clues gives puzzles with several solutions; a wrong
		// digit, often none.
		q := append([]uint8(nil), p...)
		for range 1 + rng.IntN(3) {
			q[rng.IntN(81)] = 0
		}
		check("holes in "+royle[j], q, -1, 0, func(s *Search) { s.Limit = 50 })
		w := append([]uint8(nil), p...)
		if i := rng.IntN(81); w[i] == 0 {
			w[i] = uint8(1 + rng.IntN(9))
			check("wrong digit in "+royle[j], w, -1, 0, func(s *Search) { s.Limit = 2 })
		}
		// As the generator asks: the solution's digits first, one cell
		// denied its digit.
		sol := cellsOf(t, sols[j])
		x := rng.IntN(81)
		q[x] = 0
		check("denied in "+royle[j], q, x, sol[x], func(s *Search) { s.Prefer = sol })
		budget := 1 + rng.IntN(60)
		check("budget on "+top[j%len(top)], cellsOf(t, top[j%len(top)]), -1, 0, func(s *Search) { s.Limit, s.Budget = 2, budget })
	}
	for _, p := range top {
		check(p, cellsOf(t, p), -1, 0, func(s *Search) { s.Limit = 2 })
	}
	for _, p := range serg[:k/3] {
		check(p, cellsOf(t, p), -1, 0, func(s *Search) { s.Limit = 2000 })
	}
	check("empty", make([]uint8, 81), -1, 0, func(s *Search) { s.Limit = 5000 })
	t.Logf("runs: %v", kinds)
}

// The 9x9 engine's check of a solution leaf rejects a board that breaks
// the rules, as the general one's does.
func TestNineValid(t *testing.T) {
	sol := cellsOf(t, gridtest.Lines(t, "royle17/solutions.txt")[0])
	var bd board
	for i, v := range sol {
		bd.f[i/27][v-1] |= 1 << (i % 27)
	}
	if !bd.valid() {
		t.Fatalf("a solution: not valid")
	}
	for _, tc := range []struct {
		name  string
		spoil func(*board)
	}{
		{"two digits swapped in one cell pair", func(b *board) {
			// cells 0 and 1 hold digits x and y: give both x
			x, y := sol[0]-1, sol[1]-1
			b.f[0][x] |= 1 << 1
			b.f[0][y] &^= 1 << 1
		}},
		{"a cell with no digit", func(b *board) { b.f[1][sol[27]-1] &^= 1 }},
		{"a cell with two digits", func(b *board) { b.f[2][(sol[54])%9] |= 1 }},
		{"a cell left unplaced", func(b *board) { b.un[1] = 1 << 4 }},
	} {
		bad := bd
		tc.spoil(&bad)
		if bad.valid() {
			t.Errorf("%s: valid", tc.name)
		}
	}
}

// lemmas collects the refutations of a search as DRAT lemmas on the
// numbering of the classic encoding (cell*n + digit), which gridtest.CNF
// shares.
type lemmas struct {
	n    int
	list []gridtest.Lemma
}

func (l *lemmas) Refute(path []Decision) {
	lits := make([]int, len(path))
	for i, d := range path {
		lits[i] = -(int(d.Cell)*l.n + int(d.Digit))
	}
	l.list = append(l.list, gridtest.Lemma{Lits: lits})
}

// The refutations of a complete search are a DRAT proof that the checker
// of gridtest accepts, for the plain search and for the strong one, whose
// locked candidates are refuted before they are used; without the
// refutation of one of those removals some later lemma is no longer RUP.
func TestTraceIsProof(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	top := gridtest.Lines(t, "tdoku/top1465.txt")
	sols := gridtest.Lines(t, "tdoku/top1465.solutions.txt")
	k := 40
	if testing.Short() {
		k = 8
	}
	caught, tried := 0, 0
	for range k {
		j := rng.IntN(len(top))
		g := gridtest.Line(t, top[j])
		sol := gridtest.Line(t, sols[j])
		cnf := gridtest.CNF(g, &sol)
		for _, strong := range []bool{false, true} {
			s := New(classic9.Units())
			s.Strong, s.Limit = strong, 2
			tr := &lemmas{n: 9}
			s.Trace = tr
			if r := s.Run(g.Cells); !r.Complete || r.Count != 1 {
				t.Fatalf("%s (strong %v): %+v, want one solution, complete", top[j], strong, r)
			}
			if _, err := gridtest.CheckDRAT(729, cnf, tr.list); err != nil {
				t.Fatalf("%s (strong %v): the trace is no proof: %v", top[j], strong, err)
			}
			if !strong {
				continue
			}
			// A lemma of a removal by locked candidates: the refutation
			// of a placement that no branch of the search took.
			branches := map[string]bool{}
			for _, l := range tr.list {
				if len(l.Lits) > 0 {
					branches[fmt.Sprint(l.Lits[:len(l.Lits)-1])] = true
				}
			}
			for i, l := range tr.list {
				if len(l.Lits) == 0 || branches[fmt.Sprint(l.Lits)] {
					continue // a node's own refutation
				}
				without := append(append([]gridtest.Lemma(nil), tr.list[:i]...), tr.list[i+1:]...)
				tried++
				if _, err := gridtest.CheckDRAT(729, cnf, without); err != nil {
					caught++
					break
				}
			}
		}
	}
	t.Logf("%d proofs without one refutation tried, %d failed the check", tried, caught)
	if caught == 0 {
		t.Error("no strong proof failed without one of its refutations")
	}
}
