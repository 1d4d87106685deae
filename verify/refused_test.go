package verify

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/derive"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
	"github.com/sudokugen/sudokugen/sat"
)

// refusedPuzzles returns the X-sum puzzle on a jigsaw whose gophersat
// proof the checker once refused, and top1465 puzzles that the search
// settles only past a small budget.
func refusedPuzzles(t *testing.T) (puzzles []grid.Grid, names []string) {
	t.Helper()
	data, err := os.ReadFile("testdata/gophersat-refused-xsum.json")
	if err != nil {
		t.Fatal(err)
	}
	g, err := formats.ParseFPuzzles(data)
	if err != nil {
		t.Fatal(err)
	}
	puzzles, names = append(puzzles, g), append(names, "gophersat-refused-xsum.json")
	top := dataLines(t, "tdoku/top1465.txt")
	for _, i := range []int{0, 700, 1400} {
		puzzles, names = append(puzzles, lineGrid(t, top[i])), append(names, top[i])
	}
	return puzzles, names
}

// When the DRAT checker refuses gophersat's proof (sat.Certify returns
// sat.ErrRefused and writes nothing; TestCertifyRefused in package sat
// checks that it does, on a proof of the X-sum puzzle of testdata with its
// lemmas taken out), the verdict is unchanged, its proof is the search's,
// run to its end past the budget that sent it to gophersat, and that proof
// passes the checker against the plain rules: from CheckProof (the proof
// a worker sends), WriteCertificate (a verdict by sat handed in) and
// WriteCandidateProof. The budgets are made small, so that every verdict
// goes to gophersat first.
func TestRefusedProof(t *testing.T) {
	defer func(b, vb, cb int, c func(io.Writer, grid.Grid, ...[]int) (bool, error)) {
		verdictBudget, variantBudget, candidateBudget, certify = b, vb, cb, c
	}(verdictBudget, variantBudget, candidateBudget, certify)
	verdictBudget, variantBudget, candidateBudget = 3, 3, 1
	refused := 0
	certify = refusing(&refused)
	puzzles, names := refusedPuzzles(t)
	for i, g := range puzzles {
		want := New().Check(g, Options{})
		if want.Status != Unique || want.Proof != SAT {
			t.Fatalf("%s: %v by %v with a budget of 3 nodes, want unique by sat", names[i], want.Status, want.Proof)
		}
		before := refused
		var proof bytes.Buffer
		got, err := New().CheckProof(context.Background(), g, Options{}, &proof)
		if err != nil || got.Err != nil {
			t.Fatalf("%s: CheckProof: %v, %v", names[i], err, got.Err)
		}
		if refused == before {
			t.Fatalf("%s: CheckProof did not ask gophersat", names[i])
		}
		if got.Status != want.Status || !slices.Equal(got.Solutions[0].Cells, want.Solutions[0].Cells) || got.Proof != Search {
			t.Fatalf("%s: after the refusal, %v by %v, want %v by search with the same solution", names[i], got.Status, got.Proof, want.Status)
		}
		var cnfText, dratText bytes.Buffer
		if err := WriteCertificate(&cnfText, &dratText, g, got); err != nil {
			t.Fatalf("%s: WriteCertificate: %v", names[i], err)
		}
		checkPlainProof(t, names[i]+" (CheckProof)", g, got, cnfText.Bytes(), proof.Bytes())
		if !bytes.Equal(proof.Bytes(), dratText.Bytes()) {
			t.Errorf("%s: CheckProof's search proof differs from WriteCertificate's", names[i])
		}
		// the verdict by sat handed to WriteCertificate
		cnfText.Reset()
		dratText.Reset()
		before = refused
		if err := WriteCertificate(&cnfText, &dratText, g, want); err != nil {
			t.Fatalf("%s: WriteCertificate of the verdict by sat: %v", names[i], err)
		}
		if refused == before {
			t.Fatalf("%s: WriteCertificate did not ask gophersat", names[i])
		}
		bySearch := want
		bySearch.Proof, bySearch.Assumed = Search, got.Assumed
		checkPlainProof(t, names[i]+" (WriteCertificate)", g, bySearch, cnfText.Bytes(), dratText.Bytes())
		checkRefusedCandidate(t, names[i], g, want.Solutions[0], &refused)
	}
}

