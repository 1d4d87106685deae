package verify

import (
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// countSolutions counts the solutions of g up to limit with gridtest's
// backtracking counter, which shares no code with the SAT encoding or with
// the candidate search of search.go, so that the two verdicts can be
// compared as independent witnesses.
func countSolutions(g grid.Grid, limit int) int {
	n, _ := gridtest.Count(g, limit)
	return n
}
