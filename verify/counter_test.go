package verify

import "github.com/sudokugen/sudokugen/grid"

// countSolutions counts the solutions of g up to limit by plain
// backtracking over the empty cells in row-major order, with one bitmask of
// used digits per row, column and box. It shares no code with the SAT
// encoding or with the candidate search of search.go, so that the two
// verdicts can be compared as independent witnesses.
func countSolutions(g grid.Grid, limit int) int {
	n := g.N()
	rows := make([]uint64, n)
	cols := make([]uint64, n)
	boxes := make([]uint64, n)
	var empty []int
	for i, v := range g.Cells {
		r, c := i/n, i%n
		if v == 0 {
			empty = append(empty, i)
			continue
		}
		bit := uint64(1) << v
		b := g.Box(r, c)
		if rows[r]&bit != 0 || cols[c]&bit != 0 || boxes[b]&bit != 0 {
			return 0
		}
		rows[r] |= bit
		cols[c] |= bit
		boxes[b] |= bit
	}
	count := 0
	var rec func(k int)
	rec = func(k int) {
		if count >= limit {
			return
		}
		if k == len(empty) {
			count++
			return
		}
		i := empty[k]
		r, c := i/n, i%n
		b := g.Box(r, c)
		used := rows[r] | cols[c] | boxes[b]
		for d := 1; d <= n; d++ {
			bit := uint64(1) << d
			if used&bit != 0 {
				continue
			}
			rows[r] |= bit
			cols[c] |= bit
			boxes[b] |= bit
			rec(k + 1)
			rows[r] &^= bit
			cols[c] &^= bit
			boxes[b] &^= bit
		}
	}
	rec(0)
	return count
}
