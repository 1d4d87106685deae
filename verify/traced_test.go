package verify

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
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
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: CheckProof gives %+v, Check %+v", names[i], got, want)
			}
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
			if got.Proof != SAT {
				if !bytes.Equal(proof.Bytes(), dratText.Bytes()) {
					t.Errorf("%s: %v by %v: CheckProof's proof differs from WriteCertificate's", names[i], got.Status, got.Proof)
				}
				continue
			}
			cnf, err := gridtest.ReadDRAT(&cnfText)
			if err != nil {
				t.Fatal(err)
			}
			lemmas, err := gridtest.ReadDRAT(&proof)
			if err != nil {
				t.Fatalf("%s: the proof: %v", names[i], err)
			}
			nv := sat.RuleClauses(g.Shape, g.Rules).Vars
			if _, err := gridtest.CheckDRAT(nv, gridtest.Clauses(cnf), lemmas); err != nil {
				t.Errorf("%s: %v by sat: %v", names[i], got.Status, err)
			}
		}
	}
	// A count past two runs the search without a budget: its tree is the
	// proof, and a multiple verdict leaves none.
	for i, g := range puzzles {
		want := New().Check(g, Options{CountLimit: 1000})
		var proof bytes.Buffer
		got, err := New().CheckProof(context.Background(), g, Options{CountLimit: 1000}, &proof)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: a count with CheckProof gives %+v (%v), Check %+v", names[i], got, err, want)
		}
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
