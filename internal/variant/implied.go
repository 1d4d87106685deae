package variant

import (
	"slices"

	"github.com/sudokugen/sudokugen/grid"
)

// Implied holds constraints that the rules of a puzzle imply without
// stating them: every solution of the rules keeps them, so an encoding may
// add them without losing a solution, and unit propagation on their
// clauses (see package sat) is the reasoning that solvers of killer and
// jigsaw puzzles do by hand. Imply finds them; package sat encodes them,
// and this package propagates them, in the same way.
type Implied struct {
	// Cages are sets of cells whose digits differ (every two are peers)
	// and add up to Sum: the innies and outies of the 45 rule (see Imply).
	Cages []grid.Cage
	// Sums are two cells whose digits add up to Sum: the innies or outies
	// of two cells that need not differ, and every cage of two cells with
	// a sum (whose digits differ).
	Sums []PairSum
	// Same are two sets of cells that hold the same digits, as many times
	// each: the law of leftovers of jigsaw puzzles (see Imply).
	Same []Leftover
	// Ties are, for each cage with a sum (those of the rules, in their
	// order, then Cages), the cells it shares peers and units with.
	Ties []Ties
}

// Ties are the cells around a cage C: Peers, the cells outside C that are
// peers of every cell of C, which cannot hold a digit that C holds; and
// Rest, for each unit of N cells that holds C, the unit's other cells, one
// of which holds each digit C does not.
type Ties struct {
	Peers []int32
	Rest  [][]int32
}

// PairSum is two cells whose digits add up to Sum, and differ when
// Distinct is set.
type PairSum struct {
	A, B     int32
	Sum      int
	Distinct bool
}

// Allows reports whether digits a and b may sit on the two cells of p.
func (p PairSum) Allows(a, b int) bool { return a+b == p.Sum && (!p.Distinct || a != b) }

// Leftover is two sets of cells that hold the same multiset of digits.
type Leftover struct {
	A, B []int32
}

// Limits of what Imply looks for: the largest leftovers, and the longest
// window of rows or columns whose innies and outies it takes.
const maxLeftover = 4

// Imply returns the constraints that rules r on shape s imply (nil rules
// imply none):
//
//   - The 45 rule, for the cages with a sum. A group of k units (k rows
//     or k columns in a row, a region, an extra group of N cells) holds
//     each digit k times, which add up to k*N(N+1)/2. Its innies, the
//     cells of the group outside the cages with a sum that lie wholly in
//     it, add up to that minus those cages' sums; when cages with a sum
//     cover the whole group, its outies, the cells of those cages outside
//     it, add up to the cages' sums minus it. Such cells make an implied
//     cage when every two of them are peers (which needs k = 1 for more
//     than one innie), a PairSum when they are two, and a cage of one
//     cell (a digit) when one. Each cage of two cells with a sum is a
//     PairSum too.
//   - The law of leftovers, for jigsaw regions. A window of k rows in a
//     row (or columns) and any k regions each hold every digit k times,
//     so the cells of the window outside the regions hold the same digits
//     as the cells of the regions outside the window. Of the k regions
//     that share the most cells with the window, Imply keeps the pairs of
//     leftovers of up to maxLeftover cells each.
//
// A constraint is left out when it repeats one already found or a cage
// of the rules, or when no digits make its sum (the rules then have no
// solution, which the other clauses find).
func Imply(s grid.Shape, r *grid.Rules) *Implied {
	if r.Empty() {
		return &Implied{}
	}
	return imply(s, r, r.Units(s))
}

