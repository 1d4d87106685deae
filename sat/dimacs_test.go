package sat

import (
	"bytes"
	"errors"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// external runs a DIMACS solver from Debian on cnf and returns its exit
// code (10 SAT, 20 UNSAT) and output. It skips the test when the solver is
// not installed.
func external(t *testing.T, name string, cnf []byte) (int, []byte) {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s is not installed (Debian package %s); .ci/run installs it", name, name)
	}
	cmd := exec.Command(path)
	cmd.Stdin = bytes.NewReader(cnf)
	out, err := cmd.Output()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), out
	}
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return 0, out
}

// Picosat and cadical read the DIMACS written here and agree with
// gophersat: a model that is the known solution, and, with the blocking
// clause of that solution added, UNSAT for unique puzzles and SAT with a
// different solution for puzzles with several.
func TestExternalSolversAgree(t *testing.T) {
	uniq := readLines(t, "tdoku/top1465.txt", 20)
	uniqSols := readLines(t, "tdoku/top1465.solutions.txt", 20)
	multi := readLines(t, "tdoku/serg_multi.counts.tsv", 21)[1:]
	type testCase struct {
		puzzle   string
		solution string // "" for several solutions
	}
	var cases []testCase
	for i := range uniq {
		cases = append(cases, testCase{uniq[i], uniqSols[i]})
	}
	for _, m := range multi {
		cases = append(cases, testCase{strings.Split(m, "\t")[0], ""})
	}
	cases = append(cases, testCase{ // four solutions of the 4x4 kind: 2x2 boxes
		"1...............", ""})
	s := New(grid.Shape{BoxRows: 3, BoxCols: 3})
	for _, solverName := range []string{"picosat", "cadical"} {
		t.Run(solverName, func(t *testing.T) {
			for _, tc := range cases {
				g := lineGrid(t, tc.puzzle)
				var buf bytes.Buffer
				if err := WriteDIMACS(&buf, g); err != nil {
					t.Fatal(err)
				}
				code, out := external(t, solverName, buf.Bytes())
				if code != 10 {
					t.Fatalf("%s %s: exit %d, want 10 (SAT)", solverName, tc.puzzle, code)
				}
				first, err := ReadModel(bytes.NewReader(out), g.Shape)
				if err != nil {
					t.Fatalf("%s %s: %v", solverName, tc.puzzle, err)
				}
				if !g.Solves(first) {
					t.Fatalf("%s %s: model %s is not a solution", solverName, tc.puzzle, first)
				}
				if tc.solution != "" && first.String() != tc.solution {
					t.Fatalf("%s %s: model %s, want %s", solverName, tc.puzzle, first, tc.solution)
				}
				buf.Reset()
				WriteDIMACS(&buf, g, Blocking(g, first))
				code, out = external(t, solverName, buf.Bytes())
				ours := 1
				if g.N() == 9 {
					ours = s.Solutions(g, []grid.Grid{first}, 2, nil)
				} else {
					ours = New(g.Shape).Solutions(g, []grid.Grid{first}, 2, nil)
				}
				switch {
				case tc.solution != "" && (code != 20 || ours != 1):
					t.Fatalf("%s %s: with the solution blocked: exit %d, ours %d solutions; want 20 and 1", solverName, tc.puzzle, code, ours)
				case tc.solution == "" && (code != 10 || ours != 2):
					t.Fatalf("%s %s: with one solution blocked: exit %d, ours %d solutions; want 10 and 2", solverName, tc.puzzle, code, ours)
				}
				if code == 10 {
					second, err := ReadModel(bytes.NewReader(out), g.Shape)
					if err != nil || !g.Solves(second) || second.Equal(first) {
						t.Fatalf("%s %s: second model %s (%v) is not another solution", solverName, tc.puzzle, second, err)
					}
				}
			}
		})
	}
}

