package worker

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/verify"
)

// A Candidates job gives the same answer in a worker process as in this
// one, its error included.
func TestCandidatesJob(t *testing.T) {
	several, err := formats.Parse(".........9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1....")
	if err != nil {
		t.Fatal(err)
	}
	clash := several.Clone()
	clash.Cells[0] = 9
	want := verify.New().Candidates(t.Context(), several, verify.CandidateOptions{CountLimit: 10})
	for _, workers := range []int{0, 1} {
		p, _ := testPool(t, testConfig{workers: workers})
		res, err := runJobs(t, p, []Job{{Kind: Candidates, Grid: several, CountLimit: 10}, {Index: 1, Kind: Candidates, Grid: clash, CountLimit: 10}})
		if err != nil || len(res) != 2 {
			t.Fatalf("%d workers: %d results, %v", workers, len(res), err)
		}
		got := res[0].Candidates
		if got.Status != want.Status || got.Count != want.Count || !slices.Equal(got.Masks, want.Masks) || !slices.Equal(got.Out, want.Out) || len(got.Solutions) != 2 {
			t.Errorf("%d workers: %v %d %x, want %v %d %x", workers, got.Status, got.Count, got.Masks, want.Status, want.Count, want.Masks)
		}
		bad := res[1].Candidates
		if bad.Status != verify.Invalid || bad.Err == nil || !strings.Contains(bad.Err.Error(), "repeats") {
			t.Errorf("%d workers: a clash gives %v, %v", workers, bad.Status, bad.Err)
		}
	}
}

// candidateProofJobs returns CandidateProof jobs for some candidates out
// of puzzles, those of each puzzle taking turns with the others', and the
// CNF and proof of each that verify.WriteCandidateProof writes.
func candidateProofJobs(t *testing.T, puzzles ...grid.Grid) (jobs []Job, wantCNF, wantDRAT [][]byte) {
	t.Helper()
	for round := range 4 {
		for _, g := range puzzles {
			c := verify.TrueCandidates(t.Context(), g, verify.CandidateOptions{CountLimit: 10})
			n, seen := g.N(), 0
			for k, p := range c.Out {
				if p == verify.NoProof {
					continue
				}
				if seen++; seen != 5*round+1 {
					continue
				}
				var cnf, drat bytes.Buffer
				if _, err := verify.WriteCandidateProof(t.Context(), &cnf, &drat, g, k/n, uint8(k%n+1)); err != nil {
					t.Fatal(err)
				}
				jobs = append(jobs, Job{Index: len(jobs), Kind: CandidateProof, Grid: g, Cell: k / n, Digit: uint8(k%n + 1)})
				wantCNF, wantDRAT = append(wantCNF, cnf.Bytes()), append(wantDRAT, drat.Bytes())
			}
		}
	}
	return jobs, wantCNF, wantDRAT
}

// CandidateProof jobs give the proofs that verify.WriteCandidateProof
// writes, in this process and in workers, their CNFs in files with a
// ProofTemp and in memory without, for puzzles whose jobs take turns (a
// worker keeps what one puzzle's proofs share); a cell that is not empty
// gets an error.
func TestCandidateProofJobs(t *testing.T) {
	classic, err := formats.Parse(".........9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1....")
	if err != nil {
		t.Fatal(err)
	}
	variant, err := generate.ParseVariant("killer")
	if err != nil {
		t.Fatal(err)
	}
	killer, err := generate.New().Puzzle(1, 0, generate.Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Variant: variant})
	if err != nil {
		t.Fatal(err)
	}
	jobs, wantCNF, wantDRAT := candidateProofJobs(t, classic, killer.Grid)
	given := slices.IndexFunc(classic.Cells, func(d uint8) bool { return d != 0 })
	jobs = append(jobs, Job{Index: len(jobs), Kind: CandidateProof, Grid: classic, Cell: given, Digit: 1})
	temp := filepath.Join(t.TempDir(), ".run-")
	for _, tc := range []struct {
		workers int
		temp    string
	}{{0, ""}, {0, temp}, {2, temp}} {
		for i := range jobs {
			jobs[i].ProofTemp = tc.temp
		}
		// a timeout keeps a short run off this process
		p, _ := testPool(t, testConfig{workers: tc.workers, timeout: time.Minute})
		res, err := runJobs(t, p, jobs)
		if err != nil || len(res) != len(jobs) {
			t.Fatalf("workers %d: %d results, %v", tc.workers, len(res), err)
		}
		if st := p.Stats(); st.Workers != tc.workers {
			t.Fatalf("workers %d: the jobs ran on %d worker processes", tc.workers, st.Workers)
		}
		for i, r := range res[:len(res)-1] {
			if r.Err != nil {
				t.Fatalf("workers %d: job %d: %v", tc.workers, i, r.Err)
			}
			if tc.temp != "" && (r.CNFFile == "" || r.CNF != nil) {
				t.Errorf("workers %d: job %d: the CNF in memory, not in a file", tc.workers, i)
			}
			cnf := r.CNF
			if r.CNFFile != "" {
				if cnf, err = os.ReadFile(r.CNFFile); err != nil {
					t.Fatal(err)
				}
				os.Remove(r.CNFFile)
			}
			if !bytes.Equal(cnf, wantCNF[i]) || !bytes.Equal(proofOf(t, r), wantDRAT[i]) {
				t.Errorf("workers %d: job %d (cell %d, digit %d): not the files WriteCandidateProof writes", tc.workers, i, jobs[i].Cell, jobs[i].Digit)
			}
		}
		if r := res[len(res)-1]; r.Err == nil || r.DRAT != nil || r.CNFFile != "" {
			t.Errorf("workers %d: the proof of a digit of a given cell: %v", tc.workers, r.Err)
		}
	}
	if left, _ := filepath.Glob(temp + "*"); len(left) > 0 {
		t.Errorf("files left behind: %v", left)
	}
}
