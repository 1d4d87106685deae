package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rate"
	"github.com/sudokugen/sudokugen/sat"
)

// Options say what puzzles to make. The zero value of every field but
// Shape asks for minimal puzzles without symmetry.
type Options struct {
	Shape    grid.Shape
	Symmetry Symmetry
	// Clues is the number of clues to stop at, for easier puzzles than
	// minimal ones. 0 removes clues until no more can go. When a grid
	// cannot be brought down to Clues, new grids are tried, up to
	// Attempts in all, before Puzzle fails with ErrCluesUnreachable.
	Clues int
	// Attempts bounds the grids tried to reach Clues; 0 means
	// DefaultAttempts.
	Attempts int
	// MaxSolves bounds the SAT solves spent on removing clues from one
	// grid. 0 means no bound below 25x25 and DefaultLargeMaxSolves from
	// 25x25 up; a negative value means no bound at all. Once it is spent,
	// clues are still removed where singles or the search (see remove.go)
	// prove the puzzle stays unique, and kept otherwise: the puzzle is
	// unique but in general not minimal. The budget counts solves, not
	// time, so the result stays reproducible. Grids of 25x25 and up need
	// it: there the removals the search cannot settle take the solver
	// seconds each, and more as the clues thin out.
	MaxSolves int
	// MinScore and MaxScore, when positive, ask for a puzzle whose rating
	// on the Sudoku Explainer scale (package rate) lies between them. The
	// removal is guided: a removal that would lift the puzzle above
	// MaxScore is undone and the pass goes on with the other clues, so the
	// puzzle ends as hard as its grid allows within the bound; a grid whose
	// puzzle stays below MinScore is replaced by a new one, up to Attempts
	// grids (DefaultRatedAttempts when 0), before Puzzle fails with
	// ErrTargetUnreachable.
	MinScore, MaxScore float64
	// Rate rates the puzzle (Puzzle.Score and Puzzle.Level) even when no
	// score is asked for.
	Rate bool
	// Check decides every step again with the SAT solver, as the design
	// states them: each removal kept or undone by a solve with the blocking
	// clause of the solution, each check of the fill that a partial grid
	// can be completed by a solve under its digits. The puzzles are the
	// same; a step where the fast path and the solver differ makes Puzzle
	// fail with ErrCheck, naming the cell. It costs one solve per step.
	Check bool
	// Needs asks for a puzzle whose rating uses a technique of each need
	// (see ParseNeed), with or without a score range. The removal is
	// guided: once the puzzle uses a needed technique, a removal after
	// which it no longer does is undone, as one that would lift it above
	// MaxScore is. A grid whose puzzle still misses a need is replaced, up
	// to Attempts grids (DefaultRatedAttempts when 0), before Puzzle fails
	// with ErrTargetUnreachable.
	Needs []Need
}

// DefaultRatedAttempts is the number of grids tried to reach a score range
// when Options.Attempts is 0.
const DefaultRatedAttempts = 1000

// ErrTargetUnreachable is the error of Puzzle when no grid tried gave a
// puzzle in the score range asked for.
var ErrTargetUnreachable = errors.New("difficulty target unreachable")

// DefaultLargeMaxSolves is the solve budget per grid that Options.MaxSolves
// 0 stands for on grids of 25x25 and up. There the search settles nearly
// every removal, and the few it cannot, late in the pass, take the solver
// seconds each: with 1 a 25x25 puzzle kept 278 clues in 0.3 s, with 10
// 276 in 2 s (one grid).
const DefaultLargeMaxSolves = 1

// solveBudget returns the solve budget per grid that o asks for; 0 means
// no bound.
func (o Options) solveBudget() int {
	switch {
	case o.MaxSolves < 0:
		return 0
	case o.MaxSolves == 0 && o.Shape.N() >= 25:
		return DefaultLargeMaxSolves
	}
	return o.MaxSolves
}

// DefaultAttempts is the number of grids tried to reach Options.Clues when
// Options.Attempts is 0.
const DefaultAttempts = 20

// ErrNotUnique is the error of Puzzle when the SAT solver finds a second
// solution to the puzzle that clue removal made. It would mean a bug in
// removal; it is there so that such a bug can never pass unnoticed.
var ErrNotUnique = errors.New("generated puzzle is not unique")

// ErrCheck is the error of Puzzle, with Options.Check, when the solver
// decides a step of generation otherwise than the fast path did. It would
// mean a bug in the fast path.
var ErrCheck = errors.New("fast path and solver disagree")

