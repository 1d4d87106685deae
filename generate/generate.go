package generate

import (
	"context"
	"errors"
	"fmt"
	"math"
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
	// grid. 0 means no bound below 36x36 and DefaultLargeMaxSolves from
	// 36x36 up; a negative value means no bound at all. Once it is spent,
	// clues are still removed where singles or the search (see remove.go)
	// prove the puzzle stays unique, and kept otherwise: the puzzle is
	// unique but in general not minimal. The budget counts solves, not
	// time, so the result stays reproducible.
	MaxSolves int
	// Order is the order in which removal visits the cells; OrderAuto
	// (the zero value) goes row by row from 20x20 up without a clue
	// target, and in a random order otherwise.
	Order Order
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
	// Unrated, with a floor and no ceiling (MinScore alone, as the extreme
	// level asks) and no needs, leaves Puzzle.Score and Puzzle.Level unset
	// when Rate is not set, and spares the full rating of the puzzle kept:
	// the floor is checked by a rating that stops at the first step that
	// reaches it. Up to that step it is the full rating, step for step,
	// so the puzzles are the same and each would be rated at the floor or
	// above. On extreme puzzles it costs about 30 % of the full rating.
	Unrated bool
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
	// Variant asks for variant puzzles (killer, jigsaw, X, hyper...); the
	// zero value makes classic ones. Variants take their own path (see
	// variant.go): no score range, needs or order of removal.
	Variant Variant
}

// DefaultRatedAttempts is the number of grids tried to reach a score range
// when Options.Attempts is 0.
const DefaultRatedAttempts = 1000

// ErrTargetUnreachable is the error of Puzzle when no grid tried gave a
// puzzle in the score range asked for.
var ErrTargetUnreachable = errors.New("difficulty target unreachable")

// DefaultLargeMaxSolves is the solve budget per grid that Options.MaxSolves
// 0 stands for on grids of boundedFrom (36x36) and up. Below that, removal
// runs to the end by default and gives minimal puzzles; one grid each,
// one worker: 25x25 in 1.5 to 2.2 s (five grids), 28x28 in 3 to 4 s, 30x30
// to 33x33 in 8 to 14 s, 35x35 in 19 s. On 36x36 a minimal puzzle took 22
// to 38 s of processor time (557 to 576 clues, five grids), nearly all of
// it in some 420 solves that each found a second solution; one solve per
// grid keeps 577 to 582 clues in about 1 s (three grids).
const DefaultLargeMaxSolves = 1

// boundedFrom is the grid size from which Options.MaxSolves 0 stands for
// DefaultLargeMaxSolves.
const boundedFrom = 36

