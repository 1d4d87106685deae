package rulesearch

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/search"
	"github.com/sudokugen/sudokugen/rules"
)

// Second looks at its done channel as Count does: a search that takes
// more than pollEvery nodes to answer stops at its first look once done
// is closed, and answers Unknown. The instances are 16x16 anti-king grids
// from Fill with about a third of their cells left (seeds logged), the
// first few whose search, undisturbed, takes more than pollEvery nodes.
func TestSecondDone(t *testing.T) {
	sh := grid.Shape{BoxRows: 4, BoxCols: 4}
	m := NewModel(sh, grid.NewRules(rules.AntiKing.Of(true)))
	closed := make(chan struct{})
	close(closed)
	found := 0
	for seed := uint64(1); seed <= 200 && found < 3; seed++ {
		rng := rand.New(rand.NewPCG(seed, 0))
		s := New(m)
		out, sol := s.Fill(rng, 0)
		if out != search.Found {
			t.Fatalf("seed %d: Fill = %v", seed, out)
		}
		cells := make([]uint8, len(sol))
		for i := range cells {
			if rng.IntN(3) == 0 {
				cells[i] = sol[i]
			}
		}
		x := rng.IntN(len(cells))
		cells[x] = 0
		free := New(m).second(cells, sol, x, 0, nil)
		if free.Nodes <= pollEvery {
			continue
		}
		found++
		// a fresh Search each time: the branching learns from its searches
		r := New(m).second(cells, sol, x, 0, closed)
		if !r.Canceled || r.Nodes != pollEvery {
			t.Errorf("seed %d: second with done closed: %d nodes, canceled %v; want %d nodes, canceled (%d nodes undisturbed)",
				seed, r.Nodes, r.Canceled, pollEvery, free.Nodes)
		}
		if out, _ := r.outcome(); out != search.Unknown {
			t.Errorf("seed %d: the outcome of a stopped search is %v, want %v", seed, out, search.Unknown)
		}
		t.Logf("seed %d: %d nodes undisturbed, %d with done closed", seed, free.Nodes, r.Nodes)
	}
	if found == 0 {
		t.Fatal("no instance took more than pollEvery nodes")
	}
}
