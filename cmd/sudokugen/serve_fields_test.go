package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/serve"
	"github.com/sudokugen/sudokugen/worker"
)

// TestServeFieldsMatchVerifyJSON holds /v1/verify to `verify --json`: every
// field the command prints, the service answers with the same value
// (the input's name aside).
func TestServeFieldsMatchVerifyJSON(t *testing.T) {
	puzzles := strings.Join([]string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", // unique
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8....", // multiple
		"55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", // clashing givens
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7",  // too short
		"................", // 4x4, 288 solutions
	}, "\n") + "\n"
	out, _, _ := cli(t, puzzles, "verify", "--json", "--workers", "0", "-q")
	var want []map[string]any
	for line := range strings.Lines(out) {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("verify --json line %q: %v", line, err)
		}
		want = append(want, v)
	}
	pool := worker.New(worker.Config{})
	defer pool.Close()
	srv, err := serve.New(serve.Config{Engine: pool})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/v1/verify", strings.NewReader(puzzles)))
	var got struct{ Results []map[string]any }
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatalf("/v1/verify: %v\n%s", err, rec.Body.Bytes())
	}
	if len(got.Results) != len(want) {
		t.Fatalf("/v1/verify gave %d results, verify --json %d", len(got.Results), len(want))
	}
	for i, w := range want {
		for k, wv := range w {
			if k == "file" {
				continue
			}
			gv, ok := got.Results[i][k]
			if !ok {
				t.Errorf("puzzle %d: /v1/verify lacks the field %q of verify --json", i, k)
				continue
			}
			if k == "error" && wv != nil {
				// The command puts the place in front, or names the input
				// "<stdin>" where the service says "body".
				ws := strings.TrimPrefix(wv.(string), "<stdin>:")
				gs := strings.TrimPrefix(gv.(string), "body:")
				if !strings.HasSuffix(ws, gs) {
					t.Errorf("puzzle %d: error %q, verify --json says %q", i, gs, ws)
				}
				continue
			}
			if !reflect.DeepEqual(gv, wv) {
				t.Errorf("puzzle %d: %s = %v, verify --json says %v", i, k, gv, wv)
			}
		}
	}
}
