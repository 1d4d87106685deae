package generate

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/sat"
)

// BenchmarkPuzzle measures puzzles per second on one core, in one
// Generator (so with solver reuse), as the worker processes run them.
func BenchmarkPuzzle(b *testing.B) {
	tests := []struct {
		name string
		opts Options
	}{
		{"4x4", Options{Shape: shape4}},
		{"9x9", Options{Shape: shape9}},
		{"9x9/rot180", Options{Shape: shape9, Symmetry: Rot180}},
		{"9x9/clues=32", Options{Shape: shape9, Clues: 32}},
		{"12x12", Options{Shape: shape12}},
		{"16x16", Options{Shape: shape16}},
		{"16x16/rows", Options{Shape: shape16, Order: OrderRows}},
		{"25x25", Options{Shape: shape25}},
		{"25x25/maxsolves=10", Options{Shape: shape25, MaxSolves: 10}},
	}
	for _, tt := range tests {
		b.Run(tt.name, func(b *testing.B) {
			g := New()
			b.ReportAllocs()
			i, clues := 0, 0
			for b.Loop() {
				p, err := g.Puzzle(1, i, tt.opts)
				if err != nil {
					b.Fatal(err)
				}
				clues += p.Grid.Givens()
				i++
			}
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(clues)/float64(i), "clues")
		})
	}
}

// BenchmarkFill measures full grids alone.
func BenchmarkFill(b *testing.B) {
	for _, sh := range []grid.Shape{shape9, shape16, shape25} {
		b.Run(sh.String(), func(b *testing.B) {
			l := newLayout(sh)
			s := sat.New(sh)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := fill(context.Background(), s, l, rand.New(rand.NewPCG(1, uint64(i))), false); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "grids/s")
		})
	}
}
