package verify

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// TestISSExamples verifies the puzzles of testdata/iss_examples.tsv (the
// example puzzles of Interactive-Sudoku-Solver, MIT, whose constraints
// all have an f-puzzles field, written as f-puzzles JSON; the header
// names the commit): each, read by grid's f-puzzles reader, must be
// unique with exactly its published solution.
func TestISSExamples(t *testing.T) {
	gridtest.SkipUnderRace(t)
	f, err := os.Open("testdata/iss_examples.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	count := 0
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		fs := strings.Split(line, "\t")
		if len(fs) != 4 {
			t.Fatalf("line %d: %d fields, want 4", n, len(fs))
		}
		count++
		t.Run(fs[0], func(t *testing.T) {
			g, err := formats.ParseFPuzzles([]byte(fs[2]))
			if err != nil {
				t.Fatalf("line %d: %v", n, err)
			}
			r := Puzzle(g, Options{})
			if r.Status != Unique || r.Solutions[0].String() != fs[3] {
				t.Fatalf("line %d (%s): %v, want unique with %s", n, fs[1], r.Status, fs[3])
			}
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if count == 0 {
		t.Fatal("no puzzles")
	}
}
