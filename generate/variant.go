package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/variant"
	"github.com/sudokugen/sudokugen/rate"
	"github.com/sudokugen/sudokugen/sat"
)

// Variant says which variant puzzles to make; the zero value is classic.
// Several may combine, as "jigsaw,x" or "killer,hyper".
type Variant struct {
	Killer     bool // random cages with their sums over the full grid
	Jigsaw     bool // random connected regions of N cells instead of boxes
	X          bool // both diagonals hold every digit once
	Hyper      bool // the windows of a hyper (windoku) puzzle do too
	Disjoint   bool // so do the disjoint groups
	AntiKing   bool // cells a king's move apart differ
	AntiKnight bool // cells a knight's move apart differ
	// Pure makes killer puzzles with no givens at all: cages are split
	// until they alone make the puzzle unique.
	Pure bool
}

// variantNames are the names ParseVariant takes, in the order String
// writes them.
var variantNames = []string{"killer", "jigsaw", "x", "hyper", "disjoint", "anti-king", "anti-knight", "pure"}

func (v *Variant) flags() []*bool {
	return []*bool{&v.Killer, &v.Jigsaw, &v.X, &v.Hyper, &v.Disjoint, &v.AntiKing, &v.AntiKnight, &v.Pure}
}

// IsZero reports whether v asks for classic puzzles.
func (v Variant) IsZero() bool { return v == Variant{} }

// String returns the names of v joined by commas, "classic" for none.
func (v Variant) String() string {
	var out []string
	for i, f := range v.flags() {
		if *f {
			out = append(out, variantNames[i])
		}
	}
	if len(out) == 0 {
		return "classic"
	}
	return strings.Join(out, ",")
}

// ParseVariant reads names separated by commas, ignoring case, spaces and
// hyphens: killer, jigsaw (or irregular), x (or diagonal), hyper (or
// windoku), disjoint, anti-king, anti-knight, and pure-killer (a killer
// puzzle without givens), or classic.
func ParseVariant(s string) (Variant, error) {
	var v Variant
	for _, part := range strings.Split(s, ",") {
		name := strings.NewReplacer("-", "", " ", "", "_", "").Replace(strings.ToLower(part))
		switch name {
		case "classic", "":
			continue
		case "irregular":
			name = "jigsaw"
		case "diagonal", "sudokux":
			name = "x"
		case "windoku":
			name = "hyper"
		case "purekiller":
			v.Killer, v.Pure = true, true
			continue
		}
		found := false
		for i, n := range variantNames {
			if strings.ReplaceAll(n, "-", "") == name {
				*v.flags()[i] = true
				found = true
			}
		}
		if !found {
			return v, fmt.Errorf("unknown variant %q: want killer, pure-killer, jigsaw, x, hyper, disjoint, anti-king, anti-knight, or several joined by commas", strings.TrimSpace(part))
		}
	}
	return v, nil
}

// MaxJigsawN and MaxKillerN are the largest sizes generate makes jigsaw
// and killer puzzles of. Measured one at a time: a minimal 12x12 jigsaw
// takes about 60 ms, a 12x12 killer about 0.25 s (four seeds; 1.2 s and
// 3.3 s before the implied constraints of package internal/variant); of
// three 16x16 jigsaws one took 31 s and two more than two minutes, and two
// 16x16 killers more than two minutes each.
const (
	MaxJigsawN = 12
	MaxKillerN = 12
)

// check reports a variant that cannot be made on shape s.
func (v Variant) check(s grid.Shape) error {
	n := s.N()
	switch {
	case v.Pure && !v.Killer:
		return errors.New("variant pure is pure-killer: killer without givens")
	case v.Jigsaw && v.Disjoint:
		return errors.New("variants jigsaw and disjoint do not combine: disjoint groups follow the boxes, which a jigsaw has none of")
	case v.Jigsaw && n > MaxJigsawN:
		return fmt.Errorf("jigsaw puzzles are made up to %dx%d", MaxJigsawN, MaxJigsawN)
	case v.Killer && n > MaxKillerN:
		return fmt.Errorf("killer puzzles are made up to %dx%d", MaxKillerN, MaxKillerN)
	case v.Hyper && s.Boxless():
		return fmt.Errorf("a %dx%d grid has no boxes, so no room for hyper windows", n, n)
	case v.Hyper && len(grid.Windows(s)) == 0:
		return fmt.Errorf("a %s grid has no room for hyper windows", s)
	}
	return nil
}

