package worker

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rate"
	"github.com/sudokugen/sudokugen/sat"
	"github.com/sudokugen/sudokugen/verify"
)

// Kind is the kind of work of a Job.
type Kind uint8

const (
	// Skip does nothing: a caller sends it for an input it could not read,
	// to keep that input's place in the order of results.
	Skip Kind = iota
	// Verify gives the verify.Result of Job.Grid, counting solutions up to
	// Job.CountLimit; it also serves solving and counting.
	Verify
	// Generate gives puzzle number Job.Index of the run Job.Seed, made with
	// Job.Gen.
	Generate
	// Rate gives the rate.Result of Job.Grid with Job.Rate.
	Rate
	// Candidates gives the verify.Candidates of Job.Grid, counting
	// solutions up to Job.CountLimit.
	Candidates
	// CandidateProof writes the proof that the empty cell Job.Cell of
	// Job.Grid cannot hold Job.Digit (verify.CandidateProver): its DRAT in
	// Result.DRAT and the CNF it refutes in Result.CNF, or with ProofTemp,
	// when large, in temporary files as a Verify job's proof goes
	// (Result.DRATFile and CNFFile). A worker keeps what the proofs of
	// one puzzle share from one such job to the next of the same puzzle.
	CandidateProof
	// Givens gives the verify.GivensResult of Job.Grid with Job.Minimal,
	// Job.Keep and Job.CountLimit: a run of verdicts, one per given tried.
	Givens
)

// Job is one unit of work. Jobs cross process boundaries, so they hold only
// plain data.
type Job struct {
	Index      int // the caller's number for it; results come back in the order jobs were given
	Kind       Kind
	Grid       grid.Grid // Verify, Rate, Candidates
	CountLimit int       // Verify, Candidates, Givens
	Minimal    bool      // Givens: a minimal set of givens (verify.GivensOptions)
	Keep       []int     // Givens: with Minimal, the givens to keep
	Check      bool      // Verify: prove unique and none again with the SAT solver (verify.Options.Check)
	// Proof asks a Verify job for the DRAT proof of a verdict of unique or
	// none, from the search or solve that reached it (verify.CheckProof),
	// in Result.DRAT. When ProofTemp is set, a proof too big to carry goes
	// to a temporary file instead (Result.DRATFile), whose name begins with
	// ProofTemp (a folder and the start of a name), then the job's index.
	// With ProofCNF and ProofTemp, the CNF that the proof refutes goes to
	// such a file too (Result.CNFFile), made where the verdict was.
	Proof     bool
	ProofCNF  bool
	ProofTemp string
	Cell      int              // CandidateProof: the cell, row-major
	Digit     uint8            // CandidateProof
	Seed      uint64           // Generate
	Gen       generate.Options // Generate
	Rate      rate.Options     // Rate
	// MaxSteps, when positive, keeps at most the first MaxSteps steps of
	// a Rate job with Rate.Explain in Result.Rating.Steps, so that a
	// result carries a bounded path (rate.Result.StepCount still counts
	// them all).
	MaxSteps int
	// Timeout bounds the job; 0 means the pool's Config.Timeout.
	Timeout time.Duration
}

// Result is what became of one Job.
type Result struct {
	Index  int
	Verify verify.Result   // Verify
	Puzzle generate.Puzzle // Generate
	Rating rate.Result     // Rate
	// Candidates is the answer of a Candidates job.
	Candidates verify.Candidates
	// Givens is the answer of a Givens job.
	Givens verify.GivensResult
	// Partial is true when the job stopped before its end (Err says why:
	// ErrTimeout, ErrMemory) and Candidates or Givens hold what it had
	// decided by then: the last progress its worker reported, at most
	// progressEvery before the stop.
	Partial bool
	// Err says why the job could not be done: ErrTimeout, ErrWorkerFailed,
	// or the error of the package that failed (generate.ErrTargetUnreachable,
	// say). errors.Is gives the same answer whether the job ran in this
	// process or in a worker.
	Err error
	// Elapsed is the time spent on the job.
	Elapsed time.Duration
	// DRAT is the proof of a Verify job with Proof, or of a
	// CandidateProof job, or DRATFile names the complete file that holds
	// it; both empty when the verdict has none. CNF or CNFFile is the CNF
	// it refutes, likewise. The caller renames or removes the files.
	DRAT     []byte
	DRATFile string
	CNF      []byte
	CNFFile  string

	cpu time.Duration // the processor time a worker spent on its batch, on the batch's last result
}

var (
	// ErrTimeout is the error of a job that ran past its timeout; its
	// worker process was killed and replaced.
	ErrTimeout = errors.New("timed out")
	// ErrWorkerFailed is the error of a job whose worker process died on
	// it twice, or that found no worker process to run on.
	ErrWorkerFailed = errors.New("worker process failed")
	// ErrClosed is the error of Run on a pool that was closed.
	ErrClosed = errors.New("worker pool closed")
	// ErrKind is the error of a job of an unknown Kind.
	ErrKind = errors.New("unknown kind of job")
)

