package serve

import (
	"context"
	"errors"
	"time"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rate"
	"github.com/sudokugen/sudokugen/verify"
)

// Kind is the kind of work of a Job.
type Kind uint8

// The kinds of work.
const (
	KindVerify   Kind = iota + 1 // verify Job.Grid, counting up to Job.CountLimit
	KindGenerate                 // make puzzle Job.Index of the run Job.Seed
	KindRate                     // rate Job.Grid
)

// Job is one puzzle's work for the Engine.
type Job struct {
	Index      int
	Kind       Kind
	Grid       grid.Grid
	CountLimit int
	Seed       uint64
	Gen        generate.Options
	Rate       rate.Options
	Timeout    time.Duration
}

// Result is the outcome of one Job.
type Result struct {
	Index   int
	Verify  verify.Result
	Puzzle  generate.Puzzle
	Rating  rate.Result
	Err     error
	Elapsed time.Duration
}

// Stats is a snapshot of the Engine's workers.
type Stats struct {
	Workers  int // worker processes running
	Busy     int // workers with a job
	Queued   int // jobs waiting for a worker
	Restarts int // workers replaced after a crash or a timeout
}

// Engine runs jobs; the service keeps one for all its requests. Run must
// be safe for concurrent calls, emit each run's results in the order of
// its jobs, and return promptly when ctx is done.
type Engine interface {
	Run(ctx context.Context, next func() (Job, bool, error), emit func(Result) error) error
	Stats() Stats
}

// Errors of a Result that the service tells apart.
var (
	ErrTimeout      = errors.New("timed out")
	ErrWorkerFailed = errors.New("worker process failed")
)
