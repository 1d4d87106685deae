package main

// The service end to end: the built binary serving HTTP on 127.0.0.1 with
// worker processes, a worker killed in the middle of a request, SIGTERM
// under load, and (with -serve.load) a load test.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

var (
	loadTime    = flag.Duration("serve.load", 0, "run the service load test for this long (such as 20s)")
	loadClients = flag.Int("serve.clients", 32, "concurrent clients of the load test")
	loadBatch   = flag.Int("serve.batch", 100, "royle17 puzzles per request in the load test")
)

// server is a running `sudokugen serve`.
type server struct {
	cmd  *exec.Cmd
	url  string
	logs *bytes.Buffer
	mu   sync.Mutex
	done chan error
}

// startServer starts the binary's serve command on a free port and waits
// until /readyz answers 200.
func startServer(t *testing.T, args ...string) *server {
	t.Helper()
	bin := sgBinary(t)
	args = append([]string{"serve", "--listen", "127.0.0.1:0", "--log-format", "json"}, args...)
	cmd := exec.Command(bin, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{cmd: cmd, logs: new(bytes.Buffer), done: make(chan error, 1)}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Bytes()
			s.mu.Lock()
			s.logs.Write(line)
			s.logs.WriteByte('\n')
			s.mu.Unlock()
			var rec struct{ Msg, Addr string }
			if json.Unmarshal(line, &rec) == nil && rec.Msg == "listening" {
				addr <- rec.Addr
			}
		}
		s.done <- cmd.Wait()
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			<-s.done
		}
	})
	select {
	case a := <-addr:
		s.url = "http://" + a
	case <-time.After(20 * time.Second):
		t.Fatalf("server did not start:\n%s", s.log())
	}
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(s.url + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return s
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("server not ready:\n%s", s.log())
	return nil
}

func (s *server) log() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.logs.String()
}