// fixedRules returns the rules of v that do not depend on the grid: the
// diagonals, windows, disjoint groups and moves.
func (v Variant) fixedRules(s grid.Shape) *grid.Rules {
	n := s.N()
	r := &grid.Rules{AntiKing: v.AntiKing, AntiKnight: v.AntiKnight}
	if v.X {
		r.Extra = append(r.Extra, grid.Group{Kind: grid.GroupDiagonal, Cells: grid.Diagonal(n)},
			grid.Group{Kind: grid.GroupAntiDiagonal, Cells: grid.AntiDiagonal(n)})
	}
	if v.Hyper {
		for _, w := range grid.Windows(s) {
			r.Extra = append(r.Extra, grid.Group{Kind: grid.GroupWindow, Cells: w})
		}
	}
	if v.Disjoint {
		for _, d := range grid.DisjointGroups(s) {
			r.Extra = append(r.Extra, grid.Group{Kind: grid.GroupDisjoint, Cells: d})
		}
	}
	return r
}

// Search budgets of the variant path, in nodes: filling a grid (tried
// again from the start in another random order, up to variantFillTries
// times), and deciding one removal before the SAT solver does. A random
// fill either finds a grid quickly or wanders for long: on 100 random 9x9
// jigsaw regions, one try of 20,000 nodes each left 13 unfilled in 2.0 s,
// 50 tries of 100 nodes left 2 in 0.8 s.
const (
	variantFillNodes   = 100
	variantFillTries   = 50
	variantRemoveNodes = 5000
)

// variantPuzzle is PuzzleContext for a variant (see Options.Variant): a
// random full grid that keeps the variant's rules (on random jigsaw
// regions), random cages over it for killer, then clues removed to
// minimal, or cages split until they alone are unique for pure killer. The
// puzzle's uniqueness is proved by gophersat on the variant's CNF at the
// end, as for classic puzzles.
func (g *Generator) variantPuzzle(ctx context.Context, seed uint64, index int, opts Options) (Puzzle, error) {
	sh, v := opts.Shape, opts.Variant
	rng := rand.New(rand.NewPCG(seed, uint64(index)))
	g.mu.Lock()
	defer g.mu.Unlock()
	orbs := g.orbitsOf(opts.Symmetry, sh.N())
	if opts.Clues > 0 && !sumOfOrbits(orbs, opts.Clues) {
		return Puzzle{}, fmt.Errorf("%w: %d clues cannot be made of whole orbits of symmetry %s on a %s grid",
			ErrCluesUnreachable, opts.Clues, opts.Symmetry, sh)
	}
	attempts := opts.Attempts
	if attempts == 0 {
		attempts = DefaultAttempts
	}
	fewest := -1
	for range attempts {
		if err := ctx.Err(); err != nil {
			return Puzzle{}, err
		}
		rules, cells, ok := fillVariant(rng, sh, v)
		if !ok {
			continue // no grid in this attempt's tries: new layouts, new fills
		}
		full := grid.Grid{Shape: sh, Cells: cells, Rules: rules}
		if v.Killer {
			rules.Cages = randomCages(rng, full)
		}
		if rules.Empty() {
			full.Rules = nil
		}
		if err := full.Rules.Validate(sh); err != nil {
			return Puzzle{}, fmt.Errorf("generated rules: %w", err)
		}
		vr := &variantRemover{ctx: ctx, opts: opts, full: full, check: opts.Check}
		var p grid.Grid
		var err error
		if v.Pure {
			p, err = vr.pure(rng)
		} else {
			p, err = vr.remove(rng, orbs)
		}
		if err != nil {
			return Puzzle{}, err
		}
		if ctx.Err() != nil {
			return Puzzle{}, ctx.Err()
		}
		full.Rules = p.Rules
		if opts.Clues > 0 && p.Givens() != opts.Clues {
			if c := p.Givens(); fewest < 0 || c < fewest {
				fewest = c
			}
			continue
		}
		if !g.variantUnique(v, p, full) {
			return Puzzle{}, fmt.Errorf("%w: %s puzzle %s has a second solution", ErrNotUnique, v, p)
		}
		out2 := Puzzle{Index: index, Grid: p, Solution: full}
		if opts.Rate {
			out2.Level = rate.Puzzle(p, rate.Options{}).Level.String()
		}
		return out2, nil
	}
	if opts.Clues > 0 {
		return Puzzle{}, fmt.Errorf("%w: no unique %s %s puzzle with %d clues in %d grids; the fewest reached was %d",
			ErrCluesUnreachable, v, size(sh), opts.Clues, attempts, fewest)
	}
	return Puzzle{}, fmt.Errorf("no %s %s grid could be filled in %d attempts", v, size(sh), attempts)
}

