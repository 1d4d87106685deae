package canon

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// transform applies a random move of every kind to g: digits relabelled,
// rows within bands and bands shuffled, the same for columns and stacks,
// and, for square boxes, a transposition half the time.
func transform(rng *rand.Rand, g grid.Grid) grid.Grid {
	n, r, c := g.N(), g.BoxRows, g.BoxCols
	rows := blockPerm(rng, c, r) // c bands of r rows
	cols := blockPerm(rng, r, c) // r stacks of c columns
	digits := rng.Perm(n)
	flip := r == c && rng.IntN(2) == 1
	out := grid.New(g.Shape)
	for i := range n {
		for j := range n {
			v := g.At(rows[i], cols[j])
			if flip {
				v = g.At(rows[j], cols[i])
			}
			if v != 0 {
				v = digits[v-1] + 1
			}
			out.Set(i, j, v)
		}
	}
	return out
}

// blockPerm returns a random order of blocks*size lines that keeps each
// block of size lines together.
func blockPerm(rng *rand.Rand, blocks, size int) []int {
	out := make([]int, 0, blocks*size)
	for _, b := range rng.Perm(blocks) {
		for _, i := range rng.Perm(size) {
			out = append(out, b*size+i)
		}
	}
	return out
}

func mustForm(tb testing.TB, g grid.Grid) grid.Grid {
	tb.Helper()
	f, err := Form(g)
	if err != nil {
		tb.Fatalf("Form(%s) = %v", g.Format(grid.DefaultAlphabet(g.N())), err)
	}
	return f
}

func line(g grid.Grid) string { return g.Format(grid.DefaultAlphabet(g.N())) }

func TestFormSmall(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"one clue", "5" + strings.Repeat(".", 80), strings.Repeat(".", 80) + "1"},
		{"empty", strings.Repeat(".", 81), strings.Repeat(".", 81)},
		{"4x4 two clues", "12..............", "..............12"},
		{"4x4 same row, two stacks", "1..2............", ".............1.2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := gridtest.Line(t, tt.in)
			got := line(mustForm(t, g))
			if got != tt.want {
				t.Errorf("Form(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestFormInvariant checks that random transformations of real puzzles
// all have the form of the original, and that the form is itself
// equivalent to the puzzle (it has the same clue count and is a fixed
// point).
func TestFormInvariant(t *testing.T) {
	puzzles, moves := 200, 1000
	if testing.Short() {
		puzzles, moves = 40, 100
	}
	lines := gridtest.Lines(t, "royle17/puzzles.txt")
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	for p := range puzzles {
		g := gridtest.Line(t, lines[p*len(lines)/puzzles])
		want := mustForm(t, g)
		if want.Givens() != g.Givens() {
			t.Fatalf("Form(%s) = %s: %d clues, want %d", line(g), line(want), want.Givens(), g.Givens())
		}
		if again := mustForm(t, want); !again.Equal(want) {
			t.Fatalf("Form(Form(%s)) = %s, want %s", line(g), line(again), line(want))
		}
		for range moves {
			h := transform(rng, g)
			if got := mustForm(t, h); !got.Equal(want) {
				t.Fatalf("Form(%s) = %s, want %s (the form of %s)", line(h), line(got), line(want), line(g))
			}
		}
	}
}

// TestFormShapes runs the same check on other box shapes, full grids and
// puzzles, including shapes that are not square.
func TestFormShapes(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 2))
	for _, rc := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 4}, {3, 4}, {4, 4}} {
		sh := grid.Shape{BoxRows: rc[0], BoxCols: rc[1]}
		for _, keep := range []int{100, 60, 25} {
			g := pattern(sh, rng, keep)
			if keep == 100 && sh.N() > 9 {
				continue // full large grids exceed the search bound
			}
			want := mustForm(t, g)
			moves := 30
			if keep == 100 && sh.N() == 9 {
				moves = 2 // a full 9x9 grid tries all 3,359,232 arrangements
			}
			for range moves {
				h := transform(rng, g)
				if got := mustForm(t, h); !got.Equal(want) {
					t.Fatalf("%s, %d%% clues: Form(%s) = %s, want %s", sh, keep, line(h), line(got), line(want))
				}
			}
		}
	}
}

// pattern returns a valid grid of shape sh, randomly transformed, with
// about keep percent of its cells kept.
func pattern(sh grid.Shape, rng *rand.Rand, keep int) grid.Grid {
	n, r, c := sh.N(), sh.BoxRows, sh.BoxCols
	g := grid.New(sh)
	for row := range n {
		for col := range n {
			if rng.IntN(100) < keep {
				g.Set(row, col, (c*(row%r)+row/r+col)%n+1)
			}
		}
	}
	return transform(rng, g)
}

// TestFormDistinct checks that the 49,158 17-clue puzzles, published as
// pairwise inequivalent, all have different forms.
func TestFormDistinct(t *testing.T) {
	if testing.Short() {
		t.Skip("49,158 forms: not in -short")
	}
	lines := gridtest.Lines(t, "royle17/puzzles.txt")
	seen := make(map[string]int, len(lines))
	for i, l := range lines {
		f := line(mustForm(t, gridtest.Line(t, l)))
		if j, ok := seen[f]; ok {
			t.Errorf("royle17 lines %d and %d have the same form %s:\n%s\n%s", j+1, i+1, f, lines[j], l)
			continue
		}
		seen[f] = i
	}
}

func TestFormErrors(t *testing.T) {
	if _, err := Form(grid.Grid{Shape: grid.Shape{BoxRows: 1, BoxCols: 3}}); err == nil {
		t.Errorf("Form(1x3 shape) = nil error, want one")
	}
	if _, err := Form(grid.Grid{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Cells: make([]uint8, 80)}); err == nil {
		t.Errorf("Form(80 cells) = nil error, want one")
	}
	// A full 16x16 grid has more symmetry than the search bound allows.
	if _, err := Form(pattern(grid.Shape{BoxRows: 4, BoxCols: 4}, rand.New(rand.NewPCG(1, 1)), 100)); !errors.Is(err, ErrSymmetric) {
		t.Errorf("Form(full 16x16) = %v, want ErrSymmetric", err)
	}
}

func TestEquivalent(t *testing.T) {
	lines := gridtest.Lines(t, "royle17/puzzles.txt")
	a, b := gridtest.Line(t, lines[0]), gridtest.Line(t, lines[1])
	rng := rand.New(rand.NewPCG(3, 3))
	tests := []struct {
		name string
		x, y grid.Grid
		want bool
	}{
		{"moved", a, transform(rng, a), true},
		{"different", a, b, false},
		{"other shape", a, grid.New(grid.Shape{BoxRows: 2, BoxCols: 2}), false},
	}
	for _, tt := range tests {
		got, err := Equivalent(tt.x, tt.y)
		if err != nil || got != tt.want {
			t.Errorf("%s: Equivalent = %v, %v, want %v", tt.name, got, err, tt.want)
		}
	}
}

func BenchmarkForm(b *testing.B) {
	for _, tc := range []struct{ name, file string }{
		{"royle17", "royle17/puzzles.txt"},
		{"top1465", "tdoku/top1465.txt"},
		{"16x16", "large/16x16.unique.txt"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			lines := gridtest.Lines(b, tc.file)
			if len(lines) > 2000 {
				lines = lines[:2000]
			}
			var gs []grid.Grid
			for _, l := range lines {
				if g := gridtest.Line(b, l); !g.Full() { // full 16x16 grids exceed the bound
					gs = append(gs, g)
				}
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := Form(gs[i%len(gs)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
