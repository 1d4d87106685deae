package gridtest

import (
	"math/bits"

	"github.com/sudokugen/sudokugen/grid"
)

// Count is the tests' independent check of the core promise: a plain
// backtracking solution counter that shares no code with the packages under
// test (no SAT solver, no candidate search of theirs, no board type), so a
// bug in one cannot hide a bug in the other.

// Count returns the number of solutions of g, counting no further
// than limit, and the first solution found (a zero Grid when there is
// none). At every node it branches on the most constrained choice: the
// empty cell with the fewest candidates, or the digit with the fewest
// places in some row, column or box, whichever has fewer options.
func Count(g grid.Grid, limit int) (int, grid.Grid) {
	n := g.N()
	c := &counter{n: n, br: g.BoxRows, bc: g.BoxCols, limit: limit, cells: append([]uint8(nil), g.Cells...)}
	c.rows = make([]uint64, n)
	c.cols = make([]uint64, n)
	c.boxes = make([]uint64, n)
	c.units = make([][]int, 3*n)
	for u := range c.units {
		c.units[u] = c.unitCells(u, nil)
	}
	for i, v := range c.cells {
		if v == 0 {
			continue
		}
		bit := uint64(1) << v
		r, col, b := i/n, i%n, c.box(i)
		if (c.rows[r]|c.cols[col]|c.boxes[b])&bit != 0 {
			return 0, grid.Grid{} // a given repeats
		}
		c.rows[r] |= bit
		c.cols[col] |= bit
		c.boxes[b] |= bit
	}
	c.search()
	return c.found, c.first
}

type counter struct {
	n, br, bc         int
	limit, found      int
	cells             []uint8
	rows, cols, boxes []uint64
	units             [][]int // cells of each row, column and box
	first             grid.Grid
}

func (c *counter) box(i int) int {
	r, col := i/c.n, i%c.n
	return (r/c.br)*(c.n/c.bc) + col/c.bc
}

func (c *counter) cand(i int) uint64 {
	full := (uint64(1)<<c.n - 1) << 1
	return full &^ (c.rows[i/c.n] | c.cols[i%c.n] | c.boxes[c.box(i)])
}

func (c *counter) set(i, d int) {
	bit := uint64(1) << d
	c.cells[i] = uint8(d)
	c.rows[i/c.n] ^= bit
	c.cols[i%c.n] ^= bit
	c.boxes[c.box(i)] ^= bit
}

func (c *counter) unset(i, d int) {
	c.set(i, d)
	c.cells[i] = 0
}

// unitCells returns the cells of unit u: rows, then columns, then boxes.
func (c *counter) unitCells(u int, out []int) []int {
	n := c.n
	out = out[:0]
	switch {
	case u < n:
		for k := range n {
			out = append(out, u*n+k)
		}
	case u < 2*n:
		for k := range n {
			out = append(out, k*n+u-n)
		}
	default:
		b := u - 2*n
		r0, c0 := b/(n/c.bc)*c.br, b%(n/c.bc)*c.bc
		for k := range n {
			out = append(out, (r0+k/c.bc)*n+c0+k%c.bc)
		}
	}
	return out
}

func (c *counter) search() {
	if c.found >= c.limit {
		return
	}
	n := c.n
	// The most constrained cell.
	bestCell, bestCount := -1, n+1
	for i, v := range c.cells {
		if v != 0 {
			continue
		}
		k := bits.OnesCount64(c.cand(i))
		if k == 0 {
			return
		}
		if k < bestCount {
			bestCell, bestCount = i, k
		}
	}
	if bestCell < 0 {
		c.found++
		if c.found == 1 {
			c.first = grid.Grid{Shape: grid.Shape{BoxRows: c.br, BoxCols: c.bc}, Cells: append([]uint8(nil), c.cells...)}
		}
		return
	}
	// The most constrained digit of a unit, if it beats the cell.
	bestUnit, bestDigit := -1, 0
	if bestCount > 1 {
		var places [65]int
		for u := range 3 * n {
			clear(places[:n+1])
			var present uint64
			for _, i := range c.units[u] {
				if v := c.cells[i]; v != 0 {
					present |= 1 << v
					continue
				}
				for m := c.cand(i); m != 0; m &= m - 1 {
					places[bits.TrailingZeros64(m)]++
				}
			}
			for d := 1; d <= n; d++ {
				if present&(1<<d) != 0 {
					continue
				}
				if places[d] == 0 {
					return
				}
				if places[d] < bestCount {
					bestCount, bestUnit, bestDigit = places[d], u, d
				}
			}
		}
	}
	if bestDigit != 0 {
		for _, i := range c.units[bestUnit] {
			if c.cells[i] != 0 || c.cand(i)&(1<<bestDigit) == 0 {
				continue
			}
			c.set(i, bestDigit)
			c.search()
			c.unset(i, bestDigit)
			if c.found >= c.limit {
				return
			}
		}
		return
	}
	for m := c.cand(bestCell); m != 0; m &= m - 1 {
		d := bits.TrailingZeros64(m)
		c.set(bestCell, d)
		c.search()
		c.unset(bestCell, d)
		if c.found >= c.limit {
			return
		}
	}
}
