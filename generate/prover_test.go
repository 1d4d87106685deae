package generate

import (
	"context"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/verify"
)

// countingProver counts the answers of a verify.Verifier's ProveUnique.
type countingProver struct {
	v       *verify.Verifier
	yes, no int
}

func (c *countingProver) ProveUnique(ctx context.Context, p, sol grid.Grid) (bool, error) {
	ok, err := c.v.ProveUnique(ctx, p, sol)
	if ok {
		c.yes++
	} else {
		c.no++
	}
	return ok, err
}

// With a Prover, the final check of a minimal nonconsecutive puzzle is the
// search's checked proof, and the puzzles are the ones gophersat's final
// check lets out; a killer's goes to gophersat, the Prover not asked.
func TestProver(t *testing.T) {
	sh := grid.Shape{BoxRows: 3, BoxCols: 3}
	for _, tc := range []struct {
		variant string
		n       int
		asked   bool
	}{
		{"nonconsecutive", 3, true},
		{"killer", 3, false},
	} {
		v, err := ParseVariant(tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		plain, proved := New(), New()
		cp := &countingProver{v: verify.New()}
		proved.Prover = cp
		for i := range tc.n {
			a, err := plain.Puzzle(5, i, Options{Shape: sh, Variant: v})
			if err != nil {
				t.Fatal(err)
			}
			b, err := proved.Puzzle(5, i, Options{Shape: sh, Variant: v})
			if err != nil {
				t.Fatal(err)
			}
			if !a.Grid.Equal(b.Grid) || !a.Solution.Equal(b.Solution) {
				t.Errorf("%s %d: %s with the Prover, %s without", tc.variant, i, b.Grid, a.Grid)
			}
		}
		switch {
		case tc.asked && (cp.yes != tc.n || cp.no != 0):
			t.Errorf("%s: the Prover proved %d of %d puzzles, and not %d", tc.variant, cp.yes, tc.n, cp.no)
		case !tc.asked && cp.yes+cp.no != 0:
			t.Errorf("%s: the Prover was asked %d times", tc.variant, cp.yes+cp.no)
		}
	}
}
