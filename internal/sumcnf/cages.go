package sumcnf

import (
	"slices"

	"github.com/sudokugen/sudokugen/grid"
)

// CageWriter is where Cages writes: the clauses, the cells' variables and
// new ones, and which clauses the rules imply.
type CageWriter interface {
	// Clause adds a clause; lits may be reused once it returns.
	Clause(lits ...int)
	// Cell returns the variable of cell c holding digit d.
	Cell(c int32, d int) int
	// Vars numbers k new variables and returns the first.
	Vars(k int) int
	// Len returns the number of clauses written so far.
	Len() int
	// Implied says that the clauses from from on encode the peers of
	// cage k of the rules (peers), or implied cage k.
	Implied(peers bool, k, from int)
}

// Cages encodes the sum of each cage with one as the sets of digits that
// make it (grid.Combinations), and the same for the cages those sums imply
// (grid.Imply: the innies and outies of a unit, whose digits differ
// and whose sum the unit fixes). A cage of cells C gets auxiliary
// variables u(d), one per digit, "some cell of C holds d", and y(j), one
// per digit set S(j) of the sum, "C holds the digits of S(j)":
//
//   - x(c,d) -> u(d) for each cell c, and u(d) -> OR over c of x(c,d);
//   - OR over j of y(j): the cage holds one of the sets;
//   - y(j) -> u(d) for d in S(j), and y(j) -> -u(d) for d not in S(j);
//   - u(d) -> OR over the j with d in S(j) of y(j) (a unit clause -u(d)
//     when no set has d);
//   - u(d) OR the y(j) whose S(j) lacks d, for each digit d of some set:
//     a digit of every set left is in the cage (a unit clause u(d) when
//     every set has d);
//   - for each digit d of some set, -u(d) OR -x(z,d) for each cell z that
//     is a peer of every cell of C (grid.Implied.Peers): z does not
//     hold a digit that C holds.
//
// The cage's cells hold distinct digits (see cages; an implied cage's
// cells share a unit, or are peers), so |C| of them from S(j), which has
// |C| digits, are S(j) itself, whose sum is the cage's. Unit propagation
// drops a set once a cell holds a digit outside it or a digit of it has no
// place left in the cage, drops a digit from every cell once no set left
// has it, and places a digit of every set left that has one place left in
// the cage and takes it from the cells that see the whole cage.
//
// The peers' clauses, and every clause of an implied cage, are left out
// when plain is set (the rules as stated), but the implied cages'
// variables are numbered all the same.
func Cages(w CageWriter, n int, cages []grid.Cage, imp *grid.Implied, plain bool) {
	var buf []int
	for k, c := range append(slices.Clip(cages), imp.Cages...) {
		start := w.Len()
		u := w.Vars(n) // u(d) is u+d-1
		sets := grid.Combinations(n, len(c.Cells), c.Sum)
		y := w.Vars(len(sets))
		if plain && k >= len(cages) {
			continue // an implied cage: its variables, numbered, unused
		}
		for d := 1; d <= n; d++ {
			some := append(buf[:0], -(u + d - 1))
			for _, x := range c.Cells {
				w.Clause(-w.Cell(x, d), u+d-1)
				some = append(some, w.Cell(x, d))
			}
			w.Clause(some...)
			buf = some
		}
		for j, set := range sets {
			for d := 1; d <= n; d++ {
				if set&(1<<d) != 0 {
					w.Clause(-(y + j), u+d-1)
				} else {
					w.Clause(-(y + j), -(u + d - 1))
				}
			}
		}
		one := buf[:0]
		for j := range sets {
			one = append(one, y+j)
		}
		w.Clause(one...)
		for d := 1; d <= n; d++ {
			c := append(buf[:0], -(u + d - 1))
			for j, set := range sets {
				if set&(1<<d) != 0 {
					c = append(c, y+j)
				}
			}
			w.Clause(c...)
			buf = c
		}
		for d := 1; d <= n; d++ {
			c := append(buf[:0], u+d-1)
			some := false
			for j, set := range sets {
				if set&(1<<d) == 0 {
					c = append(c, y+j)
				} else {
					some = true
				}
			}
			if some {
				w.Clause(c...)
			}
			buf = c
		}
		if plain {
			continue // the cells that see the cage: a consequence
		}
		var any uint64 // the digits of some set
		for _, set := range sets {
			any |= set
		}
		peers := w.Len()
		for d := 1; d <= n; d++ {
			if any&(1<<d) == 0 {
				continue
			}
			for _, z := range imp.Peers[k] {
				w.Clause(-w.Cell(z, d), -(u + d - 1))
			}
		}
		if k < len(cages) {
			w.Implied(true, k, peers)
		} else {
			w.Implied(false, k-len(cages), start)
		}
	}
}
