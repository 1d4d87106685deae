package gridtest

import "github.com/sudokugen/sudokugen/grid"

// CNF returns the clauses of puzzle g as the classic Sudoku encoding states
// them, built here from the rules and not by package sat, so that tests can
// hold sat's encoding, its DIMACS and its proofs against it: each cell holds
// exactly one digit and each row, column and box each digit exactly once
// ("at most one" as pairwise clauses), then one unit clause per given, and,
// when sol is not nil, the clause that forbids sol over g's empty cells.
// Cell (r, c) holding digit d is variable N*N*r + N*c + d (0-based r, c).
func CNF(g grid.Grid, sol *grid.Grid) [][]int {
	s := g.Shape
	n := s.N()
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
	var block []int
	for i, d := range g.Cells {
		if d != 0 {
			out = append(out, []int{i*n + int(d)})
		} else if sol != nil {
			block = append(block, -(i*n + int(sol.Cells[i])))
		}
	}
	if sol != nil {
		out = append(out, block)
	}
	return out
}
