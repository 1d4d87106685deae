package rate_test

import (
	"testing"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rate"
)

// BenchmarkVariant rates 50 generated puzzles of a few variants: the
// count of solutions, then the logical solve. It runs as it is on the
// code before the logical solve, whose coarse level it then times.
func BenchmarkVariant(b *testing.B) {
	gen := generate.New()
	for _, name := range []string{"killer", "arrow", "thermometer", "sandwich"} {
		v, err := generate.ParseVariant(name)
		if err != nil {
			b.Fatal(err)
		}
		var gs []grid.Grid
		for i := range 50 {
			p, err := gen.Puzzle(1, i, generate.Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Variant: v})
			if err != nil {
				b.Fatal(err)
			}
			gs = append(gs, p.Grid)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				rate.Puzzle(gs[i%len(gs)], rate.Options{})
				i++
			}
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
