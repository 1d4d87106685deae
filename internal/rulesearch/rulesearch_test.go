package rulesearch

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/rules"
)

// randomRules draws rules for a 4x4 grid: regions, diagonals, cages with
// and without sums, pairs, a thermometer, parity and moves, each now and
// then, always valid.
func randomRules(rng *rand.Rand, sh grid.Shape, sol []uint8) *grid.Rules {
	n := 4
	r := grid.NewRules()
	if rng.IntN(3) == 0 {
		// regions: the boxes with two cells swapped between neighbours
		// when that keeps 4 cells each (it always does)
		reg := make([]uint8, 16)
		for i := range reg {
			reg[i] = uint8((*grid.Rules)(nil).Region(sh, i))
		}
		a, b := rng.IntN(16), rng.IntN(16)
		reg[a], reg[b] = reg[b], reg[a]
		grid.Regions.Set(r, reg)
	}
	if rng.IntN(3) == 0 {
		rules.Extra.Set(r, append(rules.Extra.Get(r), grid.Group{Kind: grid.GroupDiagonal, Cells: grid.Diagonal(n)}))
	}
	if rng.IntN(4) == 0 {
		rules.Extra.Set(r, append(rules.Extra.Get(r), grid.Group{Kind: grid.GroupAntiDiagonal, Cells: grid.AntiDiagonal(n)}))
	}
	used := make([]bool, 16)
	for k := rng.IntN(4); k > 0; k-- {
		a := rng.IntN(16)
		b := a + 1
		if rng.IntN(2) == 0 {
			b = a + 4
		}
		if b >= 16 || (b == a+1 && a%4 == 3) || used[a] || used[b] {
			continue
		}
		used[a], used[b] = true, true
		sum := 0
		if rng.IntN(3) > 0 {
			sum = int(sol[a] + sol[b])
			if sol[a] == sol[b] {
				sum = 0
			}
		}
		rules.Cages.Set(r, append(rules.Cages.Get(r), grid.Cage{Cells: []int32{int32(a), int32(b)}, Sum: sum}))
	}
	pair := func() grid.Pair {
		a := rng.IntN(15)
		if a%4 == 3 {
			return grid.Pair{int32(a), int32(a + 4)}
		}
		return grid.Pair{int32(a), int32(a + 1)}
	}
	for k := rng.IntN(3); k > 0; k-- {
		switch rng.IntN(4) {
		case 0:
			rules.White.Set(r, append(rules.White.Get(r), pair()))
		case 1:
			rules.Black.Set(r, append(rules.Black.Get(r), pair()))
		case 2:
			rules.V.Set(r, append(rules.V.Get(r), pair()))
		case 3:
			rules.Thermos.Set(r, append(rules.Thermos.Get(r), []int32{0, 5, 10}))
		}
	}
	if rng.IntN(4) == 0 {
		rules.Odd.Set(r, append(rules.Odd.Get(r), int32(rng.IntN(16))))
	}
	if rng.IntN(4) == 0 {
		rules.Even.Set(r, append(rules.Even.Get(r), int32(rng.IntN(16))))
	}
	rules.AntiKing.Set(r, rng.IntN(6) == 0)
	rules.AntiKnight.Set(r, rng.IntN(6) == 0)
	return r
}

// The search counts exactly the grids that keep the rules, for many random
// rule sets on 4x4, with and without givens.
func TestCountAgainstEnumeration(t *testing.T) {
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	sh := grid.Shape{BoxRows: 2, BoxCols: 2}
	all := gridtest.LatinSquares(4)
	if len(all) != 576 {
		t.Fatalf("%d Latin squares of order 4, want 576", len(all))
	}
	wide := 0 // the wide implied constraints of the models
	for trial := range 150 {
		r := randomRules(rng, sh, all[rng.IntN(len(all))])
		if err := r.Validate(sh); err != nil {
			if rules.Odd.Get(r) != nil && rules.Even.Get(r) != nil {
				continue // the same cell odd and even
			}
			t.Fatalf("trial %d: %v", trial, err)
		}
		puzzle := make([]uint8, 16)
		if rng.IntN(2) == 0 {
			src := all[rng.IntN(len(all))]
			for k := rng.IntN(4); k > 0; k-- {
				i := rng.IntN(16)
				puzzle[i] = src[i]
			}
		}
		want := 0
		for _, g := range all {
			ok := r.Check(grid.Grid{Shape: sh, Cells: g}) == nil
			for i, v := range puzzle {
				ok = ok && (v == 0 || g[i] == v)
			}
			if ok {
				want++
			}
		}
		m := NewModel(sh, r)
		got := New(m).Count(puzzle, 1000, 0, nil, nil)
		if got.Count != want || !got.Complete || got.Broken {
			t.Fatalf("trial %d: rules %s %+v, puzzle %v: count %d (complete %v, broken %v), want %d",
				trial, r.Name(), r, puzzle, got.Count, got.Complete, got.Broken, want)
		}
		// without every implied constraint: the same count, none used
		w := New(m.WithoutImplied())
		w.Uses = w.NewUses()
		got = w.Count(puzzle, 1000, 0, nil, nil)
		if got.Count != want || !got.Complete || got.Broken || w.Uses.Count() > 0 {
			t.Fatalf("trial %d: rules %s %+v, puzzle %v, without the implied constraints: count %d (complete %v, broken %v), %d used, want %d, none used",
				trial, r.Name(), r, puzzle, got.Count, got.Complete, got.Broken, w.Uses.Count(), want)
		}
		// without the wide ones: the same count, none of them used
		w = New(m.WithoutWide())
		w.Uses = w.NewUses()
		got = w.Count(puzzle, 1000, 0, nil, nil)
		if got.Count != want || !got.Complete || got.Broken || w.Uses.Wide(m) {
			t.Fatalf("trial %d: rules %s %+v, puzzle %v, without the wide implied constraints: count %d (complete %v, broken %v), wide used %v, want %d, none used",
				trial, r.Name(), r, puzzle, got.Count, got.Complete, got.Broken, w.Uses.Wide(m), want)
		}
		wide += m.Wide()
	}
	if wide == 0 {
		t.Error("no rules implied a wide constraint: WithoutWide was not tested")
	}
}
