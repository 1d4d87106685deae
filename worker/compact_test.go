package worker

import (
	"bufio"
	"bytes"
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rules"
	"github.com/sudokugen/sudokugen/verify"
)

// Batches and results cross the pipe as they were, in the compact form and
// in gob, mixed on one stream.
func TestCompactRoundTrip(t *testing.T) {
	g := grid.Grid{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Cells: make([]uint8, 81)}
	g.Cells[5] = 7
	sol := g.Clone()
	for i := range sol.Cells {
		sol.Cells[i] = uint8(i%9 + 1)
	}
	variant := g.Clone()
	variant.Rules = grid.NewRules(rules.AntiKing.Of(true))
	batches := [][]Job{
		{{Index: 3, Kind: Verify, Grid: g, CountLimit: 2}, {Index: 4, Kind: Verify, Grid: g.Clone(), CountLimit: 1000, Check: true},
			{Index: 9, Kind: Verify, Grid: g, CountLimit: 2, Proof: true}, {Index: 10, Kind: Verify, Grid: g, CountLimit: 2, Check: true, Proof: true, ProofCNF: true, ProofTemp: "/tmp/p/.x-"}},
		{{Index: 5, Kind: Generate, Seed: 9, Gen: generate.Options{Clues: 30}}},
		{{Index: -7, Kind: Verify, Grid: grid.Grid{Shape: grid.Shape{BoxRows: 2, BoxCols: 3}, Cells: []uint8{1, 2}}}},
		{{Index: 8, Kind: Verify, Grid: variant, CountLimit: 2}}, // as gob, rules and all
	}
	results := []struct {
		w    wireResult
		kind Kind
	}{
		{wireResult{Index: helloIndex}, Skip},
		{wireResult{Index: 3, Verify: verify.Result{Status: verify.Unique, Solutions: []grid.Grid{sol}, Count: 1, Limit: 2, Proof: verify.Search}, Elapsed: 12345, CPU: 999}, Verify},
		{wireResult{Index: 4, Verify: verify.Result{Status: verify.Multiple, Solutions: []grid.Grid{sol, g}, Count: 2, Limit: 2},
			VerifyErr: encodeError(verify.ErrDisagree), Err: encodeError(errors.New("other"))}, Verify},
		{wireResult{Index: 5, Verify: verify.Result{Status: verify.Invalid, Clashes: []grid.Clash{{Unit: "row", Digit: 3}}}}, Verify},
		{wireResult{Index: 6, Puzzle: generate.Puzzle{Grid: g}, Elapsed: int64(time.Second)}, Generate},
		{wireResult{Index: 7, Err: encodeError(ErrTimeout)}, Verify},
		{wireResult{Index: 8, Verify: verify.Result{Status: verify.Unique, Solutions: []grid.Grid{variant}, Count: 1, Limit: 2, Proof: verify.Search}}, Verify},
		{wireResult{Index: 9, Verify: verify.Result{Status: verify.Unique, Solutions: []grid.Grid{sol}, Count: 1, Limit: 2, Proof: verify.Search}, DRAT: []byte("-1 0\n0\n")}, Verify},
		{wireResult{Index: 10, Verify: verify.Result{Status: verify.None, Count: 0, Limit: 2, Proof: verify.SAT}, DRATFile: "/tmp/p/.x-10.drat.123.tmp", CNFFile: "/tmp/p/.x-10.cnf.9.tmp"}, Verify},
		{wireResult{Index: 11, Verify: verify.Result{Status: verify.Unique, Solutions: []grid.Grid{variant}, Count: 1, Limit: 2, Proof: verify.Search}, DRAT: []byte("0\n")}, Verify},
	}
	var buf bytes.Buffer
	bw := bufio.NewWriter(&buf)
	enc := newEncoder(bw)
	for _, b := range batches {
		if err := enc.jobs(b); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range results {
		if err := enc.result(r.w, r.kind); err != nil {
			t.Fatal(err)
		}
	}
	bw.Flush()
	dec := newDecoder(bufio.NewReader(&buf))
	for _, want := range batches {
		got, err := dec.jobs()
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("batch:\n got %+v (%v)\nwant %+v", got, err, want)
		}
	}
	for _, want := range results {
		got, err := dec.result()
		if err != nil || !reflect.DeepEqual(got, want.w) {
			t.Errorf("result:\n got %+v (%v)\nwant %+v", got, err, want.w)
		}
	}
	if _, err := dec.result(); err == nil {
		t.Error("a read past the end: no error")
	}
}

// The compact form writes the fields of a verify job and a verify result
// by name. When one of these structs gains a field, this test fails: teach
// the field to compact.go (or check that a verify job never needs it), then
// add it here.
func TestCompactFields(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want []string
	}{
		{Job{}, []string{"Index", "Kind", "Grid", "CountLimit", "Minimal", "Keep", "Check", "Proof", "ProofCNF", "ProofTemp", "Cell", "Digit", "Seed", "Gen", "Rate", "MaxSteps", "Timeout"}}, // Cell and Digit: CandidateProof jobs, Minimal and Keep: Givens jobs, MaxSteps: Rate jobs, which go as gob
		{grid.Grid{}, []string{"Shape", "Cells", "Rules"}}, // a grid with Rules goes as gob
		{grid.Shape{}, []string{"BoxRows", "BoxCols"}},
		{verify.Result{}, []string{"Status", "Solutions", "Count", "Limit", "Proof", "Assumed", "LeftOut", "Written", "Clashes", "Own", "OwnErr", "Err"}},                                                                         // a result with Assumed or LeftOut goes as gob; Own and OwnErr are the parent's (verify.WithOwn), never a worker's
		{wireResult{}, []string{"Index", "Verify", "VerifyErr", "Puzzle", "Rating", "RatingErr", "Err", "Elapsed", "CPU", "DRAT", "DRATFile", "CNF", "CNFFile", "Candidates", "CandidatesErr", "Givens", "GivensErr", "Partial"}}, // CNF: a CandidateProof job's, gob; Givens and Partial: Givens and Candidates jobs', gob
	} {
		typ := reflect.TypeOf(tc.v)
		var got []string
		for i := range typ.NumField() {
			got = append(got, typ.Field(i).Name)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%v has fields %v; the compact wire knows %v", typ, got, tc.want)
		}
	}
}
