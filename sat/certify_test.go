package sat

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/internal/drat"
)

// Certify writes a proof only once the DRAT checker accepts it: gophersat's
// own proofs of an X-sum puzzle on a jigsaw (whose proof the checker once
// refused, testdata of package verify) and of a classic puzzle pass, and
// what Certify writes is that proof; the same proofs with their lemmas
// taken out but the empty clause, which unit propagation alone does not
// reach, are refused with ErrRefused, and nothing is written.
func TestCertifyRefused(t *testing.T) {
	data, err := os.ReadFile("../verify/testdata/gophersat-refused-xsum.json")
	if err != nil {
		t.Fatal(err)
	}
	xsum, err := formats.ParseFPuzzles(data)
	if err != nil {
		t.Fatal(err)
	}
	classic := gridtest.Line(t, gridtest.Lines(t, "tdoku/top1465.txt")[0])
	defer func(f func([][]int, int) ([]drat.Lemma, bool, error)) { solveCertified = f }(solveCertified)
	for _, g := range []grid.Grid{xsum, classic} {
		var sol grid.Grid
		if n := NewRules(g.Shape, g.Rules).Solutions(g, nil, 1, func(s grid.Grid) { sol = s }); n != 1 {
			t.Fatalf("%s: %d solutions found, want 1", g, n)
		}
		block := Blocking(g, sol)
		solveCertified = certified
		var proof bytes.Buffer
		unsat, err := Certify(&proof, g, block)
		if err != nil || !unsat {
			t.Fatalf("%s: Certify = %v, %v; want true, nil", g, unsat, err)
		}
		lemmas, err := drat.Read(&proof)
		if err != nil {
			t.Fatal(err)
		}
		var cnf bytes.Buffer
		d := DIMACS{Plain: true}
		if err := d.Write(&cnf, g, block); err != nil {
			t.Fatal(err)
		}
		clauses, err := drat.Read(&cnf)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := drat.Check(0, drat.Clauses(clauses), lemmas); err != nil || len(lemmas) < 2 {
			t.Fatalf("%s: the proof Certify wrote, %d lemmas: %v", g, len(lemmas), err)
		}
		solveCertified = func(cnf [][]int, nv int) ([]drat.Lemma, bool, error) {
			lemmas, unsat, err := certified(cnf, nv)
			return lemmas[len(lemmas)-1:], unsat, err
		}
		proof.Reset()
		unsat, err = Certify(&proof, g, block)
		if !unsat || !errors.Is(err, ErrRefused) || proof.Len() > 0 {
			t.Errorf("%s: Certify of a proof cut to its empty clause = %v, %v, %d bytes written; want true, ErrRefused, none", g, unsat, err, proof.Len())
		}
	}
}
