package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// A text run of a floor-only level leaves the puzzles unrated (see
// generate.Options.Unrated); it must make the same puzzles as a JSON run,
// which rates them, at every worker count.
func TestGenerateUnratedSamePuzzles(t *testing.T) {
	args := []string{"generate", "-q", "--seed", "5", "-n", "4", "--difficulty", "extreme"}
	out, errOut, code := cli(t, "", append(args, "--format", "json")...)
	if code != 0 {
		t.Fatalf("sudokugen %s --format json: exit %d: %s", strings.Join(args, " "), code, errOut)
	}
	var want []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec struct {
			Puzzle string
			Level  string
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if rec.Level != "extreme" {
			t.Errorf("%s rated %q, want extreme", rec.Puzzle, rec.Level)
		}
		want = append(want, rec.Puzzle)
	}
	for _, w := range []string{"0", "2"} {
		out, errOut, code := cli(t, "", append(args, "--workers", w)...)
		if code != 0 {
			t.Fatalf("sudokugen %s --workers %s: exit %d: %s", strings.Join(args, " "), w, code, errOut)
		}
		if got := strings.Join(strings.Fields(out), "\n"); got != strings.Join(want, "\n") {
			t.Errorf("sudokugen %s --workers %s =\n%s\nwant the puzzles of the JSON run:\n%s", strings.Join(args, " "), w, got, strings.Join(want, "\n"))
		}
	}
}
