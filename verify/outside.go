package verify

import (
	"context"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/sat"
)

// Prover is an outside SAT solver: Solve returns a model of puzzle g's CNF
// with the extra clauses, checked against the rules, the givens and the
// clauses, or ok false when there is none. sat.External is one.
type Prover interface {
	Solve(ctx context.Context, g grid.Grid, extra ...[]int) (sol grid.Grid, ok bool, err error)
}

// CheckOutside returns the verdict on puzzle g with every verdict of unique
// or none proved by the outside solver p, never by propagation or
// gophersat, so that a user who trusts p need not trust this package's
// proofs. The solutions, and so the witnesses of multiple and the counts,
// still come from the candidate search, as with Check; p is asked whether
// g has a solution besides them. An error of p (a crash, a model that
// breaks the rules, ctx done) gives status Unknown with that error, never
// a verdict.
func CheckOutside(ctx context.Context, g grid.Grid, opts Options, p Prover) Result {
	res, ok := precheck(ctx, g, opts, nil)
	if !ok {
		return res
	}
	if g.HasRules() {
		res = variantOutside(ctx, g, res, p)
	} else {
		res = res.with(countOutside(ctx, g, res.Limit, p))
	}
	if opts.Check {
		res = res.checked(g, sat.NewRules(g.Shape, g.Rules))
	}
	return res
}

// countOutside is the count of CheckOutside for a classic puzzle, limit
// solutions at most.
func countOutside(ctx context.Context, g grid.Grid, limit int, p Prover) tally {
	budget := 0
	if limit == 2 {
		budget = verdictBudget
	}
	s := searchFor(nil, g.Shape, limit, budget, ctx.Done())
	r := s.Run(g.Cells)
	t, ok := checked(g, solutions(s, g.Shape, r), r.Count)
	switch {
	case r.Canceled:
		return tally{sols: t.sols, count: r.Count, canceled: true, err: ctx.Err()}
	case !ok || r.Broken || (!r.Complete && r.Count < 2):
		return outsideCount(ctx, g, limit, p)
	case r.Count >= 2:
		return t
	}
	return outsideRest(ctx, g, t, p)
}

// outsideRest asks p whether g has a solution besides those of t, found
// by a complete search: none proves the verdict; one found means the
// search missed it, and the verdict rests on the solutions.
func outsideRest(ctx context.Context, g grid.Grid, t tally, p Prover) tally {
	var extra [][]int
	for _, sol := range t.sols {
		extra = append(extra, sat.Blocking(g, sol))
	}
	other, found, err := p.Solve(ctx, g, extra...)
	switch {
	case err != nil:
		return tally{sols: t.sols, count: t.count, canceled: true, err: err}
	case found:
		// The search missed a solution that the outside solver found and
		// that was checked: the verdict rests on the solutions.
		t.sols = append(t.sols, other)
		t.count++
		t.err = ErrDisagree
		return t
	}
	t.proof = Outside
	return t
}

// outsideCount counts solutions with the outside solver alone, blocking
// each one found, up to limit.
func outsideCount(ctx context.Context, g grid.Grid, limit int, p Prover) tally {
	var t tally
	var extra [][]int
	for t.count < limit {
		sol, found, err := p.Solve(ctx, g, extra...)
		if err != nil {
			t.canceled, t.err = true, err
			return t
		}
		if !found {
			if t.count < 2 {
				t.proof = Outside
			}
			return t
		}
		if len(t.sols) < 2 {
			t.sols = append(t.sols, sol)
		}
		t.count++
		extra = append(extra, sat.Blocking(g, sol))
	}
	return t
}
