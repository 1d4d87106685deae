package derive

import (
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/sat"
)

// plainJigsaw returns the CNF of jigsaw puzzle g from its rules as stated,
// written here apart from package sat: each cell one digit, each row,
// column and region each digit once, the givens; and the groups of each
// cell's digits.
func plainJigsaw(g grid.Grid) (cnf, cells [][]int) {
	n := g.N()
	x := func(c, d int) int { return c*n + d }
	one := func(lits []int) {
		cnf = append(cnf, lits)
		for i := range lits {
			for j := i + 1; j < len(lits); j++ {
				cnf = append(cnf, []int{-lits[i], -lits[j]})
			}
		}
	}
	units := make([][]int, 3*n)
	for c := range n * n {
		units[c/n] = append(units[c/n], c)
		units[n+c%n] = append(units[n+c%n], c)
		k := g.Rules.Region(g.Shape, c)
		units[2*n+k] = append(units[2*n+k], c)
		var cell []int
		for d := 1; d <= n; d++ {
			cell = append(cell, x(c, d))
		}
		one(cell)
		cells = append(cells, cell)
	}
	for _, u := range units {
		for d := 1; d <= n; d++ {
			var lits []int
			for _, c := range u {
				lits = append(lits, x(c, d))
			}
			one(lits)
		}
	}
	for c, d := range g.Cells {
		if d != 0 {
			cnf = append(cnf, []int{x(c, int(d))})
		}
	}
	return cnf, cells
}

// The clauses of the law of leftovers of generated jigsaws, which package
// sat adds to their CNF, are derived from the plain rules: every lemma
// passes the tests' DRAT checker against the plain CNF, and the proofs of
// them all end with the clauses themselves. Taking out the lemmas of the
// branches of a derivation's first split makes the checker fail at the
// derived clause. (DERIVE_SEED=n replays the puzzles of seed n.)
func TestLeftoversFromPlainRules(t *testing.T) {
	seed := uint64(rand.Int64())
	if s, err := strconv.ParseUint(os.Getenv("DERIVE_SEED"), 10, 64); err == nil {
		seed = s // a failure replayed
	}
	t.Logf("seed %d", seed)
	v, err := generate.ParseVariant("jigsaw")
	if err != nil {
		t.Fatal(err)
	}
	gen := generate.New()
	derived, given, mutated, tried := 0, 0, 0, 0
	for i := range 3 {
		p, err := gen.Puzzle(seed, i, generate.Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Variant: v})
		if err != nil {
			t.Fatal(err)
		}
		g := p.Grid
		n := g.N()
		cnf, cells := plainJigsaw(g)
		d, plain := New(n*n*n, cnf), New(n*n*n, cnf)
		var proof []gridtest.Lemma
		for _, l := range grid.Imply(g.Shape, g.Rules).Same {
			for _, side := range [2][2][]int32{{l.A, l.B}, {l.B, l.A}} {
				// the argument is about the cells of the two sides and
				// the rows, columns and regions they share
				var groups [][]int
				for _, c := range slices.Concat(side[0], side[1]) {
					groups = append(groups, cells[c])
				}
				for _, a := range side[0] {
					for digit := 1; digit <= n; digit++ {
						c := []int{-(int(a)*n + digit)}
						for _, b := range side[1] {
							c = append(c, int(b)*n+digit)
						}
						lemmas, ok := d.Derive(c, groups, 20000)
						if !ok {
							given++
							continue
						}
						derived++
						if !slices.Equal(lemmas[len(lemmas)-1], c) {
							t.Fatalf("the derivation of %v ends with %v", c, lemmas[len(lemmas)-1])
						}
						for _, l := range lemmas {
							proof = append(proof, gridtest.Lemma{Lits: l})
						}
						if tried < 20 {
							// The derivation alone, on the plain CNF,
							// without the lemmas of the branches of its
							// first split, fails at c and not before: the
							// lemmas below them do not reach c. (Without
							// one branch's alone, the others leave its
							// decision to propagation, and the lemmas below
							// it refute it: a tree proof passes that.)
							alone, _ := plain.derive(c, groups, 20000, false)
							if b := rootBranches(alone, c); len(b) >= 2 {
								tried++
								var cut []gridtest.Lemma
								for k, l := range alone {
									if !slices.Contains(b, k) {
										cut = append(cut, gridtest.Lemma{Lits: l})
									}
								}
								if at, err := gridtest.CheckDRAT(n*n*n, cnf, cut); err == nil || at != len(cut)-1 {
									t.Errorf("the derivation of %v without the %d lemmas of its first split: the check fails at %d (%v), want at c, %d",
										c, len(b), at, err, len(cut)-1)
								} else {
									mutated++
								}
							}
						}
					}
				}
			}
		}
		// Every derived clause is checked; the empty clause is not
		// derivable, so the check stops there, after every lemma.
		proof = append(proof, gridtest.Lemma{})
		if at, err := gridtest.CheckDRAT(n*n*n, cnf, proof); at != len(proof)-1 {
			t.Errorf("puzzle %d: the derivations fail the DRAT check at lemma %d of %d: %v", i, at+1, len(proof), err)
		}
	}
	t.Logf("%d leftover clauses derived from the plain rules, %d given up; %d of %d derivations tried fail without the lemmas of their first split", derived, given, mutated, tried)
	if derived == 0 || tried == 0 {
		t.Errorf("%d clauses derived, %d mutations tried: want some of each", derived, tried)
	}
}

