// Package sat holds the SAT encoding of Sudoku and is the only package that
// talks to the SAT solver, gophersat.
//
// The encoding is the classic one: variable N*N*(r-1) + N*(c-1) + d (1-based
// row, column and digit) is true when the cell holds the digit; every cell
// holds exactly one digit, and every row, column and box holds every digit
// exactly once. Clauses returns it as CNF with pairwise "at most one"
// clauses (11,988 clauses for 9x9) and WriteDIMACS writes it, with a
// puzzle's givens as unit clauses, for any other solver; ReadModel reads
// such a solver's answer back.
//
// Variant puzzles (grid.Rules) have an encoding of their own (RuleClauses,
// see rules.go): the same cell variables and the same groups with a
// jigsaw's regions for the boxes, then clauses per constraint, each
// documented with its clauses, and for cage sums auxiliary variables after
// the N^3 cell variables. WriteDIMACS, Certify, External and Unique take
// it whenever a grid has rules; NewRules builds a Solver for it. A classic
// puzzle's CNF is unchanged, clause for clause.
//
// Solver wraps gophersat for many puzzles of one shape: givens are
// assumptions, and Solutions counts solutions up to a limit with blocking
// clauses that bind one call only. gophersat cannot run in two goroutines at
// once, even with a solver each (they share a buffer and give wrong answers
// without an error), so every call into it takes a package lock; parallel
// work belongs in separate processes.
package sat
