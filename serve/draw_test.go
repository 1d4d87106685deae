package serve

import (
	"strings"
	"testing"
)

// A marked cell is [row, column]: any other count of numbers is refused,
// saying so, not cut to its first two.
func TestDrawMarkedEntries(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	for _, tc := range []struct{ marked, want string }{
		{`[[1,1,1]]`, "marked[0]: [1, 1, 1] has 3 numbers"},
		{`[[2,2],[1]]`, "marked[1]: [1] has 1 numbers"},
		{`[[]]`, "marked[0]: [] has 0 numbers"},
	} {
		a := call(t, s, "POST", "/v1/draw", "application/json", strings.NewReader(`{"puzzle":"`+uniquePuzzle+`","marked":`+tc.marked+`}`))
		e, _ := a.json["error"].(map[string]any)
		msg, _ := e["message"].(string)
		if a.status != 400 || !strings.Contains(msg, tc.want) || !strings.Contains(msg, "[row, column]") {
			t.Errorf("draw with marked %s = %d %s, want 400 saying %q", tc.marked, a.status, a.body, tc.want)
		}
	}
	a := call(t, s, "POST", "/v1/draw", "application/json", strings.NewReader(`{"puzzle":"`+uniquePuzzle+`","marked":[[1,1],[9,9]]}`))
	if a.status != 200 {
		t.Errorf("draw with two marked cells = %d %s, want 200", a.status, a.body)
	}
}
