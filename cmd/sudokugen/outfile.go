package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/sudokugen/sudokugen/output"
)

// writeOutput runs write on standard output, or, with a path, on a
// temporary file beside it that is renamed over path only when write has
// finished and the data is on disk. An interrupted or failed run leaves
// any earlier file at path as it was and no partial file behind.
func writeOutput(path string, stdout io.Writer, write func(*bufio.Writer) error) error {
	if path == "" || path == "-" {
		w := bufio.NewWriterSize(stdout, 64<<10)
		if err := write(w); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return &exitError{code: exitUsage, err: fmt.Errorf("write output: %w", err)}
		}
		return nil
	}
	f, err := output.Create(path)
	if err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	defer f.Abort()
	w := bufio.NewWriterSize(f, 64<<10)
	if err := write(w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return &exitError{code: exitUsage, err: fmt.Errorf("write %s: %w", path, err)}
	}
	if err := f.Commit(); err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	return nil
}
