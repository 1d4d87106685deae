package verify

import (
	"github.com/sudokugen/sudokugen/grid"
)

// This file holds a small clause checker for the tests, written apart from
// package sat and from the search: its own Sudoku CNF (same numbering, built
// from the rules as stated, not from sat.Clauses) and a plain unit
// propagation over it. Tests use it to check that a verdict settled by
// propagation really is refuted by unit propagation, and that one sent to
// the SAT solver is not.

// ruleCNF returns the CNF of the rules of shape s: each cell holds at least
// one digit and at most one; each row, column and box holds each digit at
// least once and at most once (pairwise).
func ruleCNF(s grid.Shape) [][]int {
	n := s.BoxRows * s.BoxCols
	v := func(r, c, d int) int { return r*n*n + c*n + d }
	var out [][]int
	exactlyOne := func(lits []int) {
		out = append(out, lits)
		for i := range lits {
			for j := i + 1; j < len(lits); j++ {
				out = append(out, []int{-lits[i], -lits[j]})
			}
		}
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			var cell []int
			for d := 1; d <= n; d++ {
				cell = append(cell, v(r, c, d))
			}
			exactlyOne(cell)
		}
	}
	for d := 1; d <= n; d++ {
		for k := 0; k < n; k++ {
			var row, col, box []int
			br, bc := k/(n/s.BoxCols)*s.BoxRows, k%(n/s.BoxCols)*s.BoxCols
			for i := 0; i < n; i++ {
				row = append(row, v(k, i, d))
				col = append(col, v(i, k, d))
				box = append(box, v(br+i/s.BoxCols, bc+i%s.BoxCols, d))
			}
			exactlyOne(row)
			exactlyOne(col)
			exactlyOne(box)
		}
	}
	return out
}

// puzzleCNF returns the rules, the givens of g as unit clauses and, when
// sol is not nil, the clause that blocks sol over g's empty cells.
func puzzleCNF(g grid.Grid, sol *grid.Grid) [][]int {
	n := g.N()
	f := ruleCNF(g.Shape)
	var block []int
	for i, d := range g.Cells {
		if d != 0 {
			f = append(f, []int{i*n + int(d)})
		} else if sol != nil {
			block = append(block, -(i*n + int(sol.Cells[i])))
		}
	}
	if sol != nil {
		f = append(f, block)
	}
	return f
}

// propagates reports whether unit propagation on clauses (and the
// assumed literals) reaches a conflict. It sweeps every clause until
// nothing changes: slow and simple.
func propagates(clauses [][]int, nv int, assumed []int) bool {
	val := make([]int8, nv+1) // 1 true, -1 false
	set := func(l int) bool {
		v, s := l, int8(1)
		if l < 0 {
			v, s = -l, -1
		}
		if val[v] == -s {
			return false
		}
		val[v] = s
		return true
	}
	for _, l := range assumed {
		if !set(l) {
			return true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, c := range clauses {
			free, unit := 0, 0
			sat := false
			for _, l := range c {
				v, s := l, int8(1)
				if l < 0 {
					v, s = -l, -1
				}
				switch val[v] {
				case s:
					sat = true
				case 0:
					free++
					unit = l
				}
				if sat {
					break
				}
			}
			switch {
			case sat:
			case free == 0:
				return true
			case free == 1:
				set(unit)
				changed = true
			}
		}
	}
	return false
}
