package verify

import (
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/sat"
)

// lightPuzzle is a generated minimal nonconsecutive puzzle of 6 givens
// whose search takes some 98,000 nodes.
const lightPuzzle = `{"puzzle":".......8.........6.....7.............27.........................................2","rules":{"nonconsecutive":true}}`

// TestLightBudget verifies a generated minimal nonconsecutive puzzle of 6
// givens whose search takes some 98,000 nodes, past the budget of rules
// with sums (variantBudget): the nodes of links and units alone are cheap,
// so the search runs to its end and proves the verdict, where gophersat
// took some 0.45 s. gophersat then agrees on its own (not with -short:
// that is the slow part).
func TestLightBudget(t *testing.T) {
	g, err := formats.Parse(lightPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	r := Puzzle(g, Options{})
	if r.Status != Unique || r.Proof != Search {
		t.Fatalf("%v by %v, want unique by the search", r.Status, r.Proof)
	}
	if testing.Short() {
		return
	}
	if !sat.Unique(g, r.Solutions[0]) {
		t.Fatalf("gophersat finds a second solution beside %s", r.Solutions[0])
	}
}
