package verify

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

func dataLines(tb testing.TB, name string) []string { return gridtest.Lines(tb, name) }

func lineGrid(tb testing.TB, line string) grid.Grid { return gridtest.Line(tb, line) }

// every returns every k-th element of xs, all of them when not testing.Short.
func every[T any](xs []T, k int) []T {
	if !testing.Short() || k <= 1 {
		return xs
	}
	var out []T
	for i := 0; i < len(xs); i += k {
		out = append(out, xs[i])
	}
	return out
}

func TestRoyle17AllUnique(t *testing.T) {
	puzzles := dataLines(t, "royle17/puzzles.txt")
	sols := dataLines(t, "royle17/solutions.txt")
	if len(puzzles) != 49158 || len(sols) != len(puzzles) {
		t.Fatalf("royle17: %d puzzles and %d solutions, want 49158 each", len(puzzles), len(sols))
	}
	v := New()
	step := 1
	if testing.Short() {
		step = 10
	}
	checked := 0
	for i := 0; i < len(puzzles); i += step {
		g := lineGrid(t, puzzles[i])
		r := v.Check(g, Options{})
		if r.Status != Unique || r.Count != 1 || len(r.Solutions) != 1 {
			t.Fatalf("puzzle %d %s: %v with %d solutions, want unique", i+1, puzzles[i], r.Status, r.Count)
		}
		if got := r.Solutions[0].String(); got != sols[i] {
			t.Fatalf("puzzle %d: solution %s, want %s", i+1, got, sols[i])
		}
		checked++
	}
	t.Logf("%d royle17 puzzles unique with the listed solution", checked)
}

// A 17-clue puzzle minus any clue has 16 clues, and no 16-clue Sudoku has a
// unique solution: every such puzzle must come out multiple, with two
// different valid solutions.
func TestRoyle17MinusOneClue(t *testing.T) {
	puzzles := dataLines(t, "royle17/puzzles.txt")
	v := New()
	step := 97
	if testing.Short() {
		step = 997
	}
	n := 0
	for i := 0; i < len(puzzles); i += step {
		g := lineGrid(t, puzzles[i])
		for c, d := range g.Cells {
			if d == 0 {
				continue
			}
			p := g.Clone()
			p.Cells[c] = 0
			r := v.Check(p, Options{})
			if r.Status != Multiple || len(r.Solutions) != 2 {
				t.Fatalf("puzzle %d without r%dc%d: %v, want multiple", i+1, c/9+1, c%9+1, r.Status)
			}
			a, b := r.Solutions[0], r.Solutions[1]
			if a.Equal(b) || !p.Solves(a) || !p.Solves(b) {
				t.Fatalf("puzzle %d without r%dc%d: witnesses are not two different solutions:\n%s\n%s", i+1, c/9+1, c%9+1, a, b)
			}
			n++
		}
	}
	t.Logf("%d sixteen-clue puzzles all multiple", n)
}

func readCounts(t *testing.T) (puzzles []string, counts []int) {
	for i, line := range dataLines(t, "tdoku/serg_multi.counts.tsv") {
		if i == 0 {
			continue // header
		}
		p, c, ok := strings.Cut(line, "\t")
		k, err := strconv.Atoi(c)
		if !ok || err != nil {
			t.Fatalf("serg_multi line %d: %q", i+1, line)
		}
		puzzles = append(puzzles, p)
		counts = append(counts, k)
	}
	return puzzles, counts
}

func TestSergMultiple(t *testing.T) {
	puzzles, counts := readCounts(t)
	v := New()
	for i, p := range every(puzzles, 10) {
		r := v.Check(lineGrid(t, p), Options{})
		if r.Status != Multiple || r.Count != 2 || r.Exact() {
			t.Fatalf("serg %d %s: %v, count %d (exact %v), want multiple with at least 2", i+1, p, r.Status, r.Count, r.Exact())
		}
	}
	// Exact counts with a limit above the largest count (1,555).
	step := 20
	if testing.Short() {
		step = 200
	}
	for i := 0; i < len(puzzles); i += step {
		r := v.Check(lineGrid(t, puzzles[i]), Options{CountLimit: 2000})
		if r.Count != counts[i] || !r.Exact() {
			t.Fatalf("serg %d %s: count %d (exact %v), want exactly %d", i+1, puzzles[i], r.Count, r.Exact(), counts[i])
		}
	}
}

// Sudopedia's invalid test cases. Its "no solution" for duplicate givens is
// our invalid verdict, which names the two clashing cells; its counts are
// checked exactly, and "500+" as at least 500.
func TestSudopedia(t *testing.T) {
	for i, line := range dataLines(t, "invalid/sudopedia.tsv") {
		f := strings.Split(line, "\t")
		if len(f) < 3 {
			t.Fatalf("sudopedia line %d: %q", i+1, line)
		}
		name, puzzle, expect := f[0], f[1], f[2]
		g := lineGrid(t, puzzle)
		r := Puzzle(g, Options{CountLimit: 1000})
		switch n, err := strconv.Atoi(strings.Fields(expect)[0]); {
		case strings.HasPrefix(name, "Duplicate"):
			if r.Status != Invalid || len(r.Clashes) == 0 {
				t.Errorf("%s: %v (%v), want invalid naming the clashing cells", name, r.Status, r.Err)
			}
		case expect == "no solution":
			if r.Status != None {
				t.Errorf("%s: %v, want none", name, r.Status)
			}
		case err == nil:
			if r.Status != Multiple || r.Count != n || !r.Exact() {
				t.Errorf("%s: %v with %d solutions, want exactly %d", name, r.Status, r.Count, n)
			}
			if got := countSolutions(g, 1000); got != n {
				t.Errorf("%s: backtracking counts %d, want %d", name, got, n)
			}
		case strings.HasPrefix(expect, "500+"), strings.HasPrefix(expect, "multiple"):
			if r.Status != Multiple || r.Count < 500 {
				t.Errorf("%s: %v with %d solutions, want multiple with at least 500", name, r.Status, r.Count)
			}
		default:
			t.Fatalf("sudopedia %q: cannot read the expected result %q", name, expect)
		}
	}
}

