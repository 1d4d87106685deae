package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
	"github.com/sudokugen/sudokugen/internal/search"
	"github.com/sudokugen/sudokugen/rate"
	"github.com/sudokugen/sudokugen/sat"

	// the kinds of rules, whose layouts this package makes: their table
	// is full before this package's own variables are set
	_ "github.com/sudokugen/sudokugen/rules"
)

// Variant says which variant puzzles to make; the zero value is classic.
// Several may combine, as "jigsaw,x" or "killer,hyper". The variants are
// the layouts of the kinds of rules (grid.Layouts): each says how its
// rules come about for a new puzzle.
type Variant struct {
	set uint64 // bit k: grid.Layouts()[k]
	// Pure makes puzzles with no givens at all, of a layout that has a
	// pure form (see grid.Layout.Split): pure-killer, whose cages are
	// split until they alone make the puzzle unique.
	Pure bool
}

// layouts are grid.Layouts, which never change.
var layouts = grid.Layouts()

// IsZero reports whether v asks for classic puzzles.
func (v Variant) IsZero() bool { return v == Variant{} }

// Has reports whether v makes the variant of that name ("killer").
func (v Variant) Has(name string) bool {
	for k, l := range layouts {
		if l.Name == name {
			return v.set&(1<<k) != 0
		}
	}
	return false
}

// MakesRegions reports whether v makes the puzzle's own regions (see
// grid.Layout.Regions): the variants a grid without boxes can be made
// with.
func (v Variant) MakesRegions() bool {
	for k, l := range layouts {
		if v.set&(1<<k) != 0 && l.Regions {
			return true
		}
	}
	return false
}

// splitter returns the layout of v that has a pure form (see
// grid.Layout.Split), nil for none.
func (v Variant) splitter() *grid.Layout {
	for k, l := range layouts {
		if v.set&(1<<k) != 0 && l.Split != nil {
			return l
		}
	}
	return nil
}

// names returns the names of the variants of v, in the table's order.
func (v Variant) names() []string {
	var out []string
	for k, l := range layouts {
		if v.set&(1<<k) != 0 {
			out = append(out, l.Name)
		}
	}
	return out
}

// String returns the names of v joined by commas, "pure" last for pure
// killer, "classic" for none.
func (v Variant) String() string {
	out := v.names()
	if v.Pure {
		out = append(out, "pure")
	}
	if len(out) == 0 {
		return "classic"
	}
	return strings.Join(out, ",")
}

// MarshalBinary writes v as its names (String), for the worker processes'
// wire (gob), which sees exported fields only.
func (v Variant) MarshalBinary() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalBinary reads what MarshalBinary wrote.
func (v *Variant) UnmarshalBinary(data []byte) error {
	w, err := ParseVariant(string(data))
	*v = w
	return err
}

// VariantNames lists the variants ParseVariant takes, for help: each with
// what it is when gloss is set.
func VariantNames(gloss bool) string {
	var out []string
	for _, l := range layouts {
		name := l.Name
		if gloss && l.Gloss != "" {
			name += " (" + l.Gloss + ")"
		}
		out = append(out, name)
		if l.Split != nil {
			pure := "pure-" + l.Name
			if gloss {
				pure += " (" + l.PureGloss + ")"
			}
			out = append(out, pure)
		}
	}
	return strings.Join(out, ", ")
}

// ParseVariant reads names separated by commas, ignoring case, spaces and
// hyphens: the names of grid.Layouts and their aliases (killer, jigsaw or
// irregular, x or diagonal, hyper or windoku, disjoint, anti-king,
// anti-knight...), pure-killer (a killer puzzle without givens), or
// classic.
func ParseVariant(s string) (Variant, error) {
	var v Variant
	squash := strings.NewReplacer("-", "", " ", "", "_", "").Replace
	for _, part := range strings.Split(s, ",") {
		name := squash(strings.ToLower(part))
		switch name {
		case "classic", "":
			continue
		case "pure":
			v.Pure = true
			continue
		}
		k := slices.IndexFunc(layouts, func(l *grid.Layout) bool {
			return squash(l.Name) == name || slices.Contains(l.Aliases, name)
		})
		if k < 0 {
			// the pure form of a layout that has one: pure-killer
			k = slices.IndexFunc(layouts, func(l *grid.Layout) bool {
				return l.Split != nil && (name == "pure"+squash(l.Name) || slices.ContainsFunc(l.Aliases, func(a string) bool { return name == "pure"+a }))
			})
			v.Pure = v.Pure || k >= 0
		}
		if k < 0 {
			return v, fmt.Errorf("unknown variant %q: want %s, or several joined by commas", strings.TrimSpace(part), VariantNames(false))
		}
		v.set |= 1 << k
	}
	return v, nil
}

