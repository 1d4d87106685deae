package verify

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/derive"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
	"github.com/sudokugen/sudokugen/internal/search"
	"github.com/sudokugen/sudokugen/sat"
)

// Status is the verdict on one puzzle.
type Status int

const (
	Unique   Status = iota // exactly one solution
	Multiple               // two or more solutions
	None                   // no solution
	Invalid                // malformed, or givens that clash
	Unknown                // the check was stopped before a verdict (see Result.Err)
	// Unsupported: a rule that the table of kinds does not hold, refused
	// by name and never given a verdict (see ReadStatus).
	Unsupported
)

var statusNames = [...]string{"unique", "multiple", "none", "invalid", "unknown", "unsupported"}

// ReadStatus is the status of a puzzle that could not be read, by the
// error of its record: Unsupported when the error refuses a rule that no
// kind of the table reads (a grid.UnsupportedError: the puzzle may be
// well formed, but checking it without that rule would give a wrong
// verdict), Invalid for malformed input.
func ReadStatus(err error) Status {
	var ue *grid.UnsupportedError
	if errors.As(err, &ue) {
		return Unsupported
	}
	return Invalid
}

func (s Status) String() string {
	if s < 0 || int(s) >= len(statusNames) {
		return fmt.Sprintf("Status(%d)", int(s))
	}
	return statusNames[s]
}

// MarshalText writes the status as its name, for JSON.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Result is the verdict on one puzzle with its evidence.
type Result struct {
	Status Status
	// Solutions holds the solution of a unique puzzle, or the first two
	// solutions found of a puzzle with several; they differ in at least one
	// cell. Empty for None and Invalid.
	Solutions []grid.Grid
	// Count is the number of solutions found, at most Limit. It is exact
	// when it is below Limit; when it equals Limit there may be more.
	Count int
	Limit int
	// Proof says what proved a Unique or None verdict: unit propagation
	// alone, the candidate search run to its end, or a SAT solver (see the
	// package doc). It is NoProof for the other verdicts: a Multiple
	// verdict rests on its two checked solutions.
	Proof Proof
	// Assumed holds, for a variant's verdict by CheckProof, the clauses
	// that the rules imply, that its proof uses, and whose derivation from
	// the rules as stated was given up as too costly: the proof takes them
	// on trust, and the CNF it refutes holds them after the blocking
	// clause (see WriteCertificate). CheckProof proves such a verdict
	// again without them (see LeftOut), so Assumed is nil but where even
	// that proof could not do without (see trace.release). Nil for every
	// other verdict, and for Check.
	Assumed [][]int
	// LeftOut counts, for a variant's verdict by CheckProof, the
	// constraints that the rules imply which the search that wrote the
	// proof went without: those implied by groups of two units or more,
	// where the verdict's search used some (see withoutWide), or all of
	// them, where a derivation was given up (see withoutImplied); 0 for
	// every other verdict. Written is then the proof written, which may
	// differ from Proof, the proof of the verdict with every implied
	// constraint: a search where propagation did, or gophersat where the
	// search ran out of nodes.
	LeftOut int
	Written Proof
	// Clashes lists the givens that break the rules, for Invalid.
	Clashes []grid.Clash
	// Own says whether the puzzle's own solution, when it came with one,
	// keeps its givens and rules, and OwnErr which it breaks (see
	// WithOwn). NoOwn for a puzzle without one.
	Own    Own
	OwnErr error
	// Err says why the puzzle is Invalid, why the status is Unknown (the
	// context's error), or, for another status, that the verdict could not
	// be proved (ErrDisagree).
	Err error
}

// Exact reports whether Count is the exact number of solutions.
func (r Result) Exact() bool {
	switch r.Status {
	case Unique, None:
		return true
	case Unknown:
		return false
	}
	return r.Count < r.Limit
}

// ErrDisagree is the error of a Result whose SAT proof contradicts checked
// solutions: the solver found fewer solutions than the puzzle visibly has.
// It would mean a bug in the solver or the encoding; the verdict then rests
// on the checked solutions alone.
var ErrDisagree = errors.New("the SAT solver disagrees with checked solutions")

// ErrCheck is the error of a Result, with Options.Check, whose verdict of
// unique or none the SAT solver does not prove again: it finds a solution
// that the verdict says is not there. It would mean a bug in the search,
// the solver or the encoding.
var ErrCheck = errors.New("the verdict's proof and the SAT solver disagree")

// Options set how much to look for.
type Options struct {
	// CountLimit is how many solutions to count at most (default and
	// minimum 2, which is enough to tell unique from multiple).
	CountLimit int
	// Check proves every verdict of unique or none again with the SAT
	// solver (gophersat), the design's proof, besides the proof that
	// settled it: a second opinion. A verdict where the two differ gets
	// the error ErrCheck. It costs one solve per puzzle.
	Check bool
}

