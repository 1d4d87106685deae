package rate

import (
	"errors"
	"flag"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/grid"
)

// checkSteps verifies every step of res against the known solution: a
// placement must be the solution's digit, an elimination never removes it.
func checkSteps(t *testing.T, puzzle string, sol grid.Grid, res Result) {
	t.Helper()
	if !res.Solved {
		t.Errorf("Puzzle(%q): not solved: %v", puzzle, res.Err)
		return
	}
	for i, s := range res.Steps {
		if p := s.Place; p != nil {
			if want := sol.At(p.Cell.Row, p.Cell.Col); p.Digit != want {
				t.Errorf("Puzzle(%q) step %d (%s) places %d at %s, want %d", puzzle, i+1, s, p.Digit, p.Cell, want)
				return
			}
		}
		for _, e := range s.Eliminate {
			if e.Digit == sol.At(e.Cell.Row, e.Cell.Col) {
				t.Errorf("Puzzle(%q) step %d (%s) removes the solution digit %d from %s", puzzle, i+1, s, e.Digit, e.Cell)
				return
			}
		}
	}
}

// checkFile rates every step-th puzzle of a file with its solutions file,
// on two goroutines, and checks every step.
func checkFile(t *testing.T, puzzles, solutions string, step int) map[Technique]int {
	ps := readLines(t, puzzles)
	ss := readLines(t, solutions)
	if len(ps) != len(ss) {
		t.Fatalf("%s has %d lines, %s has %d", puzzles, len(ps), solutions, len(ss))
	}
	var mu sync.Mutex
	used := map[Technique]int{}
	start := time.Now()
	var wg sync.WaitGroup
	n := 0
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			local := map[Technique]int{}
			for i := w * step; i < len(ps); i += 2 * step {
				g := mustParse(t, ps[i])
				res := Puzzle(g, Options{Explain: true})
				checkSteps(t, ps[i], mustParse(t, ss[i]), res)
				for _, c := range res.Counts {
					local[c.Technique] += c.Count
				}
			}
			mu.Lock()
			for k, v := range local {
				used[k] += v
			}
			mu.Unlock()
		}(w)
	}
	wg.Wait()
	for i := 0; i < len(ps); i += step {
		n++
	}
	el := time.Since(start)
	t.Logf("%s: %d puzzles in %v (%.0f puzzles/s on 2 goroutines)", puzzles, n, el, float64(n)/el.Seconds())
	return used
}

func logTechniques(t *testing.T, used map[Technique]int) {
	var b strings.Builder
	for k := Technique(0); k < numTechniques; k++ {
		if used[k] > 0 {
			b.WriteString(k.String() + ": " + itoa(used[k]) + "; ")
		}
	}
	t.Log("steps by technique: " + b.String())
}

var fullSets = flag.Bool("full", false, "check every puzzle of top1465 and 16x16, not a sample")

func TestRoyle17Steps(t *testing.T) {
	step := 1
	if testing.Short() {
		step = 50
	}
	if *fullSets {
		step = 1
	}
	logTechniques(t, checkFile(t, "royle17/puzzles.txt", "royle17/solutions.txt", step))
}

func TestTop1465Steps(t *testing.T) {
	step := 2
	if testing.Short() {
		step = 15
	}
	if *fullSets {
		step = 1
	}
	logTechniques(t, checkFile(t, "tdoku/top1465.txt", "tdoku/top1465.solutions.txt", step))
}

func TestLarge16Steps(t *testing.T) {
	step := 4
	if testing.Short() {
		step = 20
	}
	if *fullSets {
		step = 1
	}
	logTechniques(t, checkFile(t, "large/16x16.unique.txt", "large/16x16.unique.solutions.txt", step))
}

func TestLarge25Steps(t *testing.T) {
	step := 1
	if testing.Short() {
		step = 10
	}
	logTechniques(t, checkFile(t, "large/25x25.unique.txt", "large/25x25.unique.solutions.txt", step))
}

// Grids with several solutions are reported, never rated.
func TestLarge16Multi(t *testing.T) {
	for _, l := range readLines(t, "large/16x16.multi.txt") {
		if res := Puzzle(mustParse(t, l), Options{}); res.Solved || !errors.Is(res.Err, ErrMultiple) {
			t.Errorf("Puzzle(%q) = solved %v, err %v; want ErrMultiple", l, res.Solved, res.Err)
		}
	}
}
