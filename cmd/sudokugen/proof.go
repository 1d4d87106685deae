package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/output"
	"github.com/sudokugen/sudokugen/verify"
)

// registerProof adds verify's --proof.
func (o *verifyOptions) registerProof(cmd *cobra.Command) {
	cmd.Flags().StringVar(&o.proof, "proof", "", "write DIR/<index>.cnf and DIR/<index>.drat, a DRAT proof, for every unique and none verdict (index as in --json)")
}

// writeProof writes the certificate of c's verdict into dir, when it is
// unique or none: the CNF and its DRAT proof of unsatisfiability. Both
// stream into temporary files beside their names, put in place only when
// whole, so memory stays flat however long the proof.
func writeProof(ctx context.Context, dir string, c verdict) error {
	if c.status != "unique" && c.status != "none" {
		return nil
	}
	base := filepath.Join(dir, fmt.Sprint(c.rec.Index))
	var files [2]*output.File
	for i, ext := range []string{".cnf", ".drat"} {
		f, err := output.Create(base + ext)
		if err != nil {
			return &exitError{code: exitUsage, err: err}
		}
		defer f.Abort()
		files[i] = f
	}
	if err := verify.WriteCertificateContext(ctx, files[0], files[1], c.rec.Grid, c.result); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("%s:%d: proof: %w", c.file, c.rec.Line, err)
	}
	for _, f := range files {
		if err := f.Commit(); err != nil {
			return &exitError{code: exitUsage, err: err}
		}
	}
	return nil
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