// rootBranches returns the indexes of the lemmas of the branches of the
// first split of a derivation of c: one literal more than c, in front.
func rootBranches(lemmas [][]int, c []int) []int {
	var out []int
	for k, l := range lemmas {
		if len(l) == len(c)+1 && slices.Equal(l[1:], c) {
			out = append(out, k)
		}
	}
	return out
}

// Core marks the clauses that the RUP checks of a proof use, the second
// tier's only where the first has nothing left to propagate, and fails on
// a lemma that is not RUP.
func TestCore(t *testing.T) {
	cnf := [][]int{{1}, {-1, 2}, {-2, 3}, {-1, 3}, {-3, 4}, {5, 6}}
	for _, tc := range []struct {
		second []uint8
		proof  [][]int
		want   []bool
	}{
		// 3 by 1 -> 2 -> 3, not by the second tier's 1 -> 3
		{[]uint8{0, 0, 0, 1, 0, 0}, [][]int{{4}}, []bool{true, true, true, false, true, false}},
		// the second tier alone gets there first
		{[]uint8{0, 1, 0, 0, 0, 0}, [][]int{{3}}, []bool{true, false, false, true, false, false}},
	} {
		got, ok := Core(6, cnf, tc.proof, tc.second, nil)
		if !ok || !slices.Equal(got, tc.want) {
			t.Errorf("Core of %v (second %v): %v %v, want %v", tc.proof, tc.second, got, ok, tc.want)
		}
	}
	if _, ok := Core(6, cnf, [][]int{{5}}, nil, nil); ok {
		t.Error("Core passes 5, which is no RUP lemma")
	}
	// a lemma, then the empty clause that rests on it
	cnf = [][]int{{-1, 2}, {-1, -2}, {1, 3}, {1, -3}, {4, 5}}
	if got, ok := Core(5, cnf, [][]int{{-1}, {}}, nil, nil); !ok || !slices.Equal(got, []bool{true, true, true, true, false}) {
		t.Errorf("Core of a refutation: %v %v", got, ok)
	}
}

