package generate

import (
	"fmt"
	"testing"

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
