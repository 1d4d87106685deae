// Package rate solves Sudoku puzzles the way a person does and scores how
// hard they are on the Sudoku Explainer (SE) scale.
//
// # The solver
//
// Puzzle works on candidates. At every step it applies the easiest
// deduction available, trying the techniques in the order Sudoku Explainer
// tries them (SE 1.2.1, with the strong-link and wing rules of its 1.2.1.3
// successors), and records the technique, the cells of its pattern and the
// placement or eliminations. The techniques, with their SE values:
//
//   - singles: full house 1.0, hidden single in a box 1.2, in a row or
//     column 1.5, naked single 2.3;
//   - direct techniques, which count only when they leave a hidden single:
//     pointing 1.7, claiming 1.9, hidden pair 2.0, hidden triple 2.5;
//   - locked candidates: pointing 2.6, claiming 2.8;
//   - subsets and fish: naked pair 3.0, X-wing 3.2, hidden pair 3.4, naked
//     triple 3.6, swordfish 3.8, hidden triple 4.0, naked quad 5.0,
//     jellyfish 5.2, hidden quad 5.4;
//   - single-digit strong-link chains: turbot fish (skyscraper 4.0,
//     two-string kite and box variants 4.1), three to six strong links 5.4
//     to 6.8;
//   - wings: XY-wing 4.2, XYZ-wing 4.4, WXYZ-wing 5.5-5.6, VWXYZ-wing
//     6.2-6.4 (larger wings of that family are left out: the published
//     ratings show the rating program did not use them);
//   - uniqueness: unique rectangles and loops of types 1 to 4 (4.5 and up,
//     more for longer loops and for type 3 with larger sets), bivalue
//     universal grave 5.6;
//   - aligned pair exclusion 6.2 and aligned triple exclusion 7.5;
//   - chains: X-cycles and XY-cycles 6.5, X-chains 6.6, AIC loops,
//     XY-chains and alternating inference chains 7.0, each plus SE's length
//     increment (0.1 each time the chain outgrows 4, 6, 8, 12, 16, 24...
//     potentials);
//   - forcing chains: nishio 7.5, cell and unit forcing chains 8.0,
//     dynamic forcing chains 8.5, again plus the length increment;
//   - trial and error 9.5: when nothing else applies, the digit of the most
//     constrained cell is taken from the solution found by search. It
//     marks puzzles that need SE's nested forcing chains (9.0 and up).
//
// The score is the value of the hardest step. Rating 14,394 puzzles with
// published SE ratings, the score equals SE's on most of them and ranks
// them almost identically (see the package tests).
//
// # Sizes
//
// Every shape the grid package supports is rated. Singles, locked
// candidates, subsets and fish work on every size; strong links, wings,
// uniqueness, exclusions and chains are limited to 9x9 and smaller, and
// larger grids that need more fall back to trial and error.
//
// # Levels
//
// The level is a coarse band of the score:
//
//	easy     score <= 2.3          singles and direct techniques
//	medium   2.3 < score <= 3.4    locked candidates, pairs, X-wing
//	hard     3.4 < score <= 6.2    triples to quads, fish, wings, uniqueness
//	expert   6.2 < score <= 7.5    chains, nishio, aligned triples
//	extreme  score > 7.5           multiple and dynamic forcing chains
//
// # Uniqueness
//
// Puzzle first counts solutions (up to two) with the candidate search of
// package internal/search, which verify and generate use too. A puzzle
// with none or several has no difficulty: it gets a Result with Solved
// false and Err set. Unique rectangles and the BUG assume one solution,
// so they are used only when the search proved it. The search has a
// budget: on very large, sparse grids it may give up, and then the
// uniqueness techniques stay off, and before the first guess the
// solutions are counted again, from the candidates the solve left; a
// puzzle with several is then not rated (ErrMultiple), nor one whose
// count gives up again (ErrGaveUp): its rating would rest on one solution
// among perhaps several.
//
// # Generating to a level
//
// Options.MaxScore stops the solve at the first step that scores more, so
// a generator can reject a too hard candidate cheaply; Result.Err is then
// ErrTooHard and Result.Score is above MaxScore (a lower bound of the next
// step when every technique left scores more, so that no search is spent
// on it). Level.Range gives the scores of each level.
//
// Below answers the other half, whether a puzzle scores less than a bound,
// without rating it: it solves greedily with the steps that score less,
// applying every chain a search finds at once, so it needs a few chain
// searches where Puzzle needs one per elimination. It agrees with Puzzle's
// score on all but a rare puzzle, and its steps are as sound as Puzzle's,
// so a generator may reject a candidate when Below is true and rate only
// the others.
//
// Variant puzzles (grids with grid.Rules) are not rated on this scale,
// whose techniques know rows, columns and boxes only: Puzzle solves them
// logically, step by step, each step naming the rule that makes it (a
// killer cage's combinations, a thermometer's or a whisper's pair of
// cells, the 45 rule, trials on an arrow's cells...), and gives the level
// of the hardest step on a variant scale that borrows the values of the
// techniques it shares with Sudoku Explainer, or extreme when the solve is
// stuck (see variant.go). Result.Coarse is set, Score is 0, and
// Result.Logic says whether logic solved it, its hardest step and its
// break-in.
package rate
