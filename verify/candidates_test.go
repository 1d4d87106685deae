package verify

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/rules"
	"github.com/sudokugen/sudokugen/sat"
)

// enumerate is the tests' own enumeration of every solution of g, up to
// limit: a plain backtracker that shares nothing with the searches under
// test or the SAT encoding. Its checks are its own, on the rules' data:
// digits differ between peers (grid's rule tables), a cage's placed digits
// leave its sum reachable with distinct digits, thermometers increase
// with room for the cells between, dots and letters fit, parity holds.
// It fills the open cell with the fewest digits those checks leave, and
// counts a full grid that the rules' own check accepts. It returns the
// count and the union of the solutions' digits per cell, and false when
// it gave up past maxNodes nodes (its cage bounds are weak on killers with
// few givens).
func enumerate(g grid.Grid, limit, maxNodes int) (int, []uint64, bool) {
	e := &enumerator{g: g, n: g.N(), u: g.Rules.Units(g.Shape), limit: limit, maxNodes: maxNodes,
		cells: slices.Clone(g.Cells), free: make([][]uint64, 1)}
	e.masks = make([]uint64, len(e.cells))
	e.checks = make([][]func() bool, len(e.cells))
	if r := g.Rules; r != nil {
		for _, c := range rules.Cages.Get(r) {
			e.check(c.Cells, e.cageCheck(c))
		}
		for _, t := range rules.Thermos.Get(r) {
			e.check(t, e.thermoCheck(t))
		}
		e.pairs(rules.White.Get(r), func(a, b int) bool { return a-b == 1 || b-a == 1 })
		e.pairs(rules.Black.Get(r), func(a, b int) bool { return a == 2*b || b == 2*a })
		e.pairs(rules.X.Get(r), func(a, b int) bool { return a+b == 10 })
		e.pairs(rules.V.Get(r), func(a, b int) bool { return a+b == 5 })
		for _, x := range rules.Odd.Get(r) {
			e.check([]int32{x}, func() bool { return e.cells[x]%2 == 1 })
		}
		for _, x := range rules.Even.Get(r) {
			e.check([]int32{x}, func() bool { return e.cells[x]%2 == 0 })
		}
	}
	if len(g.Clashes()) == 0 {
		e.rec(0)
	}
	return e.count, e.masks, e.nodes <= e.maxNodes
}

// enumerator is the state of enumerate.
type enumerator struct {
	g               grid.Grid
	n               int
	u               *grid.RuleUnits
	cells           []uint8
	masks           []uint64
	checks          [][]func() bool // the checks that involve each cell
	limit, maxNodes int
	count, nodes    int
	free            [][]uint64 // per depth, the digits left to each cell
}

// check makes f a check of each cell of cells.
func (e *enumerator) check(cells []int32, f func() bool) {
	for _, x := range cells {
		e.checks[x] = append(e.checks[x], f)
	}
}

// cageCheck says that the placed digits of c leave its sum reachable
// with distinct digits.
func (e *enumerator) cageCheck(c grid.Cage) func() bool {
	n := e.n
	return func() bool {
		sum, used, empty := 0, uint64(0), 0
		for _, x := range c.Cells {
			sum += int(e.cells[x])
			if e.cells[x] == 0 {
				empty++
			} else {
				used |= 1 << e.cells[x]
			}
		}
		if c.Sum == 0 {
			return true
		}
		lo, hi, k := 0, 0, 0
		for d := 1; d <= n && k < empty; d++ {
			if used&(1<<d) == 0 {
				lo += d
				k++
			}
		}
		k = 0
		for d := n; d >= 1 && k < empty; d-- {
			if used&(1<<d) == 0 {
				hi += d
				k++
			}
		}
		rest := c.Sum - sum
		return rest >= lo && rest <= hi
	}
}

