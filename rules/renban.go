package rules

import (
	"strconv"

	"github.com/sudokugen/sudokugen/grid"
)

// renbanKind is renban lines: the digits of a line are a set of
// consecutive digits, in any order, no digit twice. f-puzzles and the JSON
// form write them as "renban", lines of cells.
var renbanKind = lineKind(&lineSpec{
	kind: "renban", variant: "renban", title: "Renban", fp: "renban", json: "renban", what: "renban",
	minCells: 2,
	iss:      issLine("Renban"), // its cells, each once, hold consecutive digits
	loop:     loopSet,
	maxCells: func(n int) int { return n },
	holds: func(n int, c LineClue, d []int) bool {
		seen := map[int]bool{}
		lo, hi := d[0], d[0]
		for _, v := range d {
			if seen[v] {
				return false
			}
			seen[v] = true
			lo, hi = min(lo, v), max(hi, v)
		}
		return hi-lo+1 == len(d)
	},
	// distinct digits whose differences are all below the line's length
	// are exactly a run of consecutive digits. The pairs' relation says
	// that they differ too, as the group does: then a digit leaves a cell
	// of the line once another cell has no digit left near it but itself
	// (on 200 generated whispers, renban and palindrome puzzles the
	// search took 451 nodes a puzzle in place of 913, and the hardest
	// 5,945 in place of 88,179)
	lower: func(s grid.Shape, k int, c LineClue, l *grid.Lowered) {
		m := len(c.Cells)
		runs := make([]uint64, 0, s.N()-m+1)
		for lo := 1; lo+m-1 <= s.N(); lo++ {
			runs = append(runs, (uint64(1)<<m-1)<<(lo-1))
		}
		l.Groups = append(l.Groups, grid.LabelledGroup{Cells: c.Cells, Label: "renban " + strconv.Itoa(k+1), Unit: m == s.N()})
		rel := relation("renban "+strconv.Itoa(m), func(a, b int) bool { return a != b && abs(a-b) < m })
		allPairs(l, c.Cells, func(i, j int) *grid.Relation { return rel })
		needs := renbanWindows(s.N(), c.Cells, l)
		l.Sets = append(l.Sets, grid.DigitSets{Cells: c.Cells, Sets: runs, Label: "renban " + lineName(s.N(), c.Cells), Needs: needs})
		// every run of m digits from 1 to n holds those from n-m+1 to m:
		// a line of them holds each, which the links alone do not say
		for d := s.N() - m + 1; d <= m; d++ {
			cl := l.Ints(len(c.Cells))
			for i, x := range c.Cells {
				cl[i] = l.CellVar(x, d)
			}
			l.Clauses = append(l.Clauses, cl)
		}
	},
	draw: func(n, k int, c LineClue, d *grid.Drawing) {
		d.Lines = append(d.Lines, grid.Line{Cells: c.Cells, Style: grid.LineWide})
		d.Notes = append(d.Notes, grid.Note{Cell: c.Cells[0], Text: "R"})
	},
	text:  "A wide grey line marked R (a renban) holds a set of consecutive digits, in any order, each once.",
	gloss: "renban lines drawn over the grid, then givens removed to minimal",
})

// renbanWindows says which run of digits the cells of a renban hold, one
// variable a run: some run is held, a digit of a cell lies in a run
// held, a run held has each of its digits in a cell, and a digit not in
// every run is in a cell or a run without it is held; true when it wrote
// them (grid.DigitSets.Needs). Unit
// propagation then reads the line as a person reads its sets: a digit
// that no cell can hold rules out the runs that need it, and with them
// the digits only those runs hold. A line of two or three cells has them
// from its pairs' relation already (and a line of N cells is a unit).
// Measured: SudokuSolver's 159 (kropki, renban) takes 5,207 nodes, not
// 39,497; 200 generated renban puzzles 21,118, not 27,666, but in a
// quarter more processor time, their searches being short and each node
// dearer, and generating whispers, renban and palindromes a seventh more.
//
// The clauses that a digit is in a cell or a run without it is held put
// a digit that every run left needs in its one cell left: on the 200
// renban puzzles of .ci/bench.sh iss, 18,233 nodes in place of 21,044.
// With the runs, they let the search take such a digit from the cells
// that see each cell of the line that can hold it
// (grid.DigitSets.Needs).
func renbanWindows(n int, cells []int32, l *grid.Lowered) bool {
	m := len(cells)
	if m < 4 || m >= n || l.Bare() {
		return false
	}
	// the clauses are cut from the lowering's store (see grid.Lowered.Ints)
	runs := l.Ints(n - m + 1) // runs[a-1]: the digits a to a+m-1
	for i := range runs {
		runs[i] = l.AuxVar()
	}
	some := l.Ints(len(runs)) // a run holds
	copy(some, runs)
	l.Clauses = append(l.Clauses, some)
	for d := 1; d <= n; d++ {
		first, last := max(1, d-m+1), min(d, n-m+1) // the runs that hold d
		for _, x := range cells {
			cl := l.Ints(1 + last - first + 1)
			cl[0] = -l.CellVar(x, d)
			copy(cl[1:], runs[first-1:last])
			l.Clauses = append(l.Clauses, cl)
		}
	}
	for d := 1; d <= n; d++ {
		first, last := max(1, d-m+1), min(d, n-m+1) // the runs that hold d
		if first == 1 && last == n-m+1 {
			continue // every run holds d: the lowering says so already
		}
		cl := l.Ints(len(cells) + len(runs) - (last - first + 1))
		for k, x := range cells {
			cl[k] = l.CellVar(x, d)
		}
		k := len(cells)
		for a := 1; a <= n-m+1; a++ {
			if a < first || a > last {
				cl[k] = runs[a-1]
				k++
			}
		}
		l.Clauses = append(l.Clauses, cl)
	}
	for a := 1; a <= n-m+1; a++ {
		for d := a; d < a+m; d++ {
			cl := l.Ints(1 + len(cells))
			cl[0] = -runs[a-1]
			for k, x := range cells {
				cl[k+1] = l.CellVar(x, d)
			}
			l.Clauses = append(l.Clauses, cl)
		}
	}
	return true
}
