package main

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// issRefusedVariants are the variants whose rules Interactive-Sudoku-
// Solver cannot state, with the start of the error that says so.
var issRefusedVariants = map[string]string{
	// black dots given everywhere, but consecutive digits allowed on the
	// pairs without a dot: ISS's strict kropki forbids both
	"kropki-negative": "sudokugen: puzzle 1: iss: negative: ",
}

// Every variant that generate makes (and a few combinations and sizes),
// written with --format iss, is read by Interactive-Sudoku-Solver's own
// parser and found unique by its solver, with the solution that
// --solutions writes after a tab; a variant whose rules ISS cannot state
// is refused with an error that names the kind, and nothing is written.
func TestGenerateISS(t *testing.T) {
	iss := gridtest.NeedISS(t)
	gridtest.SkipUnderRace(t)
	count := "2"
	if testing.Short() {
		count = "1"
	}
	runs := [][]string{
		{"--size", "6"}, {"--size", "16"}, {"--variant", "jigsaw", "--size", "5"}, {"--variant", "jigsaw", "--size", "6"},
		{"--variant", "arrow,killer"}, {"--variant", "whispers,renban,palindrome"}, {"--variant", "kropki-negative,nonconsecutive"},
		{"--variant", "kropki,xv"}, {"--variant", "thermometer,killer"}, {"--variant", "jigsaw,x"},
	}
	for _, v := range strings.Split(generate.VariantNames(false), ", ") {
		runs = append(runs, []string{"--variant", v})
	}
	var names, strs []string
	var sols [][]uint8
	for _, run := range runs {
		name := strings.Join(run, " ")
		args := append([]string{"generate", "-q", "--seed", "5", "-n", count, "--format", "iss", "--solutions"}, run...)
		out, errOut, code := cli(t, "", args...)
		if why, ok := issRefusedVariants[run[len(run)-1]]; ok {
			if code == exitOK || out != "" || !strings.HasPrefix(errOut, why) {
				t.Errorf("%s: exit %d, %q, %q; want it refused: %s...", name, code, out, errOut, why)
			}
			continue
		}
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", name, code, errOut)
		}
		for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			str, solText, ok := strings.Cut(line, "\t")
			if !ok {
				t.Fatalf("%s: %q has no solution after a tab", name, line)
			}
			// the solution in the default alphabet of its size
			a := grid.DefaultAlphabet(grid.Isqrt(len(solText)))
			sol := make([]uint8, len(solText))
			for i := range solText {
				d, ok := a.Digit(solText[i])
				if !ok || d == 0 {
					t.Fatalf("%s: solution %q: symbol %q", name, solText, solText[i])
				}
				sol[i] = uint8(d)
			}
			names, strs, sols = append(names, name), append(strs, str), append(sols, sol)
		}
	}
	for i, a := range iss.Solve(t, strs, 10*time.Minute) {
		if a.Err != "" || a.Count != 1 || !slices.Equal(a.Solution, sols[i]) {
			t.Errorf("%s: ISS says %d solutions (%s), the first %v; want unique with %v\n%s", names[i], a.Count, a.Err, a.Solution, sols[i], strs[i])
		}
	}
	t.Logf("%d puzzles of %d runs unique in ISS with generate's solution", len(strs), len(runs))
}
