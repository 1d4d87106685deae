package worker

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rate"
	"github.com/sudokugen/sudokugen/verify"
)

// When the test binary is started as a worker of a test pool, it serves
// jobs with the faults that POOL_TEST_FAULTS names (see faults), keeping
// its marks in POOL_TEST_DIR. With POOL_TEST_START_FAILS=n, the first n
// processes of the pool die before they say hello.
func TestMain(m *testing.M) {
	if os.Getenv("POOL_TEST_WORKER") == "1" {
		dir := os.Getenv("POOL_TEST_DIR")
		if n, _ := strconv.Atoi(os.Getenv("POOL_TEST_START_FAILS")); n > 0 {
			if starts, _ := filepath.Glob(filepath.Join(dir, "start-*")); len(starts) < n {
				os.WriteFile(filepath.Join(dir, fmt.Sprint("start-", os.Getpid())), nil, 0o644)
				os.Exit(3)
			}
		}
		if err := serve(os.Stdin, os.Stdout, faults(os.Getenv("POOL_TEST_FAULTS"), dir)); err != nil {
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// faults returns a wrapper that makes the jobs named in spec fail: spec is
// a comma-separated list of index:fault, with fault
//
//	crash     exit at once
//	once      crash the first time only (remembered in a file under dir)
//	hang      sleep for an hour
//	slow      sleep for 300ms first
//	grow      take 40 MB more every second, and keep it, up to 1 GB
//	disagree  report the verdict as contradicted (verify.ErrDisagree)
//
// Every job leaves a file ran-PID-INDEX in dir, to tell which process ran it.
func faults(spec, dir string) wrapper {
	kinds := map[int]string{}
	for _, f := range strings.Split(spec, ",") {
		if i, kind, ok := strings.Cut(f, ":"); ok {
			n, _ := strconv.Atoi(i)
			kinds[n] = kind
		}
	}
	return func(j Job, do func(Job) Result) Result {
		if dir != "" {
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("ran-%d-%d", os.Getpid(), j.Index)), nil, 0o644)
		}
		switch kinds[j.Index] {
		case "crash":
			os.Exit(3)
		case "once":
			mark := filepath.Join(dir, fmt.Sprint("crashed-", j.Index))
			if _, err := os.Stat(mark); err != nil {
				os.WriteFile(mark, nil, 0o644)
				os.Exit(3)
			}
		case "hang":
			time.Sleep(time.Hour)
		case "slow":
			time.Sleep(300 * time.Millisecond)
		case "grow":
			growMemory()
		case "disagree":
			r := do(j)
			r.Verify.Err = fmt.Errorf("unique by the search: %w", verify.ErrDisagree)
			return r
		}
		return do(j)
	}
}

type testConfig struct {
	workers    int
	faults     string
	timeout    time.Duration
	startFails int
	maxMemory  int64
	quickLane  bool
	keepUp     bool
}

// testPool returns a pool of test-binary workers (or, with 0 workers, one
// that runs jobs here) with the faults of tc, closed at the end of the test.
func testPool(t *testing.T, tc testConfig) (*Pool, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cfg := Config{Workers: tc.workers, Timeout: tc.timeout, MaxMemory: tc.maxMemory, QuickLane: tc.quickLane, KeepUp: tc.keepUp}
	if tc.workers > 0 {
		cfg.Command = func() *exec.Cmd {
			cmd := exec.Command(exe)
			cmd.Env = append(os.Environ(), "POOL_TEST_WORKER=1", "POOL_TEST_FAULTS="+tc.faults, "POOL_TEST_DIR="+dir,
				fmt.Sprint("POOL_TEST_START_FAILS=", tc.startFails))
			return cmd
		}
	}
	p := New(cfg)
	p.wrap = faults(tc.faults, dir)
	t.Cleanup(func() {
		p.Close()
		if st := p.Stats(); st.Workers != 0 {
			t.Errorf("after Close: %d worker processes running, want 0", st.Workers)
		}
	})
	return p, dir
}

func grid4(cells ...uint8) grid.Grid {
	g := grid.New(grid.Shape{BoxRows: 2, BoxCols: 2})
	copy(g.Cells, cells)
	return g
}

// verifyJobs returns n verify jobs on 4x4 puzzles: even ones unique, odd
// ones with several solutions.
func verifyJobs(n int) []Job {
	uniq := grid4(1, 2, 0, 4, 3, 4, 0, 2, 2, 1, 0, 3, 4, 3, 0, 1)
	multi := grid4()
	jobs := make([]Job, n)
	for i := range jobs {
		g := uniq
		if i%2 == 1 {
			g = multi
		}
		jobs[i] = Job{Index: i, Kind: Verify, Grid: g, CountLimit: 2}
	}
	return jobs
}

// source hands out jobs one by one, as Pool.Run asks for them.
func source(jobs []Job) func() (Job, bool, error) {
	k := 0
	return func() (Job, bool, error) {
		if k == len(jobs) {
			return Job{}, false, nil
		}
		k++
		return jobs[k-1], true, nil
	}
}

func runJobs(t *testing.T, p *Pool, jobs []Job) ([]Result, error) {
	t.Helper()
	var res []Result
	err := p.Run(context.Background(), source(jobs), func(r Result) error {
		res = append(res, r)
		return nil
	})
	return res, err
}

// describe renders results for comparison across worker counts.
func describe(res []Result) string {
	var b strings.Builder
	for _, r := range res {
		fmt.Fprintf(&b, "%d %v %d", r.Index, r.Verify.Status, r.Verify.Count)
		for _, s := range r.Verify.Solutions {
			fmt.Fprintf(&b, " %s", s)
		}
		if r.Puzzle.Grid.Cells != nil {
			fmt.Fprintf(&b, " puzzle %s %s %.1f", r.Puzzle.Grid, r.Puzzle.Level, r.Puzzle.Score)
		}
		if r.Rating.Solved || r.Rating.Err != nil {
			fmt.Fprintf(&b, " rated %v %.1f %v", r.Rating.Level, r.Rating.Score, r.Rating.Counts)
			for _, st := range r.Rating.Steps {
				fmt.Fprintf(&b, "\n  %s", st)
			}
		}
		for _, e := range []error{r.Err, r.Verify.Err, r.Rating.Err} {
			if e != nil {
				fmt.Fprintf(&b, " err=%v", e)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// mixedJobs returns jobs of every kind.
func mixedJobs(n int) []Job {
	jobs := verifyJobs(n)
	rated, err := formats.Parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	if err != nil {
		panic(err)
	}
	for i := range jobs {
		switch i % 5 {
		case 2:
			jobs[i] = Job{Index: i, Kind: Generate, Seed: 7, Gen: generate.Options{Shape: grid.Shape{BoxRows: 2, BoxCols: 3}}}
		case 4:
			jobs[i] = Job{Index: i, Kind: Rate, Grid: rated, Rate: rate.Options{Explain: i%10 == 4}}
		}
	}
	return jobs
}

func TestOrderAndAgreement(t *testing.T) {
	jobs := mixedJobs(101)
	want := ""
	for _, workers := range []int{0, 1, 2, 3} {
		p, _ := testPool(t, testConfig{workers: workers})
		res, err := runJobs(t, p, jobs)
		if err != nil {
			t.Fatalf("workers %d: %v", workers, err)
		}
		if len(res) != len(jobs) {
			t.Fatalf("workers %d: %d results, want %d", workers, len(res), len(jobs))
		}
		for i, r := range res {
			if r.Index != i || r.Err != nil {
				t.Fatalf("workers %d: result %d is job %d (err %v); want job %d", workers, i, r.Index, r.Err, i)
			}
			if jobs[i].Kind == Verify && r.Verify.Status != [2]verify.Status{verify.Unique, verify.Multiple}[i%2] {
				t.Fatalf("workers %d: job %d: %v", workers, i, r.Verify.Status)
			}
		}
		got := describe(res)
		if want == "" {
			want = got
		} else if got != want {
			t.Fatalf("workers %d: results differ from workers 0:\n%s\nwant:\n%s", workers, got, want)
		}
	}
}

func TestWorkerCrashes(t *testing.T) {
	jobs := verifyJobs(40)
	p, _ := testPool(t, testConfig{workers: 2, faults: "5:once,17:crash,30:once"})
	res, err := runJobs(t, p, jobs)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range res {
		switch i {
		case 17:
			if !errors.Is(r.Err, ErrWorkerFailed) {
				t.Errorf("job 17 crashes its worker every time: err %v, want ErrWorkerFailed", r.Err)
			}
		default:
			if r.Err != nil || r.Index != i || r.Verify.Count == 0 {
				t.Errorf("job %d: %v, count %d; want a verdict (the crash of another job must not touch it)", i, r.Err, r.Verify.Count)
			}
		}
	}
	if st := p.Stats(); st.Restarts < 3 {
		t.Errorf("Stats().Restarts = %d after three crashes and a retry, want at least 3", st.Restarts)
	}
}

// A worker that dies before it is ready (killed while starting, or a fork
// that fails) is retried like any other worker death, not the end of the run.
func TestStartFailuresRetried(t *testing.T) {
	jobs := verifyJobs(30)
	p, _ := testPool(t, testConfig{workers: 2, startFails: 3, timeout: time.Minute})
	res, err := runJobs(t, p, jobs)
	if err != nil {
		t.Fatalf("Run with workers that die while starting: %v", err)
	}
	for i, r := range res {
		if r.Err != nil || r.Verify.Count == 0 {
			t.Errorf("job %d: %v; want a verdict", i, r.Err)
		}
	}
	if len(res) != len(jobs) {
		t.Fatalf("%d results, want %d", len(res), len(jobs))
	}
}

func TestTimeout(t *testing.T) {
	for _, workers := range []int{0, 2} {
		t.Run(fmt.Sprint("workers=", workers), func(t *testing.T) {
			// Only the hanging job gets a short bound: the others must give
			// their verdicts however slowly a loaded machine runs them.
			jobs := verifyJobs(12)
			jobs[3].Timeout = 300 * time.Millisecond
			p, _ := testPool(t, testConfig{workers: workers, faults: "3:hang", timeout: time.Minute})
			res, err := runJobs(t, p, jobs)
			if err != nil {
				t.Fatal(err)
			}
			for i, r := range res {
				if i == 3 {
					if !errors.Is(r.Err, ErrTimeout) {
						t.Errorf("job 3 hangs: err %v, want ErrTimeout", r.Err)
					}
				} else if r.Err != nil || r.Verify.Count == 0 {
					t.Errorf("job %d: %v; want a verdict", i, r.Err)
				}
			}
		})
	}
}

// A verify job on givens that clash is answered before any job is sent, so
// even a timeout far too short for a worker gives its verdict.
func TestInvalidDecidedFirst(t *testing.T) {
	clash := grid4(1, 1)
	for _, workers := range []int{0, 2} {
		p, _ := testPool(t, testConfig{workers: workers, faults: "0:hang,1:hang", timeout: time.Nanosecond})
		res, err := runJobs(t, p, []Job{{Index: 0, Kind: Verify, Grid: clash}, {Index: 1}})
		if err != nil {
			t.Fatal(err)
		}
		if len(res) != 2 || res[0].Err != nil || res[0].Verify.Status != verify.Invalid || len(res[0].Verify.Clashes) == 0 {
			t.Fatalf("workers %d: clashing givens with a 1ns timeout: %+v, want invalid with the clash", workers, res)
		}
		if res[1].Err != nil || res[1].Index != 1 {
			t.Fatalf("workers %d: a Skip job: %+v, want its index and no error", workers, res[1])
		}
	}
}

// Cancelling a run returns at once, in this process too, where the job
// itself cannot be stopped.
func TestCancel(t *testing.T) {
	for _, workers := range []int{0, 2} {
		t.Run(fmt.Sprint("workers=", workers), func(t *testing.T) {
			p, _ := testPool(t, testConfig{workers: workers, faults: "3:hang", timeout: time.Hour})
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(200*time.Millisecond, cancel)
			start := time.Now()
			err := p.Run(ctx, source(verifyJobs(50)), func(Result) error { return nil })
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("Run after cancel: %v, want context.Canceled", err)
			}
			t.Logf("stopped %v after the cancel", time.Since(start)-200*time.Millisecond)
			// A second run on the same pool is not touched by the first.
			jobs := verifyJobs(20)
			for i := range jobs {
				jobs[i].Index += 100 // clear of the hanging job 3
			}
			res, err := runJobs(t, p, jobs)
			if err != nil || len(res) != 20 {
				t.Fatalf("run after a cancelled one: %d results, %v", len(res), err)
			}
		})
	}
}

// In this process, a generation job that is given up on (its run
// cancelled, or past its timeout) stops at its next removal, rather than
// go on in the background for the rest of its puzzle: a minimal 36x36 one
// takes 20 s and more of processor time. Seen from outside, the process
// stops using the processor once the job is dropped.
func TestAbandonedGenerationStops(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a 36x36 puzzle (skipped with -short)")
	}
	if cpuTime() == 0 {
		t.Skip("needs the process's processor time (Linux)")
	}
	giant := Job{Kind: Generate, Seed: 1, Gen: generate.Options{Shape: grid.Shape{BoxRows: 6, BoxCols: 6}, MaxSolves: -1}}
	for _, how := range []string{"cancel", "timeout"} {
		t.Run(how, func(t *testing.T) {
			p := New(Config{})
			defer p.Close()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			g := giant
			if how == "cancel" {
				time.AfterFunc(500*time.Millisecond, cancel)
			} else {
				g.Timeout = 500 * time.Millisecond
			}
			err := p.Run(ctx, source([]Job{g}), func(r Result) error {
				if !errors.Is(r.Err, ErrTimeout) {
					t.Errorf("36x36 job with a 500ms timeout: %v, want ErrTimeout", r.Err)
				}
				return nil
			})
			if how == "cancel" && !errors.Is(err, context.Canceled) {
				t.Fatalf("Run after cancel: %v, want context.Canceled", err)
			}
			// Give the removal under way time to end (one removal takes
			// well under a second), then watch the processor for a second.
			time.Sleep(time.Second)
			before := cpuTime()
			time.Sleep(time.Second)
			used := cpuTime() - before
			t.Logf("processor time in the second after: %v", used.Round(time.Millisecond))
			if used > 300*time.Millisecond {
				t.Errorf("%v of processor time in the second after: the abandoned 36x36 job goes on", used)
			}
		})
	}
}

func TestEmitError(t *testing.T) {
	p, _ := testPool(t, testConfig{workers: 2})
	stop := errors.New("reader went away")
	n := 0
	err := p.Run(context.Background(), source(verifyJobs(200)), func(Result) error {
		n++
		if n == 10 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 10 {
		t.Fatalf("Run = %v after %d results, want the emit error after 10", err, n)
	}
}

// The jobs read before an input error still run and come out first.
func TestInputError(t *testing.T) {
	bad := errors.New("bad input")
	for _, workers := range []int{0, 2} {
		for _, n := range []int{3, 100} {
			p, _ := testPool(t, testConfig{workers: workers})
			jobs := verifyJobs(n)
			k := 0
			next := func() (Job, bool, error) {
				if k == n {
					return Job{}, false, bad
				}
				k++
				return jobs[k-1], true, nil
			}
			got := 0
			err := p.Run(context.Background(), next, func(Result) error { got++; return nil })
			if !errors.Is(err, bad) || got != n {
				t.Errorf("workers %d, %d jobs then an input error: Run = %v after %d results, want the error after %d", workers, n, err, got, n)
			}
		}
	}
}

// errors.Is gives the same answer on a job's error whether it ran in this
// process or in a worker.
func TestErrorsSameEverywhere(t *testing.T) {
	sh := grid.Shape{BoxRows: 2, BoxCols: 2}
	jobs := []Job{
		{Index: 0, Kind: Verify, Grid: verifyJobs(1)[0].Grid},                                             // disagree fault
		{Index: 1, Kind: Generate, Seed: 1, Gen: generate.Options{Shape: sh, Clues: 1, Attempts: 2}},      // clues unreachable
		{Index: 2, Kind: Generate, Seed: 1, Gen: generate.Options{Shape: sh, MinScore: 9.9, Attempts: 2}}, // target unreachable
		{Index: 3, Kind: Rate, Grid: grid4()},                                                             // rated: not unique
		{Index: 4, Kind: Verify, Grid: verifyJobs(1)[0].Grid},                                             // hang fault: timeout
		{Index: 5, Kind: Kind(99)},                                                                        // unknown kind
		{Index: 6, Kind: Verify, Grid: verifyJobs(1)[0].Grid, Timeout: time.Minute},                       // fine
	}
	checks := []struct {
		name     string
		err      func(Result) error
		sentinel error
	}{
		{"disagree", func(r Result) error { return r.Verify.Err }, verify.ErrDisagree},
		{"clues", func(r Result) error { return r.Err }, generate.ErrCluesUnreachable},
		{"target", func(r Result) error { return r.Err }, generate.ErrTargetUnreachable},
		{"multiple", func(r Result) error { return r.Rating.Err }, rate.ErrMultiple},
		{"timeout", func(r Result) error { return r.Err }, ErrTimeout},
		{"kind", func(r Result) error { return r.Err }, ErrKind},
		{"none", func(r Result) error { return r.Err }, nil},
	}
	var want []string
	for _, workers := range []int{0, 1, 2} {
		p, _ := testPool(t, testConfig{workers: workers, faults: "0:disagree,4:hang", timeout: 500 * time.Millisecond})
		res, err := runJobs(t, p, jobs)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for i, c := range checks {
			e := c.err(res[i])
			if !errors.Is(e, c.sentinel) || (c.sentinel == nil) != (e == nil) {
				t.Errorf("workers %d: job %d (%s): errors.Is(%v, %v) = false", workers, i, c.name, e, c.sentinel)
			}
			for _, s := range sentinels {
				if errors.Is(e, s) {
					got = append(got, fmt.Sprintf("%d:%v", i, s))
				}
			}
			if e != nil {
				got = append(got, e.Error())
			}
		}
		if want == nil {
			want = got
		} else if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("workers %d: errors\n%s\nwant (workers 0)\n%s", workers, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// Concurrent runs on one pool share its processes; each gets its own
// results in its own order.
func TestConcurrentRuns(t *testing.T) {
	p, _ := testPool(t, testConfig{workers: 2})
	jobs := mixedJobs(60)
	want := ""
	{
		q, _ := testPool(t, testConfig{})
		res, err := runJobs(t, q, jobs)
		if err != nil {
			t.Fatal(err)
		}
		want = describe(res)
	}
	var wg sync.WaitGroup
	for k := range 4 {
		wg.Go(func() {
			res, err := runJobs(t, p, jobs[k:])
			if err != nil {
				t.Errorf("run %d: %v", k, err)
				return
			}
			if got := describe(res); !strings.HasSuffix(want, got) || got == "" {
				t.Errorf("run %d: results\n%s\nwant the end of\n%s", k, got, want)
			}
		})
	}
	wg.Wait()
	if st := p.Stats(); st.Workers != 2 || st.Busy != 0 || st.Queued != 0 {
		t.Errorf("Stats() after the runs = %+v, want 2 workers, none busy, none queued", st)
	}
}

// A run of fewer slow jobs than workers spreads over every worker.
func TestFewSlowJobsSpread(t *testing.T) {
	p, dir := testPool(t, testConfig{workers: 2, faults: "0:slow,1:slow", timeout: time.Minute})
	if _, err := runJobs(t, p, verifyJobs(2)); err != nil {
		t.Fatal(err)
	}
	ran, _ := filepath.Glob(filepath.Join(dir, "ran-*"))
	pids := map[string]bool{}
	for _, f := range ran {
		pids[strings.Split(filepath.Base(f), "-")[1]] = true
	}
	if len(pids) != 2 {
		t.Fatalf("two slow jobs ran in %d processes (%v), want 2", len(pids), ran)
	}
}

func TestClosed(t *testing.T) {
	p, _ := testPool(t, testConfig{workers: 1})
	if _, err := runJobs(t, p, verifyJobs(20)); err != nil {
		t.Fatal(err)
	}
	p.Close()
	if _, err := runJobs(t, p, verifyJobs(20)); !errors.Is(err, ErrClosed) {
		t.Fatalf("Run after Close = %v, want ErrClosed", err)
	}
}

// A worker command that cannot start fails the jobs with ErrWorkerFailed
// and the reason; the run itself goes on to its end.
func TestNoWorkerStarts(t *testing.T) {
	p := New(Config{Workers: 2, Timeout: time.Minute, Command: func() *exec.Cmd {
		return exec.Command(filepath.Join(t.TempDir(), "no-such-program"))
	}})
	defer p.Close()
	res, err := runJobs(t, p, verifyJobs(5))
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 5 {
		t.Fatalf("%d results, want 5", len(res))
	}
	for i, r := range res {
		if !errors.Is(r.Err, ErrWorkerFailed) || !strings.Contains(r.Err.Error(), "no-such-program") {
			t.Errorf("job %d: err %v, want ErrWorkerFailed naming the program", i, r.Err)
		}
	}
}
