package grid_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
)

// Every syntax error of encoding/json is said in this project's words, and
// every input form reports it with its line and column.
func TestJSONSyntaxWords(t *testing.T) {
	goWords := []string{"invalid character", "looking for", "unexpected EOF", "unexpected end", "max depth", "literal", "object key"}
	for _, tc := range []struct{ in, want string }{
		{`[[1,2`, "ends inside a value"},
		{strings.Repeat("[", 10001), "nested more than 10000 deep"},
		{`[1,,2]`, "want a value"},
		{`{1: 2}`, "want a key in double quotes"},
		{`{"a" 2}`, "want ':' after a key"},
		{`{"a": 2 "b": 3}`, "want ',' or '}' after a value in an object"},
		{`[1 2]`, "want ',' or ']' after a value in an array"},
		{`[1] x`, "more after the end of the JSON value"},
		{"[\"a\tb\"]", "a control character"},
		{`["a\qb"]`, "a bad escape"},
		{`["\u12x4"]`, "a bad escape"},
		{`[1.x]`, "a malformed number"},
		{`[1e+]`, "a malformed number"},
		{`[-x]`, "a malformed number"},
		{`[tru]`, "a misspelled true"},
		{`[nul]`, "a misspelled null"},
	} {
		err := json.Unmarshal([]byte(tc.in), new(any))
		msg, ok := grid.JSONSyntax(err)
		if !ok || !strings.Contains(msg, tc.want) {
			t.Errorf("JSONSyntax(%.20q: %v) = %q, %v; want %q", tc.in, err, msg, ok, tc.want)
		}
		for _, w := range goWords {
			if strings.Contains(msg, w) {
				t.Errorf("JSONSyntax(%.20q) = %q: Go's words %q", tc.in, msg, w)
			}
		}
	}
	if _, ok := grid.JSONSyntax(json.Unmarshal([]byte(`"a"`), new(int))); ok {
		t.Error("JSONSyntax of a type error: true, want false")
	}
	// each form: the place and the words
	for _, tc := range []struct{ in, want string }{
		{`{"size": 9, "grid": [[{}`, "1:25: invalid JSON: it ends inside a value"},
		{strings.Repeat("[", 20000), "1:10002: invalid JSON: arrays and objects nested more than 10000 deep"},
		{`{"rows": [[1,2,3,4],[2,3,4,1],[3,4,1,2],[4,1,2,3]], "rules": {"thermos": [["r1c1" "r1c2"]]}}`, "1:83: invalid JSON: want ',' or ']' after a value in an array"},
	} {
		r := formats.NewReader(strings.NewReader(tc.in), "in.json", formats.ReadOptions{})
		rec, err := r.Read()
		if err != nil || rec.Err == nil || !strings.Contains(rec.Err.Error(), tc.want) {
			t.Errorf("%.30q: %v, %v; want %q", tc.in, rec.Err, err, tc.want)
		}
	}
}
