// Package rules holds the kinds of variant rules, one file each, beside
// the files of their families: pairs (kropki dots, X and V, and the
// negative constraints), lines (whispers, renban, palindromes...), sums
// (what arrows, little killers and the sums along lines share), clues
// outside the grid (sandwiches, X-sums, skyscrapers), lines of equal sums
// (region sum lines, zippers, double arrows) and moves (anti-king,
// anti-knight). A helper that two kinds share lives in their family.
//
// The package registers its kinds in the table of package grid at
// start-up (table.go), in a fixed order, which fixes the order of the
// clauses and so the bytes of every CNF and proof. A program that reads or
// makes variant puzzles imports it, a blank import being enough:
//
//	import _ "github.com/sudokugen/sudokugen/rules"
//
// The keys of the kinds that other packages build rules with by hand
// (Cages, Extra, Odd, Even, White, Black, X, V, Thermos, AntiKing,
// AntiKnight; grid.Regions is the core's) are exported.
package rules
