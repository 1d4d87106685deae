package worker

import (
	"bufio"
	"context"
	"errors"
	"io"
	"sync"
	"time"
)

// Serve runs the worker side of the pool: it says hello, then reads batches
// of jobs from r until r ends and writes one result per job to w. The
// command line runs it in a hidden subcommand of the same executable.
func Serve(r io.Reader, w io.Writer) error { return serve(r, w, nil) }

// serve is Serve with a wrapper around each job, for tests that make
// workers fail.
func serve(r io.Reader, w io.Writer, wrap wrapper) error {
	dec := newDecoder(bufio.NewReaderSize(r, 64<<10))
	out := newFlusher(w)
	defer out.stop()
	run := newRunner(wrap)
	// Say hello, so that the pool times jobs only once this process is up.
	if err := out.encode(wireResult{Index: helloIndex}, Skip); err != nil {
		return err
	}
	if err := out.flush(); err != nil {
		return err
	}
	for {
		batch, err := dec.jobs()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		// The processor time of the batch goes with its last result: a
		// reading per job was a tenth of the time of a quick verify job.
		cpu := cpuTime()
		run.held = 0
		for i, j := range batch {
			// Reports of progress go out as they come, for the pool to
			// keep in case the job is stopped.
			run.progress = func(p Result) { out.encode(toWire(p), j.Kind) }
			w := toWire(run.do(context.Background(), j))
			if i == len(batch)-1 {
				w.CPU = int64(cpuTime() - cpu)
			}
			if err := out.encode(w, j.Kind); err != nil {
				return err
			}
		}
		if err := out.flush(); err != nil {
			return err
		}
	}
}

// flushInterval bounds how long a finished result may wait in the worker's
// buffer. The pool times each job from the arrival of the previous result,
// so this is also the slack of its per-job timeout.
const flushInterval = 2 * time.Millisecond

// flusher writes results through a buffer that a ticker flushes, so a
// worker that finishes thousands of jobs a second does not make a system
// call for each, yet no finished result waits long behind a slow job.
type flusher struct {
	mu   sync.Mutex
	bw   *bufio.Writer
	enc  *encoder
	err  error
	done chan struct{}
}

func newFlusher(w io.Writer) *flusher {
	bw := bufio.NewWriterSize(w, 64<<10)
	f := &flusher{bw: bw, enc: newEncoder(bw), done: make(chan struct{})}
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

// encode writes w, the result of a job of the given kind.
func (f *flusher) encode(w wireResult, kind Kind) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err == nil {
		f.err = f.enc.result(w, kind)
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
