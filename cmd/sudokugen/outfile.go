package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	tmp := f.Name()
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(tmp)
		}
	}()
	w := bufio.NewWriterSize(f, 64<<10)
	if err := write(w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return &exitError{code: exitUsage, err: fmt.Errorf("write %s: %w", path, err)}
	}
	if err := f.Sync(); err != nil {
		return &exitError{code: exitUsage, err: fmt.Errorf("write %s: %w", path, err)}
	}
	if err := f.Close(); err != nil {
		return &exitError{code: exitUsage, err: fmt.Errorf("write %s: %w", path, err)}
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	if err := os.Rename(tmp, path); err != nil {
		return &exitError{code: exitUsage, err: fmt.Errorf("write %s: %w", path, err)}
	}
	ok = true
	return nil
}
