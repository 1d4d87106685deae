package rate_test

import (
	"flag"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/crillab/gophersat/solver"
	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/rate"
	"github.com/sudokugen/sudokugen/sat"
)

var explainN = flag.Int("explain.n", 0, "generated puzzles of each variant whose logical steps TestLogicSound replays (0: 3, 1 with -short)")

// variantNames returns the variants generate makes, the pure forms too.
func variantNames() []string {
	var out []string
	for _, l := range grid.Layouts() {
		out = append(out, l.Name)
		if l.Split != nil {
			out = append(out, "pure-"+l.Name)
		}
	}
	return out
}

// The logical solve of generated puzzles of every variant never takes a
// digit of the solution out of a cell, never places a wrong one, and, when
// it says the puzzle is solved, has placed every empty cell; stuck, it
// leaves the solution's digits among the candidates. On the first puzzle
// of each variant, gophersat checks every fourth step against the rules
// as stated: the plain CNF with the givens and the steps before, and the
// candidate the step removes (or the other digits of the one it places),
// has no model.
func TestLogicSound(t *testing.T) {
	count := 3
	if testing.Short() {
		count = 1
	}
	if *explainN > 0 {
		count = *explainN
	}
	const seed = 44
	gen := generate.New()
	for _, name := range variantNames() {
		t.Run(name, func(t *testing.T) {
			v, err := generate.ParseVariant(name)
			if err != nil {
				t.Fatal(err)
			}
			solved, steps := 0, 0
			for i := range count {
				p, err := gen.Puzzle(seed, i, generate.Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Variant: v})
				if err != nil {
					t.Fatalf("puzzle %d: %v", i, err)
				}
				res := rate.Puzzle(p.Grid, rate.Options{Explain: true})
				if res.Err != nil || res.Logic == nil {
					t.Fatalf("puzzle %d %s: not rated: %v", i, p.Grid, res.Err)
				}
				replay(t, fmt.Sprintf("puzzle %d", i), p.Grid, p.Solution, res)
				if i == 0 {
					checkUnsat(t, p.Grid, res.Steps, 4)
				}
				if res.Logic.Solved {
					solved++
				}
				steps += len(res.Steps)
			}
			t.Logf("%d of %d solved by logic, %.1f steps a puzzle", solved, count, float64(steps)/float64(count))
		})
	}
}

// replay checks the steps of res, the rating of puzzle g, against its
// solution sol.
func replay(t *testing.T, what string, g, sol grid.Grid, res rate.Result) {
	t.Helper()
	n := g.N()
	placed := make([]bool, len(g.Cells))
	for c, v := range g.Cells {
		placed[c] = v != 0
	}
	for k, st := range res.Steps {
		if p := st.Place; p != nil {
			c := p.Cell.Row*n + p.Cell.Col
			if int(sol.Cells[c]) != p.Digit {
				t.Fatalf("%s %s: step %d places %d in %s, whose digit is %d: %s", what, g, k+1, p.Digit, p.Cell, sol.Cells[c], st)
			}
			placed[c] = true
		}
		for _, e := range st.Eliminate {
			if c := e.Cell.Row*n + e.Cell.Col; int(sol.Cells[c]) == e.Digit {
				t.Fatalf("%s %s: step %d removes %d, the solution's digit, from %s: %s", what, g, k+1, e.Digit, e.Cell, st)
			}
		}
	}
	if res.Logic.Steps != len(res.Steps) {
		t.Errorf("%s: %d steps counted, %d recorded", what, res.Logic.Steps, len(res.Steps))
	}
	if res.Logic.Solved {
		for c, ok := range placed {
			if !ok {
				t.Fatalf("%s %s: solved by logic, and no step places %s", what, g, grid.CellOf(n, int32(c)))
			}
		}
		return
	}
	for c, m := range res.Logic.Left {
		if m&(1<<(sol.Cells[c]-1)) == 0 {
			t.Fatalf("%s %s: stuck with candidates %b in %s, without the solution's %d", what, g, m, grid.CellOf(n, int32(c)), sol.Cells[c])
		}
	}
}

