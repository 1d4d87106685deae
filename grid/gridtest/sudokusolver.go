package gridtest

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"
)

// SudokuSolverPuzzle is one of SudokuSolver's test puzzles, as
// verify/testdata/sudokusolver.tsv holds them: its name, the comment, its
// f-puzzles link data, its published solution and its line in the file.
type SudokuSolverPuzzle struct {
	Name, Comment, Data, Solution string
	Line                          int
}

// SudokuSolverFile is the path of the suite from the directory of a
// package two levels down from the module's root (internal/rulesearch);
// a package one level down drops the first "../".
const SudokuSolverFile = "../../verify/testdata/sudokusolver.tsv"

// ReadSudokuSolver reads the 40 puzzles of SudokuSolver's test suite from
// path: lines starting with # are its header, then a line naming the
// columns, then one puzzle a line.
func ReadSudokuSolver(t testing.TB, path string) []SudokuSolverPuzzle {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var out []SudokuSolverPuzzle
	head := false
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Split(line, "\t")
		if !head {
			if !slices.Equal(fs, []string{"name", "comment", "fpuzzles", "solution"}) {
				t.Fatalf("%s:%d: columns %q", path, n, fs)
			}
			head = true
			continue
		}
		if len(fs) != 4 {
			t.Fatalf("%s:%d: %d fields, want 4", path, n, len(fs))
		}
		out = append(out, SudokuSolverPuzzle{Name: fs[0], Comment: fs[1], Data: fs[2], Solution: fs[3], Line: n})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) != 40 {
		t.Fatalf("%s: %d puzzles, want 40", path, len(out))
	}
	return out
}
