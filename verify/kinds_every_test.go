package verify

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/sat"
)

var everyKind = flag.Int("kinds", 0, "check this many unique puzzles of every kind of the table two ways (200 for the full check), not a sample")

var kindsSeed = flag.Uint64("kinds.seed", 0, "the seed of TestEveryKindTwoWays, to replay a run whose log gives it (0: a random one)")

var onlyKinds = flag.String("kinds.only", "", "check only the kinds of the table so named, separated by commas, in TestEveryKindTwoWays")

// TestEveryKindTwoWays checks puzzles of every kind of the table, each
// made from a random solution and random instances of the kind that it
// keeps, then givens from the solution added until the puzzle is unique:
// cadical, on the encoding of kinds_indep_test.go (written from the rules'
// meaning, sharing nothing with the kinds' clauses), finds a second
// solution, and a given goes where the two differ, until it finds none.
// Then the verifier must say unique, with that solution; the DRAT
// checker of package gridtest must accept its proof (traced, or
// gophersat's certified one) on the CNF of its certificate, and
// gophersat's certified proof as well when the search settled it; and
// the puzzle one given short must be multiple. Givens are not taken out
// to minimal (generate's tests check that). Two puzzles a kind by
// default, one with -short, and -kinds N of each (200 for the full
// check); sizes 4x4, 6x6 and 9x9, half of them jigsaws, 9x9 for the
// kinds of lines.
func TestEveryKindTwoWays(t *testing.T) {
	gridtest.NeedCadical(t)
	// the sample gives a quarter of the cells at random first, so that
	// cadical runs fewer times; -kinds starts from no givens
	each, pre := 2, 0.25
	switch {
	case *everyKind > 0:
		each, pre = *everyKind, 0
	case testing.Short():
		each = 1
	}
	seed := *kindsSeed
	if seed == 0 {
		seed = rand.Uint64()
	}
	t.Logf("seed %d (-kinds.seed replays it)", seed)
	for ki, k := range grid.Table() {
		if *onlyKinds != "" && !slices.Contains(strings.Split(*onlyKinds, ","), k.Name) {
			continue
		}
		t.Run(k.Name, func(t *testing.T) {
			// a stream per kind, so that one kind replays alone
			rng := rand.New(rand.NewPCG(seed, uint64(ki)))
			start := time.Now()
			proofs := map[Proof]int{}
			givens, cells, instances := 0, 0, 0
			var making, verifying, proving time.Duration
			report := func(done int) {
				t.Logf("%s: %d puzzles unique both ways, proofs %v, %.1f instances, %.1f givens of %.0f cells on average; %v in all: %v making them (cadical), %v verifying, %v writing and checking proofs",
					k.Name, done, proofs, float64(instances)/float64(done), float64(givens)/float64(done), float64(cells)/float64(done),
					time.Since(start).Round(time.Millisecond), making.Round(time.Millisecond), verifying.Round(time.Millisecond), proving.Round(time.Millisecond))
			}
			for i := range each {
				at := time.Now()
				g, sol, m, before, other := kindPuzzle(t, rng, k, pre)
				making += time.Since(at)
				name := fmt.Sprintf("%s %d (%s, %dx%d %s)", k.Name, i, g.Rules.Name(), g.N(), g.N(), g)
				at = time.Now()
				r := Puzzle(g, Options{})
				verifying += time.Since(at)
				if r.Status != Unique || !slices.Equal(r.Solutions[0].Cells, sol) {
					t.Fatalf("%s: verify says %v (%v), want unique with the solution %v, which cadical finds unique", name, r.Status, r.Err, sol)
				}
				proofs[r.Proof]++
				at = time.Now()
				checkRulesProof(t, name, g, r)
				if r.Proof != SAT {
					// and gophersat's certified proof, which a verdict
					// gets where the search gives up: sat.Certify checks
					// it, and writes nothing when the checker refuses it
					// (WriteCertificate would then write the search's).
					// X-sum puzzles had one refused in about 30, until
					// their clauses held each literal once.
					checkCertified(t, name, g, r)
				}
				proving += time.Since(at)
				// one given fewer, cadical found a second solution: so
				// must the verifier
				if before.Cells != nil {
					if r := Puzzle(before, Options{}); r.Status != Multiple {
						t.Fatalf("%s: without its last given, verify says %v (%v), want multiple: cadical finds %v and %v", name, r.Status, r.Err, sol, other)
					}
				}
				givens += g.Givens()
				cells += len(g.Cells)
				instances += m
				if i+1 == each || (i+1)%25 == 0 {
					report(i + 1) // so far, for a long run stopped before its end
				}
			}
		})
	}
}