// runner does jobs in this process. Its generator and verifier keep their
// solvers between jobs; it is not safe for concurrent use.
type runner struct {
	gen    *generate.Generator
	ver    *verify.Verifier
	wrap   wrapper
	held   int        // the bytes of the proofs carried in the results of this batch
	dimacs sat.DIMACS // writes the CNFs of proofs: a variant's rules as stated (Plain)
	// prover writes the proofs of CandidateProof jobs on its puzzle
	prover *verify.CandidateProver
	// progress, when not nil, takes what a Candidates or Givens job has
	// decided so far (a Result with Partial set), at most every
	// progressEvery; the result shares memory with the job still going.
	progress func(Result)
	reported time.Time // when the job in progress last reported
}

// progressEvery is how often a long Candidates or Givens job reports what
// it has decided so far, so that a job stopped at its timeout or memory
// bound still shows it. Each report of a Givens job carries all it has
// found, a few kilobytes a given on a 16x16 killer.
const progressEvery = 50 * time.Millisecond

// report passes p, the partial answer of the job in progress, to the
// progress function, unless one went less than progressEvery ago.
func (r *runner) report(p Result) {
	if r.progress == nil || time.Since(r.reported) < progressEvery {
		return
	}
	r.reported = time.Now()
	p.Partial = true
	r.progress(p)
}

// A wrapper runs a job by calling do, with faults of its own around it:
// tests make jobs crash, hang or fail with it.
type wrapper func(j Job, do func(Job) Result) Result

func newRunner(wrap wrapper) *runner {
	gen := generate.New()
	gen.Prover = verify.New()
	return &runner{gen: gen, ver: verify.New(), wrap: wrap, dimacs: sat.DIMACS{Plain: true}}
}

// do runs one job. Generation stops early, with ctx's error, when ctx is
// done; the other kinds run to their end.
func (r *runner) do(ctx context.Context, j Job) Result {
	run := func(j Job) Result { return r.run(ctx, j) }
	if r.wrap != nil {
		return r.wrap(j, run)
	}
	return run(j)
}

func (r *runner) run(ctx context.Context, j Job) Result {
	start := time.Now()
	res := Result{Index: j.Index}
	switch j.Kind {
	case Skip:
	case Verify:
		opts := verify.Options{CountLimit: j.CountLimit, Check: j.Check}
		if !j.Proof {
			res.Verify = r.ver.Check(j.Grid, opts)
			break
		}
		res = r.prove(ctx, j, opts)
	case Generate:
		res.Puzzle, res.Err = r.gen.PuzzleContext(ctx, j.Seed, j.Index, j.Gen)
	case Rate:
		res.Rating = rate.Puzzle(j.Grid, j.Rate)
		if st := res.Rating.Steps; j.MaxSteps > 0 && len(st) > j.MaxSteps {
			res.Rating.Steps = slices.Clone(st[:j.MaxSteps])
		}
	case Candidates:
		r.reported = start
		opts := verify.CandidateOptions{CountLimit: j.CountLimit}
		if r.progress != nil {
			opts.Progress = func(c verify.Candidates) { r.report(Result{Index: j.Index, Candidates: c}) }
		}
		res.Candidates = r.ver.Candidates(ctx, j.Grid, opts)
	case Givens:
		r.reported = start
		opts := verify.GivensOptions{Minimal: j.Minimal, Keep: j.Keep, CountLimit: j.CountLimit}
		if r.progress != nil {
			opts.Progress = func(g verify.GivensResult) { r.report(Result{Index: j.Index, Givens: g}) }
		}
		res.Givens, res.Err = r.ver.Givens(ctx, j.Grid, opts)
	case CandidateProof:
		res = r.proveCandidate(ctx, j)
	default:
		res.Err = fmt.Errorf("%w: %d", ErrKind, j.Kind)
	}
	res.Elapsed = time.Since(start)
	return res
}

// decided answers at once a job that needs no solver: a Skip, or a Verify
// of a grid that is malformed or whose givens clash. Such jobs never go to
// a worker, so a timeout or a worker failure cannot stand in for their
// answer.
func decided(j Job) (Result, bool) {
	switch {
	case j.Kind == Skip:
		return Result{Index: j.Index}, true
	case j.Kind == Verify && (j.Grid.Malformed() != nil || len(j.Grid.Clashes()) > 0):
		// The verifier answers an invalid grid without a solver.
		return Result{Index: j.Index, Verify: verify.New().Check(j.Grid, verify.Options{CountLimit: j.CountLimit})}, true
	case j.Kind == Givens && (j.Grid.Malformed() != nil || len(j.Grid.Clashes()) > 0):
		return Result{Index: j.Index, Givens: verify.GivensResult{Result: verify.New().Check(j.Grid, verify.Options{})}}, true
	}
	return Result{}, false
}

// timeout returns the bound of job j in a pool whose default is def.
func (j Job) timeout(def time.Duration) time.Duration {
	if j.Timeout > 0 {
		return j.Timeout
	}
	return def
}

func isTimeout(err error) bool { return errors.Is(err, ErrTimeout) }
