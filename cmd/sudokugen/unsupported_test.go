package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// refusals are puzzles with a rule that no kind reads, each with the name
// the line about it must hold, then a malformed one, which stays invalid.
var refusals = []struct{ in, name string }{
	{`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"spiral":[{"cells":["R1C1"]}]}`, `"spiral"`},
	{`{"size":4,"grid":[[{"unknownThing":3},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, `"unknownThing"`},
	{`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"cage":[{"cells":["R1C1","R1C2"],"value":"3"}]}`, `"cage" is a cosmetic cage`},
	{`{"puzzle":"................","frob":1}`, `"frob"`},
	{`{"puzzle":"................","rules":{"spiral":[]}}`, `"spiral"`},
}

const malformedXV = `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"xv":[{"cells":["R1C1","R1C2"],"value":"Y"}]}`

func refusalInput() string {
	var b strings.Builder
	b.WriteString(easy + "\n")
	for _, r := range refusals {
		b.WriteString(r.in + "\n")
	}
	b.WriteString(malformedXV + "\n" + easy + "\n")
	return b.String()
}

// A puzzle with a rule that no kind reads gets one line that names the
// rule, with the status unsupported, never a verdict; a malformed one is
// still invalid; the exit status is 1, as for any puzzle not unique.
func TestVerifyUnsupported(t *testing.T) {
	stdout, stderr, code := cli(t, refusalInput(), "verify", "--workers", "0")
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != len(refusals)+3 {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(refusals)+3, stdout)
	}
	if lines[0] != "<stdin>:1: unique" || lines[len(lines)-1] != "<stdin>:"+strconv.Itoa(len(lines))+": unique" {
		t.Errorf("the puzzles around the refused ones: %q, %q", lines[0], lines[len(lines)-1])
	}
	for i, r := range refusals {
		l := lines[i+1]
		if !strings.Contains(l, ": unsupported: ") || !strings.Contains(l, r.name) {
			t.Errorf("line %d = %q, want unsupported naming %s", i+2, l, r.name)
		}
	}
	if l := lines[len(refusals)+1]; !strings.Contains(l, ": invalid: ") || !strings.Contains(l, `xv 1 has value "Y"`) {
		t.Errorf("malformed xv: %q, want invalid", l)
	}
	if want := "0 none, 1 invalid, 5 unsupported ("; !strings.Contains(stderr, want) {
		t.Errorf("summary %q, want %q", stderr, want)
	}

	stdout, _, code = cli(t, refusalInput(), "verify", "--json", "--workers", "0")
	if code != 1 {
		t.Fatalf("--json: exit %d, want 1", code)
	}
	lines = strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != len(refusals)+3 {
		t.Fatalf("--json: %d lines, want %d", len(lines), len(refusals)+3)
	}
	for i, l := range lines {
		var v struct {
			Status    string   `json:"status"`
			Solutions []string `json:"solutions"`
			Error     *string  `json:"error"`
		}
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("--json line %d: %v: %s", i+1, err, l)
		}
		want := "unsupported"
		switch {
		case i == 0 || i == len(lines)-1:
			want = "unique"
		case i == len(refusals)+1:
			want = "invalid"
		}
		if v.Status != want {
			t.Errorf("--json line %d: status %q, want %q: %s", i+1, v.Status, want, l)
		}
		if want == "unsupported" && (v.Error == nil || !strings.Contains(*v.Error, refusals[i-1].name) || len(v.Solutions) != 0) {
			t.Errorf("--json line %d: %s, want an error naming %s and no solutions", i+1, l, refusals[i-1].name)
		}
	}
}

// candidates and givens say unsupported too, on standard error, where
// they tell the puzzles they could not read.
func TestSetterUnsupported(t *testing.T) {
	for _, args := range [][]string{{"candidates", "--workers", "0"}, {"givens"}} {
		cmd := args[0]
		_, stderr, code := cli(t, refusalInput(), args...)
		if code != 1 {
			t.Errorf("%s: exit %d, want 1; stderr %s", cmd, code, stderr)
		}
		for i, r := range refusals {
			want := "<stdin>:" + strconv.Itoa(i+2) + ":"
			found := false
			for _, l := range strings.Split(stderr, "\n") {
				if strings.HasPrefix(l, "sudokugen: "+want) && strings.Contains(l, ": unsupported: ") && strings.Contains(l, r.name) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: no line for %s unsupported naming %s in\n%s", cmd, want, r.name, stderr)
			}
		}
		if !strings.Contains(stderr, ": invalid: ") {
			t.Errorf("%s: the malformed xv is not invalid:\n%s", cmd, stderr)
		}
	}
}
