package sat

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// TestUniqueAgreesWithSolutions holds Unique against Solutions, the proof
// by the whole encoding, on real puzzles with known solutions and on the
// same puzzles with one, three, a quarter and half of their clues taken out,
// which often makes them ambiguous. Both must give the same verdict every time.
func TestUniqueAgreesWithSolutions(t *testing.T) {
	tests := []struct {
		puzzles, solutions string
		n                  int
	}{
		{"royle17/puzzles.txt", "royle17/solutions.txt", 60},
		{"tdoku/top1465.txt", "tdoku/top1465.solutions.txt", 60},
		{"large/16x16.unique.txt", "large/16x16.unique.solutions.txt", 20},
		{"large/25x25.unique.txt", "large/25x25.unique.solutions.txt", 6},
	}
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for _, tt := range tests {
		t.Run(tt.puzzles, func(t *testing.T) {
			ps, ss := readLines(t, tt.puzzles, 0), readLines(t, tt.solutions, 0)
			n := tt.n
			if testing.Short() {
				n = max(n/4, 2)
			}
			counts := map[bool]int{}
			for range n {
				j := rng.IntN(len(ps))
				p, sol := lineGrid(t, ps[j]), lineGrid(t, ss[j])
				s := New(p.Shape)
				for _, drop := range []int{0, 1, 3, p.Givens() / 4, p.Givens() / 2} {
					q := p.Clone()
					for range drop {
						q.Cells[givenAt(q, rng)] = 0
					}
					want := s.Solutions(q, []grid.Grid{sol}, 2, nil) == 1
					if got := Unique(q, sol); got != want {
						t.Fatalf("line %d with %d clues out (%s): Unique = %v, Solutions says %v", j+1, drop, q, got, want)
					}
					counts[want]++
				}
			}
			t.Logf("unique %d, not unique %d", counts[true], counts[false])
			if counts[false] == 0 {
				t.Errorf("no ambiguous puzzle among %d: the test checks one side only", counts[true])
			}
		})
	}
}

// givenAt returns the index of a random filled cell of g.
func givenAt(g grid.Grid, rng *rand.Rand) int {
	for {
		if i := rng.IntN(len(g.Cells)); g.Cells[i] != 0 {
			return i
		}
	}
}

// TestUniqueWrongSolution checks that Unique never vouches for a grid that
// is not a solution of the puzzle: a solution with two digits swapped.
func TestUniqueWrongSolution(t *testing.T) {
	p := lineGrid(t, readLines(t, "royle17/puzzles.txt", 1)[0])
	sol := lineGrid(t, readLines(t, "royle17/solutions.txt", 1)[0])
	wrong := sol.Clone()
	for i, v := range wrong.Cells {
		switch v {
		case 1:
			wrong.Cells[i] = 2
		case 2:
			wrong.Cells[i] = 1
		}
	}
	if Unique(p, wrong) {
		t.Errorf("Unique(%s, %s) = true for a grid that breaks the givens", p, wrong)
	}
	if !Unique(p, sol) {
		t.Errorf("Unique(%s, %s) = false, want true", p, sol)
	}
}

// TestExactlyOne checks a small problem both ways: three groups that
// leave one setting, and the same with that setting forbidden.
func TestExactlyOne(t *testing.T) {
	groups := [][]int{{1, 2}, {2, 3}, {1, 3, 4}}
	// 2 true: 1 and 3 false, so 4 true; or 2 false: 1 and 3 true, which
	// breaks the last group. So the only setting is 2 and 4.
	m, ok := ExactlyOne(groups, 4, nil)
	if !ok || m[0] || !m[1] || m[2] || !m[3] {
		t.Fatalf("ExactlyOne = %v, %v; want [false true false true], true", m, ok)
	}
	if m, ok := ExactlyOne(groups, 4, [][]int{{-2}}); ok {
		t.Errorf("with 2 forbidden: ExactlyOne = %v, true; want no setting", m)
	}
}
