package rules

import "github.com/sudokugen/sudokugen/grid"

// antiKnightKind is anti-knight (Rules.AntiKnight): two cells a knight's
// move apart hold different digits.
var antiKnightKind = moveKind("anti-knight", "Anti-knight", AntiKnight, "antiknight", "anti_knight", knightSteps,
	"anti-knight", "a knight's move",
	"Two cells a knight's move apart in chess hold different digits.")

// knightSteps are the moves of a knight, in row-major order of their
// targets.
var knightSteps = [][2]int{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}

// KnightNeighbours returns the cells a knight's move from cell i of a grid
// of size n, in row-major order.
func KnightNeighbours(n int, i int32) []int32 { return grid.MoveCells(n, i, knightSteps) }

var AntiKnight = grid.NewKey[bool]("anti-knight")
