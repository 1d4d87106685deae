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
// it rejects (below-ms) and on those it lets through (pass-ms), the rating
// of those (rate-ms: in full, or up to the floor when unrated) and the
// solver's final proof (prove-ms); with the candidates per puzzle.
func BenchmarkExtremeSplit(b *testing.B) {
	for _, unrated := range []bool{false, true} {
		b.Run(fmt.Sprintf("unrated=%v", unrated), func(b *testing.B) {
			lo, _ := rate.Extreme.Range()
			opts := Options{Shape: shape9, MinScore: lo, Unrated: unrated}
			g := New()
			l, orbs := g.layout(shape9), g.orbitsOf(NoSymmetry, 9)
			var st splitTimes
			i := 0
			for b.Loop() {
				st.puzzle(b, g, l, orbs, newJob(context.Background(), opts), rand.NewPCG(1, uint64(i)))
				i++
			}
			st.report(b, i)
		})
	}
}

// splitTimes adds up the time of each stage of making puzzles.
type splitTimes struct {
	cand, below, pass, rating, proof time.Duration
	candidates                       int
}

// puzzle makes one puzzle of job j with the random numbers of src.
func (st *splitTimes) puzzle(b *testing.B, g *Generator, l *layout, orbs [][]int, j *job, src *rand.PCG) {
	lo := j.opts.MinScore
	for {
		s := g.solver(shape9)
		t0 := time.Now()
		f, p, err := j.candidate(context.Background(), s, l, orbs, src)
		if err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		st.candidates++
		st.cand += t1.Sub(t0)
		if rate.BelowSolved(p, f, lo) {
			st.below += time.Since(t1)
			continue
		}
		t2 := time.Now()
		st.pass += t2.Sub(t1)
		// what j.rating does past rate.Below
		ro := rate.Options{Solution: f}
		if j.unrated() {
			ro.MaxScore = j.underFloor()
		}
		r := rate.Puzzle(p, ro)
		t3 := time.Now()
		st.rating += t3.Sub(t2)
		if r.Score < lo {
			continue
		}
		if err := prove(s, Puzzle{Grid: p, Solution: f}); err != nil {
			b.Fatal(err)
		}
		st.proof += time.Since(t3)
		return
	}
}

func (st *splitTimes) report(b *testing.B, puzzles int) {
	per := func(d time.Duration) float64 { return d.Seconds() * 1000 / float64(puzzles) }
	b.ReportMetric(float64(puzzles)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(st.candidates)/float64(puzzles), "candidates/puzzle")
	b.ReportMetric(per(st.cand), "cand-ms")
	b.ReportMetric(per(st.below), "below-ms")
	b.ReportMetric(per(st.pass), "pass-ms")
	b.ReportMetric(per(st.rating), "rate-ms")
	b.ReportMetric(per(st.proof), "prove-ms")
}
