package grid_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// The units of rules that add nothing to their shape's are shared by all
// their puzzles, and rules that add distinct groups alone share their
// shape's units but for their groups' cells' peers: on random instances
// of every kind, the units the tables get, with and without the peers,
// are those made anew, and those without groups of their own are one
// RuleUnits per shape.
func TestUnitsSharedAreTheirOwn(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 23))
	byShape := map[grid.Shape]*grid.RuleUnits{}
	shared, own := 0, 0
	for _, k := range grid.Table() {
		for range 6 {
			c := gridtest.NewKindCase(rng, k, []int{4, 6, 9})
			for _, r := range []*grid.Rules{c.Kept, c.Any} {
				l := r.LowerForSearch(c.Shape)
				u := r.UnitsOf(c.Shape, l)
				if fresh := grid.BuildUnits(r, c.Shape, l, true); !reflect.DeepEqual(u, fresh) {
					t.Fatalf("%s on %s: the units differ from those made anew", k.Name, c.Shape)
				}
				if fresh := grid.BuildUnits(r, c.Shape, l, false); !reflect.DeepEqual(grid.UnitsWithPeers(r, c.Shape, l, false), fresh) {
					t.Fatalf("%s on %s: the units without peers differ from those made anew", k.Name, c.Shape)
				}
				if grid.Regions.Get(r) != nil || len(l.Groups) > 0 || len(l.Moves) > 0 {
					own++
					continue
				}
				shared++
				if prev, ok := byShape[c.Shape]; ok && prev != u {
					t.Fatalf("%s on %s: units of their own, not the shape's", k.Name, c.Shape)
				}
				byShape[c.Shape] = u
			}
		}
	}
	if shared < 50 || own < 50 {
		t.Fatalf("%d rule sets with the shape's units, %d with their own", shared, own)
	}
}