// thermoCheck says that the placed digits of t increase from its bulb,
// with room for the cells between.
func (e *enumerator) thermoCheck(t []int32) func() bool {
	n := e.n
	return func() bool {
		for a, ca := range t {
			va := int(e.cells[ca])
			if va == 0 {
				continue
			}
			if va < a+1 || va > n-(len(t)-1-a) {
				return false
			}
			for b := a + 1; b < len(t); b++ {
				if vb := int(e.cells[t[b]]); vb != 0 && vb-va < b-a {
					return false
				}
			}
		}
		return true
	}
}

// pairs makes ok a check of the digits of each pair of ps, once both are
// placed.
func (e *enumerator) pairs(ps []grid.Pair, ok func(a, b int) bool) {
	for _, p := range ps {
		e.check(p[:], func() bool {
			a, b := int(e.cells[p[0]]), int(e.cells[p[1]])
			return a == 0 || b == 0 || ok(a, b)
		})
	}
}

// fits reports whether cell x may hold d by the checks that involve it.
func (e *enumerator) fits(x int, d uint8) bool {
	e.cells[x] = d
	ok := true
	for _, f := range e.checks[x] {
		if !f() {
			ok = false
			break
		}
	}
	e.cells[x] = 0
	return ok
}

// rec enumerates the solutions below the node at depth.
func (e *enumerator) rec(depth int) {
	if e.count >= e.limit || e.nodes > e.maxNodes {
		return
	}
	e.nodes++
	for len(e.free) <= depth {
		e.free = append(e.free, nil)
	}
	fr := slices.Grow(e.free[depth][:0], len(e.cells))[:len(e.cells)]
	e.free[depth] = fr
	best, bestFree, open, ok := e.freeDigits(fr)
	if !ok {
		return
	}
	if open == 0 {
		if e.g.Solves(grid.Grid{Shape: e.g.Shape, Cells: e.cells, Rules: e.g.Rules}) {
			e.count++
			for i, d := range e.cells {
				e.masks[i] |= 1 << (d - 1)
			}
		}
		return
	}
	places, placeDigit, ok := e.fewestPlaces(fr, bits.OnesCount64(bestFree))
	if !ok {
		return
	}
	if places != nil {
		for _, x := range places {
			e.cells[x] = placeDigit
			e.rec(depth + 1)
			e.cells[x] = 0
		}
		return
	}
	for m := bestFree; m != 0; m &= m - 1 {
		e.cells[best] = uint8(bits.TrailingZeros64(m) + 1)
		e.rec(depth + 1)
	}
	e.cells[best] = 0
}

// freeDigits sets in fr the digits each open cell may hold, and returns
// the open cell with the fewest and its digits, and the count of open
// cells; false when an open cell may hold none.
func (e *enumerator) freeDigits(fr []uint64) (best int, bestFree uint64, open int, ok bool) {
	best = -1
	for i, v := range e.cells {
		fr[i] = 0
		if v != 0 {
			continue
		}
		open++
		m := uint64(1)<<e.n - 1
		for _, p := range e.u.Peers[i] {
			if d := e.cells[p]; d != 0 {
				m &^= 1 << (d - 1)
			}
		}
		for k := m; k != 0; k &= k - 1 {
			if !e.fits(i, uint8(bits.TrailingZeros64(k)+1)) {
				m &^= k & -k
			}
		}
		if m == 0 {
			return best, bestFree, open, false
		}
		fr[i] = m
		if best < 0 || bits.OnesCount64(m) < bits.OnesCount64(bestFree) {
			best, bestFree = i, m
		}
	}
	return best, bestFree, open, true
}

