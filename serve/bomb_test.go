package serve

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/internal/lzstring/lztest"
)

// A 1 MB body of 40 links, each of whose lz-string codes points at the
// newest dictionary entry (each would decompress to about 150 million
// characters), is answered at once with each link refused, and the
// service's heap stays where it was.
func TestBombLinks(t *testing.T) {
	links := make([]string, 40)
	for i := range links {
		links[i] = formats.FPuzzlesURL + lztest.Bomb(26<<10, '{')
	}
	text := strings.Join(links, "\n")
	js, _ := json.Marshal(map[string]string{"text": text})
	if len(js) < 1<<20 {
		t.Fatalf("the body has %d bytes, want 1 MB", len(js))
	}
	s, _ := newTestServer(t, Config{MaxBody: 2 << 20})
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapInuse
	}
	for _, body := range []struct{ ctype, body string }{{"text/plain", text}, {"application/json", string(js)}} {
		var peak runtime.MemStats
		before := heap()
		runtime.ReadMemStats(&peak)
		allocBefore := peak.TotalAlloc
		start := time.Now()
		a := call(t, s, "POST", "/v1/verify", body.ctype, strings.NewReader(body.body))
		took := time.Since(start)
		runtime.ReadMemStats(&peak)
		after := heap()
		rs := results(t, a)
		if len(rs) != 40 {
			t.Fatalf("%s: %d results, want 40", body.ctype, len(rs))
		}
		for i, r := range rs {
			if msg, _ := r["error"].(string); r["status"] != "invalid" || !strings.Contains(msg, "decompresses to more than") {
				t.Fatalf("%s: result %d = %v, want invalid: too large", body.ctype, i, r)
			}
		}
		// what was allocated in all: the body, and a bounded output for
		// each link (at most 4 bytes a unit of formats.MaxLinkUnits, twice
		// over while the output grows)
		alloc := peak.TotalAlloc - allocBefore
		t.Logf("%s: answered in %v, %d MB allocated, heap in use %d -> %d MB", body.ctype, took, alloc>>20, before>>20, after>>20)
		if alloc > 40*8*formats.MaxLinkUnits+16<<20 {
			t.Errorf("%s: %d bytes allocated for 40 bombs, want at most %d", body.ctype, alloc, 40*8*formats.MaxLinkUnits+16<<20)
		}
		if after > before+8<<20 {
			t.Errorf("%s: heap in use grew from %d to %d bytes", body.ctype, before, after)
		}
	}
}

// The request's deadline counts the time its puzzles are read.
func TestReadDeadline(t *testing.T) {
	s, _ := newTestServer(t, Config{RequestTimeout: time.Nanosecond})
	a := call(t, s, "POST", "/v1/verify", "text/plain", strings.NewReader(uniquePuzzle+"\n"+uniquePuzzle))
	if a.status != 503 || a.json["error"].(map[string]any)["code"] != "deadline" {
		t.Errorf("POST /v1/verify past its deadline while read = %d %s, want 503 deadline", a.status, a.body)
	}
}
