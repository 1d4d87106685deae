package verify

import (
	"bytes"
	"context"
	"fmt"
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
	gridtest.SkipUnderRace(t)
	gridtest.NeedCadical(t)
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	sh := grid.Shape{BoxRows: 3, BoxCols: 3}
	gen := generate.New()
	each := 2
	if testing.Short() {
		each = 1
	}
	gc := givensCheck{t: t, ctx: context.Background(), v: New(), seen: map[string]int{}}
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
			gc.name, gc.sol = fmt.Sprintf("%s %d", kind, i), p.Solution
			// unique, with a few givens more than the minimal puzzle: some
			// needed, some redundant
			g := p.Grid.Clone()
			for range 6 {
				x := rng.IntN(81)
				g.Cells[x] = p.Solution.Cells[x]
			}
			gc.roles(g)
			gc.minimal(rng, g)
			gc.suggestions(rng, g)
			gc.conflict(g)
		}
	}
	t.Logf("checked with cadical: %v", gc.seen)
	if gc.seen["needed"] == 0 || gc.seen["redundant"] == 0 || gc.seen["suggestion"] == 0 || gc.seen["conflict"] == 0 {
		t.Errorf("checked %v: want each kind", gc.seen)
	}
}

// givensCheck checks with cadical what Givens says of the puzzle name
// whose solution is sol, counting in seen what it checked.
type givensCheck struct {
	t    *testing.T
	ctx  context.Context
	v    *Verifier
	seen map[string]int
	name string
	sol  grid.Grid
}

// roles checks the role of each given of the unique puzzle g.
func (gc givensCheck) roles(g grid.Grid) {
	t := gc.t
	res, err := gc.v.Givens(gc.ctx, g, GivensOptions{})
	if err != nil || res.Status != Unique {
		t.Fatalf("%s: %v, %v", gc.name, res.Status, err)
	}
	for _, role := range res.Roles {
		q := g.Clone()
		q.Cells[role.Cell] = 0
		if role.Needed {
			gc.seen["needed"]++
			if !q.Solves(role.Witness) || role.Witness.Equal(gc.sol) {
				t.Errorf("%s: %d needed at %d, but the witness %s does not show it", gc.name, role.Digit, role.Cell, role.Witness)
			}
			if _, ok := cadicalSolve(t, q, sat.Blocking(q, gc.sol)); !ok {
				t.Errorf("%s: %d needed at %d, but cadical finds no second solution", gc.name, role.Digit, role.Cell)
			}
		} else {
			gc.seen["redundant"]++
			if _, ok := cadicalSolve(t, q, sat.Blocking(q, gc.sol)); ok {
				t.Errorf("%s: %d redundant at %d, but cadical finds a second solution", gc.name, role.Digit, role.Cell)
			}
		}
	}
}

// minimal checks --minimal on the unique puzzle g: unique, and no given
// of it can go (a random quarter of them tried).
func (gc givensCheck) minimal(rng *rand.Rand, g grid.Grid) {
	t := gc.t
	res, err := gc.v.Givens(gc.ctx, g, GivensOptions{Minimal: true})
	if err != nil || res.Minimal == nil {
		t.Fatalf("%s: minimal: %v", gc.name, err)
	}
	m := *res.Minimal
	if _, ok := cadicalSolve(t, m, sat.Blocking(m, gc.sol)); ok {
		t.Errorf("%s: the minimal puzzle %s is not unique", gc.name, m)
	}
	for x, d := range m.Cells {
		if d != 0 && rng.IntN(4) == 0 {
			q := m.Clone()
			q.Cells[x] = 0
			if _, ok := cadicalSolve(t, q, sat.Blocking(q, gc.sol)); !ok {
				t.Errorf("%s: the minimal puzzle stays unique without r%dc%d", gc.name, x/9+1, x%9+1)
			}
		}
	}
}

// suggestions checks the givens suggested for g with the givens of a few
// cells taken out, when that has several solutions: each leaves the count
// it states, and the last a unique puzzle.
func (gc givensCheck) suggestions(rng *rand.Rand, g grid.Grid) {
	t := gc.t
	q := g.Clone()
	for x := range q.Cells {
		if rng.IntN(3) == 0 {
			q.Cells[x] = 0
		}
	}
	res, err := gc.v.Givens(gc.ctx, q, GivensOptions{CountLimit: 200})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Multiple {
		return
	}
	if len(res.Suggestions) == 0 || res.Suggestions[len(res.Suggestions)-1].Count != 1 {
		t.Errorf("%s: suggestions %v do not end unique", gc.name, res.Suggestions)
	}
	for _, sg := range res.Suggestions {
		q.Cells[sg.Cell] = sg.Digit
		got := cadicalCount(t, q, sg.Count+1)
		if sg.Exact && got != sg.Count || !sg.Exact && got <= sg.Count-1 {
			t.Errorf("%s: after r%dc%d %d, %d solutions (exact %v); cadical counts %d", gc.name, sg.Cell/9+1, sg.Cell%9+1, sg.Digit, sg.Count, sg.Exact, got)
		}
		gc.seen["suggestion"]++
	}
}

// conflict checks the conflict of g with a wrong digit in its first empty
// cell where that clashes with no given: removing its set leaves a
// solution, its core has none, and no single given does when the set is
// said to be smallest.
func (gc givensCheck) conflict(g grid.Grid) {
	t := gc.t
	for x, d := range g.Cells {
		if d != 0 {
			continue
		}
		w := g.Clone()
		w.Cells[x] = gc.sol.Cells[x]%9 + 1
		if len(w.Clashes()) > 0 {
			continue
		}
		res, err := gc.v.Givens(gc.ctx, w, GivensOptions{})
		if err != nil || res.Status != None || res.Conflict == nil {
			t.Fatalf("%s: %v, %v", gc.name, res.Status, err)
		}
		c := res.Conflict
		fixed := w.Clone()
		for _, y := range c.Cells {
			fixed.Cells[y] = 0
		}
		if _, ok := cadicalSolve(t, fixed); !ok || len(c.Cells) == 0 {
			t.Errorf("%s: removing %v leaves no solution", gc.name, c.Cells)
		}
		if _, ok := cadicalSolve(t, coreOf(w, c.Core)); ok {
			t.Errorf("%s: the core %v has a solution", gc.name, c.Core)
		}
		if c.Smallest && len(c.Cells) > 1 {
			gc.noSingleRemoval(w, c.Cells)
		}
		gc.seen["conflict"]++
		return
	}
}

// noSingleRemoval checks that no single given of w, a puzzle without a
// solution whose smallest conflict is cells, leaves a solution when it
// goes.
func (gc givensCheck) noSingleRemoval(w grid.Grid, cells []int) {
	for y, d := range w.Cells {
		if d != 0 {
			one := w.Clone()
			one.Cells[y] = 0
			if _, ok := cadicalSolve(gc.t, one); ok {
				gc.t.Errorf("%s: %v said smallest, but removing r%dc%d alone leaves a solution", gc.name, cells, y/9+1, y%9+1)
			}
		}
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