// variantUnique is gophersat's proof that p has no solution but full. The
// rules of X, hyper, disjoint and the moves are the same for every puzzle
// of a shape, so a solver of their encoding is kept and reused, givens as
// assumptions, as for classic puzzles (rebuilt every rebuildAfter grids);
// jigsaw regions and cages differ from puzzle to puzzle, and their CNF,
// propagated, goes to a fresh solver (sat.Unique). On minimal X puzzles
// the reused solver took a third of the time of a fresh one.
func (g *Generator) variantUnique(v Variant, p, full grid.Grid) bool {
	if v.Jigsaw || v.Killer {
		return sat.Unique(p, full)
	}
	key := fixedKey{v, p.Shape}
	pl := g.fixed[key]
	if pl == nil || pl.grids >= rebuildAfter {
		pl = &pooled{s: sat.NewRules(p.Shape, p.Rules)}
		if g.fixed == nil {
			g.fixed = map[fixedKey]*pooled{}
		}
		g.fixed[key] = pl
	}
	pl.grids++
	return pl.s.Solutions(p, []grid.Grid{full}, 2, nil) == 1
}

// fixedKey names the rules of a variant without jigsaw or killer.
type fixedKey struct {
	v  Variant
	sh grid.Shape
}

// variantRemover takes clues (or, for pure killer, cage borders) away
// from a full grid of a variant.
type variantRemover struct {
	ctx    context.Context
	opts   Options
	full   grid.Grid
	check  bool
	solver *sat.Solver // built on first use
	search *variant.Search
}

// unique reports whether p (which full solves) has full as its only
// solution, given that it did with the cells of orbit filled in: the
// search looks for a solution that differs from full in the orbit, within
// its budget, and the solver decides what it gives up on. With check the
// solver decides every removal again, and a difference is an error.
func (vr *variantRemover) unique(p grid.Grid, orbit []int) (bool, error) {
	sol := vr.full.Cells
	res := variant.None
	for _, x := range orbit {
		// the cases: the cells of orbit before x agree with full, x does not
		q := p.Cells
		if len(orbit) > 1 {
			q = slices.Clone(p.Cells)
			for _, y := range orbit {
				if y == x {
					break
				}
				q[y] = sol[y]
			}
		}
		out, _ := vr.search.Second(q, sol, x, variantRemoveNodes)
		if out == variant.Found {
			res = variant.Found
			break
		}
		if out == variant.Unknown {
			res = variant.Unknown
		}
	}
	if res != variant.Unknown && !vr.check {
		return res == variant.None, nil
	}
	if vr.solver == nil {
		vr.solver = sat.NewRules(p.Shape, p.Rules)
	}
	ok := vr.solver.Solutions(p, []grid.Grid{vr.full}, 2, nil) == 1
	if res != variant.Unknown && ok != (res == variant.None) {
		return ok, fmt.Errorf("%w: whether %s puzzle %s is unique: search %v, solver %v", ErrCheck, p.Rules.Name(), p, res == variant.None, ok)
	}
	return ok, nil
}

