package verify

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/internal/derive"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
	"github.com/sudokugen/sudokugen/sat"
)

// proofPuzzles returns puzzles of every verdict and proof: royle17 and
// top1465 samples, serg's multiples, a puzzle with no solution, and
// generated killers and jigsaws.
func proofPuzzles(t *testing.T) (puzzles []grid.Grid, names []string) {
	t.Helper()
	add := func(g grid.Grid, name string) { puzzles, names = append(puzzles, g), append(names, name) }
	royle, top := dataLines(t, "royle17/puzzles.txt"), dataLines(t, "tdoku/top1465.txt")
	for i := 0; i < len(royle); i += 250 {
		add(lineGrid(t, royle[i]), royle[i])
	}
	for i := 0; i < len(top); i += 40 {
		add(lineGrid(t, top[i]), top[i])
	}
	for _, line := range dataLines(t, "tdoku/serg_multi.counts.tsv")[1:4] {
		p := strings.Split(line, "\t")[0]
		add(lineGrid(t, p), p)
	}
	add(lineGrid(t, nonePuzzle(t)), "none")
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	gen := generate.New()
	for _, name := range []string{"killer", "jigsaw"} {
		v, err := generate.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 3 {
			p, err := gen.Puzzle(seed, i, generate.Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Variant: v})
			if err != nil {
				t.Fatalf("%s %d: %v", name, i, err)
			}
			add(p.Grid, fmt.Sprintf("%s %d", name, i))
		}
	}
	return puzzles, names
}

// CheckProof gives the verdict Check gives, and with it the proof that
// WriteCertificate writes by running the search again, byte for byte, for
// a verdict by propagation or search; a proof by sat (past a budget made
// small) passes the DRAT check. Nothing is left in the sink for the other
// verdicts.
func TestCheckProof(t *testing.T) {
	gridtest.SkipUnderRace(t)
	defer func(b int) { verdictBudget = b }(verdictBudget)
	puzzles, names := proofPuzzles(t)
	seen := map[string]int{}
	for _, budget := range []int{20000, 3} {
		verdictBudget = budget
		v := New()
		for i, g := range puzzles {
			if budget == 3 && g.HasRules() {
				continue
			}
			want := New().Check(g, Options{})
			var proof bytes.Buffer
			got, err := v.CheckProof(context.Background(), g, Options{}, &proof)
			if err != nil {
				t.Fatalf("%s: CheckProof: %v", names[i], err)
			}
			assumed, leftOut, written := got.Assumed, got.LeftOut, got.Written
			got.Assumed, got.LeftOut, got.Written = nil, 0, NoProof
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: CheckProof gives %+v, Check %+v", names[i], got, want)
			}
			got.Assumed, got.LeftOut, got.Written = assumed, leftOut, written
			if got.Status != Unique && got.Status != None {
				if proof.Len() > 0 {
					t.Errorf("%s: %v, with a proof of %d bytes", names[i], got.Status, proof.Len())
				}
				continue
			}
			seen[got.Status.String()+" by "+got.Proof.String()]++
			var cnfText, dratText bytes.Buffer
			if err := WriteCertificate(&cnfText, &dratText, g, got); err != nil {
				t.Fatalf("%s: WriteCertificate: %v", names[i], err)
			}
			if got.Proof != SAT && !bytes.Equal(proof.Bytes(), dratText.Bytes()) {
				t.Errorf("%s: %v by %v: CheckProof's proof differs from WriteCertificate's", names[i], got.Status, got.Proof)
			}
			if got.Proof == SAT || g.HasRules() {
				// (a classic search's proof is checked in proof_test.go)
				checkPlainProof(t, names[i], g, got, cnfText.Bytes(), proof.Bytes())
			}
		}
	}
	// A count past two runs the search without a budget: its tree is the
	// proof, and a multiple verdict leaves none.
	for i, g := range puzzles {
		want := New().Check(g, Options{CountLimit: 1000})
		var proof bytes.Buffer
		got, err := New().CheckProof(context.Background(), g, Options{CountLimit: 1000}, &proof)
		assumed, leftOut, written := got.Assumed, got.LeftOut, got.Written
		got.Assumed, got.LeftOut, got.Written = nil, 0, NoProof
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: a count with CheckProof gives %+v (%v), Check %+v", names[i], got, err, want)
		}
		got.Assumed, got.LeftOut, got.Written = assumed, leftOut, written
		if got.Status != Unique && got.Status != None {
			if proof.Len() > 0 {
				t.Errorf("%s: a count of %d, with a proof of %d bytes", names[i], got.Count, proof.Len())
			}
			continue
		}
		var cnfText, dratText bytes.Buffer
		if err := WriteCertificate(&cnfText, &dratText, g, got); err != nil {
			t.Fatalf("%s: WriteCertificate: %v", names[i], err)
		}
		if !bytes.Equal(proof.Bytes(), dratText.Bytes()) {
			t.Errorf("%s: a count of %d by %v: CheckProof's proof differs from WriteCertificate's", names[i], got.Count, got.Proof)
		}
	}
	t.Logf("verdicts %v", seen)
	for _, k := range []string{"unique by propagation", "unique by search", "unique by sat", "none by search", "none by sat"} {
		if seen[k] == 0 {
			t.Errorf("no verdict %s among %v", k, seen)
		}
	}
}

