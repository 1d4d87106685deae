package serve

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// blockingEngine holds every job until release is closed.
func blockingServer(t *testing.T, cfg Config) (*Server, chan struct{}, chan struct{}) {
	t.Helper()
	started := make(chan struct{}, 100)
	release := make(chan struct{})
	s, eng := newTestServer(t, cfg)
	eng.fail = func(Job) error {
		started <- struct{}{}
		<-release
		return nil
	}
	return s, started, release
}

func TestQueueFull(t *testing.T) {
	s, started, release := blockingServer(t, Config{MaxQueue: 10, MaxPuzzles: 10, RetryAfter: 3 * time.Second})
	batch := strings.Repeat(uniquePuzzle+"\n", 10)
	var wg sync.WaitGroup
	var first answer
	wg.Go(func() { first = call(t, s, "POST", "/v1/verify", "text/plain", strings.NewReader(batch)) })
	<-started
	a := call(t, s, "POST", "/v1/verify", "text/plain", strings.NewReader(uniquePuzzle))
	if a.status != 429 || a.header.Get("Retry-After") != "3" {
		t.Errorf("POST /v1/verify with a full queue = %d (Retry-After %q), want 429 with Retry-After 3", a.status, a.header.Get("Retry-After"))
	}
	close(release)
	wg.Wait()
	if first.status != 200 || len(results(t, first)) != 10 {
		t.Errorf("the admitted request = %d, want 200 with 10 results", first.status)
	}
	if n := s.queue.inFlight(); n != 0 {
		t.Errorf("%d puzzles still counted in the queue after the requests", n)
	}
}

func TestTooManyRequests(t *testing.T) {
	s, started, release := blockingServer(t, Config{MaxRequests: 1})
	var wg sync.WaitGroup
	wg.Go(func() { call(t, s, "POST", "/v1/verify", "text/plain", strings.NewReader(uniquePuzzle)) })
	<-started
	a := call(t, s, "POST", "/v1/rate", "text/plain", strings.NewReader(uniquePuzzle))
	if a.status != 503 || a.header.Get("Retry-After") == "" {
		t.Errorf("a second request past --max-requests 1 = %d, want 503 with Retry-After", a.status)
	}
	close(release)
	wg.Wait()
}

// A client that goes away cancels its work: the run returns, and its
// puzzles leave the queue.
func TestClientGone(t *testing.T) {
	s, started, release := blockingServer(t, Config{})
	defer close(release)
	ctx, cancel := context.WithCancel(t.Context())
	req := httptest.NewRequestWithContext(ctx, "POST", "/v1/verify", strings.NewReader(strings.Repeat(uniquePuzzle+"\n", 50)))
	done := make(chan struct{})
	go func() {
		s.ServeHTTP(httptest.NewRecorder(), req)
		close(done)
	}()
	<-started
	if n := s.queue.inFlight(); n != 50 {
		t.Errorf("%d puzzles in the queue, want 50", n)
	}
	cancel()
	release <- struct{}{} // the job under way finishes; no other starts
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the request went on after its client left")
	}
	if n := s.queue.inFlight(); n != 0 {
		t.Errorf("%d puzzles still in the queue after the client left", n)
	}
}

// Puzzles not reached by the request's deadline are answered "timeout";
// the others keep their verdicts.
func TestRequestDeadline(t *testing.T) {
	s, eng := newTestServer(t, Config{RequestTimeout: 300 * time.Millisecond})
	eng.fail = func(j Job) error {
		time.Sleep(100 * time.Millisecond)
		return nil
	}
	a := call(t, s, "POST", "/v1/verify", "text/plain", strings.NewReader(strings.Repeat(uniquePuzzle+"\n", 10)))
	rs := results(t, a)
	if a.status != 200 || len(rs) != 10 {
		t.Fatalf("POST /v1/verify past the deadline = %d with %d results, want 200 with 10", a.status, len(rs))
	}
	if rs[0]["status"] != "unique" || rs[9]["status"] != "timeout" {
		t.Errorf("first %v, last %v: want unique, then timeout", rs[0]["status"], rs[9]["status"])
	}
}

// A failed worker costs only its puzzle.
func TestWorkerFailed(t *testing.T) {
	s, eng := newTestServer(t, Config{})
	eng.fail = func(j Job) error {
		if j.Index == 1 {
			return fmt.Errorf("%w: killed", ErrWorkerFailed)
		}
		return nil
	}
	a := call(t, s, "POST", "/v1/verify", "text/plain", strings.NewReader(strings.Repeat(uniquePuzzle+"\n", 3)))
	rs := results(t, a)
	want := []string{"unique", "error", "unique"}
	for i, r := range rs {
		if r["status"] != want[i] {
			t.Errorf("puzzle %d: %v, want %s", i, r["status"], want[i])
		}
	}
	if a.status != 200 || rs[1]["error"] == nil {
		t.Errorf("status %d, error %v: want 200 and the worker's failure named", a.status, rs[1]["error"])
	}
}

// Many clients at once get the same answers as one.
func TestConcurrentRequests(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	body := uniquePuzzle + "\n" + multiplePuzzle + "\n"
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			a := call(t, s, "POST", "/v1/verify", "text/plain", strings.NewReader(body))
			rs := results(t, a)
			if rs[0]["solution"] != uniqueSolution || rs[1]["status"] != "multiple" {
				t.Errorf("concurrent answer %s", a.body)
			}
		})
	}
	wg.Wait()
}
