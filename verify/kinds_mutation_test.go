package verify

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// mutationSolution is a full 9x9 grid (the solution of the classic puzzle
// that ISS's data/example_puzzles.js shows first) on which the rules of
// the mutation checks are drawn.
const mutationSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

// TestIndependentReadingsMutated checks that the independent encoding
// tells the references' readings from the ones sudokugen had: on a full
// grid, rules that the grid keeps as SudokuSolver reads them, and breaks
// as they were read before, must be kept by the encoding and broken by the
// encoding with that reading changed back.
//   - a region sum line that leaves a box and comes back, whose segments
//     have the same sum but whose box totals differ (read per box, the
//     grid breaks it);
//   - nonconsecutive with a white dot on every consecutive pair but one
//     pair of 1 and 2, which has a black dot;
//   - the negative ratio with a black dot on every pair in ratio 1:2 but
//     one pair of 1 and 2, which has a white dot.
func TestIndependentReadingsMutated(t *testing.T) {
	gridtest.NeedCadical(t)
	sol := make([]uint8, 81)
	for i, ch := range mutationSolution {
		sol[i] = uint8(ch - '0')
	}
	line := revisitingLine(sol)
	if line == nil {
		t.Fatal("no region sum line that revisits a box on the grid")
	}
	fpLine := make([]string, len(line))
	for i, c := range line {
		fpLine[i] = fmt.Sprintf("R%dC%d", c/9+1, c%9+1)
	}
	twoOne := onePair(sol, func(a, b int) bool { return a*b == 2 })
	for _, c := range []struct {
		name   string
		fields map[string]any
		old    reading
	}{
		{"region sum line " + fmt.Sprint(fpLine), map[string]any{"regionsumline": []any{map[string]any{"lines": [][]string{fpLine}}}},
			reading{regionPerBox: true}},
		{"black dot on 1-2 under nonconsecutive", map[string]any{"nonconsecutive": true,
			"difference": marks(sol, func(a, b int) bool { return a-b == 1 || b-a == 1 }, twoOne),
			"ratio":      []any{map[string]any{"cells": twoOne}}}, reading{ownDotOnly: true}},
		{"white dot on 1-2 under negative ratio", map[string]any{"negative": []string{"ratio"},
			"ratio":      marks(sol, func(a, b int) bool { return a == 2*b || b == 2*a }, twoOne),
			"difference": []any{map[string]any{"cells": twoOne}}}, reading{ownDotOnly: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := mutationPuzzle(t, c.fields)
			full := grid.Grid{Shape: g.Shape, Cells: sol, Rules: g.Rules}
			e, err := independentCNF(g)
			if err != nil {
				t.Fatal(err)
			}
			if !e.keeps(t, full) {
				t.Fatalf("the encoding refuses the grid, which keeps the rules as SudokuSolver reads them")
			}
			old, err := independentCNFReading(g, c.old)
			if err != nil {
				t.Fatal(err)
			}
			if old.keeps(t, full) {
				t.Fatalf("the encoding with the old reading %+v keeps the grid too: it cannot tell the readings apart", c.old)
			}
		})
	}
}

// mutationPuzzle reads an empty 9x9 f-puzzles puzzle with fields, through
// grid's reader.
func mutationPuzzle(t *testing.T, fields map[string]any) grid.Grid {
	t.Helper()
	rows := make([][]map[string]any, 9)
	for i := range rows {
		rows[i] = make([]map[string]any, 9)
		for j := range rows[i] {
			rows[i][j] = map[string]any{}
		}
	}
	obj := map[string]any{"size": 9, "grid": rows}
	for k, v := range fields {
		obj[k] = v
	}
	data, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	g, err := formats.ParseFPuzzles(data)
	if err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	return g
}

// onePair returns the first pair of neighbours of sol (row-major) whose
// digits ok allows, as f-puzzles cells.
func onePair(sol []uint8, ok func(a, b int) bool) []string {
	for _, p := range neighbours() {
		if ok(int(sol[p[0]]), int(sol[p[1]])) {
			return fpCells(p)
		}
	}
	return nil
}