// Verifier checks puzzles, keeping one incremental solver per grid shape.
// A Verifier is not safe for concurrent use; Puzzle is.
type Verifier struct {
	solvers map[grid.Shape]*sat.Solver
	s       *search.Search    // the search of the last shape checked
	model   *rulesearch.Model // the tables of the last variant's rules
	plans   *[]*derive.Plan   // when not nil, CheckProof's plans (for tests)
}

// New returns a Verifier.
func New() *Verifier { return &Verifier{solvers: make(map[grid.Shape]*sat.Solver)} }

// Check returns the verdict on puzzle g. It is CheckContext without a
// way to stop it.
func (v *Verifier) Check(g grid.Grid, opts Options) Result {
	return v.CheckContext(context.Background(), g, opts)
}

// CheckContext returns the verdict on puzzle g, or, when ctx is done
// first, a Result with status Unknown, the solutions counted so far, and
// ctx's error. A long count stops within a few milliseconds of ctx being
// done; a single SAT call cannot be interrupted (for that, run the check
// in a process of its own and kill it).
func (v *Verifier) CheckContext(ctx context.Context, g grid.Grid, opts Options) Result {
	return v.check(ctx, g, opts, nil)
}

// check is CheckContext; with a proofCase, the search that settles a
// verdict of unique or none traces its proof there as well, and past its
// budget gophersat's certified solve proves it (see CheckProof).
func (v *Verifier) check(ctx context.Context, g grid.Grid, opts Options, pc *proofCase) Result {
	var units func() *grid.RuleUnits
	if g.HasRules() { // the search's tables hold them, for the count after
		units = func() *grid.RuleUnits { return v.modelOf(g).Units }
	}
	res, ok := precheck(ctx, g, opts, units)
	if !ok {
		return res
	}
	if g.HasRules() {
		res = res.with(v.variantCount(ctx, g, res.Limit, pc))
	} else {
		res = res.with(v.count(ctx, g, res.Limit, pc))
	}
	if opts.Check && g.HasRules() {
		res = res.checked(g, sat.NewRules(g.Shape, g.Rules)) // the variant's CNF
	} else if opts.Check {
		res = res.checked(g, v.solver(g.Shape))
	}
	return res
}

// checked proves a verdict of unique or none again with the solver sv,
// unless the solver is what proved it, and sets ErrCheck when sv finds
// another solution.
func (res Result) checked(g grid.Grid, sv *sat.Solver) Result {
	if (res.Status != Unique && res.Status != None) || res.Proof == SAT || res.Err != nil {
		return res
	}
	if sv.Solutions(g, res.Solutions, 2, nil) != len(res.Solutions) {
		res.Err = fmt.Errorf("%w: %s by %s, but gophersat finds another solution", ErrCheck, res.Status, res.Proof)
	}
	return res
}

// precheck returns the Result of a puzzle that is invalid, or of a check
// stopped before it began; ok true when the check is to go on. units, when
// not nil, gives the units of g's valid rules for its clashes.
func precheck(ctx context.Context, g grid.Grid, opts Options, units func() *grid.RuleUnits) (res Result, ok bool) {
	res.Limit = max(opts.CountLimit, 2)
	if err := g.Malformed(); err != nil {
		res.Status, res.Err = Invalid, err
		return res, false
	}
	if err := validateRules(g); err != nil {
		res.Status, res.Err = Invalid, err
		return res, false
	}
	var cl []grid.Clash
	if units != nil {
		cl = g.ClashesIn(units())
	} else {
		cl = g.Clashes()
	}
	if len(cl) > 0 {
		res.Status, res.Clashes = Invalid, cl
		res.Err = errors.New("givens clash: " + ClashText(cl, nil))
		return res, false
	}
	if err := ctx.Err(); err != nil {
		res.Status, res.Err = Unknown, err
		return res, false
	}
	return res, true
}

// with fills res from the tally of a count.
func (res Result) with(c tally) Result {
	res.Solutions, res.Count, res.Proof, res.Err = c.sols, min(c.count, res.Limit), c.proof, c.err
	switch {
	case c.canceled:
		res.Status = Unknown
	default:
		res.Status = statusOf(res.Count)
	}
	return res
}

// tally is the outcome of count.
type tally struct {
	sols     []grid.Grid // the first two solutions, checked
	count    int
	proof    Proof
	canceled bool
	err      error
}