// ErrCluesUnreachable is the error of Puzzle when no grid tried could be
// brought down to Options.Clues clues with the puzzle staying unique.
var ErrCluesUnreachable = errors.New("clue count unreachable")

// Puzzle is a generated puzzle with its solution.
type Puzzle struct {
	Index    int       // the index it was generated for
	Puzzle   grid.Grid // the clues; empty cells are 0
	Solution grid.Grid // the only solution
	Score    float64   // rating on the Sudoku Explainer scale, when rated
	Level    string    // "easy" to "extreme", when rated
}

// Generator makes puzzles. It keeps one SAT solver per shape and reuses it,
// so use one Generator for many puzzles. The puzzles do not depend on that
// reuse: a puzzle is a function of (seed, index, options) alone. A Generator
// is safe for concurrent use, but its calls run one at a time (gophersat
// allows one solve per process at a time anyway; see package sat).
type Generator struct {
	mu      sync.Mutex
	solvers map[grid.Shape]*pooled
	layouts map[grid.Shape]*layout
	orbits  map[orbitKey][][]int
}

type pooled struct {
	s     *sat.Solver
	grids int // grids made with s
}

type orbitKey struct {
	sym Symmetry
	n   int
}

// rebuildAfter is the number of grids after which a solver is replaced by
// a fresh one, shedding the learned clauses that slow a long-lived solver.
// Its results do not change either way. Solvers for grids above 9x9 are
// built fresh for every grid: they cost a few milliseconds to build, and
// a 16x16 solver reused across grids took 6.5 ms per solve against 4.5 ms
// fresh (20 grids, one run).
const rebuildAfter = 200

// New returns a Generator with no solvers yet; each is built on first use.
func New() *Generator {
	return &Generator{
		solvers: map[grid.Shape]*pooled{},
		layouts: map[grid.Shape]*layout{},
		orbits:  map[orbitKey][][]int{},
	}
}

func (o Options) validate() error {
	if err := o.Shape.Validate(); err != nil {
		return err
	}
	if !o.Symmetry.valid() {
		return fmt.Errorf("unknown symmetry %d", int(o.Symmetry))
	}
	if cells := o.Shape.Cells(); o.Clues < 0 || o.Clues > cells {
		return fmt.Errorf("clues %d: want 0 (minimal) or 1 to %d for a %s grid", o.Clues, cells, o.Shape)
	}
	if o.Attempts < 0 {
		return fmt.Errorf("attempts %d is negative", o.Attempts)
	}
	if o.MinScore < 0 || o.MaxScore < 0 || (o.MaxScore > 0 && o.MinScore > o.MaxScore) {
		return fmt.Errorf("score range %.1f..%.1f is empty", o.MinScore, o.MaxScore)
	}
	return nil
}

// Puzzle generates puzzle number index of the sequence that seed starts.
// Its errors do not name the index; callers that run many puzzles add it.
// It depends only on (seed, index, opts): its random numbers come from
// rand.NewPCG(seed, index), and every choice that involves the solver rests
// on whether a question is satisfiable, never on which model the solver
// happens to return. So a run can be split by index ranges across
// processes or machines and the pieces concatenated.
//
// The puzzle has exactly one solution. With Clues and MaxSolves 0 it is
// minimal (no clue can go) when Symmetry is None, and minimal over orbits
// (no orbit of the symmetry can go) otherwise.
func (g *Generator) Puzzle(seed uint64, index int, opts Options) (Puzzle, error) {
	return g.PuzzleContext(context.Background(), seed, index, opts)
}

