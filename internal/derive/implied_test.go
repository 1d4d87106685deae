package derive

import (
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/sat"
)

// The plan of generated killers and jigsaws derives their implied clauses
// from the plain rules and the givens: every lemma passes the tests' DRAT
// checker (RAT definitions included) against the plain CNF with the
// clauses of the spans left out, and every clause of a span called derived
// is among the lemmas. (DERIVE_N=n runs n puzzles of each variant.) The
// plans of verify's proofs, and their mutations, are tested in package
// verify.
func TestImpliedPlan(t *testing.T) {
	count := 2
	if k, err := strconv.Atoi(os.Getenv("DERIVE_N")); err == nil {
		count = k
	}
	gen := generate.New()
	for _, name := range []string{"killer", "jigsaw"} {
		variant, err := generate.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		var spans, left, lemmas int
		var took time.Duration
		for i := range count {
			p, err := gen.Puzzle(7, i, generate.Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Variant: variant})
			if err != nil {
				t.Fatal(err)
			}
			g := p.Grid
			start := time.Now()
			plan := Implied(g, 2000)
			took += time.Since(start)
			spans += len(plan.Derived) + len(plan.Left)
			left += len(plan.Left)
			lemmas += len(plan.Lemmas)
			plain := sat.PlainRuleClauses(g.Shape, g.Rules)
			full := sat.RuleClauses(g.Shape, g.Rules)
			cnf := slices.Clip(plain.Clauses)
			for _, l := range sat.Givens(g) {
				cnf = append(cnf, []int{l})
			}
			// the clauses left out are taken as they are, as a proof's
			// CNF takes them
			for _, sp := range plan.Left {
				cnf = append(cnf, full.Clauses[sp.From:sp.To]...)
			}
			var proof []gridtest.Lemma
			have := map[string]bool{}
			for _, l := range plan.Lemmas {
				proof = append(proof, gridtest.Lemma{Lits: l})
				have[normKey(l)] = true
			}
			// the clauses of a derived span not among the lemmas hold
			// under the propagation of the units (Satisfied): RUP after
			// the plan
			var missing []gridtest.Lemma
			for _, sp := range plan.Derived {
				for _, c := range full.Clauses[sp.From:sp.To] {
					if !have[normKey(c)] {
						missing = append(missing, gridtest.Lemma{Lits: c})
					}
				}
			}
			checked := slices.Concat(proof, missing, []gridtest.Lemma{{}})
			if at, err := gridtest.CheckDRAT(full.Vars, cnf, checked); at != len(checked)-1 {
				t.Fatalf("%s %d: the plan, then the clauses it skips, fail the check at lemma %d of %d (%d of the plan): %v", name, i, at+1, len(checked), len(proof), err)
			}
		}
		t.Logf("%s: %d puzzles, %d implied constraints, %d left out, %d lemmas; %v a puzzle to plan",
			name, count, spans, left, lemmas, took/time.Duration(count))
	}
}

func normKey(c []int) string {
	s := slices.Clone(c)
	slices.Sort(s)
	return string(strconv.AppendQuote(nil, string(rune(len(s))))) + fmtInts(s)
}

func fmtInts(s []int) string {
	var b []byte
	for _, x := range s {
		b = strconv.AppendInt(b, int64(x), 10)
		b = append(b, ' ')
	}
	return string(b)
}

// The implied cages of generated killers that are the innies or the
// outies of one unit are derived by innie or outie alone, whose lemmas
// pass the tests' DRAT checker against the plain CNF, the cage's
// definitions first; without the lemmas on which digits the parts hold,
// the split over the digit sets of the cages fails the check.
func TestInniesOuties(t *testing.T) {
	v, err := generate.ParseVariant("killer")
	if err != nil {
		t.Fatal(err)
	}
	gen := generate.New()
	innies, outies, mutated := 0, 0, 0
	for i := range 3 {
		pz, err := gen.Puzzle(11, i, generate.Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Variant: v})
		if err != nil {
			t.Fatal(err)
		}
		g := pz.Grid
		cnf := plainCNF(g)
		for k, c := range grid.Imply(g.Shape, g.Rules).Cages {
			p := newPlanner(g, 2000)
			cv := p.layout[len(p.cages)+k]
			p.defineCage(c, cv)
			from := len(p.plan.Lemmas)
			how, ok := p.counted(c, cv)
			switch {
			case !ok:
				continue
			case how.outie:
				outies++
			default:
				innies++
			}
			var proof []gridtest.Lemma
			for _, l := range p.plan.Lemmas {
				proof = append(proof, gridtest.Lemma{Lits: l})
			}
			if at, err := gridtest.CheckDRAT(p.full.Vars, cnf, proof); at != len(proof) {
				t.Fatalf("puzzle %d, cage %d %v: lemma %d of %d fails the check: %v", i, k, c, at+1, len(proof), err)
			}
			if last := p.plan.Lemmas[len(p.plan.Lemmas)-1]; !slices.Equal(last, sets(cv)) {
				// the givens settle it: propagation alone
				if !p.d.Satisfied(sets(cv)) {
					t.Fatalf("puzzle %d, cage %d: the last lemma is %v, not that the cage holds one of its sets", i, k, last)
				}
				continue
			}
			if p.split == from || len(proof)-p.split < 2 {
				// no lemma before the split; or propagation alone, the
				// split's one lemma, which may pass as RAT on its first
				// y(j), a variable of the definitions only
				continue
			}
			cut := slices.Concat(proof[:from], proof[p.split:])
			if at, _ := gridtest.CheckDRAT(p.full.Vars, cnf, cut); at == len(cut) {
				t.Fatalf("puzzle %d, cage %d: the split passes the check without the lemmas before it", i, k)
			}
			mutated++
		}
	}
	if innies == 0 || outies == 0 || mutated == 0 {
		t.Fatalf("%d innies and %d outies derived, %d mutated: the test checks too little", innies, outies, mutated)
	}
	t.Logf("%d innies and %d outies derived and checked, %d mutated", innies, outies, mutated)
}