// remove takes clues away one orbit at a time in a random order, keeping a
// removal when the puzzle stays unique, down to a minimal puzzle (over
// orbits) or Options.Clues.
func (vr *variantRemover) remove(rng *rand.Rand, orbs [][]int) (grid.Grid, error) {
	p := vr.full.Clone()
	vr.search = variant.New(variant.NewModel(p.Shape, p.Rules))
	clues := len(p.Cells)
	target := vr.opts.Clues
	for _, k := range rng.Perm(len(orbs)) {
		if target > 0 && clues <= target || vr.ctx.Err() != nil {
			break
		}
		orbit := orbs[k]
		if target > 0 && clues-len(orbit) < target {
			continue
		}
		for _, x := range orbit {
			p.Cells[x] = 0
		}
		ok, err := vr.unique(p, orbit)
		if err != nil {
			return p, err
		}
		if ok {
			clues -= len(orbit)
			continue
		}
		for _, x := range orbit {
			p.Cells[x] = vr.full.Cells[x]
		}
	}
	return p, nil
}

// pure makes a killer puzzle without givens: while the cages alone leave a
// second solution, a cage in which it differs from the full grid is split
// in two, until they do not. Single cells are the last resort: a cage of
// one cell is a given in all but name, and the loop ends at the latest
// when every cage has one cell.
func (vr *variantRemover) pure(rng *rand.Rand) (grid.Grid, error) {
	p := grid.New(vr.full.Shape)
	p.Rules = vr.full.Rules
	n := p.N()
	for {
		if err := vr.ctx.Err(); err != nil {
			return p, err
		}
		s := variant.New(variant.NewModel(p.Shape, p.Rules))
		r := s.Count(p.Cells, 2, variantRemoveNodes*4, nil, nil)
		var other []uint8
		switch {
		case r.Count >= 2:
			other = r.First[1]
			if slices.Equal(other, vr.full.Cells) {
				other = r.First[0]
			}
		case r.Complete && r.Count == 1:
			if vr.check && !sat.Unique(p, vr.full) {
				return p, fmt.Errorf("%w: pure killer %s: search unique, solver not", ErrCheck, p)
			}
			return p, nil
		default:
			// the search gave up: a fresh solver finds a second solution
			// or proves there is none (a fresh solver answers the same
			// every time, so the puzzle stays reproducible)
			sv := sat.NewRules(p.Shape, p.Rules)
			found := false
			sv.Solutions(p, []grid.Grid{vr.full}, 2, func(sol grid.Grid) {
				other, found = sol.Cells, true
			})
			if !found {
				return p, nil
			}
		}
		// split the cages where the second solution differs, the cell of
		// the first difference in a random one of them first
		var diff []int
		for i := range other {
			if other[i] != vr.full.Cells[i] {
				diff = append(diff, i)
			}
		}
		x := diff[rng.IntN(len(diff))]
		p.Rules = splitCage(rng, p.Rules, vr.full, int32(x), n)
	}
}

// splitCage returns rules whose cage holding cell x is split in two
// connected parts (x's part grown from x to about half the cage); a cage
// of one cell cannot be split, and then a neighbouring cage of x's
// neighbours is split instead, which cannot happen for long: the second
// solution differs from the grid in at least two cells.
func splitCage(rng *rand.Rand, r *grid.Rules, full grid.Grid, x int32, n int) *grid.Rules {
	nr := *r
	nr.Cages = slices.Clone(r.Cages)
	k := slices.IndexFunc(nr.Cages, func(c grid.Cage) bool { return slices.Contains(c.Cells, x) })
	if k < 0 || len(nr.Cages[k].Cells) < 2 {
		return &nr
	}
	c := nr.Cages[k]
	in := map[int32]bool{}
	for _, y := range c.Cells {
		in[y] = true
	}
	part := []int32{x}
	taken := map[int32]bool{x: true}
	want := max(1, len(c.Cells)/2)
	for len(part) < want {
		var next []int32
		for _, y := range part {
			for _, z := range orth(n, y) {
				if in[z] && !taken[z] {
					next = append(next, z)
				}
			}
		}
		if len(next) == 0 {
			break
		}
		z := next[rng.IntN(len(next))]
		taken[z] = true
		part = append(part, z)
	}
	var rest []int32
	for _, y := range c.Cells {
		if !taken[y] {
			rest = append(rest, y)
		}
	}
	sum := func(cells []int32) int {
		s := 0
		for _, y := range cells {
			s += int(full.Cells[y])
		}
		return s
	}
	slices.Sort(part)
	nr.Cages[k] = grid.Cage{Cells: part, Sum: sum(part)}
	for _, comp := range components(n, rest) {
		nr.Cages = append(nr.Cages, grid.Cage{Cells: comp, Sum: sum(comp)})
	}
	return &nr
}

