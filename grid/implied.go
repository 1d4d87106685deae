package grid

import (
	"slices"
	"strconv"
	"sync"
)

// Implied holds constraints that the rules of a puzzle imply without
// stating them: every solution of the rules keeps them, so an encoding may
// add them without losing a solution, and unit propagation on their
// clauses (see package sat) is the reasoning that solvers of killer and
// jigsaw puzzles do by hand. Imply finds them, with the rules and not in a
// search; package sat encodes them, and the variant search propagates
// them, in the same way.
type Implied struct {
	// Cages are sets of cells whose digits differ (every two are peers)
	// and add up to Sum: the innies and outies of the 45 rule (see Imply).
	Cages []Cage
	// Sums are two cells whose digits add up to Sum: the innies or outies
	// of two cells that need not differ, and every cage of two cells with
	// a sum (whose digits differ).
	Sums []PairSum
	// Same are two sets of cells that hold the same digits, as many times
	// each: the law of leftovers of jigsaw puzzles (see Imply).
	Same []Leftover
	// Peers lists, for each cage with a sum (those of the rules, in their
	// order, then Cages), the cells outside it that are peers of every
	// cell of it: they cannot hold a digit that the cage holds.
	Peers [][]int32
	// WideCages and WideSums mark the Cages and Sums that come from a
	// group of two units or more (a band of rows or columns), whose
	// derivation from the rules as stated costs most (see package
	// internal/derive). Every pair of Same is wide too: it relates a band
	// to as many regions.
	WideCages, WideSums []bool
	// CageWhy and SumWhy say where each of Cages and Sums comes from, for
	// a person's steps: "innies of row 3", "outies of rows 1-3"; "cage"
	// for a cage of the rules with two cells.
	CageWhy, SumWhy []string
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

// Bounds on what Imply keeps, so that the CNF of a large grid stays within
// a small multiple of the classic one whatever the rules: an implied cage
// whose sum has more digit sets than maxImpliedSets (a 16x16 innie of 8
// cells may have 12,870) says little and costs a clause per set and digit;
// a leftover of more than maxLeftover cells costs 2N clauses per cell.
// Neither bound is reached on 9x9 grids (11 digit sets at most on the
// 2,000 killers).
const (
	maxImpliedSets = 64
	maxLeftover    = 8
)

// Imply returns the constraints that rules r on shape s imply (nil rules
// imply none):
//
//   - The 45 rule, for the cages with a sum that share no cell with
//     another (see Overlapping). A group of k units (k rows
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
//     leftovers of up to 2N/3 cells each, and at most maxLeftover (6 on
//     9x9: on 2,000 minimal 9x9 jigsaws, leftovers of up to 4 cells left
//     91 search nodes a puzzle, up to 6 cells 42, up to 10 cells 40 at
//     twice the time a node).
//
// A constraint is left out when it repeats one already found or a cage
// of the rules, or when no digits make its sum (the rules then have no
// solution, which the other clauses find).
func Imply(s Shape, r *Rules) *Implied {
	if r.Empty() {
		return &Implied{}
	}
	l := r.lowerBare(s)
	return ImplyWith(s, r, r.UnitsOf(s, l), l.Sums)
}

// ImplyWith is Imply with the units of r on s, and the cages with a sum
// of its Lower.
func ImplyWith(s Shape, r *Rules, u *RuleUnits, cages []Cage) *Implied {
	out := &Implied{}
	if r.Empty() {
		return out
	}
	n := s.N()
	imp := implier{n: n, u: u, out: out, mark: make([]int32, n*n)}
	// the cages, then the cells of each innie or outie tried: on 200
	// generated killers, 56 to 118 of them, 83 the median, 23 of them
	// cages; room for them all at once spares the map's growing
	seen := 0
	if len(cages) > 0 {
		seen = len(cages) + 8*n
	}
	imp.seen = make(map[cellSet]bool, seen)
	if len(cages) > 0 {
		for _, c := range cages {
			imp.seen[setOf(c.Cells)] = true
		}
		apart := cages
		if over := Overlapping(n, cages); over != nil {
			apart = nil
			for k, c := range cages {
				if !over[k] {
					apart = append(apart, c)
				}
			}
		}
		imp.sums(apart)
		for _, c := range cages {
			if len(c.Cells) == 2 {
				out.Sums = append(out.Sums, PairSum{c.Cells[0], c.Cells[1], c.Sum, true})
				out.WideSums = append(out.WideSums, false)
				out.SumWhy = append(out.SumWhy, "cage")
			}
		}
		for k, c := range out.Cages {
			if len(c.Cells) == 2 {
				out.Sums = append(out.Sums, PairSum{c.Cells[0], c.Cells[1], c.Sum, true})
				out.WideSums = append(out.WideSums, out.WideCages[k])
				out.SumWhy = append(out.SumWhy, out.CageWhy[k])
			}
		}
		out.Peers = make([][]int32, 0, len(cages)+len(out.Cages))
		for _, c := range cages {
			out.Peers = append(out.Peers, imp.peers(c.Cells))
		}
		for _, c := range out.Cages {
			out.Peers = append(out.Peers, imp.peers(c.Cells))
		}
	}
	if Regions.Get(r) != nil {
		imp.leftovers(Regions.Get(r))
	}
	return out
}

// Overlapping reports, per cage of a grid of size n, whether it shares a
// cell with another cage; nil when none does (the usual case). The 45 rule
// counts only the cages that share none, since it adds up each cell of a
// group once: to it a cell of two cages is a cell of no cage.
func Overlapping(n int, cages []Cage) []bool {
	count := make([]uint8, n*n)
	for _, c := range cages {
		for _, x := range c.Cells {
			count[x] = min(count[x]+1, 2)
		}
	}
	var out []bool
	for k, c := range cages {
		if slices.ContainsFunc(c.Cells, func(x int32) bool { return count[x] > 1 }) {
			if out == nil {
				out = make([]bool, len(cages))
			}
			out[k] = true
		}
	}
	return out
}

// cellSet is a set of cells of a grid of up to 256 cells, the grids whose
// cages may have a sum (MaxSumN).
type cellSet [4]uint64

func setOf(cells []int32) cellSet {
	var s cellSet
	for _, x := range cells {
		s[x/64] |= 1 << (x % 64)
	}
	return s
}

// implier collects the constraints of Imply.
type implier struct {
	n    int
	u    *RuleUnits
	out  *Implied
	seen map[cellSet]bool // the cells of the cages and sums so far
	mark []int32          // scratch, one per cell, zero between uses
	wide bool             // the groups now are of two units or more
}

// peers returns the cells outside cells that are peers of all of them.
func (imp *implier) peers(cells []int32) []int32 {
	u := imp.u
	for _, x := range cells {
		for _, p := range u.Peers[x] {
			imp.mark[p]++
		}
	}
	common := 0
	for _, p := range u.Peers[cells[0]] {
		if imp.mark[p] == int32(len(cells)) {
			common++
		}
	}
	out := make([]int32, 0, common)
	for _, p := range u.Peers[cells[0]] {
		if imp.mark[p] == int32(len(cells)) {
			out = append(out, p)
		}
	}
	for _, x := range cells {
		for _, p := range u.Peers[x] {
			imp.mark[p] = 0
		}
	}
	return out
}

// sums adds the innies and outies of every group of units (see Imply):
// the units of N cells, then the windows of 2 to N-1 rows, and of columns,
// each window grown from the one a row (column) shorter.
func (imp *implier) sums(cages []Cage) {
	n := imp.n
	of := make([]int32, n*n) // 1 + the index in cages of each cell's cage
	for k, c := range cages {
		for _, x := range c.Cells {
			of[x] = int32(k + 1)
		}
	}
	g := groupSums{imp: imp, cages: cages, of: of, in: make([]bool, n*n), touched: make([]bool, len(cages)), inside: make([]int, len(cages))}
	for u, unit := range imp.u.Units {
		g.add(unit)
		g.name = imp.u.Labels[u]
		g.eval(1)
		g.reset()
	}
	imp.wide = true
	line := make([]int32, n)
	for _, cols := range []bool{false, true} {
		for first := 0; first < n-1; first++ {
			for k := 1; first+k <= n && k < n; k++ {
				for i := range line {
					if cols {
						line[i] = int32(i*n + first + k - 1)
					} else {
						line[i] = int32((first+k-1)*n + i)
					}
				}
				g.add(line)
				if k > 1 {
					g.name = windowName(cols, first, k)
					g.eval(k)
				}
			}
			g.reset()
		}
	}
}

// groupSums holds the group of cells that implier.sums looks at, and
// scratch space.
type groupSums struct {
	imp     *implier
	cages   []Cage
	of      []int32 // 1 + the index in cages of each cell's cage
	cells   []int32 // the group
	in      []bool  // the cells of the group
	covered bool    // every cell of the group is in a cage with a sum
	meet    []int   // the cages that meet the group
	inside  []int   // per cage met: its cells in the group
	touched []bool  // per cage: met
	list    []int32
	name    string // the group, for CageWhy and SumWhy: "row 3", "rows 1-3"
}

// windowName names the window of k rows (columns when cols) from first,
// 0-based: "rows 1-3".
func windowName(cols bool, first, k int) string {
	what := "rows "
	if cols {
		what = "columns "
	}
	return what + strconv.Itoa(first+1) + "-" + strconv.Itoa(first+k)
}

// add adds cells to the group.
func (g *groupSums) add(cells []int32) {
	if len(g.cells) == 0 {
		g.covered = true
	}
	for _, x := range cells {
		g.in[x] = true
		g.cells = append(g.cells, x)
		c := g.of[x] - 1
		if c < 0 {
			g.covered = false
			continue
		}
		if !g.touched[c] {
			g.touched[c] = true
			g.meet = append(g.meet, int(c))
		}
		g.inside[c]++
	}
}

// reset empties the group.
func (g *groupSums) reset() {
	for _, c := range g.meet {
		g.touched[c] = false
		g.inside[c] = 0
	}
	for _, x := range g.cells {
		g.in[x] = false
	}
	g.meet, g.cells = g.meet[:0], g.cells[:0]
}

// eval adds the innies and outies of the group, which holds k units.
func (g *groupSums) eval(k int) {
	n := g.imp.n
	total := k * n * (n + 1) / 2
	inner, innerSum, innerCells, outerSum, outies := 0, 0, 0, 0, 0
	for _, c := range g.meet {
		size := len(g.cages[c].Cells)
		outerSum += g.cages[c].Sum
		if g.inside[c] == size {
			inner++
			innerSum += g.cages[c].Sum
			innerCells += size
		} else {
			outies += size - g.inside[c]
		}
	}
	if innies := len(g.cells) - innerCells; inner > 0 && innies > 0 && innies <= n {
		g.list = g.list[:0]
		for _, x := range g.cells {
			if c := g.of[x] - 1; c < 0 || g.inside[c] < len(g.cages[c].Cells) {
				g.list = append(g.list, x)
			}
		}
		g.imp.sum(g.list, total-innerSum, "innies of "+g.name)
	}
	if g.covered && outies > 0 && outies <= n {
		g.list = g.list[:0]
		for _, c := range g.meet {
			for _, x := range g.cages[c].Cells {
				if !g.in[x] {
					g.list = append(g.list, x)
				}
			}
		}
		g.imp.sum(g.list, outerSum-total, "outies of "+g.name)
	}
}

// sum adds the constraint that cells add up to sum, when it is one that
// Imply keeps; why says where it comes from.
func (imp *implier) sum(cells []int32, sum int, why string) {
	n := imp.n
	if len(cells) == 0 || len(cells) > n {
		return
	}
	set := setOf(cells)
	if imp.seen[set] {
		return
	}
	imp.seen[set] = true // the same cells again give the same answer
	peers := allPeers(imp.u, cells)
	if !peers && len(cells) != 2 {
		return
	}
	lo, hi := SumRange(n, len(cells))
	if !peers {
		lo, hi = 2, 2*n
	}
	if sum < lo || sum > hi || peers && setCount(n, len(cells), sum) > maxImpliedSets {
		return
	}
	cells = slices.Clone(cells)
	slices.Sort(cells)
	if peers {
		imp.out.Cages = append(imp.out.Cages, Cage{Cells: cells, Sum: sum})
		imp.out.WideCages = append(imp.out.WideCages, imp.wide)
		imp.out.CageWhy = append(imp.out.CageWhy, why)
		return
	}
	imp.out.Sums = append(imp.out.Sums, PairSum{cells[0], cells[1], sum, false})
	imp.out.WideSums = append(imp.out.WideSums, imp.wide)
	imp.out.SumWhy = append(imp.out.SumWhy, why)
}

// setCounts holds, per grid size n, the number of sets of k distinct
// digits from 1 to n that add up to each sum: [k][sum].
var setCounts sync.Map // int -> [][]int

// setCount returns len(Combinations(n, k, sum)) without listing them.
func setCount(n, k, sum int) int {
	t, ok := setCounts.Load(n)
	if !ok {
		top := n * (n + 1) / 2
		c := make([][]int, n+1)
		for j := range c {
			c[j] = make([]int, top+1)
		}
		c[0][0] = 1
		for d := 1; d <= n; d++ { // sets of digits up to d
			for j := d; j >= 1; j-- {
				for s := top; s >= d; s-- {
					c[j][s] += c[j-1][s-d]
				}
			}
		}
		t, _ = setCounts.LoadOrStore(n, c)
	}
	c := t.([][]int)
	if k < 0 || k >= len(c) || sum < 0 || sum >= len(c[k]) {
		return 0
	}
	return c[k][sum]
}

// leftovers adds the leftovers of every window of rows and of columns
// (see Imply).
func (imp *implier) leftovers(regions []uint8) {
	n := imp.n
	limit := max(1, min(2*n/3, maxLeftover))
	// count[line][region]: the cells of each region in each row, then in
	// each column
	count := make([][2][]int, n)
	for line := range count {
		count[line] = [2][]int{make([]int, n), make([]int, n)}
	}
	for i, reg := range regions {
		count[i/n][0][reg]++
		count[i%n][1][reg]++
	}
	shared := make([]int, n)
	order := make([]int, n)
	chosen := make([]bool, n)
	for side := range 2 {
		for k := 1; k < n; k++ {
			for first := 0; first+k <= n; first++ {
				clear(shared)
				for line := first; line < first+k; line++ {
					for reg, c := range count[line][side] {
						shared[reg] += c
					}
				}
				for i := range order {
					order[i] = i
				}
				slices.SortStableFunc(order, func(a, b int) int { return shared[b] - shared[a] })
				inside := 0
				for _, reg := range order[:k] {
					inside += shared[reg]
				}
				if size := k*n - inside; size == 0 || size > limit {
					continue
				}
				clear(chosen)
				for _, reg := range order[:k] {
					chosen[reg] = true
				}
				var a, b []int32
				for i, reg := range regions {
					line := i / n
					if side == 1 {
						line = i % n
					}
					switch win := line >= first && line < first+k; {
					case win && !chosen[reg]:
						a = append(a, int32(i))
					case !win && chosen[reg]:
						b = append(b, int32(i))
					}
				}
				if !slices.ContainsFunc(imp.out.Same, func(l Leftover) bool { return slices.Equal(l.A, a) && slices.Equal(l.B, b) }) {
					imp.out.Same = append(imp.out.Same, Leftover{a, b})
				}
			}
		}
	}
}

// allPeers reports whether every two of cells must hold different digits.
func allPeers(u *RuleUnits, cells []int32) bool {
	for i, a := range cells {
		for _, b := range cells[i+1:] {
			if _, ok := slices.BinarySearch(u.Peers[a], b); !ok {
				return false
			}
		}
	}
	return true
}