// imply is Imply with the units of r on s.
func imply(s grid.Shape, r *grid.Rules, u *grid.RuleUnits) *Implied {
	out := &Implied{}
	if r.Empty() {
		return out
	}
	imp := implier{n: s.N(), u: u, out: out, seen: map[string]bool{}}
	var cages []grid.Cage
	for _, c := range r.Cages {
		if c.Sum != 0 {
			cages = append(cages, c)
			imp.seen[key(sorted(c.Cells))] = true
		}
	}
	if len(cages) > 0 {
		imp.sums(cages, groups(s, u))
		for _, c := range cages {
			if len(c.Cells) == 2 {
				out.Sums = append(out.Sums, PairSum{c.Cells[0], c.Cells[1], c.Sum, true})
			}
		}
		for _, c := range out.Cages {
			if len(c.Cells) == 2 {
				out.Sums = append(out.Sums, PairSum{c.Cells[0], c.Cells[1], c.Sum, true})
			}
		}
	}
	if r.Regions != nil {
		imp.leftovers(r.Regions)
	}
	for _, c := range append(cages, out.Cages...) {
		out.Ties = append(out.Ties, ties(u, c.Cells))
	}
	return out
}

// ties returns the Ties of a cage of cells in units u.
func ties(u *grid.RuleUnits, cells []int32) Ties {
	var t Ties
	t.Peers = slices.Clone(u.Peers[cells[0]])
	for _, x := range cells[1:] {
		t.Peers = slices.DeleteFunc(t.Peers, func(p int32) bool {
			_, ok := slices.BinarySearch(u.Peers[x], p)
			return !ok
		})
	}
	for _, k := range u.Of[cells[0]] {
		unit := u.Units[k]
		if !subset(cells, unit) {
			continue
		}
		rest := make([]int32, 0, len(unit)-len(cells))
		for _, x := range unit {
			if !slices.Contains(cells, x) {
				rest = append(rest, x)
			}
		}
		t.Rest = append(t.Rest, rest)
	}
	return t
}

// subset reports whether every cell of a is in b.
func subset(a, b []int32) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// sumCages returns the cages of r with a sum.
func sumCages(r *grid.Rules) []grid.Cage {
	var out []grid.Cage
	if r != nil {
		for _, c := range r.Cages {
			if c.Sum != 0 {
				out = append(out, c)
			}
		}
	}
	return out
}

// group is a group of k units: its cells, and k.
type group struct {
	cells []int32
	k     int
}

// groups returns the units of N cells, then the windows of two rows or
// more in a row, and of columns.
func groups(s grid.Shape, u *grid.RuleUnits) []group {
	n := s.N()
	var out []group
	for _, unit := range u.Units {
		out = append(out, group{unit, 1})
	}
	for k := 2; k < n; k++ {
		for first := 0; first+k <= n; first++ {
			rows := make([]int32, 0, k*n)
			cols := make([]int32, 0, k*n)
			for i := first * n; i < (first+k)*n; i++ {
				rows = append(rows, int32(i))
			}
			for r := range n {
				for c := first; c < first+k; c++ {
					cols = append(cols, int32(r*n+c))
				}
			}
			out = append(out, group{rows, k}, group{cols, k})
		}
	}
	return out
}

// implier collects the constraints of Imply.
type implier struct {
	n    int
	u    *grid.RuleUnits
	out  *Implied
	seen map[string]bool // the cell sets of the cages and sums so far
}

// sums adds the innies and outies of every group (see Imply).
func (imp *implier) sums(cages []grid.Cage, gs []group) {
	n := imp.n
	total := n * (n + 1) / 2
	of := make([]int32, n*n) // 1 + the index in cages of each cell's cage
	for k, c := range cages {
		for _, x := range c.Cells {
			of[x] = int32(k + 1)
		}
	}
	in := make([]bool, n*n)
	touched := make([]bool, len(cages))
	var meet []int
	var innies, outies []int32
	for _, g := range gs {
		for _, x := range g.cells {
			in[x] = true
		}
		meet = meet[:0]
		covered := true
		for _, x := range g.cells {
			k := of[x] - 1
			if k < 0 {
				covered = false
			} else if !touched[k] {
				touched[k] = true
				meet = append(meet, int(k))
			}
		}
		inner, innerSum, outerSum := 0, 0, 0
		outies = outies[:0]
		for _, k := range meet {
			touched[k] = false
			c := cages[k]
			outerSum += c.Sum
			whole := true
			for _, x := range c.Cells {
				if !in[x] {
					whole = false
					outies = append(outies, x)
				}
			}
			if whole {
				inner++
				innerSum += c.Sum
			}
		}
		innies = innies[:0]
		for _, x := range g.cells {
			if k := of[x] - 1; k < 0 || !wholeIn(cages[k].Cells, in) {
				innies = append(innies, x)
			}
		}
		if inner > 0 {
			imp.sum(innies, g.k*total-innerSum)
		}
		if covered && len(outies) > 0 {
			imp.sum(outies, outerSum-g.k*total)
		}
		for _, x := range g.cells {
			in[x] = false
		}
	}
}

