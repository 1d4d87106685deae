package rules

// Degenerate forms. A setter's unfinished rule should not make a whole
// puzzle invalid when the reference reads it as constraining nothing:
// SudokuSolver (dclamage/SudokuSolver, the reference for f-puzzles input)
// reads a line too short to say anything (a thermometer, whisper, renban,
// palindrome or other line of one cell, a between line or double arrow of
// one or two: nothing lies between its ends) as no constraint, and an
// arrow whose group of line cells is empty likewise. So these are read and
// then left out of the rules, in f-puzzles and in the JSON form alike. A
// line of no cells at all is still refused: SudokuSolver cannot read one
// either, and it is a fault of the file rather than an unfinished rule.
// docs/variants.md lists the forms per kind.

// degenerate reports whether a line of the given cells, of a kind that
// needs at least least of them, says nothing: it has a cell, but too few.
func degenerate(cells []int32, least int) bool {
	return len(cells) > 0 && len(cells) < least
}

// keepLines returns lines without those that are degenerate for a kind
// that needs at least least cells.
func keepLines(lines [][]int32, least int) [][]int32 {
	out := lines[:0:0]
	for _, l := range lines {
		if !degenerate(l, least) {
			out = append(out, l)
		}
	}
	return out
}
