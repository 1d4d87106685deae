package generate

import (
	"bufio"
	"bytes"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// qqwingCounts runs Debian's qqwing on 9x9 puzzles and returns its solution
// count for each. qqwing counts every solution, without a cap, so feed it
// only puzzles with few.
func qqwingCounts(t *testing.T, puzzles []grid.Grid) []int {
	t.Helper()
	path, err := exec.LookPath("qqwing")
	if err != nil {
		t.Skip("qqwing not installed (apt-get install qqwing): skipping the cross-check")
	}
	var in bytes.Buffer
	for _, p := range puzzles {
		in.WriteString(p.String())
		in.WriteByte('\n')
	}
	cmd := exec.Command(path, "--solve", "--count-solutions", "--csv", "--nosolution")
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("qqwing: %v", err)
	}
	var counts []int
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := strings.TrimSuffix(strings.TrimSpace(sc.Text()), ",")
		if line == "" || strings.HasPrefix(line, "Solution") {
			continue
		}
		n, err := strconv.Atoi(line)
		if err != nil {
			t.Fatalf("qqwing printed %q, want a solution count", sc.Text())
		}
		counts = append(counts, n)
	}
	if len(counts) != len(puzzles) {
		t.Fatalf("qqwing gave %d counts for %d puzzles", len(counts), len(puzzles))
	}
	return counts
}

// TestQQWing checks generated 9x9 puzzles with a solver that shares nothing
// with this project: each must have one solution, and each loses that
// property when any one clue goes.
func TestQQWing(t *testing.T) {
	seeds, perSeed, minimalEvery := 10, 100, 10
	if testing.Short() {
		seeds, perSeed = 2, 50
	}
	g := New()
	var puzzles, smaller []grid.Grid
	for seed := range seeds {
		for i := range perSeed {
			p, err := g.Puzzle(uint64(seed)+100, i, Options{Shape: shape9})
			if err != nil {
				t.Fatal(err)
			}
			puzzles = append(puzzles, p.Grid)
			if i%minimalEvery != 0 {
				continue
			}
			for c, v := range p.Grid.Cells {
				if v != 0 {
					q := p.Grid.Clone()
					q.Cells[c] = 0
					smaller = append(smaller, q)
				}
			}
		}
	}
	for k, n := range qqwingCounts(t, puzzles) {
		if n != 1 {
			t.Errorf("qqwing counts %d solutions of %v, want 1", n, puzzles[k])
		}
	}
	for k, n := range qqwingCounts(t, smaller) {
		if n < 2 {
			t.Errorf("qqwing counts %d solutions of %v (a puzzle less one clue), want 2 or more", n, smaller[k])
		}
	}
	t.Logf("qqwing agrees on %d puzzles and %d puzzles less one clue", len(puzzles), len(smaller))
}