// The planner's CNF of the rules as stated is sat.PlainRuleClauses.
func TestPlannerPlain(t *testing.T) {
	gen := generate.New()
	for _, name := range []string{"killer", "jigsaw", "jigsaw,killer"} {
		v, err := generate.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := gen.Puzzle(3, 0, generate.Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Variant: v})
		if err != nil {
			t.Fatal(err)
		}
		g := p.Grid
		want := slices.Clip(sat.PlainRuleClauses(g.Shape, g.Rules).Clauses)
		for _, l := range sat.Givens(g) {
			want = append(want, []int{l})
		}
		if err := gridtest.SameClauses(newPlanner(g, 1).d.all(), want); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// all returns the clauses of d, in order.
func (d *Deriver) all() [][]int {
	out := make([][]int, d.p.Size())
	for i := range out {
		for _, l := range d.p.Clause(int32(i)) {
			out[i] = append(out[i], int(l))
		}
	}
	return out
}

// A Deriver that Core ran on, cut back to the plain clauses of a killer
// and its givens, holds those clauses, and propagation on it proves the
// same implied clauses by propagation alone as on a Deriver made of them
// afresh: the watches of the clauses dropped are gone.
func TestTruncate(t *testing.T) {
	v, err := generate.ParseVariant("killer")
	if err != nil {
		t.Fatal(err)
	}
	p, err := generate.New().Puzzle(5, 0, generate.Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Variant: v})
	if err != nil {
		t.Fatal(err)
	}
	g := p.Grid
	full := sat.RuleClauses(g.Shape, g.Rules)
	plain := plainClauses(full, g)
	var implied [][]int
	for _, sp := range full.Implied {
		implied = append(implied, full.Clauses[sp.From:sp.To]...)
	}
	d := build(full.Vars, plain, implied)
	// a proof of the implied clauses themselves: each RUP, with them in
	if _, ok := core(d, implied[:min(len(implied), 200)], nil, nil); !ok {
		t.Fatal("an implied clause is not RUP on a CNF that holds it")
	}
	d.truncate(len(plain))
	if err := gridtest.SameClauses(d.all(), plain); err != nil {
		t.Fatal(err)
	}
	fresh := New(full.Vars, plain)
	same, rup := 0, 0
	for _, c := range implied {
		_, a := d.derive(c, nil, 1, false)
		_, b := fresh.derive(c, nil, 1, false)
		if a != b {
			t.Fatalf("clause %v: RUP %v after truncate, %v afresh", c, a, b)
		}
		same++
		if a {
			rup++
		}
	}
	if rup == 0 || rup == same {
		t.Fatalf("%d of %d implied clauses RUP: the comparison tells nothing", rup, same)
	}
	t.Logf("%d implied clauses, %d RUP on the plain CNF, alike both ways", same, rup)
}

// Core checks a search's refutations in post-order building on the
// decisions each shares with the one before (see replay), and what it
// marks is all a checker needs: the refutation of a jigsaw with its
// solution blocked, by a split over the cells (whose lemmas come as a
// search's do), passes the tests' DRAT checker against the marked clauses
// alone.
func TestCoreReplay(t *testing.T) {
	v, err := generate.ParseVariant("jigsaw")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		p, err := generate.New().Puzzle(7, i, generate.Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Variant: v})
		if err != nil {
			t.Fatal(err)
		}
		g := p.Grid
		n := g.N()
		cnf, cells := plainJigsaw(g)
		var block []int
		for c, d := range p.Solution.Cells {
			block = append(block, -(c*n + int(d)))
		}
		cnf = append(cnf, block)
		proof, ok := New(n*n*n, cnf).Derive(nil, cells, 1<<20)
		if !ok || len(proof) < 10 {
			t.Fatalf("puzzle %d: the split refutes it in %d lemmas (%v)", i, len(proof), ok)
		}
		reused := 0
		for k := 1; k < len(proof); k++ {
			reused += shared(negated(proof[k-1]), proof[k])
		}
		if reused == 0 {
			t.Fatalf("puzzle %d: no lemma shares a decision with the one before", i)
		}
		used, ok := Core(n*n*n, cnf, proof, nil, nil)
		if !ok {
			t.Fatalf("puzzle %d: Core refuses the split's lemmas", i)
		}
		var kept [][]int
		for k, c := range cnf {
			if used[k] {
				kept = append(kept, c)
			}
		}
		var lemmas []gridtest.Lemma
		for _, c := range proof {
			lemmas = append(lemmas, gridtest.Lemma{Lits: c})
		}
		if at, err := gridtest.CheckDRAT(n*n*n, kept, lemmas); err != nil {
			t.Errorf("puzzle %d: %d of %d clauses marked; the checker refuses lemma %d against them: %v", i, len(kept), len(cnf), at, err)
		}
		if _, ok := Core(n*n*n, cnf, proof[len(proof)-1:], nil, nil); ok {
			t.Errorf("puzzle %d: Core passes the empty clause without the split before it", i)
		}
	}
}

// negated returns the literals of c negated: a lemma's decisions.
func negated(c []int) []int {
	out := make([]int, len(c))
	for i, l := range c {
		out[i] = -l
	}
	return out
}
