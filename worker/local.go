package worker

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
)

// runLocal runs the jobs in this process, one at a time: head first, then
// the jobs of next, if not nil. Each job runs in a goroutine of its own
// runner, so that the run returns as soon as ctx is done or the job's
// timeout passes, even though a solve cannot be interrupted: the abandoned
// goroutine goes on in the background and its answer is dropped. A
// generation job stops at its next removal; a verify or rate job runs to
// its end, and a solve it is in holds the package sat's lock, which the
// jobs after it may wait for.
func (p *Pool) runLocal(ctx context.Context, head []Job, next func() (Job, bool, error), emit func(Result) error) error {
	var lw *localWorker
	defer func() { lw.quit() }()
	do := func(j Job) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if p.ctx.Err() != nil {
			return ErrClosed
		}
		if res, ok := decided(j); ok {
			return emit(res)
		}
		if lw == nil {
			lw = newLocalWorker(p.wrap)
		}
		res, err := lw.do(ctx, p.ctx, j, j.timeout(p.cfg.Timeout))
		if err != nil {
			return err
		}
		if res.Err != nil && isTimeout(res.Err) {
			lw.quit()
			lw = nil
		}
		return emit(res)
	}
	for _, j := range head {
		if err := do(j); err != nil {
			return err
		}
	}
	for next != nil {
		j, ok, err := next()
		if err != nil || !ok {
			return err
		}
		if err := do(j); err != nil {
			return err
		}
	}
	return nil
}

// localWorker is a goroutine that runs jobs in this process.
type localWorker struct {
	jobs    chan localJob
	results chan Result
	done    chan struct{}
	mu      sync.Mutex
	last    Result // the last progress of the job in progress, a copy
}

// localJob is a job with the context that abandons it.
type localJob struct {
	ctx context.Context
	job Job
}

func newLocalWorker(wrap wrapper) *localWorker {
	lw := &localWorker{jobs: make(chan localJob), results: make(chan Result, 1), done: make(chan struct{})}
	go func() {
		r := newRunner(wrap)
		r.progress = func(p Result) {
			p = p.detached()
			lw.mu.Lock()
			lw.last = p
			lw.mu.Unlock()
		}
		for {
			select {
			case j := <-lw.jobs:
				lw.mu.Lock()
				lw.last = Result{}
				lw.mu.Unlock()
				r.held = 0 // each result is emitted before the next job
				lw.results <- r.do(j.ctx, j.job)
			case <-lw.done:
				return
			}
		}
	}()
	return lw
}

// do runs j and waits for its result, at most until ctx is done, the pool
// closes or the timeout d (when positive) passes. A job given up on is
// told so: generation then stops at its next removal, rather than spend
// the processor on the rest of the puzzle (up to a minute on 36x36), taken
// from the jobs after it.
func (lw *localWorker) do(ctx, pool context.Context, j Job, d time.Duration) (Result, error) {
	jctx, abandon := context.WithCancel(context.Background())
	defer abandon()
	lw.jobs <- localJob{ctx: jctx, job: j}
	var timeout <-chan time.Time
	if d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case r := <-lw.results:
		return r, nil
	case <-timeout:
		res := Result{Index: j.Index}
		lw.mu.Lock()
		if lw.last.Partial && lw.last.Index == j.Index {
			res = lw.last
		}
		lw.mu.Unlock()
		res.Err, res.Elapsed = fmt.Errorf("%w after %v", ErrTimeout, d), d
		return res, nil
	case <-ctx.Done():
		return Result{}, ctx.Err()
	case <-pool.Done():
		return Result{}, ErrClosed
	}
}

// quit lets the goroutine end once it is done with its job.
func (lw *localWorker) quit() {
	if lw != nil {
		close(lw.done)
	}
}

// detached returns a copy of the partial result r that shares no memory
// with the job still working on it.
func (r Result) detached() Result {
	c := &r.Candidates
	c.Masks, c.Out, c.Solutions = slices.Clone(c.Masks), slices.Clone(c.Out), slices.Clone(c.Solutions)
	g := &r.Givens
	g.Roles, g.Suggestions = slices.Clone(g.Roles), slices.Clone(g.Suggestions)
	if g.Minimal != nil {
		m := g.Minimal.Clone()
		g.Minimal = &m
	}
	if g.Conflict != nil {
		k := *g.Conflict
		k.Cells, k.Core = slices.Clone(k.Cells), slices.Clone(k.Core)
		g.Conflict = &k
	}
	return r
}