// kindPuzzle makes a puzzle of kind k, unique by cadical on the
// independent encoding (the fraction pre of its cells given at random
// first, the others as addGivens finds them needed), and returns it, its solution, the number of
// instances of k drawn, and the puzzle one given short of it with its
// second solution (see addGivens).
func kindPuzzle(t *testing.T, rng *rand.Rand, k *grid.Kind, pre float64) (g grid.Grid, sol []uint8, m int, before grid.Grid, other []uint8) {
	t.Helper()
	sizes := []int{4, 6, 9}
	if isLineKind(k) {
		sizes = []int{9}
	}
	for range 100 {
		c := gridtest.NewKindCase(rng, k, sizes)
		rules := c.Kept
		sol, m = c.Sol, 1
		if !hasKind(rules, k) {
			// a kind the grid keeps only by chance (anti-king,
			// nonconsecutive...): draw it anyway, and a solution for it
			rules = c.Any
			if sol = solveRandomly(t, rng, c.Shape, rules); sol == nil {
				continue
			}
		} else {
			// more instances, so that the rules say more
			for range rng.IntN(4) {
				more := rules.Clone()
				k.Random(rng, c.Shape, sol, more)
				if more.Validate(c.Shape) == nil {
					rules = more
					m++
				}
			}
		}
		if err := rules.Validate(c.Shape); err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		g = grid.Grid{Shape: c.Shape, Cells: make([]uint8, len(sol)), Rules: rules}
		if err := rules.Check(grid.Grid{Shape: c.Shape, Cells: sol, Rules: rules}); err != nil {
			t.Fatalf("%s: the solution breaks its rules %s: %v", k.Name, rules.Name(), err)
		}
		for _, c := range rng.Perm(len(sol))[:int(pre*float64(len(sol)))] {
			g.Cells[c] = sol[c]
		}
		before, other = addGivens(t, rng, g, sol)
		return g, sol, m, before, other
	}
	t.Fatalf("%s: no instance with a solution in 100 draws", k.Name)
	return
}

// addGivens gives cells of g from its solution sol until cadical finds no
// other solution under the independent encoding: each time it finds one,
// a cell where the two differ, drawn at random, is given. Each second
// solution must keep the rules by their direct check (grid.Rules.Check),
// so that the encoding is held to the kinds' own meaning both ways. It
// returns the puzzle one given short of unique and its second solution
// (a zero grid when g is unique without givens).
func addGivens(t *testing.T, rng *rand.Rand, g grid.Grid, sol []uint8) (grid.Grid, []uint8) {
	t.Helper()
	e, err := independentCNF(g)
	if err != nil {
		t.Fatalf("%s: %v", g.Rules.Name(), err)
	}
	full := grid.Grid{Shape: g.Shape, Cells: sol, Rules: g.Rules}
	if !e.keeps(t, full) {
		t.Fatalf("%s: the solution %v breaks the independent encoding of %s", g.Rules.Name(), sol, g)
	}
	var before grid.Grid
	var other []uint8
	for {
		var givens []int
		for c, d := range g.Cells {
			if d != 0 {
				givens = append(givens, e.x(c, int(d)))
			}
		}
		sat, model := gridtest.Cadical(t, e.nv, append(e.cnf, e.block(g, full)), givens...)
		if !sat {
			return before, other
		}
		second := make([]uint8, len(sol))
		var differ []int
		for c, d := range sol {
			for v := 1; v <= g.N(); v++ {
				if model[e.x(c, v)] {
					second[c] = uint8(v)
				}
			}
			if second[c] != d {
				differ = append(differ, c)
			}
		}
		if len(differ) == 0 {
			t.Fatalf("%s: cadical's second solution is the first", g)
		}
		if err := g.Rules.Check(grid.Grid{Shape: g.Shape, Cells: second, Rules: g.Rules}); err != nil || !g.Solves(grid.Grid{Shape: g.Shape, Cells: second}) {
			t.Fatalf("%s: cadical's second solution %v under the independent encoding breaks the rules by their direct check: %v", g, second, err)
		}
		before, other = g.Clone(), second
		c := differ[rng.IntN(len(differ))]
		g.Cells[c] = sol[c]
	}
}

