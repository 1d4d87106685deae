// Package search is the depth-first search on candidates that packages
// verify and generate share: it finds the solutions of a puzzle, counts
// them up to a limit, and, when it runs to its end, proves that there are
// no others, optionally writing that proof out as the refutations of a
// DRAT proof.
//
// # The search
//
// Every cell holds the digits it may still take (its candidates). At each
// node the search applies naked singles (a cell with one candidate takes
// it, and the digit leaves the cell's peers) and hidden singles (a digit
// with one place left in a row, column or box goes there) until neither
// applies; with Strong also locked candidates (see below). A cell with no
// candidate, or a digit with no place in a unit, is a conflict: the node
// is refuted. A node with every cell placed is a solution, checked against
// the rules before it is counted. Otherwise the search branches on the
// first cell, in reading order, with the fewest candidates, trying each of
// them in turn (Search.Prefer first, then in increasing order); with Strong
// and no cell with two candidates, on a digit with two places left in a
// unit. Branches differ in that cell (or place), so no solution is found
// twice, and the branches of a node cover every solution below it: a
// search that runs to its end has found them all.
//
// # The proof
//
// Let F be the CNF of package sat for the shape (variable x(c,d): cell c
// holds digit d; every cell and every unit has an at-least-one clause,
// and pairwise at-most-one clauses), and G the givens as unit clauses.
// Naked and hidden singles are exactly unit propagation on F ∧ G: placing
// d in c sets x(c,d); the binary clauses then make x(c,e) and x(p,d) false
// for every other digit e and peer p; a naked single is a cell's
// at-least-one clause with one literal left, a hidden single a unit's for
// a digit; a conflict is such a clause with none left. Unit propagation is
// confluent (it reaches the same state, or a conflict, in any order), so
// the state at a node is that of unit propagation from the decisions on
// the path to it, however the search computes it.
//
// So a search that runs to its end is a DPLL refutation, and the Tracer
// receives it in the form of a DRAT proof: each call refutes a path
// l1..lk of decisions, the clause ¬l1 ∨ … ∨ ¬lk, and each such clause is a
// reverse-unit-propagation (RUP) consequence of F ∧ G and the clauses
// before it:
//
//   - a node that propagation refutes: unit propagation from its path
//     reaches the conflict;
//   - a branch whose decision's naked singles at once reach a conflict
//     (not counted as a node): the same, from the path and the decision;
//   - a node whose branches are all refuted, after them (post-order): the
//     branches' clauses make every candidate of its branching cell false
//     under its path, and the cell's at-least-one clause is the conflict;
//     for a branch on a digit's two places in a unit, that unit's
//     at-least-one clause for the digit;
//   - a solution S: it is refuted too, which is a RUP step once the
//     blocking clause B of S (some empty cell differs from S) is in the
//     CNF: unit propagation from its path places every cell as in S and
//     leaves B with no literal. A proof that a puzzle has exactly one
//     solution refutes F ∧ G ∧ B; with none, F ∧ G;
//   - the root is refuted last, with the empty path: the empty clause.
//
// Locked candidates (Strong) are not unit propagation on this encoding,
// but each removal is a RUP step, and is refuted before it is used: when a
// digit's places in a box all lie in one line, placing it in that line
// outside the box leaves the box no place for it (and the same with a
// line's places all in one box). The refutation of that placement under
// the current path, ¬path ∨ ¬x(c,d), lets unit propagation make the same
// removal wherever the search relies on it.
//
// A search stopped early (by Limit, Budget, Done or Each) proves nothing,
// and its refutations are to be thrown away.
//
// # Two engines, one tree
//
// On the classic 9x9 grid (Search.Strong off) the search runs on per-digit
// bitboards; on every other shape on candidate bitmasks per cell (package
// singles). Both compute the same propagation, branch on the same cell and
// try the same digits in the same order, and count the same nodes, so they
// visit the same tree, report the same solutions in the same order and
// emit the same refutations; the tests hold them to it. Only the speed
// differs: counted with cachegrind, a complete search for up to two
// solutions of 2,000 royle17 puzzles took 161 M instructions and 1.1 M
// mispredicted branches on the bitboards, 311 M and 2.9 M on the
// bitmasks; BenchmarkRun, in one run on the loaded machine, 16-22 us a
// puzzle against 38 (top1465: 105-141 against 209-280).
//
// The general search is driven by the unit tables of package grid (rows,
// columns, boxes), so further all-different units can join it.
package search
