package worker

import (
	"errors"
	"testing"
	"time"
)

// With KeepUp, a process killed on a job past its timeout is replaced
// once the job's result is out, before the next job comes, so that the
// next job does not wait for a process to start.
func TestKilledProcessReplaced(t *testing.T) {
	jobs := verifyJobs(1)
	jobs[0].Timeout = 200 * time.Millisecond
	p, _ := testPool(t, testConfig{workers: 1, faults: "0:hang", keepUp: true})
	res, err := runJobs(t, p, jobs)
	if err != nil || len(res) != 1 || !errors.Is(res[0].Err, ErrTimeout) {
		t.Fatalf("%d results, %v; want one timeout", len(res), err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for p.Stats().Workers != 1 {
		if time.Now().After(deadline) {
			t.Fatalf("%d worker processes 20 s after the kill, want 1", p.Stats().Workers)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if st := p.Stats(); st.Restarts != 1 {
		t.Errorf("%d restarts, want 1", st.Restarts)
	}
}
