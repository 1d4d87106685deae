package derive

import (
	"slices"
	"testing"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/sat"
)

// The implied cages of generated killers that are the innies or outies
// of two rows or columns or more are derived by counting: their plan
// derives them (none is left to be assumed), and the lemmas of counted,
// the cage's definitions first, pass the tests' DRAT checker against the
// plain CNF and end with the clause that the cage holds one of its sets.
// Taking out one counting clause that the split over the digit sets uses
// (up to four a cage) fails the check, at that clause's place or after:
// every cage with counting clauses has one such, and most of them are.
func TestBandCages(t *testing.T) {
	v, err := generate.ParseVariant("killer")
	if err != nil {
		t.Fatal(err)
	}
	gen := generate.New()
	var bands, outies, cuts, failed, widest int
	for i := range 4 {
		pz, err := gen.Puzzle(11, i, generate.Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Variant: v})
		if err != nil {
			t.Fatal(err)
		}
		g := pz.Grid
		cnf := plainCNF(g)
		plan := Implied(g, 2000)
		for k, c := range grid.Imply(g.Shape, g.Rules).Cages {
			p := newPlanner(g, 2000)
			cv := p.layout[len(p.cages)+k]
			p.defineCage(c, cv)
			how, ok := p.counted(c, cv)
			if !ok || how.k < 2 {
				continue
			}
			bands++
			widest = max(widest, how.k)
			if how.outie {
				outies++
			}
			if slices.ContainsFunc(plan.Left, func(sp sat.Span) bool { return sp.What == sat.ImpliedCage && sp.Index == k }) {
				t.Errorf("puzzle %d, cage %d %v: counted derives it, and the plan leaves it", i, k, c)
			}
			var proof []gridtest.Lemma
			for _, l := range p.plan.Lemmas {
				proof = append(proof, gridtest.Lemma{Lits: l})
			}
			if at, err := gridtest.CheckDRAT(p.full.Vars, cnf, proof); at != len(proof) {
				t.Fatalf("puzzle %d, cage %d %v (%+v): lemma %d of %d fails the check: %v", i, k, c, how, at+1, len(proof), err)
			}
			if last := p.plan.Lemmas[len(p.plan.Lemmas)-1]; !slices.Equal(last, sets(cv)) && !p.d.Satisfied(sets(cv)) {
				t.Fatalf("puzzle %d, cage %d: the last lemma is %v, not that the cage holds one of its sets", i, k, last)
			}
			some := false
			// up to four of them, spread over the derivation
			var tried []int
			for j := range min(4, len(p.counts)) {
				tried = append(tried, p.counts[j*len(p.counts)/min(4, len(p.counts))])
			}
			for _, at := range tried {
				cut := slices.Concat(proof[:at], proof[at+1:])
				bad, err := gridtest.CheckDRAT(p.full.Vars, cnf, cut)
				cuts++
				if err == nil {
					continue
				}
				if bad < at {
					t.Errorf("puzzle %d, cage %d: without counting clause %v (lemma %d), the check fails before it, at %d: %v", i, k, proof[at].Lits, at+1, bad+1, err)
				}
				failed++
				some = true
			}
			if len(p.counts) > 0 && !some {
				t.Errorf("puzzle %d, cage %d %v: the check passes without any one of its %d counting clauses", i, k, c, len(p.counts))
			}
		}
	}
	t.Logf("%d cages of bands of several units derived (%d outies, %d units the widest); %d of %d cuts of one counting clause fail the check", bands, outies, widest, failed, cuts)
	if bands == 0 || outies == 0 || outies == bands || 2*failed < cuts {
		t.Errorf("%d cages of bands (%d outies), %d of %d cuts fail: the test checks too little", bands, outies, failed, cuts)
	}
}

// plainCNF returns the CNF of puzzle g's rules as stated
// (sat.PlainRuleClauses) with a unit clause for each given.
func plainCNF(g grid.Grid) [][]int {
	cnf := slices.Clip(sat.PlainRuleClauses(g.Shape, g.Rules).Clauses)
	for _, l := range sat.Givens(g) {
		cnf = append(cnf, []int{l})
	}
	return cnf
}
