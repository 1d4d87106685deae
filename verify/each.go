package verify

import (
	"context"
	"math/bits"

	"github.com/sudokugen/sudokugen/grid"
)

// Each calls each with every solution of puzzle g, in the candidate
// search's fixed order, up to limit of them (0 for no limit), holding one
// at a time. It returns how many it found and whether they are all there
// are. It stops early, with the error, when each returns one or ctx is
// done. An invalid puzzle gives the error Check would give.
func Each(ctx context.Context, g grid.Grid, limit int, each func(grid.Grid) error) (count int, all bool, err error) {
	if res, ok := precheck(ctx, g, Options{}); !ok {
		return 0, false, res.Err
	}
	if limit <= 0 {
		limit = int(^uint(0) >> 1)
	}
	if g.Variant() {
		return variantEach(ctx, g, limit, each)
	}
	var eachErr error
	s := newSearcher(g, limit, 0, ctx.Done())
	sol := grid.New(g.Shape)
	s.each = func(cand []uint64) bool {
		for i, m := range cand {
			sol.Cells[i] = uint8(bits.TrailingZeros64(m) + 1)
		}
		if !g.Solves(sol) {
			eachErr = ErrDisagree
			return false
		}
		eachErr = each(sol.Clone())
		return eachErr == nil
	}
	r := s.run(g)
	switch {
	case eachErr != nil:
		return r.count, false, eachErr
	case r.canceled:
		return r.count, false, ctx.Err()
	case r.broken:
		return r.count, false, ErrDisagree
	}
	return r.count, r.complete && r.count < limit, nil
}
