package serve

import (
	"context"

	"github.com/sudokugen/sudokugen/worker"
)

// The engine's types: the service runs on worker's Pool.
type (
	Job    = worker.Job
	Result = worker.Result
	Stats  = worker.Stats
)

// The kinds of work the service asks for.
const (
	KindVerify     = worker.Verify
	KindGenerate   = worker.Generate
	KindRate       = worker.Rate
	KindCandidates = worker.Candidates
	KindGivens     = worker.Givens
)

// Errors of a Result that the service tells apart.
var (
	ErrTimeout      = worker.ErrTimeout
	ErrMemory       = worker.ErrMemory
	ErrWorkerFailed = worker.ErrWorkerFailed
)

// Engine runs jobs; the service keeps one for all its requests.
// *worker.Pool is one. Run must be safe for concurrent calls, emit each
// run's results in the order of its jobs, and return promptly when ctx is
// done.
type Engine interface {
	Run(ctx context.Context, next func() (Job, bool, error), emit func(Result) error) error
	Stats() Stats
}

var _ Engine = (*worker.Pool)(nil)