// fewestPlaces returns a digit with fewer places left in a unit than
// fewest (the digits of the best cell), which goes there instead, with
// those places (nil for none); false when a digit has no place left in a
// unit that lacks it.
func (e *enumerator) fewestPlaces(fr []uint64, fewest int) ([]int32, uint8, bool) {
	var places []int32
	placeDigit := uint8(0)
	for _, unit := range e.u.Units {
		var placed uint64
		for _, x := range unit {
			if e.cells[x] != 0 {
				placed |= 1 << (e.cells[x] - 1)
			}
		}
		for d := range e.n {
			if placed&(1<<d) != 0 {
				continue
			}
			k := 0
			for _, x := range unit {
				if fr[x]&(1<<d) != 0 {
					k++
				}
			}
			if k == 0 {
				return nil, 0, false
			}
			if k < fewest && (places == nil || k < len(places)) {
				places = places[:0]
				for _, x := range unit {
					if fr[x]&(1<<d) != 0 {
						places = append(places, x)
					}
				}
				placeDigit = uint8(d + 1)
			}
		}
	}
	return places, placeDigit, true
}

// addRules gives sol's grid random rules of kind that sol keeps: kropki
// dots, X and V, thermometers or odd and even cells.
func addRules(rng *rand.Rand, kind string, sol grid.Grid) *grid.Rules {
	r := grid.NewRules()
	// the pairs are drawn for every kind, so that each kind's draws of
	// the thermometers come after the same ones
	for range 40 {
		addPairRule(rng, kind, sol, r)
	}
	if kind == "odd/even" {
		slices.Sort(rules.Odd.Get(r))
		slices.Sort(rules.Even.Get(r))
		rules.Odd.Set(r, slices.Compact(rules.Odd.Get(r)))
		rules.Even.Set(r, slices.Compact(rules.Even.Get(r)))
	}
	if kind == "thermo" {
		addThermos(rng, sol, r)
	}
	return r
}

// addPairRule draws two random neighbours of sol and adds to r what they
// keep of kind: a kropki dot, an X or a V, or the parity of the first.
func addPairRule(rng *rand.Rand, kind string, sol grid.Grid, r *grid.Rules) {
	n := sol.N()
	a := int32(rng.IntN(n * n))
	b := a + 1
	if rng.IntN(2) == 0 {
		b = a + int32(n)
	}
	if b >= int32(n*n) || b == a+1 && int(b)%n == 0 {
		return
	}
	p := grid.Pair{a, b}
	x, y := int(sol.Cells[a]), int(sol.Cells[b])
	switch kind {
	case "kropki":
		if x-y == 1 || y-x == 1 {
			rules.White.Set(r, append(rules.White.Get(r), p))
		} else if x == 2*y || y == 2*x {
			rules.Black.Set(r, append(rules.Black.Get(r), p))
		}
	case "xv":
		if x+y == 10 {
			rules.X.Set(r, append(rules.X.Get(r), p))
		} else if x+y == 5 {
			rules.V.Set(r, append(rules.V.Get(r), p))
		}
	case "odd/even":
		if x%2 == 1 {
			rules.Odd.Set(r, append(rules.Odd.Get(r), a))
		} else {
			rules.Even.Set(r, append(rules.Even.Get(r), a))
		}
	}
}

// addThermos adds to r up to four thermometers of 3 to 6 cells that sol
// keeps, apart from each other.
func addThermos(rng *rand.Rand, sol grid.Grid, r *grid.Rules) {
	n := sol.N()
	at := func(i int32) int { return int(sol.Cells[i]) }
	used := make([]bool, n*n)
	for range 30 {
		c := int32(rng.IntN(n * n))
		if used[c] {
			continue
		}
		t := []int32{c}
		for len(t) < 6 {
			last := t[len(t)-1]
			var next []int32
			for _, nb := range rules.KingNeighbours(n, last) {
				if !used[nb] && !slices.Contains(t, nb) && at(nb) > at(last) {
					next = append(next, nb)
				}
			}
			if len(next) == 0 {
				break
			}
			t = append(t, next[rng.IntN(len(next))])
		}
		if len(t) >= 3 {
			for _, x := range t {
				used[x] = true
			}
			rules.Thermos.Set(r, append(rules.Thermos.Get(r), t))
		}
		if len(rules.Thermos.Get(r)) == 4 {
			break
		}
	}
}

