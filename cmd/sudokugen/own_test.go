package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// ownPuzzle returns an f-puzzles object of easy's solution with the cells
// of a region sum line empty and the rest given, and sol as its own
// solution. The line, r1c5 r2c6 r1c7 r2c7 r3c6 r2c5 r2c4, leaves box 2 for
// box 3 and comes back: its segments hold 7 5, 9 3 and 2 9 1, 12 each,
// while box 2's five cells add up to 24 against box 3's 12, so the reading
// that adds up a box's cells together has no solution.
func ownPuzzle(t *testing.T, sol string) string {
	t.Helper()
	line := []string{"R1C5", "R2C6", "R1C7", "R2C7", "R3C6", "R2C5", "R2C4"}
	on := map[string]bool{}
	for _, c := range line {
		on[c] = true
	}
	rows := make([][]map[string]any, 9)
	for r := range rows {
		rows[r] = make([]map[string]any, 9)
		for c := range rows[r] {
			rows[r][c] = map[string]any{}
			if !on[fmt.Sprintf("R%dC%d", r+1, c+1)] {
				rows[r][c] = map[string]any{"value": int(easySol[r*9+c] - '0'), "given": true}
			}
		}
	}
	digits := make([]int, 81)
	for i := range digits {
		digits[i] = int(sol[i] - '0')
	}
	data, err := json.Marshal(map[string]any{"size": 9, "grid": rows,
		"regionsumline": []any{map[string]any{"lines": [][]string{line}}}, "solution": digits})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// A puzzle's own solution that keeps the rules changes nothing; one that
// breaks a rule is said plainly, naming the rule, and the run fails; one
// that breaks a given says which.
func TestVerifyOwnSolution(t *testing.T) {
	// r2c4 and r2c5 swapped: the line's last segment still adds up to
	// 12, and row 2 keeps its digits, but columns 4 and 5 do not
	swapped := []byte(easySol)
	swapped[9+3], swapped[9+4] = swapped[9+4], swapped[9+3]
	given := []byte(easySol)
	given[0], given[1] = given[1], given[0]
	for _, tc := range []struct {
		name, sol, want, own string
		code                 int
	}{
		{"holds", easySol, "1: unique\n", "holds", 0},
		{"breaks a rule", string(swapped), "own solution breaks a rule as read here (digit", "breaks", 1},
		{"breaks a given", string(given), "own solution does not keep the given 5 at r1c1 (it holds 3)", "breaks", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := ownPuzzle(t, tc.sol) + "\n"
			out, stderr, code := cli(t, in, "verify")
			if code != tc.code || !strings.Contains(out, tc.want) {
				t.Errorf("verify: exit %d, %q; want exit %d and %q; stderr %s", code, out, tc.code, tc.want, stderr)
			}
			if tc.code != 0 && !strings.Contains(stderr, "the own solution of 1 puzzle breaks its givens or rules") {
				t.Errorf("summary %q: want it to count the own solution broken", stderr)
			}
			out, _, _ = cli(t, in, "verify", "--json")
			var v struct {
				OwnSolution string `json:"own_solution"`
				Err         string `json:"own_solution_error"`
			}
			if err := json.Unmarshal([]byte(out), &v); err != nil || v.OwnSolution != tc.own || (tc.code != 0) != (v.Err != "") {
				t.Errorf("--json %s: own_solution %q, want %q (%v)", out, v.OwnSolution, tc.own, err)
			}
		})
	}
}
