package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/sat"
	"github.com/sudokugen/sudokugen/verify"
	"github.com/sudokugen/sudokugen/worker"
)

// registerProof adds verify's --proof and --proof-cnf.
func (o *verifyOptions) registerProof(cmd *cobra.Command) {
	cmd.Flags().StringVar(&o.proof, "proof", "", "write DIR/<index>.drat, a DRAT proof, and DIR/<index>.cnf, the CNF it refutes, for every unique and none verdict (index as in --json)")
	cmd.Flags().BoolVar(&o.proofCNF, "proof-cnf", true, "with --proof, write each proof's CNF beside it (false: the DRAT files alone)")
}

// proofWriter writes the certificates of a run into the --proof folder,
// whole or not at all, as output.File does for one file, but durable in
// batches: each file streams into a temporary file beside its name, and
// every proofBatch files, every second and at the end, one sync of the
// file system makes the batch's data durable before its files are renamed
// into place and the folder is synced. A sync per file (two per proof,
// with the folder's) took 8 ms a proof on this machine, a thousand times
// what writing the proof of a 17-clue puzzle costs.
//
// The proofs themselves come from the workers, made by the search or the
// solve that reached each verdict (worker.Job.Proof): in the result, or,
// when large, in a temporary file of the folder that the worker wrote,
// whose name begins with temp. This writer only puts them in place, with
// their CNFs, in input order.
type proofWriter struct {
	dir     string
	cnf     bool   // write the CNF beside each proof
	temp    string // the start of the names of the workers' temporary files
	pending []pendingProof
	since   time.Time // when the oldest pending file was written
	dimacs  sat.DIMACS
}

// pendingProof is a complete file waiting to be put in place.
type pendingProof struct{ tmp, path string }

// proofBatch is the most files a batch holds; a batch of fewer than
// syncEachBelow is synced file by file. A sync of the file system took
// 0.8 s on the loaded machine where a file's took a few milliseconds.
const (
	proofBatch    = 512
	syncEachBelow = 16
)

// syncFile makes the data of the file at path durable.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func newProofWriter(dir string, cnf bool) *proofWriter {
	return &proofWriter{dir: dir, cnf: cnf, temp: filepath.Join(dir, fmt.Sprintf(".sudokugen-%d-", os.Getpid())), dimacs: sat.DIMACS{Plain: true}}
}

// job sets job to ask the workers for the proofs.
func (pw *proofWriter) job(job worker.Job) worker.Job {
	job.Proof, job.ProofCNF, job.ProofTemp = true, pw.cnf, pw.temp
	return job
}

// write puts the certificate of c's verdict in place, when it is unique or
// none: its DRAT proof and the CNF it refutes, named by the puzzle's
// index. For any other verdict it removes the proof's file, if any.
func (pw *proofWriter) write(ctx context.Context, c verdict) error {
	if c.status != "unique" && c.status != "none" {
		c.removeFiles()
		return nil
	}
	base := filepath.Join(pw.dir, fmt.Sprint(c.rec.Index))
	var files []pendingProof
	fail := func(err error) error {
		for _, f := range files {
			os.Remove(f.tmp)
		}
		c.removeFiles()
		return err
	}
	switch {
	case c.cnfFile != "":
		var err error
		if !syncBatches {
			err = syncFile(c.cnfFile)
		}
		if err != nil {
			return fail(err)
		}
		files = append(files, pendingProof{c.cnfFile, base + ".cnf"})
	case pw.cnf:
		tmp, err := pw.create(base+".cnf", func(f *os.File) error {
			var extra [][]int
			if c.result.Status == verify.Unique {
				extra = [][]int{sat.Blocking(c.rec.Grid, c.result.Solutions[0])}
			}
			return pw.dimacs.WriteAssuming(f, c.rec.Grid, c.result.Assumed, extra...)
		})
		if err != nil {
			return fail(err)
		}
		files = append(files, pendingProof{tmp, base + ".cnf"})
	}
	var tmp string
	var err error
	switch {
	case c.dratFile != "":
		tmp = c.dratFile
		if !syncBatches {
			err = syncFile(tmp)
		}
	case c.drat != nil:
		tmp, err = pw.create(base+".drat", func(f *os.File) error {
			_, err := f.Write(c.drat)
			return err
		})
	case c.result.Proof == verify.Outside:
		// An outside solver's word is no proof: gophersat's certified
		// solve makes one.
		tmp, err = pw.create(base+".drat", func(f *os.File) error {
			err := verify.WriteCertificateContext(ctx, io.Discard, f, c.rec.Grid, c.result)
			if err != nil && ctx.Err() != nil {
				return ctx.Err()
			}
			return err
		})
	default:
		err = fmt.Errorf("%s:%d: proof: no proof came with the verdict %s by %s", c.file, c.rec.Line, c.status, c.result.Proof)
	}
	if err != nil {
		return fail(err)
	}
	files = append(files, pendingProof{tmp, base + ".drat"})
	return pw.add(files)
}

