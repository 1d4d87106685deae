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
// A verdict of unique or none is proved one of four ways (Result.Proof).
//
// Propagation. The candidate search (package search) starts from the
// givens and applies naked singles (a cell with one candidate left takes
// it, and the digit leaves its peers) and hidden singles (a digit with one
// place left in a unit goes there). Each step is a step of unit
// propagation on F ∧ G: a candidate d of cell c is gone exactly when the
// literal x(c,d) has been set false. Placing d in c sets x(c,d) true; the
// binary clauses ¬x(c,d) ∨ ¬x(c,e) and ¬x(c,d) ∨ ¬x(p,d) are then unit
// and set x(c,e) and x(p,d) false for every other digit e and every peer
// p. A naked single is the cell's at-least-one clause with all its
// literals false but one; a hidden single is a unit's at-least-one clause
// for a digit with all its literals false but one. A cell with no
// candidate is a cell clause with every literal false, and a digit with no
// place in a unit a unit clause with every literal false: both are
// conflicts. So when the search settles the puzzle at its root, without
// guessing:
//
//   - with a contradiction, unit propagation refutes F ∧ G: none;
//   - with every cell placed, unit propagation has set x(c,S(c)) true for
//     every cell, so every literal of B is false and B is a conflict:
//     unit propagation refutes F ∧ G ∧ B, whatever order it takes (adding B
//     can only bring the conflict sooner): unique.
//
// A SAT solver's first step is this same propagation, so such a proof is
// one reverse-unit-propagation (RUP) step, the empty clause, that any DRAT
// checker accepts. 21,905 of the 49,158 17-clue puzzles of royle17 (45 %)
// are settled this way, and none of the 1,465 of top1465. The tests check
// both ways, with a unit propagation of their own on a CNF of their own,
// that a verdict is settled by propagation exactly when unit propagation
// refutes its CNF.
//
// Search. Otherwise the search branches: on the first cell with the fewest
// candidates, trying each in turn, with propagation at every node. Run to
// its end it is a complete case split: every leaf is a conflict of unit
// propagation or a full grid, checked against the rules, and the branches
// of a node cover all its solutions. For a verdict of unique or none the
// search runs to its end (it stops only at a second solution, or past a
// node budget), and the tree it walked is a DPLL refutation of F ∧ G ∧ B
// (unique: its one solution S is a leaf that B turns into a conflict) or
// of F ∧ G (none). WriteCertificate writes it in DRAT: in post-order,
// every refuted node adds the clause that negates the decisions on its
// path, a RUP step given the clauses of its branches and its cell's
// at-least-one clause, and the root adds the empty clause (see package
// search for the argument). It costs what the search costs, some
// microseconds a puzzle on 9x9, where the gophersat call that proved
// these verdicts before cost 150-230 us each: every verdict of royle17 and
// top1465 is now proved by propagation or by search.
//
// SAT. When the search's node budget runs out (20,000 nodes; large grids
// and pathological inputs) gophersat proves F ∧ G ∧ B unsatisfiable for the
// solution found, or, with none found, counts on a fresh solver, as the
// design card says.
//
// Outside. With CheckOutside, an outside SAT solver proves it instead.
//
// With Options.Check (verify --check sat) gophersat proves every verdict
// of unique or none again, however it was settled, and a difference is
// reported as ErrCheck: the independent second opinion.
//
// # Variant puzzles
//
// A puzzle with rules (grid.Rules: killer, jigsaw, X, hyper...) takes the
// path of variant.go: the candidate search of package internal/rulesearch,
// whose propagation removes exactly what unit propagation removes on the
// variant's CNF (sat.RuleClauses; the docs of sat and internal/rulesearch
// give the argument, constraint by constraint), so a verdict settled at its
// root is proved by propagation, and any other verdict of unique or none by
// the search itself run to its end (proof Search): a complete case split on
// the candidates of one cell at each node, each node unit propagation on the
// CNF, each leaf a conflict or the solution (a conflict with B), which is a
// tree-like resolution refutation of F ∧ G ∧ B, as for classic puzzles. When
// the search's node budget runs out, a fresh gophersat solver of that CNF
// counts the solutions (see Verifier.fresh), and its word is the proof
// (SAT). F above is then the variant's CNF, which states the constraints
// that cage sums and jigsaw regions imply too, and a case split may also be
// on the digit sets of a cage sum (the literals of the cage's clause that
// one set holds); everything else in this section holds as written.
// Invalid covers rules that cannot hold on the grid too (a cage whose sum
// no distinct digits make, a region without N cells, overlapping cages).
//
// The proofs that CheckProof, WriteCertificate and CandidateProver write
// for a variant rest on the rules as stated, without the implied clauses:
// the implied clauses a proof's steps use are derived first, as lemmas
// (package internal/derive), and the proof is the first that an ordered
// list of provers writes (see provers.go and docs/proofs.md): gophersat
// past the search's budget, the verdict's search, a search without the
// constraints implied by groups of units, one without any implied
// constraint, gophersat's certified solve of the rules as stated, and that
// last search run to its end.
//
// # Counting
//
// With Options.CountLimit above 2 the search runs on to count solutions up
// to the limit, keeping only the first two (memory does not grow with the
// count) and stopping promptly when the context given to CheckContext is
// done. Since branches differ in their branching cell, no solution is
// counted twice, and when the search runs to its end its count is every
// solution there is. A count of zero or one is then proved by the same
// tree as above, without gophersat (proof search, or propagation when the
// root settled it), so the verdicts none and unique always carry a proof.
// A larger exact count rests on the same tree, not written out nor
// re-checked by a SAT solver, which would have to block every solution
// found (a clause each: not feasible for 100,000 of them); the exact
// counts are instead cross-checked in the tests against qqwing's counts,
// the serg benchmark's published counts and an independent backtracking
// counter. A count that reaches the limit says "at least", and rests on
// the solutions found.
package verify
