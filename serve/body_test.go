package serve

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// rawPost sends a POST to addr over a fresh TCP connection, the headers
// and then the whole body, before it reads anything (as Python's urllib
// and requests do), and returns the answer. chunked sends the body
// without a Content-Length.
func rawPost(t *testing.T, addr, path string, body []byte, chunked bool) (*http.Response, []byte, error) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Minute)) // a hang guard
	bw := bufio.NewWriterSize(c, 64<<10)
	fmt.Fprintf(bw, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: text/plain\r\n", path, addr)
	if chunked {
		fmt.Fprintf(bw, "Transfer-Encoding: chunked\r\n\r\n")
		for b := body; len(b) > 0; {
			n := min(len(b), 32<<10)
			fmt.Fprintf(bw, "%x\r\n", n)
			bw.Write(b[:n])
			bw.WriteString("\r\n")
			b = b[n:]
		}
		bw.WriteString("0\r\n\r\n")
	} else {
		fmt.Fprintf(bw, "Content-Length: %d\r\n\r\n", len(body))
		bw.Write(body)
	}
	if err := bw.Flush(); err != nil {
		return nil, nil, fmt.Errorf("send: %w", err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return nil, nil, fmt.Errorf("read the answer: %w", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp, b, err
}

// A body too large gets its 413 whatever the client: one that sends the
// whole body before it reads hears the answer too, for every route that
// takes a body, with and without a Content-Length.
func TestOversizeBodyAnswered(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	ts := httptest.NewServer(s)
	defer ts.Close()
	addr := ts.Listener.Addr().String()
	big := bytes.Repeat([]byte(uniquePuzzle+"\n"), 20<<20/82) // 20 MB
	for _, path := range []string{"/v1/verify", "/v1/solve", "/v1/rate", "/v1/book", "/v1/generate"} {
		for _, chunked := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s chunked=%v", path, chunked), func(t *testing.T) {
				resp, body, err := rawPost(t, addr, path, big, chunked)
				if err != nil {
					t.Fatalf("POST %s with 20 MB: %v", path, err)
				}
				if resp.StatusCode != 413 || !bytes.Contains(body, []byte(`"body_too_large"`)) {
					t.Fatalf("POST %s with 20 MB = %d %.300s, want 413 body_too_large", path, resp.StatusCode, body)
				}
			})
		}
	}
	// A body declared larger than the server reads to discard is answered
	// at once, and the connection closed: curl, which reads while it
	// sends, hears it.
	small, _ := newTestServer(t, Config{MaxBody: 1 << 10, MaxDrain: 64 << 10})
	ts2 := httptest.NewServer(small)
	defer ts2.Close()
	c, err := net.Dial("tcp", ts2.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Minute))
	fmt.Fprintf(c, "POST /v1/verify HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n", 1<<20)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || resp.StatusCode != 413 || !resp.Close {
		t.Fatalf("a body declared past the drain bound = %v, %v; want 413 and the connection closed", resp, err)
	}
}

// goroutinesSettle waits until at most want goroutines run, and returns
// how many do.
func goroutinesSettle(want int, within time.Duration) int {
	deadline := time.Now().Add(within)
	for {
		n := runtime.NumGoroutine()
		if n <= want || time.Now().After(deadline) {
			return n
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// heapInuse is the heap in use after collections that also empty the
// sync.Pools (the server keeps buffers of connections there).
func heapInuse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// A client that sends its headers and then stalls is cut off once the
// body stops coming for BodyIdle: with 500 such connections open, other
// clients are answered as usual, the stalled ones get 408 and are closed,
// and the goroutines and memory of the server go back to where they were.
func TestStalledBodies(t *testing.T) {
	const stalled = 500
	s, _ := newTestServer(t, Config{BodyIdle: 2 * time.Second, BodyTimeout: 5 * time.Second})
	ts := httptest.NewServer(s)
	defer ts.Close()
	addr := ts.Listener.Addr().String()
	client := ts.Client()
	verify := func() (time.Duration, int) {
		start := time.Now()
		resp, err := client.Post(ts.URL+"/v1/verify", "text/plain", strings.NewReader(uniquePuzzle))
		if err != nil {
			t.Fatalf("POST /v1/verify: %v", err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return time.Since(start), resp.StatusCode
	}
	verify() // warm: the client's connection and the server's first request
	client.CloseIdleConnections()
	baseG := goroutinesSettle(0, 0)
	baseHeap := heapInuse()
	var before []time.Duration
	for range 5 {
		d, _ := verify()
		before = append(before, d)
	}

	conns := make([]net.Conn, stalled)
	for i := range conns {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		fmt.Fprintf(c, "POST /v1/verify HTTP/1.1\r\nHost: %s\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n", addr)
		conns[i] = c
	}
	// While they stall, others are answered.
	var during []time.Duration
	for range 5 {
		d, code := verify()
		if code != 200 {
			t.Errorf("POST /v1/verify with %d stalled connections = %d, want 200", stalled, code)
		}
		during = append(during, d)
	}
	t.Logf("a verify request took %v before, %v with %d stalled connections open", before, during, stalled)
	t.Logf("goroutines %d before, %d with the stalled connections; heap in use %d KiB before, %d KiB with them",
		baseG, runtime.NumGoroutine(), baseHeap>>10, heapInuse()>>10)

	// Each stalled one is answered 408 and closed.
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	start := time.Now()
	for _, c := range conns {
		wg.Go(func() {
			c.SetReadDeadline(time.Now().Add(time.Minute)) // a hang guard
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			code := -1
			if err == nil {
				code = resp.StatusCode
				io.Copy(io.Discard, resp.Body)
				if _, err := c.Read(make([]byte, 1)); err != io.EOF {
					code = -2 // not closed
				}
			}
			c.Close()
			mu.Lock()
			codes[code]++
			mu.Unlock()
		})
	}
	wg.Wait()
	conns = nil
	t.Logf("stalled connections answered %v within %v", codes, time.Since(start).Round(time.Millisecond))
	if codes[http.StatusRequestTimeout] != stalled {
		t.Errorf("stalled connections got %v, want %d times 408 and then closed", codes, stalled)
	}
	client.CloseIdleConnections()
	if n := s.bodies.inUse(); n != 0 {
		t.Errorf("%d bytes of request bodies still counted after the requests", n)
	}
	if g := goroutinesSettle(baseG, 10*time.Second); g > baseG {
		t.Errorf("%d goroutines after the stalled connections were cut, %d before", g, baseG)
	}
	// Heap in use back within 1 MiB of where it was (500 connections
	// held 20-40 MB while open).
	h := heapInuse()
	t.Logf("after: %d goroutines, heap in use %d KiB", runtime.NumGoroutine(), h>>10)
	if h > baseHeap+1<<20 {
		t.Errorf("heap in use %d KiB after, %d KiB before", h>>10, baseHeap>>10)
	}
}