// PuzzleContext is Puzzle that gives up when ctx is done, with ctx's error.
// It looks at ctx between the decisions of clue removal, which the search
// settles in bounded time; a decision that goes to the SAT solver cannot
// be interrupted, so on the largest grids a stop can wait for one solve.
func (g *Generator) PuzzleContext(ctx context.Context, seed uint64, index int, opts Options) (Puzzle, error) {
	if err := opts.validate(); err != nil {
		return Puzzle{}, err
	}
	if index < 0 {
		return Puzzle{}, fmt.Errorf("index %d is negative", index)
	}
	opts.MaxSolves = opts.solveBudget()
	rated := opts.MinScore > 0 || opts.MaxScore > 0 || len(opts.Needs) > 0
	attempts := opts.Attempts
	if attempts == 0 {
		attempts = DefaultAttempts
		if rated {
			attempts = DefaultRatedAttempts
		}
	}
	rm := removal{target: opts.Clues, maxSolves: opts.MaxSolves, ctx: ctx, check: opts.Check}
	// With a floor and no ceiling (extreme), few candidates reach it.
	// Removing clues by digit (see removal.byDigit) makes more of them
	// do: of minimal 9x9 puzzles, 2.7 % and 3.1 % scored 7.6 or more
	// with clues removed in a random order, and 4.5 % and 4.3 % by
	// digit (two runs of 4,000 grids each). The price: most of them
	// (77 % and 80 %) lack one digit among their clues, against 11 %
	// and 5 % with a random order (and half of the 17-clue puzzles).
	rm.byDigit = opts.MinScore > 0 && opts.MaxScore == 0
	// The last puzzle accept let through, with its rating. A rating bounded
	// by MaxScore that runs to the end is the full rating, and the puzzle
	// a pass ends with is the last one it accepted; so rating it again at
	// the end would repeat the costliest work of the attempt.
	var accepted grid.Grid
	var acceptedRating rate.Result
	// seen is the most needs a puzzle of the guided pass met so far.
	seen := 0
	// Without a ceiling, the rating that guides toward the needs stops at
	// the first step harder than every needed technique: the steps before
	// it are those of the full rating, so a needed technique among them is
	// in the full rating too, and the rest of the solve is not needed.
	bound := opts.MaxScore
	if bound == 0 {
		bound = needsBound(opts.Needs)
	}
	fits := func(p grid.Grid, guide bool) bool {
		r := rate.Puzzle(p, rate.Options{MaxScore: bound})
		if opts.MaxScore > 0 && (!r.Solved || r.Score > opts.MaxScore) {
			return false
		}
		if len(opts.Needs) > 0 {
			k := metCount(opts.Needs, r)
			if !guide && k < len(opts.Needs) || guide && k < seen {
				return false
			}
			seen = max(seen, k)
		}
		if r.Solved {
			accepted, acceptedRating = p.Clone(), r
		}
		return true
	}
	var good func(grid.Grid) bool
	if opts.MaxScore > 0 || len(opts.Needs) > 0 {
		rm.accept = func(p grid.Grid) bool { return fits(p, true) }
		good = func(p grid.Grid) bool { return fits(p, false) }
	}
	best := -1.0
	belowFloor := false // some candidate was rejected by rate.Below, unrated
	g.mu.Lock()
	defer g.mu.Unlock()
	l, orbs := g.layout(opts.Shape), g.orbitsOf(opts.Symmetry, opts.Shape.N())
	if opts.Clues > 0 && !sumOfOrbits(orbs, opts.Clues) {
		return Puzzle{}, fmt.Errorf("%w: %d clues cannot be made of whole orbits of symmetry %s on a %s grid",
			ErrCluesUnreachable, opts.Clues, opts.Symmetry, opts.Shape)
	}
	src := rand.NewPCG(seed, uint64(index))
	fewest := -1
	for range attempts {
		s := g.solver(opts.Shape)
		seen = 0
		full, p, err := candidate(ctx, s, l, orbs, src, rm, good)
		if err != nil {
			return Puzzle{}, err
		}
		if opts.Clues > 0 && p.Givens() != opts.Clues {
			if c := p.Givens(); fewest < 0 || c < fewest {
				fewest = c
			}
			continue
		}
		out := Puzzle{Index: index, Puzzle: p, Solution: full}
		if rated || opts.Rate {
			r := acceptedRating
			if !slices.Equal(p.Cells, accepted.Cells) {
				// With a floor and no ceiling (extreme), nearly every
				// candidate is too easy, and a full rating of one costs a
				// chain search per step; rate.Below settles most of them
				// with far fewer. It only ever rejects: a puzzle it lets
				// through is rated in full, so the level given is always
				// the full rating's.
				if opts.MinScore > 0 && opts.MaxScore == 0 && rate.Below(p, opts.MinScore) {
					belowFloor = true
					continue
				}
				r = rate.Puzzle(p, rate.Options{})
			}
			out.Score, out.Level = r.Score, r.Level.String()
			if r.Score < opts.MinScore || (opts.MaxScore > 0 && r.Score > opts.MaxScore) {
				best = max(best, r.Score)
				continue
			}
			if !met(opts.Needs, r) {
				continue
			}
		}
		// Removal settles most clues without the solver (singles that
		// force a digit back, a search for a second solution). The puzzle
		// as a whole still gets the solver's proof, at every size and
		// solve budget: one solve with the solution blocked must find
		// nothing.
		if s.Solutions(p, []grid.Grid{full}, 2, nil) != 1 {
			return Puzzle{}, fmt.Errorf("%w: puzzle %s has a second solution", ErrNotUnique, p)
		}
		return out, nil
	}
	if rated {
		hardest := fmt.Sprintf("the hardest reached %.1f", best)
		if belowFloor && best < opts.MinScore {
			hardest = fmt.Sprintf("none reached %.1f", opts.MinScore)
		}
		target := fmt.Sprintf("rated %.1f to %.1f", opts.MinScore, opts.MaxScore)
		if opts.MaxScore == 0 {
			target = fmt.Sprintf("rated %.1f or more", opts.MinScore)
		}
		if len(opts.Needs) > 0 {
			target = "using " + needsString(opts.Needs)
			hardest = "none did"
			if opts.MinScore > 0 || opts.MaxScore > 0 {
				target += fmt.Sprintf(" and rated %.1f to %.1f", opts.MinScore, opts.MaxScore)
			}
		}
		return Puzzle{}, fmt.Errorf("%w: no %s puzzle %s in %d grids; %s",
			ErrTargetUnreachable, size(opts.Shape), target, attempts, hardest)
	}
	return Puzzle{}, fmt.Errorf("%w: no unique %s puzzle with %d clues (symmetry %s) in %d grids; the fewest reached was %d",
		ErrCluesUnreachable, size(opts.Shape), opts.Clues, opts.Symmetry, attempts, fewest)
}

