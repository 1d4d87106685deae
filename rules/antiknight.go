package rules

import "github.com/sudokugen/sudokugen/grid"

// antiKnightKind is anti-knight (Rules.AntiKnight): two cells a knight's
// move apart hold different digits.
var antiKnightKind = moveKind("anti-knight", "Anti-knight", AntiKnight, "antiknight", "anti_knight", "AntiKnight", knightSteps,
	"anti-knight", "a knight's move",
	"Two cells a knight's move apart in chess hold different digits.")

var AntiKnight = grid.NewKey[bool]("anti-knight")