// verdicts is the part of a /v1/verify answer the tests check.
type verdicts struct {
	Results []struct {
		Status   string  `json:"status"`
		Solution *string `json:"solution"`
		Error    *string `json:"error"`
	} `json:"results"`
	Error *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func royleSolutions(t *testing.T, n int) []string {
	t.Helper()
	b, err := os.ReadFile(dataFile(t, "royle17/solutions.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sols := strings.Fields(string(b))
	for len(sols) < n {
		sols = append(sols, sols...)
	}
	return sols[:n]
}

// post sends a batch and decodes the answer.
func post(c *http.Client, url string, body []byte) (int, *verdicts, error) {
	resp, err := c.Post(url+"/v1/verify", "text/plain", bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	var v verdicts
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		return resp.StatusCode, nil, fmt.Errorf("answer %d is not whole JSON: %w", resp.StatusCode, err)
	}
	return resp.StatusCode, &v, nil
}

// A worker killed with SIGKILL in the middle of a request is replaced; the
// puzzles it held get an error at worst, every other verdict is right.
func TestServeKillWorker(t *testing.T) {
	testServeWorkerFault(t, syscall.SIGKILL)
}

// A worker that hangs (stopped with SIGSTOP) is killed at the puzzle's
// timeout and replaced; only its puzzle is answered "timeout".
func TestServeHungWorker(t *testing.T) {
	testServeWorkerFault(t, syscall.SIGSTOP, "--timeout", "1s")
}

// testServeWorkerFault signals one of two workers while both work on a
// request: enough puzzles (royle17 twice over) to keep them busy for
// seconds, the signal sent once the pool says both are busy.
func testServeWorkerFault(t *testing.T, sig syscall.Signal, args ...string) {
	const n = 100000
	s := startServer(t, append([]string{"--workers", "2", "--max-puzzles", fmt.Sprint(n), "--max-body", fmt.Sprint(16 << 20)}, args...)...)
	in := royleInput(t, n)
	sols := royleSolutions(t, n)
	kids := waitChildren(t, s.cmd.Process.Pid, 2)
	type answer struct {
		code int
		v    *verdicts
		err  error
	}
	got := make(chan answer, 1)
	go func() {
		code, v, err := post(http.DefaultClient, s.url, in)
		got <- answer{code, v, err}
	}()
	for start := time.Now(); metric(t, s.url, "sudokugen_workers_busy") < 2; time.Sleep(5 * time.Millisecond) {
		if time.Since(start) > 30*time.Second {
			t.Fatalf("the workers never were both busy\n%s", s.log())
		}
	}
	if err := syscall.Kill(kids[0], sig); err != nil {
		t.Fatalf("signal worker %d: %v", kids[0], err)
	}
	a := <-got
	if a.err != nil || a.code != 200 {
		t.Fatalf("POST /v1/verify with a killed worker = %d, %v\n%s", a.code, a.err, s.log())
	}
	if len(a.v.Results) != n {
		t.Fatalf("%d results, want %d", len(a.v.Results), n)
	}
	failed := 0
	for i, r := range a.v.Results {
		switch {
		case r.Status == "unique" && r.Solution != nil && *r.Solution == sols[i]:
		case (r.Status == "error" || r.Status == "timeout") && r.Error != nil && *r.Error != "":
			failed++
		default:
			t.Fatalf("puzzle %d: %s %v %v, want unique with its solution", i, r.Status, r.Solution, r.Error)
		}
	}
	t.Logf("%d of %d puzzles answered with an error after the worker's %v", failed, n, sig)
	if failed > 64 {
		t.Errorf("%d puzzles failed: more than the batch the worker held", failed)
	}
	m := metric(t, s.url, "sudokugen_worker_restarts_total")
	if m < 1 {
		t.Errorf("worker restarts %v after a kill, want at least 1", m)
	}
	// The next request runs on the replaced worker.
	code, v, err := post(http.DefaultClient, s.url, royleInput(t, 100))
	if err != nil || code != 200 || v.Results[99].Status != "unique" {
		t.Fatalf("after the kill: %d %v", code, err)
	}
	stopServer(t, s)
}

// metric reads one value from /metrics.
func metric(t *testing.T, url, name string) float64 {
	t.Helper()
	resp, err := http.Get(url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			f, _ := strconv.ParseFloat(v, 64)
			return f
		}
	}
	t.Fatalf("no %s in /metrics", name)
	return 0
}

// stopServer sends SIGTERM and checks that the server and its workers are
// gone.
func stopServer(t *testing.T, s *server) {
	t.Helper()
	kids := children(s.cmd.Process.Pid)
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.done:
		if err != nil {
			t.Errorf("server exit: %v\n%s", err, s.log())
		}
	case <-time.After(60 * time.Second):
		t.Fatalf("server still running 60s after SIGTERM\n%s", s.log())
	}
	time.Sleep(100 * time.Millisecond)
	for _, k := range kids {
		if alive(k) {
			t.Errorf("worker %d outlived the server", k)
		}
	}
}

// SIGTERM during load: every request the server accepted gets a complete
// answer or a clear error, requests after it are refused, and no worker
// process is left.
func TestServeSIGTERMUnderLoad(t *testing.T) {
	s := startServer(t, "--workers", "2", "--grace", "10s")
	const batch = 500
	in := royleInput(t, batch)
	sols := royleSolutions(t, batch)
	kids := waitChildren(t, s.cmd.Process.Pid, 2)
	// One connection per request: a request either reaches the server
	// or its connection is refused.
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	var complete, rejected, refused atomic.Int64
	var bad []string
	var mu sync.Mutex
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				code, v, err := post(client, s.url, in)
				switch {
				case err != nil && neverTaken(err):
					// Refused once the listener is closed, or reset while
					// still in its backlog (the client may see the reset
					// while it still writes the body, as a broken pipe or
					// its own closed connection): never taken by the
					// server, as the count of logged requests below
					// confirms.
					refused.Add(1)
					return
				case err == nil && code == 200 && len(v.Results) == batch && allRight(v, sols):
					complete.Add(1)
				case err == nil && code == 503 && v.Error != nil && v.Error.Message != "":
					rejected.Add(1)
				default:
					mu.Lock()
					bad = append(bad, fmt.Sprintf("%d %v", code, err))
					mu.Unlock()
					return
				}
			}
		})
	}
	time.Sleep(time.Second)
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-s.done:
		if err != nil {
			t.Errorf("server exit after SIGTERM: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("server still running 30s after SIGTERM\n%s", s.log())
	}
	close(stop)
	wg.Wait()
	t.Logf("%d complete answers, %d turned away with 503, %d clients refused after the listener closed", complete.Load(), rejected.Load(), refused.Load())
	if len(bad) > 0 {
		t.Errorf("answers neither complete nor clear errors: %v\n%s", bad, s.log())
	}
	if complete.Load() == 0 {
		t.Error("no request was answered before the shutdown")
	}
	// Every request the server took, it logged once answered; each of
	// those answers reached its client whole.
	if n := int64(strings.Count(s.log(), `"path":"/v1/verify"`)); n != complete.Load()+rejected.Load() {
		t.Errorf("the server answered %d requests, the clients received %d", n, complete.Load()+rejected.Load())
	}
	time.Sleep(100 * time.Millisecond)
	for _, k := range kids {
		if alive(k) {
			t.Errorf("worker %d outlived the server", k)
		}
	}
}

// neverTaken reports whether a client's error means its connection was
// closed before the server read the request.
func neverTaken(err error) bool {
	return errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, syscall.EPIPE) || errors.Is(err, net.ErrClosed)
}

func allRight(v *verdicts, sols []string) bool {
	for i, r := range v.Results {
		if r.Status != "unique" || r.Solution == nil || *r.Solution != sols[i] {
			return false
		}
	}
	return true
}

