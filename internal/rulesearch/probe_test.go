package rulesearch_test

import (
	"slices"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
	"github.com/sudokugen/sudokugen/sat"
)

// lemmaTracer keeps a search's refutations as DRAT lemmas, and the
// places of those that a probe's removal ended.
type lemmaTracer struct {
	lemmas  []gridtest.Lemma
	removed []int
}

func (l *lemmaTracer) Refute(path []int) {
	c := make([]int, len(path))
	for i, x := range path {
		c[i] = -x
	}
	l.lemmas = append(l.lemmas, gridtest.Lemma{Lits: c})
}

func (l *lemmaTracer) Removed() { l.removed = append(l.removed, len(l.lemmas)-1) }

// sudokuSolverPuzzle reads the puzzle called name from the verify tests'
// copy of SudokuSolver's test puzzles.
func sudokuSolverPuzzle(t *testing.T, name string) grid.Grid {
	t.Helper()
	for _, p := range gridtest.ReadSudokuSolver(t, gridtest.SudokuSolverFile) {
		if p.Name == name {
			g, err := formats.ParseFPuzzlesLink(p.Data)
			if err != nil {
				t.Fatal(err)
			}
			return g
		}
	}
	t.Fatalf("no puzzle %q", name)
	return grid.Grid{}
}

// The probes' removals are lemmas of the proof: on SudokuSolver's
// puzzles whose sums the search alone took from 90,000 to more than
// 2,000,000 nodes, the search with probes ends, its refutations are a
// DRAT proof of the plain rules' CNF with the givens and the blocking
// clause of the solution, and without the removals' lemmas the proof
// fails.
func TestProbeLemmas(t *testing.T) {
	gridtest.SkipUnderRace(t)
	for _, name := range []string{"eddies", "orbit", "tiny-scar"} {
		checkRemovals(t, name, sudokuSolverPuzzle(t, name))
	}
}

// checkRemovals searches the unique puzzle g, called name, with a tracer:
// some candidate must leave a cell by a lemma (a probe's or exclude's),
// the refutations must be a DRAT proof of the plain rules' CNF with the
// givens and the blocking clause of the solution, and without the
// removals' lemmas (the local refutations below each stay) it must fail.
func checkRemovals(t *testing.T, name string, g grid.Grid) {
	t.Helper()
	tr := &lemmaTracer{}
	s := rulesearch.New(rulesearch.NewModel(g.Shape, g.Rules))
	s.Trace = tr
	r := s.Count(g.Cells, 2, 0, nil, nil)
	if r.Count != 1 || !r.Complete {
		t.Fatalf("%s: %d solutions, complete %v; want one", name, r.Count, r.Complete)
	}
	if len(tr.removed) == 0 {
		t.Fatalf("%s: no candidate left a cell by a lemma", name)
	}
	sol := grid.Grid{Shape: g.Shape, Cells: r.First[0], Rules: g.Rules}
	plain := sat.PlainRuleClauses(g.Shape, g.Rules)
	cnf := slices.Clip(plain.Clauses)
	for _, l := range sat.Givens(g) {
		cnf = append(cnf, []int{l})
	}
	cnf = append(cnf, sat.Blocking(g, sol))
	if at, err := gridtest.CheckDRAT(plain.Vars, cnf, tr.lemmas); err != nil {
		t.Fatalf("%s: %d nodes, %d removals: the proof fails at lemma %d of %d: %v", name, r.Nodes, len(tr.removed), at, len(tr.lemmas), err)
	}
	var mutated []gridtest.Lemma
	for i, l := range tr.lemmas {
		if !slices.Contains(tr.removed, i) {
			mutated = append(mutated, l)
		}
	}
	if _, err := gridtest.CheckDRAT(plain.Vars, cnf, mutated); err == nil {
		t.Errorf("%s: the proof passes without the lemmas of its %d removals", name, len(tr.removed))
	}
	t.Logf("%s: %d nodes, %d lemmas, %d of them removals", name, r.Nodes, len(tr.lemmas), len(tr.removed))
}
