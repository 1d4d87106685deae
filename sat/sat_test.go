package sat

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

var dataDir = filepath.Join("..", "..", "shared", "data")

// readLines reads up to max puzzle lines of a data file in the one-line
// format, skipping the test when the shared data is absent.
func readLines(tb testing.TB, name string, max int) []string {
	tb.Helper()
	f, err := os.Open(filepath.Join(dataDir, name))
	if os.IsNotExist(err) {
		tb.Skipf("shared data %s not found: run with ../shared/data beside the checkout", name)
	}
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && (max <= 0 || len(out) < max) {
		if line := sc.Text(); line != "" && line[0] != '#' {
			out = append(out, line)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// lineGrid reads a one-line puzzle in the default alphabet, with the shape
// inferred from its length. It is independent of package grid's reader.
func lineGrid(tb testing.TB, line string) grid.Grid {
	tb.Helper()
	sh, err := grid.ShapeOfCells(len(line))
	if err != nil {
		tb.Fatalf("%q: %v", line, err)
	}
	g := grid.New(sh)
	a := grid.DefaultAlphabet(sh.N())
	for i := 0; i < len(line); i++ {
		d, ok := a.Digit(line[i])
		if !ok {
			tb.Fatalf("%q: bad symbol %q", line, line[i])
		}
		g.Cells[i] = uint8(d)
	}
	return g
}

func BenchmarkSolutions(b *testing.B) {
	lines := readLines(b, "royle17/puzzles.txt", 5000)
	grids := make([]grid.Grid, len(lines))
	for i, l := range lines {
		grids[i] = lineGrid(b, l)
	}
	s := New(grids[0].Shape)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if n := s.Solutions(grids[i%len(grids)], nil, 2, nil); n != 1 {
			b.Fatalf("puzzle %d: %d solutions, want 1", i, n)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}
