package grid_test

import (
	"encoding/json"
	"math"
	"strconv"
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

// Whole reads a plain integer without the decoder (plainWhole): on every
// text, it gives what decoding the text as a number gives.
func TestWholeAsDecoded(t *testing.T) {
	texts := []string{"0", "7", "10", "45", "123456789", "1234567890", "00", "01", "-0", "-3", "+3",
		"1.0", "1.5", "1e3", "1E3", "0x10", " 5", "5 ", "", "\"5\"", "null", "true", "9e99", "1073741824", "1073741825"}
	for i := range 300 {
		texts = append(texts, strconv.Itoa(i*7919))
	}
	for _, s := range texts {
		var f float64
		want, wantOK := 0, json.Unmarshal([]byte(s), &f) == nil && f == math.Trunc(f) && math.Abs(f) <= 1<<30
		if wantOK {
			want = int(f)
		}
		if got, ok := grid.Whole(json.RawMessage(s)); got != want || ok != wantOK {
			t.Errorf("Whole(%q) = %d, %v; decoded: %d, %v", s, got, ok, want, wantOK)
		}
	}
}
