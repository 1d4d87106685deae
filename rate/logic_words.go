package rate

import (
	"math/bits"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// The words of the logical solve's steps, as a setter writes them.

// capital returns s with its first letter in upper case.
func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// digitWords lists the digits m: "6 to 9" for a run of three or more,
// else "2, 5 or 8" with conj ("or", "and") before the last.
func digitWords(m uint64, conj string) string {
	var ds []int
	for ; m != 0; m &= m - 1 {
		ds = append(ds, bits.TrailingZeros64(m)+1)
	}
	if len(ds) >= 3 && ds[len(ds)-1]-ds[0] == len(ds)-1 {
		return itoa(ds[0]) + " to " + itoa(ds[len(ds)-1])
	}
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = itoa(d)
	}
	return grid.ListWords(parts, conj)
}

// isWords says what a cell holds: "= 5" for one digit, else "one of 2, 5
// or 8".
func isWords(m uint64) string {
	if single(m) {
		return "= " + digitWords(m, "or")
	}
	return "one of " + digitWords(m, "or")
}

// cellWords lists cells: "r1c1, r1c2".
func cellWords(n int, cells []int32) string { return joinCells(n, cells, ", ") }

// sumWords writes cells as a sum: "r1c1+r2c2".
func sumWords(n int, cells []int32) string { return joinCells(n, cells, "+") }

// joinCells writes the names of cells with sep between them.
func joinCells(n int, cells []int32, sep string) string {
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = cellName(n, c)
	}
	return strings.Join(parts, sep)
}

// combosWords says which combinations of a cage are left: "only 6+9 or
// 7+8 fit", or how many.
func combosWords(sets []uint64) string {
	if len(sets) > 4 {
		return itoa(len(sets)) + " combinations fit"
	}
	parts := make([]string, len(sets))
	for i, set := range sets {
		var ds []string
		for m := set; m != 0; m &= m - 1 {
			ds = append(ds, itoa(bits.TrailingZeros64(m)+1))
		}
		parts[i] = strings.Join(ds, "+")
	}
	if len(parts) == 1 {
		return "only " + parts[0] + " fits"
	}
	return "only " + grid.ListWords(parts, "or") + " fit"
}

// runsWords says which sets of a line are left, each a run of digits
// or else its digits: "only 3-6 or 4-7 fit", or how many.
func runsWords(sets []uint64) string {
	if len(sets) > 4 {
		return itoa(len(sets)) + " sets of digits fit"
	}
	parts := make([]string, len(sets))
	for i, set := range sets {
		lo, hi := bits.TrailingZeros64(set)+1, 64-bits.LeadingZeros64(set)
		if bits.OnesCount64(set) == hi-lo+1 && hi > lo {
			parts[i] = itoa(lo) + "-" + itoa(hi)
			continue
		}
		parts[i] = digitWords(set, "and")
	}
	return "only " + grid.ListWords(parts, "or") + " fit"
}

// elimWords says what eliminations remove, cells that lose the same
// digits together: "r1c1 and r2c1 cannot be 1, r3c1 cannot be 1 or 2".
func elimWords(n int, es []elim) string {
	var cells []int32
	masks := map[int32]uint64{}
	for _, e := range es {
		if masks[e.c] == 0 {
			cells = append(cells, e.c)
		}
		masks[e.c] |= 1 << (e.d - 1)
	}
	var parts []string
	done := map[int32]bool{}
	for _, c := range cells {
		if done[c] {
			continue
		}
		var same []string
		for _, x := range cells {
			if !done[x] && masks[x] == masks[c] {
				same = append(same, cellName(n, x))
				done[x] = true
			}
		}
		parts = append(parts, grid.ListWords(same, "and")+" cannot be "+digitWords(masks[c], "or"))
	}
	return strings.Join(parts, "; ")
}
