package generate

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/rules"
)

// indepCNF is this test's own CNF of a variant puzzle, which shares no code
// with package sat and encodes differently: digits numbered cell by cell
// from variable 1 (as sat does, since it is the natural way), but rows,
// columns, regions and extra groups as "at least once" plus pairwise "at
// most once" per digit, pair constraints and thermometers as the binary
// clauses that forbid each digit pair that does not fit (sat gives each
// digit its supports), and cage sums as running sums: variable s(i,v)
// says the first i cells of the cage add up to v, each s(i,.) at most one,
// the last one forced to the sum (sat lists the digit sets of the sum).
type indepCNF struct {
	n       int
	vars    int
	clauses [][]int
}

func (c *indepCNF) x(cell, d int) int { return cell*c.n + d }

func (c *indepCNF) add(lits ...int) { c.clauses = append(c.clauses, lits) }

func (c *indepCNF) newVar() int { c.vars++; return c.vars }

func (c *indepCNF) allDiff(cells []int32, full bool) {
	for d := 1; d <= c.n; d++ {
		if full {
			var some []int
			for _, x := range cells {
				some = append(some, c.x(int(x), d))
			}
			c.add(some...)
		}
		for i, a := range cells {
			for _, b := range cells[i+1:] {
				c.add(-c.x(int(a), d), -c.x(int(b), d))
			}
		}
	}
}

func (c *indepCNF) forbid(a, b int32, ok func(da, db int) bool) {
	for da := 1; da <= c.n; da++ {
		for db := 1; db <= c.n; db++ {
			if !ok(da, db) {
				c.add(-c.x(int(a), da), -c.x(int(b), db))
			}
		}
	}
}

func newIndepCNF(g grid.Grid) *indepCNF {
	n := g.N()
	c := &indepCNF{n: n, vars: n * n * n}
	for i := range n * n {
		var one []int
		for d := 1; d <= n; d++ {
			one = append(one, c.x(i, d))
			for e := d + 1; e <= n; e++ {
				c.add(-c.x(i, d), -c.x(i, e))
			}
		}
		c.add(one...)
	}
	r := g.Rules
	region := func(i int) int {
		if r != nil && grid.Regions.Get(r) != nil {
			return int(grid.Regions.Get(r)[i])
		}
		return (i/n/g.BoxRows)*(n/g.BoxCols) + i%n/g.BoxCols
	}
	units := make([][]int32, 3*n)
	for i := range n * n {
		units[i/n] = append(units[i/n], int32(i))
		units[n+i%n] = append(units[n+i%n], int32(i))
		units[2*n+region(i)] = append(units[2*n+region(i)], int32(i))
	}
	for _, u := range units {
		c.allDiff(u, true)
	}
	for i, v := range g.Cells {
		if v != 0 {
			c.add(c.x(i, int(v)))
		}
	}
	if r != nil {
		c.rules(r)
	}
	return c
}

// rules adds the clauses of the rules r beyond rows, columns and regions.
func (c *indepCNF) rules(r *grid.Rules) {
	n := c.n
	for _, e := range rules.Extra.Get(r) {
		c.allDiff(e.Cells, len(e.Cells) == n)
	}
	for _, cage := range rules.Cages.Get(r) {
		c.allDiff(cage.Cells, false)
		if cage.Sum != 0 {
			c.cageSum(cage)
		}
	}
	for _, x := range rules.Odd.Get(r) {
		for d := 2; d <= n; d += 2 {
			c.add(-c.x(int(x), d))
		}
	}
	for _, x := range rules.Even.Get(r) {
		for d := 1; d <= n; d += 2 {
			c.add(-c.x(int(x), d))
		}
	}
	for _, p := range rules.White.Get(r) {
		c.forbid(p[0], p[1], func(a, b int) bool { return a-b == 1 || b-a == 1 })
	}
	for _, p := range rules.Black.Get(r) {
		c.forbid(p[0], p[1], func(a, b int) bool { return a == 2*b || b == 2*a })
	}
	for _, p := range rules.X.Get(r) {
		c.forbid(p[0], p[1], func(a, b int) bool { return a+b == 10 })
	}
	for _, p := range rules.V.Get(r) {
		c.forbid(p[0], p[1], func(a, b int) bool { return a+b == 5 })
	}
	for _, t := range rules.Thermos.Get(r) {
		for i := 1; i < len(t); i++ {
			c.forbid(t[i-1], t[i], func(a, b int) bool { return a < b })
		}
	}
	if rules.AntiKing.Get(r) {
		c.moves([][2]int{{1, -1}, {1, 0}, {1, 1}, {0, 1}})
	}
	if rules.AntiKnight.Get(r) {
		c.moves([][2]int{{1, 2}, {1, -2}, {2, 1}, {2, -1}})
	}
}

