package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/verify"
	"github.com/sudokugen/sudokugen/worker"
)

// poolFlags are the flags of every command that runs the worker pool.
type poolFlags struct {
	workers   int
	timeout   time.Duration
	maxMemory int64
	quickLane bool // one more worker for quick jobs only (the service's)
	keepUp    bool // replace a killed worker at once (the service's)
}

func (f *poolFlags) register(cmd *cobra.Command) {
	cmd.Flags().IntVarP(&f.workers, "workers", "w", runtime.NumCPU(), "number of worker processes (0: run in this process)")
	cmd.Flags().DurationVar(&f.timeout, "timeout", 0, "time limit per puzzle, such as 10s; 0 for none")
	registerMaxMemory(cmd.Flags(), &f.maxMemory)
}

func (f *poolFlags) validate() error {
	if f.workers < 0 {
		return usageError("--workers must be 0 or more, not %d", f.workers)
	}
	if f.timeout < 0 {
		return usageError("--timeout must not be negative")
	}
	return nil
}

// setup checks the pool and input flags shared by the commands that
// verify puzzles, and returns the read options and the pool.
func setup(in inputFlags, pf poolFlags) (formats.ReadOptions, *worker.Pool, error) {
	if err := pf.validate(); err != nil {
		return formats.ReadOptions{}, nil, err
	}
	ro, err := in.readOptions()
	if err != nil {
		return ro, nil, err
	}
	pool, err := newPool(pf)
	return ro, pool, err
}

// workerEnv marks a process started as a worker of the pool.
const workerEnv = "SUDOKUGEN_WORKER"

// newPool returns a pool whose workers are copies of this executable.
func newPool(f poolFlags) (*worker.Pool, error) {
	cfg := worker.Config{Workers: f.workers, Timeout: f.timeout, MaxMemory: f.maxMemory, QuickLane: f.quickLane, KeepUp: f.keepUp}
	if f.workers == 0 {
		if f.timeout > 0 {
			return nil, usageError("--timeout needs worker processes (--workers 1 or more)")
		}
		return worker.New(cfg), nil
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("find this program to start workers: %w", err)
	}
	cfg.Command = func() *exec.Cmd {
		cmd := exec.Command(exe, "worker")
		cmd.Env = append(os.Environ(), workerEnv+"=1")
		return cmd
	}
	return worker.New(cfg), nil
}

// item is one record of the input with the result of its job.
type item struct {
	rec  formats.Record
	file string
	res  worker.Result
}

// runAll runs one job per record of rs on the pool, like job with the
// record's grid and index, and calls each with the records and their
// results in input order. A record that could not be read goes as a
// worker.Skip job, which keeps its place.
func runAll(ctx context.Context, rs *records, pool *worker.Pool, job worker.Job, each func(item) error) error {
	return runEach(ctx, rs, pool, func(rec formats.Record, _ string) (worker.Job, error) {
		j := job
		j.Index, j.Grid = rec.Index, rec.Grid
		return j, nil
	}, each)
}

// runEach is runAll with the job of each record that could be read made by
// jobFor; an error from jobFor ends the input there, as an input error
// does.
func runEach(ctx context.Context, rs *records, pool *worker.Pool, jobFor func(rec formats.Record, file string) (worker.Job, error), each func(item) error) error {
	// The records read and not yet emitted, oldest first: the pool emits
	// results in the order of their jobs, so a queue serves (a map cost a
	// twentieth of the reading process's time on royle17).
	var mu sync.Mutex
	var pending []item
	head := 0
	// The pool does not wait for next once the run stops, since next may
	// block on input that never comes. So next and the closing of the
	// inputs take turns, and a run that stops waits a little for a read
	// still going, but not for ever: standard input may never answer.
	var turn sync.Mutex
	stopped := false
	defer func() {
		closed := make(chan struct{})
		go func() {
			turn.Lock()
			defer turn.Unlock()
			stopped = true
			rs.close()
			close(closed)
		}()
		select {
		case <-closed:
		case <-time.After(200 * time.Millisecond):
		}
	}()
	next := func() (worker.Job, bool, error) {
		turn.Lock()
		defer turn.Unlock()
		if stopped {
			return worker.Job{}, false, nil
		}
		rec, file, ok, err := rs.read()
		if err != nil || !ok {
			return worker.Job{}, ok, err
		}
		j := worker.Job{Index: rec.Index}
		if rec.Err == nil {
			if j, err = jobFor(rec, file); err != nil {
				return worker.Job{}, false, err
			}
		}
		mu.Lock()
		if head >= 1024 && 2*head >= len(pending) {
			// drop what went out, so the queue holds only what is in flight
			n := copy(pending, pending[head:])
			clear(pending[n:])
			pending, head = pending[:n], 0
		}
		pending = append(pending, item{rec: rec, file: file})
		mu.Unlock()
		return j, true, nil
	}
	emit := func(r worker.Result) error {
		mu.Lock()
		if head == len(pending) || pending[head].rec.Index != r.Index {
			mu.Unlock()
			return fmt.Errorf("result of record %d out of order", r.Index)
		}
		it := pending[head]
		pending[head] = item{}
		head++
		mu.Unlock()
		it.res = r
		return each(it)
	}
	return pool.Run(ctx, next, emit)
}

