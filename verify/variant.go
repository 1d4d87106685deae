package verify

import (
	"context"
	"fmt"
	"io"
	"math/bits"
	"slices"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
	"github.com/sudokugen/sudokugen/sat"
)

// Variant puzzles (grids with grid.Rules) take the path of this file: the
// candidate search of package internal/rulesearch, whose propagation is unit
// propagation on the variant's CNF (sat.RuleClauses), finds the solutions;
// a verdict settled at its root is proved by propagation, as for classic
// puzzles, and any other verdict of unique or none by the search run to
// its end (Search), or, when its node budget runs out, by gophersat on the
// variant's CNF. The classic entry points hand variants over here.
//
// gophersat proved every such verdict at first: on minimal X puzzles its
// proof took 1.8 ms of the 2.5 ms a verdict cost, with the solver of the
// rules reused, against 0.15 ms for the search that had already run to
// its end; on minimal killers 14 ms of 25. Since the CNF states the
// constraints that cage sums and jigsaw regions imply (see package sat),
// the search settles 2,000 generated killers in 95 nodes a puzzle and
// none past its budget (89 went to gophersat before), 2,000 jigsaws in 43
// (1,123 before). --proof writes the search's own tree as DRAT (see
// writeVariantSearchProof), and --solver proves the verdict with an
// outside solver.

// variantBudget is the number of search nodes allowed to the search for
// the first solutions of a variant; past it the SAT solver counts.
// lightBudget is the budget of rules whose nodes are cheap (see
// rulesearch.Model.Light): of 40 generated minimal nonconsecutive puzzles
// (two seeds) the search settled 31 in 50,000 nodes and all in 273,000,
// 0.4 s at 1.4 us a node, where gophersat took 0.07 to 2.3 s a puzzle and
// 0.45 s on average. A million nodes is some 1.4 s.
// (variantBudget is a variable, so that the tests can make it small.)
var variantBudget = 50000

const lightBudget = 1000000

// budgetOf returns the node budget of the search of m for the verdict
// unique or not. A traced search (--proof) of rules with sums holds its
// proof in memory until its end, some 200 bytes a node, for the
// derivation that goes first: variantBudget bounds that to some 10 MB.
// Light rules imply no constraint, so their traced search writes its
// lines as they come (see trace.variant) and keeps lightBudget. With
// 50,000 nodes for it, 29 of 200 generated minimal nonconsecutive puzzles
// went to gophersat's certified solve, and verify --proof took 252 s at a
// peak of 187 MB; with lightBudget none did, and it took 11.9 s at 32 MB.
func budgetOf(m *rulesearch.Model) int {
	if m.Light() {
		return lightBudget
	}
	return variantBudget
}

// variantGrids turns solutions found by the search into grids with the
// puzzle's rules, checked against them and the givens; false when one
// fails, or when two are equal.
func variantGrids(g grid.Grid, r rulesearch.Result) ([]grid.Grid, bool) {
	var out []grid.Grid
	for _, cells := range r.First[:min(r.Count, 2)] {
		sol := grid.Grid{Shape: g.Shape, Cells: cells, Rules: g.Rules}
		if !g.Solves(sol) {
			return nil, false
		}
		out = append(out, sol)
	}
	if len(out) == 2 && out[0].Equal(out[1]) {
		return nil, false
	}
	return out, true
}

// modelOf returns the search tables of g's rules: v's last, when g has
// the same shape and rules. X, hyper and the like share their rules from
// puzzle to puzzle, and with them the tables (a tenth of the time of a
// minimal X). The last is released when replaced: every use of a model
// lies within one call of v's on one puzzle, whose grids all share its
// shape and rules, so none is held across that call.
func (v *Verifier) modelOf(g grid.Grid) *rulesearch.Model {
	if m := v.model; m == nil || m.Shape != g.Shape || !m.Rules.Equal(g.Rules) {
		if m != nil {
			m.Release()
		}
		v.model = rulesearch.NewModel(g.Shape, g.Rules)
	}
	return v.model
}

