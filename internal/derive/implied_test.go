package derive

import (
	"bytes"
	"context"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/sat"
	"github.com/sudokugen/sudokugen/verify"
)

// buffer is a verify.ProofSink.
type buffer struct{ bytes.Buffer }

func (b *buffer) Reset() { b.Buffer.Reset() }

// The plan of generated killers and jigsaws derives their implied clauses
// from the plain rules and the givens: every lemma passes the tests' DRAT
// checker (RAT definitions included) against the plain CNF, every clause
// of a span called derived is among the lemmas, and where no span is left
// out, the plan followed by the proof of verify's search, which uses the
// implied clauses, passes against the plain CNF with the givens and the
// blocking clause. Without the plan's last lemma, the clause of one
// constraint, it fails. (DERIVE_N=n runs n puzzles of each variant.)
func TestImpliedPlan(t *testing.T) {
	count := 2
	if k, err := strconv.Atoi(os.Getenv("DERIVE_N")); err == nil {
		count = k
	}
	gen := generate.New()
	v := verify.New()
	for _, name := range []string{"killer", "jigsaw"} {
		variant, err := generate.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		var spans, left, lemmas, whole, mutated, tried, inSearch int
		var plainTook time.Duration
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
			if len(plan.Left) > 0 {
				continue
			}
			start = time.Now()
			if r := v.Check(g, verify.Options{}); r.Status != verify.Unique {
				t.Fatalf("%s %d: %v", name, i, r.Status)
			}
			plainTook += time.Since(start)
			var sink buffer
			res, err := v.CheckProof(context.Background(), g, verify.Options{}, &sink)
			if err != nil || res.Status != verify.Unique {
				t.Fatalf("%s %d: %v %v", name, i, res.Status, err)
			}
			search, err := gridtest.ReadDRAT(&sink)
			if err != nil {
				t.Fatal(err)
			}
			cnf = append(cnf, sat.Blocking(g, res.Solutions[0]))
			all := append(slices.Clip(proof), search...)
			if _, err := gridtest.CheckDRAT(full.Vars, cnf, all); err != nil {
				t.Fatalf("%s %d (%s): the plan and the search's proof, against the plain CNF: %v", name, i, res.Proof, err)
			}
			whole++
			// the mutations: without the lemmas of one implied constraint
			// (of the last ones), the check fails where a later lemma, of the plan
			// or of the search, used it; or passes, when none did
			if whole <= 3 {
				for k := len(plan.Derived) - 1; k >= 0 && tried < 40*whole; k-- {
					r := plan.Of[k]
					if r[0] == r[1] {
						continue
					}
					cut := slices.Concat(proof[:r[0]], proof[r[1]:], search)
					at, err := gridtest.CheckDRAT(full.Vars, cnf, cut)
					if err != nil && at < r[0] {
						t.Fatalf("%s %d: without the lemmas of %+v, the check fails before them, at %d: %v", name, i, plan.Derived[k], at, err)
					}
					tried++
					if err != nil {
						mutated++
						if at >= len(proof)-(r[1]-r[0]) {
							inSearch++
						}
					}
				}
			}
		}
		t.Logf("%s: %d puzzles, %d implied constraints, %d left out, %d lemmas; %v a puzzle to plan, %v to verify without a proof; %d whole proofs checked against the plain CNF; %d of %d fail without the lemmas of one implied constraint, %d of them in the search's proof",
			name, count, spans, left, lemmas, took/time.Duration(count), plainTook/time.Duration(max(whole, 1)), whole, mutated, tried, inSearch)
		if whole == 0 || inSearch == 0 {
			t.Errorf("%s: %d whole proofs checked, %d mutations caught: want some of each", name, whole, mutated)
		}
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
