package rules

import "github.com/sudokugen/sudokugen/grid"

// antiKingKind is anti-king (Rules.AntiKing): two cells a king's move
// apart, that touch even only at a corner, hold different digits.
var antiKingKind = moveKind("anti-king", "Anti-king", AntiKing, "antiking", "anti_king", kingSteps,
	"anti-king", "a king's move",
	"Two cells that touch, even only at a corner (a king's move apart in chess), hold different digits.")

// kingSteps are the moves of a king, in row-major order of their targets.
var kingSteps = [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}

// KingNeighbours returns the cells a king's move from cell i of a grid of
// size n, in row-major order: the cells that touch it.
func KingNeighbours(n int, i int32) []int32 { return grid.MoveCells(n, i, kingSteps) }

// AntiKing and AntiKnight say that two cells a king's or a knight's
// move apart hold different digits.
var AntiKing = grid.NewKey[bool]("anti-king")