// checkUnsat has gophersat check every every-th step of steps, of puzzle
// g: the rules as stated (sat.PlainRuleClauses), the givens, what the
// steps before place and remove, and the opposite of the step (a removed
// candidate in its cell, or the placed digit out of its cell) have no
// model.
func checkUnsat(t *testing.T, g grid.Grid, steps []rate.Step, every int) {
	t.Helper()
	n := g.N()
	cnf := sat.PlainRuleClauses(g.Shape, g.Rules)
	lit := func(cell grid.Cell, d int) int { return (cell.Row*n+cell.Col)*n + d }
	base := append([][]int(nil), cnf.Clauses...)
	for c, v := range g.Cells {
		if v != 0 {
			base = append(base, []int{c*n + int(v)})
		}
	}
	checked := 0
	for k, st := range steps {
		if k%every == 0 {
			var opposite []int
			if p := st.Place; p != nil {
				opposite = []int{-lit(p.Cell, p.Digit)}
			} else if len(st.Eliminate) > 0 {
				e := st.Eliminate[len(st.Eliminate)/2]
				opposite = []int{lit(e.Cell, e.Digit)}
			}
			if opposite != nil {
				pb := solver.ParseSliceNb(append(append([][]int(nil), base...), opposite), cnf.Vars)
				if pb.Status != solver.Unsat && solver.New(pb).Solve() != solver.Unsat {
					t.Fatalf("%s: step %d does not follow from the rules and the steps before: %s", g, k+1, st)
				}
				checked++
			}
		}
		if p := st.Place; p != nil {
			base = append(base, []int{lit(p.Cell, p.Digit)})
		}
		for _, e := range st.Eliminate {
			base = append(base, []int{-lit(e.Cell, e.Digit)})
		}
	}
	if len(steps) > 0 && checked == 0 {
		t.Errorf("%s: no step checked", g)
	}
}

// SudokuSolver's 35 variant test puzzles (verify/testdata/sudokusolver.tsv,
// with their published solutions): the logical solve of each is replayed
// against its solution, as for the generated ones, and the log has a line
// per puzzle, solved or stuck, with its hardest step. With -short, the
// first four.
func TestLogicSudokuSolver(t *testing.T) {
	solved, rated, seen := 0, 0, 0
	for _, p := range gridtest.ReadSudokuSolver(t, "../verify/testdata/sudokusolver.tsv") {
		g, err := formats.ParseFPuzzlesLink(p.Data)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		if !g.HasRules() {
			continue
		}
		if seen++; testing.Short() && seen > 4 {
			break
		}
		start := time.Now()
		res := rate.Puzzle(g, rate.Options{Explain: true})
		if el := time.Since(start); el > time.Second {
			t.Logf("%-28s took %v", p.Name, el)
		}
		if res.Err != nil {
			t.Logf("%-28s not rated: %v", p.Name, res.Err)
			continue
		}
		rated++
		n := g.N()
		if len(p.Solution) == n*n {
			sol := grid.New(g.Shape)
			for i := range sol.Cells {
				sol.Cells[i] = p.Solution[i] - '0'
			}
			replay(t, p.Name, g, sol, res)
		}
		if res.Logic.Solved {
			solved++
			t.Logf("%-28s %-7s solved in %3d steps; hardest: %s", p.Name, res.Level, res.Logic.Steps, res.Logic.Hardest)
		} else {
			t.Logf("%-28s %-7s stuck after %3d steps", p.Name, res.Level, res.Logic.Steps)
		}
	}
	if seen == 0 {
		t.Fatal("no variant puzzle read")
	}
	t.Logf("%d variant puzzles: %d rated, %d solved by logic", seen, rated, solved)
}

// ssSteps returns the steps of the logical solve of SudokuSolver's test
// puzzle name.
func ssSteps(t *testing.T, name string) []rate.Step {
	t.Helper()
	for _, p := range gridtest.ReadSudokuSolver(t, "../verify/testdata/sudokusolver.tsv") {
		if p.Name != name {
			continue
		}
		g, err := formats.ParseFPuzzlesLink(p.Data)
		if err != nil {
			t.Fatal(err)
		}
		res := rate.Puzzle(g, rate.Options{Explain: true})
		if res.Err != nil || len(res.Steps) < 2 {
			t.Fatalf("%s: not rated: %v", name, res.Err)
		}
		return res.Steps
	}
	t.Fatalf("no puzzle %s", name)
	return nil
}

