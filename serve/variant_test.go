package serve

import (
	"net/http"
	"strings"
	"testing"
)

// The service refuses variant puzzles, clearly, rather than verify, rate
// or print them as classic ones: each is answered invalid with the reason,
// and the other puzzles of the request still get their verdicts.
func TestVariantsRefused(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	classic := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	x := `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"diagonal-":true}`
	for _, route := range []string{"/v1/verify", "/v1/solve", "/v1/rate", "/v1/book"} {
		a := call(t, s, "POST", route, "text/plain", strings.NewReader(classic+"\n"+x+"\n"))
		if route == "/v1/book" {
			if a.status == http.StatusOK || !strings.Contains(string(a.body), "variant puzzles are not served yet") {
				t.Errorf("%s: %d %s, want a refusal", route, a.status, a.body)
			}
			continue
		}
		if a.status != http.StatusUnprocessableEntity {
			t.Fatalf("%s: status %d, want 422: %s", route, a.status, a.body)
		}
		rs := results(t, a)
		if len(rs) != 2 || rs[1]["status"] == "unique" || !strings.Contains(rs[1]["error"].(string), "variant puzzles are not served yet (diagonal)") {
			t.Errorf("%s: %s, want the second puzzle refused as a variant", route, a.body)
		}
	}
}