// cageSum adds the clauses that the digits of cage add up to its sum, by
// partial sums: s[i][v] says that its first i+1 cells add up to v.
func (c *indepCNF) cageSum(cage grid.Cage) {
	n := c.n
	s := make([][]int, len(cage.Cells))
	for i := range s {
		s[i] = make([]int, cage.Sum+1)
		for v := 1; v <= cage.Sum; v++ {
			s[i][v] = c.newVar()
		}
		for v := 1; v <= cage.Sum; v++ {
			for w := v + 1; w <= cage.Sum; w++ {
				c.add(-s[i][v], -s[i][w])
			}
		}
	}
	for i, cell := range cage.Cells {
		for d := 1; d <= n; d++ {
			if i == 0 {
				if d <= cage.Sum {
					c.add(-c.x(int(cell), d), s[0][d])
				} else {
					c.add(-c.x(int(cell), d))
				}
				continue
			}
			for u := 1; u <= cage.Sum; u++ {
				if u+d <= cage.Sum {
					c.add(-s[i-1][u], -c.x(int(cell), d), s[i][u+d])
				} else {
					c.add(-s[i-1][u], -c.x(int(cell), d))
				}
			}
		}
	}
	c.add(s[len(s)-1][cage.Sum])
}

// moves adds that two cells a step of steps apart differ.
func (c *indepCNF) moves(steps [][2]int) {
	n := c.n
	for i := range n * n {
		for _, st := range steps {
			r2, c2 := i/n+st[0], i%n+st[1]
			if r2 >= 0 && r2 < n && c2 >= 0 && c2 < n {
				c.forbid(int32(i), int32(r2*n+c2), func(a, b int) bool { return a != b })
			}
		}
	}
}

// cadicalSat runs cadical on the CNF of g with the blocking clause of sol
// over the empty cells of g: true when satisfiable (another solution).
func cadicalSat(t *testing.T, g, sol grid.Grid) bool {
	c := newIndepCNF(g)
	var block []int
	for i, v := range g.Cells {
		if v == 0 {
			block = append(block, -c.x(i, int(sol.Cells[i])))
		}
	}
	if len(block) > 0 {
		c.add(block...)
	}
	sat, _, err := gridtest.SolveCNF(c.vars, c.clauses)
	if err != nil {
		t.Error(err)
	}
	return sat
}

// TestVariantsIndependent checks generated variant puzzles with this
// test's own encoding, run by Debian's cadical: each puzzle, with its
// solution (which must keep its rules) blocked, is unsatisfiable: unique;
// and with any one given taken out it is satisfiable: minimal. Pure killers
// have no givens and must be unique by their cages alone. 200 puzzles of
// each variant with -cadical (about 20 minutes on two cores), else 8 (2
// with -short), from a random seed that the log shows. Then jigsaws of
// every size from 4x4 to 12x12 but 9x9, those of 5x5, 7x7 and 11x11
// without boxes: 3 of each (1 with -short; with -cadical 50 of 5x5 to
// 7x7, 10 of the larger).
func TestVariantsIndependent(t *testing.T) {
	gridtest.NeedCadical(t)
	count := 8
	switch {
	case *cadical:
		count = 200
	case testing.Short():
		count = 2
	}
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	sh := grid.Shape{BoxRows: 3, BoxCols: 3}
	for _, name := range []string{"x", "hyper", "jigsaw", "killer", "pure-killer", "jigsaw,x", "disjoint", "anti-knight"} {
		t.Run(name, func(t *testing.T) {
			v, err := ParseVariant(name)
			if err != nil {
				t.Fatal(err)
			}
			checkManyIndependently(t, seed, count, sh, v)
		})
	}
	// jigsaws of every size the generator makes them, those of a prime
	// size (5, 7, 11) on a grid without boxes
	v, err := ParseVariant("jigsaw")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{4, 5, 6, 7, 8, 10, 11, 12} {
		sh, err := grid.RegionShape(n)
		if err != nil {
			t.Fatal(err)
		}
		count := 3
		switch {
		case *cadical && n <= 7:
			count = 50
		case *cadical:
			count = 10
		case testing.Short():
			count = 1
		}
		t.Run(fmt.Sprintf("jigsaw %dx%d", n, n), func(t *testing.T) {
			checkManyIndependently(t, seed, count, sh, v)
		})
	}
}

