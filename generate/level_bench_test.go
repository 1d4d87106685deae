package generate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rate"
)

// BenchmarkLevels generates to each level in one process; every puzzle is
// rated again to check it is at the level asked.
func BenchmarkLevels(b *testing.B) {
	for l := rate.Easy; l <= rate.Extreme; l++ {
		lo, hi := l.Range()
		if hi > 100 {
			hi = 0
		}
		b.Run(fmt.Sprint(l), func(b *testing.B) {
			g := New()
			i := 0
			for b.Loop() {
				p, err := g.Puzzle(1, i, Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, MinScore: lo, MaxScore: hi})
				if err != nil {
					b.Fatal(err)
				}
				if r := rate.Puzzle(p.Grid, rate.Options{}); r.Level != l {
					b.Fatalf("puzzle %d rated %v, want %v", i, r.Level, l)
				}
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}

// BenchmarkExtremeSplit makes extreme puzzles the way PuzzleContext does
// and reports where the time of one goes, in milliseconds per puzzle:
// filling grids and removing clues (cand-ms), rate.Below on the candidates
// it rejects (below-ms) and on those it lets through (pass-ms), the full
// rating of those (rate-ms) and the solver's final proof (prove-ms); with
// the candidates per puzzle.
func BenchmarkExtremeSplit(b *testing.B) {
	lo, _ := rate.Extreme.Range()
	opts := Options{Shape: shape9, MinScore: lo}
	g := New()
	l, orbs := g.layout(shape9), g.orbitsOf(NoSymmetry, 9)
	var cand, below, pass, full, proof time.Duration
	candidates, i := 0, 0
	for b.Loop() {
		j := newJob(context.Background(), opts)
		src := rand.NewPCG(1, uint64(i))
		for {
			s := g.solver(shape9)
			t0 := time.Now()
			f, p, err := j.candidate(context.Background(), s, l, orbs, src)
			if err != nil {
				b.Fatal(err)
			}
			t1 := time.Now()
			candidates++
			cand += t1.Sub(t0)
			if rate.BelowSolved(p, f, lo) {
				below += time.Since(t1)
				continue
			}
			t2 := time.Now()
			pass += t2.Sub(t1)
			r := rate.Puzzle(p, rate.Options{Solution: f})
			t3 := time.Now()
			full += t3.Sub(t2)
			if r.Score < lo {
				continue
			}
			if err := prove(s, Puzzle{Grid: p, Solution: f}); err != nil {
				b.Fatal(err)
			}
			proof += time.Since(t3)
			break
		}
		i++
	}
	per := func(d time.Duration) float64 { return d.Seconds() * 1000 / float64(i) }
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(candidates)/float64(i), "candidates/puzzle")
	b.ReportMetric(per(cand), "cand-ms")
	b.ReportMetric(per(below), "below-ms")
	b.ReportMetric(per(pass), "pass-ms")
	b.ReportMetric(per(full), "rate-ms")
	b.ReportMetric(per(proof), "prove-ms")
}
