package verify

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// FuzzVerify reads arbitrary bytes as puzzles and verifies every one that
// parses: no panic, no hang, and for the small sizes the verdict agrees
// with the independent backtracking counter.
func FuzzVerify(f *testing.F) {
	for _, name := range []string{"invalid/sudopedia.tsv", "4x4/all_grids.txt"} {
		if b, err := os.ReadFile(filepath.Join(gridtest.DataDir(), name)); err == nil {
			for _, line := range bytes.Split(b, []byte("\n"))[:8] {
				f.Add(line)
			}
		}
	}
	f.Add([]byte("12.434.221.343.1"))
	f.Add([]byte("[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,1]]"))
	f.Add([]byte("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
	f.Add([]byte("1.. | ..2\n"))
	v := New()
	f.Fuzz(func(t *testing.T, data []byte) {
		r := formats.NewReader(bytes.NewReader(data), "fuzz", formats.ReadOptions{MaxLineBytes: 4096})
		for k := 0; k < 20; k++ {
			rec, err := r.Read()
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				return
			}
			if rec.Err != nil {
				var pe *grid.ParseError
				if !errors.As(rec.Err, &pe) || pe.Line < 1 {
					t.Fatalf("bad record without a position: %v", rec.Err)
				}
				continue
			}
			g := rec.Grid
			if g.N() > 9 {
				continue // big grids are slow to fuzz; the reader is fuzzed in grid
			}
			res := v.Check(g, Options{CountLimit: 3})
			if len(g.Clashes()) > 0 {
				if res.Status != Invalid {
					t.Fatalf("%s: clashing givens but %v", g, res.Status)
				}
				continue
			}
			if g.N() <= 6 || g.Givens() >= 30 {
				if want := countSolutions(g, 3); res.Count != want {
					t.Fatalf("%s: SAT counts %d, backtracking %d", g, res.Count, want)
				}
			}
			for _, s := range res.Solutions {
				if !g.Solves(s) {
					t.Fatalf("%s: %s is not a solution", g, s)
				}
			}
		}
	})
}