// checkManyIndependently generates count puzzles of variant v on shape sh
// from seed and checks each with checkIndependently, on two goroutines.
func checkManyIndependently(t *testing.T, seed uint64, count int, sh grid.Shape, v Variant) {
	t.Helper()
	g := New()
	puzzles := make([]Puzzle, count)
	for i := range puzzles {
		var err error
		if puzzles[i], err = g.Puzzle(seed, i, Options{Shape: sh, Variant: v}); err != nil {
			t.Fatalf("seed %d, puzzle %d: %v", seed, i, err)
		}
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				checkIndependently(t, seed, i, puzzles[i], v)
			}
		}()
	}
	for i := range puzzles {
		next <- i
	}
	close(next)
	wg.Wait()
	givens := 0
	for _, p := range puzzles {
		givens += p.Grid.Givens()
	}
	t.Logf("%d %s %dx%d puzzles unique and minimal by cadical, %.1f givens on average", count, v, sh.N(), sh.N(), float64(givens)/float64(count))
}

func checkIndependently(t *testing.T, seed uint64, i int, p Puzzle, v Variant) {
	if err := p.Grid.Rules.Check(p.Solution); err != nil || !p.Grid.Solves(p.Solution) {
		t.Errorf("seed %d, puzzle %d: the solution breaks the rules: %v", seed, i, err)
		return
	}
	if p.Grid.Boxless() && grid.Regions.Get(p.Grid.Rules) == nil {
		t.Errorf("seed %d, puzzle %d: a %dx%d grid without boxes and without regions", seed, i, p.Grid.N(), p.Grid.N())
		return
	}
	if p.Grid.Rules.Name() != variantName(v) {
		t.Errorf("seed %d, puzzle %d: rules %s, want %s", seed, i, p.Grid.Rules.Name(), variantName(v))
	}
	if cadicalSat(t, p.Grid, p.Solution) {
		t.Errorf("seed %d, puzzle %d: %s has a second solution by cadical", seed, i, p.Grid)
		return
	}
	if v.Pure && p.Grid.Givens() != 0 {
		t.Errorf("seed %d, puzzle %d: a pure killer with %d givens", seed, i, p.Grid.Givens())
	}
	for x, d := range p.Grid.Cells {
		if d == 0 {
			continue
		}
		q := p.Grid.Clone()
		q.Cells[x] = 0
		if !cadicalSat(t, q, p.Solution) {
			t.Errorf("seed %d, puzzle %d: %s is not minimal: r%dc%d can go", seed, i, p.Grid, x/p.Grid.N()+1, x%p.Grid.N()+1)
			return
		}
	}
}

// variantName is the name grid.Rules gives the rules of v.
func variantName(v Variant) string {
	w := v
	w.Pure = false
	names := map[string]string{"killer": "killer", "jigsaw": "jigsaw", "x": "x", "hyper": "hyper", "disjoint": "disjoint",
		"anti-king": "anti-king", "anti-knight": "anti-knight"}
	order := []string{"jigsaw", "x", "hyper", "disjoint", "killer", "anti-king", "anti-knight"}
	set := map[string]bool{}
	for _, n := range bytesSplit(w.String()) {
		set[names[n]] = true
	}
	out := ""
	for _, n := range order {
		if set[n] {
			if out != "" {
				out += ","
			}
			out += n
		}
	}
	return out
}

func bytesSplit(s string) []string {
	var out []string
	for _, f := range bytes.Split([]byte(s), []byte(",")) {
		out = append(out, string(f))
	}
	return out
}
