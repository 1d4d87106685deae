package main

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestSolveAllAndAny(t *testing.T) {
	const empty4 = "................\n"
	const unique = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
	const none = "12345678.........9" + "..............................................................." + "\n"
	for _, tt := range []struct {
		name   string
		in     string
		args   []string
		lines  int // distinct solution lines on stdout
		stderr string
		code   int
	}{
		{"all of the empty 4x4", empty4, []string{"--all", "--count-limit", "0"}, 288, "288 solutions", 0},
		{"all up to the limit", empty4, []string{"--all", "--count-limit", "7"}, 7, "stopped at --count-limit", 0},
		{"all of a unique puzzle", unique, []string{"--all"}, 1, "1 solution\n", 0},
		{"all of a puzzle with none", none[:81] + "\n", []string{"--all"}, 0, "0 solutions", 1},
		{"any", empty4, []string{"--any"}, 1, "", 0},
		{"without any", empty4, nil, 0, "", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := cli(t, tt.in, append([]string{"solve"}, tt.args...)...)
			seen := map[string]bool{}
			for _, line := range strings.Fields(out) {
				if !strings.HasPrefix(line, "#") && len(line) >= 16 && !strings.Contains(line, ":") {
					seen[line] = true
				}
			}
			if code != tt.code || len(seen) != tt.lines || !strings.Contains(errOut, tt.stderr) {
				t.Errorf("solve %v = exit %d, %d distinct solutions, stderr %q; want exit %d, %d, %q", tt.args, code, len(seen), errOut, tt.code, tt.lines, tt.stderr)
			}
		})
	}
}

// solve --all takes --timeout per puzzle: the empty 9x9, whose solutions
// would take years to print, stops at it, says so with the count printed,
// and the next puzzle is still solved. (The guard ends the test, failed,
// should the timeout be ignored.)
func TestSolveAllTimeout(t *testing.T) {
	const unique = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	var out, errb strings.Builder
	in := strings.Repeat(".", 81) + "\n" + unique + "\n"
	code := run(ctx, []string{"solve", "--all", "--count-limit", "0", "--timeout", "300ms"}, &streams{In: strings.NewReader(in), Out: &out, Err: &errb})
	if ctx.Err() != nil {
		t.Fatal("solve --all ran past its --timeout for a minute")
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if code != 1 || !strings.Contains(errb.String(), "<stdin>:1: timeout: timed out after 300ms with ") || !strings.Contains(errb.String(), "<stdin>:2: 1 solution") {
		t.Errorf("exit %d, stderr %q; want 1, a timeout for puzzle 1 and the solution of puzzle 2", code, errb.String())
	}
	if len(lines) < 2 || len(lines[len(lines)-1]) != 81 || strings.Contains(lines[len(lines)-1], ".") {
		t.Errorf("last line %q: want the solution of puzzle 2", lines[len(lines)-1])
	}
}
