package sat

import (
	"github.com/sudokugen/sudokugen/grid"
)

// Var returns the variable that is true when the cell in row r, column c
// (0-based) holds digit d (1-based) in a grid of size n. With 1-based rows
// and columns this is n*n*(r-1) + n*(c-1) + d, the numbering of the classic
// Sudoku-as-SAT encodings, so the variables of a 9x9 grid run from 1 to 729.
func Var(n, r, c, d int) int { return n*n*r + n*c + d }

// Decode splits variable v of a grid of size n into its 0-based row and
// column and its digit.
func Decode(n, v int) (r, c, d int) {
	v--
	return v / (n * n), v / n % n, v%n + 1
}

// NumVars returns the number of cell variables of a grid of size n.
func NumVars(n int) int { return n * n * n }

// Clauses returns the CNF of the rules for shape s, without any givens:
// every cell holds at least one digit and at most one; every row, column
// and box holds every digit at least once and at most once. "At most one"
// is the pairwise encoding: one binary clause per pair. For 9x9 this is 729
// variables and 11,988 clauses. The order of the clauses is fixed.
func Clauses(s grid.Shape) [][]int {
	n := s.N()
	pairs := n * (n - 1) / 2
	out := make([][]int, 0, 4*n*n*(1+pairs))
	for _, group := range groups(s) {
		out = exactlyOne(out, group)
	}
	return out
}

// exactlyOne appends to out the clauses that make exactly one variable of
// group true: the group itself, then one binary clause per pair, in order.
func exactlyOne(out [][]int, group []int) [][]int {
	out = append(out, group)
	for i, a := range group {
		for _, b := range group[i+1:] {
			out = append(out, []int{-a, -b})
		}
	}
	return out
}

// groups returns the 4*N*N groups of variables of which exactly one is
// true: the digits of each cell, then for each digit the cells of each
// row, column and box.
func groups(s grid.Shape) [][]int {
	n := s.N()
	out := make([][]int, 0, 4*n*n)
	group := func(f func(i int) int) {
		g := make([]int, n)
		for i := range g {
			g[i] = f(i)
		}
		out = append(out, g)
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			group(func(i int) int { return Var(n, r, c, i+1) })
		}
	}
	for d := 1; d <= n; d++ {
		for r := 0; r < n; r++ {
			group(func(i int) int { return Var(n, r, i, d) })
		}
		for c := 0; c < n; c++ {
			group(func(i int) int { return Var(n, i, c, d) })
		}
		for b := 0; b < n; b++ {
			r0 := b / (n / s.BoxCols) * s.BoxRows
			c0 := b % (n / s.BoxCols) * s.BoxCols
			group(func(i int) int { return Var(n, r0+i/s.BoxCols, c0+i%s.BoxCols, d) })
		}
	}
	return out
}

// Givens returns one positive literal per filled cell of g, in row-major
// order.
func Givens(g grid.Grid) []int {
	n := g.N()
	lits := make([]int, 0, g.Givens())
	for i, v := range g.Cells {
		if v != 0 {
			lits = append(lits, Var(n, i/n, i%n, int(v)))
		}
	}
	return lits
}

// Blocking returns the clause that forbids solution sol of puzzle g: at
// least one empty cell of g must hold another digit than it holds in sol.
// It is empty when g has no empty cell.
func Blocking(g, sol grid.Grid) []int {
	n := g.N()
	var lits []int
	for i, v := range g.Cells {
		if v == 0 {
			lits = append(lits, -Var(n, i/n, i%n, int(sol.Cells[i])))
		}
	}
	return lits
}

// gridOf reads a grid of shape s off a model (model[v-1] is variable v).
func gridOf(s grid.Shape, model []bool) grid.Grid {
	g := grid.New(s)
	n := s.N()
	for i := range g.Cells {
		base := Var(n, i/n, i%n, 1) - 1
		for d := 0; d < n; d++ {
			if model[base+d] {
				g.Cells[i] = uint8(d + 1)
				break
			}
		}
	}
	return g
}
