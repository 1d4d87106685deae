package serve

import (
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
)

// A generate request whose puzzle cannot be made in its time stops there
// (no puzzle after it is started) and answers 422, which says a retry
// will not help, not 503. The request is the one that kept two workers
// busy for 60 s and answered 503.
func TestGenerateFailureStops(t *testing.T) {
	s, eng := newTestServer(t, Config{})
	var started []int
	eng.fail = func(j Job) error {
		started = append(started, j.Index)
		if j.Index == 3 {
			return ErrTimeout
		}
		return nil
	}
	eng.fake = func(j Job) (Result, bool) {
		// the puzzles before it stand for ones made in time
		return Result{Puzzle: generate.Puzzle{Grid: grid.New(j.Gen.Shape), Solution: grid.New(j.Gen.Shape)}}, true
	}
	a := call(t, s, "POST", "/v1/generate", "application/json",
		strings.NewReader(`{"count":30,"variant":"hyper","box":"4x4","seed":5}`))
	if a.status != 422 {
		t.Fatalf("POST /v1/generate with puzzle 3 timed out = %d %s, want 422", a.status, a.body)
	}
	e := a.json["error"].(map[string]any)
	if e["code"] != "timeout" || !strings.Contains(e["message"].(string), "puzzle index 3") {
		t.Errorf("error = %v, want code timeout naming puzzle index 3", e)
	}
	if len(started) != 4 {
		t.Errorf("puzzles %v started, want 0 to 3 only", started)
	}
}

// Variants whose rules allow no grid are refused at once, as a bad
// request, before any work.
func TestGenerateInfeasible(t *testing.T) {
	s, eng := newTestServer(t, Config{})
	for _, body := range []string{`{"count":1,"variant":"anti-king","size":4}`, `{"count":1,"variant":"x,hyper","box":"2x3"}`} {
		a := call(t, s, "POST", "/v1/generate", "application/json", strings.NewReader(body))
		e, _ := a.json["error"].(map[string]any)
		msg, _ := e["message"].(string)
		if a.status != 400 || !strings.Contains(msg, "grid keeps the rules") {
			t.Errorf("POST /v1/generate %s = %d %s, want 400 saying no grid keeps the rules", body, a.status, a.body)
		}
	}
	if eng.runs != 0 {
		t.Errorf("%d jobs run for requests refused", eng.runs)
	}
}
