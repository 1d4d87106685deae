package verify

import (
	"bytes"
	"context"
	"math/rand/v2"
	"testing"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/sat"
)

// cadicalSolve solves the CNF of g with the extra clauses with Debian's
// cadical, and returns its model as a grid, or false when it is
// unsatisfiable.
func cadicalSolve(t *testing.T, g grid.Grid, extra ...[]int) (grid.Grid, bool) {
	t.Helper()
	var cnf bytes.Buffer
	if err := sat.WriteDIMACS(&cnf, g, extra...); err != nil {
		t.Fatal(err)
	}
	ok, out := gridtest.RunCadical(t, cnf.Bytes())
	if !ok {
		return grid.Grid{}, false
	}
	sol, err := sat.ReadModel(bytes.NewReader(out), g.Shape)
	if err != nil {
		t.Fatalf("cadical's model: %v", err)
	}
	sol.Rules = g.Rules
	if !g.Solves(sol) {
		t.Fatalf("cadical's model %s does not solve %s", sol, g)
	}
	return sol, true
}

// cadicalCount counts the solutions of g with cadical, blocking each one
// found, up to limit.
func cadicalCount(t *testing.T, g grid.Grid, limit int) int {
	t.Helper()
	var block [][]int
	for len(block) < limit {
		sol, ok := cadicalSolve(t, g, block...)
		if !ok {
			break
		}
		block = append(block, sat.Blocking(g, sol))
	}
	return len(block)
}