// summary counts the verdicts of a run for the closing line on stderr.
type summary struct {
	counts map[string]int
	proofs map[verify.Proof]int // verdicts of unique and none by the proof that settled them
	// ownBroken counts the puzzles whose own solution breaks a given or a
	// rule (verify.OwnBreaks): a run with one fails, whatever its verdict.
	ownBroken int
	// anySolution makes a puzzle with several solutions a success (solve --any).
	anySolution bool
	total       int
	start       time.Time
}

var statusOrder = []string{"unique", "multiple", "none", "invalid", "unsupported", "timeout", "memory", "error"}

func newSummary() *summary {
	return &summary{counts: make(map[string]int), proofs: make(map[verify.Proof]int), start: time.Now()}
}

// proved counts the proof of v's verdict, if it has one (a record that
// could not be read or whose job failed has a zero result, so none).
func (s *summary) proved(v verdict) {
	if p := v.result.Proof; p != verify.NoProof {
		s.proofs[p]++
	}
	if v.result.Own == verify.OwnBreaks {
		s.ownBroken++
	}
}

func (s *summary) add(status string) {
	s.counts[status]++
	s.total++
}

func (s *summary) allUnique() bool { return s.total > 0 && s.counts["unique"] == s.total }

// allSolved reports whether the run succeeded: every puzzle unique, or,
// with solve --any, every puzzle with a solution.
func (s *summary) allSolved() bool {
	if s.ownBroken > 0 {
		return false
	}
	if s.anySolution {
		return s.total > 0 && s.counts["unique"]+s.counts["multiple"] == s.total
	}
	return s.allUnique()
}

// countPuzzles says n puzzles in words: "1 puzzle", "2 puzzles".
func countPuzzles(n int) string {
	if n == 1 {
		return "1 puzzle"
	}
	return fmt.Sprintf("%d puzzles", n)
}

func (s *summary) String() string {
	el := time.Since(s.start)
	out := countPuzzles(s.total) + ":"
	for i, st := range statusOrder {
		if i > 3 && s.counts[st] == 0 {
			continue
		}
		sep := ","
		if i == 0 {
			sep = ""
		}
		out += fmt.Sprintf("%s %d %s", sep, s.counts[st], st)
	}
	if len(s.proofs) > 0 {
		out += fmt.Sprintf(" (proved: %d by propagation, %d by search, %d by sat",
			s.proofs[verify.Propagation], s.proofs[verify.Search], s.proofs[verify.SAT])
		if k := s.proofs[verify.Outside]; k > 0 {
			out += fmt.Sprintf(", %d by the outside solver", k)
		}
		out += ")"
	}
	rate := float64(s.total) / el.Seconds()
	out += fmt.Sprintf(" in %.2fs (%s puzzles/s)", el.Seconds(), groupDigits(int64(rate)))
	if s.ownBroken > 0 {
		out += fmt.Sprintf("; the own solution of %s breaks its givens or rules", countPuzzles(s.ownBroken))
	}
	return out
}

// groupDigits writes n with thousands separators: 12,345.
func groupDigits(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
