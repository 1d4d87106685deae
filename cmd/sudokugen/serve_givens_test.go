package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"
)

// /v1/givens runs on the worker pool: a puzzle past the request's timeout
// answers timeout with the roles decided before it, marked partial, as
// /v1/candidates does with the candidates settled, and a client that
// leaves stops the work on its worker.
func TestServeGivensBounded(t *testing.T) {
	puzzle, err := os.ReadFile("testdata/hard25.txt")
	if err != nil {
		t.Fatal(err)
	}
	s := startServer(t, "--workers", "1")
	resp, err := http.Post(s.url+"/v1/givens?timeout=1500ms", "text/plain", bytes.NewReader(puzzle))
	if err != nil {
		t.Fatal(err)
	}
	var ans struct {
		Results []struct {
			Status, Verdict   string
			Partial           bool
			Needed, Redundant []json.RawMessage
		}
	}
	err = json.NewDecoder(resp.Body).Decode(&ans)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 || len(ans.Results) != 1 {
		t.Fatalf("POST /v1/givens: %d, %v, %+v", resp.StatusCode, err, ans)
	}
	r := ans.Results[0]
	if decided := len(r.Needed) + len(r.Redundant); r.Status != "timeout" || !r.Partial || r.Verdict != "unique" || decided == 0 {
		t.Errorf("POST /v1/givens?timeout=1500ms: status %q partial %v verdict %q, %d roles; want a partial timeout with some roles", r.Status, r.Partial, r.Verdict, decided)
	}

	// /v1/candidates past its timeout shows what it settled
	resp, err = http.Post(s.url+"/v1/candidates?timeout=1500ms", "text/plain", strings.NewReader(strings.Repeat(".", 36*36)))
	if err != nil {
		t.Fatal(err)
	}
	var cands struct {
		Results []struct {
			Status        string
			Partial       bool
			Settled, Open int
			Candidates    []string
		}
	}
	err = json.NewDecoder(resp.Body).Decode(&cands)
	resp.Body.Close()
	if err != nil || len(cands.Results) != 1 {
		t.Fatalf("POST /v1/candidates: %v, %+v", err, cands)
	}
	if c := cands.Results[0]; c.Status != "timeout" || !c.Partial || c.Settled == 0 || c.Open != 36*36*36 || len(c.Candidates) != 36*36 {
		t.Errorf("POST /v1/candidates?timeout=1500ms on an empty 36x36: status %q partial %v, %d of %d settled", c.Status, c.Partial, c.Settled, c.Open)
	}

	// A client that leaves: its request runs on a worker, which is free
	// again soon after the client has gone.
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "POST", s.url+"/v1/givens?timeout=60s", bytes.NewReader(puzzle))
	if err != nil {
		t.Fatal(err)
	}
	gone := make(chan struct{})
	go func() {
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
		close(gone)
	}()
	waitBusy(t, s, 1, "while the request runs")
	cancel()
	<-gone
	waitBusy(t, s, 0, "after the client left")
	stopServer(t, s)
}

// waitBusy waits, up to 20 s, until the server has busy workers busy.
func waitBusy(t *testing.T, s *server, busy float64, when string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for metric(t, s.url, "sudokugen_workers_busy") != busy {
		if time.Now().After(deadline) {
			t.Fatalf("%s: %v workers busy, want %v", when, metric(t, s.url, "sudokugen_workers_busy"), busy)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
