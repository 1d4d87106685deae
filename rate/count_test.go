package rate

import (
	"errors"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// rateGivingUp rates p with the first count giving up, as it can on
// large sparse grids, and the later ones too when always is set.
func rateGivingUp(p grid.Grid, always bool) Result {
	old := countBudget
	defer func() { countBudget = old }()
	calls := 0
	countBudget = func(n int) int {
		calls++
		if calls == 1 || always {
			return 1
		}
		return old(n)
	}
	return Puzzle(p, Options{})
}

// When the count of solutions gives up before the solve, the puzzle is
// rated only if a second count, from the digits placed by the time a
// guess is needed, finds it has one solution: one with several is not
// rated (it has no difficulty), nor is one whose count gives up again.
func TestCountGaveUp(t *testing.T) {
	lines := readLines(t, "tdoku/serg_multi.counts.tsv")[1:]
	step := 500
	if testing.Short() {
		step = 2000
	}
	for i := 0; i < len(lines); i += step {
		p := mustParse(t, strings.Split(lines[i], "\t")[0])
		if n, _ := gridtest.Count(p, 2); n != 2 {
			t.Fatalf("serg puzzle %d: %d solutions, want several", i+1, n)
		}
		if r := rateGivingUp(p, false); r.Solved || !errors.Is(r.Err, ErrMultiple) {
			t.Errorf("serg puzzle %d, first count given up: solved %v %.1f, err %v; want not rated: %v", i+1, r.Solved, r.Score, r.Err, ErrMultiple)
		}
		if r := rateGivingUp(p, true); r.Solved || !errors.Is(r.Err, ErrGaveUp) {
			t.Errorf("serg puzzle %d, every count given up: solved %v %.1f, err %v; want not rated: %v", i+1, r.Solved, r.Score, r.Err, ErrGaveUp)
		}
	}
	// A unique puzzle is rated all the same, without the uniqueness
	// techniques (which need the count): no harder than with them, since
	// they only ever add steps to choose from.
	ps := readLines(t, "tdoku/top1465.txt")
	for i := 0; i < len(ps); i += step / 10 {
		p := mustParse(t, ps[i])
		want := Puzzle(p, Options{})
		got := rateGivingUp(p, false)
		if !got.Solved || got.Err != nil || got.Score < want.Score {
			t.Errorf("top1465 %d, first count given up: solved %v, err %v, score %.1f; want solved, at least %.1f", i+1, got.Solved, got.Err, got.Score, want.Score)
		}
	}
}
