package sat

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// TestNoRepeatedLiteral checks that no clause of any kind's CNF, with its
// implied clauses or without, holds a literal twice. A checker that
// watches two literals of a clause may watch such a literal twice and
// miss the clause's unit, and so refuse a sound proof; gophersat, which
// drops the copy as it loads the CNF, wrote proofs that rested on the
// clause without it (X-sums did that).
func TestNoRepeatedLiteral(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 32))
	each := 12
	if testing.Short() {
		each = 3
	}
	for _, k := range grid.Table() {
		checked := 0
		for range each {
			c := gridtest.NewKindCase(rng, k, []int{4, 6, 9})
			for _, r := range []*grid.Rules{c.Kept, c.Any} {
				if r == nil || r.Validate(c.Shape) != nil {
					continue
				}
				for _, rc := range []*RuleCNF{RuleClauses(c.Shape, r), PlainRuleClauses(c.Shape, r)} {
					for i, cl := range rc.Clauses {
						seen := make(map[int]bool, len(cl))
						for _, l := range cl {
							if seen[l] {
								t.Fatalf("%s (%s): clause %d %v holds %d twice", k.Name, r.Name(), i+1, cl, l)
							}
							seen[l] = true
						}
					}
					checked++
				}
			}
		}
		if checked == 0 {
			t.Errorf("%s: no valid rules drawn", k.Name)
		}
	}
}