// candidatePuzzles makes each puzzles of every rule kind, each with 2 to
// 1,000 solutions: a generated unique puzzle (classic with rules added
// for the kinds the generator does not make), with givens taken out in a
// random order until it has more than one solution, skipping a removal
// that leaves more than 1,000; one that keep (when not nil) refuses is
// left out, and the next drawn.
func candidatePuzzles(t *testing.T, seed uint64, each int, keep func(grid.Grid) bool) (puzzles []grid.Grid, names []string) {
	t.Helper()
	sh := grid.Shape{BoxRows: 3, BoxCols: 3}
	gen := generate.New()
	kinds := []string{"classic", "killer", "jigsaw", "x", "hyper", "anti-king", "anti-knight", "disjoint",
		"kropki", "xv", "thermo", "odd/even"}
	for k, kind := range kinds {
		added := kind == "kropki" || kind == "xv" || kind == "thermo" || kind == "odd/even"
		v, err := generate.ParseVariant(kind)
		if added {
			v, err = generate.Variant{}, nil
		}
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, uint64(k)))
		// keep may refuse a puzzle: the next one is drawn, 20 a puzzle at
		// most, and a kind may then come short
		for i := 0; len(puzzles) < (k+1)*each && i < 20*each; i++ {
			p, err := gen.Puzzle(seed+uint64(k), i, generate.Options{Shape: sh, Variant: v})
			if err != nil {
				t.Fatalf("%s %d: %v", kind, i, err)
			}
			g := p.Grid.Clone()
			if added {
				g.Rules = addRules(rng, kind, p.Solution)
				if g.Rules.Empty() || g.Rules.Validate(sh) != nil {
					continue
				}
			}
			order := rng.Perm(len(g.Cells))
			for _, x := range order {
				if g.Cells[x] == 0 {
					continue
				}
				q := g.Clone()
				q.Cells[x] = 0
				r := Puzzle(q, Options{CountLimit: 1001})
				if r.Count > 1000 {
					continue
				}
				g = q
				if r.Count >= 2 {
					if keep == nil || keep(g) {
						puzzles = append(puzzles, g)
						names = append(names, fmt.Sprintf("%s %d (%d solutions)", kind, i, r.Count))
					}
					break
				}
			}
		}
	}
	return puzzles, names
}

// candidatesEach is the number of puzzles of each rule kind that
// TestTrueCandidates checks; -candidates.each 42 checks 504.
var candidatesEach = flag.Int("candidates.each", 6, "puzzles of each rule kind in TestTrueCandidates")

