package generate

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
	"github.com/sudokugen/sudokugen/internal/search"
)

// Layouts and fills of variant grids, and the check that a variant can be
// made at all.

// fillVariant draws the rules of v on shape sh (random jigsaw regions
// for a jigsaw) and fills a grid that keeps them, trying up to
// variantFillTries times. A jigsaw's regions are drawn again after every
// try that fails: most random region sets allow no grid under further
// rules (about 1 in 10 random 6x6 sets allows one with both diagonals), so
// trying again on the same regions mostly proves the same None again.
// false when no try found a grid.
func fillVariant(rng *rand.Rand, sh grid.Shape, v Variant) (*grid.Rules, []uint8, bool) {
	var rules *grid.Rules
	var fill *rulesearch.Search
	release := func() {
		if fill != nil {
			fill.Release()
			fill.Model.Release()
		}
	}
	defer release()
	drawn := v.drawsBefore()
	for range variantFillTries {
		if rules == nil || drawn {
			rules = v.fixedRules(sh)
			v.before(rng, sh, rules)
			release()
			fill = rulesearch.New(rulesearch.NewModel(sh, rules))
		}
		out, cells := fill.Fill(rng, variantFillNodes*max(1, sh.N()*sh.N()/81))
		switch {
		case out == search.Found:
			return rules, cells, true
		case out == search.None && !drawn:
			return nil, nil, false // the same rules again would give None again
		}
	}
	return nil, nil, false
}

// drawsBefore reports whether a layout of v draws rules before the grid
// is filled (a jigsaw's regions), so that a failed fill draws them anew.
func (v Variant) drawsBefore() bool {
	for k, l := range layouts {
		if v.set&(1<<k) != 0 && l.Before != nil {
			return true
		}
	}
	return false
}

// feasibleNodes is the budget of the search that tells whether a
// variant's fixed rules allow any grid: a complete search of the small
// grids where rules clash (4x4 anti-king, 6x6 X with hyper) takes a few
// hundred nodes; a larger grid that is not settled within the budget is
// taken as possible, and the generator finds out.
const feasibleNodes = 20_000

// feasible reports a variant whose rules allow no grid at all on shape sh,
// found by a complete search for one grid, so that such a request is
// refused before any work. The rules that do not depend on a random
// layout are searched: a jigsaw's regions are drawn per puzzle, and a
// killer's cages from a grid that already keeps the rest.
func (v Variant) feasible(sh grid.Shape) error {
	if v.drawsBefore() {
		return nil
	}
	rules := v.fixedRules(sh)
	if rules.Empty() {
		return nil
	}
	s := rulesearch.New(rulesearch.NewModel(sh, rules))
	if out, _ := s.Fill(rand.New(rand.NewPCG(1, 2)), feasibleNodes); out == search.None {
		return fmt.Errorf("no %s grid keeps the rules of %s: a complete search found none", size(sh), v.rulesOnly())
	}
	return nil
}

// rulesOnly names the rules of v that feasible searches: v without the
// layouts drawn from a filled grid (a killer's cages).
func (v Variant) rulesOnly() Variant {
	for k, l := range layouts {
		if l.After != nil {
			v.set &^= 1 << k
		}
	}
	return v
}
