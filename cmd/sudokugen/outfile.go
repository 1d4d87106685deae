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
	f, err := createTemp(path)
	if err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	w := bufio.NewWriterSize(f, 64<<10)
	if err := write(w); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		os.Remove(f.Name())
		return &exitError{code: exitUsage, err: fmt.Errorf("write %s: %w", path, err)}
	}
	if err := finishTemp(f, path); err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	return nil
}

// createTemp creates the temporary file that finishTemp renames to path.
func createTemp(path string) (*os.File, error) {
	return os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
}

// finishTemp syncs and closes f and renames it to path; on failure it
// removes f and leaves path as it was.
func finishTemp(f *os.File, path string) error {
	err := f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