// The true candidates are the union of every solution, as the tests' own
// enumeration finds them, on puzzles of 2 to 1,000 solutions of every
// rule kind; with the count's limit above the count (every solution is
// seen), at 2 (the searches with a candidate assumed do the rest), and at
// 2 with a budget of a few nodes (gophersat decides most candidates).
func TestTrueCandidates(t *testing.T) {
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	each := *candidatesEach
	if testing.Short() {
		each = 4
	}
	if gridtest.Race {
		each = 1
	}
	// puzzles the enumeration gives up on (killers with few givens, whose
	// cage bounds are weak) are drawn again, so that every kind is checked
	enumerable := func(g grid.Grid) bool { _, _, ok := enumerate(g, 2000, 300000); return ok }
	puzzles, names := candidatePuzzles(t, seed, each, enumerable)
	ctx := context.Background()
	var searches, sats, settled int
	checked := map[string]int{}
	skipped := 0
	for i, g := range puzzles {
		want, masks, ok := enumerate(g, 2000, 300000)
		if !ok {
			skipped++
			t.Logf("%s: the enumeration gave up", names[i])
			continue
		}
		checked[strings.Fields(names[i])[0]]++
		for _, tt := range []struct {
			name          string
			limit, budget int
		}{{"all counted", 1001, 0}, {"two counted", 2, 0}, {"small budget", 2, 3}} {
			if tt.budget > 0 && i%6 != 0 {
				continue
			}
			c := New().Candidates(ctx, g, CandidateOptions{CountLimit: tt.limit, Budget: tt.budget})
			if c.Err != nil || c.Status != Multiple {
				t.Fatalf("%s, %s: %v (%v), want multiple", names[i], tt.name, c.Status, c.Err)
			}
			if c.Count != min(want, tt.limit) || c.Exact() != (want < tt.limit) {
				t.Errorf("%s, %s: count %d (exact %v), enumeration %d", names[i], tt.name, c.Count, c.Exact(), want)
			}
			if !slices.Equal(c.Masks, masks) {
				t.Errorf("%s, %s: candidates %s, enumeration %s", names[i], tt.name, maskText(g.N(), c.Masks), maskText(g.N(), masks))
			}
			for x, d := range g.Cells {
				for e := range g.N() {
					in := c.Masks[x]&(1<<e) != 0
					if out := c.Out[x*g.N()+e]; (d == 0 && in == (out != NoProof)) || d != 0 && out != NoProof {
						t.Fatalf("%s, %s: r%dc%d digit %d: in %v, proof %v", names[i], tt.name, x/9+1, x%9+1, e+1, in, out)
					}
				}
			}
			if tt.name == "two counted" {
				searches, sats, settled = searches+c.Searches, sats+c.SATCalls, settled+c.Settled
			}
		}
	}
	t.Logf("%d puzzles, %d checked (%v), %d the enumeration gave up on; limit 2: %d searches and %d gophersat calls for %d candidates settled (%.3f a candidate)",
		len(puzzles), len(puzzles)-skipped, checked, skipped, searches, sats, settled, float64(searches+sats)/float64(settled))
	if len(checked) != 12 || 4*skipped > len(puzzles) {
		t.Errorf("checked %v, %d skipped: want every rule kind, and three puzzles in four", checked, skipped)
	}
}

func maskText(n int, masks []uint64) string {
	var b bytes.Buffer
	alpha := grid.DefaultAlphabet(n)
	for i, m := range masks {
		if i > 0 {
			b.WriteByte(' ')
		}
		for ; m != 0; m &= m - 1 {
			b.WriteByte(alpha.Symbol(bits.TrailingZeros64(m) + 1))
		}
	}
	return b.String()
}