// check reports a variant that cannot be made on shape s.
func (v Variant) check(s grid.Shape) error {
	if v.Pure && v.splitter() == nil {
		var pure []string
		for _, l := range layouts {
			if l.Split != nil {
				pure = append(pure, "pure-"+l.Name+": "+l.Name+" without givens")
			}
		}
		return errors.New("variant pure is " + strings.Join(pure, ", or "))
	}
	names := v.names()
	for k, l := range layouts {
		if v.set&(1<<k) != 0 && l.Refuse != nil {
			if err := l.Refuse(s, names); err != nil {
				return err
			}
		}
	}
	return nil
}

// varies reports whether the rules of v differ from puzzle to puzzle
// (jigsaw regions, cages): then no solver of their encoding is reused.
func (v Variant) varies() bool {
	for k, l := range layouts {
		if v.set&(1<<k) != 0 && l.Varies() {
			return true
		}
	}
	return false
}

// fixedRules returns the rules of v that do not depend on the grid: the
// diagonals, windows, disjoint groups and moves.
func (v Variant) fixedRules(s grid.Shape) *grid.Rules {
	r := grid.NewRules()
	for k, l := range layouts {
		if v.set&(1<<k) != 0 && l.Fixed != nil {
			l.Fixed(s, r)
		}
	}
	return r
}

// before and after draw the rules of v that come before the grid is
// filled (jigsaw regions) and from the filled grid (cages).
func (v Variant) before(rng *rand.Rand, s grid.Shape, r *grid.Rules) {
	for k, l := range layouts {
		if v.set&(1<<k) != 0 && l.Before != nil {
			l.Before(rng, s, r)
		}
	}
}

func (v Variant) after(rng *rand.Rand, full grid.Grid, r *grid.Rules) {
	for k, l := range layouts {
		if v.set&(1<<k) != 0 && l.After != nil {
			l.After(rng, full, r)
		}
	}
}

// Search budgets of the variant path, in nodes: filling a grid (tried
// again from the start in another random order, up to variantFillTries
// times), and deciding one removal before the SAT solver does. A random
// fill either finds a grid quickly or wanders for long: on 100 random 9x9
// jigsaw regions, one try of 20,000 nodes each left 13 unfilled in 2.0 s,
// 50 tries of 100 nodes left 2 in 0.8 s.
//
// A removal the search cannot settle goes to gophersat, which is slower
// than the search on the questions that need many nodes: minimal
// nonconsecutive puzzles keep about 7 givens, and whether one of them can
// go takes the search up to some 50,000 nodes and gophersat several times
// as long. With 100,000 nodes in place of 5,000, 9x9 nonconsecutive puzzles
// took 2.7 times less processor time, 16x16 X and whispers 1.9 and 2.7
// times less, and the other 9x9 variants the same (a removal's answer is
// exact whoever gives it, so the puzzles are the same bytes). Pure killer
// keeps its own budget (pureNodes): there the solver's second solution
// says which cage is split, so who finds it shapes the puzzle. Rules whose
// search nodes are cheap (rulesearch.Model.Light: links and units alone,
// as nonconsecutive) get lightRemoveNodes: on 10 nonconsecutive puzzles
// 300,000, 1,000,000 and 3,000,000 nodes took 1.4 times less processor
// time than 100,000 (the reused solver answered what the search gave up
// on in 0.2-0.5 s, the time of some 300,000 nodes).
const (
	variantFillNodes   = 100
	variantFillTries   = 50
	variantRemoveNodes = 100_000
	pureNodes          = 20_000
	lightRemoveNodes   = 1_000_000
)