// solveRandomly returns a solution of the empty grid of shape s under
// rules, found by cadical on the independent encoding after digits drawn
// at random in cells drawn at random, each kept while cadical finds a
// solution; nil when there is none.
func solveRandomly(t *testing.T, rng *rand.Rand, s grid.Shape, rules *grid.Rules) []uint8 {
	t.Helper()
	g := grid.Grid{Shape: s, Cells: make([]uint8, s.N()*s.N()), Rules: rules}
	e, err := independentCNF(g)
	if err != nil {
		t.Fatalf("%s: %v", rules.Name(), err)
	}
	n := s.N()
	var fixed []int
	sat, model := gridtest.Cadical(t, e.nv, e.cnf)
	if !sat {
		return nil
	}
	for _, c := range rng.Perm(n * n)[:n] {
		lit := e.x(c, 1+rng.IntN(n))
		if ok, m := gridtest.Cadical(t, e.nv, e.cnf, append(fixed, lit)...); ok {
			fixed, model = append(fixed, lit), m
		}
	}
	sol := make([]uint8, n*n)
	for c := range sol {
		for d := 1; d <= n; d++ {
			if model[e.x(c, d)] {
				sol[c] = uint8(d)
			}
		}
	}
	return sol
}

// hasKind reports whether rules r of a case of kind k hold an instance of
// k: a name beyond the jigsaw regions the case may have drawn first.
func hasKind(r *grid.Rules, k *grid.Kind) bool {
	if k.Name == "jigsaw" {
		return grid.Regions.Get(r) != nil
	}
	return slices.ContainsFunc(r.Names(), func(s string) bool { return s != "jigsaw" })
}

// isLineKind reports whether k is a kind of lines, whose puzzles are
// drawn on 9x9 grids, as setters draw them.
func isLineKind(k *grid.Kind) bool {
	switch k.Name {
	case "whispers", "renban", "palindrome", "betweenline", "entropicline", "modularline", "nabner", "slowthermometer", "clone":
		return true
	}
	return false
}

// checkCertified checks gophersat's certified proof of verdict r (unique)
// on g: sat.Certify must not refuse it, and gridtest's checker must accept
// what it writes against the CNF of the rules as stated.
func checkCertified(t *testing.T, name string, g grid.Grid, r Result) {
	t.Helper()
	block := sat.Blocking(g, r.Solutions[0])
	var proof, cnfText bytes.Buffer
	if unsat, err := sat.Certify(&proof, g, block); err != nil || !unsat {
		data, _ := formats.MarshalFPuzzles(g) // the puzzle whole, to replay it
		t.Fatalf("%s by gophersat: Certify = %v, %v; the puzzle: %s", name, unsat, err, data)
	}
	d := sat.DIMACS{Plain: true}
	if err := d.Write(&cnfText, g, block); err != nil {
		t.Fatal(err)
	}
	if err := checkText(t, cnfText.Bytes(), proof.Bytes()); err != nil {
		t.Fatalf("%s by gophersat: %v", name, err)
	}
}

// checkText checks the DRAT proof text proof against the DIMACS text cnf
// with gridtest's checker.
func checkText(t *testing.T, cnfText, proof []byte) error {
	t.Helper()
	cnf, err := gridtest.ReadDRAT(bytes.NewReader(cnfText))
	if err != nil {
		t.Fatalf("the CNF: %v", err)
	}
	lemmas, err := gridtest.ReadDRAT(bytes.NewReader(proof))
	if err != nil {
		t.Fatalf("the proof: %v", err)
	}
	if _, err := gridtest.CheckDRAT(0, gridtest.Clauses(cnf), lemmas); err != nil {
		return fmt.Errorf("%d lemmas: %w", len(lemmas), err)
	}
	return nil
}
