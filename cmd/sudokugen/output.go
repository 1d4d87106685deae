package main

// The helpers every command shares: writing records and output files
// whole, JSON lines, terminal checks and progress on stderr.

import (
	"bufio"
	"bytes"
	"encoding/json"
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

// writeJSONLine writes v as one line of JSON, without escaping <, > and &
// (file names such as <stdin> stay readable).
func writeJSONLine(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// isTerminal reports whether w is a terminal.
func isTerminal(w any) bool {
	for {
		u, ok := w.(interface{ Unwrap() io.Writer })
		if !ok {
			break
		}
		w = u.Unwrap()
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progress prints a running count on stderr when stderr is a terminal.
type progress struct {
	w     io.Writer
	on    bool
	verb  string
	total int // expected count, 0 when unknown
	start time.Time
	last  time.Time
	shown bool
}

func newProgress(w io.Writer, quiet bool, verb string) *progress {
	return &progress{w: w, verb: verb, start: time.Now(), on: !quiet && isTerminal(w)}
}

// tick reports that n items are done; it redraws at most five times a second.
func (p *progress) tick(n int) {
	if !p.on {
		return
	}
	now := time.Now()
	if now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	rate := float64(n) / now.Sub(p.start).Seconds()
	if p.total > 0 {
		const width = 30
		fill := width * n / p.total
		bar := make([]byte, width)
		for i := range bar {
			bar[i] = '-'
			if i < fill {
				bar[i] = '#'
			}
		}
		eta := time.Duration(float64(p.total-n)/rate) * time.Second
		fmt.Fprintf(p.w, "\r[%s] %d/%d %s, %.0f/s, %v left   ", bar, n, p.total, p.verb, rate, eta.Round(time.Second))
	} else {
		fmt.Fprintf(p.w, "\r%d %s, %.0f/s   ", n, p.verb, rate)
	}
	p.shown = true
}

// done clears the progress line.
func (p *progress) done() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
