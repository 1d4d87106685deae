package verify

import (
	"context"

	"github.com/sudokugen/sudokugen/grid"
)

// Each calls each with every solution of puzzle g, in the candidate
// search's fixed order, up to limit of them (0 for no limit), holding one
// at a time. It returns how many it found and whether they are all there
// are. It stops early, with the error, when each returns one or ctx is
// done. An invalid puzzle gives the error Check would give.
func Each(ctx context.Context, g grid.Grid, limit int, each func(grid.Grid) error) (count int, all bool, err error) {
	if res, ok := precheck(ctx, g, Options{}, nil); !ok {
		return 0, false, res.Err
	}
	if limit <= 0 {
		limit = int(^uint(0) >> 1)
	}
	if g.HasRules() {
		return variantEach(ctx, g, limit, each)
	}
	var eachErr error
	s := searchFor(nil, g.Shape, limit, 0, ctx.Done())
	sol := grid.New(g.Shape)
	s.Each = func(cells []uint8) bool {
		copy(sol.Cells, cells)
		if !g.Solves(sol) {
			eachErr = ErrDisagree
			return false
		}
		eachErr = each(sol.Clone())
		return eachErr == nil
	}
	r := s.Run(g.Cells)
	return eachEnd(ctx, r, eachErr)
}
