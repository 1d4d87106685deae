package rulesearch_test

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// A lowering for the search cuts its clauses, and the integers of its
// additions and ladders, from the memory the one before gave back
// (grid.Lowered.ReleaseClauses). Lowering random instances of every kind
// one after another, each giving its memory back, gives each the same
// clauses, additions and ladders as a lowering on memory of its own, and
// a lowering that gave them back holds none.
func TestReleasedClausesAreReusedWhole(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	type lowering struct {
		shape   grid.Shape
		rules   *grid.Rules
		want    [][]int
		adds    []grid.Addition
		ladders []grid.Ladder
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
			ls = append(ls, lowering{c.Shape, c.Any, want, l.Adds, l.Ladders})
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
			if !sameList(l.Adds, x.adds) || !sameList(l.Ladders, x.ladders) {
				t.Fatalf("round %d, %s: other additions or ladders than on memory of their own", round, x.rules.Name())
			}
			l.ReleaseClauses()
			if l.Clauses != nil || l.Adds != nil || l.Ladders != nil {
				t.Fatalf("%s: %d clauses after they were given back", x.rules.Name(), len(l.Clauses))
			}
		}
	}
}

// sameList reports whether a and b hold equal elements, nil or empty
// alike.
func sameList[T any](a, b []T) bool {
	return len(a) == 0 && len(b) == 0 || reflect.DeepEqual(a, b)
}