// marks returns an f-puzzles mark on every pair of neighbours of sol whose
// digits ok allows, but the pair skip.
func marks(sol []uint8, ok func(a, b int) bool, skip []string) []any {
	var out []any
	for _, p := range neighbours() {
		if cs := fpCells(p); ok(int(sol[p[0]]), int(sol[p[1]])) && fmt.Sprint(cs) != fmt.Sprint(skip) {
			out = append(out, map[string]any{"cells": cs})
		}
	}
	return out
}

func neighbours() [][2]int {
	var out [][2]int
	for c := range 81 {
		if c%9 < 8 {
			out = append(out, [2]int{c, c + 1})
		}
		if c < 72 {
			out = append(out, [2]int{c, c + 9})
		}
	}
	return out
}

func fpCells(p [2]int) []string {
	return []string{fmt.Sprintf("R%dC%d", p[0]/9+1, p[0]%9+1), fmt.Sprintf("R%dC%d", p[1]/9+1, p[1]%9+1)}
}

// revisitingLine finds on the 9x9 grid sol a line of king's moves (no
// cell twice) that leaves a box and comes back, whose segments between
// box borders all have one sum, while the sums of all its cells in each
// box do not: the shortest, first in row-major order.
func revisitingLine(sol []uint8) []int {
	box := func(c int) int { return c/27*3 + c%9/3 }
	ok := func(l []int) bool {
		segs := segments(l, boxesOf(box))
		if len(segs) < 3 {
			return false
		}
		sum := func(cs []int) int {
			s := 0
			for _, c := range cs {
				s += int(sol[c])
			}
			return s
		}
		for _, s := range segs[1:] {
			if sum(s) != sum(segs[0]) {
				return false
			}
		}
		groups := byRegion(l, boxesOf(box))
		if len(groups) == len(segs) {
			return false // no box entered twice
		}
		for _, g := range groups[1:] {
			if sum(g) != sum(groups[0]) {
				return true
			}
		}
		return false
	}
	for size := 3; size <= 7; size++ {
		for start := range 81 {
			if l := extend([]int{start}, size, ok); l != nil {
				return l
			}
		}
	}
	return nil
}

// extend grows line l by king's moves to size cells, and returns the
// first that ok accepts.
func extend(l []int, size int, ok func([]int) bool) []int {
	if len(l) == size {
		if ok(l) {
			return l
		}
		return nil
	}
	last := l[len(l)-1]
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			r, c := last/9+dr, last%9+dc
			if r < 0 || r > 8 || c < 0 || c > 8 || (dr == 0 && dc == 0) {
				continue
			}
			next := r*9 + c
			if containsInt(l, next) {
				continue
			}
			if out := extend(append(l[:len(l):len(l)], next), size, ok); out != nil {
				return out
			}
		}
	}
	return nil
}

func containsInt(l []int, x int) bool {
	for _, y := range l {
		if y == x {
			return true
		}
	}
	return false
}

func boxesOf(box func(int) int) []int {
	out := make([]int, 81)
	for c := range out {
		out[c] = box(c)
	}
	return out
}

