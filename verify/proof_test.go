package verify

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/sat"
)

// checkProof checks the proof of r against the independent checker of
// package gridtest, on the CNF that gridtest builds from the rules (with
// the blocking clause for unique): a verdict settled by propagation must
// be refuted by unit propagation alone, and one settled otherwise must
// not be, so that the search's singles are exactly unit propagation on
// this encoding. A search proof is written out with WriteCertificate and
// must pass the DRAT check, and fail it where unit propagation says it
// must once lemmas are taken out (gridtest.CheckTreeMutations); with sat,
// gophersat's proof must pass.
func checkProof(t *testing.T, name string, g grid.Grid, r Result, certify bool) {
	t.Helper()
	var sol *grid.Grid
	switch r.Status {
	case Unique:
		sol = &r.Solutions[0]
	case None:
	default:
		if r.Proof != NoProof {
			t.Errorf("%s: %v with proof %v, want none", name, r.Status, r.Proof)
		}
		return
	}
	n := g.N()
	cnf := gridtest.CNF(g, sol)
	refuted := gridtest.Refutes(n*n*n, cnf)
	switch {
	case r.Proof == Propagation && !refuted:
		t.Errorf("%s: %v by propagation, but unit propagation does not refute its CNF", name, r.Status)
	case (r.Proof == SAT || r.Proof == Search) && refuted:
		t.Errorf("%s: %v by %v, but unit propagation refutes its CNF", name, r.Status, r.Proof)
	case r.Proof != Propagation && r.Proof != SAT && r.Proof != Search:
		t.Errorf("%s: %v with proof %q, want propagation, search or sat", name, r.Status, r.Proof)
	}
	if !certify {
		return
	}
	var cnfText, dratText bytes.Buffer
	if err := WriteCertificate(&cnfText, &dratText, g, r); err != nil {
		t.Fatalf("%s: WriteCertificate: %v", name, err)
	}
	written, err := gridtest.ReadDRAT(&cnfText)
	if err != nil {
		t.Fatalf("%s: the CNF: %v", name, err)
	}
	if err := gridtest.SameClauses(gridtest.Clauses(written), cnf); err != nil {
		t.Fatalf("%s: the CNF written: %v", name, err)
	}
	proof, err := gridtest.ReadDRAT(&dratText)
	if err != nil {
		t.Fatalf("%s: the proof: %v", name, err)
	}
	if r.Proof == Search {
		err = gridtest.CheckTreeMutations(n*n*n, cnf, proof)
	} else {
		_, err = gridtest.CheckDRAT(n*n*n, cnf, proof)
	}
	if err != nil {
		t.Errorf("%s: %v by %v: the proof: %v", name, r.Status, r.Proof, err)
	}
	if at, err := gridtest.CheckDRAT(n*n*n, cnf, proof[:len(proof)-1]); err == nil || at != len(proof)-1 {
		t.Errorf("%s: %v by %v: the proof without its empty clause fails at %d (%v), want at its end", name, r.Status, r.Proof, at, err)
	}
	if r.Proof == SAT && n == 9 {
		// Some lemma of gophersat's proof is needed: without it, a later
		// one is no longer RUP.
		for i := 0; i < len(proof)-1 && !satCaught; i++ {
			_, err := gridtest.CheckDRAT(n*n*n, cnf, slices.Delete(slices.Clone(proof), i, i+1))
			satCaught = err != nil
		}
	}
}

// satCaught records that checkProof found a sat proof that fails with one
// lemma taken out.
var satCaught bool

func TestProofKinds(t *testing.T) {
	seed := uint64(20261122)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	var puzzles []string
	royle := dataLines(t, "royle17/puzzles.txt")
	top := dataLines(t, "tdoku/top1465.txt")
	k := 300
	if testing.Short() {
		k = 60
	}
	for range k {
		puzzles = append(puzzles, royle[rng.IntN(len(royle))], top[rng.IntN(len(top))])
	}
	v := New()
	tally := map[Proof]int{}
	for i, p := range puzzles {
		g := lineGrid(t, p)
		r := v.Check(g, Options{})
		checkProof(t, p, g, r, i < 10 || rng.IntN(40) == 0)
		tally[r.Proof]++
		// A wrong digit in an empty cell: sometimes none by propagation,
		// sometimes by a search, sometimes still unique or multiple.
		bad := g.Clone()
		i := rng.IntN(len(bad.Cells))
		for bad.Cells[i] != 0 {
			i = rng.IntN(len(bad.Cells))
		}
		bad.Cells[i] = uint8(1 + rng.IntN(9))
		if len(bad.Clashes()) == 0 {
			r := v.Check(bad, Options{})
			checkProof(t, bad.String(), bad, r, rng.IntN(40) == 0)
			tally[r.Proof]++
		}
	}
	t.Logf("royle17 and top1465 proofs: %v", tally)
	if tally[Propagation] == 0 || tally[Search] == 0 {
		t.Fatalf("the sample did not cover both proofs: %v", tally)
	}
}