// variantCount is count for a variant puzzle (see count): the search
// counts, propagation or gophersat proves.
func (v *Verifier) variantCount(ctx context.Context, g grid.Grid, limit int, pc *proofCase) tally {
	m := v.modelOf(g)
	budget := 0
	if limit == 2 {
		budget = budgetOf(m)
	}
	s := rulesearch.New(m)
	if pc != nil {
		pc.implied.tr.variant(s, g, true)
	}
	r := s.Count(g.Cells, limit, budget, ctx.Done(), nil)
	s.Release()
	sols, ok := variantGrids(g, r)
	t := tally{sols: sols, count: r.Count}
	if t, done := v.settle(ctx, g, limit, t, ok, r.Result); done {
		return t
	}
	if t, ok := pc.settle(t); ok {
		return t
	}
	return v.fresh(g, limit, nil) // the budget ran out
}

// validateRules checks that g's rules can hold in its shape.
func validateRules(g grid.Grid) error {
	if err := g.Rules.Validate(g.Shape); err != nil {
		return fmt.Errorf("rules: %w", err)
	}
	return nil
}

// variantOutside is CheckOutside for a variant puzzle: the search finds
// the solutions, the outside solver proves there are no others.
func variantOutside(ctx context.Context, g grid.Grid, res Result, p Prover) Result {
	m := rulesearch.NewModel(g.Shape, g.Rules)
	budget := 0
	if res.Limit == 2 {
		budget = budgetOf(m)
	}
	s := rulesearch.New(m)
	r := s.Count(g.Cells, res.Limit, budget, ctx.Done(), nil)
	s.Release()
	m.Release()
	sols, ok := variantGrids(g, r)
	t := tally{sols: sols, count: r.Count}
	switch {
	case r.Canceled:
		t.canceled, t.err = true, ctx.Err()
		return res.with(t)
	case !ok || r.Broken || (!r.Complete && r.Count < 2):
		return res.with(outsideCount(ctx, g, res.Limit, p))
	case r.Count >= 2:
		return res.with(t)
	}
	return res.with(outsideRest(ctx, g, t, p))
}

// variantEach is Each for a variant puzzle.
func variantEach(ctx context.Context, g grid.Grid, limit int, each func(grid.Grid) error) (count int, all bool, err error) {
	var eachErr error
	s := rulesearch.New(rulesearch.NewModel(g.Shape, g.Rules))
	r := s.Count(g.Cells, limit, 0, ctx.Done(), func(cand []uint64) bool {
		sol := grid.Grid{Shape: g.Shape, Cells: make([]uint8, len(cand)), Rules: g.Rules}
		for i, m := range cand {
			sol.Cells[i] = uint8(bits.TrailingZeros64(m) + 1)
		}
		if !g.Solves(sol) {
			eachErr = ErrDisagree
			return false
		}
		eachErr = each(sol)
		return eachErr == nil
	})
	return eachEnd(ctx, r.Result, eachErr)
}

// writeVariantCertificate is WriteCertificateContext for a variant's
// verdict r of unique or none by propagation or the search: the search of
// package internal/rulesearch runs again with a trace, and must reach the
// verdict r again (by the same proof, unless r's went without some implied
// constraints, r.LeftOut); its proof goes to drat, the derivation of the
// implied constraints it used first (see trace.finish), and the CNF it
// refutes to cnf: the rules as stated, the givens and the extra clauses.
// The proof is CheckProof's: the same provers follow the search (see
// proofCase.provers).
func writeVariantCertificate(ctx context.Context, cnf, drat io.Writer, g grid.Grid, r Result, extra [][]int) error {
	pc := newProofCase(ctx, g, writerSink{drat}, nil)
	pc.m = rulesearch.NewModel(g.Shape, g.Rules)
	s := rulesearch.New(pc.m)
	pc.implied.tr.variant(s, g, true)
	res := s.Count(g.Cells, 2, 0, ctx.Done(), nil)
	switch {
	case res.Canceled:
		return ctx.Err()
	case !res.Complete || res.Broken || res.Count != r.Count || r.LeftOut == 0 && res.Root != (r.Proof == Propagation) ||
		res.Count == 1 && !slices.Equal(res.First[0], r.Solutions[0].Cells):
		return fmt.Errorf("the search run again does not prove the verdict %s: %w", r.Status, ErrDisagree)
	}
	again := pc.prove(Result{Status: r.Status, Solutions: r.Solutions, Count: r.Count, Proof: r.Proof}, pc.provers())
	if again.Err != nil {
		return again.Err
	}
	if pc.err != nil {
		return pc.err
	}
	d := sat.DIMACS{Plain: true}
	return d.WriteAssuming(cnf, g, again.Assumed, extra...)
}
