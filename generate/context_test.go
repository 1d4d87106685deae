package generate

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/grid"
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
