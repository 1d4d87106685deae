package variant_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/internal/variant"
	"github.com/sudokugen/sudokugen/sat"
)

// unitPropagate runs unit propagation on clauses from the literals
// assumed, over nv variables, sweeping every clause until nothing changes
// (slow and simple, and sharing nothing with the search). It returns the
// value of each variable (1 true, -1 false, 0 open), or ok false on a
// conflict.
func unitPropagate(clauses [][]int, nv int, assumed []int) (val []int8, ok bool) {
	val = make([]int8, nv+1)
	set := func(l int) bool {
		v, s := l, int8(1)
		if l < 0 {
			v, s = -l, -1
		}
		if val[v] == -s {
			return false
		}
		val[v] = s
		return true
	}
	for _, l := range assumed {
		if !set(l) {
			return val, false
		}
	}
	for changed := true; changed; {
		changed = false
		for _, c := range clauses {
			free, unit, sat := 0, 0, false
			for _, l := range c {
				v, s := l, int8(1)
				if l < 0 {
					v, s = -l, -1
				}
				if val[v] == s {
					sat = true
					break
				}
				if val[v] == 0 {
					free++
					unit = l
				}
			}
			switch {
			case sat:
			case free == 0:
				return val, false
			case free == 1:
				set(unit)
				changed = true
			}
		}
	}
	return val, true
}

// upCheck holds what checkUP saw.
type upCheck struct {
	states, conflicts int
}

// check takes candidates away from the puzzle g at random, more with each
// trial (the decisions of a search are such narrowings), and checks that
// the search's propagation and unit propagation on the variant's CNF
// remove the same candidates and find the same conflicts. That the search
// finds nothing more is what its proofs rest on; that it finds nothing
// less, what the package doc says.
func (u *upCheck) check(t *testing.T, rng *rand.Rand, name string, g grid.Grid, trials int) {
	t.Helper()
	n := g.N()
	cnf := sat.RuleClauses(g.Shape, g.Rules)
	m := variant.NewModel(g.Shape, g.Rules)
	for trial := range trials {
		s := variant.New(m)
		cand, ok := s.Start(g.Cells)
		assumed := []int{}
		for c, d := range g.Cells {
			if d != 0 {
				assumed = append(assumed, sat.Var(n, c/n, c%n, int(d)))
			}
		}
		for k := rng.IntN(4 + 4*trial); k > 0 && ok; k-- {
			c := rng.IntN(n * n)
			d := 1 + rng.IntN(n)
			if cand[c]&(1<<(d-1)) == 0 || cand[c]&(cand[c]-1) == 0 {
				continue
			}
			assumed = append(assumed, -sat.Var(n, c/n, c%n, d))
			s.Narrow(cand, int32(c), ^(uint64(1) << (d - 1)))
			ok = s.Propagate(cand)
		}
		u.states++
		val, upOK := unitPropagate(cnf.Clauses, cnf.Vars, assumed)
		if !upOK {
			u.conflicts++
			if ok {
				t.Errorf("%s, trial %d: unit propagation finds a conflict, the search none (puzzle %s, rules %+v, assumed %v)", name, trial, g, g.Rules, assumed)
			}
			continue
		}
		if !ok {
			t.Fatalf("%s, trial %d: the search finds a conflict, unit propagation none (puzzle %s, rules %+v, assumed %v)", name, trial, g, g.Rules, assumed)
		}
		for c := range n * n {
			for d := 1; d <= n; d++ {
				gone := cand[c]&(1<<(d-1)) == 0
				x := val[sat.Var(n, c/n, c%n, d)]
				if gone && x != -1 {
					t.Fatalf("%s, trial %d: the search removes %d from r%dc%d, unit propagation does not (puzzle %s, rules %+v, assumed %v)", name, trial, d, c/n+1, c%n+1, g, g.Rules, assumed)
				}
				if !gone && x == -1 {
					t.Errorf("%s, trial %d: unit propagation removes %d from r%dc%d, the search does not (puzzle %s, rules %+v, assumed %v)", name, trial, d, c/n+1, c%n+1, g, g.Rules, assumed)
				}
			}
		}
	}
}

// The propagation of the search is unit propagation on the variant's CNF
// (sat.RuleClauses): it removes the same candidates and finds the same
// conflicts, so the search's verdicts are unit propagation refutations, as
// the package doc says. The states are those
// of generated puzzles of each variant, of random rules on 4x4 grids, and
// of random instances of every kind of grid.Table on grids of 4 to 7,
// with random candidates taken away, often down to a conflict.
func TestPropagationIsUnitPropagation(t *testing.T) {
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 2))
	gen := generate.New()
	sh := grid.Shape{BoxRows: 3, BoxCols: 3}
	var u upCheck
	for _, name := range []string{"killer", "pure-killer", "jigsaw", "x", "hyper", "jigsaw,killer", "killer,anti-knight", "disjoint,anti-king"} {
		v, err := generate.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		puzzles := 4
		if testing.Short() {
			puzzles = 1
		}
		for i := range puzzles {
			p, err := gen.Puzzle(seed, i, generate.Options{Shape: sh, Variant: v})
			if err != nil {
				t.Fatalf("%s %d: %v", name, i, err)
			}
			u.check(t, rng, fmt.Sprintf("%s %d", name, i), p.Grid, 12)
		}
	}
	small := grid.Shape{BoxRows: 2, BoxCols: 2}
	all := gridtest.LatinSquares(4)
	for i := range 300 {
		sol := all[rng.IntN(len(all))]
		r := variant.RandomRules(rng, small, sol)
		if r.Validate(small) != nil {
			continue
		}
		g := grid.Grid{Shape: small, Cells: make([]uint8, 16), Rules: r}
		for k := rng.IntN(4); k > 0; k-- {
			x := rng.IntN(16)
			g.Cells[x] = sol[x]
		}
		if len(g.Clashes()) > 0 {
			continue
		}
		u.check(t, rng, fmt.Sprintf("4x4 %d", i), g, 3)
	}
	// every kind of the table, on random instances in random grids with
	// boxes and jigsaws
	cases := 12
	if testing.Short() {
		cases = 4
	}
	for _, k := range grid.Table() {
		for i := range cases {
			c := gridtest.NewKindCase(rng, k, []int{4, 5, 6, 7})
			for _, r := range []*grid.Rules{c.Kept, c.Any} {
				g := grid.Grid{Shape: c.Shape, Cells: make([]uint8, len(c.Sol)), Rules: r}
				for x, v := range c.Sol {
					if rng.IntN(5) == 0 {
						g.Cells[x] = v
					}
				}
				u.check(t, rng, fmt.Sprintf("%s %d", k.Name(), i), g, 4)
			}
		}
	}
	t.Logf("%d states, %d refuted", u.states, u.conflicts)
}
