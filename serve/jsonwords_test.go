package serve

import (
	"strings"
	"testing"
)

// A request body that is not JSON is answered with where and what in this
// project's words, never encoding/json's.
func TestBadJSONWords(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	for _, tc := range []struct{ body, where, want string }{
		{`{"puzzles":[`, "body:1:13", "invalid JSON: it ends inside a value"},
		{`{"puzzles":` + strings.Repeat("[", 20000) + `}`, "body:1:", "invalid JSON: arrays and objects nested more than 10000 deep"},
		{"{\"puzzles\":\n [1,,2]}", "body:2:", "invalid JSON: want a value"},
	} {
		a := call(t, s, "POST", "/v1/verify", "application/json", strings.NewReader(tc.body))
		e, _ := a.json["error"].(map[string]any)
		msg, _ := e["message"].(string)
		where, _ := e["where"].(string)
		if a.status != 400 || !strings.HasPrefix(where, tc.where) || !strings.Contains(msg, tc.want) || strings.Contains(msg, "invalid character") || strings.Contains(msg, "EOF") {
			t.Errorf("POST %.30q: %d, where %q, %q; want 400 at %s saying %q", tc.body, a.status, where, msg, tc.where, tc.want)
		}
	}
}
