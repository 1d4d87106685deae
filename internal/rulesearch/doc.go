// Package rulesearch is the candidate search of puzzles with rules (grids with
// grid.Rules): propagation of every rule on candidate bitmasks, one uint64
// per cell with bit d-1 for digit d, and a complete depth-first search on
// top of it. Packages verify, generate and rate take their variant paths
// through it; classic puzzles keep package search.
//
// # Propagation is unit propagation
//
// Each step of the propagation is a step of unit propagation on the CNF
// of package sat (sat.RuleClauses), where a candidate d of cell c is gone
// exactly when the literal x(c,d) is false:
//
//   - a cell with one candidate left has it (the cell's at-least-one
//     clause), and that digit leaves every peer (the binary clauses of the
//     units, extra groups, cages, and moves);
//   - a digit with one place left in a unit of N cells (rows, columns,
//     regions, extra groups of N cells) goes there (the unit's
//     at-least-one clause for the digit); with none left, a conflict;
//   - cells that hold only some digits (odd, even, pencil marks) lose
//     the others (unit clauses);
//   - a digit leaves a cell of a link (a kropki dot, X, V, consecutive
//     cells of a line, nonconsecutive neighbours) or of two cells of a
//     known sum when no digit left in the other cell fits it (the support
//     clauses of the pair);
//   - a digit set of a cage sum is out once a cell of the cage holds a
//     digit outside it or a digit of it has no place left in the cage; a
//     digit no set left has leaves the cage, and a digit every set left
//     has goes to its one place left in the cage and leaves the cells that
//     see the whole cage (the clauses of the sum's auxiliary variables);
//     no set left is a conflict;
//   - the cells of one side of a leftover pair keep only the digits the
//     other side has left, and a digit placed on one side goes to its one
//     place left on the other (the leftover clauses);
//   - a clause that a kind gives as it is (grid.Lowered.Clauses) whose
//     literals are all false but one makes that one true: a digit placed
//     in or taken from a cell, or an auxiliary variable set (see
//     clauses.go).
//     The clauses of the sums' additions and of the digits' order
//     encoding (grid.Addition, grid.Ladder) are not looked at one by one:
//     each addition keeps its three integers within the bounds the other
//     two allow, and each digit's literals say its cell's least and
//     greatest digits, which is what unit propagation on those clauses
//     does (see adds.go).
//
// The search takes every rule from grid.Rules.Lower, the rules in plain
// terms (groups, moves, masks, links, sums, clauses), so it names no kind.
//
// Cage sums include the ones the rules imply (grid.Imply: the innies and outies
// of units and of windows of rows or columns, the "45 rule"), and leftover
// pairs come from jigsaw regions (the law of leftovers); package sat
// encodes exactly those (see its doc). On 2,000 generated minimal puzzles
// of each kind, taking them in cut the search from 1,123 nodes a puzzle to
// 43 on jigsaws and from 5,612 (89 puzzles past 50,000 nodes) to 95 on
// killers.
//
// Conversely unit propagation removes nothing the propagation keeps; the
// tests hold the two to the same candidates and the same conflicts on
// states of generated puzzles and of random rules of every kind. So a
// search that settles a puzzle at its root, with a conflict or with every
// cell placed, has found a unit propagation refutation of the CNF with the
// givens (and the blocking clause of the solution): the proof package
// verify calls propagation.
//
// # Probes
//
// A search that needs more than a hundred nodes starts again with probes
// (probe.go), and once more past a thousand (nodes of its own branching),
// with the branching's weights learnt and the probes of sandwiches, which
// cost more: at each node, every candidate of the cells of a rule that
// ties them together beyond pairs (a sum, a line between its ends) needs
// a support, digits of the rule's other cells that propagation accepts,
// found by a small search on those cells; a candidate without one
// leaves. Each removal is a case split whose every leaf is a propagation
// conflict, written to the Tracer as the search's own refutations are, so
// that a proof of a search with probes is still a DRAT proof of the CNF.
// On SudokuSolver's test puzzles with long arrows, X-sums and sandwiches
// they took the search from 90,000 to more than 2,000,000 nodes down to
// 6,000 to 37,000 (local nodes counted), where gophersat had decided four
// of them. With the kinds' stronger clauses (a skyscraper's bounds, an
// X-sum's and a sandwich's set of digits, a quadruple's four digits) and
// probes from 100 nodes on, the suite takes 134,070 nodes in all, its
// hardest puzzles (renban with skyscrapers, X-sums with whispers) some
// 19,000 each, and none is left to gophersat; with the weights learnt
// from the kinds' clauses too and more supports kept, 22,648.
//
// # The search
//
// A node that propagation does not settle branches on the open cell with
// the fewest candidates for its weight, trying each candidate (the cell's
// at-least-one clause), unless that leaves more than two cases and a cage
// has fewer digit sets left, which it then tries one by one (the cage's
// clause OR y(j) over its sets, see sat): deciding y(j) takes the digits
// outside set j from the cage's cells, and propagation does the rest. A
// cell's weight is one plus the times propagation has emptied it or
// found a kind's clause on it false, over
// every search on the same Search (the "weighted degree" of constraint
// solvers): on the same 2,000 killers, the fewest candidates alone took
// 354 nodes a puzzle (one puzzle past 100,000), with the weights 138, and
// with the cage sets too 95. A rule that turns on where a digit goes in a
// unit (grid.Place: a sandwich's 1 and N, a skyscraper's N) has the
// search split on that digit's places in the unit first, each case
// placing it in one cell (the unit's at-least-one clause for the digit):
// on 200 generated sandwich puzzles that took 70 nodes a puzzle, against
// 2,971 splitting on cells alone.
//
// The cases of a branch differ in one clause's literal, so no solution is
// found twice, and they cover every solution below the node: a search
// that runs to its end is a DPLL refutation of the CNF, which a Tracer
// receives as a DRAT proof, as package search's does: each refuted node,
// refuted case and solution (with the blocking clause in the CNF) gives
// the clause that negates its path, in post-order, each one a reverse
// unit propagation step; the root's is the empty clause. The decisions
// are literals of sat's CNF: x(c,d) is c*N+d (c the 0-based cell), and
// y(j) of a cage is numbered after the N^3 cell variables as sat numbers
// it.
package rulesearch