// TestLoopsAndOverlapsTwoWays checks the readings that the grid gains:
// on the full grid of the mutation checks, loops (a line whose last cell
// is its first) of whispers, renban, entropic, nabner and region sum
// lines, and two killer cages sharing a cell, each drawn so that the grid
// keeps it; with every digit off the figure given, verify and cadical on
// the independent encoding must agree on the verdict, and the grid must
// be a solution.
func TestLoopsAndOverlapsTwoWays(t *testing.T) {
	gridtest.NeedCadical(t)
	sol := make([]uint8, 81)
	for i, ch := range mutationSolution {
		sol[i] = uint8(ch - '0')
	}
	box := func(c int) int { return c/27*3 + c%9/3 }
	digits := func(l []int) []int {
		var out []int
		for _, c := range l {
			out = append(out, int(sol[c]))
		}
		return out
	}
	loops := []struct {
		field string
		ok    func(d []int, l []int) bool
	}{
		{"whispers", func(d, _ []int) bool { return cyclicPairs(d, func(a, b int) bool { return a-b >= 5 || b-a >= 5 }) }},
		{"renban", func(d, _ []int) bool { return consecutiveSet(d) }},
		{"entropicline", func(d, _ []int) bool {
			cl := entropicClass(9)
			if len(d)%3 != 0 {
				return false
			}
			for i := range d {
				for j := i + 1; j < len(d); j++ {
					if (cl(d[i]) == cl(d[j])) != ((j-i)%3 == 0) {
						return false
					}
				}
			}
			return true
		}},
		{"nabner", func(d, _ []int) bool { return allPairs(d, func(a, b int) bool { return a-b > 1 || b-a > 1 }) }},
		{"regionsumline", func(_, l []int) bool {
			segs := segments(append(l[:len(l):len(l)], l[0]), boxesOf(box))
			if len(segs) < 2 {
				return false
			}
			for _, s := range segs[1:] {
				if sumOf(sol, s) != sumOf(sol, segs[0]) {
					return false
				}
			}
			return true
		}},
	}
	for _, lp := range loops {
		t.Run(lp.field+" loop", func(t *testing.T) {
			l := findLoop(func(l []int) bool { return lp.ok(digits(l), l) })
			if l == nil {
				t.Skipf("no %s loop on the grid", lp.field)
			}
			names := make([]string, 0, len(l)+1)
			for _, c := range append(l[:len(l):len(l)], l[0]) {
				names = append(names, fmt.Sprintf("R%dC%d", c/9+1, c%9+1))
			}
			checkFigure(t, sol, l, map[string]any{lp.field: []any{map[string]any{"lines": [][]string{names}}}})
		})
	}
	t.Run("overlapping cages", func(t *testing.T) {
		a, b := []int{30, 31, 40}, []int{40, 41, 50}
		cage := func(cs []int) map[string]any {
			var names []string
			for _, c := range cs {
				names = append(names, fmt.Sprintf("R%dC%d", c/9+1, c%9+1))
			}
			return map[string]any{"cells": names, "value": fmt.Sprint(sumOf(sol, cs))}
		}
		checkFigure(t, sol, []int{30, 31, 40, 41, 50}, map[string]any{"killercage": []any{cage(a), cage(b)}})
	})
}

// checkFigure gives every digit of sol off the cells of figure, with
// fields as the rules, and checks the verdict two ways.
func checkFigure(t *testing.T, sol []uint8, figure []int, fields map[string]any) {
	t.Helper()
	g := mutationPuzzle(t, fields)
	for c := range sol {
		if !containsInt(figure, c) {
			g.Cells[c] = sol[c]
		}
	}
	full := grid.Grid{Shape: g.Shape, Cells: sol, Rules: g.Rules}
	checkSumPuzzle(t, fmt.Sprint(fields), g, full)
}

func sumOf(sol []uint8, cs []int) int {
	s := 0
	for _, c := range cs {
		s += int(sol[c])
	}
	return s
}

// findLoop returns the shortest cycle of king's moves (4 to 6 cells, each
// once, the last a king's move from the first) that ok accepts.
func findLoop(ok func([]int) bool) []int {
	closes := func(l []int) bool {
		a, b := l[0], l[len(l)-1]
		dr, dc := a/9-b/9, a%9-b%9
		return dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1 && ok(l)
	}
	for size := 4; size <= 6; size++ {
		for start := range 81 {
			if l := extend([]int{start}, size, closes); l != nil {
				return l
			}
		}
	}
	return nil
}

func cyclicPairs(d []int, ok func(a, b int) bool) bool {
	for i := range d {
		if !ok(d[i], d[(i+1)%len(d)]) {
			return false
		}
	}
	return true
}

func allPairs(d []int, ok func(a, b int) bool) bool {
	for i := range d {
		for j := i + 1; j < len(d); j++ {
			if !ok(d[i], d[j]) {
				return false
			}
		}
	}
	return true
}

func consecutiveSet(d []int) bool {
	lo, hi := 10, 0
	for _, x := range d {
		lo, hi = min(lo, x), max(hi, x)
	}
	return hi-lo == len(d)-1 && allPairs(d, func(a, b int) bool { return a != b })
}
