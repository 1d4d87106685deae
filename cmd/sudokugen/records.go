package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/sudokugen/sudokugen/output"
)

// writeRecords gives write a buffer for whole records and a commit function
// to call after each: committed records go to stdout, or into the file at
// path. The file is written whole or not at all: a temporary file beside
// it is synced and renamed over path only when write succeeds, so a run
// that fails (a full disk, --timeout, a failed worker, --max-puzzles, an
// interrupt) leaves any earlier file at path as it was.
func writeRecords(path string, stdout io.Writer, write func(commit func() error, w io.Writer) error) error {
	_, err := recordsTo(path, stdout, false, write)
	return err
}

// writeKeptRecords is writeRecords for records worth keeping when the run
// stops early, as generated puzzles are: unless writing itself failed, the
// complete records committed go in place, and kept reports it so the
// caller can say so. A record is never cut in half.
func writeKeptRecords(path string, stdout io.Writer, write func(commit func() error, w io.Writer) error) (kept bool, err error) {
	return recordsTo(path, stdout, true, write)
}

func recordsTo(path string, stdout io.Writer, keep bool, write func(commit func() error, w io.Writer) error) (bool, error) {
	var buf bytes.Buffer
	var dst io.Writer = stdout
	var f *output.File
	if path != "" && path != "-" {
		var err error
		if f, err = output.Create(path); err != nil {
			return false, &exitError{code: exitUsage, err: err}
		}
		defer f.Abort()
		dst = f
	}
	var werr error // the first failed write; nothing is written after it
	wrote := false // some records went out
	last := time.Now()
	push := func() error {
		if buf.Len() == 0 || werr != nil {
			return werr
		}
		_, err := dst.Write(buf.Bytes())
		buf.Reset()
		last = time.Now()
		if err != nil {
			werr = &exitError{code: exitUsage, err: writeError(path, err)}
		}
		wrote = true
		return werr
	}
	commit := func() error {
		if buf.Len() >= 32<<10 || time.Since(last) > 100*time.Millisecond {
			return push()
		}
		return nil
	}
	err := write(commit, &buf)
	// A record written after the last commit is whole too, since
	// TextWriter writes records whole when flushed.
	if perr := push(); err == nil {
		err = perr
	}
	if werr != nil {
		return false, werr
	}
	if f == nil {
		return true, err
	}
	if err != nil && (!keep || !wrote) {
		return false, err // f.Abort leaves the earlier file
	}
	if ferr := f.Commit(); ferr != nil {
		return false, &exitError{code: exitUsage, err: ferr}
	}
	return true, err
}

// writeError names the output in a failed write: the path given, not the
// temporary file beside it.
func writeError(path string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if path == "" || path == "-" {
		return fmt.Errorf("write output: %w", err)
	}
	return fmt.Errorf("write %s: %w", path, err)
}
