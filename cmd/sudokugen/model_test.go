package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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

// The answers of real solvers, as they print them (testdata/model/README.md
// says how each was made): all decode to the same grid, whatever their
// comment lines say, and an UNSATISFIABLE answer is a clear error.
func TestModelSolverOutputs(t *testing.T) {
	const sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	for _, solver := range []string{"picosat", "cadical", "minisat", "cryptominisat5", "kissat"} {
		t.Run(solver, func(t *testing.T) {
			sat := filepath.Join("testdata", "model", solver+".sat.out")
			out, errOut, code := cli(t, "", "model", sat)
			if code != 0 || strings.TrimSpace(out) != sol {
				t.Errorf("model %s = exit %d, %q %q; want %s", sat, code, out, errOut, sol)
			}
			unsat := filepath.Join("testdata", "model", solver+".unsat.out")
			out, errOut, code = cli(t, "", "model", unsat)
			if code != 1 || out != "" || !strings.Contains(errOut, "UNSATISFIABLE") {
				t.Errorf("model %s = exit %d, %q %q; want exit 1 saying UNSATISFIABLE", unsat, code, out, errOut)
			}
		})
	}
}

// The solvers installed here, run on what sudokugen cnf writes now: their
// answers decode to the puzzle's solution, and with --unique-check they
// say UNSATISFIABLE. Each is skipped when it is not installed.
func TestModelLiveSolvers(t *testing.T) {
	const puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	const sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	dir := t.TempDir()
	for _, kind := range []string{"sat", "unsat"} {
		args := []string{"cnf"}
		if kind == "unsat" {
			args = append(args, "--unique-check")
		}
		out, errOut, code := cli(t, puzzle+"\n", args...)
		if code != 0 {
			t.Fatalf("cnf %v = exit %d, %s", args, code, errOut)
		}
		if err := os.WriteFile(filepath.Join(dir, kind+".cnf"), []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, solver := range []string{"picosat", "cadical", "minisat", "cryptominisat5", "kissat"} {
		t.Run(solver, func(t *testing.T) {
			path, err := exec.LookPath(solver)
			if err != nil {
				t.Skipf("%s is not installed", solver)
			}
			for _, kind := range []string{"sat", "unsat"} {
				cnf := filepath.Join(dir, kind+".cnf")
				answer := filepath.Join(dir, solver+"."+kind+".out")
				var cmd *exec.Cmd
				if solver == "minisat" {
					cmd = exec.Command(path, cnf, answer) // the answer goes to the result file
				} else {
					cmd = exec.Command(path, cnf)
				}
				stdout, _ := cmd.Output()
				if want := map[string]int{"sat": 10, "unsat": 20}[kind]; cmd.ProcessState.ExitCode() != want {
					t.Fatalf("%s %s: exit %d, want %d", solver, kind, cmd.ProcessState.ExitCode(), want)
				}
				if solver != "minisat" {
					if err := os.WriteFile(answer, stdout, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				out, errOut, code := cli(t, "", "model", "--puzzle", puzzle, answer)
				switch {
				case kind == "sat" && (code != 0 || strings.TrimSpace(out) != sol):
					t.Errorf("%s: model = exit %d, %q %q; want %s", solver, code, out, errOut, sol)
				case kind == "unsat" && (code != 1 || !strings.Contains(errOut, "UNSATISFIABLE")):
					t.Errorf("%s --unique-check: model = exit %d, %q %q; want exit 1 saying UNSATISFIABLE", solver, code, out, errOut)
				}
			}
		})
	}
}
