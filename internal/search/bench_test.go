package search

import (
	"testing"

	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// BenchmarkRun times a complete search for up to two solutions, as verify
// runs it, on each engine.
func BenchmarkRun(b *testing.B) {
	for _, set := range []string{"royle17/puzzles.txt", "tdoku/top1465.txt"} {
		lines := gridtest.Lines(b, set)
		if len(lines) > 5000 {
			lines = lines[:5000]
		}
		puzzles := make([][]uint8, len(lines))
		for i, l := range lines {
			puzzles[i] = gridtest.Line(b, l).Cells
		}
		for _, engine := range []string{"nine", "general"} {
			b.Run(set+"/"+engine, func(b *testing.B) {
				s := New(classic9.Units())
				if engine == "general" {
					s.nine = nil
				}
				s.Limit = 2
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					s.Nodes = 0
					if r := s.Run(puzzles[i%len(puzzles)]); r.Count != 1 || !r.Complete {
						b.Fatalf("%v", r)
					}
					i++
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			})
		}
	}
}
