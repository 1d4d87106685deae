package gridtest

import (
	"bufio"
	"bytes"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// QQWingCounts runs Debian's qqwing on 9x9 puzzles and returns its count of
// every solution of each, skipping the test when qqwing is not installed.
// qqwing counts without a cap, so feed it only puzzles with few solutions.
// It shares nothing with this project, which makes it an independent check.
func QQWingCounts(tb testing.TB, puzzles []grid.Grid) []int {
	tb.Helper()
	path, err := exec.LookPath("qqwing")
	if err != nil {
		tb.Skip("qqwing not installed (apt-get install qqwing): skipping the cross-check")
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
		tb.Fatalf("qqwing: %v", err)
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
			tb.Fatalf("qqwing printed %q, want a solution count", sc.Text())
		}
		counts = append(counts, n)
	}
	if len(counts) != len(puzzles) {
		tb.Fatalf("qqwing gave %d counts for %d puzzles", len(counts), len(puzzles))
	}
	return counts
}
