package generate

import (
	"bufio"
	"encoding/gob"
	"errors"
	"io"
	"sync"
	"time"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/verify"
)

// The wire protocol between the pool and a worker process: the pool sends
// gob-encoded batches ([]Task) on the worker's stdin; the worker answers
// each task with one gob-encoded wireOutcome on its stdout, in order, as
// soon as it is done, so the pool always knows which task is running.

// wireOutcome is an Outcome in a form gob can carry: errors as strings,
// with a code for the sentinels callers test for.
type wireOutcome struct {
	Index     int
	Status    verify.Status
	Proof     verify.Proof
	Solutions []grid.Grid
	Count     int
	Limit     int
	Clashes   []grid.Clash
	VerifyErr string
	Puzzle    Puzzle
	Err       string
	ErrCode   uint8
	Elapsed   time.Duration
}

// helloIndex marks the first message of a worker, sent when it is ready.
const helloIndex = -1

// Codes for sentinel errors that cross the pipe.
const (
	errOther uint8 = iota + 1
	errClues
	errTarget
)

func toWire(o Outcome) wireOutcome {
	w := wireOutcome{
		Index:     o.Index,
		Status:    o.Verify.Status,
		Proof:     o.Verify.Proof,
		Solutions: o.Verify.Solutions,
		Count:     o.Verify.Count,
		Limit:     o.Verify.Limit,
		Clashes:   o.Verify.Clashes,
		Puzzle:    o.Puzzle,
		Elapsed:   o.Elapsed,
	}
	if o.Verify.Err != nil {
		w.VerifyErr = o.Verify.Err.Error()
	}
	if o.Err != nil {
		w.Err, w.ErrCode = o.Err.Error(), errOther
		switch {
		case errors.Is(o.Err, ErrCluesUnreachable):
			w.ErrCode = errClues
		case errors.Is(o.Err, ErrTargetUnreachable):
			w.ErrCode = errTarget
		}
	}
	return w
}

// wireError is an error that came over the pipe, still matching the
// sentinel it wrapped.
type wireError struct {
	msg      string
	sentinel error
}

func (e *wireError) Error() string { return e.msg }
func (e *wireError) Unwrap() error { return e.sentinel }

func fromWire(w wireOutcome) Outcome {
	o := Outcome{
		Index: w.Index,
		Verify: verify.Result{
			Status:    w.Status,
			Proof:     w.Proof,
			Solutions: w.Solutions,
			Count:     w.Count,
			Limit:     w.Limit,
			Clashes:   w.Clashes,
		},
		Puzzle:  w.Puzzle,
		Elapsed: w.Elapsed,
	}
	if w.VerifyErr != "" {
		o.Verify.Err = errors.New(w.VerifyErr)
	}
	switch w.ErrCode {
	case errOther:
		o.Err = errors.New(w.Err)
	case errClues:
		o.Err = &wireError{msg: w.Err, sentinel: ErrCluesUnreachable}
	case errTarget:
		o.Err = &wireError{msg: w.Err, sentinel: ErrTargetUnreachable}
	}
	return o
}

// ServeWorker runs the worker side of the pool: it reads batches of tasks
// from r until r ends and writes one outcome per task to w. The CLI runs it
// in a hidden subcommand of the same binary.
func ServeWorker(r io.Reader, w io.Writer) error { return serveWorker(r, w, nil) }

// serveWorker is ServeWorker with a hook called before each task, for
// tests that make workers fail.
func serveWorker(r io.Reader, w io.Writer, before func(Task)) error {
	dec := gob.NewDecoder(bufio.NewReaderSize(r, 64<<10))
	out := newFlusher(w)
	defer out.stop()
	gen, ver := New(), verify.New()
	// Say hello, so that the pool starts timing tasks only once this
	// process is up.
	if err := out.encode(wireOutcome{Index: helloIndex}); err != nil {
		return err
	}
	if err := out.flush(); err != nil {
		return err
	}
	for {
		var batch []Task
		if err := dec.Decode(&batch); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		for _, t := range batch {
			if before != nil {
				before(t)
			}
			if err := out.encode(toWire(run(t, gen, ver))); err != nil {
				return err
			}
		}
		if err := out.flush(); err != nil {
			return err
		}
	}
}

// flushInterval bounds how long a finished outcome may wait in the
// worker's buffer. The pool times each task from the arrival of the
// previous outcome, so this is also the slack of its per-task timeout.
const flushInterval = 2 * time.Millisecond

// flusher writes outcomes through a buffer that a ticker flushes, so a
// worker that finishes thousands of tasks a second does not make a system
// call for each, yet no finished outcome waits long behind a slow task.
type flusher struct {
	mu   sync.Mutex
	bw   *bufio.Writer
	enc  *gob.Encoder
	err  error
	done chan struct{}
}

func newFlusher(w io.Writer) *flusher {
	bw := bufio.NewWriterSize(w, 64<<10)
	f := &flusher{bw: bw, enc: gob.NewEncoder(bw), done: make(chan struct{})}
	go func() {
		t := time.NewTicker(flushInterval)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				f.flush()
			case <-f.done:
				return
			}
		}
	}()
	return f
}

func (f *flusher) encode(v any) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err == nil {
		f.err = f.enc.Encode(v)
	}
	return f.err
}

func (f *flusher) flush() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err == nil && f.bw.Buffered() > 0 {
		f.err = f.bw.Flush()
	}
	return f.err
}

func (f *flusher) stop() {
	close(f.done)
	f.flush()
}
