package verify

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
	"github.com/sudokugen/sudokugen/sat"
)

// finishProof writes the proof of verdict res (proof Propagation or
// Search) of puzzle g, whose search tr traced: for a variant (m, its
// model), the derivation of the implied constraints the search used first
// (see tracer.finish). Where that search used constraints implied by a
// group of two units or more, the proof comes from a search without them
// (see withoutWide); where a derivation is given up, from a search
// without any implied constraint (see withoutAssumed).
func finishProof(ctx context.Context, m *rulesearch.Model, g grid.Grid, res Result, tr *tracer) Result {
	tr.redo = true
	if tr.uses != nil && !tr.released && tr.uses.Wide(m) {
		return withoutWide(ctx, m, g, res, tr)
	}
	var written bool
	if res.Assumed, written = tr.finish(g, res.Proof, res.Solutions); !written {
		res = withoutAssumed(ctx, m, g, res, tr)
	}
	return res
}

// withoutWide proves again variant g's verdict res (m, its model), whose
// search used constraints implied by a group of two units or more (the
// innies and outies of bands of rows or columns, grid.Implied.WideCages
// and WideSums, and the leftovers of jigsaw regions), by a search without
// them: those of single units stay. Deriving a band's cage from the rules
// as stated is a split over the digit sets of the cages around it, the
// costliest derivation there is; on 1,000 generated killers, going
// without them all made the proofs' run 1.5 times faster, and their files
// a third as large, where the search alone took a third longer. A
// jigsaw's leftovers, its only implied constraints, likewise cost more to
// derive than they save: its search goes without them all (1.2 times
// faster on 1,000 jigsaws). Past its budget, or where a
// derivation is given up, the proof comes from a search without any
// implied constraint (withoutAssumed). The Result is as withoutAssumed's,
// LeftOut counting the constraints left out.
func withoutWide(ctx context.Context, m *rulesearch.Model, g grid.Grid, res Result, tr *tracer) Result {
	tr.reset()
	tr.narrow = true
	s := rulesearch.New(m.WithoutWide())
	tr.variant(s, g)
	r := s.Count(g.Cells, 2, narrowBudget, ctx.Done(), nil)
	if res, ok := reached(ctx, g, r, res, tr, fmt.Sprintf("the %d wide implied constraints", m.Wide())); !ok {
		return res
	}
	if !r.Complete {
		return withoutAssumed(ctx, m, g, res, tr)
	}
	res.LeftOut, res.Written = m.Wide(), writtenBy(r)
	var written bool
	if res.Assumed, written = tr.finish(g, res.Written, res.Solutions); !written {
		return withoutAssumed(ctx, m, g, res, tr)
	}
	return res
}

// narrowBudget is the nodes of the search without the wide implied
// constraints (see withoutWide), a traced search's as the first one's
// (a variable for the tests).
var narrowBudget = variantBudget

// bareBudget is the nodes of the search without the implied constraints:
// its lines go out as they come (tracer.bare), so it may take as many as
// an untraced search of light rules. On 1,000 generated killers, the 21
// such searches all ended within them, where with the budget of a traced
// search 4 went on to gophersat, and the run took 3 to 9 % more processor
// time.
var bareBudget = lightBudget

// withoutAssumed proves again, from the rules as stated alone, variant
// g's verdict res (m, its model) of unique or none, whose proof by tr would assume the
// clauses of implied constraints whose derivation was given up (see
// tracer.finish): the search runs again without any implied constraint,
// so that there is nothing to derive, and its proof goes to tr's sink as
// it comes. Past the budget, gophersat
// proves it (sat.Certify), and when the checker refuses that proof, the
// search runs to its end.
//
// Dropping only the constraints whose derivation was given up was tried:
// the search then used others of the same kind (the innies of bands of
// rows), and on 1,000 generated killers it took 1.3 times the processor
// time of a search without them all, which takes 1.7 times that of
// proofs that assume them; on 1,000 jigsaws it took 1.2 times as long as
// without them all, which was faster than assuming them.
//
// The verdict and its Proof stand; the Result's Written says what proof
// was written, Assumed what that proof still assumes (nil, but for a
// search whose lines passed holdLimit), and LeftOut counts the
// constraints the search went without. A stop on ctx, or a search that
// does not reach the verdict again, sets the Result's error.
func withoutAssumed(ctx context.Context, m *rulesearch.Model, g grid.Grid, res Result, tr *tracer) Result {
	res.LeftOut = m.Implied()
	without := m.WithoutImplied()
	tr.reset()
	tr.redo, tr.bare, tr.narrow = false, true, false // nothing is left to derive
	// untraced first: a traced search that passed its budget would have
	// written its lines already, which a sink that cannot take them back
	// (WriteCertificate's) would keep; then, when it ends within it, the
	// same tree traced
	r := rulesearch.New(without).Count(g.Cells, 2, bareBudget, ctx.Done(), nil)
	if r.Complete && !r.Canceled {
		s := rulesearch.New(without)
		tr.variant(s, g)
		r = s.Count(g.Cells, 2, bareBudget, ctx.Done(), nil)
	}
	t := tally{sols: res.Solutions, count: res.Count}
	if res, ok := reached(ctx, g, r, res, tr, fmt.Sprintf("the %d implied constraints", res.LeftOut)); !ok {
		return res
	}
	if r.Complete {
		res.Written = writtenBy(r)
		res.Assumed, _ = tr.finish(g, res.Written, res.Solutions)
		return res
	}
	// past the budget: gophersat, from the rules as stated
	tr.reset()
	var extra [][]int
	if res.Status == Unique {
		extra = [][]int{sat.Blocking(g, res.Solutions[0])}
	}
	unsat, err := certify(tr.sink, g, extra...)
	switch {
	case err == nil && unsat:
		res.Written, res.Assumed = SAT, nil
		return res
	case err == nil:
		err = fmt.Errorf("gophersat finds the CNF satisfiable: %w", ErrDisagree)
	case errors.Is(err, sat.ErrRefused):
		// the search without them, to its end
		if t = searchToEndOf(ctx, g, t, tr, without); t.err != nil {
			res.Err = t.err
			if t.canceled {
				res.Status = Unknown
			}
			return res
		}
		res.Written = t.proof
		res.Assumed, _ = tr.finish(g, res.Written, res.Solutions)
		return res
	}
	tr.reset()
	res.Err = err
	return res
}

// reached reports whether r, the result of a search of g again without
// some implied constraints (what), agrees with verdict res, complete or
// not; when it does not, it returns res with the error: ctx's, or that
// the verdict is another, with tr's lines dropped.
func reached(ctx context.Context, g grid.Grid, r rulesearch.Result, res Result, tr *tracer, what string) (Result, bool) {
	sols, ok := variantGrids(g, r)
	switch {
	case r.Canceled:
		tr.reset()
		res.Status, res.Err = Unknown, ctx.Err()
		return res, false
	case !ok || r.Broken || r.Count > len(res.Solutions) || r.Complete && r.Count != len(res.Solutions) || len(sols) == 1 && !sols[0].Equal(res.Solutions[0]):
		tr.reset()
		res.Err = fmt.Errorf("the search without %s does not reach the verdict again: %w", what, ErrDisagree)
		return res, false
	}
	return res, true
}

// writtenBy is the proof that complete search r writes: propagation when
// its root refuted the CNF.
func writtenBy(r rulesearch.Result) Proof {
	if r.Root {
		return Propagation
	}
	return Search
}