// rss returns the resident memory of pid and its children, in KiB.
func rss(pid int) int {
	total := 0
	for _, p := range append([]int{pid}, children(pid)...) {
		b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", p))
		for line := range strings.SplitSeq(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
				kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
				total += kb
			}
		}
	}
	return total
}

// TestServeLoad posts royle17 batches from many clients for -serve.load
// and reports throughput, latency and memory. Every verdict must be right
// and no answer a 5xx other than the 429 and 503 of a full queue.
func TestServeLoad(t *testing.T) {
	if *loadTime <= 0 {
		t.Skip("load test: run with -serve.load 20s")
	}
	s := startServer(t)
	const total = 10000
	all := royleInput(t, total)
	sols := royleSolutions(t, total)
	lines := bytes.SplitAfter(all, []byte("\n"))
	pid := s.cmd.Process.Pid
	// Warm up, then measure memory.
	post(http.DefaultClient, s.url, royleInput(t, 1000))
	before := rss(pid)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *loadClients}}
	var (
		mu        sync.Mutex
		latencies []time.Duration
		puzzles   int
		wrong     int
		busy      int
		failures  []string
	)
	end := time.Now().Add(*loadTime)
	var mid atomic.Int64
	time.AfterFunc(*loadTime/2, func() { mid.Store(int64(rss(pid))) })
	var wg sync.WaitGroup
	for c := range *loadClients {
		wg.Go(func() {
			for k := c; time.Now().Before(end); k += *loadClients {
				first := (k * *loadBatch) % (total - *loadBatch)
				body := bytes.Join(lines[first:first+*loadBatch], nil)
				start := time.Now()
				code, v, err := post(client, s.url, body)
				el := time.Since(start)
				mu.Lock()
				switch {
				case err == nil && code == 200:
					latencies = append(latencies, el)
					puzzles += len(v.Results)
					if len(v.Results) != *loadBatch || !allRight(v, sols[first:first+*loadBatch]) {
						wrong++
					}
				case err == nil && (code == 429 || code == 503):
					busy++
				default:
					failures = append(failures, fmt.Sprintf("%d %v", code, err))
				}
				mu.Unlock()
			}
		})
	}
	start := time.Now()
	wg.Wait()
	el := time.Since(start)
	after := rss(pid)
	slices.Sort(latencies)
	pct := func(p float64) time.Duration {
		if len(latencies) == 0 {
			return 0
		}
		return latencies[min(len(latencies)-1, int(p*float64(len(latencies))))]
	}
	t.Logf("%d clients, %d puzzles a request, %.1fs: %d requests (%.1f/s), %d puzzles (%.0f/s), p50 %v, p99 %v, %d turned away (429/503), RSS %d MiB before, %d MiB half-way, %d MiB after (server and workers)",
		*loadClients, *loadBatch, el.Seconds(), len(latencies), float64(len(latencies))/el.Seconds(), puzzles, float64(puzzles)/el.Seconds(),
		pct(0.5).Round(time.Millisecond), pct(0.99).Round(time.Millisecond), busy, before/1024, mid.Load()/1024, after/1024)
	if wrong > 0 {
		t.Errorf("%d answers with a wrong or missing verdict", wrong)
	}
	if len(failures) > 0 {
		t.Errorf("%d failed requests, such as %s", len(failures), failures[0])
	}
	stopServer(t, s)
}

// A request still running when the grace period ends is cancelled and
// answered 503 with the reason; the workers go with the server.
func TestServeGraceOver(t *testing.T) {
	// More work than the grace period: 100,000 puzzles take 2 workers
	// over a second.
	s := startServer(t, "--workers", "2", "--grace", "300ms", "--max-puzzles", "100000", "--max-body", fmt.Sprint(16<<20))
	in := royleInput(t, 100000)
	kids := waitChildren(t, s.cmd.Process.Pid, 2)
	type answer struct {
		code int
		v    *verdicts
		err  error
	}
	got := make(chan answer, 1)
	go func() {
		code, v, err := post(http.DefaultClient, s.url, in)
		got <- answer{code, v, err}
	}()
	// Signal once the request is admitted and under way.
	deadline := time.Now().Add(20 * time.Second)
	for metric(t, s.url, "sudokugen_queue_puzzles") == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	a := <-got
	if a.err != nil || a.code != 503 || a.v.Error == nil || a.v.Error.Code != "shutdown" {
		t.Fatalf("request cut by the end of the grace period = %d %v %+v, want 503 shutdown\n%s", a.code, a.err, a.v, s.log())
	}
	select {
	case err := <-s.done:
		if err != nil {
			t.Errorf("server exit: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("server still running after the grace period")
	}
	time.Sleep(100 * time.Millisecond)
	for _, k := range kids {
		if alive(k) {
			t.Errorf("worker %d outlived the server", k)
		}
	}
}
