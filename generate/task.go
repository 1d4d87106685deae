package generate

import (
	"errors"
	"time"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/verify"
)

// Op is the kind of work a Task asks for.
type Op uint8

const (
	OpVerify   Op = iota + 1 // verify Task.Grid
	OpGenerate               // generate puzzle Task.Index from Task.Seed
)

// Task is one unit of work for the pool: one puzzle to verify or to
// generate. Tasks cross process boundaries, so they hold only plain data.
type Task struct {
	Index      int
	Op         Op
	Grid       grid.Grid // OpVerify
	CountLimit int       // OpVerify
	Seed       uint64    // OpGenerate
	Gen        Options   // OpGenerate
}

// Outcome is the result of one Task.
type Outcome struct {
	Index int
	// Verify is the verdict, for OpVerify.
	Verify verify.Result
	// Puzzle is the generated puzzle, for OpGenerate.
	Puzzle Puzzle
	// Err is set when the task could not be done: the worker failed twice
	// on it, it ran out of time (ErrTimeout), or generation gave up.
	Err error
	// Elapsed is the time the worker spent on the task.
	Elapsed time.Duration
}

// ErrTimeout is the error of a task that ran past the pool's per-task
// timeout; its worker was killed and replaced.
var ErrTimeout = errors.New("timed out")

// ErrWorkerFailed is the error of a task whose worker process died on it
// twice.
var ErrWorkerFailed = errors.New("worker process failed")

// run does one task in this process. gen and ver keep their solvers
// between calls.
func run(t Task, gen *Generator, ver *verify.Verifier) Outcome {
	start := time.Now()
	out := Outcome{Index: t.Index}
	switch t.Op {
	case OpVerify:
		out.Verify = ver.Check(t.Grid, verify.Options{CountLimit: t.CountLimit})
	case OpGenerate:
		out.Puzzle, out.Err = gen.Puzzle(t.Seed, t.Index, t.Gen)
	default:
		out.Err = errors.New("unknown task")
	}
	out.Elapsed = time.Since(start)
	return out
}
