package search

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// Allowed limits cells to digits: limiting cells to the digits of one
// solution counts what those cells given as clues count (by the tests'
// own counter), and denying a unique puzzle's digit in a cell counts what
// RunWithout counts, on 9x9 (where Allowed takes the general search) and
// 16x16.
func TestAllowed(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 1))
	lines := gridtest.Lines(t, "tdoku/serg_multi.counts.tsv")[1:]
	for k := 0; k < 20; k++ {
		p := gridtest.Line(t, strings.Split(lines[r.IntN(len(lines))], "\t")[0])
		_, sol := gridtest.Count(p, 2000)
		s := New(p.Shape.Units())
		s.Limit = 2000
		s.Allowed = make([]uint64, len(p.Cells))
		clued := p.Clone()
		for c := range s.Allowed {
			s.Allowed[c] = 1<<9 - 1
			if p.Cells[c] == 0 && r.IntN(4) == 0 {
				s.Allowed[c] = 1 << (sol.Cells[c] - 1)
				clued.Cells[c] = sol.Cells[c]
			}
		}
		want, _ := gridtest.Count(clued, 2000)
		if got := s.Run(p.Cells); got.Count != want || !got.Complete && want < 2000 {
			t.Errorf("serg puzzle %s limited to %s: %d solutions (complete %v), want %d", p, clued, got.Count, got.Complete, want)
		}
	}
	for _, name := range []string{"tdoku/top1465.txt", "large/16x16.unique.txt"} {
		ps := gridtest.Lines(t, name)
		for k := 0; k < 10; k++ {
			p := gridtest.Line(t, ps[r.IntN(len(ps))])
			n, sol := gridtest.Count(p, 2)
			if n != 1 {
				t.Fatalf("%s: %d solutions, want 1", p, n)
			}
			var empty []int
			for c, v := range p.Cells {
				if v == 0 {
					empty = append(empty, c)
				}
			}
			if len(empty) == 0 {
				continue // some 16x16 instances are full grids
			}
			x := empty[r.IntN(len(empty))]
			s := New(p.Shape.Units())
			s.Limit = 2
			want := s.RunWithout(p.Cells, x, sol.Cells[x])
			s.Allowed = make([]uint64, len(p.Cells))
			for c := range s.Allowed {
				s.Allowed[c] = 1<<p.N() - 1
			}
			s.Allowed[x] &^= 1 << (sol.Cells[x] - 1)
			if got := s.Run(p.Cells); got.Count != want.Count || got.Complete != want.Complete || got.Count != 0 {
				t.Errorf("%s with r%dc%d denied %d: %+v, RunWithout %+v; want no solution", p, x/p.N()+1, x%p.N()+1, sol.Cells[x], got, want)
			}
		}
	}
}
