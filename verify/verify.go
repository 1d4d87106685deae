// Package verify decides whether a Sudoku puzzle has exactly one solution.
//
// The verdict comes from a SAT solver: a puzzle is unique when, once a
// solution is found, a second solve that forbids it (a blocking clause over
// the empty cells) comes back unsatisfiable. When the second solve finds
// another solution, the two differing solutions are the witness.
package verify

import (
	"errors"
	"fmt"
	"sync"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/sat"
)

// Status is the verdict on one puzzle.
type Status int

const (
	Unique   Status = iota // exactly one solution
	Multiple               // two or more solutions
	None                   // no solution
	Invalid                // malformed, or givens that clash
)

var statusNames = [...]string{"unique", "multiple", "none", "invalid"}

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
	// Clashes lists the givens that break the rules, for Invalid.
	Clashes []grid.Clash
	// Err says why the puzzle is Invalid, or, for another status, that the
	// verdict could not be proved (ErrDisagree).
	Err error
}

// Exact reports whether Count is the exact number of solutions.
func (r Result) Exact() bool { return r.Count < r.Limit || r.Status == Unique || r.Status == None }

// ErrDisagree is the error of a Result whose SAT proof contradicts checked
// solutions: the solver found fewer solutions than the puzzle visibly has.
// It would mean a bug in the solver or the encoding; the verdict then rests
// on the checked solutions alone.
var ErrDisagree = errors.New("the SAT solver disagrees with checked solutions")

// Options set how much to look for.
type Options struct {
	// CountLimit is how many solutions to count at most (default and
	// minimum 2, which is enough to tell unique from multiple).
	CountLimit int
}

// Verifier checks puzzles, keeping one incremental solver per grid shape.
// A Verifier is not safe for concurrent use; Puzzle is.
type Verifier struct {
	solvers map[grid.Shape]*sat.Solver
}

// New returns a Verifier.
func New() *Verifier { return &Verifier{solvers: make(map[grid.Shape]*sat.Solver)} }

// Check returns the verdict on puzzle g.
func (v *Verifier) Check(g grid.Grid, opts Options) Result {
	limit := max(opts.CountLimit, 2)
	res := Result{Limit: limit}
	if err := validate(g); err != nil {
		res.Status, res.Err = Invalid, err
		return res
	}
	if cl := g.Clashes(); len(cl) > 0 {
		res.Status, res.Clashes = Invalid, cl
		res.Err = fmt.Errorf("givens clash: %s", cl[0])
		if len(cl) > 1 {
			res.Err = fmt.Errorf("givens clash: %s (and %d more)", cl[0], len(cl)-1)
		}
		return res
	}
	sols, err := v.count(g, limit)
	res.Err = err
	res.Count = len(sols)
	if res.Count > limit {
		res.Count = limit
	}
	res.Solutions = sols[:min(len(sols), 2)]
	switch res.Count {
	case 0:
		res.Status = None
	case 1:
		res.Status = Unique
	default:
		res.Status = Multiple
	}
	return res
}

// count returns up to limit solutions of g. Their number is the count: it
// is exact when below limit.
//
// The results depend on g alone, never on the puzzles checked before: a
// solver reused across puzzles finds models that depend on what it learned
// earlier, so the witnesses it would pick are not reproducible. So the
// solutions come from the candidate search, whose order is fixed, and the
// reused solver only proves that there are no others (or confirms that
// there are); whenever it has to find a solution itself, the count is done
// again on a fresh solver, which is deterministic.
func (v *Verifier) count(g grid.Grid, limit int) ([]grid.Grid, error) {
	s := v.solvers[g.Shape]
	if s == nil {
		s = sat.New(g.Shape)
		v.solvers[g.Shape] = s
	}
	moreProved := false // the solver has found a second solution
	if limit == 2 {
		// The common question, unique or not: the search stops at its
		// first solution, and the solver, with it blocked, proves there
		// is no other. Only when there is one does the search go on to
		// find the second witness, so that it is reproducible.
		first, _ := searchSolutions(g, 1)
		if len(first) == 1 && g.Solves(first[0]) {
			if s.Solutions(g, first, 2, nil) == 1 {
				return first, nil
			}
			moreProved = true
		}
	}
	found, complete := searchSolutions(g, limit)
	seen := make(map[string]bool, len(found))
	for _, sol := range found {
		key := string(sol.Cells)
		if !g.Solves(sol) || seen[key] {
			// Never trust a search that returns a non-solution or a repeat.
			return freshCount(g, limit), nil
		}
		seen[key] = true
	}
	switch {
	case len(found) >= limit:
		// Enough checked solutions: the SAT solver, with all but one of
		// them blocked, must find one more (unless it already has).
		if !moreProved && s.Solutions(g, found[:limit-1], limit, nil) < limit {
			return found, ErrDisagree
		}
		return found, nil
	case complete:
		// All the solutions there are, if the search is right: the SAT
		// solver, with every one of them blocked, must find no other.
		if s.Solutions(g, found, limit, nil) == len(found) {
			return found, nil
		}
	}
	return freshCount(g, limit), nil
}

// freshCount counts on a solver built for this call alone, so that the
// solutions it returns depend on g only.
func freshCount(g grid.Grid, limit int) []grid.Grid {
	var sols []grid.Grid
	sat.New(g.Shape).Solutions(g, nil, limit, func(sol grid.Grid) { sols = append(sols, sol) })
	return sols
}

// validate checks what the SAT encoding takes for granted: a supported
// shape, the right number of cells, and digits in range.
func validate(g grid.Grid) error {
	if err := g.Shape.Validate(); err != nil {
		return err
	}
	if len(g.Cells) != g.Shape.Cells() {
		return fmt.Errorf("%d cells for a %dx%d grid, want %d", len(g.Cells), g.N(), g.N(), g.Shape.Cells())
	}
	n := g.N()
	for i, d := range g.Cells {
		if int(d) > n {
			return fmt.Errorf("%s holds %d, more than %d", grid.Cell{Row: i / n, Col: i % n}, d, n)
		}
	}
	return nil
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