// checkPlainProof checks proof, of verdict r on puzzle g, against cnf, the
// CNF that WriteCertificate wrote for it: which must hold the plain rules
// (sat.PlainRuleClauses, the rules as stated), the givens and, for unique,
// the blocking clause, then the clauses the proof assumes (r.Assumed) and
// nothing else; gridtest's checker must accept the proof.
func checkPlainProof(t *testing.T, name string, g grid.Grid, r Result, cnfText, proof []byte) {
	t.Helper()
	cnf, err := gridtest.ReadDRAT(bytes.NewReader(cnfText))
	if err != nil {
		t.Fatalf("%s: the CNF: %v", name, err)
	}
	lemmas, err := gridtest.ReadDRAT(bytes.NewReader(proof))
	if err != nil {
		t.Fatalf("%s: the proof: %v", name, err)
	}
	plain := sat.PlainRuleClauses(g.Shape, g.Rules)
	want := slices.Clip(plain.Clauses)
	for _, l := range sat.Givens(g) {
		want = append(want, []int{l})
	}
	if r.Status == Unique {
		want = append(want, sat.Blocking(g, r.Solutions[0]))
	}
	want = append(want, r.Assumed...)
	got := gridtest.Clauses(cnf)
	if err := gridtest.SameClauses(got, want); err != nil {
		t.Fatalf("%s: the CNF is not the plain rules, the givens, the blocking clause and the %d assumed: %v", name, len(r.Assumed), err)
	}
	if _, err := gridtest.CheckDRAT(plain.Vars, got, lemmas); err != nil {
		t.Errorf("%s: %v by %v, %d lemmas, %d clauses assumed: %v", name, r.Status, r.Proof, len(lemmas), len(r.Assumed), err)
	}
}

// The proofs of generated killers and jigsaws are checked against the
// plain CNF (see checkPlainProof), and cannot pass wrongly: without the
// lemmas that derive one implied constraint the search's steps use, the
// check fails, at or after the cut. Unit propagation may find another way
// to a conflict, with the other implied clauses derived (half the cuts
// fail, measured), but a third at least must; and cutting the one lemma that closes a derivation (the
// constraint's last clause the proof needs) makes some proofs fail.
func TestPlainProofMutations(t *testing.T) {
	var plans []*derive.Plan
	v := New()
	v.plans = &plans
	count := 4
	if testing.Short() {
		count = 2
	}
	var cuts, failed [2]int // of the lemmas of a constraint, of its last one
	assumed := 0
	for _, name := range []string{"killer", "jigsaw"} {
		for i := range count {
			g := generated(t, name, 11, i)
			plans = plans[:0]
			r, cnfText, proof := checkedProof(t, v, fmt.Sprintf("%s %d", name, i), g)
			assumed += len(r.Assumed)
			if len(plans) != 1 {
				continue // the search used no implied constraint
			}
			lemmas, err := gridtest.ReadDRAT(bytes.NewReader(proof))
			if err != nil {
				t.Fatal(err)
			}
			cnf, err := gridtest.ReadDRAT(bytes.NewReader(cnfText))
			if err != nil {
				t.Fatal(err)
			}
			nv := sat.RuleClauses(g.Shape, g.Rules).Vars
			for _, of := range plans[0].Of {
				if of[0] == of[1] {
					continue
				}
				for k, cut := range [][]gridtest.Lemma{
					slices.Concat(lemmas[:of[0]], lemmas[of[1]:]),
					slices.Concat(lemmas[:of[1]-1], lemmas[of[1]:]),
				} {
					at, err := gridtest.CheckDRAT(nv, gridtest.Clauses(cnf), cut)
					cuts[k]++
					if err == nil {
						continue
					}
					failed[k]++
					// (at counts the lemmas of the cut proof)
					if from := []int{of[0], of[1] - 1}[k]; at < from {
						t.Errorf("%s %d: without lemmas %d-%d, the check fails before them, at %d: %v", name, i, from, of[1]-1, at, err)
					}
				}
			}
		}
	}
	t.Logf("%d of %d cuts of the lemmas of a constraint fail the check, %d of %d of its last lemma; %d implied clauses assumed", failed[0], cuts[0], failed[1], cuts[1], assumed)
	if cuts[0] == 0 || 3*failed[0] < cuts[0] || failed[1] == 0 {
		t.Errorf("%d of %d cuts of a constraint's lemmas fail the check, %d of %d of its last: want a third at least, and some", failed[0], cuts[0], failed[1], cuts[1])
	}
}

