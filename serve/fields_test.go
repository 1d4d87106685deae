package serve

import (
	"encoding/json"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// goWords are what an error in the service's words never says: Go's type
// and package names, and encoding/json's phrasing.
var goWords = regexp.MustCompile(`\b(Go|struct|unmarshal|u?int(8|16|32|64)?|float(32|64)|json\.RawMessage|serve\.|[a-z]+Request|bookLayout)\b|\[\]`)

// Every field of every route's JSON request, sent with a value of the
// wrong type and with values out of range, gets a 400 whose message names
// the field and says what it takes, in the service's words.
func TestFieldErrors(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	wants := s.cfg.fieldWants()
	routes := map[string]reflect.Type{
		"/v1/verify":   reflect.TypeFor[puzzlesRequest](),
		"/v1/solve":    reflect.TypeFor[puzzlesRequest](),
		"/v1/rate":     reflect.TypeFor[puzzlesRequest](),
		"/v1/book":     reflect.TypeFor[puzzlesRequest](),
		"/v1/generate": reflect.TypeFor[generateRequest](),
		"/v1/draw":     reflect.TypeFor[drawRequest](),
	}
	// Values out of range (or not understood), by field; the request
	// around them is otherwise good.
	bad := map[string][]any{
		"puzzles":         {"53..7", 7},
		"box":             {"3y3", "1x1", "99x99"},
		"count_limit":     {1, -5, 1 << 40, 1.5},
		"timeout":         {"forever", "-2s", "2h", 2},
		"steps":           {"yes", 1},
		"title":           {7},
		"page":            {"9x", "huge", "0x0", "100x100"},
		"per_page":        {3, 7, -1, "four"},
		"solutions":       {"no"},
		"sections":        {"yes"},
		"large_print":     {1},
		"front":           {strings.Repeat("x", maxFront+1), false},
		"levels":          {"false"},
		"count":           {0, -1, 100000, 1e30, "4"},
		"size":            {13, 3, 64, "9"},
		"symmetry":        {"spiral", 180},
		"order":           {"columns", true},
		"clues":           {-1, 1000, 2.5},
		"difficulty":      {"impossible", 3},
		"score":           {"high", "9..2", 5},
		"seed":            {-1, 1.5, "42", 1e20},
		"start":           {-1, 1 << 40},
		"format":          {"docx", 1},
		"text":            {[]string{"x"}},
		"allow_nonunique": {"sometimes"},
		"variant":         {"spiral", 3, "jigsaw,disjoint"},
		"puzzle":          {"53..7", `{"size":9,"grid":[]}`},
		"solution":        {"12", 5},
		"marked":          {[][]int{{0, 1}}, [][]int{{1, 10}}, "r1c1"},
		"pixels":          {0, 5000, "big"},
	}
	takes := map[string][]string{
		"/v1/verify": {"puzzles", "text", "box", "timeout", "count_limit"},
		"/v1/solve":  {"puzzles", "text", "box", "timeout", "count_limit"},
		"/v1/rate":   {"puzzles", "text", "box", "timeout", "steps"},
		"/v1/book":   append([]string{"puzzles", "text", "box", "timeout"}, bookParams...),
	}
	for path, typ := range routes {
		for _, field := range jsonNames(typ) {
			if fs, ok := takes[path]; ok && !slices.Contains(fs, field) {
				// A field of another route: refused, by name.
				body, _ := json.Marshal(map[string]any{"puzzles": []string{uniquePuzzle}, field: true})
				a := call(t, s, "POST", path, "application/json", strings.NewReader(string(body)))
				e, _ := a.json["error"].(map[string]any)
				if msg, _ := e["message"].(string); a.status != 400 || !strings.HasPrefix(msg, "unknown field "+strconv.Quote(field)+" (want one of puzzles, ") {
					t.Errorf("POST %s %s = %d %q, want 400 saying %s is not one of its fields", path, body, a.status, msg, field)
				}
				continue
			}
			if wants[field] == "" {
				t.Errorf("%s: no words for what field %q takes", path, field)
			}
			values := append([]any{map[string]any{}}, bad[field]...)
			if len(values) == 1 {
				t.Errorf("%s: no out-of-range values tried for %q", path, field)
			}
			for _, v := range values {
				checkFieldValue(t, s, wants, path, field, v)
			}
		}
	}
	// The whole body of the wrong kind, and an unknown field.
	for path := range routes {
		for body, want := range map[string]string{
			`[]`:            "the body: want a JSON object, not an array",
			`"x"`:           "the body: want a JSON object, not a string",
			`{"colour": 1}`: `unknown field "colour" (want one of `,
		} {
			a := call(t, s, "POST", path, "application/json", strings.NewReader(body))
			e, _ := a.json["error"].(map[string]any)
			if msg, _ := e["message"].(string); a.status != 400 || !strings.HasPrefix(msg, want) || goWords.MatchString(msg) {
				t.Errorf("POST %s %s = %d %q, want 400 %q", path, body, a.status, msg, want)
			}
		}
	}
	// Query parameters, route by route.
	for _, target := range []string{
		"/v1/verify?count_limit=x", "/v1/verify?count_limit=1", "/v1/verify?timeout=x", "/v1/solve?count_limit=-1",
		"/v1/rate?steps=x", "/v1/book?per_page=x", "/v1/book?per_page=5", "/v1/book?solutions=x", "/v1/book?sections=x",
		"/v1/book?large_print=x", "/v1/book?levels=x", "/v1/book?allow_nonunique=x", "/v1/book?page=9x",
		"/v1/book?timeout=0s", "/v1/generate?count=1", "/v1/draw?format=docx", "/v1/draw?pixels=big", "/v1/draw?pixels=9",
	} {
		a := call(t, s, "POST", target, "text/plain", strings.NewReader(uniquePuzzle))
		if target == "/v1/generate?count=1" {
			a = call(t, s, "POST", target, "application/json", strings.NewReader(`{"count":1}`))
		}
		e, _ := a.json["error"].(map[string]any)
		msg, _ := e["message"].(string)
		if a.status != 400 || msg == "" || goWords.MatchString(msg) {
			t.Errorf("POST %s = %d %q, want 400 in the service's words", target, a.status, msg)
		}
	}
}

// checkFieldValue sends path a request whose field is v and checks that
// the answer is a 400 naming the field in the service's words.
func checkFieldValue(t *testing.T, s *Server, wants map[string]string, path, field string, v any) {
	t.Helper()
	req := fieldRequest(path, field, v)
	body, _ := json.Marshal(req)
	a := call(t, s, "POST", path, "application/json", strings.NewReader(string(body)))
	e, _ := a.json["error"].(map[string]any)
	msg, _ := e["message"].(string)
	where, _ := e["where"].(string)
	switch {
	case field == "puzzles" && v == "53..7":
		// a string, not an array: a type error
	case a.status == 400:
	case (field == "puzzles" || field == "puzzle") && a.status == 422:
		return // a malformed puzzle is answered as the puzzle's error
	default:
		t.Errorf("POST %s %.200s = %d %.200s, want 400", path, body, a.status, a.body)
		return
	}
	if !strings.Contains(msg, field) && where != field {
		t.Errorf("POST %s %.200s: %q does not name %s", path, body, msg, field)
	}
	if goWords.MatchString(msg) {
		t.Errorf("POST %s %.200s: %q speaks Go", path, body, msg)
	}
	want := wants[field]
	if path == "/v1/draw" {
		want = s.drawWants()[field]
	}
	if _, isObject := v.(map[string]any); isObject && !strings.HasPrefix(msg, field+": want "+want) {
		t.Errorf("POST %s %.200s: %q, want %q", path, body, msg, field+": want "+want+", not an object")
	}
}

// fieldRequest is a request to path that is good but for its field, v.
func fieldRequest(path, field string, v any) map[string]any {
	req := map[string]any{field: v}
	if path == "/v1/generate" {
		if field != "count" {
			req["count"] = 1
		}
		if field == "page" || field == "per_page" || field == "front" || field == "large_print" {
			req["format"] = "pdf"
		}
		if field == "size" {
			delete(req, "box")
		}
	} else if path == "/v1/draw" {
		if field != "puzzle" {
			req["puzzle"] = uniquePuzzle
		}
	} else if field != "puzzles" {
		req["puzzles"] = []string{uniquePuzzle}
	}
	if field == "per_page" && path == "/v1/generate" {
		req["format"] = "pdf"
	}
	return req
}
