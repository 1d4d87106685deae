package main

import (
	"bytes"
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
// unique or none: the CNF and its DRAT proof of unsatisfiability.
func writeProof(dir string, c verdict) error {
	r := c.result
	if c.status != "unique" && c.status != "none" {
		return nil
	}
	var cnf, drat bytes.Buffer
	if err := verify.WriteCertificate(&cnf, &drat, c.rec.Grid, r); err != nil {
		return fmt.Errorf("%s:%d: proof: %w", c.file, c.rec.Line, err)
	}
	base := filepath.Join(dir, fmt.Sprint(c.rec.Index))
	for _, f := range []struct {
		path string
		data []byte
	}{{base + ".cnf", cnf.Bytes()}, {base + ".drat", drat.Bytes()}} {
		if err := writeWhole(f.path, f.data); err != nil {
			return &exitError{code: exitUsage, err: err}
		}
	}
	return nil
}

// writeWhole writes data to path whole or not at all.
func writeWhole(path string, data []byte) error {
	f, err := output.Create(path)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
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
