package grid_test

import (
	"testing"

	. "github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rules"
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

// Every implied cage and pair sum says where it comes from: a row's
// innies here, whose cells add up to 45 less the cage inside the row.
func TestImpliedWhy(t *testing.T) {
	s := Shape{BoxRows: 3, BoxCols: 3}
	// a cage of r1c1-r1c7 with the sum of 1 to 7: r1c8 and r1c9 hold 8
	// and 9, and add up to 17, the innies of row 1
	var cells []int32
	for c := range int32(7) {
		cells = append(cells, c)
	}
	r := NewRules(rules.Cages.Of([]Cage{{Cells: cells, Sum: 28}}))
	imp := Imply(s, r)
	if len(imp.CageWhy) != len(imp.Cages) || len(imp.SumWhy) != len(imp.Sums) {
		t.Fatalf("%d cages and %d reasons, %d sums and %d reasons", len(imp.Cages), len(imp.CageWhy), len(imp.Sums), len(imp.SumWhy))
	}
	found := false
	for k, c := range imp.Cages {
		if len(c.Cells) == 2 && c.Cells[0] == 7 && c.Cells[1] == 8 && c.Sum == 17 {
			found = true
			if imp.CageWhy[k] != "innies of row 1" {
				t.Errorf("r1c8+r1c9 = 17 comes from %q, want the innies of row 1", imp.CageWhy[k])
			}
		}
	}
	if !found {
		t.Fatalf("no implied cage r1c8+r1c9 = 17 in %v", imp.Cages)
	}
}