// solveBudget returns the solve budget per grid that o asks for; 0 means
// no bound.
func (o Options) solveBudget() int {
	switch {
	case o.MaxSolves < 0:
		return 0
	case o.MaxSolves == 0 && o.Shape.N() >= boundedFrom:
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
	Grid     grid.Grid // the clues; empty cells are 0
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
	fixed   map[fixedKey]*pooled // solvers of variants whose rules never change
	// Prover, when set, proves a variant puzzle's uniqueness first, by
	// the search's checked proof (see variantUnique); gophersat proves
	// what it does not. Set it before the first puzzle.
	Prover Prover
}

// A Prover proves that variant puzzle p has no solution but sol, by a
// proof checked before it answers true: verify.Verifier.ProveUnique,
// whose search's DRAT proof a checker accepts. False says it did not, and
// the error is ctx's when it is done first.
type Prover interface {
	ProveUnique(ctx context.Context, p, sol grid.Grid) (bool, error)
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

// Validate reports options that cannot make a puzzle, as Puzzle would.
// For a variant it also searches for one grid under the variant's rules
// (Variant.feasible), so that rules that allow none (anti-king on 4x4,
// X with hyper on 6x6) are refused before any work.
func (o Options) Validate() error {
	if err := o.validate(); err != nil {
		return err
	}
	if !o.Variant.IsZero() {
		return o.Variant.feasible(o.Shape)
	}
	return nil
}

func (o Options) validate() error {
	if err := o.Shape.Validate(); err != nil {
		// a size without boxes (a prime size) makes jigsaws only
		if !errors.Is(err, grid.ErrNoBoxes) || !o.Shape.Boxless() {
			return err
		}
		if !o.Variant.MakesRegions() {
			n := o.Shape.N()
			return fmt.Errorf("a %dx%d grid has no boxes, so only jigsaw puzzles are made at that size", n, n)
		}
	}
	if !o.Symmetry.valid() {
		return fmt.Errorf("unknown symmetry %d", int(o.Symmetry))
	}
	if cells := o.Shape.Cells(); o.Clues < 0 || o.Clues > cells {
		return fmt.Errorf("clues %d: want 0 (minimal) or 1 to %d for a %s grid", o.Clues, cells, o.Shape)
	}
	if !o.Order.valid() {
		return fmt.Errorf("unknown order %d", int(o.Order))
	}
	if o.Attempts < 0 {
		return fmt.Errorf("attempts %d is negative", o.Attempts)
	}
	if o.MinScore < 0 || o.MaxScore < 0 || (o.MaxScore > 0 && o.MinScore > o.MaxScore) {
		return fmt.Errorf("score range %.1f..%.1f is empty", o.MinScore, o.MaxScore)
	}
	if !o.Variant.IsZero() {
		if err := o.Variant.check(o.Shape); err != nil {
			return err
		}
		if o.MinScore > 0 || o.MaxScore > 0 || len(o.Needs) > 0 {
			return fmt.Errorf("%s puzzles cannot be made to a score or with needed techniques: the rating knows classic techniques only", o.Variant)
		}
		if o.Order != OrderAuto && o.Order != OrderRandom {
			return fmt.Errorf("%s puzzles are made in a random order of removal", o.Variant)
		}
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
// The puzzle has exactly one solution. With Clues 0 and no bound on the
// solves (MaxSolves 0 below 36x36, or negative) it is minimal (no clue can
// go) when Symmetry is NoSymmetry, and minimal over orbits (no orbit of the
// symmetry can go) otherwise.
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
	if !opts.Variant.IsZero() {
		return g.variantPuzzle(ctx, seed, index, opts)
	}
	j := newJob(ctx, opts)
	opts = j.opts
	g.mu.Lock()
	defer g.mu.Unlock()
	l, orbs := g.layout(opts.Shape), g.orbitsOf(opts.Symmetry, opts.Shape.N())
	if opts.Clues > 0 && !sumOfOrbits(orbs, opts.Clues) {
		return Puzzle{}, fmt.Errorf("%w: %d clues cannot be made of whole orbits of symmetry %s on a %s grid",
			ErrCluesUnreachable, opts.Clues, opts.Symmetry, opts.Shape)
	}
	src := rand.NewPCG(seed, uint64(index))
	for range j.attempts {
		s := g.solver(opts.Shape)
		j.seen = 0
		full, p, err := j.candidate(ctx, s, l, orbs, src)
		if err != nil {
			return Puzzle{}, err
		}
		out, ok := j.judge(index, full, p)
		if !ok {
			continue
		}
		if err := prove(s, out); err != nil {
			return Puzzle{}, err
		}
		return out, nil
	}
	return Puzzle{}, j.failure()
}

// job is one call of PuzzleContext: its options, the removal they ask for,
// the state that the guided pass and the judging of candidates share, and
// what the rejected candidates reached, for the error when none is kept.
type job struct {
	opts     Options
	rated    bool // a score range or needs are asked for
	attempts int  // grids to try
	rm       removal
	// good tells whether the unguided pass's puzzle will do; nil when
	// nothing guides the removal.
	good func(grid.Grid) bool
	// bound is the score at which the guiding rating stops.
	bound float64
	// The last puzzle fits let through, with its rating. A rating bounded
	// by MaxScore that runs to the end is the full rating, and the puzzle
	// a pass ends with is the last one it accepted; so rating it again at
	// the end would repeat the costliest work of the attempt.
	accepted       grid.Grid
	acceptedRating rate.Result
	// seen is the most needs a puzzle of the guided pass met so far.
	seen int
	// full is the solution of the candidate being made; every rating
	// takes it rather than counting the solutions again.
	full grid.Grid
	// What the rejected candidates reached.
	best       float64 // the highest score out of range
	belowFloor bool    // some candidate was rejected by rate.Below, unrated
	fewest     int     // the fewest clues short of Options.Clues; -1 if none
}

// newJob sets up the job for opts, which validate accepted.
func newJob(ctx context.Context, opts Options) *job {
	opts.MaxSolves = opts.solveBudget()
	j := &job{opts: opts, best: -1, fewest: -1}
	j.rated = opts.MinScore > 0 || opts.MaxScore > 0 || len(opts.Needs) > 0
	j.attempts = opts.Attempts
	if j.attempts == 0 {
		j.attempts = DefaultAttempts
		if j.rated {
			j.attempts = DefaultRatedAttempts
		}
	}
	j.rm = removal{target: opts.Clues, maxSolves: opts.MaxSolves, ctx: ctx, check: opts.Check}
	// With a floor and no ceiling (extreme), few candidates reach it.
	// Removing clues by digit (see removal.byDigit) makes more of them
	// do: of minimal 9x9 puzzles, 2.7 % and 3.1 % scored 7.6 or more
	// with clues removed in a random order, and 4.5 % and 4.3 % by
	// digit (two runs of 4,000 grids each). The price: most of them
	// (77 % and 80 %) lack one digit among their clues, against 11 %
	// and 5 % with a random order (and half of the 17-clue puzzles).
	auto := opts.Order == OrderAuto
	switch {
	case auto && j.floorOnly():
		j.rm.byDigit = true
	case auto:
		j.rm.byRow = opts.Clues == 0 && opts.Shape.N() >= sweepFrom
	default:
		j.rm.byRow = opts.Order == OrderRows
	}
	// Without a ceiling, the rating that guides toward the needs stops at
	// the first step harder than every needed technique: the steps before
	// it are those of the full rating, so a needed technique among them is
	// in the full rating too, and the rest of the solve is not needed.
	j.bound = opts.MaxScore
	if j.bound == 0 {
		j.bound = needsBound(opts.Needs)
	}
	if opts.MaxScore > 0 || len(opts.Needs) > 0 {
		j.rm.accept = func(p grid.Grid) bool { return j.fits(p, true) }
		j.good = func(p grid.Grid) bool { return j.fits(p, false) }
	}
	return j
}

// floorOnly reports whether the job asks for a minimum score and no
// maximum, as the extreme level does.
func (j *job) floorOnly() bool {
	return j.opts.MinScore > 0 && j.opts.MaxScore == 0
}

// fits reports whether p stays within the ceiling and, as far as the
// guided pass has got (guide) or in full (!guide), meets the needs. It
// keeps p and its rating when the rating ran to the end.
func (j *job) fits(p grid.Grid, guide bool) bool {
	r := rate.Puzzle(p, rate.Options{MaxScore: j.bound, Solution: j.full})
	if j.opts.MaxScore > 0 && (!r.Solved || r.Score > j.opts.MaxScore) {
		return false
	}
	if needs := j.opts.Needs; len(needs) > 0 {
		k := metCount(needs, r)
		if !guide && k < len(needs) || guide && k < j.seen {
			return false
		}
		j.seen = max(j.seen, k)
	}
	if r.Solved {
		j.accepted, j.acceptedRating = p.Clone(), r
	}
	return true
}

// judge reports whether the candidate p, with solution full, is what the
// job asks for: its clue count, score range and needs. It returns the
// puzzle, rated when asked (see Options.Unrated), and notes what a
// rejected one reached.
func (j *job) judge(index int, full, p grid.Grid) (Puzzle, bool) {
	o := j.opts
	if o.Clues > 0 && p.Givens() != o.Clues {
		if c := p.Givens(); j.fewest < 0 || c < j.fewest {
			j.fewest = c
		}
		return Puzzle{}, false
	}
	out := Puzzle{Index: index, Grid: p, Solution: full}
	if !j.rated && !o.Rate {
		return out, true
	}
	r, ok := j.rating(p)
	if !ok {
		return Puzzle{}, false
	}
	if !j.unrated() {
		out.Score, out.Level = r.Score, r.Level.String()
	}
	if r.Score < o.MinScore || (o.MaxScore > 0 && r.Score > o.MaxScore) {
		j.best = max(j.best, r.Score)
		return Puzzle{}, false
	}
	if !met(o.Needs, r) {
		return Puzzle{}, false
	}
	return out, true
}

// rating returns the full rating of p, reusing the one fits kept when it
// is of p, or, for an unrated job, the rating up to its first step at the
// floor (see Options.Unrated): that rating's score is at the floor or
// above exactly when the full rating's is. It reports false when p is
// below the floor, settled without a rating.
func (j *job) rating(p grid.Grid) (rate.Result, bool) {
	if slices.Equal(p.Cells, j.accepted.Cells) {
		return j.acceptedRating, true
	}
	// With a floor and no ceiling (extreme), nearly every candidate is
	// too easy, and a full rating of one costs a chain search per step;
	// rate.Below settles most of them with far fewer. It only ever
	// rejects: a puzzle it lets through is rated in full, so the level
	// given is always the full rating's.
	if j.floorOnly() && rate.BelowSolved(p, j.full, j.opts.MinScore) {
		j.belowFloor = true
		return rate.Result{}, false
	}
	if j.unrated() {
		return rate.Puzzle(p, rate.Options{MaxScore: j.underFloor(), Solution: j.full}), true
	}
	return rate.Puzzle(p, rate.Options{Solution: j.full}), true
}

// underFloor is the highest score below the floor in the tenths the scale
// uses: a rating bounded by it stops at the first step at the floor.
func (j *job) underFloor() float64 {
	return float64(int(math.Ceil(j.opts.MinScore*10-1e-6))-1) / 10
}

// unrated reports whether the puzzle kept goes out unrated, its floor
// checked by a rating that stops there (see Options.Unrated).
func (j *job) unrated() bool {
	o := j.opts
	return o.Unrated && !o.Rate && j.floorOnly() && len(o.Needs) == 0
}

// prove checks with the solver that out has one solution. Removal settles
// most clues without the solver (singles that force a digit back, a search
// for a second solution). The puzzle as a whole still gets the solver's
// proof, at every size and solve budget: one solve with the solution
// blocked must find nothing. From reducedFrom up that solve is of what
// unit propagation of the givens leaves open (sat.Unique), by a fresh
// solver; below, the long-lived solver of the whole encoding is faster.
func prove(s *sat.Solver, out Puzzle) error {
	var unique bool
	if out.Grid.N() >= reducedFrom {
		unique = sat.Unique(out.Grid, out.Solution)
	} else {
		unique = s.Solutions(out.Grid, []grid.Grid{out.Solution}, 2, nil) == 1
	}
	if !unique {
		return fmt.Errorf("%w: puzzle %s has a second solution", ErrNotUnique, out.Grid)
	}
	return nil
}

// failure is the error when no grid tried gave a puzzle the job asks for.
func (j *job) failure() error {
	o := j.opts
	if !j.rated {
		return fmt.Errorf("%w: no unique %s puzzle with %d clues (symmetry %s) in %d grids; the fewest reached was %d",
			ErrCluesUnreachable, size(o.Shape), o.Clues, o.Symmetry, j.attempts, j.fewest)
	}
	hardest := fmt.Sprintf("the hardest reached %.1f", j.best)
	if j.belowFloor && j.best < o.MinScore {
		hardest = fmt.Sprintf("none reached %.1f", o.MinScore)
	}
	target := fmt.Sprintf("rated %.1f to %.1f", o.MinScore, o.MaxScore)
	if o.MaxScore == 0 {
		target = fmt.Sprintf("rated %.1f or more", o.MinScore)
	}
	if len(o.Needs) > 0 {
		target = "using " + needsString(o.Needs)
		hardest = "none did"
		if o.MinScore > 0 || o.MaxScore > 0 {
			target += fmt.Sprintf(" and rated %.1f to %.1f", o.MinScore, o.MaxScore)
		}
	}
	return fmt.Errorf("%w: no %s puzzle %s in %d grids; %s",
		ErrTargetUnreachable, size(o.Shape), target, j.attempts, hardest)
}

// candidate fills a grid and removes clues from it as j.rm says, with the
// random numbers of src. With j.rm.accept set, the guided pass runs only
// when j.good refuses the unguided pass's puzzle.
func (j *job) candidate(ctx context.Context, s *sat.Solver, l *layout, orbs [][]int, src *rand.PCG) (full, p grid.Grid, err error) {
	rm, good := j.rm, j.good
	rng := rand.New(src)
	full, err = fill(ctx, s, l, rng, rm.check)
	j.full = full
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
	if def, err := grid.RegionShape(n); err == nil && def == sh {
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