// count counts the solutions of g up to limit and proves the verdict (see
// the package doc): by propagation when the search settles g without
// branching, by the search's tree when it runs to its end, and otherwise
// by the SAT solver for a verdict of unique or none; a count of two or
// more rests on checked solutions.
//
// The results depend on g alone, never on the puzzles checked before: a
// solver reused across puzzles finds models that depend on what it learned
// earlier, so the witnesses it would pick are not reproducible. So the
// solutions come from the candidate search, whose order is fixed, and the
// reused solver only proves that there are no others (or confirms that
// there are); whenever it has to find a solution itself, the count is done
// again on a fresh solver, which is deterministic.
//
// With a proofCase, the search writes its tree to its trace as it goes,
// and past the budget gophersat's certified solve proves the verdict (see
// pastBudget).
func (v *Verifier) count(ctx context.Context, g grid.Grid, limit int, pc *proofCase) tally {
	// The common question, unique or not, gets a node budget and goes to
	// the solver past it; a count runs to its end or until ctx is done.
	budget, done := 0, ctx.Done()
	if limit == 2 {
		budget, done = verdictBudget, nil
	}
	v.s = searchFor(v.s, g.Shape, limit, budget, done)
	if pc != nil {
		v.s.Trace = pc.implied.tr.cells(g.N())
	}
	r := v.s.Run(g.Cells)
	t, ok := checked(g, solutions(v.s, g.Shape, r), r.Count)
	if t, done := v.settle(ctx, g, limit, t, ok, r); done {
		return t
	}
	if t, ok := pc.settle(t); ok {
		return t
	}
	if r.Count == 0 {
		return v.fresh(g, 2, nil) // the budget ran out
	}
	// The budget ran out after one solution: the solver, with it
	// blocked, must find no other.
	if v.refuted(g, t.sols) {
		t.proof = SAT
		return t
	}
	// The solver found a second solution that the search did not reach
	// within its budget.
	return v.fresh(g, 2, nil)
}

// settle turns the result of a search, classic or variant, that found
// t's solutions (ok when they solve g) into a verdict, and reports false
// when the search's budget ran out short of one: then the caller asks the
// SAT solver.
func (v *Verifier) settle(ctx context.Context, g grid.Grid, limit int, t tally, ok bool, o search.Result) (tally, bool) {
	switch {
	case o.Canceled:
		t.canceled, t.err = true, ctx.Err()
	case !ok || o.Broken:
		return v.fresh(g, limit, ErrDisagree), true
	case o.Count >= 2:
	case !o.Complete:
		return t, false
	case o.Root:
		t.proof = Propagation
	default:
		t.proof = Search
	}
	return t, true
}

// eachEnd is what Each returns after a search that called each with
// every solution it found: the count, whether that is all of them, and
// why it stopped early.
func eachEnd(ctx context.Context, o search.Result, eachErr error) (int, bool, error) {
	switch {
	case eachErr != nil:
		return o.Count, false, eachErr
	case o.Canceled:
		return o.Count, false, ctx.Err()
	case o.Broken:
		return o.Count, false, ErrDisagree
	}
	return o.Count, o.Complete, nil
}

// refuted reports whether the SAT solver proves that g has no solution
// besides sols (none or one).
//
// Tried and dropped, measured in CPU time per call on the 1,523 puzzles of
// the first 3,000 royle17 that singles do not settle, in one run, two
// rounds each: a fresh gophersat solver on what is left of the CNF after
// the root's singles (164 variables, 173 "exactly one" groups, long groups
// as cardinality constraints) 270-390 us, against 145-230 us for this
// reused solver of the whole rules; passing the root's placed digits as
// assumptions besides the givens 130-270 us, no gain; GOGC=400 a few
// percent, within the noise.
func (v *Verifier) refuted(g grid.Grid, sols []grid.Grid) bool {
	return v.solver(g.Shape).Solutions(g, sols, 2, nil) == len(sols)
}

// verdictBudget is the number of search nodes allowed to the search for
// the verdict unique or not; past it the SAT solver does the rest. (A
// variable for the tests.)
var verdictBudget = 20000

// checked returns the solutions sols that a search found, count in all,
// after checking that each solves g and that the two differ; false if
// not.
func checked(g grid.Grid, sols []grid.Grid, count int) (tally, bool) {
	for _, sol := range sols {
		if !g.Solves(sol) {
			return tally{}, false
		}
	}
	if len(sols) == 2 && sols[0].Equal(sols[1]) {
		return tally{}, false
	}
	return tally{sols: sols, count: count}, true
}

// solver returns the reused solver of shape s.
func (v *Verifier) solver(s grid.Shape) *sat.Solver {
	sv := v.solvers[s]
	if sv == nil {
		sv = sat.New(s)
		v.solvers[s] = sv
	}
	return sv
}

// fresh counts on a solver built for this call alone, so that the
// solutions it returns depend on g only. It is the way out when the search
// runs out of budget, or, with err ErrDisagree, when the search and the
// solver disagree, which would be a bug; the count then rests on the
// solver alone.
func (v *Verifier) fresh(g grid.Grid, limit int, err error) tally {
	var t tally
	t.count = sat.NewRules(g.Shape, g.Rules).Solutions(g, nil, limit, func(sol grid.Grid) {
		if len(t.sols) < 2 {
			t.sols = append(t.sols, sol)
		}
	})
	t.err = err
	if t.count < 2 {
		t.proof = SAT
	}
	return t
}

var (
	shared   *Verifier
	sharedMu sync.Mutex
)

// Puzzle returns the verdict on puzzle g. It is safe for concurrent use;
// calls run one at a time, because the SAT solver underneath cannot run in
// two goroutines at once. For parallel speed use several processes.
func Puzzle(g grid.Grid, opts Options) Result {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if shared == nil {
		shared = New()
	}
	return shared.Check(g, opts)
}
