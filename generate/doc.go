// Package generate makes Sudoku puzzles with exactly one solution, in every
// shape package grid supports, reproducibly from a seed.
//
// # Reproducible
//
// Puzzle number i of a seed depends on (seed, i, Options) and on nothing
// else: its random numbers come from rand.New(rand.NewPCG(seed, i)), made
// for that puzzle alone. The same call prints the same puzzle next month,
// in another process or on another machine, so a large run can be split by
// index ranges and the pieces concatenated. The Generator reuses one SAT
// solver per shape, and a reused solver may return a different model than
// a fresh one for the same question; so no choice is ever made from a model.
// Every choice rests on a random number or on a fact the solver proves (this
// partial grid can, or cannot, be completed), which any solver state proves
// the same way.
//
// # Full grids
//
// gophersat has no randomness of its own, so the input is randomised:
// boxes that share no band and no stack get random permutations of the
// digits, then chains of random decisions (with the cells they force) are
// added, each chain confirmed or cut back by the solver, until the grid is
// full. Last come random transforms that keep a grid valid: relabelling the
// digits, reordering bands, stacks and the rows and columns within them,
// and transposing when the boxes are square. Over 10,000 9x9 grids every
// digit appears in every cell close to one time in nine (see the tests).
//
// # Clue removal
//
// The cells, or with a Symmetry the orbits of cells, are visited once in
// random order. An orbit is removed when the puzzle stays unique without
// it: the solver, asked for a solution that differs from the known one
// inside the orbit, answers unsatisfiable. For one cell this is a single
// extra assumption, the blocking clause of the design reduced (see
// remove.go). Cheaper proofs settle most orbits first: naked and hidden
// singles that force the removed digits back, two-digit unavoidable sets
// that the removal would leave without a clue, and a complete search on
// candidate bitmasks that finds a second solution or proves there is none
// (the solver's answer, reached without it), within a node budget. Without
// symmetry the result is minimal: no clue can be removed with the puzzle
// staying unique. With symmetry it is minimal over orbits. On 9x9 the
// cheaper proofs settle every cell, on 16x16 all but about one removal in
// a hundred, so the finished puzzle gets the solver's proof as a
// whole: one solve with its solution blocked must come back unsatisfiable,
// or Puzzle fails with ErrNotUnique (no test or benchmark run has seen it).
//
// Options.Clues stops removal at a given number of clues, for easier
// puzzles; when a grid cannot get that low, new grids are tried, at most
// Options.Attempts, before ErrCluesUnreachable. Options.MaxSolves bounds
// the solver's work per grid: past the budget only removals that singles
// prove are made, so the puzzle is unique but not in general minimal. By
// default the budget is unbounded below 36x36 and one solve from 36x36 up.
//
// # Variants
//
// Options.Variant makes killer, jigsaw, X, hyper, disjoint, anti-king and
// anti-knight puzzles and their combinations (see variant.go): a random
// full grid keeping the rules, on random connected jigsaw regions (grown
// from the boxes by swapping border cells), random cages of 2 to 5 cells
// without a repeated digit for killer, then clues removed one at a time in
// a random order to a minimal puzzle, each removal decided by a complete
// search for a second solution (the SAT solver past its budget); pure
// killer splits cages until they alone are unique, with no givens. Puzzle
// i still depends only on (seed, i, options), and every puzzle gets
// gophersat's proof at the end. Difficulty targets and needs are for
// classic puzzles: variants get the level of package rate's logical solve.
//
// # Speed
//
// Measured in processor time, side by side with the code before the
// candidate search, on the project's 2-core machine under heavy load from
// other work (so ratios, not absolute rates, are the figures to trust):
// minimal 9x9 puzzles take 1.6x less, minimal 16x16 3.1x less (about
// 90 ms each), --difficulty extreme 1.2x to 1.4x less.
//
// From 20x20 up the search also propagates locked candidates and may
// branch on a digit's two places in a unit, and what it gives up on goes
// to a fresh solver holding only what propagation leaves open, which is
// dropped after the call; the finished puzzle's proof goes the same way
// (sat.Unique). Memory then stays flat: 25x25 runs with a budget of 30
// solves peaked at 69 MB, where the long-lived solver of the whole
// encoding had grown to 1.9 GB.
//
// From 20x20 up a pass without a clue target also takes the clues away
// row by row, the rows in a random order, rather than in a random order of
// all cells. That is what makes minimal giants affordable: near minimality
// nearly every removal is refused, and the second solution that refuses it
// stays within the rows already thinned out, where the search or the
// solver finds it in milliseconds, instead of spreading over the whole
// grid, where only the solver found it, in up to 10 s. A minimal 25x25 puzzle took 1.5 to 2.2 s (246 to 255
// clues, five grids) against 75 to 365 s in a random order, so removal runs
// to minimality by default below 36x36 (see DefaultLargeMaxSolves). Such
// puzzles have their clues unevenly spread over the rows, some of which
// end up empty; a clue target keeps the random order. gophersat allows
// one solve per process at a time, so parallel runs use worker processes:
// package worker runs generation on them for the command line and
// the service.
package generate