// orthTables holds orth's answers per grid size, built on first use.
var orthTables sync.Map // int -> [][]int32

// orth returns the cells orthogonally next to cell i of a grid of size n.
// The slice is shared: callers must not change it.
func orth(n int, i int32) []int32 {
	if t, ok := orthTables.Load(n); ok {
		return t.([][]int32)[i]
	}
	t := make([][]int32, n*n)
	for k := range t {
		t[k] = orthOf(n, int32(k))
	}
	v, _ := orthTables.LoadOrStore(n, t)
	return v.([][]int32)[i]
}

func orthOf(n int, i int32) []int32 {
	r, c := int(i)/n, int(i)%n
	var out []int32
	if r > 0 {
		out = append(out, i-int32(n))
	}
	if c > 0 {
		out = append(out, i-1)
	}
	if c < n-1 {
		out = append(out, i+1)
	}
	if r < n-1 {
		out = append(out, i+int32(n))
	}
	return out
}

// components splits cells into their orthogonally connected parts, each
// sorted, in the order of their first cells.
func components(n int, cells []int32) [][]int32 {
	in := map[int32]bool{}
	for _, c := range cells {
		in[c] = true
	}
	seen := map[int32]bool{}
	var out [][]int32
	for _, c := range cells {
		if seen[c] {
			continue
		}
		comp := []int32{c}
		seen[c] = true
		for k := 0; k < len(comp); k++ {
			for _, z := range orth(n, comp[k]) {
				if in[z] && !seen[z] {
					seen[z] = true
					comp = append(comp, z)
				}
			}
		}
		slices.Sort(comp)
		out = append(out, comp)
	}
	return out
}

// randomCages covers full grid g with random cages of orthogonally
// connected cells, none with a repeated digit: from each cell not yet in a
// cage, in a random order, a cage grows by random neighbours to a random
// size of 2 to 5 cells (2 to 4 below 9x9, never more than N). A cell left
// alone joins a neighbouring cage that lacks its digit and has room; else
// it stays a cage of one cell.
func randomCages(rng *rand.Rand, g grid.Grid) []grid.Cage {
	n := g.N()
	maxSize := min(n, 5)
	if n < 9 {
		maxSize = min(n, 4)
	}
	of := make([]int, n*n)
	for i := range of {
		of[i] = -1
	}
	var cages [][]int32
	var digits []uint64
	for _, start := range rng.Perm(n * n) {
		if of[start] >= 0 {
			continue
		}
		size := 2 + rng.IntN(maxSize-1)
		cage := []int32{int32(start)}
		used := uint64(1) << g.Cells[start]
		k := len(cages)
		of[start] = k
		for len(cage) < size {
			var next []int32
			for _, y := range cage {
				for _, z := range orth(n, y) {
					if of[z] < 0 && used&(1<<g.Cells[z]) == 0 && !slices.Contains(next, z) {
						next = append(next, z)
					}
				}
			}
			if len(next) == 0 {
				break
			}
			z := next[rng.IntN(len(next))]
			of[z] = k
			used |= 1 << g.Cells[z]
			cage = append(cage, z)
		}
		cages = append(cages, cage)
		digits = append(digits, used)
	}
	// single cells join a neighbour when they can
	for k, cage := range cages {
		if len(cage) != 1 {
			continue
		}
		x := cage[0]
		for _, z := range orth(n, x) {
			j := of[z]
			if j != k && len(cages[j]) > 0 && len(cages[j]) < n && digits[j]&(1<<g.Cells[x]) == 0 {
				cages[j] = append(cages[j], x)
				digits[j] |= 1 << g.Cells[x]
				of[x] = j
				cages[k] = nil
				break
			}
		}
	}
	var out []grid.Cage
	for _, cage := range cages {
		if len(cage) == 0 {
			continue
		}
		slices.Sort(cage)
		sum := 0
		for _, y := range cage {
			sum += int(g.Cells[y])
		}
		out = append(out, grid.Cage{Cells: cage, Sum: sum})
	}
	// in reading order of their first cells, as people list them
	slices.SortFunc(out, func(a, b grid.Cage) int { return int(a.Cells[0] - b.Cells[0]) })
	return out
}

