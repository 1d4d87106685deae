package generate

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rules"
)

// Variants whose rules allow no grid are refused by Validate, before any
// work; each claim is checked here by a search that shares nothing with
// the generator's.
func TestInfeasible(t *testing.T) {
	for _, tc := range []struct {
		variant string
		box     grid.Shape
	}{
		{"anti-king", grid.Shape{BoxRows: 2, BoxCols: 2}},
		{"x,hyper", grid.Shape{BoxRows: 2, BoxCols: 3}},
		{"killer,anti-king", grid.Shape{BoxRows: 2, BoxCols: 2}},
	} {
		v, err := ParseVariant(tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		err = Options{Shape: tc.box, Variant: v}.Validate()
		if err == nil || !strings.Contains(err.Error(), "no "+size(tc.box)+" grid keeps the rules") {
			t.Errorf("Validate(%s on %s) = %v, want no grid", tc.variant, tc.box, err)
		}
	}
	// The 288 4x4 grids: none keeps anti-king.
	f, err := os.Open("../../shared/data/4x4/all_grids.txt")
	if err != nil {
		f, err = os.Open("../shared/data/4x4/all_grids.txt")
	}
	if err != nil {
		t.Skipf("the 4x4 grids: %v", err)
	}
	defer f.Close()
	anti := grid.NewRules(rules.AntiKing.Of(true))
	sc := bufio.NewScanner(f)
	count := 0
	for sc.Scan() {
		g, err := formats.Parse(sc.Text())
		if err != nil {
			t.Fatal(err)
		}
		count++
		if anti.Check(g) == nil {
			t.Errorf("4x4 grid %s keeps anti-king", g)
		}
	}
	if count != 288 {
		t.Errorf("%d 4x4 grids, want 288", count)
	}
	// 6x6 with both diagonals and the hyper windows: an exhaustive search
	// over the groups finds no grid.
	x, _ := ParseVariant("x,hyper")
	sh := grid.Shape{BoxRows: 2, BoxCols: 3}
	if n := countGroups(sh, rules.Extra.Get(x.fixedRules(sh)), 1); n != 0 {
		t.Errorf("x,hyper 6x6: the exhaustive search found %d grids", n)
	}
	// and the same search finds grids where they exist
	xOnly, _ := ParseVariant("x")
	if n := countGroups(sh, rules.Extra.Get(xOnly.fixedRules(sh)), 1); n != 1 {
		t.Errorf("x 6x6: the exhaustive search found %d grids, want one", n)
	}
}

// countGroups counts, up to limit, the grids of shape sh in which every
// row, column, box and extra group holds distinct digits: a plain
// backtracker, cell by cell, in row-major order.
func countGroups(sh grid.Shape, extra []grid.Group, limit int) int {
	n := sh.N()
	var groups [][]int
	for r := range n {
		var row, col, box []int
		for c := range n {
			row = append(row, r*n+c)
			col = append(col, c*n+r)
			// box r: band r/BoxRows, stack r%BoxRows (a grid has BoxRows
			// stacks of BoxCols columns)
			box = append(box, (r/sh.BoxRows*sh.BoxRows+c/sh.BoxCols)*n+(r%sh.BoxRows)*sh.BoxCols+c%sh.BoxCols)
		}
		groups = append(groups, row, col, box)
	}
	for _, g := range extra {
		var cells []int
		for _, c := range g.Cells {
			cells = append(cells, int(c))
		}
		groups = append(groups, cells)
	}
	of := make([][]int, n*n)
	for k, g := range groups {
		for _, c := range g {
			of[c] = append(of[c], k)
		}
	}
	used := make([]uint64, len(groups))
	found := 0
	var place func(i int)
	place = func(i int) {
		if found >= limit {
			return
		}
		if i == n*n {
			found++
			return
		}
		for d := 1; d <= n; d++ {
			bit := uint64(1) << d
			ok := true
			for _, k := range of[i] {
				if used[k]&bit != 0 {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			for _, k := range of[i] {
				used[k] |= bit
			}
			place(i + 1)
			for _, k := range of[i] {
				used[k] &^= bit
			}
		}
	}
	place(0)
	return found
}

// A jigsaw with both diagonals on 6x6 is made for every seed: the regions
// are drawn again between fills (it failed for all of 5 seeds).
func TestJigsawXSix(t *testing.T) {
	v, _ := ParseVariant("jigsaw,x")
	sh := grid.Shape{BoxRows: 2, BoxCols: 3}
	g := New()
	for seed := range uint64(8) {
		p, err := g.PuzzleContext(context.Background(), seed, 0, Options{Shape: sh, Variant: v})
		if err != nil {
			t.Errorf("seed %d: %v", seed, err)
			continue
		}
		if err := p.Solution.Rules.Check(p.Solution); err != nil {
			t.Errorf("seed %d: the solution breaks its rules: %v", seed, err)
		}
	}
}

// TestMarkLayoutRefusals checks that the layouts of marks refuse, before
// any work, the combinations whose marks contradict each other.
func TestMarkLayoutRefusals(t *testing.T) {
	for _, tc := range []struct{ variant, want string }{
		{"kropki,kropki-negative", "kropki-negative draws every mark of its kind: it cannot be combined with kropki"},
		{"xv,xv-negative", "xv-negative draws every mark of its kind: it cannot be combined with xv"},
		{"kropki,nonconsecutive", "kropki cannot be combined with nonconsecutive"},
	} {
		v, err := ParseVariant(tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		err = Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Variant: v}.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Validate(%s) = %v, want %q", tc.variant, err, tc.want)
		}
	}
	for _, ok := range []string{"thermo", "thermometer", "kropki", "xv", "kropki,xv", "kropki,xv-negative", "xv,kropki-negative",
		"kropki-negative,nonconsecutive", "xv,nonconsecutive", "thermo,killer", "thermo,nonconsecutive"} {
		v, err := ParseVariant(ok)
		if err != nil {
			t.Fatal(err)
		}
		if err := (Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Variant: v}).Validate(); err != nil {
			t.Errorf("Validate(%s) = %v, want nil", ok, err)
		}
	}
}
