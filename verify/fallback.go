package verify

import (
	"context"
	"fmt"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
	"github.com/sudokugen/sudokugen/sat"
)

// certify is sat.Certify, which checks gophersat's proof before it writes
// it; the tests put a refusal in its place.
var certify = sat.Certify

// searchToEnd proves, with tr's proof, the verdict that t's solutions (none
// or one, checked) are all that g has, when gophersat's proof of it was
// refused (sat.ErrRefused): the search, classic or variant, runs again
// with tr as its tracer and no node budget, to its end or until ctx is
// done, and must find t's solutions again. The tally's proof is then
// Search (or Propagation, for a search settled at its root); a stop on ctx
// or a search that disagrees sets its error, and tr is reset. A variant's
// tracer then holds the search's lemmas for the derivation that
// tracer.finish writes first.
func (v *Verifier) searchToEnd(ctx context.Context, g grid.Grid, t tally, tr *tracer) tally {
	var m *rulesearch.Model
	if g.HasRules() {
		m = v.modelOf(g)
	}
	return searchToEndOf(ctx, g, t, tr, m)
}

// searchToEndOf is searchToEnd with the variant search of model m (nil for
// a classic puzzle).
func searchToEndOf(ctx context.Context, g grid.Grid, t tally, tr *tracer, m *rulesearch.Model) tally {
	tr.reset()
	var o found
	var sols []grid.Grid
	ok := true
	if m != nil {
		s := rulesearch.New(m)
		tr.variant(s, g)
		r := s.Count(g.Cells, 2, 0, ctx.Done(), nil)
		sols, ok = variantGrids(g, r)
		o = variantFound(r, 0)
	} else {
		s := searchFor(nil, g.Shape, 2, 0, ctx.Done())
		s.Trace = tr.cells(g.N())
		r := s.Run(g.Cells)
		var c tally
		c, ok = checked(g, solutions(s, g.Shape, r), r.Count)
		sols, o = c.sols, classicFound(r)
	}
	switch {
	case o.canceled:
		tr.reset()
		t.canceled, t.err = true, ctx.Err()
	case !ok || o.broken || !o.complete || o.count != len(t.sols) || len(sols) == 1 && !sols[0].Equal(t.sols[0]):
		tr.reset()
		t.err = fmt.Errorf("gophersat's proof was refused, and the search run to its end does not reach the verdict again: %w", ErrDisagree)
	case o.root:
		t.proof = Propagation
	default:
		t.proof = Search
	}
	return t
}
