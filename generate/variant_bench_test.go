package generate

import (
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// benchVariants are the variants BenchmarkVariant makes: the older ones,
// and the line, negative and sum rules whose speed issue 30 sets.
var benchVariants = []string{"classic", "x", "hyper", "jigsaw", "killer", "pure-killer",
	"nonconsecutive", "whispers", "renban", "palindrome", "kropki-negative", "xv-negative",
	"whispers,renban,palindrome", "arrow", "little-killer", "sandwich", "xsum", "skyscraper", "region-sum-line",
	"thermometer", "kropki", "xv", "thermometer,killer", "kropki,xv"}

// BenchmarkVariant makes minimal 9x9 variant puzzles, one at a time.
func BenchmarkVariant(b *testing.B) {
	sh := grid.Shape{BoxRows: 3, BoxCols: 3}
	for _, name := range benchVariants {
		b.Run(name, func(b *testing.B) {
			v, err := ParseVariant(name)
			if err != nil {
				b.Fatal(err)
			}
			g := New()
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				if _, err := g.Puzzle(7, i, Options{Shape: sh, Variant: v}); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