func TestReadModel(t *testing.T) {
	sh := grid.Shape{BoxRows: 2, BoxCols: 2}
	sol := lineGrid(t, "1234341221434321")
	var lits []string
	for v := 1; v <= NumVars(4); v++ {
		r, c, d := Decode(4, v)
		if sol.At(r, c) == d {
			lits = append(lits, strconv.Itoa(v))
		} else {
			lits = append(lits, strconv.Itoa(-v))
		}
	}
	model := "c comment\ns SATISFIABLE\nv " + strings.Join(lits[:30], " ") + "\nv " + strings.Join(lits[30:], " ") + " 0\n"
	got, err := ReadModel(strings.NewReader(model), sh)
	if err != nil || !got.Equal(sol) {
		t.Fatalf("ReadModel = %s, %v, want %s", got, err, sol)
	}
	if _, err := ReadModel(strings.NewReader("s UNSATISFIABLE\n"), sh); !errors.Is(err, ErrUnsat) {
		t.Fatalf("ReadModel(UNSAT) error = %v, want ErrUnsat", err)
	}
	if _, err := ReadModel(strings.NewReader("s SATISFIABLE\nv 1 2 0\n"), sh); err == nil {
		t.Fatal("ReadModel accepted a model with two digits in r1c1")
	}
	if _, err := ReadModel(strings.NewReader("s SATISFIABLE\nv x 0\n"), sh); err == nil {
		t.Fatal("ReadModel accepted a bad literal")
	}
	// Only v lines are the model: comments and other lines full of
	// numbers are skipped, and so are bare lines when there are v lines.
	noisy := "c after reading 148988 bytes 0.1 MB\nc 12 34 56\no 7\n1 2 3 4 0\n" + model + "c exit 10\n"
	for _, s := range []grid.Shape{sh, {}} {
		if got, err := ReadModel(strings.NewReader(noisy), s); err != nil || !got.Equal(sol) {
			t.Errorf("ReadModel(noisy, %v) = %s, %v, want %s", s, got, err, sol)
		}
	}
	// minisat's result file: SAT, then a bare line of literals.
	bare := "SAT\n" + strings.Join(lits, " ") + " 0\n"
	if got, err := ReadModel(strings.NewReader(bare), grid.Shape{}); err != nil || !got.Equal(sol) {
		t.Errorf("ReadModel(minisat's file) = %s, %v, want %s", got, err, sol)
	}
	if _, err := ReadModel(strings.NewReader("UNSAT\n"), grid.Shape{}); !errors.Is(err, ErrUnsat) {
		t.Errorf("ReadModel(minisat's UNSAT) error = %v, want ErrUnsat", err)
	}
	if _, err := ReadModel(strings.NewReader("v 1 2 3 0\n"), grid.Shape{}); !errors.Is(err, ErrModelSize) {
		t.Errorf("ReadModel(highest variable 3) error = %v, want ErrModelSize", err)
	}
}

// ReadModel takes any bytes without panicking, in bounded memory, and a
// grid it returns has every cell filled.
func FuzzReadModel(f *testing.F) {
	for _, s := range []string{"s SATISFIABLE\nv 1 -2 0\n", "SAT\n1 2 3 0\n", "s UNSATISFIABLE\n", "c after reading 148988 bytes\nv -1 0\n",
		"s SATISFIABLE v 1 v -2 0", "v 99999999999999999999 0\n", "v -9223372036854775808 0\n"} {
		f.Add([]byte(s), 0)
		f.Add([]byte(s), 9)
	}
	f.Fuzz(func(t *testing.T, data []byte, n int) {
		var sh grid.Shape
		if n == 4 || n == 9 {
			sh, _ = grid.ShapeOf(n)
		}
		g, err := ReadModel(bytes.NewReader(data), sh)
		if err != nil {
			return
		}
		for i, v := range g.Cells {
			if v == 0 || int(v) > g.N() {
				t.Fatalf("ReadModel(%q) = grid with cell %d holding %d", data, i, v)
			}
		}
	})
}
