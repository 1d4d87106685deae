package verify

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// The writer of Interactive-Sudoku-Solver's constraint strings
// (formats.MarshalISS) checked against ISS itself: its own parser reads
// each string, and its own solver must find what the verifier finds here.

// issRefusals are the kinds that the writer may refuse, each for a reason
// of ISS's (see their WriteISS): any other refusal is a failure.
var issRefusals = []string{"nabner", "slowthermometer", "indexer", "negative", "nonconsecutive", "arrow", "sandwich", "entropicline", "grid"}

// issRefused reports whether err is the writer's refusal of a kind it may
// refuse, failing the test for any other error.
func issRefused(t *testing.T, name string, err error) bool {
	t.Helper()
	var ie *grid.ISSError
	switch {
	case err == nil:
		return false
	case !errors.As(err, &ie) || !errors.Is(err, grid.ErrISS):
		t.Fatalf("%s: MarshalISS: %v, want a string or an ISSError", name, err)
	case !slices.Contains(issRefusals, ie.Kind):
		t.Fatalf("%s: MarshalISS refuses %s, which ISS states: %v", name, ie.Kind, err)
	}
	return true
}

// SudokuSolver's test puzzles (testdata/sudokusolver.tsv, which
// TestSudokuSolverSuite verifies) written as ISS strings: each that the
// writer does not refuse, ISS reads and finds unique with the published
// solution.
func TestSudokuSolverSuiteISS(t *testing.T) {
	iss := gridtest.NeedISS(t)
	var names, strs, sols []string
	var refused []string
	for _, p := range readSudokuSolver(t) {
		g, err := formats.ParseFPuzzlesLink(p.Data)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		s, err := formats.MarshalISS(g)
		if issRefused(t, p.Name, err) {
			refused = append(refused, fmt.Sprintf("%s (%v)", p.Name, err))
			continue
		}
		names, strs, sols = append(names, p.Name), append(strs, s), append(sols, p.Solution)
	}
	if len(strs) == 0 {
		t.Fatal("the writer refused every puzzle")
	}
	for i, a := range iss.Solve(t, strs, 10*time.Minute) {
		got := ""
		for _, d := range a.Solution {
			got += fmt.Sprint(d)
		}
		if a.Err != "" || a.Count != 1 || got != sols[i] {
			t.Errorf("%s: ISS says %d solutions (%s), the first %s; want unique with %s\n%s", names[i], a.Count, a.Err, got, sols[i], strs[i])
			continue
		}
		t.Logf("%-20s unique in ISS too, %v", names[i], a.CPU.Round(time.Microsecond))
	}
	t.Logf("%d written and agreed on; %d refused: %s", len(strs), len(refused), strings.Join(refused, "; "))
}

// TestEveryKindISS checks every kind of the table through ISS: puzzles of
// random instances of the kind, on a random solution that keeps them, or
// on a solution of the verifier's (4x4, 6x6 and 9x9, half of them
// jigsaws; 9x9 for lines), given cells of
// the solution where the verifier finds a second solution until it finds
// none. ISS must find the puzzle unique with that solution, and the
// puzzle one given short not unique. A kind the writer refuses (see
// issRefusals) is logged. Three puzzles a kind, one with -short, -kinds N
// with the flag.
func TestEveryKindISS(t *testing.T) {
	iss := gridtest.NeedISS(t)
	gridtest.SkipUnderRace(t)
	each := 3
	switch {
	case *everyKind > 0:
		each = *everyKind
	case testing.Short():
		each = 1
	}
	seed := *kindsSeed
	if seed == 0 {
		seed = rand.Uint64()
	}
	t.Logf("seed %d (-kinds.seed replays it)", seed)
	type check struct {
		name, unique, short string
		sol                 []uint8
	}
	var checks []check
	refused := map[string]int{}
	for ki, k := range grid.Table() {
		rng := rand.New(rand.NewPCG(seed, uint64(ki)))
		sizes := []int{4, 6, 9}
		if isLineKind(k) {
			sizes = []int{9}
		}
		for i := 0; i < each; i++ {
			g, sol, short := issKindPuzzle(t, rng, k, sizes)
			name := fmt.Sprintf("%s %d (%s, %dx%d %s)", k.Name, i, g.Rules.Name(), g.N(), g.N(), g)
			u, err := formats.MarshalISS(g)
			if issRefused(t, name, err) {
				refused[fmt.Sprint(err)]++
				continue
			}
			s, err := formats.MarshalISS(short)
			if err != nil {
				t.Fatalf("%s one given short: %v", name, err)
			}
			checks = append(checks, check{name, u, s, sol})
		}
	}
	var strs []string
	for _, c := range checks {
		strs = append(strs, c.unique, c.short)
	}
	answers := iss.Solve(t, strs, 10*time.Minute)
	for i, c := range checks {
		u, s := answers[2*i], answers[2*i+1]
		if u.Err != "" || u.Count != 1 || !slices.Equal(u.Solution, c.sol) {
			t.Errorf("%s: ISS says %d solutions (%s), the first %v; want unique with %v\n%s", c.name, u.Count, u.Err, u.Solution, c.sol, c.unique)
		}
		if s.Err != "" || s.Count != 2 {
			t.Errorf("%s: one given short, ISS says %d solutions (%s), want 2 or more\n%s", c.name, s.Count, s.Err, c.short)
		}
	}
	t.Logf("%d puzzles agreed on, unique and one given short; refused: %v", len(checks), refused)
}

// issKindPuzzle returns a puzzle of kind k on one of the sizes, unique by
// the verifier, its solution, and the puzzle one given short of it (the
// given added last taken out), which the verifier finds not unique.
func issKindPuzzle(t *testing.T, rng *rand.Rand, k *grid.Kind, sizes []int) (g grid.Grid, sol []uint8, short grid.Grid) {
	t.Helper()
	for range 100 {
		c := gridtest.NewKindCase(rng, k, sizes)
		if !hasKind(c.Kept, k) {
			// a kind the grid keeps only by chance (anti-king,
			// nonconsecutive...): drawn anyway, with a solution of the
			// verifier's
			c.Kept = c.Any
			r := Puzzle(grid.Grid{Shape: c.Shape, Cells: make([]uint8, len(c.Sol)), Rules: c.Any}, Options{})
			if !hasKind(c.Any, k) || len(r.Solutions) == 0 {
				continue
			}
			c.Sol = r.Solutions[0].Cells
		}
		g = grid.Grid{Shape: c.Shape, Cells: make([]uint8, len(c.Sol)), Rules: c.Kept}
		short = grid.Grid{}
		for {
			r := Puzzle(g, Options{})
			switch {
			case r.Status == Unique && slices.Equal(r.Solutions[0].Cells, c.Sol) && short.Cells != nil:
				return g, c.Sol, short
			case r.Status == Unique:
				// unique with no givens: no puzzle one given short
				g = grid.Grid{}
			case r.Status != Multiple:
				t.Fatalf("%s: %v (%v) on a puzzle whose solution keeps its rules %s", k.Name, r.Status, r.Err, c.Kept.Name())
			}
			if g.Cells == nil {
				break
			}
			other := r.Solutions[0].Cells
			if slices.Equal(other, c.Sol) {
				other = r.Solutions[1].Cells
			}
			var differ []int
			for i := range other {
				if other[i] != c.Sol[i] {
					differ = append(differ, i)
				}
			}
			x := differ[rng.IntN(len(differ))]
			short = g.Clone()
			g.Cells[x] = c.Sol[x]
		}
	}
	t.Fatalf("%s: no puzzle in 100 draws", k.Name)
	return
}
