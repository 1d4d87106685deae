package rate_test

import (
	"testing"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
	"github.com/sudokugen/sudokugen/rate"
)

// freshTrials is the medium level's trials done the slow way: each trial
// on a Search of its own, fresh from Start, narrowed to the candidates
// reached so far, so that nothing one trial sets can reach another.
func freshTrials(g grid.Grid) []uint64 {
	m := rulesearch.NewModel(g.Shape, g.Rules)
	cand, _ := rulesearch.New(m).Start(g.Cells)
	refuted := func(i int, d uint64) bool {
		s := rulesearch.New(m)
		c, _ := s.Start(g.Cells)
		for j, mask := range cand {
			s.Narrow(c, int32(j), mask)
		}
		s.Narrow(c, int32(i), d)
		return !s.Propagate(c)
	}
	for changed := true; changed; {
		changed = false
		for i := range cand {
			for mm := cand[i]; mm&(mm-1) != 0; mm &= mm - 1 {
				if d := mm & -mm; refuted(i, d) {
					cand[i] &^= d
					changed = true
				}
			}
		}
		if changed {
			// the eliminations, propagated once
			s := rulesearch.New(m)
			c, _ := s.Start(g.Cells)
			for j, mask := range cand {
				s.Narrow(c, int32(j), mask)
			}
			s.Propagate(c)
			cand = c
		}
	}
	return cand
}

// The trials of the medium level take no digit of the solution out of a
// cell, and take out what trials run each on a fresh search take out, on
// the kinds whose clauses have auxiliary variables (sandwich, arrow,
// little killer: their sums' partial values and flags), where a trial's
// values once leaked into the next trials.
func TestTrialsAux(t *testing.T) {
	count := 8
	if testing.Short() {
		count = 3
	}
	const seed = 30
	t.Logf("seed %d", seed)
	gen := generate.New()
	for _, name := range []string{"sandwich", "arrow", "little-killer", "killer"} {
		v, err := generate.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		for i := range count {
			p, err := gen.Puzzle(seed, i, generate.Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Variant: v})
			if err != nil {
				t.Fatalf("%s %d: %v", name, i, err)
			}
			got, want := rate.Trials(p.Grid), freshTrials(p.Grid)
			for x, m := range got {
				if d := p.Solution.Cells[x]; m&(1<<(d-1)) == 0 {
					t.Errorf("%s puzzle %d: the trials took %d, the solution's digit, out of cell %d (candidates %b)", name, i, d, x, m)
					break
				}
				if m != want[x] {
					t.Errorf("%s puzzle %d: cell %d has candidates %b after the trials, %b after fresh trials", name, i, x, m, want[x])
					break
				}
			}
		}
	}
}