// removeNodes returns the node budget of one removal's search.
func (vr *variantRemover) removeNodes() int {
	if vr.search.Light() {
		return lightRemoveNodes
	}
	return variantRemoveNodes
}

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
		v.after(rng, full, rules)
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
		unique, err := g.variantUnique(ctx, v, p, full, vr.search != nil && vr.search.Light(), opts.Check)
		if err != nil {
			return Puzzle{}, err
		}
		if !unique {
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

// variantUnique is the proof that p has no solution but full: with a
// Prover, a puzzle of N givens or fewer whose rules' search nodes are
// cheap (rulesearch.Model.Light: links and units alone, as
// nonconsecutive) is proved first by the search's own DRAT proof,
// checked (verify.Verifier.ProveUnique), where the search settles in a
// few hundred thousand nodes what gophersat takes longer over; the rest
// goes to gophersat (solverUnique). With check (--check sat) gophersat
// proves what the search did too, and a difference is an error.
//
// On 20 minimal 9x9 nonconsecutive puzzles of 6 to 9 givens, the
// search's proofs took 7.0 s with their checks, where gophersat took
// some 9.5 s, and generation 1.26 times less time. With the search's
// proofs for every puzzle, generation took 1.1 to 5 times longer on X,
// hyper, disjoint, the moves, kropki, whispers, thermometers, renban,
// arrows and killers: more givens, or nodes that cost more, and the CNF
// loaded into the checker for each puzzle.
func (g *Generator) variantUnique(ctx context.Context, v Variant, p, full grid.Grid, light, check bool) (bool, error) {
	if g.Prover != nil && light && p.Givens() <= p.N() {
		ok, err := g.Prover.ProveUnique(ctx, p, full)
		if err != nil || ok && !check {
			return ok, err
		}
		if ok && !g.solverUnique(v, p, full) {
			return false, fmt.Errorf("%w: whether %s puzzle %s is unique: the search's proof checks, gophersat finds another solution", ErrCheck, p.Rules.Name(), p)
		}
		if ok {
			return true, nil
		}
	}
	return g.solverUnique(v, p, full), nil
}

// solverUnique is gophersat's proof that p has no solution but full. The
// rules of X, hyper, disjoint and the moves are the same for every puzzle
// of a shape, so a solver of their encoding is kept and reused, givens as
// assumptions, as for classic puzzles (rebuilt every rebuildAfter grids);
// jigsaw regions and cages differ from puzzle to puzzle, and their CNF,
// propagated, goes to a fresh solver (sat.Unique). On minimal X puzzles
// the reused solver took a third of the time of a fresh one.
//
// A puzzle of fewer than 3N/2 givens goes to a fresh solver too: its
// proof is long, and the reused solver, carrying what it learned on other
// puzzles, was slower at it. On 12 minimal 9x9 nonconsecutive puzzles of 6
// to 9 givens the fresh solver took 2.7 times less time than the reused
// one, on 12 anti-knight puzzles of 12 to 15 givens 1.7 times less; but
// below 2N givens it also took minimal X and hyper puzzles (14 to 21
// givens), for which generate then took 15 % more processor time.
func (g *Generator) solverUnique(v Variant, p, full grid.Grid) bool {
	if v.varies() || 2*p.Givens() < 3*p.N() {
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

// fixedKey names the rules of a variant whose rules do not vary.
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
	search *rulesearch.Search
}

// unique reports whether p (which full solves) has full as its only
// solution, given that it did with the cells of orbit filled in: the
// search looks for a solution that differs from full in the orbit, within
// its budget, and the solver decides what it gives up on. With check the
// solver decides every removal again, and a difference is an error.
func (vr *variantRemover) unique(p grid.Grid, orbit []int) (bool, error) {
	sol := vr.full.Cells
	res := search.None
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
		out, _ := vr.search.Second(q, sol, x, vr.removeNodes(), vr.ctx.Done())
		if err := vr.ctx.Err(); err != nil {
			return false, err // stopped: gophersat, which cannot be, is not asked
		}
		if out == search.Found {
			res = search.Found
			break
		}
		if out == search.Unknown {
			res = search.Unknown
		}
	}
	if res != search.Unknown && !vr.check {
		return res == search.None, nil
	}
	if vr.solver == nil {
		vr.solver = sat.NewRules(p.Shape, p.Rules)
	}
	ok := vr.solver.Solutions(p, []grid.Grid{vr.full}, 2, nil) == 1
	if res != search.Unknown && ok != (res == search.None) {
		return ok, fmt.Errorf("%w: whether %s puzzle %s is unique: search %v, solver %v", ErrCheck, p.Rules.Name(), p, res == search.None, ok)
	}
	return ok, nil
}

// remove takes clues away one orbit at a time in a random order, keeping a
// removal when the puzzle stays unique, down to a minimal puzzle (over
// orbits) or Options.Clues.
func (vr *variantRemover) remove(rng *rand.Rand, orbs [][]int) (grid.Grid, error) {
	p := vr.full.Clone()
	vr.search = rulesearch.New(rulesearch.NewModel(p.Shape, p.Rules))
	vr.search.LateProbes = true // many short searches
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
	for {
		if err := vr.ctx.Err(); err != nil {
			return p, err
		}
		s := rulesearch.New(rulesearch.NewModel(p.Shape, p.Rules))
		s.LateProbes = true
		r := s.Count(p.Cells, 2, pureNodes, vr.ctx.Done(), nil)
		s.Release()
		s.Model.Release()
		if err := vr.ctx.Err(); err != nil {
			return p, err
		}
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
		p.Rules = vr.opts.Variant.splitter().Split(rng, p.Rules, vr.full, int32(x))
	}
}
