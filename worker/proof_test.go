package worker

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/sat"
	"github.com/sudokugen/sudokugen/verify"
)

// proofJobs returns verify jobs with proofs on a sample of royle17 and
// top1465, and what verify.CheckProof gives for each in this process.
func proofJobs(t *testing.T, temp string) (jobs []Job, want [][]byte) {
	t.Helper()
	var lines []string
	royle := gridtest.Lines(t, "royle17/puzzles.txt")
	for i := 0; i < len(royle); i += 500 {
		lines = append(lines, royle[i])
	}
	top := gridtest.Lines(t, "tdoku/top1465.txt")
	for i := 0; i < len(top); i += 50 {
		lines = append(lines, top[i])
	}
	v := verify.New()
	for i, l := range lines {
		g := gridtest.Line(t, l)
		jobs = append(jobs, Job{Index: i, Kind: Verify, Grid: g, CountLimit: 2, Proof: true, ProofTemp: temp})
		var proof bytes.Buffer
		if _, err := v.CheckProof(context.Background(), g, verify.Options{}, &proof); err != nil {
			t.Fatal(err)
		}
		want = append(want, proof.Bytes())
	}
	return jobs, want
}

// proofOf returns the proof a result carries, in memory or in its file,
// and removes the file.
func proofOf(t *testing.T, r Result) []byte {
	t.Helper()
	if r.DRATFile == "" {
		return r.DRAT
	}
	if r.DRAT != nil {
		t.Errorf("job %d: a proof both in memory and in %s", r.Index, r.DRATFile)
	}
	b, err := os.ReadFile(r.DRATFile)
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(r.DRATFile)
	return b
}

// The proofs come back from worker processes as verify.CheckProof makes
// them here, for every count of workers, with their CNFs.
func TestProofsCrossThePipe(t *testing.T) {
	temp := filepath.Join(t.TempDir(), ".run-")
	jobs, want := proofJobs(t, temp)
	for i := range jobs {
		jobs[i].ProofCNF = true
	}
	for _, workers := range []int{0, 2} {
		p, _ := testPool(t, testConfig{workers: workers})
		res, err := runJobs(t, p, jobs)
		if err != nil {
			t.Fatalf("workers %d: %v", workers, err)
		}
		for i, r := range res {
			if r.Err != nil || r.Verify.Status != verify.Unique {
				t.Fatalf("workers %d: job %d: %v (%v)", workers, i, r.Verify.Status, r.Err)
			}
			if got := proofOf(t, r); !bytes.Equal(got, want[i]) {
				t.Errorf("workers %d: job %d: a proof of %d bytes, want %d", workers, i, len(got), len(want[i]))
			}
			var cnf bytes.Buffer
			if err := sat.WriteDIMACS(&cnf, jobs[i].Grid, sat.Blocking(jobs[i].Grid, r.Verify.Solutions[0])); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(r.CNFFile)
			if err != nil || !bytes.Equal(got, cnf.Bytes()) {
				t.Errorf("workers %d: job %d: the CNF file %q differs from WriteDIMACS's (%v)", workers, i, r.CNFFile, err)
			}
			os.Remove(r.CNFFile)
		}
	}
}

// Past the bytes a batch may carry, and for a proof past the bound of one
// in memory, proofs go to files; without ProofTemp they all stay in memory.
func TestProofsSpill(t *testing.T) {
	defer func(b, m int) { batchProofs, proofInMemory = b, m }(batchProofs, proofInMemory)
	dir := t.TempDir()
	jobs, want := proofJobs(t, filepath.Join(dir, ".run-"))
	batchProofs, proofInMemory = 2000, 600
	r := newRunner(nil)
	files, inMemory := 0, 0
	for i, j := range jobs {
		res := r.run(context.Background(), j)
		if res.Err != nil {
			t.Fatalf("job %d: %v", i, res.Err)
		}
		switch {
		case res.DRATFile != "":
			files++
		case len(res.DRAT) > proofInMemory:
			t.Errorf("job %d: %d bytes of proof in memory, more than %d", i, len(res.DRAT), proofInMemory)
		default:
			inMemory++
		}
		if r.held > batchProofs {
			t.Errorf("job %d: %d bytes of proofs held in the batch, more than %d", i, r.held, batchProofs)
		}
		if got := proofOf(t, res); !bytes.Equal(got, want[i]) {
			t.Errorf("job %d: a proof of %d bytes, want %d", i, len(got), len(want[i]))
		}
	}
	if files == 0 || inMemory == 0 {
		t.Errorf("%d proofs in files, %d in memory; want some of each", files, inMemory)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) > 0 {
		t.Errorf("files left behind: %v", left)
	}
	r = newRunner(nil)
	for i, j := range jobs {
		j.ProofTemp = ""
		if res := r.run(context.Background(), j); res.DRATFile != "" || !bytes.Equal(res.DRAT, want[i]) {
			t.Errorf("job %d without ProofTemp: file %q, %d bytes in memory; want %d in memory", i, res.DRATFile, len(res.DRAT), len(want[i]))
		}
	}
}
