package verify

import (
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
)

// settledCount counts the decided candidates of the empty cells of g in c
// afresh.
func settledCount(g grid.Grid, c Candidates) int {
	n, k := g.N(), 0
	for i, d := range g.Cells {
		if d != 0 {
			continue
		}
		for e := range n {
			if c.Masks[i]&(1<<e) != 0 || c.Out[i*n+e] != NoProof {
				k++
			}
		}
	}
	return k
}

// Candidates reports its progress with Settled as the count of decided
// candidates, growing to Open once every candidate is settled.
func TestCandidatesProgress(t *testing.T) {
	for _, tc := range []struct {
		puzzle string
		limit  int
	}{
		{".........9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1....", 1000}, // 44 solutions: the count settles all
		{".........9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1....", 2},    // then one search per candidate
		{"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", 2},    // unique
	} {
		g, err := formats.Parse(tc.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		reports, last := 0, 0
		c := New().Candidates(t.Context(), g, CandidateOptions{CountLimit: tc.limit, Progress: func(p Candidates) {
			reports++
			if p.Status != Unknown || p.Settled != settledCount(g, p) || p.Settled < last {
				t.Errorf("limit %d: a report says %v, %d settled; counted %d, %d before", tc.limit, p.Status, p.Settled, settledCount(g, p), last)
			}
			last = p.Settled
		}})
		if reports == 0 || c.Settled != c.Open || c.Open != 81*9-9*g.Givens() || settledCount(g, c) != c.Open {
			t.Errorf("limit %d: %d reports, %d of %d settled (counted %d)", tc.limit, reports, c.Settled, c.Open, settledCount(g, c))
		}
	}
}