// straightRegion reports whether one of the regions of a grid of size n
// lies in one row or one column.
func straightRegion(n int, regions []uint8) bool {
	row, col := make([]int, n), make([]int, n)
	for k := range row {
		row[k], col[k] = -1, -1
	}
	for i, k := range regions {
		switch {
		case row[k] == -1:
			row[k], col[k] = i/n, i%n
		default:
			if row[k] != i/n {
				row[k] = -2
			}
			if col[k] != i%n {
				col[k] = -2
			}
		}
	}
	for k := range row {
		if row[k] >= 0 || col[k] >= 0 {
			return true
		}
	}
	return false
}

// randomRegions returns random jigsaw regions for shape s: N regions of N
// orthogonally connected cells. They start as the boxes (the rows, on a
// grid without boxes); then, many times
// over, a cell on the border of two regions moves to its neighbour's
// region and a cell of that region on the border moves back, when both
// regions stay connected. Each region's cells are kept in a sorted list,
// so that a move looks at the two regions only.
func randomRegions(rng *rand.Rand, s grid.Shape) []uint8 {
	n := s.N()
	reg := make([]uint8, n*n)
	members := make([][]int32, n)
	for i := range reg {
		reg[i] = uint8((*grid.Rules)(nil).Region(s, i))
		members[reg[i]] = append(members[reg[i]], int32(i))
	}
	// move takes cell x from region from to region to
	move := func(x int32, from, to uint8) {
		reg[x] = to
		m := members[from]
		k, _ := slices.BinarySearch(m, x)
		members[from] = slices.Delete(m, k, k+1)
		m = members[to]
		k, _ = slices.BinarySearch(m, x)
		members[to] = slices.Insert(m, k, x)
	}
	seen := make([]int, n*n) // the pass that last reached each cell
	pass := 0
	stack := make([]int32, 0, n*n)
	connected := func(k uint8) bool {
		pass++
		start := members[k][0]
		seen[start] = pass
		stack = append(stack[:0], start)
		reached := 1
		for len(stack) > 0 {
			y := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, z := range orth(n, y) {
				if reg[z] == k && seen[z] != pass {
					seen[z] = pass
					reached++
					stack = append(stack, z)
				}
			}
		}
		return reached == len(members[k])
	}
	var back []int32
	for range 20 * n * n {
		a := int32(rng.IntN(n * n))
		nb := orth(n, a)
		b := nb[rng.IntN(len(nb))]
		ra, rb := reg[a], reg[b]
		if ra == rb {
			continue
		}
		// cells of rb, other than b's side, that touch ra after a leaves it
		reg[a] = rb
		back = back[:0]
		for _, i := range members[rb] {
			for _, z := range orth(n, i) {
				if reg[z] == ra {
					back = append(back, i)
					break
				}
			}
		}
		reg[a] = ra
		if len(back) == 0 {
			continue
		}
		c := back[rng.IntN(len(back))]
		move(a, ra, rb)
		move(c, rb, ra)
		if !connected(ra) || !connected(rb) {
			move(a, rb, ra)
			move(c, ra, rb)
		}
	}
	// regions numbered in reading order of their first cells
	num := make([]int, n)
	for i := range num {
		num[i] = -1
	}
	next := 0
	out := make([]uint8, n*n)
	for i, r := range reg {
		if num[r] < 0 {
			num[r] = next
			next++
		}
		out[i] = uint8(num[r])
	}
	return out
}