// Puzzles with no solution, settled both ways.
func TestProofNone(t *testing.T) {
	for _, tc := range []struct {
		name, puzzle string
		proof        Proof
	}{
		// r1c9 must be 9 by singles in row 1 and must not be: no place.
		{"singles contradict", "12345678." + "........9" + strings.Repeat(".", 63), Propagation},
	} {
		g := lineGrid(t, tc.puzzle)
		r := New().Check(g, Options{})
		if r.Status != None || r.Proof != tc.proof {
			t.Errorf("%s: %v by %q, want none by %q", tc.name, r.Status, r.Proof, tc.proof)
		}
		checkProof(t, tc.name, g, r, true)
	}
	for _, line := range dataLines(t, "invalid/sudopedia.tsv") {
		f := strings.Split(line, "\t")
		if len(f) < 3 || f[2] != "no solution" || f[0] == "" {
			continue
		}
		g := lineGrid(t, f[1])
		if len(g.Clashes()) > 0 {
			continue
		}
		r := New().Check(g, Options{})
		if r.Status != None {
			t.Errorf("%s: %v, want none", f[0], r.Status)
		}
		checkProof(t, f[0], g, r, true)
		t.Logf("%s: none by %v", f[0], r.Proof)
	}
}

func TestProofKinds16x16(t *testing.T) {
	puzzles := dataLines(t, "large/16x16.unique.txt")
	k := 6
	if testing.Short() {
		k = 2
	}
	v := New()
	for i := 0; i < k; i++ {
		p := puzzles[i*len(puzzles)/k]
		g := lineGrid(t, p)
		r := v.Check(g, Options{})
		if r.Status != Unique {
			t.Fatalf("%s: %v, want unique", p, r.Status)
		}
		checkProof(t, p, g, r, true)
	}
}

// A long count stops soon after its context is done, with status unknown
// and the context's error; what it counted so far is a lower bound.
func TestCheckContextStopsCount(t *testing.T) {
	for _, s := range []grid.Shape{{BoxRows: 3, BoxCols: 3}, {BoxRows: 6, BoxCols: 6}} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		start := time.Now()
		r := New().CheckContext(ctx, grid.New(s), Options{CountLimit: 1 << 40})
		cancel()
		t.Logf("empty %s: stopped after %v with %d solutions", s, time.Since(start), r.Count)
		if r.Status != Unknown || !errors.Is(r.Err, context.DeadlineExceeded) || r.Exact() {
			t.Errorf("empty %s: %v (%v), exact %v; want unknown with the context's error", s, r.Status, r.Err, r.Exact())
		}
		for _, sol := range r.Solutions {
			if !grid.New(s).Solves(sol) {
				t.Errorf("empty %s: %s is not a solution", s, sol)
			}
		}
	}
}

