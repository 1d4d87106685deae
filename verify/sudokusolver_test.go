package verify

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/internal/lzstring"
)

// SudokuSolver's own test suite as test data (testdata/sudokusolver.tsv):
// the 40 f-puzzles puzzles of SudokuSolver's SudokuTests/Puzzles.cs, each
// with its published solution. Each puzzle is either verified unique with
// exactly that solution, or refused by the reader with one line naming the
// rules it does not know; never any other verdict.

// sudokuSolverMustVerify are the puzzles whose rules are all in the table:
// each must verify unique with its published solution. When every kind of
// the suite is in the table, sudokuSolverAll turns this into all 40.
var sudokuSolverMustVerify = []string{
	"classic-1", "classic-2", "classic-3", "classic-4", "classic-5",
	"self-contained", "300-subs", "return-of-the-hash", "behemoth", "irregular-7x7-kropki",
	// with the cell kinds: minimum and maximum, quadruples, negative XV
	"fortress", "extreme-killer-6x6", "boxes", "quadiagonal", "xv-kropki-x",
}

// sudokuSolverAll says that all 40 puzzles must verify unique.
const sudokuSolverAll = true

// readSudokuSolver reads testdata/sudokusolver.tsv.
func readSudokuSolver(t *testing.T) []gridtest.SudokuSolverPuzzle {
	return gridtest.ReadSudokuSolver(t, "testdata/sudokusolver.tsv")
}

// sudokuSolverDigits reads a published solution: n*n digits, each written
// in decimal one after the other (the 16x16 one holds 1 to 16). A digit
// above 9 makes the split ambiguous, so the digits are read against the
// rules of a solution: each digit once in every row and every column.
func sudokuSolverDigits(s string, n int) ([]int, bool) {
	out := make([]int, 0, n*n)
	rows := make([]map[int]bool, n)
	cols := make([]map[int]bool, n)
	for i := range n {
		rows[i], cols[i] = map[int]bool{}, map[int]bool{}
	}
	var walk func(i int) bool
	walk = func(i int) bool {
		if i == len(s) || len(out) == n*n {
			return i == len(s) && len(out) == n*n
		}
		r, c := len(out)/n, len(out)%n
		for w := 1; w <= 2 && i+w <= len(s); w++ {
			d, err := strconv.Atoi(s[i : i+w])
			if err != nil || s[i] == '0' || d < 1 || d > n || rows[r][d] || cols[c][d] {
				continue
			}
			rows[r][d], cols[c][d] = true, true
			out = append(out, d)
			if walk(i + w) {
				return true
			}
			out = out[:len(out)-1]
			delete(rows[r], d)
			delete(cols[c], d)
		}
		return false
	}
	return out, walk(0)
}

// The transcription: every puzzle's data decompresses to an f-puzzles
// object whose givens are digits of its published solution, and every
// solution is a Latin square of the puzzle's size (each digit once in each
// row and each column). A wrong character in the data breaks its
// decompression or its JSON at once.
func TestSudokuSolverTranscription(t *testing.T) {
	for _, p := range readSudokuSolver(t) {
		js, err := lzstring.DecompressFromBase64(p.Data)
		if err != nil {
			t.Errorf("%s (line %d): %v", p.Name, p.Line, err)
			continue
		}
		var obj struct {
			Size int `json:"size"`
			Grid [][]struct {
				Value any  `json:"value"`
				Given bool `json:"given"`
			} `json:"grid"`
		}
		if err := json.Unmarshal([]byte(js), &obj); err != nil {
			t.Errorf("%s (line %d): %v", p.Name, p.Line, err)
			continue
		}
		n := obj.Size
		sol, ok := sudokuSolverDigits(p.Solution, n)
		if !ok {
			t.Errorf("%s: solution %s is not a Latin square of the digits 1 to %d", p.Name, p.Solution, n)
			continue
		}
		givens := 0
		for r, row := range obj.Grid {
			for c, cell := range row {
				if !cell.Given || cell.Value == nil {
					continue
				}
				givens++
				if d, ok := cell.Value.(float64); !ok || int(d) != sol[r*n+c] {
					t.Errorf("%s: r%dc%d is given %v, the solution has %d", p.Name, r+1, c+1, cell.Value, sol[r*n+c])
				}
			}
		}
		if len(obj.Grid) != n {
			t.Errorf("%s: %d rows, want %d", p.Name, len(obj.Grid), n)
		}
		t.Logf("%s: %dx%d, %d givens", p.Name, n, n, givens)
	}
}

// The verdicts: each puzzle is unique with its published solution, or
// refused with one line that names the fields it does not know; the
// puzzles of sudokuSolverMustVerify (all of them with sudokuSolverAll)
// must be unique. Each puzzle's verdict or refusal, time and proof are
// logged.
func TestSudokuSolverSuite(t *testing.T) {
	gridtest.SkipUnderRace(t)
	must := map[string]bool{}
	for _, name := range sudokuSolverMustVerify {
		must[name] = true
	}
	puzzles := readSudokuSolver(t)
	var verified, refused []string
	var total time.Duration
	for _, p := range puzzles {
		g, err := formats.ParseFPuzzlesLink(p.Data)
		if err != nil {
			msg := err.Error()
			var ue *grid.UnsupportedError
			if strings.Contains(msg, "\n") || !strings.Contains(msg, "\"") || !errors.As(err, &ue) || len(ue.Fields) == 0 {
				t.Errorf("%s: the refusal %q is not one line naming a rule", p.Name, msg)
			}
			if must[p.Name] || sudokuSolverAll {
				t.Errorf("%s: refused, want unique: %v", p.Name, err)
			}
			t.Logf("%-20s refused: %v", p.Name, err)
			refused = append(refused, p.Name)
			continue
		}
		start := time.Now()
		r := Puzzle(g, Options{})
		took := time.Since(start)
		total += took
		got := ""
		for _, c := range solutionCells(r) {
			got += strconv.Itoa(int(c))
		}
		if r.Status != Unique || got != p.Solution {
			// a verdict other than the published one is wrong, whichever
			// the puzzle
			t.Errorf("%s (%s): %v (%v) with solution %s, want unique with %s", p.Name, g.Rules.Name(), r.Status, r.Err, got, p.Solution)
			continue
		}
		if r.Proof == NoProof {
			t.Errorf("%s: unique without a proof", p.Name)
		}
		if r.Proof == SAT {
			// the search settles every real puzzle within its budget;
			// gophersat is the last resort, not the usual one
			t.Errorf("%s (%s): decided by gophersat, where the search ran past its %d nodes", p.Name, g.Rules.Name(), variantBudget)
		}
		t.Logf("%-20s unique in %v, proof %s (%s)", p.Name, took.Round(time.Microsecond), r.Proof, g.Rules.Name())
		verified = append(verified, p.Name)
	}
	t.Logf("%d verified in %v, %d refused: %s", len(verified), total.Round(time.Millisecond), len(refused), strings.Join(refused, ", "))
}

// solutionCells is the first solution's cells, or none.
func solutionCells(r Result) []uint8 {
	if len(r.Solutions) == 0 {
		return nil
	}
	return r.Solutions[0].Cells
}
