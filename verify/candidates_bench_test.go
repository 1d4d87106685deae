package verify

import (
	"context"
	"io"
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

// The same without the solutions' cover: one search per candidate, the
// plain way to true candidates, for the ratio.
func BenchmarkTrueCandidatesEachSearched(b *testing.B) {
	for _, tt := range []struct {
		name  string
		shape grid.Shape
	}{
		{"empty9x9", grid.Shape{BoxRows: 3, BoxCols: 3}},
		{"empty16x16", grid.Shape{BoxRows: 4, BoxCols: 4}},
	} {
		b.Run(tt.name, func(b *testing.B) {
			g := grid.New(tt.shape)
			n := g.N()
			s := searchFor(nil, g.Shape, 1, 0, nil)
			cells := make([]uint8, len(g.Cells))
			for b.Loop() {
				for i := range cells {
					for d := 1; d <= n; d++ {
						cells[i] = uint8(d)
						if r := s.Run(cells); r.Count != 1 {
							b.Fatalf("r%dc%d %d: no solution", i/n+1, i%n+1, d)
						}
					}
					cells[i] = 0
				}
			}
			b.ReportMetric(1, "searches/candidate")
		})
	}
}

// The proofs of every candidate out of a generated killer and jigsaw: by
// one CandidateProver, and by WriteCandidateProof for each, which makes
// the search's model and the CNF of the rules every time, for the ratio.
func BenchmarkCandidateProofs(b *testing.B) {
	for _, name := range []string{"killer", "jigsaw"} {
		g := generated(b, name, 1, 0)
		c := TrueCandidates(context.Background(), g, CandidateOptions{})
		n := g.N()
		write := func(b *testing.B, each func(cell int, d uint8) (Proof, error)) {
			proofs := 0
			for b.Loop() {
				proofs = 0
				for k, p := range c.Out {
					if p == NoProof {
						continue
					}
					if _, err := each(k/n, uint8(k%n+1)); err != nil {
						b.Fatal(err)
					}
					proofs++
				}
			}
			if proofs == 0 {
				b.Fatal("no candidate is out")
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*proofs), "us/proof")
		}
		b.Run(name+"/prover", func(b *testing.B) {
			p := NewCandidateProver(g)
			write(b, func(cell int, d uint8) (Proof, error) {
				return p.Write(context.Background(), io.Discard, io.Discard, cell, d)
			})
		})
		b.Run(name+"/each", func(b *testing.B) {
			write(b, func(cell int, d uint8) (Proof, error) {
				return WriteCandidateProof(context.Background(), io.Discard, io.Discard, g, cell, d)
			})
		})
	}
}
