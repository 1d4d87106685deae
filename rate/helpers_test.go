package rate

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

const dataDir = "../../shared/data"

// parseLine reads a grid written on one line: '.' or '0' empty, digits
// 1-9 then A-Z.
func parseLine(s string) (grid.Grid, bool) {
	s = strings.TrimSpace(s)
	sh, err := grid.ShapeOfCells(len(s))
	if err != nil {
		return grid.Grid{}, false
	}
	g := grid.New(sh)
	a := grid.DefaultAlphabet(sh.N())
	for i := 0; i < len(s); i++ {
		d, ok := a.Digit(s[i])
		if !ok {
			return grid.Grid{}, false
		}
		g.Cells[i] = uint8(d)
	}
	return g, true
}

// readLines returns the non-empty lines of a data file, or skips the test
// when the shared data is missing.
func readLines(t testing.TB, rel string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(dataDir, rel))
	if err != nil {
		t.Skipf("shared data missing (%v): run from the repository with ../shared/data present", err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			out = append(out, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func mustParse(t testing.TB, s string) grid.Grid {
	t.Helper()
	g, ok := parseLine(s)
	if !ok {
		t.Fatalf("parseLine(%q) failed", s)
	}
	return g
}