func TestEmpty4x4Has288Solutions(t *testing.T) {
	g := grid.New(grid.Shape{BoxRows: 2, BoxCols: 2})
	r := Puzzle(g, Options{CountLimit: 1000})
	if r.Status != Multiple || r.Count != 288 || !r.Exact() {
		t.Fatalf("empty 4x4: %v with %d solutions (exact %v), want exactly 288", r.Status, r.Count, r.Exact())
	}
	if got := countSolutions(g, 1000); got != 288 {
		t.Fatalf("backtracking counter: %d solutions of the empty 4x4, want 288", got)
	}
}

func TestLargeSets(t *testing.T) {
	for _, tc := range []struct {
		file, sols string
		want       Status
		sample     int
	}{
		{"large/16x16.unique.txt", "large/16x16.unique.solutions.txt", Unique, 40},
		{"large/16x16.multi.txt", "", Multiple, 40},
		{"large/25x25.unique.txt", "large/25x25.unique.solutions.txt", Unique, 8},
		{"large/25x25.multi.txt", "", Multiple, 8},
	} {
		t.Run(tc.file, func(t *testing.T) {
			puzzles := dataLines(t, tc.file)
			var sols []string
			if tc.sols != "" {
				sols = dataLines(t, tc.sols)
			}
			sample := tc.sample
			if testing.Short() {
				sample /= 4
			}
			rng := rand.New(rand.NewPCG(1, 2))
			v := New()
			for k := 0; k < sample; k++ {
				i := rng.IntN(len(puzzles))
				r := v.Check(lineGrid(t, puzzles[i]), Options{})
				if r.Status != tc.want {
					t.Fatalf("line %d: %v, want %v", i+1, r.Status, tc.want)
				}
				if sols != nil && r.Solutions[0].String() != sols[i] {
					t.Fatalf("line %d: solution differs from the listed one", i+1)
				}
			}
		})
	}
}

// The SAT verdicts agree with an independent backtracking counter on random
// puzzles of several shapes, made by blanking random cells of known grids.
func TestAgreesWithBacktracking(t *testing.T) {
	seed := uint64(20261122)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	var fulls []grid.Grid
	for _, line := range dataLines(t, "royle17/solutions.txt")[:200] {
		fulls = append(fulls, lineGrid(t, line))
	}
	for _, line := range dataLines(t, "4x4/all_grids.txt")[:50] {
		fulls = append(fulls, lineGrid(t, line))
	}
	v := New()
	tally := map[Status]int{}
	rounds := 3000
	if testing.Short() {
		rounds = 600
	}
	for k := 0; k < rounds; k++ {
		g := fulls[rng.IntN(len(fulls))].Clone()
		// Keep between 20 and 40 clues for 9x9 (a mix of unique and multiple
		// puzzles), 4 to 8 for 4x4; sometimes plant a wrong digit.
		keep := 20 + rng.IntN(21)
		if g.N() == 4 {
			keep = 4 + rng.IntN(5)
		}
		for _, i := range rng.Perm(len(g.Cells))[keep:] {
			g.Cells[i] = 0
		}
		if rng.IntN(10) == 0 {
			i := rng.IntN(len(g.Cells))
			g.Cells[i] = uint8(1 + rng.IntN(g.N()))
		}
		r := v.Check(g, Options{CountLimit: 3})
		want := countSolutions(g, 3)
		clash := len(g.Clashes()) > 0
		switch {
		case clash && r.Status != Invalid:
			t.Fatalf("%s: %v, want invalid (clashing givens)", g, r.Status)
		case !clash && r.Count != want:
			t.Fatalf("%s: SAT counts %d (%v), backtracking %d", g, r.Count, r.Status, want)
		}
		for _, s := range r.Solutions {
			if !g.Solves(s) {
				t.Fatalf("%s: %s is not a solution", g, s)
			}
		}
		tally[r.Status]++
	}
	t.Logf("verdicts: %v", tally)
	if tally[Unique] == 0 || tally[Multiple] == 0 || tally[None] == 0 {
		t.Fatalf("the sample did not cover every verdict: %v", tally)
	}
}

func TestInvalidShapes(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    grid.Grid
	}{
		{"digit out of range", grid.Grid{Shape: grid.Shape{BoxRows: 2, BoxCols: 2}, Cells: append([]uint8{5}, make([]uint8, 15)...)}},
		{"short cells", grid.Grid{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Cells: make([]uint8, 80)}},
		{"box 1x4", grid.Grid{Shape: grid.Shape{BoxRows: 1, BoxCols: 4}, Cells: make([]uint8, 16)}},
	} {
		if r := Puzzle(tc.g, Options{}); r.Status != Invalid || r.Err == nil {
			t.Errorf("%s: %v (%v), want invalid with a reason", tc.name, r.Status, r.Err)
		}
	}
}
