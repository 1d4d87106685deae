package verify_test

import (
	"testing"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/verify"
)

// BenchmarkCheckVariants checks generated minimal 9x9 puzzles of the
// families whose checks are the shortest, one Verifier kept from puzzle to
// puzzle as in a worker: each check builds the search's tables for rules
// of its own, so the bytes it allocates (-benchmem) set how often the
// collector runs.
func BenchmarkCheckVariants(b *testing.B) {
	for _, name := range []string{"sandwich", "skyscraper", "thermometer", "region-sum-line", "renban", "killer"} {
		b.Run(name, func(b *testing.B) {
			v, err := generate.ParseVariant(name)
			if err != nil {
				b.Fatal(err)
			}
			gen := generate.New()
			var puzzles []grid.Grid
			for i := range 40 {
				p, err := gen.Puzzle(1, i, generate.Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Variant: v})
				if err != nil {
					b.Fatal(err)
				}
				puzzles = append(puzzles, p.Grid)
			}
			ver := verify.New()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if r := ver.Check(puzzles[i%len(puzzles)], verify.Options{CountLimit: 2}); r.Status != verify.Unique {
					b.Fatalf("puzzle %d: %v", i%len(puzzles), r.Status)
				}
				i++
			}
		})
	}
}
