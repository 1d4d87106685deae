package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/verify"
)

// registerProof adds verify's --proof.
func (o *verifyOptions) registerProof(cmd *cobra.Command) {
	cmd.Flags().StringVar(&o.proof, "proof", "", "write DIR/<index>.cnf and DIR/<index>.drat, a DRAT proof, for every unique and none verdict (index as in --json)")
}

// proofWriter writes the certificates of a run into the --proof folder,
// whole or not at all, as output.File does for one file, but durable in
// batches: each file streams into a temporary file beside its name, and
// every proofBatch files, every second and at the end, one sync of the
// file system makes the batch's data durable before its files are renamed
// into place and the folder is synced. A sync per file (two per proof,
// with the folder's) took 8 ms a proof on this machine, a thousand times
// what writing the proof of a 17-clue puzzle costs.
type proofWriter struct {
	dir     string
	pending []pendingProof
	since   time.Time // when the oldest pending file was written
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

func newProofWriter(dir string) *proofWriter { return &proofWriter{dir: dir} }

// write writes the certificate of c's verdict, when it is unique or none:
// the CNF and its DRAT proof of unsatisfiability, named by the puzzle's
// index.
func (pw *proofWriter) write(ctx context.Context, c verdict) error {
	if c.status != "unique" && c.status != "none" {
		return nil
	}
	base := filepath.Join(pw.dir, fmt.Sprint(c.rec.Index))
	var files [2]*os.File // until they are pending
	defer func() {
		for _, f := range files {
			if f != nil {
				f.Close()
				os.Remove(f.Name())
			}
		}
	}()
	for i, ext := range []string{".cnf", ".drat"} {
		f, err := os.CreateTemp(pw.dir, "."+filepath.Base(base)+ext+".*.tmp")
		if err != nil {
			return &exitError{code: exitUsage, err: fmt.Errorf("write %s: %w", base+ext, err)}
		}
		files[i] = f
	}
	if err := verify.WriteCertificateContext(ctx, files[0], files[1], c.rec.Grid, c.result); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("%s:%d: proof: %w", c.file, c.rec.Line, err)
	}
	if len(pw.pending) == 0 {
		pw.since = time.Now()
	}
	for i, ext := range []string{".cnf", ".drat"} {
		f := files[i]
		err := f.Chmod(0o644)
		if err == nil && !syncBatches {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return &exitError{code: exitUsage, err: fmt.Errorf("write %s: %w", base+ext, err)}
		}
		pw.pending = append(pw.pending, pendingProof{f.Name(), base + ext})
		files[i] = nil
	}
	if len(pw.pending) >= proofBatch || time.Since(pw.since) > time.Second {
		return pw.flush()
	}
	return nil
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

// abort removes the pending files, leaving their paths as they were.
func (pw *proofWriter) abort() {
	for _, p := range pw.pending {
		os.Remove(p.tmp)
	}
	pw.pending = nil
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
