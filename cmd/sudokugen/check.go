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

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/verify"
)

// poolFlags are the flags of every command that runs the worker pool.
type poolFlags struct {
	workers int
	timeout time.Duration
}

func (f *poolFlags) register(cmd *cobra.Command) {
	cmd.Flags().IntVarP(&f.workers, "workers", "w", runtime.NumCPU(), "number of worker processes (0: run in this process)")
	cmd.Flags().DurationVar(&f.timeout, "timeout", 0, "time limit per puzzle, such as 10s; 0 for none")
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
func setup(in inputFlags, pf poolFlags) (grid.ReadOptions, *generate.Pool, error) {
	if err := pf.validate(); err != nil {
		return grid.ReadOptions{}, nil, err
	}
	ro, err := in.readOptions()
	if err != nil {
		return ro, nil, err
	}
	pool, err := newPool(pf, 64)
	return ro, pool, err
}

// workerEnv marks a process started as a worker of the pool.
const workerEnv = "SUDOKUGEN_WORKER"

// newPool returns a pool whose workers are copies of this executable.
func newPool(f poolFlags, batch int) (*generate.Pool, error) {
	p := &generate.Pool{Workers: f.workers, Batch: batch, Timeout: f.timeout}
	if f.workers == 0 {
		if f.timeout > 0 {
			return nil, usageError("--timeout needs worker processes (--workers 1 or more)")
		}
		return p, nil
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("find this program to start workers: %w", err)
	}
	p.Command = func() *exec.Cmd {
		cmd := exec.Command(exe, "worker")
		cmd.Env = append(os.Environ(), workerEnv+"=1")
		return cmd
	}
	return p, nil
}

// checked is one record with its verdict.
type checked struct {
	rec    grid.Record
	file   string
	result verify.Result
	err    error // the record's error: a parse error, a timeout, a failed worker

	alphabet *grid.Alphabet // the symbols of the input, nil for the default
}

// status returns the record's verdict name, including the outcomes that
// are not verdicts.
func (c checked) status() string {
	switch {
	case c.rec.Err != nil:
		return "invalid"
	case c.err != nil && errorsIsTimeout(c.err):
		return "timeout"
	case c.err != nil, c.result.Err != nil && c.result.Status != verify.Invalid:
		return "error"
	}
	return c.result.Status.String()
}

// checkAll verifies every record of the inputs on the pool and calls each
// with the records in input order.
func checkAll(ctx context.Context, rs *records, pool *generate.Pool, countLimit int, each func(checked) error) error {
	var mu sync.Mutex
	pending := make(map[int]checked) // records read and not yet emitted
	next := func() (generate.Task, bool, error) {
		rec, file, ok, err := rs.read()
		if err != nil || !ok {
			return generate.Task{}, ok, err
		}
		mu.Lock()
		pending[rec.Index] = checked{rec: rec, file: file, alphabet: rs.opts.Alphabet}
		mu.Unlock()
		t := generate.Task{Index: rec.Index}
		if rec.Err == nil {
			t.Op, t.Grid, t.CountLimit = generate.OpVerify, rec.Grid, countLimit
		}
		return t, true, nil
	}
	emit := func(o generate.Outcome) error {
		mu.Lock()
		c := pending[o.Index]
		delete(pending, o.Index)
		mu.Unlock()
		if c.rec.Err == nil {
			c.result, c.err = o.Verify, o.Err
		}
		return each(c)
	}
	defer rs.close()
	return pool.Run(ctx, next, emit)
}

// summary counts the verdicts of a run for the closing line on stderr.
type summary struct {
	counts map[string]int
	total  int
	start  time.Time
}

var statusOrder = []string{"unique", "multiple", "none", "invalid", "timeout", "error"}

func newSummary() *summary { return &summary{counts: make(map[string]int), start: time.Now()} }

func (s *summary) add(status string) {
	s.counts[status]++
	s.total++
}

func (s *summary) allUnique() bool { return s.total > 0 && s.counts["unique"] == s.total }

func (s *summary) String() string {
	el := time.Since(s.start)
	out := fmt.Sprintf("%d puzzles:", s.total)
	if s.total == 1 {
		out = "1 puzzle:"
	}
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
	rate := float64(s.total) / el.Seconds()
	return out + fmt.Sprintf(" in %.2fs (%s puzzles/s)", el.Seconds(), groupDigits(int64(rate)))
}

// groupDigits writes n with thousands separators: 12,345.
func groupDigits(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
