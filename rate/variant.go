package rate

import (
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
)

// Variant puzzles (grids with grid.Rules) are not rated on the Sudoku
// Explainer scale, whose techniques know rows, columns and boxes only.
// Puzzle solves them logically instead, as a setter's solve reads: from
// the givens (and the digits odd, even and pencil-mark cells allow), it
// takes at each step the simplest deduction available, names the rule
// that makes it, the cells, and what it places or removes, and starts
// again from the simplest. The deductions, in the order tried, with their
// value on the variant scale, which borrows the Sudoku Explainer values of
// the techniques the two share:
//
//   - singles in every unit: full house 1.0, hidden single in a region
//     1.2, in a row or column 1.5, in an extra unit of N cells (a
//     diagonal, a window, a disjoint group) 1.5, naked single 2.3; a
//     digit placed leaves every cell that sees it (units, cages, extra
//     groups, a king's or a knight's move);
//   - what a clue says alone 1.7 (grid.Fact), whatever the givens: the
//     first cells below a skyscraper clue are capped ("at least 2 higher
//     digits are seen after r1c2, so it is at most 7"), an X-sum's first
//     digit counts a set of digits that must make its total, a whisper
//     holds no digit without another far enough from it (no 5), and a
//     thermometer's cells rise ("r7c4 has 1 cell before it and 2 cells
//     after it, so it is 2 to 7");
//   - a rule between two cells 2.0 (a kropki dot, an X or a V, two cells
//     of a thermometer, a whisper, a palindrome, a clone, a minimum or
//     maximum, nonconsecutive or negative neighbours): a digit of one cell
//     that no digit left in the other fits leaves it;
//   - sum bounds 2.2: for a rule that states a sum (an arrow, its circle
//     against its shaft; a little killer; the parts of a zipper, double
//     arrow or region sum line), the least and the most its other cells
//     can add up to, cells that see each other holding different digits,
//     bound the digit of a cell ("the shaft adds up to at least 6, so
//     r1c1 is at least 6"; see grid.LinearSum);
//   - cage combinations 2.5: of the digit sets that make a killer cage's
//     sum, those whose digits the cage's cells can hold, one each; a digit
//     of a cell that none of them puts there leaves it, a digit every one
//     holds leaves the cells that see the whole cage, or goes to its one
//     place left in the cage;
//   - a line's digit sets 2.5: a renban's runs of consecutive digits,
//     read as a cage's combinations are;
//   - locked candidates: the places of a digit in a region 2.6, a row or
//     column 2.8, or an extra unit 2.8, all seen by cells outside, which
//     then lose the digit;
//   - the 45 rule 3.0: the innies and outies of rows, columns, regions
//     and their bands (grid.Imply), read as cages;
//   - naked and hidden pairs 3.0 and 3.4, triples 3.6 and 4.0, in every
//     unit and, naked, in every group whose digits differ; between them,
//     the X-wing 3.2 and the swordfish 3.8 on rows and columns, which
//     every rule set keeps;
//   - the XY-wing 4.2, on every pair of cells that must differ (a unit, a
//     group, a king's or a knight's move alike);
//   - trials on a rule's cells 5.0: for a rule that ties its cells beyond
//     pairs (an arrow, a little killer, a sandwich, an X-sum, a skyscraper,
//     a region sum line, a between line, a cage, a renban...), a digit of
//     one of its cells with which no filling of its other cells survives
//     the propagation of every rule (a search of at most 64 nodes on those
//     cells, as the probes of package internal/rulesearch make);
//   - contradiction 7.0: a digit whose placement the propagation of every
//     rule refutes at once (a trial one digit deep).
//
// Every step is a consequence of the rules and the steps before it: the
// first kinds read the rules as stated, the last two are refutations by
// propagation, which is unit propagation on the CNF of the rules (see
// package internal/rulesearch). The tests replay the steps of generated
// puzzles of every kind against their solutions, and check a sample of
// removals with gophersat.
//
// The level is the band of the hardest step's value, as for classic
// puzzles (easy to 2.3, medium to 3.4, hard to 6.2, expert to 7.5), and
// extreme when the solve is stuck, where a person would have to guess:
// Result.Logic says which, with the hardest step, the break-in (the first
// step that is not a single) and, when stuck, the candidates left. The
// Result has Coarse set and Score 0: the variant scale is not Sudoku
// Explainer's, and the two are not compared.

// variantResult rates variant puzzle g by its logical solve (see above).
func variantResult(g grid.Grid, opts Options) Result {
	if err := g.Rules.Validate(g.Shape); err != nil || len(g.Clashes()) > 0 || len(g.Cells) != g.Shape.Cells() {
		return Result{Err: ErrInvalid, Coarse: true}
	}
	l := g.Rules.Lower(g.Shape) // for the search and the logical solve
	s := rulesearch.New(rulesearch.NewModelOf(g.Shape, g.Rules, l))
	switch r := s.Count(g.Cells, 2, 200000, nil, nil); {
	case r.Count == 0 && r.Complete:
		return Result{Err: ErrNoSolution, Coarse: true}
	case r.Count >= 2:
		return Result{Err: ErrMultiple, Coarse: true}
	case r.Count == 0:
		return Result{Err: ErrGaveUp, Coarse: true}
	}
	lg := newLogic(g, s, l, opts.Explain)
	lg.run()
	out := lg.outcome()
	res := Result{Solved: true, Coarse: true, Logic: out, Steps: lg.steps, Level: Extreme}
	if out.Solved {
		res.Level = LevelOf(out.Hardest.Score)
	}
	for t, c := range lg.counts {
		if c > 0 {
			res.Counts = append(res.Counts, Count{Technique(t), c})
		}
	}
	return res
}