// candidate fills a grid and removes clues from it, with the random numbers
// of src. With rm.accept set, the guided pass runs only when good refuses
// the unguided pass's puzzle.
func candidate(ctx context.Context, s *sat.Solver, l *layout, orbs [][]int, src *rand.PCG, rm removal, good func(grid.Grid) bool) (full, p grid.Grid, err error) {
	rng := rand.New(src)
	full, err = fill(ctx, s, l, rng, rm.check)
	if ctxErr := ctx.Err(); ctxErr != nil {
		return full, p, ctxErr
	}
	if err != nil {
		return full, p, fmt.Errorf("full grid: %w", err)
	}
	// The guided pass rates the puzzle after every removal, which costs
	// far more than the removal itself; and most puzzles never go past the
	// bound anyway. So the pass runs unguided first, and again, from the
	// same random state and so with the same choices, guided, only when
	// its puzzle rates above the bound.
	saved := *src
	unguided := rm
	unguided.accept = nil
	p, err = remove(s, l, full, orbs, rng, unguided)
	if err == nil && rm.accept != nil && ctx.Err() == nil && !good(p) {
		*src = saved
		p, err = remove(s, l, full, orbs, rng, rm)
	}
	if ctxErr := ctx.Err(); ctxErr != nil {
		return full, p, ctxErr
	}
	return full, p, err
}

// size names a grid by its size, and by its boxes when they are not the
// default ones of that size: "9x9", "6x6 with 3x2 boxes".
func size(sh grid.Shape) string {
	n := sh.N()
	if def, err := grid.ShapeOf(n); err == nil && def == sh {
		return fmt.Sprintf("%dx%d", n, n)
	}
	return fmt.Sprintf("%dx%d with %s boxes", n, n, sh)
}

// solver returns the solver for shape sh, building a fresh one when there
// is none or the old one has served rebuildAfter grids.
func (g *Generator) solver(sh grid.Shape) *sat.Solver {
	p := g.solvers[sh]
	if p == nil || p.grids >= rebuildAfter || sh.N() > 9 {
		p = &pooled{s: sat.New(sh)}
		g.solvers[sh] = p
	}
	p.grids++
	return p.s
}

func (g *Generator) layout(sh grid.Shape) *layout {
	l := g.layouts[sh]
	if l == nil {
		l = newLayout(sh)
		g.layouts[sh] = l
	}
	return l
}

func (g *Generator) orbitsOf(sym Symmetry, n int) [][]int {
	k := orbitKey{sym, n}
	o := g.orbits[k]
	if o == nil {
		o = orbits(sym, n)
		g.orbits[k] = o
	}
	return o
}

// sumOfOrbits reports whether k cells can be made of whole orbits: whether
// some orbits have k cells in all. Orbits have 1, 2 or 4 cells.
func sumOfOrbits(orbs [][]int, k int) bool {
	var count [5]int
	for _, o := range orbs {
		count[len(o)]++
	}
	for fours := min(count[4], k/4); fours >= 0; fours-- {
		rest := k - 4*fours
		twos := min(count[2], rest/2)
		if rest-2*twos <= count[1] {
			return true
		}
	}
	return false
}
