package rules

import "github.com/sudokugen/sudokugen/grid"

// antiKingKind is anti-king (Rules.AntiKing): two cells a king's move
// apart, that touch even only at a corner, hold different digits.
var antiKingKind = moveKind("anti-king", "Anti-king", AntiKing, "antiking", "anti_king", "AntiKing", kingSteps,
	"anti-king", "a king's move",
	"Two cells that touch, even only at a corner (a king's move apart in chess), hold different digits.")

// AntiKing and AntiKnight say that two cells a king's or a knight's
// move apart hold different digits.
var AntiKing = grid.NewKey[bool]("anti-king")