// With Options.Check every verdict of unique or none is proved again by
// gophersat: the same results, no error, on royle17, top1465 and the
// puzzles with no solution; and a wrong verdict (a puzzle with several
// solutions called unique by search) is caught with ErrCheck.
func TestCheckSAT(t *testing.T) {
	var puzzles []string
	for i, p := range dataLines(t, "royle17/puzzles.txt") {
		if i%1000 == 0 {
			puzzles = append(puzzles, p)
		}
	}
	puzzles = append(puzzles, every(dataLines(t, "tdoku/top1465.txt"), 50)[:20]...)
	puzzles = append(puzzles, "12345678.........9"+strings.Repeat(".", 63))
	v := New()
	for _, p := range puzzles {
		g := lineGrid(t, p)
		want := v.Check(g, Options{})
		got := v.Check(g, Options{Check: true})
		if got.Err != nil || got.Status != want.Status || got.Proof != want.Proof || !slices.EqualFunc(got.Solutions, want.Solutions, grid.Grid.Equal) {
			t.Errorf("%s: with Check %v by %v (%v), without %v by %v", p, got.Status, got.Proof, got.Err, want.Status, want.Proof)
		}
	}
	for _, line := range dataLines(t, "tdoku/serg_multi.counts.tsv")[1:4] {
		g := lineGrid(t, strings.Split(line, "\t")[0])
		r := v.Check(g, Options{})
		if r.Status != Multiple {
			t.Fatalf("%s: %v, want multiple", g, r.Status)
		}
		wrong := Result{Status: Unique, Solutions: r.Solutions[:1], Count: 1, Limit: 2, Proof: Search}
		if got := wrong.checked(g, sat.New(g.Shape)); !errors.Is(got.Err, ErrCheck) {
			t.Errorf("%s: unique by search with a second solution: checked gives %v, want ErrCheck", g, got.Err)
		}
		none := Result{Status: None, Limit: 2, Proof: Propagation}
		if got := none.checked(g, sat.New(g.Shape)); !errors.Is(got.Err, ErrCheck) {
			t.Errorf("%s: none by propagation with solutions: checked gives %v, want ErrCheck", g, got.Err)
		}
	}
}

// Past the search's node budget the SAT solver proves the verdict, and its
// certificate checks too; the solutions and witnesses are the same.
func TestProofSAT(t *testing.T) {
	defer func(b int) { verdictBudget = b }(verdictBudget)
	var puzzles []string
	puzzles = append(puzzles, every(dataLines(t, "tdoku/top1465.txt"), 100)[:8]...)
	for _, line := range dataLines(t, "tdoku/serg_multi.counts.tsv")[1:5] {
		puzzles = append(puzzles, strings.Split(line, "\t")[0])
	}
	puzzles = append(puzzles, dataLines(t, "royle17/puzzles.txt")[:3]...)
	for i, p := range puzzles {
		g := lineGrid(t, p)
		verdictBudget = 20000
		want := New().Check(g, Options{})
		verdictBudget = 3
		got := New().Check(g, Options{})
		if got.Status != want.Status || got.Err != nil || !slices.EqualFunc(got.Solutions, want.Solutions, grid.Grid.Equal) && got.Status != Multiple {
			t.Errorf("%s: %v (%v) with a budget of 3 nodes, %v without", p, got.Status, got.Err, want.Status)
		}
		if (got.Status == Unique || got.Status == None) && want.Proof == Search && got.Proof != SAT {
			t.Errorf("%s: %v by %v with a budget of 3 nodes, want sat", p, got.Status, got.Proof)
		}
		checkProof(t, p, g, got, i%3 == 0)
	}
	if !satCaught {
		t.Errorf("no sat proof failed with one lemma taken out")
	}
}

// A count that comes out exactly zero or one after branching is proved by
// the same search, without gophersat, and its certificate checks.
func TestCountProof(t *testing.T) {
	v := New()
	for _, p := range []string{
		dataLines(t, "tdoku/top1465.txt")[0],           // unique after branching
		strings.TrimSpace(nonePuzzle(t)),               // none after branching
		"12345678.........9" + strings.Repeat(".", 63), // none at the root
	} {
		g := lineGrid(t, p)
		r := v.Check(g, Options{CountLimit: 1000})
		if r.Count > 1 || !r.Exact() || (r.Proof != Search && r.Proof != Propagation) {
			t.Errorf("%s: count %d (exact %v) by %v, want 0 or 1 by search or propagation", p, r.Count, r.Exact(), r.Proof)
		}
		checkProof(t, p, g, r, true)
	}
}

// nonePuzzle returns a puzzle with no solution that needs a branch to tell:
// a top1465 puzzle with one more clue that differs from its solution.
func nonePuzzle(t *testing.T) string {
	t.Helper()
	top, sols := dataLines(t, "tdoku/top1465.txt"), dataLines(t, "tdoku/top1465.solutions.txt")
	for j, p := range top {
		for c := range p {
			if p[c] != '.' {
				continue
			}
			q := []byte(p)
			q[c] = '1' + (sols[j][c]-'1'+1)%9
			g := lineGrid(t, string(q))
			if len(g.Clashes()) > 0 {
				continue
			}
			if r := New().Check(g, Options{}); r.Status == None && r.Proof == Search {
				return string(q)
			}
		}
	}
	t.Fatal("no top1465 puzzle with one wrong clue needs a branch to show it has no solution")
	return ""
}