// A variant search whose lines pass holdLimit sends them out at once, after
// the derivation of every implied constraint of its puzzle (see
// trace.release), and its proof still checks against the plain CNF and
// the clauses it assumes.
func TestProofPastHoldLimit(t *testing.T) {
	defer func(n int) { holdLimit = n }(holdLimit)
	holdLimit = 0 // past it at the first lemma
	var plans []*derive.Plan
	v := New()
	v.plans = &plans
	released := 0
	for _, name := range []string{"killer", "jigsaw"} {
		for i := range 3 {
			g := generated(t, name, 7, i)
			plans = plans[:0]
			r, _, _ := checkedProof(t, v, fmt.Sprintf("%s %d", name, i), g)
			if r.Proof != Search {
				continue
			}
			// released: one plan, of every implied constraint
			all := len(sat.RuleClauses(g.Shape, g.Rules).Implied)
			if len(plans) != 1 || len(plans[0].Derived)+len(plans[0].Left) != all {
				t.Errorf("%s %d: %d plans, want one of all %d implied constraints", name, i, len(plans), all)
				continue
			}
			released++
		}
	}
	if released == 0 {
		t.Error("no proof by search: the test checks nothing")
	}
}

// A killer whose proof would assume implied clauses, their derivation
// given up, is proved again without those constraints: its proof assumes
// nothing, checks against the plain CNF alone, and LeftOut says how many
// constraints its search went without.
func TestProofsWithoutAssumed(t *testing.T) {
	v := New()
	for _, tc := range []struct {
		name string
		i    int
		// what the search that wrote the proof went without: the wide
		// implied constraints (see withoutWide), all of them (see
		// withoutImplied), or none
		without string
	}{
		{"killer", 0, "wide"}, {"killer", 1, "wide"}, // their searches use wide ones (measured)
		{"jigsaw", 0, "all"}, {"jigsaw", 59, "all"}, // their searches use leftovers, their only implied constraints (measured)
		{"killer", 164, "none"}, // its search uses no wide one (measured)
	} {
		name := fmt.Sprintf("%s %d", tc.name, tc.i)
		g := generated(t, tc.name, 1, tc.i)
		r, _, _ := checkedProof(t, v, name, g)
		m := rulesearch.NewModel(g.Shape, g.Rules)
		want := map[string]int{"wide": m.Wide(), "all": m.Implied(), "none": 0}[tc.without]
		if len(r.Assumed) > 0 || r.LeftOut != want || want == 0 && tc.without != "none" {
			t.Errorf("%s: %d implied clauses assumed, %d constraints left out of the proof's search; want none assumed, %d (%s) left out",
				name, len(r.Assumed), r.LeftOut, want, tc.without)
		}
	}
}

// generated returns the 9x9 puzzle of the variant name that generate
// makes as puzzle i of seed.
func generated(t testing.TB, name string, seed uint64, i int) grid.Grid {
	t.Helper()
	variant, err := generate.ParseVariant(name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := generate.New().Puzzle(seed, i, generate.Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Variant: variant})
	if err != nil {
		t.Fatal(err)
	}
	return p.Grid
}

// checkedProof returns v's verdict on g, which must be unique, with the
// CNF WriteCertificate writes for it and CheckProof's proof, which
// checkPlainProof checks.
func checkedProof(t *testing.T, v *Verifier, name string, g grid.Grid) (r Result, cnfText, proof []byte) {
	t.Helper()
	var drat bytes.Buffer
	r, err := v.CheckProof(context.Background(), g, Options{}, &drat)
	if err != nil || r.Status != Unique {
		t.Fatalf("%s: %v %v", name, r.Status, err)
	}
	var cnf, again bytes.Buffer
	if err := WriteCertificate(&cnf, &again, g, r); err != nil {
		t.Fatal(err)
	}
	checkPlainProof(t, name, g, r, cnf.Bytes(), drat.Bytes())
	return r, cnf.Bytes(), drat.Bytes()
}

// A proof made again without the implied constraints, past the budget of
// that search, is gophersat's alone: WriteCertificate, whose writer cannot
// take lines back, writes the same bytes as CheckProof, and none of the
// search that passed its budget. Such a proof follows a search without
// the wide implied constraints past its budget (see withoutWide).
func TestWithoutAssumedPastBudget(t *testing.T) {
	defer func(b, n int) { bareBudget, narrowBudget = b, n }(bareBudget, narrowBudget)
	bareBudget, narrowBudget = 3, 3
	for _, tc := range []struct {
		name string
		i    int
	}{{"jigsaw", 59}, {"killer", 8}} {
		name := fmt.Sprintf("%s %d", tc.name, tc.i)
		g := generated(t, tc.name, 1, tc.i)
		r, _, proof := checkedProof(t, New(), name, g)
		if m := rulesearch.NewModel(g.Shape, g.Rules); r.LeftOut != m.Implied() || r.Written != SAT {
			t.Fatalf("%s: written %v, %d constraints left out: want sat, without all %d", name, r.Written, r.LeftOut, m.Implied())
		}
		var cnf, drat bytes.Buffer
		if err := WriteCertificate(&cnf, &drat, g, r); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(proof, drat.Bytes()) {
			t.Errorf("%s: WriteCertificate writes %d bytes, CheckProof %d", name, drat.Len(), len(proof))
		}
	}
}
