package rate

import (
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

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

// readLines returns the lines of a shared data file, or skips the test
// when the shared data is missing.
func readLines(t testing.TB, rel string) []string { return gridtest.Lines(t, rel) }

func mustParse(t testing.TB, s string) grid.Grid {
	t.Helper()
	g, ok := parseLine(s)
	if !ok {
		t.Fatalf("parseLine(%q) failed", s)
	}
	return g
}