// sum adds the constraint that cells add up to sum, when it is one that
// Imply keeps.
func (imp *implier) sum(cells []int32, sum int) {
	n := imp.n
	peers := allPeers(imp.u, cells)
	if len(cells) == 0 || len(cells) > n || (!peers && len(cells) != 2) {
		return
	}
	lo, hi := grid.SumRange(n, len(cells))
	if !peers {
		lo, hi = 2, 2*n
	}
	if sum < lo || sum > hi {
		return
	}
	cells = sorted(cells)
	k := key(cells)
	if imp.seen[k] {
		return
	}
	imp.seen[k] = true
	if peers {
		imp.out.Cages = append(imp.out.Cages, grid.Cage{Cells: cells, Sum: sum})
		return
	}
	imp.out.Sums = append(imp.out.Sums, PairSum{cells[0], cells[1], sum, false})
}

// leftovers adds the leftovers of every window of rows and of columns
// (see Imply).
func (imp *implier) leftovers(regions []uint8) {
	n := imp.n
	count := make([]int, n)
	inWindow := make([]bool, n*n)
	chosen := make([]bool, n)
	order := make([]int, n)
	for _, cols := range []bool{false, true} {
		for k := 1; k < n; k++ {
			for first := 0; first+k <= n; first++ {
				clear(count)
				clear(inWindow)
				for i := range n * n {
					line := i / n
					if cols {
						line = i % n
					}
					if line >= first && line < first+k {
						inWindow[i] = true
						count[regions[i]]++
					}
				}
				for i := range order {
					order[i] = i
				}
				slices.SortStableFunc(order, func(a, b int) int { return count[b] - count[a] })
				clear(chosen)
				for _, reg := range order[:k] {
					chosen[reg] = true
				}
				var a, b []int32
				for i := range n * n {
					switch {
					case inWindow[i] && !chosen[regions[i]]:
						a = append(a, int32(i))
					case !inWindow[i] && chosen[regions[i]]:
						b = append(b, int32(i))
					}
				}
				if len(a) == 0 || len(a) > maxLeftover {
					continue
				}
				if k := key(a) + "/" + key(b); !imp.seen[k] {
					imp.seen[k] = true
					imp.out.Same = append(imp.out.Same, Leftover{a, b})
				}
			}
		}
	}
}

// wholeIn reports whether every cell of cells is marked in.
func wholeIn(cells []int32, in []bool) bool {
	for _, x := range cells {
		if !in[x] {
			return false
		}
	}
	return true
}

// allPeers reports whether every two of cells must hold different digits.
func allPeers(u *grid.RuleUnits, cells []int32) bool {
	for i, a := range cells {
		for _, b := range cells[i+1:] {
			if _, ok := slices.BinarySearch(u.Peers[a], b); !ok {
				return false
			}
		}
	}
	return true
}

func sorted(cells []int32) []int32 {
	c := slices.Clone(cells)
	slices.Sort(c)
	return c
}

// key names a set of cells (sorted) in a map.
func key(cells []int32) string {
	b := make([]byte, 0, 2*len(cells))
	for _, x := range cells {
		b = append(b, byte(x), byte(x>>8))
	}
	return string(b)
}
