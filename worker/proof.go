package worker

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sudokugen/sudokugen/sat"
	"github.com/sudokugen/sudokugen/verify"
)

// The proofs of a batch travel with its results, and the pool holds a
// batch's results until the batches before it are out, so the bytes of
// proof a batch carries are bounded: past batchProofs of them, or for a
// proof past proofInMemory, a job with a ProofTemp writes its proof to a
// file, and the result carries the file's name. Most proofs are a few
// hundred bytes (the search of a 17-clue puzzle); gophersat's of a hard
// 16x16 can run to megabytes. (Variables for the tests.)
var (
	batchProofs   = 4 << 20
	proofInMemory = 256 << 10
)

// prove runs verify job j with its proof.
func (r *runner) prove(ctx context.Context, j Job, opts verify.Options) Result {
	res := Result{Index: j.Index}
	sink := r.sink(j, "drat")
	var err error
	res.Verify, err = r.ver.CheckProof(ctx, j.Grid, opts, sink)
	if err == nil {
		res.DRAT, res.DRATFile, err = sink.finish()
	}
	if err == nil && j.ProofCNF && j.ProofTemp != "" && (res.DRAT != nil || res.DRATFile != "") {
		res.CNFFile, err = r.writeCNF(j, res.Verify)
	}
	if err != nil {
		sink.Reset()
		if res.DRATFile != "" {
			os.Remove(res.DRATFile)
		}
		res.DRAT, res.DRATFile = nil, ""
		res.Err = fmt.Errorf("proof: %w", err)
	}
	r.held += len(res.DRAT)
	return res
}

// proveCandidate runs CandidateProof job j.
func (r *runner) proveCandidate(ctx context.Context, j Job) Result {
	res := Result{Index: j.Index}
	g := j.Grid
	if j.Cell < 0 || j.Cell >= len(g.Cells) || g.Cells[j.Cell] != 0 || j.Digit < 1 || int(j.Digit) > g.N() {
		res.Err = fmt.Errorf("proof: no candidate %d of cell %d to prove out", j.Digit, j.Cell)
		return res
	}
	if r.prover == nil || !r.prover.Of(g) {
		r.prover = verify.NewCandidateProver(g)
	}
	drat, cnf := r.sink(j, "drat"), r.sink(j, "cnf")
	if j.ProofTemp != "" {
		// the CNF, the same rules every time, to a file here, not across
		// the pipe: hundreds of kilobytes for a variant
		cnf.limit = 0
	}
	_, err := r.prover.Write(ctx, cnf, drat, j.Cell, j.Digit)
	if err == nil {
		res.DRAT, res.DRATFile, err = drat.finish()
		r.held += len(res.DRAT)
	}
	if err == nil {
		res.CNF, res.CNFFile, err = cnf.finish()
		r.held += len(res.CNF)
	}
	if err != nil {
		drat.Reset()
		cnf.Reset()
		for _, f := range []string{res.DRATFile, res.CNFFile} {
			if f != "" {
				os.Remove(f)
			}
		}
		res.DRAT, res.DRATFile, res.CNF, res.CNFFile = nil, "", nil, ""
		res.Err = fmt.Errorf("proof: %w", err)
	}
	return res
}

// sink returns the sink of a proof's file of job j, ext "drat" or "cnf":
// in memory within the bytes a batch may carry, past them in a
// temporary file when j has a ProofTemp.
func (r *runner) sink(j Job, ext string) *spillSink {
	s := &spillSink{limit: -1}
	if j.ProofTemp != "" {
		s.limit = max(min(proofInMemory, batchProofs-r.held), 0)
		s.temp = fmt.Sprintf("%s%d.%s.", j.ProofTemp, j.Index, ext)
	}
	return s
}

// writeCNF writes the CNF that the proof of verdict v on job j's puzzle
// refutes to a new temporary file, and returns its name: making it here,
// in parallel with the other workers, rather than in the pool's process,
// cost a killer's run a third of its time with proofs.
func (r *runner) writeCNF(j Job, v verify.Result) (string, error) {
	var extra [][]int
	if v.Status == verify.Unique {
		extra = [][]int{sat.Blocking(j.Grid, v.Solutions[0])}
	}
	dir, base := filepath.Split(fmt.Sprintf("%s%d.cnf.", j.ProofTemp, j.Index))
	f, err := os.CreateTemp(dir, base+"*.tmp")
	if err != nil {
		return "", err
	}
	err = r.dimacs.WriteAssuming(f, j.Grid, v.Assumed, extra...)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// spillSink is a verify.ProofSink that holds the proof in memory up to
// limit bytes (no bound when negative) and past it in a temporary file
// whose name begins with temp.
type spillSink struct {
	buf   bytes.Buffer
	limit int
	temp  string
	f     *os.File
	err   error
}

func (s *spillSink) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.f == nil && s.limit >= 0 && s.buf.Len()+len(p) > s.limit {
		dir, base := filepath.Split(s.temp)
		if s.f, s.err = os.CreateTemp(dir, base+"*.tmp"); s.err != nil {
			return 0, s.err
		}
		if _, s.err = s.f.Write(s.buf.Bytes()); s.err != nil {
			return 0, s.err
		}
		s.buf.Reset()
	}
	if s.f != nil {
		var n int
		n, s.err = s.f.Write(p)
		return n, s.err
	}
	return s.buf.Write(p)
}

// Reset drops what the sink holds, and its file.
func (s *spillSink) Reset() {
	s.buf.Reset()
	if s.f != nil {
		s.f.Close()
		os.Remove(s.f.Name())
		s.f = nil
	}
	s.err = nil
}

// finish returns the proof: its bytes, or the name of the complete file
// that holds it.
func (s *spillSink) finish() ([]byte, string, error) {
	if s.err != nil {
		return nil, "", s.err
	}
	if s.f == nil {
		if s.buf.Len() == 0 {
			return nil, "", nil
		}
		return s.buf.Bytes(), "", nil
	}
	f := s.f
	err := f.Chmod(0o644)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	s.f = nil
	if err != nil {
		os.Remove(f.Name())
		return nil, "", err
	}
	return nil, f.Name(), nil
}
