// Package verify decides whether a Sudoku puzzle has exactly one solution,
// and says what the verdict rests on.
//
// # Verdicts and their proofs
//
// Let F be the CNF of package sat for the puzzle's shape (each cell holds
// at least one digit; each row, column and box holds each digit at least
// once; pairwise "at most one" clauses for the digits of a cell and for the
// cells of a unit holding a digit), G the givens as unit clauses, and B the
// blocking clause of a solution S: at least one empty cell holds another
// digit than in S. Then
//
//   - unique means F ∧ G ∧ B is unsatisfiable, for a solution S that has
//     been checked against the rules and the givens;
//   - none means F ∧ G is unsatisfiable;
//   - multiple means two different solutions were found, each checked
//     against the rules and the givens: they are the certificate;
//   - invalid means the input is malformed or two givens clash.
//
// A verdict of unique or none is proved one of two ways (Result.Proof).
//
// Propagation. The candidate search (search.go) starts from the givens and
// applies naked singles (a cell with one candidate left takes it, and the
// digit leaves its peers) and hidden singles (a digit with one place left
// in a unit goes there). Each step is a step of unit propagation on F ∧ G:
// a candidate d of cell c is gone exactly when the literal x(c,d) has been
// set false. Placing d in c sets x(c,d) true; the binary clauses
// ¬x(c,d) ∨ ¬x(c,e) and ¬x(c,d) ∨ ¬x(p,d) are then unit and set x(c,e) and
// x(p,d) false for every other digit e and every peer p. A naked single is
// the cell's at-least-one clause with all its literals false but one; a
// hidden single is a unit's at-least-one clause for a digit with all its
// literals false but one. A cell with no candidate is a cell clause with
// every literal false, and a digit with no place in a unit a unit clause
// with every literal false: both are conflicts. So when the search settles
// the puzzle at its root, without guessing:
//
//   - with a contradiction, unit propagation refutes F ∧ G: none;
//   - with every cell placed, unit propagation has set x(c,S(c)) true for
//     every cell, so every literal of B is false and B is a conflict:
//     unit propagation refutes F ∧ G ∧ B, whatever order it takes (adding B
//     can only bring the conflict sooner): unique.
//
// A SAT solver's first step is this same propagation, so such a proof is
// one reverse-unit-propagation (RUP) step, the empty clause, that any DRAT
// checker accepts. It costs microseconds on bitmasks. 21,905 of the 49,158
// 17-clue puzzles of royle17 (45 %) are settled this way, and none of the
// 1,465 of top1465. The tests check both ways, with a unit propagation of
// their own on a CNF of their own, that a verdict is settled by
// propagation exactly when unit propagation refutes its CNF.
//
// SAT. Otherwise the search guesses; it finds the first solution S, and
// gophersat proves F ∧ G ∧ B unsatisfiable (or, when the search finds no
// solution, F ∧ G), as the design card says.
//
// # Variant puzzles
//
// A puzzle with rules (grid.Rules: killer, jigsaw, X, hyper...) takes the
// path of variant.go: the candidate search of package internal/variant,
// whose propagation removes only what unit propagation removes on the
// variant's CNF (sat.RuleClauses; that package's doc gives the argument,
// constraint by constraint), so a verdict settled at its root is proved by
// propagation, and any other verdict of unique or none by gophersat on that
// CNF, propagated first (sat.Unique, sat.NoSolution) when the search gives
// up, and otherwise by the search itself run to its end (proof Search): a
// complete case split on the candidates of one cell at each node, each node
// unit propagation on the CNF, each leaf a conflict or the solution (a
// conflict with B), which is a tree-like resolution refutation of
// F ∧ G ∧ B, as Counting below argues. F above is then the
// variant's CNF; everything else in this section holds as written. Invalid
// covers rules that cannot hold on the grid too (a cage whose sum no
// distinct digits make, a region without N cells, overlapping cages).
//
// # Counting
//
// With Options.CountLimit above 2 the search runs on to count solutions up
// to the limit, keeping only the first two (memory does not grow with the
// count) and stopping promptly when the context given to CheckContext is
// done. The search is a complete case split: at each node it applies the
// singles, which only remove candidates that no solution below the node
// can use (they are unit propagation), and then branches on one cell,
// trying every candidate it has left; branches differ in that cell, so no
// solution is counted twice, and every leaf is either a conflict or a full
// grid that is checked against the rules before it is counted. So when the
// search runs to its end, its count is every solution there is: the tree
// it walked is a tree-like resolution refutation of "one more solution",
// with unit propagation at each node (a DPLL proof). That proof is not
// written out nor re-checked by a SAT solver, which would have to block
// every solution found (a clause each: not feasible for 100,000 of them);
// the exact counts are instead cross-checked in the tests against
// qqwing's counts, the serg benchmark's published counts and an
// independent backtracking counter. A count of zero or one is proved as
// above, so the verdicts none and unique always carry a proof; a count
// that reaches the limit says "at least", and rests on the solutions
// found.
package verify
