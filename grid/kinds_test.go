package grid_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/sat"
)

// Every kind of the table has every facet, and on random instances in
// random grids (sizes 4 to 16, with boxes and jigsaws) its two formats
// read back what they wrote, and its direct check accepts a full grid
// exactly when the grid satisfies its clauses. (That the search's
// propagation is unit propagation on the clauses, for every kind, is
// TestPropagationIsUnitPropagation in internal/rulesearch.)
func TestKindsTable(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 29))
	trials := 30
	if testing.Short() {
		trials = 8
	}
	var held, broke int
	for _, k := range grid.Table() {
		t.Run(k.Name, func(t *testing.T) {
			if miss := grid.MissingFacets(k); len(miss) > 0 {
				t.Fatalf("kind %s lacks %v", k.Name, miss)
			}
			for trial := range trials {
				sizes := []int{4, 5, 6, 7, 8, 9}
				if trial%8 == 7 {
					sizes = []int{12, 16}
				}
				c := gridtest.NewKindCase(rng, k, sizes)
				for _, r := range []*grid.Rules{c.Kept, c.Any} {
					name := fmt.Sprintf("%s trial %d, %s grid, rules %s", k.Name, trial, c.Shape, mustJSON(t, r, c.Shape.N()))
					if err := r.Validate(c.Shape); err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					roundTrips(t, name, c, r, rng)
					h, b := checkIsClauses(t, name, c, r, rng, r == c.Kept)
					held, broke = held+h, broke+b
				}
			}
		})
	}
	t.Logf("%d full grids kept their rules, %d broke them", held, broke)
	if held == 0 || broke == 0 {
		t.Errorf("the direct check and the clauses were compared on %d grids that keep the rules and %d that break them: want both", held, broke)
	}
}

func mustJSON(t *testing.T, r *grid.Rules, n int) string {
	data, err := grid.MarshalRules(r, n)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// roundTrips writes a puzzle with rules r in both formats and reads it
// back.
func roundTrips(t *testing.T, name string, c gridtest.KindCase, r *grid.Rules, rng *rand.Rand) {
	t.Helper()
	g := grid.Grid{Shape: c.Shape, Cells: make([]uint8, len(c.Sol)), Rules: r}
	if r.Empty() {
		g.Rules = nil
	}
	for i, v := range c.Sol {
		if rng.IntN(4) == 0 {
			g.Cells[i] = v
		}
	}
	data, err := formats.MarshalFPuzzles(g)
	if err != nil {
		t.Fatalf("%s: MarshalFPuzzles: %v", name, err)
	}
	back, err := formats.ParseFPuzzles(data)
	if err != nil || !back.Equal(g) || !back.Rules.Equal(g.Rules) {
		t.Fatalf("%s: f-puzzles round trip: %v\n got %s %s\nJSON %s", name, err, back, mustJSON(t, back.Rules, back.N()), data)
	}
	js, err := grid.MarshalRules(r, c.Shape.N())
	if err != nil {
		t.Fatal(err)
	}
	r2, err := grid.UnmarshalRules(js, c.Shape)
	if err != nil || !r2.Equal(r) {
		t.Fatalf("%s: JSON round trip: %v, got %s", name, err, mustJSON(t, r2, c.Shape.N()))
	}
}

// checkIsClauses compares the direct check with the clauses on the
// solution and on grids made from it by swapping two digits everywhere
// (which keeps every unit, and breaks other rules or not).
func checkIsClauses(t *testing.T, name string, c gridtest.KindCase, r *grid.Rules, rng *rand.Rand, kept bool) (held, broke int) {
	t.Helper()
	n := c.Shape.N()
	cnf := sat.RuleClauses(c.Shape, r)
	for k := range 6 {
		cells := append([]uint8(nil), c.Sol...)
		if k > 0 {
			a, b := uint8(1+rng.IntN(n)), uint8(1+rng.IntN(n))
			for i, v := range cells {
				switch v {
				case a:
					cells[i] = b
				case b:
					cells[i] = a
				}
			}
		}
		full := grid.Grid{Shape: c.Shape, Cells: cells}
		checked := r.Check(full)
		holds := clausesHold(cnf, n, cells)
		if (checked == nil) != holds {
			t.Fatalf("%s: grid %s: the direct check says %v, the clauses hold: %v", name, full, checked, holds)
		}
		if k == 0 && kept && checked != nil {
			t.Fatalf("%s: the solution the rules were drawn from breaks them: %v", name, checked)
		}
		if holds {
			held++
		} else {
			broke++
		}
	}
	return held, broke
}

// clausesHold reports whether the CNF has a model that agrees with the
// full grid cells: the cell variables set, the auxiliary ones found by
// unit propagation (the encodings fix them all from the cells).
func clausesHold(cnf *sat.RuleCNF, n int, cells []uint8) bool {
	val := make([]int8, cnf.Vars+1)
	for c, d := range cells {
		for e := 1; e <= n; e++ {
			v := sat.Var(n, c/n, c%n, e)
			val[v] = -1
			if e == int(d) {
				val[v] = 1
			}
		}
	}
	truth := func(l int) int8 {
		if l > 0 {
			return val[l]
		}
		return -val[-l]
	}
	for changed := true; changed; {
		changed = false
		for _, cl := range cnf.Clauses {
			free, unit, ok := 0, 0, false
			for _, l := range cl {
				switch truth(l) {
				case 1:
					ok = true
				case 0:
					free++
					unit = l
				}
			}
			switch {
			case ok:
			case free == 0:
				return false
			case free == 1:
				if unit > 0 {
					val[unit] = 1
				} else {
					val[-unit] = -1
				}
				changed = true
			}
		}
	}
	for v := 1; v <= cnf.Vars; v++ {
		if val[v] == 0 {
			panic(fmt.Sprintf("auxiliary variable %d is not fixed by the cells", v))
		}
	}
	return true
}
