package verify

import (
	"context"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// The true candidates of empty grids, where every digit of every cell is
// in: the count's solutions and the searches aimed at the digits not yet
// seen settle them. Reports the searches run (the count included) per
// candidate settled.
func BenchmarkTrueCandidates(b *testing.B) {
	for _, tt := range []struct {
		name  string
		shape grid.Shape
		limit int
	}{
		{"empty9x9/limit2", grid.Shape{BoxRows: 3, BoxCols: 3}, 2},
		{"empty9x9/limit1000", grid.Shape{BoxRows: 3, BoxCols: 3}, 1000},
		{"empty16x16/limit2", grid.Shape{BoxRows: 4, BoxCols: 4}, 2},
		{"empty16x16/limit1000", grid.Shape{BoxRows: 4, BoxCols: 4}, 1000},
	} {
		b.Run(tt.name, func(b *testing.B) {
			g := grid.New(tt.shape)
			v := New()
			b.ReportAllocs()
			var c Candidates
			for b.Loop() {
				c = v.Candidates(context.Background(), g, CandidateOptions{CountLimit: tt.limit})
			}
			n := g.N()
			for _, m := range c.Masks {
				if m != uint64(1)<<n-1 {
					b.Fatalf("candidates %b, want every digit", m)
				}
			}
			b.ReportMetric(float64(c.Searches+c.SATCalls)/float64(c.Settled), "searches/candidate")
			b.ReportMetric(float64(c.Searches), "searches")
			if c.SATCalls > 0 {
				b.Logf("%s: %d gophersat calls", tt.name, c.SATCalls)
			}
		})
	}
}
