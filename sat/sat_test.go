package sat

import (
	"fmt"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// readLines returns up to max lines of a shared data file (all when max is 0).
func readLines(tb testing.TB, name string, max int) []string {
	lines := gridtest.Lines(tb, name)
	if max > 0 && len(lines) > max {
		lines = lines[:max]
	}
	return lines
}

func lineGrid(tb testing.TB, line string) grid.Grid { return gridtest.Line(tb, line) }

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

// BenchmarkProof times the uniqueness proof alone, as verify makes it: the
// solution is known, and one solve with it blocked must come back
// unsatisfiable. All of royle17 by default (-benchtime 49158x covers each
// puzzle once), since its first puzzles are easier than the rest.
// .ci/bench.sh sets this against qqwing's time for the whole job.
func BenchmarkProof(b *testing.B) {
	lines := readLines(b, "royle17/puzzles.txt", 0)
	sols := readLines(b, "royle17/solutions.txt", 0)
	grids := make([]grid.Grid, len(lines))
	known := make([][]grid.Grid, len(lines))
	for i, l := range lines {
		grids[i] = lineGrid(b, l)
		known[i] = []grid.Grid{lineGrid(b, sols[i])}
	}
	s := New(grids[0].Shape)
	i := 0
	for b.Loop() {
		k := i % len(grids)
		if n := s.Solutions(grids[k], known[k], 2, nil); n != 1 {
			b.Fatalf("puzzle %d: %d solutions, want 1", k+1, n)
		}
		i++
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "us/puzzle")
}

func TestClauseCounts(t *testing.T) {
	for _, tc := range []struct {
		shape   grid.Shape
		clauses int
	}{
		// 4 groups per (unit, digit) kind, each one "at least one" clause
		// plus n(n-1)/2 pairs: 4*n*n*(1+n(n-1)/2).
		{grid.Shape{BoxRows: 2, BoxCols: 2}, 4 * 16 * (1 + 6)},
		{grid.Shape{BoxRows: 3, BoxCols: 3}, 11988},
		{grid.Shape{BoxRows: 2, BoxCols: 3}, 4 * 36 * (1 + 15)},
	} {
		got := Clauses(tc.shape)
		if len(got) != tc.clauses {
			t.Errorf("Clauses(%v): %d clauses, want %d", tc.shape, len(got), tc.clauses)
		}
		n := tc.shape.N()
		for _, c := range got {
			for _, l := range c {
				if l == 0 || l > NumVars(n) || -l > NumVars(n) {
					t.Fatalf("Clauses(%v): literal %d out of range", tc.shape, l)
				}
			}
		}
	}
}

func TestVarNumbering(t *testing.T) {
	// The classic numbering: 81*(r-1) + 9*(c-1) + d with 1-based r, c, d.
	for _, tc := range []struct{ r, c, d, want int }{
		{0, 0, 1, 1}, {0, 0, 9, 9}, {0, 1, 1, 10}, {1, 0, 1, 82}, {8, 8, 9, 729},
	} {
		if got := Var(9, tc.r, tc.c, tc.d); got != tc.want {
			t.Errorf("Var(9, %d, %d, %d) = %d, want %d", tc.r, tc.c, tc.d, got, tc.want)
		}
		if r, c, d := Decode(9, tc.want); r != tc.r || c != tc.c || d != tc.d {
			t.Errorf("Decode(9, %d) = %d, %d, %d, want %d, %d, %d", tc.want, r, c, d, tc.r, tc.c, tc.d)
		}
	}
}

func TestSolutionsFindsSolution(t *testing.T) {
	puzzles := readLines(t, "tdoku/top1465.txt", 100)
	sols := readLines(t, "tdoku/top1465.solutions.txt", 100)
	s := New(grid.Shape{BoxRows: 3, BoxCols: 3})
	for i, p := range puzzles {
		var got []grid.Grid
		n := s.Solutions(lineGrid(t, p), nil, 2, func(g grid.Grid) { got = append(got, g) })
		if n != 1 || got[0].String() != sols[i] {
			t.Fatalf("top1465 #%d: %d solutions, first %v, want 1: %s", i+1, n, got, sols[i])
		}
	}
}

func TestConcurrentSolvers(t *testing.T) {
	puzzles := readLines(t, "royle17/puzzles.txt", 400)
	sols := readLines(t, "royle17/solutions.txt", 400)
	const workers = 4
	errs := make(chan string, workers)
	for w := 0; w < workers; w++ {
		go func() {
			s := New(grid.Shape{BoxRows: 3, BoxCols: 3})
			for i := w; i < len(puzzles); i += workers {
				var first grid.Grid
				n := s.Solutions(lineGrid(t, puzzles[i]), nil, 2, func(g grid.Grid) { first = g })
				if n != 1 || first.String() != sols[i] {
					errs <- fmt.Sprintf("worker %d, puzzle %d: %d solutions, %s", w, i+1, n, first)
					return
				}
			}
			errs <- ""
		}()
	}
	for w := 0; w < workers; w++ {
		if e := <-errs; e != "" {
			t.Error(e)
		}
	}
}
