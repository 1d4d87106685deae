package rulesearch

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// A model's clause table, additions and ladders are cut from the memory
// the model before gave back (Model.Release). Building models of random
// instances of every kind one after another, each released, gives each
// the same tables as a model on memory of its own; and a search on a
// released model fails loudly rather than read another model's tables.
func TestReleasedTablesAreReusedWhole(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 13))
	type built struct {
		shape   grid.Shape
		rules   *grid.Rules
		own     *clauseTable
		adds    []addition
		ladders []ladder
	}
	var bs []built
	withTables := 0
	for _, k := range grid.Table() {
		for range 3 {
			c := gridtest.NewKindCase(rng, k, []int{4, 6, 9})
			m := NewModel(c.Shape, c.Any) // never released: memory of its own
			if m.own != nil {
				withTables++
			}
			bs = append(bs, built{c.Shape, c.Any, m.own, m.adds, m.ladders})
		}
	}
	if withTables < 20 {
		t.Fatalf("only %d models have a clause table", withTables)
	}
	for round := range 3 {
		for i := range bs {
			b := bs[(i*7+round)%len(bs)] // large and small in turn
			m := NewModel(b.shape, b.rules)
			if !reflect.DeepEqual(m.own, b.own) || !reflect.DeepEqual(m.adds, b.adds) || !reflect.DeepEqual(m.ladders, b.ladders) {
				t.Fatalf("round %d, %s: tables other than those on memory of their own", round, b.rules.Name())
			}
			m.Release()
			if m.own != nil || m.adds != nil || m.ladders != nil {
				t.Fatalf("%s: tables after they were given back", b.rules.Name())
			}
		}
	}
}

func TestSearchOnReleasedModelFails(t *testing.T) {
	for _, derive := range []struct {
		name string
		of   func(m *Model) *Model
	}{
		{"the model", func(m *Model) *Model { return m }},
		{"a model derived from it", (*Model).WithoutWide},
	} {
		rng := rand.New(rand.NewPCG(5, 17))
		c := gridtest.NewKindCase(rng, grid.Table()[0], []int{9})
		for k := 1; NewModel(c.Shape, c.Any).own == nil; k++ {
			c = gridtest.NewKindCase(rng, grid.Table()[k%len(grid.Table())], []int{9})
		}
		m := NewModel(c.Shape, c.Any)
		s := New(derive.of(m))
		m.Release()
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: a search on %s ran after the model was released", c.Any.Name(), derive.name)
				}
			}()
			s.Count(make([]uint8, c.Shape.N()*c.Shape.N()), 2, 1000, nil, nil)
		}()
	}
}
