package rate

import (
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
)

// Variant puzzles (grids with grid.Rules) are not rated on the Sudoku
// Explainer scale: its techniques know rows, columns and boxes only. They
// get a coarse level instead, from how far the propagation of their own
// rules (see package internal/rulesearch: singles in every unit and extra
// group, the digits a cage sum, a dot, an X or V, a thermometer or a
// parity leaves, the innies and outies of the 45 rule, the leftovers of
// jigsaw regions) goes before a guess:
//
//   - easy: that propagation alone solves the puzzle;
//   - medium: it does with trials one digit deep: a candidate whose
//     placement propagation refutes at once is removed, over and over;
//   - hard: neither does, and a solver must guess deeper.
//
// The Result then has Coarse set, Score 0, and no steps or counts. Since
// the propagation takes the 45 rule and the leftovers, of 400 generated
// minimal killers 132 are easy, 262 medium and 6 hard (none easy, 247
// medium and 153 hard before); of 400 jigsaws 12, 380 and 8 (0, 314, 86).

// variantResult rates variant puzzle g coarsely (see above).
func variantResult(g grid.Grid) Result {
	if err := g.Rules.Validate(g.Shape); err != nil || len(g.Clashes()) > 0 || len(g.Cells) != g.Shape.Cells() {
		return Result{Err: ErrInvalid, Coarse: true}
	}
	s := rulesearch.New(rulesearch.NewModel(g.Shape, g.Rules))
	switch r := s.Count(g.Cells, 2, 200000, nil, nil); {
	case r.Count == 0 && r.Complete:
		return Result{Err: ErrNoSolution, Coarse: true}
	case r.Count >= 2:
		return Result{Err: ErrMultiple, Coarse: true}
	case r.Count == 0:
		return Result{Err: ErrGaveUp, Coarse: true}
	}
	cand, _ := s.Start(g.Cells)
	if solved(cand) {
		return Result{Level: Easy, Solved: true, Coarse: true}
	}
	trials(s, cand)
	if solved(cand) {
		return Result{Level: Medium, Solved: true, Coarse: true}
	}
	return Result{Level: Hard, Solved: true, Coarse: true}
}

// trials removes from cand, a propagated state of s's last Start, every
// candidate whose placement propagation refutes at once, over and over
// until none is left. Each trial runs on a copy (Search.Try), so that what
// it sets, the candidates and the auxiliary variables of the kinds' own
// clauses (a sandwich's "between" flags, an arrow's partial sums), is
// undone before the next one: carried over, they refuted trials that the
// puzzle allows, and took the solution's own digits out of the cells.
func trials(s *rulesearch.Search, cand []uint64) {
	for changed := true; changed; {
		changed = false
		for i := range cand {
			for m := cand[i]; m&(m-1) != 0 && m != 0; m &= m - 1 {
				d := m & -m
				if !s.Try(cand, int32(i), d) {
					s.Narrow(cand, int32(i), ^d)
					s.Propagate(cand)
					changed = true
				}
			}
		}
	}
}

func solved(cand []uint64) bool {
	for _, m := range cand {
		if m&(m-1) != 0 {
			return false
		}
	}
	return true
}
