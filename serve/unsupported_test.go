package serve

import (
	"encoding/json"
	"strings"
	"testing"
)

// A puzzle with a rule that no kind reads is answered unsupported, with
// the rule named, never a verdict: on every route that takes puzzles. Of
// verify and rate, whose answer is 422 for a puzzle they cannot take, the
// error's code says which kind of refusal it is.
func TestUnsupported(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	refused := []struct{ in, name string }{
		{`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"spiral":[{"cells":["R1C1"]}]}`, `"spiral"`},
		{`{"size":4,"grid":[[{"unknownThing":3},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, `"unknownThing"`},
		{`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"cage":[{"cells":["R1C1","R1C2"],"value":"3"}]}`, `"cage" is a cosmetic cage`},
		{`{"puzzle":"................","frob":1}`, `"frob"`},
		{`{"puzzle":"................","rules":{"spiral":[]}}`, `"spiral"`},
	}
	malformed := `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"xv":[{"cells":["R1C1","R1C2"],"value":"Y"}]}`
	var lines, elems, names []string
	for _, r := range refused {
		names = append(names, r.name)
		lines = append(lines, r.in)
		js, _ := json.Marshal(r.in)
		elems = append(elems, string(js))
	}
	bodies := []struct{ name, ctype, body string }{
		{"text", "text/plain", uniquePuzzle + "\n" + strings.Join(lines, "\n") + "\n"},
		{"envelope", "application/json", `{"puzzles":["` + uniquePuzzle + `",` + strings.Join(elems, ",") + `]}`},
	}
	for _, route := range []string{"/v1/verify", "/v1/rate", "/v1/candidates", "/v1/givens"} {
		for _, b := range bodies {
			t.Run(route+" "+b.name, func(t *testing.T) {
				checkRefused(t, call(t, s, "POST", route, b.ctype, strings.NewReader(b.body)), route, names)
			})
		}
	}
	// a malformed rule is invalid, and the first problem of a request
	// names its own kind
	a := call(t, s, "POST", "/v1/verify", "text/plain", strings.NewReader(malformed+"\n"+refused[0].in+"\n"))
	rs := results(t, a)
	e, _ := a.json["error"].(map[string]any)
	if a.status != 422 || rs[0]["status"] != "invalid" || rs[1]["status"] != "unsupported" || e == nil || e["code"] != "invalid_puzzle" {
		t.Errorf("malformed then unsupported: %d %s", a.status, a.body)
	}
	a = call(t, s, "POST", "/v1/draw", "text/plain", strings.NewReader(refused[0].in))
	if e, _ := a.json["error"].(map[string]any); a.status != 422 || e == nil || e["code"] != "unsupported_rule" {
		t.Errorf("POST /v1/draw of an unsupported rule: %d %s", a.status, a.body)
	}
}

// checkRefused checks the answer a of route to a classic puzzle followed
// by puzzles with rules that no kind reads, whose names the errors must
// hold.
func checkRefused(t *testing.T, a answer, route string, names []string) {
	t.Helper()
	want := 200
	if route == "/v1/verify" || route == "/v1/rate" {
		want = 422
	}
	if a.status != want {
		t.Fatalf("POST %s = %d, want %d\n%s", route, a.status, want, a.body)
	}
	rs := results(t, a)
	if len(rs) != len(names)+1 {
		t.Fatalf("%d results, want %d\n%s", len(rs), len(names)+1, a.body)
	}
	if st := rs[0]["status"]; st != "unique" && st != "rated" {
		t.Errorf("the classic puzzle: status %v", st)
	}
	for i, name := range names {
		msg, _ := rs[i+1]["error"].(string)
		if rs[i+1]["status"] != "unsupported" || !strings.Contains(msg, name) {
			t.Errorf("puzzle %d: status %v, error %q; want unsupported naming %s", i+1, rs[i+1]["status"], msg, name)
		}
	}
	if want == 422 {
		e, _ := a.json["error"].(map[string]any)
		if e == nil || e["code"] != "unsupported_rule" || e["index"] != 1.0 || !strings.Contains(e["message"].(string), names[0]) {
			t.Errorf("error %v, want unsupported_rule for puzzle 1 naming %s", e, names[0])
		}
	}
}
