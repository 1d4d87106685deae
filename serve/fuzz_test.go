package serve

import (
	"context"
	"testing"
)

// FuzzReadPuzzles reads arbitrary bodies as text and as JSON requests: no
// panic, every item either a grid or an error with a line, never more
// items than the limit.
func FuzzReadPuzzles(f *testing.F) {
	f.Add([]byte(uniquePuzzle+"\n"+clashPuzzle+"\n"), false)
	f.Add([]byte(`{"puzzles":["`+uniquePuzzle+`",[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]]}`), true)
	f.Add([]byte(`{"puzzles":[{"puzzle":"1...","box":"2x2"}],"count_limit":3}`), true)
	f.Add([]byte("[[[[[[[["), false)
	f.Add([]byte("\x00\xff\xfe"), true)
	f.Fuzz(func(t *testing.T, body []byte, asJSON bool) {
		const max = 50
		items, req, aerr := readPuzzles(context.Background(), body, asJSON, max, nil)
		if aerr != nil {
			if aerr.Status < 400 || aerr.Status > 499 || aerr.Message == "" {
				t.Fatalf("readPuzzles(%q) error %+v, want a 4xx with a message", body, aerr)
			}
			return
		}
		if req == nil || len(items) > max {
			t.Fatalf("readPuzzles(%q) = %d items, request %v", body, len(items), req)
		}
		for i, it := range items {
			if it.rec.Err == nil && len(it.rec.Grid.Cells) == 0 {
				t.Fatalf("readPuzzles(%q): item %d has neither a grid nor an error", body, i)
			}
			if it.rec.Err != nil && it.rec.Line < 1 {
				t.Fatalf("readPuzzles(%q): item %d error %v without a line", body, i, it.rec.Err)
			}
		}
	})
}
