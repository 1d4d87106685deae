package generate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/verify"
)

// When the test binary is started as a worker of a test pool, it serves
// tasks, failing on purpose where the environment says so:
// POOL_TEST_FAULTS is a comma-separated list of index:fault, with fault
// "crash" (exit at once), "once" (crash the first time only, remembered in
// a file under POOL_TEST_DIR) or "hang".
func TestMain(m *testing.M) {
	if os.Getenv("POOL_TEST_WORKER") == "1" {
		faults := map[int]string{}
		for _, f := range strings.Split(os.Getenv("POOL_TEST_FAULTS"), ",") {
			if i, kind, ok := strings.Cut(f, ":"); ok {
				n, _ := strconv.Atoi(i)
				faults[n] = kind
			}
		}
		err := serveWorker(os.Stdin, os.Stdout, func(t Task) {
			switch faults[t.Index] {
			case "crash":
				os.Exit(3)
			case "once":
				mark := filepath.Join(os.Getenv("POOL_TEST_DIR"), fmt.Sprint("crashed-", t.Index))
				if _, err := os.Stat(mark); err != nil {
					os.WriteFile(mark, nil, 0o644)
					os.Exit(3)
				}
			case "hang":
				time.Sleep(time.Hour)
			}
		})
		if err != nil {
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func testPool(t *testing.T, workers int, faults string) *Pool {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	return &Pool{
		Workers: workers,
		Batch:   4,
		Command: func() *exec.Cmd {
			cmd := exec.Command(exe)
			cmd.Env = append(os.Environ(), "POOL_TEST_WORKER=1", "POOL_TEST_FAULTS="+faults, "POOL_TEST_DIR="+dir)
			return cmd
		},
	}
}

// puzzles returns n verify tasks on 4x4 puzzles: even ones unique, odd ones
// with several solutions.
func verifyTasks(n int) []Task {
	uniq := grid.New(grid.Shape{BoxRows: 2, BoxCols: 2})
	copy(uniq.Cells, []uint8{1, 2, 0, 4, 3, 4, 0, 2, 2, 1, 0, 3, 4, 3, 0, 1})
	multi := grid.New(grid.Shape{BoxRows: 2, BoxCols: 2})
	tasks := make([]Task, n)
	for i := range tasks {
		g := uniq
		if i%2 == 1 {
			g = multi
		}
		tasks[i] = Task{Index: i, Op: OpVerify, Grid: g, CountLimit: 2}
	}
	return tasks
}

// source hands out tasks one by one, as Pool.Run asks for them.
func source(tasks []Task) func() (Task, bool, error) {
	k := 0
	return func() (Task, bool, error) {
		if k == len(tasks) {
			return Task{}, false, nil
		}
		k++
		return tasks[k-1], true, nil
	}
}

func runTasks(t *testing.T, p *Pool, tasks []Task) ([]Outcome, error) {
	t.Helper()
	next := source(tasks)
	var outs []Outcome
	err := p.Run(context.Background(), next, func(o Outcome) error {
		outs = append(outs, o)
		return nil
	})
	return outs, err
}

// describe renders outcomes for comparison across worker counts.
func describe(outs []Outcome) string {
	var b strings.Builder
	for _, o := range outs {
		fmt.Fprintf(&b, "%d %v %d", o.Index, o.Verify.Status, o.Verify.Count)
		for _, s := range o.Verify.Solutions {
			fmt.Fprintf(&b, " %s", s)
		}
		if o.Err != nil {
			fmt.Fprintf(&b, " err=%v", o.Err)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestPoolOrderAndAgreement(t *testing.T) {
	tasks := verifyTasks(101)
	want := ""
	for _, workers := range []int{0, 1, 2, 3} {
		outs, err := runTasks(t, testPool(t, workers, ""), tasks)
		if err != nil {
			t.Fatalf("workers %d: %v", workers, err)
		}
		if len(outs) != len(tasks) {
			t.Fatalf("workers %d: %d outcomes, want %d", workers, len(outs), len(tasks))
		}
		for i, o := range outs {
			wantStatus := verify.Unique
			if i%2 == 1 {
				wantStatus = verify.Multiple
			}
			if o.Index != i || o.Verify.Status != wantStatus {
				t.Fatalf("workers %d: outcome %d is task %d, %v; want task %d, %v", workers, i, o.Index, o.Verify.Status, i, wantStatus)
			}
		}
		got := describe(outs)
		if want == "" {
			want = got
		} else if got != want {
			t.Fatalf("workers %d: outcomes differ from workers 0:\n%s\nwant:\n%s", workers, got, want)
		}
	}
}

func TestPoolWorkerCrashes(t *testing.T) {
	tasks := verifyTasks(40)
	outs, err := runTasks(t, testPool(t, 2, "5:once,17:crash,30:once"), tasks)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range outs {
		switch i {
		case 17:
			if !errors.Is(o.Err, ErrWorkerFailed) {
				t.Errorf("task 17 crashes its worker every time: err %v, want ErrWorkerFailed", o.Err)
			}
		default:
			if o.Err != nil || o.Index != i || o.Verify.Count == 0 {
				t.Errorf("task %d: %v, count %d; want a verdict (the crash of another task must not touch it)", i, o.Err, o.Verify.Count)
			}
		}
	}
}

func TestPoolTimeout(t *testing.T) {
	tasks := verifyTasks(12)
	p := testPool(t, 2, "3:hang")
	p.Timeout = 300 * time.Millisecond
	start := time.Now()
	outs, err := runTasks(t, p, tasks)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("12 tasks with one hung in %v", time.Since(start))
	for i, o := range outs {
		if i == 3 {
			if !errors.Is(o.Err, ErrTimeout) {
				t.Errorf("task 3 hangs: err %v, want ErrTimeout", o.Err)
			}
		} else if o.Err != nil || o.Verify.Count == 0 {
			t.Errorf("task %d: %v; want a verdict", i, o.Err)
		}
	}
}

func TestPoolCancel(t *testing.T) {
	p := testPool(t, 2, "3:hang")
	ctx, cancel := context.WithCancel(context.Background())
	tasks := verifyTasks(50)
	next := source(tasks)
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	err := p.Run(ctx, next, func(Outcome) error { return nil })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run after cancel: %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("Run took %v to stop after cancel", d)
	}
}

func TestPoolEmitError(t *testing.T) {
	p := testPool(t, 2, "")
	tasks := verifyTasks(200)
	next := source(tasks)
	stop := errors.New("reader went away")
	n := 0
	err := p.Run(context.Background(), next, func(Outcome) error {
		n++
		if n == 10 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 10 {
		t.Fatalf("Run = %v after %d outcomes, want the emit error after 10", err, n)
	}
}
