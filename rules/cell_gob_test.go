package rules_test

import (
	"bytes"
	"encoding/gob"
	"math/rand/v2"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// A grid crosses gob (the worker processes' wire) with all its rules,
// those of every kind of the table, their slots included.
func TestGridGob(t *testing.T) {
	rng := rand.New(rand.NewPCG(rand.Uint64(), 31))
	for _, k := range grid.Table() {
		for range 5 {
			c := gridtest.NewKindCase(rng, k, []int{4, 6, 9})
			for _, r := range []*grid.Rules{c.Kept, nil} {
				g := grid.Grid{Shape: c.Shape, Cells: c.Sol, Rules: r}
				var b bytes.Buffer
				if err := gob.NewEncoder(&b).Encode(g); err != nil {
					t.Fatalf("%s: %v", k.Name, err)
				}
				var back grid.Grid
				if err := gob.NewDecoder(&b).Decode(&back); err != nil {
					t.Fatalf("%s: %v", k.Name, err)
				}
				if !back.Equal(g) || !back.Rules.Equal(g.Rules) || back.Rules.Empty() != g.Rules.Empty() {
					t.Fatalf("%s: %s (%s) came back as %s (%s)", k.Name, g, g.Rules.Name(), back, back.Rules.Name())
				}
			}
		}
	}
}

// Every cut of a grid's gob form, and every form with a byte changed, is
// read back or refused, never a panic; the cuts are refused.
func TestGridGobDamaged(t *testing.T) {
	rng := rand.New(rand.NewPCG(rand.Uint64(), 32))
	for _, k := range grid.Table() {
		c := gridtest.NewKindCase(rng, k, []int{4, 6, 9})
		data, err := grid.Grid{Shape: c.Shape, Cells: c.Sol, Rules: c.Kept}.GobEncode()
		if err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		for n := range len(data) {
			var g grid.Grid
			if g.GobDecode(data[:n]) == nil && n < len(data)-1 {
				t.Fatalf("%s: a cut at %d of %d bytes was read", k.Name, n, len(data))
			}
			bad := bytes.Clone(data)
			bad[n] ^= byte(1 + rng.IntN(255))
			_ = g.GobDecode(bad)
		}
	}
}
