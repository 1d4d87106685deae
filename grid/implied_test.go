package grid_test

import (
	"testing"

	. "github.com/sudokugen/sudokugen/grid"
)

// setCount counts what Combinations lists.
func TestSetCount(t *testing.T) {
	for _, n := range []int{4, 9, 12, 16} {
		for k := 0; k <= n; k++ {
			for sum := 0; sum <= n*(n+1)/2+1; sum++ {
				if n == 16 && k > 4 && k < 12 {
					continue // too many to list in a test
				}
				want := len(Combinations(n, k, sum))
				if k == 0 && sum == 0 {
					want = 1 // the empty set
				}
				if got := SetCount(n, k, sum); got != want {
					t.Fatalf("SetCount(%d, %d, %d) = %d, want %d", n, k, sum, got, want)
				}
			}
		}
	}
}
