package worker

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// kept holds what growMemory takes, so that the collector cannot free it.
var kept [][]byte

// growMemory takes 4 MB every 100 ms (40 MB/s, as a hard 16x16 killer
// grows), touching every page, up to 1 GB.
func growMemory() {
	for range 250 {
		b := make([]byte, 4<<20)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		kept = append(kept, b)
		time.Sleep(100 * time.Millisecond)
	}
}

// A job that grows past MaxMemory gives up with ErrMemory, saying so, as
// one past its timeout does; its worker is replaced, and the jobs after
// it get their verdicts.
func TestMaxMemory(t *testing.T) {
	if _, err := os.Stat("/proc/self/statm"); err != nil {
		t.Skip("no /proc: the pool reads a worker's memory there")
	}
	jobs := verifyJobs(6)
	p, _ := testPool(t, testConfig{workers: 1, faults: "2:grow", maxMemory: 96 << 20, timeout: time.Minute})
	start := time.Now()
	res, err := runJobs(t, p, jobs)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range res {
		if i == 2 {
			if !errors.Is(r.Err, ErrMemory) || !strings.Contains(r.Err.Error(), "gave up: memory") || !strings.Contains(r.Err.Error(), "96MiB") {
				t.Errorf("job 2 grows: err %v, want ErrMemory naming the bound", r.Err)
			}
		} else if r.Err != nil || r.Verify.Count == 0 {
			t.Errorf("job %d: %v; want a verdict", i, r.Err)
		}
	}
	if st := p.Stats(); st.Restarts != 1 {
		t.Errorf("%d workers replaced, want 1", st.Restarts)
	}
	// 96 MB at 40 MB/s: stopped within a few seconds, not at the minute's
	// timeout
	t.Logf("the run took %v", time.Since(start))
	if time.Since(start) > 30*time.Second {
		t.Errorf("the run took %v: the bound did not stop the job", time.Since(start))
	}
}

// With a memory bound, only light jobs run in the pool's own process,
// which cannot be stopped: a variant goes to a worker.
func TestLight(t *testing.T) {
	classic := grid4()
	if !light(Job{Kind: Verify, Grid: classic}) {
		t.Error("a 4x4 classic verify is not light")
	}
	jobs := []Job{{Kind: Generate}, {Kind: Verify, Grid: classic}}
	for _, j := range jobs {
		if !light(j) {
			t.Errorf("%+v is not light", j)
		}
	}
	big := Job{Kind: Verify}
	big.Grid.Shape.BoxRows, big.Grid.Shape.BoxCols = 4, 4
	if light(big) {
		t.Error("a 16x16 verify is light")
	}
	p := New(Config{Workers: 1, MaxMemory: 1 << 30, Command: func() *exec.Cmd { return nil }})
	if p.small([]Job{big}) {
		t.Error("a 16x16 job runs in the pool's process with a memory bound")
	}
	if !p.small([]Job{{Kind: Verify, Grid: classic}}) {
		t.Error("a 4x4 classic job does not run in the pool's process")
	}
}
