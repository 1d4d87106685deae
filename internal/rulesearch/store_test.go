package rulesearch_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// A lowering for the search cuts its clauses from the memory the one
// before gave back (grid.Lowered.ReleaseClauses). Lowering random
// instances of every kind one after another, each giving its clauses
// back, gives each the same clauses as a lowering on memory of its own,
// and a lowering that gave them back holds none.
func TestReleasedClausesAreReusedWhole(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	type lowering struct {
		shape grid.Shape
		rules *grid.Rules
		want  [][]int
	}
	var ls []lowering
	withClauses := 0
	for _, k := range grid.Table() {
		for range 3 {
			c := gridtest.NewKindCase(rng, k, []int{4, 6, 9})
			// kept, not given back: memory of its own
			l := c.Any.LowerForSearch(c.Shape)
			want := make([][]int, len(l.Clauses))
			for i, cl := range l.Clauses {
				want[i] = slices.Clone(cl)
			}
			if len(want) > 0 {
				withClauses++
			}
			ls = append(ls, lowering{c.Shape, c.Any, want})
		}
	}
	if withClauses < 20 {
		t.Fatalf("only %d lowerings have clauses", withClauses)
	}
	for round := range 3 {
		for i := range ls {
			x := ls[(i*7+round)%len(ls)] // large and small in turn
			l := x.rules.LowerForSearch(x.shape)
			if !slices.EqualFunc(l.Clauses, x.want, slices.Equal) {
				t.Fatalf("round %d, %s: %d clauses, or others than the %d on memory of their own", round, x.rules.Name(), len(l.Clauses), len(x.want))
			}
			l.ReleaseClauses()
			if l.Clauses != nil {
				t.Fatalf("%s: %d clauses after they were given back", x.rules.Name(), len(l.Clauses))
			}
		}
	}
}
