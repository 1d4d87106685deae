package serve

import (
	"context"
	"sync"
	"time"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/rate"
	"github.com/sudokugen/sudokugen/verify"
)

// localEngine runs jobs in this process, one at a time (gophersat allows
// no more), for tests that need no worker processes. fail, when set, can
// replace a job's result, to stand for a crashed or hung worker.
type localEngine struct {
	mu   sync.Mutex
	ver  *verify.Verifier
	gen  *generate.Generator
	fail func(Job) error
	// fake, when set and it returns true, answers a job in place of the
	// real work (a puzzle made in time, say)
	fake func(Job) (Result, bool)
	runs int
}

func newLocalEngine() *localEngine { return &localEngine{ver: verify.New(), gen: generate.New()} }

func (e *localEngine) Run(ctx context.Context, next func() (Job, bool, error), emit func(Result) error) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		j, ok, err := next()
		if err != nil || !ok {
			return err
		}
		if err := emit(e.do(j)); err != nil {
			return err
		}
	}
}

func (e *localEngine) do(j Job) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.runs++
	start := time.Now()
	res := Result{Index: j.Index}
	if e.fail != nil {
		if res.Err = e.fail(j); res.Err != nil {
			return res
		}
	}
	if e.fake != nil {
		if r, ok := e.fake(j); ok {
			r.Index = j.Index
			return r
		}
	}
	switch j.Kind {
	case KindVerify:
		res.Verify = e.ver.Check(j.Grid, verify.Options{CountLimit: j.CountLimit})
	case KindGenerate:
		res.Puzzle, res.Err = e.gen.Puzzle(j.Seed, j.Index, j.Gen)
	case KindRate:
		res.Rating = rate.Puzzle(j.Grid, j.Rate)
	case KindCandidates:
		res.Candidates = e.ver.Candidates(context.Background(), j.Grid, verify.CandidateOptions{CountLimit: j.CountLimit})
	case KindGivens:
		res.Givens, res.Err = e.ver.Givens(context.Background(), j.Grid, verify.GivensOptions{CountLimit: j.CountLimit})
	}
	res.Elapsed = time.Since(start)
	return res
}

func (e *localEngine) Stats() Stats { return Stats{Workers: 1} }
