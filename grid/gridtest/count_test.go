package gridtest

import (
	"strconv"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// TestCountSolutions checks the test counter itself on puzzle sets whose
// solution counts were established elsewhere.
func TestCountSolutions(t *testing.T) {
	t.Run("empty 4x4", func(t *testing.T) {
		if n, _ := Count(grid.New(grid.Shape{BoxRows: 2, BoxCols: 2}), 1000); n != 288 {
			t.Errorf("Count(empty 4x4) = %d, want 288", n)
		}
	})
	t.Run("royle17", func(t *testing.T) {
		puzzles := Lines(t, "royle17/puzzles.txt")
		solutions := Lines(t, "royle17/solutions.txt")
		for i := 0; i < 50 && i < len(puzzles); i++ {
			n, sol := Count(Line(t, puzzles[i]), 2)
			if n != 1 || sol.String() != solutions[i] {
				t.Errorf("Count(%s) = %d, %v, want 1, %s", puzzles[i], n, sol, solutions[i])
			}
		}
	})
	t.Run("serg_multi", func(t *testing.T) {
		lines := Lines(t, "tdoku/serg_multi.counts.tsv")
		checked := 0
		for _, line := range lines[1:] {
			puzzle, count, ok := strings.Cut(line, "\t")
			want, err := strconv.Atoi(count)
			if !ok || err != nil {
				t.Fatalf("bad line %q", line)
			}
			if want > 200 {
				continue
			}
			if n, _ := Count(Line(t, puzzle), want+1); n != want {
				t.Errorf("Count(%s) = %d, want %d", puzzle, n, want)
			}
			if checked++; checked == 40 {
				break
			}
		}
	})
	t.Run("16x16", func(t *testing.T) {
		puzzles := Lines(t, "large/16x16.unique.txt")
		for i := 0; i < 5 && i < len(puzzles); i++ {
			if n, _ := Count(Line(t, puzzles[i]), 2); n != 1 {
				t.Errorf("Count(%s) = %d, want 1", puzzles[i], n)
			}
		}
		multi := Lines(t, "large/16x16.multi.txt")
		for i := 0; i < 5 && i < len(multi); i++ {
			if n, _ := Count(Line(t, multi[i]), 2); n != 2 {
				t.Errorf("Count(%s) = %d, want 2 (capped)", multi[i], n)
			}
		}
	})
}