// What Givens says of the givens, checked with cadical: a redundant given
// can go and the puzzle stays unique, a needed one gives a second
// solution (the witness, which solves the puzzle without it), each
// suggestion leaves the count it states, and the givens a puzzle without
// solution should lose leave one, none of fewer givens doing so when the
// set is said to be smallest.
func TestGivensByCadical(t *testing.T) {
	gridtest.NeedCadical(t)
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	ctx := context.Background()
	sh := grid.Shape{BoxRows: 3, BoxCols: 3}
	gen := generate.New()
	v := New()
	each := 2
	if testing.Short() {
		each = 1
	}
	seen := map[string]int{}
	for _, kind := range []string{"classic", "killer", "jigsaw", "x"} {
		vr, err := generate.ParseVariant(kind)
		if err != nil {
			t.Fatal(err)
		}
		for i := range each {
			p, err := gen.Puzzle(seed, i, generate.Options{Shape: sh, Variant: vr})
			if err != nil {
				t.Fatal(err)
			}
			// unique, with a few givens more than the minimal puzzle: some
			// needed, some redundant
			g := p.Grid.Clone()
			for range 6 {
				x := rng.IntN(81)
				g.Cells[x] = p.Solution.Cells[x]
			}
			res, err := v.Givens(ctx, g, GivensOptions{})
			if err != nil || res.Status != Unique {
				t.Fatalf("%s %d: %v, %v", kind, i, res.Status, err)
			}
			for _, role := range res.Roles {
				q := g.Clone()
				q.Cells[role.Cell] = 0
				if role.Needed {
					seen["needed"]++
					if !q.Solves(role.Witness) || role.Witness.Equal(p.Solution) {
						t.Errorf("%s %d: %d needed at %d, but the witness %s does not show it", kind, i, role.Digit, role.Cell, role.Witness)
					}
					if _, ok := cadicalSolve(t, q, sat.Blocking(q, p.Solution)); !ok {
						t.Errorf("%s %d: %d needed at %d, but cadical finds no second solution", kind, i, role.Digit, role.Cell)
					}
				} else {
					seen["redundant"]++
					if _, ok := cadicalSolve(t, q, sat.Blocking(q, p.Solution)); ok {
						t.Errorf("%s %d: %d redundant at %d, but cadical finds a second solution", kind, i, role.Digit, role.Cell)
					}
				}
			}
			// --minimal: unique, and no given of it can go
			res, err = v.Givens(ctx, g, GivensOptions{Minimal: true})
			if err != nil || res.Minimal == nil {
				t.Fatalf("%s %d: minimal: %v", kind, i, err)
			}
			m := *res.Minimal
			if _, ok := cadicalSolve(t, m, sat.Blocking(m, p.Solution)); ok {
				t.Errorf("%s %d: the minimal puzzle %s is not unique", kind, i, m)
			}
			for x, d := range m.Cells {
				if d != 0 && rng.IntN(4) == 0 {
					q := m.Clone()
					q.Cells[x] = 0
					if _, ok := cadicalSolve(t, q, sat.Blocking(q, p.Solution)); !ok {
						t.Errorf("%s %d: the minimal puzzle stays unique without r%dc%d", kind, i, x/9+1, x%9+1)
					}
				}
			}
			// several solutions: the givens of a few cells taken out
			q := g.Clone()
			for x := range q.Cells {
				if rng.IntN(3) == 0 {
					q.Cells[x] = 0
				}
			}
			res, err = v.Givens(ctx, q, GivensOptions{CountLimit: 200})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status == Multiple {
				if len(res.Suggestions) == 0 || res.Suggestions[len(res.Suggestions)-1].Count != 1 {
					t.Errorf("%s %d: suggestions %v do not end unique", kind, i, res.Suggestions)
				}
				for _, sg := range res.Suggestions {
					q.Cells[sg.Cell] = sg.Digit
					got := cadicalCount(t, q, sg.Count+1)
					if sg.Exact && got != sg.Count || !sg.Exact && got <= sg.Count-1 {
						t.Errorf("%s %d: after r%dc%d %d, %d solutions (exact %v); cadical counts %d", kind, i, sg.Cell/9+1, sg.Cell%9+1, sg.Digit, sg.Count, sg.Exact, got)
					}
					seen["suggestion"]++
				}
			}
			// no solution: a wrong digit in an empty cell, clashing with no
			// given
			for x, d := range g.Cells {
				if d != 0 {
					continue
				}
				w := g.Clone()
				w.Cells[x] = p.Solution.Cells[x]%9 + 1
				if len(w.Clashes()) > 0 {
					continue
				}
				res, err := v.Givens(ctx, w, GivensOptions{})
				if err != nil || res.Status != None || res.Conflict == nil {
					t.Fatalf("%s %d: %v, %v", kind, i, res.Status, err)
				}
				c := res.Conflict
				fixed := w.Clone()
				for _, y := range c.Cells {
					fixed.Cells[y] = 0
				}
				if _, ok := cadicalSolve(t, fixed); !ok || len(c.Cells) == 0 {
					t.Errorf("%s %d: removing %v leaves no solution", kind, i, c.Cells)
				}
				if _, ok := cadicalSolve(t, coreOf(w, c.Core)); ok {
					t.Errorf("%s %d: the core %v has a solution", kind, i, c.Core)
				}
				if c.Smallest && len(c.Cells) > 1 {
					for y, d := range w.Cells {
						if d != 0 {
							one := w.Clone()
							one.Cells[y] = 0
							if _, ok := cadicalSolve(t, one); ok {
								t.Errorf("%s %d: %v said smallest, but removing r%dc%d alone leaves a solution", kind, i, c.Cells, y/9+1, y%9+1)
							}
						}
					}
				}
				seen["conflict"]++
				break
			}
		}
	}
	t.Logf("checked with cadical: %v", seen)
	if seen["needed"] == 0 || seen["redundant"] == 0 || seen["suggestion"] == 0 || seen["conflict"] == 0 {
		t.Errorf("checked %v: want each kind", seen)
	}
}

// coreOf returns g with only the givens in core.
func coreOf(g grid.Grid, core []int) grid.Grid {
	q := grid.Grid{Shape: g.Shape, Cells: make([]uint8, len(g.Cells)), Rules: g.Rules}
	for _, x := range core {
		q.Cells[x] = g.Cells[x]
	}
	return q
}
