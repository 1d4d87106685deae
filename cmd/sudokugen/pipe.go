package main

// A closed standard output: sudokugen ... | head -1. Like any Unix filter,
// the run stops quietly when the reader of its standard output goes away,
// and the workers with it.

import (
	"context"
	"errors"
	"io"
	"sync/atomic"
	"syscall"
)

// errReaderGone is the cause of a run cancelled because the reader of
// standard output went away.
var errReaderGone = errors.New("the reader of standard output went away")

// exitClosedPipe is the exit code of a run whose standard output's reader
// went away: 128 plus SIGPIPE, the status a shell reports for any filter
// stopped that way (yes | head -1), so that PIPESTATUS and pipefail see
// sudokugen as they see the others. It is not 0, which would claim the
// job done (for verify: every puzzle unique) when it was cut short.
const exitClosedPipe = exitSignal + int(syscall.SIGPIPE)

// pipeOut is standard output as the commands see it. The first write that
// fails because no one reads any more (EPIPE), or the watcher of a pipe
// seeing its reader gone, cancels the run.
type pipeOut struct {
	w      io.Writer
	cancel context.CancelCauseFunc
	gone   atomic.Bool
}

func (p *pipeOut) Write(b []byte) (int, error) {
	n, err := p.w.Write(b)
	if err != nil && errors.Is(err, syscall.EPIPE) {
		p.readerGone()
	}
	return n, err
}

func (p *pipeOut) readerGone() {
	p.gone.Store(true)
	p.cancel(errReaderGone)
}

func (p *pipeOut) Unwrap() io.Writer { return p.w }

// quietErr is standard error, which says nothing more once the reader of
// standard output has gone: the run stops as silently as a filter killed
// by SIGPIPE, with no error, summary or "continue with" line.
type quietErr struct {
	w   io.Writer
	out *pipeOut
}

func (q quietErr) Write(b []byte) (int, error) {
	if q.out.gone.Load() {
		return len(b), nil
	}
	return q.w.Write(b)
}

func (q quietErr) Unwrap() io.Writer { return q.w }

// guardOutput returns the streams and context a run uses: standard output
// wrapped so that its reader going away cancels ctx, standard error quiet
// from then on. stop ends the watch; gone reports whether it happened.
func guardOutput(ctx context.Context, s *streams) (_ context.Context, _ *streams, gone func() bool, stop func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	out := &pipeOut{w: s.Out, cancel: cancel}
	endWatch := watchReader(s.Out, out.readerGone)
	return ctx, &streams{In: s.In, Out: out, Err: quietErr{w: s.Err, out: out}}, out.gone.Load,
		func() { endWatch(); cancel(nil) }
}
