package verify

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// qqwingCounts runs Debian's qqwing on 9x9 puzzles and returns its count
// of every solution of each (qqwing has no cap: feed it puzzles with few).
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

// Counts of puzzles made by removing 1 to 4 clues from royle17 and top1465
// puzzles agree with qqwing's full counts. Those that reach the limit are
// left out of the comparison (qqwing would count millions), and so are
// those above qqCap, to keep qqwing's time short; .ci/bench.sh runs the
// whole comparison, with its timing.
func TestCountsAgreeWithQQWing(t *testing.T) {
	const limit, qqCap = 100000, 5000
	seed := uint64(20261122)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 3))
	sets := [][]string{dataLines(t, "royle17/puzzles.txt"), dataLines(t, "tdoku/top1465.txt")}
	rounds := 100
	if testing.Short() {
		rounds = 16
	}
	v := New()
	var puzzles []grid.Grid
	var counts []int
	atLimit := 0
	for k := range rounds {
		set := sets[k%2]
		g := lineGrid(t, set[rng.IntN(len(set))])
		var givens []int
		for i, d := range g.Cells {
			if d != 0 {
				givens = append(givens, i)
			}
		}
		rng.Shuffle(len(givens), func(i, j int) { givens[i], givens[j] = givens[j], givens[i] })
		for _, i := range givens[:1+rng.IntN(4)] {
			g.Cells[i] = 0
		}
		r := v.Check(g, Options{CountLimit: limit})
		switch {
		case r.Count >= limit:
			if r.Status != Multiple || r.Exact() {
				t.Fatalf("%s: %v, %d solutions (exact %v), want multiple with at least %d", g, r.Status, r.Count, r.Exact(), limit)
			}
			atLimit++
		case r.Count <= qqCap:
			puzzles = append(puzzles, g)
			counts = append(counts, r.Count)
		}
	}
	want := qqwingCounts(t, puzzles)
	for i, g := range puzzles {
		if counts[i] != want[i] {
			t.Errorf("%s: %d solutions, qqwing counts %d", g, counts[i], want[i])
		}
	}
	t.Logf("%d counts agree with qqwing, %d reached the limit of %d", len(puzzles), atLimit, limit)
}
