// Package gridtest helps tests read the shared puzzle data: real puzzle
// sets with known answers kept in ../shared/data beside the checkout (see
// its README).
package gridtest

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// DataDir returns the shared data folder: shared/data beside the folder
// that holds go.mod.
func DataDir() string {
	if dir, ok := moduleDir(); ok {
		return filepath.Join(dir, "..", "shared", "data")
	}
	return filepath.Join("..", "shared", "data")
}

// moduleDir returns the folder that holds go.mod, found by walking up from
// the working directory, and whether there is one.
func moduleDir() (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// Path returns the path of a shared data file, skipping the test when it
// is absent.
func Path(tb testing.TB, name string) string {
	tb.Helper()
	p := filepath.Join(DataDir(), name)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("shared data %s not found: it is expected in ../shared/data beside the checkout", name)
	}
	return p
}

// Lines returns the lines of a shared data file that are neither blank nor
// '#' comments, trimmed, skipping the test when the file is absent.
func Lines(tb testing.TB, name string) []string {
	tb.Helper()
	f, err := os.Open(Path(tb, name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && line[0] != '#' {
			out = append(out, line)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// Line reads a puzzle in the one-line format of the shared data (default
// alphabet, '.' for empty, square boxes told from the length). It is a
// few lines of its own, not grid's reader, so that tests of other packages
// do not rest on the reader being right.
func Line(tb testing.TB, line string) grid.Grid {
	tb.Helper()
	sh, err := grid.ShapeOfCells(len(line))
	if err != nil {
		tb.Fatalf("%q: %v", line, err)
	}
	g := grid.New(sh)
	a := grid.DefaultAlphabet(sh.N())
	for i := 0; i < len(line); i++ {
		d, ok := a.Digit(line[i])
		if !ok {
			tb.Fatalf("%q: bad symbol %q at %d", line, line[i], i)
		}
		g.Cells[i] = uint8(d)
	}
	return g
}

// SkipUnderRace skips a test whose work runs in one goroutine when the
// race detector is on: there it has no race to find, and it runs ten
// times slower. The run without the detector checks its answers.
func SkipUnderRace(tb testing.TB) {
	tb.Helper()
	if Race {
		tb.Skip("one goroutine only: the race detector has nothing to find here (the run without it checks the answers)")
	}
}
