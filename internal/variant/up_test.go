package variant_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
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

// Every candidate the propagation of the search removes, unit propagation
// on the variant's CNF (sat.RuleClauses) removes too, and every conflict
// it finds, unit propagation finds: the search's verdicts are unit
// propagation refutations as the package doc says. The states are those
// of generated puzzles of each variant, with random candidates taken away
// (the decisions of a search are such narrowings), often down to a
// conflict.
func TestPropagationIsUnitPropagation(t *testing.T) {
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 2))
	gen := generate.New()
	sh := grid.Shape{BoxRows: 3, BoxCols: 3}
	states, conflicts, fewer := 0, 0, 0
	for _, name := range []string{"killer", "pure-killer", "jigsaw", "x", "hyper", "jigsaw,killer", "killer,anti-knight"} {
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
			g := p.Grid
			n := g.N()
			cnf := sat.RuleClauses(g.Shape, g.Rules)
			m := variant.NewModel(g.Shape, g.Rules)
			for trial := range 12 {
				s := variant.New(m)
				cand, ok := s.Start(g.Cells)
				assumed := []int{}
				for c, d := range g.Cells {
					if d != 0 {
						assumed = append(assumed, sat.Var(n, c/n, c%n, int(d)))
					}
				}
				// take candidates away, more with each trial
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
				states++
				val, upOK := unitPropagate(cnf.Clauses, cnf.Vars, assumed)
				if !upOK {
					conflicts++
					continue
				}
				if !ok {
					t.Fatalf("%s %d, trial %d: the search finds a conflict, unit propagation none (puzzle %s, rules %+v, assumed %v)", name, i, trial, g, g.Rules, assumed)
				}
				for c := range n * n {
					for d := 1; d <= n; d++ {
						gone := cand[c]&(1<<(d-1)) == 0
						x := val[sat.Var(n, c/n, c%n, d)]
						if gone && x != -1 {
							t.Fatalf("%s %d, trial %d: the search removes %d from r%dc%d, unit propagation does not (puzzle %s, assumed %v)", name, i, trial, d, c/n+1, c%n+1, g, assumed)
						}
						if !gone && x == -1 {
							fewer++
						}
					}
				}
			}
		}
	}
	t.Logf("%d states, %d refuted by unit propagation; %d candidates unit propagation removes and the search keeps", states, conflicts, fewer)
}
