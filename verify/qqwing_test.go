package verify

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// Counts of puzzles made by removing 1 to 4 clues from royle17 and top1465
// puzzles agree with qqwing's full counts. Those that reach the limit are
// left out of the comparison (qqwing would count millions), and so are
// those above qqCap, to keep qqwing's time short; .ci/bench.sh runs the
// whole comparison, with its timing.
func TestCountsAgreeWithQQWing(t *testing.T) {
	const limit, qqCap = 100000, 5000
	seed := uint64(20261122)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 3))
	sets := [][]string{dataLines(t, "royle17/puzzles.txt"), dataLines(t, "tdoku/top1465.txt")}
	rounds := 100
	if testing.Short() {
		rounds = 16
	}
	v := New()
	var puzzles []grid.Grid
	var counts []int
	atLimit := 0
	for k := range rounds {
		set := sets[k%2]
		g := lineGrid(t, set[rng.IntN(len(set))])
		var givens []int
		for i, d := range g.Cells {
			if d != 0 {
				givens = append(givens, i)
			}
		}
		rng.Shuffle(len(givens), func(i, j int) { givens[i], givens[j] = givens[j], givens[i] })
		for _, i := range givens[:1+rng.IntN(4)] {
			g.Cells[i] = 0
		}
		r := v.Check(g, Options{CountLimit: limit})
		switch {
		case r.Count >= limit:
			if r.Status != Multiple || r.Exact() {
				t.Fatalf("%s: %v, %d solutions (exact %v), want multiple with at least %d", g, r.Status, r.Count, r.Exact(), limit)
			}
			atLimit++
		case r.Count <= qqCap:
			puzzles = append(puzzles, g)
			counts = append(counts, r.Count)
		}
	}
	want := gridtest.QQWingCounts(t, puzzles)
	for i, g := range puzzles {
		if counts[i] != want[i] {
			t.Errorf("%s: %d solutions, qqwing counts %d", g, counts[i], want[i])
		}
	}
	t.Logf("%d counts agree with qqwing, %d reached the limit of %d", len(puzzles), atLimit, limit)
}
