package rules

import (
	"math/rand/v2"
	"slices"

	"github.com/sudokugen/sudokugen/grid"
)

// palindromeKind is palindromes: a line reads the same from either end.
// f-puzzles and the JSON form write them as "palindrome", lines of cells.
var palindromeKind = lineKind(&lineSpec{
	kind: "palindrome", variant: "palindrome", title: "Palindrome", fp: "palindrome", json: "palindrome", what: "palindrome",
	minCells: 2,
	iss:      issLine("Palindrome"),
	holds: func(n int, c LineClue, d []int) bool {
		for i := range d {
			if d[i] != d[len(d)-1-i] {
				return false
			}
		}
		return true
	},
	lower: func(s grid.Shape, k int, c LineClue, l *grid.Lowered) {
		m := len(c.Cells)
		for i := 0; i < m/2; i++ {
			l.Links = append(l.Links, grid.Link{A: c.Cells[i], B: c.Cells[m-1-i], Rel: sameDigit})
		}
	},
	draw: func(n, k int, c LineClue, d *grid.Drawing) {
		d.Lines = append(d.Lines, grid.Line{Cells: c.Cells, Style: grid.LineMedium})
	},
	text:  "A grey line without circles (a palindrome) reads the same from either end.",
	gloss: "palindromes drawn over the grid, then givens removed to minimal",
	grow:  growPalindrome,
})

// growPalindrome grows a palindrome of the full grid from its middle, a
// cell, outwards by a touching cell at each end that hold the same digit,
// among the cells not used.
func growPalindrome(rng *rand.Rand, full grid.Grid, used []bool) []int32 {
	n := full.N()
	mid := int32(rng.IntN(n * n))
	if used[mid] {
		return nil
	}
	line := []int32{mid}
	target := 3 + 2*rng.IntN(max(1, n/2-1))
	for len(line) < target {
		a, b := line[0], line[len(line)-1]
		var ends [][2]int32
		for _, x := range KingNeighbours(n, a) {
			for _, y := range KingNeighbours(n, b) {
				if x != y && !used[x] && !used[y] && full.Cells[x] == full.Cells[y] && !slices.Contains(line, x) && !slices.Contains(line, y) {
					ends = append(ends, [2]int32{x, y})
				}
			}
		}
		if len(ends) == 0 {
			break
		}
		e := ends[rng.IntN(len(ends))]
		line = append(append([]int32{e[0]}, line...), e[1])
	}
	if len(line) < 3 {
		return nil
	}
	return line
}
