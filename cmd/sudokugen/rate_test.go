package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestRate(t *testing.T) {
	stdout, _, code := cli(t, easy+"\n", "rate", "--explain")
	if code != 0 || !strings.HasPrefix(stdout, "<stdin>:1: easy 1.2 (") || !strings.Contains(stdout, "r1c6 must be 8: it is the only place for") {
		t.Fatalf("rate --explain: exit %d\n%s", code, stdout)
	}
	stdout, _, code = cli(t, easy+"\n"+emptyRow+"\n"+easy[:50]+"\n", "rate", "--json")
	if code != 1 {
		t.Fatalf("rate with unratable puzzles: exit %d, want 1", code)
	}
	var got []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		got = append(got, m)
	}
	if len(got) != 3 || got[0]["level"] != "easy" || got[0]["score"] != 1.2 || got[1]["error"] == nil || got[2]["error"] == nil {
		t.Fatalf("rate --json: %v", got)
	}
	// The same output whatever the number of goroutines.
	in := strings.Repeat(easy+"\n"+sixteen+"\n", 300)
	one, _, _ := cli(t, in, "rate", "--workers", "1")
	four, _, _ := cli(t, in, "rate", "--workers", "4")
	if one != four {
		t.Fatal("rate output differs between 1 and 4 workers")
	}
}
