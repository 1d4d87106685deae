package main

// The helpers every command shares: writing records and output files
// whole, JSON lines, terminal checks and progress on stderr.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/sudokugen/sudokugen/output"
)

// writeRecords gives write a buffer for whole records and a commit function
// to call after each: committed records go to stdout, or into the file
// at path. The file is replaced only by a complete write: a temporary file
// beside it, synced and renamed. When write fails or is interrupted, the
// records committed so far still land in the file, so nothing made is
// lost, and no record is ever cut short.
func writeRecords(path string, stdout io.Writer, write func(commit func() error, w io.Writer) error) error {
	var buf bytes.Buffer
	var dst io.Writer = stdout
	var f *output.File
	if path != "" && path != "-" {
		var err error
		if f, err = output.Create(path); err != nil {
			return &exitError{code: exitUsage, err: err}
		}
		defer f.Abort()
		dst = f
	}
	last := time.Now()
	push := func() error {
		if buf.Len() == 0 {
			return nil
		}
		_, err := dst.Write(buf.Bytes())
		buf.Reset()
		last = time.Now()
		if err != nil {
			return &exitError{code: exitUsage, err: fmt.Errorf("write output: %w", err)}
		}
		return nil
	}
	commit := func() error {
		if buf.Len() >= 32<<10 || time.Since(last) > 100*time.Millisecond {
			return push()
		}
		return nil
	}
	err := write(commit, &buf)
	// What was committed is whole; a record written after the last commit
	// is whole too, since TextWriter writes records whole when flushed.
	if perr := push(); err == nil {
		err = perr
	}
	if f != nil {
		if ferr := f.Commit(); ferr != nil && err == nil {
			err = &exitError{code: exitUsage, err: ferr}
		}
	}
	return err
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
