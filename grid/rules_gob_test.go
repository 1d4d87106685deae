package grid_test

import (
	"bytes"
	"encoding/gob"
	"math/rand/v2"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// TestRulesGob sends rules of every kind through gob, as the worker
// processes do, and gets them back whole: the kinds kept in slots too.
func TestRulesGob(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 30))
	for _, k := range grid.Table() {
		for range 5 {
			c := gridtest.NewKindCase(rng, k, []int{9})
			g := grid.Grid{Shape: c.Shape, Cells: c.Sol, Rules: c.Any}
			var b bytes.Buffer
			if err := gob.NewEncoder(&b).Encode(g); err != nil {
				t.Fatalf("%s: %v", k.Name(), err)
			}
			var back grid.Grid
			if err := gob.NewDecoder(&b).Decode(&back); err != nil {
				t.Fatalf("%s: %v", k.Name(), err)
			}
			if !back.Rules.Equal(g.Rules) {
				t.Fatalf("%s: rules %s came back as %s", k.Name(), mustJSON(t, g.Rules, 9), mustJSON(t, back.Rules, 9))
			}
		}
	}
}