// checkRefusedCandidate checks WriteCandidateProof past a refused proof
// of gophersat's: for the first false candidate of an empty cell that the
// search does not settle within its budget, the proof is the search's,
// and it passes the checker against the CNF written.
func checkRefusedCandidate(t *testing.T, name string, g, sol grid.Grid, refused *int) {
	t.Helper()
	for cell, d := range g.Cells {
		if d != 0 {
			continue
		}
		for digit := 1; digit <= g.N(); digit++ {
			if digit == int(sol.Cells[cell]) {
				continue
			}
			before := *refused
			var cnfText, dratText bytes.Buffer
			p, err := WriteCandidateProof(context.Background(), &cnfText, &dratText, g, cell, uint8(digit))
			if err != nil {
				t.Fatalf("%s: WriteCandidateProof of %d in cell %d: %v", name, digit, cell, err)
			}
			if *refused == before {
				continue // settled within the budget
			}
			if p != Search {
				t.Fatalf("%s: the proof that cell %d is not %d, after the refusal, is %v, want search", name, cell, digit, p)
			}
			if err := checkText(t, cnfText.Bytes(), dratText.Bytes()); err != nil {
				t.Errorf("%s: the search's proof that cell %d is not %d: %v", name, cell, digit, err)
			}
			return
		}
	}
	t.Errorf("%s: no false candidate went past the budget to gophersat", name)
}

// A jigsaw whose proof would assume implied clauses is proved again
// without the implied constraints (see withoutImplied); past that search's
// budget gophersat proves it (certified), and when the checker refuses
// gophersat's proof, the search without them runs to its end (toEnd), and
// its proof checks against the plain rules alone. That search holds no
// line, having nothing to derive: past holdLimit, it derives nothing.
func TestRefusedWithoutAssumed(t *testing.T) {
	defer func(bb, nb, hl int, c func(io.Writer, grid.Grid, ...[]int) (bool, error)) {
		bareBudget, narrowBudget, holdLimit, certify = bb, nb, hl, c
	}(bareBudget, narrowBudget, holdLimit, certify)
	bareBudget, narrowBudget = 3, 3 // past the search without the wide ones too
	refused := 0
	certify = refusing(&refused)
	g := generated(t, "jigsaw", 1, 59) // its proof would assume implied clauses (measured)
	var proof bytes.Buffer
	got, err := New().CheckProof(context.Background(), g, Options{}, &proof)
	if err != nil || got.Err != nil {
		t.Fatalf("CheckProof: %v, %v", err, got.Err)
	}
	if got.Status != Unique || got.LeftOut == 0 || got.Written != Search || len(got.Assumed) > 0 || refused == 0 {
		t.Fatalf("%v by %v, written %v, %d constraints left out, %d clauses assumed, %d refusals: want unique, a search's proof without the implied constraints, after a refusal",
			got.Status, got.Proof, got.Written, got.LeftOut, len(got.Assumed), refused)
	}
	checkWritten(t, "jigsaw 59", g, got, proof.Bytes())

	// the search without them alone, past holdLimit at its first line
	holdLimit = 0
	var plans []*derive.Plan
	pc := newProofCase(context.Background(), g, writerSink{&proof}, &plans)
	pc.m = rulesearch.NewModel(g.Shape, g.Rules)
	proof.Reset()
	again := pc.prove(Result{Status: Unique, Solutions: got.Solutions, Count: 1, Limit: 2, Proof: got.Proof}, []prover{withoutImplied{}, certified{}, toEnd{}})
	if again.Err != nil || pc.err != nil || again.Written != Search || len(again.Assumed) > 0 {
		t.Fatalf("without the implied constraints: %v by %v, written %v, %d clauses assumed (%v, %v)", again.Status, again.Proof, again.Written, len(again.Assumed), again.Err, pc.err)
	}
	if len(plans) > 0 {
		t.Errorf("%d derivations written, want none", len(plans))
	}
	checkWritten(t, "jigsaw 59, held past holdLimit", g, again, proof.Bytes())
}

// checkWritten checks the proof of r, a verdict of unique on g, against
// the CNF of the plain rules, the givens, the blocking clause and r's
// assumed clauses.
func checkWritten(t *testing.T, name string, g grid.Grid, r Result, proof []byte) {
	t.Helper()
	var cnfText bytes.Buffer
	d := sat.DIMACS{Plain: true}
	if err := d.WriteAssuming(&cnfText, g, r.Assumed, sat.Blocking(g, r.Solutions[0])); err != nil {
		t.Fatal(err)
	}
	checkPlainProof(t, name, g, r, cnfText.Bytes(), proof)
}

// refusing is a certify whose gophersat solves, and whose every proof of
// unsatisfiability the checker refuses, counted in refused.
func refusing(refused *int) func(io.Writer, grid.Grid, ...[]int) (bool, error) {
	return func(_ io.Writer, g grid.Grid, extra ...[]int) (bool, error) {
		unsat, err := sat.Certify(io.Discard, g, extra...)
		if err != nil || !unsat {
			return unsat, err
		}
		*refused++
		return true, fmt.Errorf("%w: lemma 1 is not RUP (a refusal made by the test)", sat.ErrRefused)
	}
}
