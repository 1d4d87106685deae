package rulesearch_test

import (
	"fmt"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// renbanPuzzles are generated minimal renban puzzles (.ci/bench.sh iss,
// seed 1) on which the search takes a digit that a line needs from the
// cells that see its places (sets.go).
var renbanPuzzles = []string{
	`{"box":"3x3","puzzle":".......9.6.......38....7...3.......9...13......2...1.........24........1.8.......","rules":{"renban":[["r6c9","r5c8","r5c7","r6c6","r6c5"],["r1c3","r2c3","r3c3","r4c2"],["r9c4","r8c4","r9c5","r8c5","r9c6"],["r6c4","r7c5","r8c6","r8c7","r9c8"],["r3c4","r2c4","r1c5","r1c6","r1c7","r2c8"]]},"variant":"renban"}`,
	`{"box":"3x3","puzzle":"9.....816..........5...................5.....4..29..7......9.3...2......7....3...","rules":{"renban":[["r4c9","r5c9","r5c8"],["r5c7","r4c8","r3c7","r4c7"],["r3c5","r2c5","r2c4"],["r9c6","r8c5","r8c6","r9c7","r8c7","r8c8","r7c9","r8c9","r9c9"],["r5c2","r5c3","r6c2","r7c3","r8c2","r9c2","r8c1"]]},"variant":"renban"}`,
	`{"box":"3x3","puzzle":"274......6..4..................2.1...3..6..............9.......5..9.8..4.......7.","rules":{"renban":[["r4c9","r5c8","r5c7","r6c7","r5c6","r6c6"],["r1c5","r2c6","r3c6"],["r4c4","r5c5","r6c4","r6c5"],["r2c8","r1c9","r2c9","r3c8"],["r5c9","r6c8","r7c9","r8c9"]]},"variant":"renban"}`,
}

// The removals of a digit that a renban needs are lemmas of the proof:
// the search's refutations are a DRAT proof of the plain rules' CNF with
// the givens and the blocking clause of the solution, and without the
// removals' lemmas the proof fails. Renban lines have no probes, so every
// removal is one of these.
func TestExclusionLemmas(t *testing.T) {
	gridtest.SkipUnderRace(t)
	for i, text := range renbanPuzzles {
		g, err := formats.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		checkRemovals(t, fmt.Sprintf("puzzle %d", i), g)
	}
	// published puzzles with renban lines (and kropki dots, which have no
	// probes either), from SudokuSolver's test puzzles: every removal, 1,471
	// and 359, is one of these
	for _, name := range []string{"159", "dab"} {
		checkRemovals(t, name, sudokuSolverPuzzle(t, name))
	}
}