// wantSteps checks that the solve of SudokuSolver's puzzle name takes
// the steps want, in words, by technique tech.
func wantSteps(t *testing.T, name string, tech rate.Technique, want ...string) {
	t.Helper()
	var got []string
	for _, st := range ssSteps(t, name) {
		if st.Technique == tech {
			got = append(got, st.String())
		}
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("%s: no %v step %q among %d: %q", name, tech, w, len(got), got[:min(3, len(got))])
		}
	}
}

// A rule between two cells whose other cell may still hold any digit says
// so, rather than listing every digit: in SudokuSolver's 300-subs, no
// digit is half or double 5, 7 or 9 beside a black dot.
func TestLogicPairWords(t *testing.T) {
	wantSteps(t, "300-subs", rate.RuleLink,
		"Black dot (r2c4-r1c4): whatever r1c4 holds, r2c4 cannot be 5, 7 or 9")
	wantSteps(t, "tiny-scar", rate.RuleLink,
		"Whisper r3c6-r2c7: with r3c6 one of 6 to 9, r2c7 cannot be 6 to 9")
}

// A sum is read first by its bounds, as a setter does: SudokuSolver's
// 159-arrows opens with an arrow whose three shaft cells share a column,
// so add up to at least 1+2+3.
func TestLogicSumBoundsWords(t *testing.T) {
	wantSteps(t, "159-arrows", rate.SumBounds,
		"Arrow r9c9 (shaft r8c9-r6c9): the shaft adds up to at least 6, so r9c9 is at least 6",
		"Arrow r9c9 (shaft r8c9-r6c9): r9c9 is at most 9 and the rest of the shaft adds up to at least 3, so r8c9 is at most 6")
}

// A renban is read by its runs of digits, as a cage by its combinations:
// SudokuSolver's renban-skyscrapers opens with a renban of five cells,
// every run of which holds 5.
func TestLogicLineSetsWords(t *testing.T) {
	wantSteps(t, "renban-skyscrapers", rate.LineSets,
		"Renban r6c4-r4c6: 5 sets of digits fit; each holds 5, so r5c5, r5c6, r6c5 and r6c6 cannot be 5 (they see the whole line)")
}

// A clue says some things alone, whatever the givens, which a setter
// reads first: the cells below a skyscraper clue are capped, an X-sum's
// first digit counts a set of digits that must make its total, a
// whisper holds no 5 and a thermometer's cells rise.
func TestLogicClueFactWords(t *testing.T) {
	wantSteps(t, "renban-skyscrapers", rate.ClueFact,
		"Skyscraper 3 at the top of column 2: at least 2 higher digits are seen after r1c2, so it is at most 7",
		"Skyscraper 3 at the top of column 2: at least 1 higher digit is seen after r2c2, so it is at most 8")
	wantSteps(t, "tiny-scar", rate.ClueFact,
		"X-sum 16 at the top of column 6: no X different digits with X among them add up to 16 for X = 1, 2, 5, 6, 7, 8 or 9, so r1c6 is 3 or 4",
		"Whisper r3c6-r2c7: no digit is 5 or more away from 5, so no cell of the line is 5")
	wantSteps(t, "clipped", rate.ClueFact,
		"Thermometer r6c5-r8c2: r7c4 has 1 cell before it and 2 cells after it, so it is 2 to 7")
}

// The classic fish and wings come between the subsets and the trials, on
// the rows and columns (fish) and on every pair of cells that must differ
// (the XY-wing: in Quadiagonal, r8c4 sees r2c7 by its disjoint group).
func TestLogicFishWords(t *testing.T) {
	wantSteps(t, "boxes", rate.XWing,
		"X-wing: in columns 3 and 7 every 7 is in rows 6 and 7, so r6c1, r6c2, r6c4, r6c5, r6c6, r6c9, r7c1, r7c2, r7c5, r7c8 and r7c9 cannot be 7")
	wantSteps(t, "quadiagonal", rate.XYWing,
		"XY-wing: r3c8 is 6 or 8; either way r2c7 (7 or 8) or r8c8 (6 or 7) is 7, so r7c7, r8c4, r8c7 and r9c7 cannot be 7 (they see both)")
}
