package rulesearch_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
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
	cnf := sat.RuleClauses(g.Shape, g.Rules)
	u.checkWith(t, rng, name, g, rulesearch.NewModel(g.Shape, g.Rules), cnf.Clauses, cnf.Vars, trials)
}

// checkWith is check on model m, whose CNF is clauses over nv variables.
func (u *upCheck) checkWith(t *testing.T, rng *rand.Rand, name string, g grid.Grid, m *rulesearch.Model, clauses [][]int, nv, trials int) {
	t.Helper()
	n := g.N()
	cnf := struct {
		Clauses [][]int
		Vars    int
	}{clauses, nv}
	for trial := range trials {
		s := rulesearch.New(m)
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
		r := rulesearch.RandomRules(rng, small, sol)
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
				u.check(t, rng, fmt.Sprintf("%s %d", k.Name, i), g, 4)
			}
		}
	}
	t.Logf("%d states, %d refuted", u.states, u.conflicts)
}

// ownClauses adds to l random clauses of the kind that grid.Lowered.Clauses
// holds: "digit d is in one of these cells", and auxiliary variables
// a <-> x AND y of two cell literals, used in further clauses.
func ownClauses(rng *rand.Rand, n int, l *grid.Lowered) {
	lit := func() int {
		v := l.CellVar(int32(rng.IntN(n*n)), 1+rng.IntN(n))
		if rng.IntN(2) == 0 {
			return -v
		}
		return v
	}
	for range 1 + rng.IntN(3) {
		d := 1 + rng.IntN(n)
		var c []int
		for range 2 + rng.IntN(3) {
			c = append(c, l.CellVar(int32(rng.IntN(n*n)), d))
		}
		l.Clauses = append(l.Clauses, c)
	}
	for range 1 + rng.IntN(3) {
		a, x, y := l.AuxVar(), lit(), lit()
		l.Clauses = append(l.Clauses, []int{-a, x}, []int{-a, y}, []int{a, -x, -y})
		if rng.IntN(2) == 0 {
			l.Clauses = append(l.Clauses, []int{-a, lit()})
		} else {
			l.Clauses = append(l.Clauses, []int{a, lit(), lit()})
		}
	}
}

// The kinds' own clauses (grid.Lowered.Clauses) are propagated as unit
// propagation on them: on random clauses over 4x4 grids, with random rules
// of the kinds too, the search removes what unit propagation removes, and
// it counts the solutions that filtering every 4x4 Latin square counts.
func TestOwnClausesAreUnitPropagated(t *testing.T) {
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 3))
	small := grid.Shape{BoxRows: 2, BoxCols: 2}
	all := gridtest.LatinSquares(4)
	var u upCheck
	counted := 0
	for i := range 150 {
		sol := all[rng.IntN(len(all))]
		r := rulesearch.RandomRules(rng, small, sol)
		if r.Validate(small) != nil {
			continue
		}
		var own *grid.Lowered
		m := rulesearch.NewModelWith(small, r, func(l *grid.Lowered) { ownClauses(rng, 4, l); own = l })
		cnf := sat.RuleClauses(small, r)
		clauses := slices.Clone(cnf.Clauses)
		shift := cnf.Vars - 64
		for _, c := range own.Clauses {
			out := slices.Clone(c)
			for k, l := range out {
				switch {
				case l > 64:
					out[k] = l + shift
				case l < -64:
					out[k] = l - shift
				}
			}
			clauses = append(clauses, out)
		}
		nv := cnf.Vars + own.Aux
		g := grid.Grid{Shape: small, Cells: make([]uint8, 16), Rules: r}
		for k := rng.IntN(4); k > 0; k-- {
			x := rng.IntN(16)
			g.Cells[x] = sol[x]
		}
		u.checkWith(t, rng, fmt.Sprintf("own clauses %d", i), g, m, clauses, nv, 4)
		// the count, against every Latin square that keeps the rules and
		// the clauses (the auxiliary variables fixed by propagation)
		want := 0
		for _, sq := range all {
			if (r.Check(grid.Grid{Shape: small, Cells: sq}) != nil) || !agrees(g.Cells, sq) {
				continue
			}
			var assumed []int
			for c, d := range sq {
				assumed = append(assumed, sat.Var(4, c/4, c%4, int(d)))
			}
			if _, ok := unitPropagate(clauses, nv, assumed); ok {
				want++
			}
		}
		res := rulesearch.New(m).Count(g.Cells, 1000, 0, nil, nil)
		if res.Broken || !res.Complete || res.Count != want {
			t.Fatalf("own clauses %d: the search counts %d (complete %v, broken %v), the Latin squares %d", i, res.Count, res.Complete, res.Broken, want)
		}
		counted += want
	}
	t.Logf("%d states, %d refuted, %d solutions counted", u.states, u.conflicts, counted)
}

// agrees reports whether full grid sq holds every given of cells.
func agrees(cells, sq []uint8) bool {
	for i, v := range cells {
		if v != 0 && sq[i] != v {
			return false
		}
	}
	return true
}