// add queues complete files to be put in place, and puts the queue in
// place when it is due.
func (pw *proofWriter) add(files []pendingProof) error {
	if len(pw.pending) == 0 {
		pw.since = time.Now()
	}
	pw.pending = append(pw.pending, files...)
	if len(pw.pending) >= proofBatch || time.Since(pw.since) > time.Second {
		return pw.flush()
	}
	return nil
}

// candidate puts in place the proof that a candidate of puzzle rec is
// out, the result r of a worker.CandidateProof job: DIR/<index>-r<R>c<C>-
// <digit>.cnf and .drat. On a failure it removes the worker's files.
func (pw *proofWriter) candidate(rec formats.Record, r worker.Result) error {
	n := rec.Grid.N()
	cell, d := r.Index/n, r.Index%n+1
	base := filepath.Join(pw.dir, fmt.Sprintf("%d-r%dc%d-%d", rec.Index, cell/n+1, cell%n+1, d))
	var files []pendingProof
	fail := func(err error) error {
		for _, f := range files {
			os.Remove(f.tmp)
		}
		for _, f := range []string{r.CNFFile, r.DRATFile} {
			if f != "" {
				os.Remove(f)
			}
		}
		return err
	}
	if r.Err != nil {
		return fail(&exitError{code: exitUsage, err: fmt.Errorf("--proof: %s: %w", base, r.Err)})
	}
	for _, f := range []struct {
		ext, file string
		data      []byte
	}{{".cnf", r.CNFFile, r.CNF}, {".drat", r.DRATFile, r.DRAT}} {
		tmp, err := f.file, error(nil)
		if tmp != "" && !syncBatches {
			err = syncFile(tmp)
		} else if tmp == "" {
			tmp, err = pw.create(base+f.ext, func(w *os.File) error {
				_, err := w.Write(f.data)
				return err
			})
		}
		if err != nil {
			return fail(err)
		}
		files = append(files, pendingProof{tmp, base + f.ext})
	}
	return pw.add(files)
}

// removeFiles removes the files the worker wrote for c's proof.
func (c verdict) removeFiles() {
	for _, f := range []string{c.dratFile, c.cnfFile} {
		if f != "" {
			os.Remove(f)
		}
	}
}

// create writes a temporary file beside path with fill, and returns its
// name; on failure there is no file.
func (pw *proofWriter) create(path string, fill func(*os.File) error) (string, error) {
	f, err := os.CreateTemp(pw.dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return "", &exitError{code: exitUsage, err: fmt.Errorf("write %s: %w", path, err)}
	}
	if err := fill(f); err != nil {
		f.Close()
		os.Remove(f.Name())
		var ee *exitError
		if errors.As(err, &ee) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return "", err
		}
		return "", &exitError{code: exitUsage, err: fmt.Errorf("write %s: %w", path, err)}
	}
	err = f.Chmod(0o644)
	if err == nil && !syncBatches {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", &exitError{code: exitUsage, err: fmt.Errorf("write %s: %w", path, err)}
	}
	return f.Name(), nil
}

// flush makes the pending files durable and puts them in place.
func (pw *proofWriter) flush() error {
	if len(pw.pending) == 0 {
		return nil
	}
	if syncBatches {
		// A sync of the file system writes out every file waiting there,
		// the other programs' too: worth it for a batch, not for a few
		// files, which are synced one by one.
		var err error
		if len(pw.pending) >= syncEachBelow {
			err = syncFileSystem(pw.dir)
		} else {
			for _, p := range pw.pending {
				if err = syncFile(p.tmp); err != nil {
					break
				}
			}
		}
		if err != nil {
			pw.abort()
			return &exitError{code: exitUsage, err: fmt.Errorf("--proof: sync %s: %w", pw.dir, err)}
		}
	}
	for i, p := range pw.pending {
		if err := os.Rename(p.tmp, p.path); err != nil {
			pw.pending = pw.pending[i:]
			pw.abort()
			return &exitError{code: exitUsage, err: fmt.Errorf("write %s: %w", p.path, err)}
		}
	}
	pw.pending = pw.pending[:0]
	// Make the renames durable where the system allows it; a failure here
	// does not undo complete files.
	if d, err := os.Open(pw.dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// abort removes the pending files, leaving their paths as they were, and
// the files of proofs that the workers made but the run did not reach.
func (pw *proofWriter) abort() {
	for _, p := range pw.pending {
		os.Remove(p.tmp)
	}
	pw.pending = nil
	left, _ := filepath.Glob(pw.temp + "*.tmp")
	for _, name := range left {
		os.Remove(name)
	}
}

// makeProofDir creates the --proof folder if it is missing.
func makeProofDir(dir string) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return &exitError{code: exitUsage, err: fmt.Errorf("--proof: %w", err)}
	}
	return nil
}
