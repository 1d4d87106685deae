package verify

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/rules"
)

// TestGeneratedMarkLayouts checks generated 9x9 puzzles of the layouts of
// marks and thermometers, alone and combined: each has the rules of its
// variant, drawn from its solution (which keeps them); is unique by the
// verifier with that solution, with a proof that the DRAT checker of
// package gridtest accepts; cadical finds no second solution under the
// encoding of kinds_indep_test.go; and with any one given taken out,
// cadical finds one: minimal. 3 puzzles of each (1 with -short), from a
// random seed that the log shows.
func TestGeneratedMarkLayouts(t *testing.T) {
	gridtest.NeedCadical(t)
	each := 3
	if testing.Short() {
		each = 1
	}
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	sh := grid.Shape{BoxRows: 3, BoxCols: 3}
	gen := generate.New()
	for _, tc := range []struct {
		variant string
		kinds   []string // the names of its rules
	}{
		{"thermo", []string{"thermo"}},
		{"kropki", []string{"kropki"}},
		{"xv", []string{"xv"}},
		{"kropki-negative", []string{"kropki", "negative-ratio"}},
		{"xv-negative", []string{"xv", "negative-xv"}},
		{"thermo,killer", []string{"killer", "thermo"}},
		{"kropki,xv", []string{"kropki", "xv"}},
		{"kropki,xv-negative", []string{"kropki", "xv", "negative-xv"}},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			v, err := generate.ParseVariant(tc.variant)
			if err != nil {
				t.Fatal(err)
			}
			givens := 0
			for i := range each {
				p, err := gen.Puzzle(seed, i, generate.Options{Shape: sh, Variant: v})
				if err != nil {
					t.Fatalf("puzzle %d: %v", i, err)
				}
				g, sol := p.Grid, p.Solution
				name := fmt.Sprintf("%s %d (%s)", tc.variant, i, g)
				if got := g.Rules.Names(); !sameNames(got, tc.kinds) {
					t.Fatalf("%s: rules %v, want %v", name, got, tc.kinds)
				}
				if err := g.Rules.Check(sol); err != nil {
					t.Fatalf("%s: the solution breaks the rules: %v", name, err)
				}
				if p, ok := twoMarks(g.Rules); ok {
					t.Fatalf("%s: the pair %v holds two marks", name, p)
				}
				givens += g.Givens()
				uniqueTwoWays(t, name, g, sol)
				for x, d := range g.Cells {
					if d == 0 {
						continue
					}
					q := g.Clone()
					q.Cells[x] = 0
					e, err := independentCNF(q)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if gridtest.Unsat(t, e.nv, append(e.cnf, e.block(q, sol))) {
						t.Fatalf("%s: not minimal: r%dc%d can go", name, x/9+1, x%9+1)
					}
				}
			}
			t.Logf("%d puzzles unique and minimal, %.1f givens each", each, float64(givens)/float64(each))
		})
	}
}

// sameNames reports whether the names of rules got are want, in any order.
func sameNames(got, want []string) bool {
	return len(got) == len(want) && !slices.ContainsFunc(want, func(w string) bool { return !slices.Contains(got, w) })
}

// twoMarks returns a pair of cells that two dots, Xs or Vs of r join.
func twoMarks(r *grid.Rules) (grid.Pair, bool) {
	seen := map[grid.Pair]bool{}
	for _, p := range slices.Concat(rules.White.Get(r), rules.Black.Get(r), rules.X.Get(r), rules.V.Get(r)) {
		if p[0] > p[1] {
			p = grid.Pair{p[1], p[0]}
		}
		if seen[p] {
			return p, true
		}
		seen[p] = true
	}
	return grid.Pair{}, false
}
