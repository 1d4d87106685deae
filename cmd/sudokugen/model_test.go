package main

import (
	"fmt"
	"strings"
	"testing"
)

func TestModel(t *testing.T) {
	const sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	var lits []string
	for i := 0; i < 81; i++ {
		for d := 1; d <= 9; d++ {
			l := i*9 + d
			if int(sol[i]-'0') != d {
				l = -l
			}
			lits = append(lits, fmt.Sprint(l))
		}
	}
	vLines := "s SATISFIABLE\n"
	for i := 0; i < len(lits); i += 10 {
		vLines += "v " + strings.Join(lits[i:min(i+10, len(lits))], " ") + "\n"
	}
	vLines += "v 0\n"
	for _, tt := range []struct {
		name, in string
		args     []string
		want     string
		code     int
	}{
		{"v lines", vLines, nil, sol, 0},
		{"pasted on one line", strings.ReplaceAll(vLines, "\n", " "), nil, sol, 0},
		{"bare literals", strings.Join(lits, " ") + " 0\n", nil, sol, 0},
		{"with the puzzle", vLines, []string{"--puzzle", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"}, sol, 0},
		{"givens broken", vLines, []string{"--puzzle", "9" + strings.Repeat(".", 80)}, "does not keep the puzzle's givens", 1},
		{"unsat", "s UNSATISFIABLE\n", nil, "UNSATISFIABLE", 1},
		{"two digits in a cell", strings.Replace(vLines, " -2 ", " 2 ", 1), nil, "both", 1},
		{"rules broken", strings.Replace(strings.Replace(vLines, " 5 ", " -5 ", 1), "v -1 ", "v 1 ", 1), nil, "breaks the rules", 1},
		{"size unknown", "v 1 2 3 0\n", nil, "--size", 1},
		{"no model", "c nothing here\n", []string{"--size", "9"}, "holds no model", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := cli(t, tt.in, append([]string{"model"}, tt.args...)...)
			if code != tt.code || !strings.Contains(out+errOut, tt.want) {
				t.Errorf("model %v = exit %d, %q %q; want exit %d with %q", tt.args, code, out, errOut, tt.code, tt.want)
			}
		})
	}
}
