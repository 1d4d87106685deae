package generate

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
)

// TestPuzzleContext stops generation by its context, before and during
// clue removal, on each size up to 36x36.
func TestPuzzleContext(t *testing.T) {
	tests := []struct {
		name  string
		opts  Options
		after time.Duration
	}{
		{"9x9/cancelled", Options{Shape: shape9}, 0},
		{"16x16/cancelled", Options{Shape: shape16}, 0},
		{"16x16/deadline", Options{Shape: shape16}, 5 * time.Millisecond},
		{"25x25/deadline", Options{Shape: shape25, MaxSolves: 1}, 50 * time.Millisecond},
		{"36x36/deadline", Options{Shape: grid.Shape{BoxRows: 6, BoxCols: 6}, MaxSolves: 1}, 300 * time.Millisecond},
		// a removal question's search on these takes up to 100,000 nodes
		{"16x16-nonconsecutive/deadline", Options{Shape: shape16, Variant: mustVariant("nonconsecutive")}, 200 * time.Millisecond},
		{"16x16-whispers/deadline", Options{Shape: shape16, Variant: mustVariant("whispers")}, 200 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if testing.Short() && tt.opts.Shape.N() > 16 {
				t.Skip("giant grids in the long run only")
			}
			ctx, cancel := context.WithTimeout(context.Background(), tt.after)
			defer cancel()
			start := time.Now()
			p, err := New().PuzzleContext(ctx, 1, 0, tt.opts)
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("PuzzleContext(%v) = %d clues, %v; want %v", tt.after, p.Grid.Givens(), err, context.DeadlineExceeded)
			}
			t.Logf("stopped %v after the deadline", time.Since(start)-tt.after)
		})
	}
}

// A removal question of a variant asked once the context is done answers
// with the context's error, and leaves gophersat, which cannot be stopped,
// unasked: its search looks at the context as it goes.
func TestVariantRemovalStops(t *testing.T) {
	for _, name := range []string{"nonconsecutive", "whispers", "x"} {
		t.Run(name, func(t *testing.T) {
			const seed = 7
			rng := rand.New(rand.NewPCG(seed, 0))
			rules, cells, ok := fillVariant(rng, shape16, mustVariant(name))
			if !ok {
				t.Fatalf("seed %d: no %s grid filled", seed, name)
			}
			full := grid.Grid{Shape: shape16, Cells: cells, Rules: rules}
			p := full.Clone()
			for i := range p.Cells {
				if rng.IntN(2) == 0 {
					p.Cells[i] = 0
				}
			}
			x := rng.IntN(len(p.Cells))
			p.Cells[x] = 0
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			vr := &variantRemover{ctx: ctx, full: full,
				search: rulesearch.New(rulesearch.NewModel(shape16, rules))}
			if ok, err := vr.unique(p, []int{x}); !errors.Is(err, context.Canceled) || vr.solver != nil {
				t.Errorf("unique with the context done = %v, %v, solver built %v; want %v and no solver",
					ok, err, vr.solver != nil, context.Canceled)
			}
		})
	}
}