// checkCandidateProof checks the proof that prover, of puzzle g, writes
// for cell x and digit d, which must be the one WriteCandidateProof writes
// with nothing made before, and returns the proof written.
func checkCandidateProof(t *testing.T, name string, g grid.Grid, prover *CandidateProver, x int, d uint8) Proof {
	t.Helper()
	n := g.N()
	var cnfText, dratText, cnfAlone, dratAlone bytes.Buffer
	got, err := prover.Write(context.Background(), &cnfText, &dratText, x, d)
	if err != nil {
		t.Fatalf("%s: r%dc%d %d: %v", name, x/n+1, x%n+1, d, err)
	}
	alone, err := WriteCandidateProof(context.Background(), &cnfAlone, &dratAlone, g, x, d)
	if err != nil || alone != got || !bytes.Equal(cnfText.Bytes(), cnfAlone.Bytes()) || !bytes.Equal(dratText.Bytes(), dratAlone.Bytes()) {
		t.Fatalf("%s: r%dc%d %d: the prover of the puzzle writes %v, %d and %d bytes; WriteCandidateProof %v, %d and %d bytes (%v)",
			name, x/n+1, x%n+1, d, got, cnfText.Len(), dratText.Len(), alone, cnfAlone.Len(), dratAlone.Len(), err)
	}
	cnf, err := gridtest.ReadDRAT(&cnfText)
	if err != nil {
		t.Fatal(err)
	}
	proof, err := gridtest.ReadDRAT(&dratText)
	if err != nil {
		t.Fatal(err)
	}
	q := g.Clone()
	q.Cells[x] = d
	nv := sat.RuleClauses(g.Shape, g.Rules).Vars
	clauses := gridtest.Clauses(cnf)
	if !g.HasRules() {
		if err := gridtest.SameClauses(clauses, gridtest.CNF(q, nil)); err != nil {
			t.Fatalf("%s: r%dc%d %d: the CNF written: %v", name, x/n+1, x%n+1, d, err)
		}
		if refuted := gridtest.Refutes(nv, clauses); refuted != (got == Propagation) {
			t.Errorf("%s: r%dc%d %d out by %v, but unit propagation alone refutes: %v", name, x/n+1, x%n+1, d, got, refuted)
		}
	} else {
		// a variant's: the rules as stated and q's givens, and no
		// implied clause (a proof that would assume some is made
		// again without them)
		want := slices.Clip(sat.PlainRuleClauses(g.Shape, g.Rules).Clauses)
		for _, l := range sat.Givens(q) {
			want = append(want, []int{l})
		}
		if err := gridtest.SameClauses(clauses, want); err != nil {
			t.Fatalf("%s: r%dc%d %d: the CNF is not the rules as stated and the givens: %v", name, x/n+1, x%n+1, d, err)
		}
	}
	if _, err := gridtest.CheckDRAT(nv, clauses, proof); err != nil {
		t.Errorf("%s: r%dc%d %d out by %v: %v", name, x/n+1, x%n+1, d, got, err)
	}
	return got
}

// The proof that a candidate is out, written with WriteCandidateProof, is
// a DRAT refutation of the puzzle's CNF with that candidate's unit clause
// that gridtest's checker accepts; for classic puzzles that CNF is the
// tests' own, and for variants the rules as stated.
func TestCandidateProofs(t *testing.T) {
	gridtest.SkipUnderRace(t)
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	each := 3
	if testing.Short() {
		each = 1
	}
	puzzles, names := candidatePuzzles(t, seed, each, nil)
	// and a 16x16 and an empty 6x6, classic
	sh16 := grid.Shape{BoxRows: 4, BoxCols: 4}
	p, err := generate.New().Puzzle(seed, 0, generate.Options{Shape: sh16})
	if err != nil {
		t.Fatal(err)
	}
	g16 := p.Grid.Clone()
	for x := range g16.Cells[:40] {
		g16.Cells[x] = 0
	}
	puzzles = append(puzzles, g16, grid.New(grid.Shape{BoxRows: 2, BoxCols: 3}))
	names = append(names, "16x16", "empty 6x6")
	seen := map[Proof]int{}
	check := func(name string, g grid.Grid, prover *CandidateProver, x int, d uint8) {
		seen[checkCandidateProof(t, name, g, prover, x, d)]++
	}
	for i, g := range puzzles {
		c := New().Candidates(context.Background(), g, CandidateOptions{CountLimit: 2})
		n := g.N()
		checked := map[Proof]int{}
		prover := NewCandidateProver(g)
		for k, pr := range c.Out {
			if pr == NoProof || checked[pr] >= 3 {
				continue
			}
			checked[pr]++
			check(names[i], g, prover, k/n, uint8(k%n+1))
			if pr == Search && checked[pr] == 1 && i%4 == 0 {
				// past a budget of one node, gophersat proves it
				candidateBudget = 1
				check(names[i]+" by sat", g, prover, k/n, uint8(k%n+1))
				candidateBudget = 20000
			}
		}
	}
	t.Logf("proofs checked: %v; variants' against the rules as stated", seen)
	if seen[Search] == 0 || seen[Propagation] == 0 || seen[SAT] == 0 {
		t.Errorf("proofs %v: want some by search, by propagation and by sat", seen)
	}
}
