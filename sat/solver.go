package sat

import (
	"sync"

	"github.com/crillab/gophersat/solver"
	"github.com/sudokugen/sudokugen/grid"
)

// mu serializes every call into gophersat. Its solvers share package-level
// state (the buffer that conflict analysis writes learned clauses into), so
// two solvers used from two goroutines at once corrupt each other's clauses
// and return wrong answers without any error. Parallel work belongs in
// separate processes; within one process this lock keeps callers safe.
var mu sync.Mutex

// baseCache holds the rule clauses per shape; they are read-only once built.
var baseCache sync.Map // grid.Shape -> [][]int

func baseClauses(s grid.Shape) [][]int {
	if v, ok := baseCache.Load(s); ok {
		return v.([][]int)
	}
	v, _ := baseCache.LoadOrStore(s, Clauses(s))
	return v.([][]int)
}

// problem returns the gophersat problem of the rules of shape s over nv
// variables: the pairwise clauses of Clauses up to pairwiseUpTo, and above
// it each "exactly one" group as one clause and one cardinality
// constraint, which has the same models.
func problem(s grid.Shape, nv int) *solver.Problem {
	if s.N() <= pairwiseUpTo {
		base := baseClauses(s)
		return solver.ParseSliceNb(base, nv)
	}
	gs := groups(s)
	cons := make([]solver.CardConstr, 0, 2*len(gs)+1)
	for _, g := range gs {
		cons = append(cons, solver.Exactly1(g...)...)
	}
	// A tautology on the last variable makes gophersat size the problem to
	// nv variables, so that no later call has to grow it.
	cons = append(cons, solver.AtLeast1(nv, -nv))
	return solver.ParseCardConstrs(cons)
}

// Solver is an incremental SAT solver holding the rules of one grid shape.
// Givens are never added as clauses: they are passed as assumptions on each
// call, so one Solver serves any number of puzzles of its shape. A Solver
// is for one goroutine at a time; several Solvers may be used from several
// goroutines, and their calls into gophersat then run one at a time.
//
// Solver hides gophersat's pitfalls: assumptions are the only way units
// reach it (its Assume drops earlier top-level units), the solver is reset
// to no assumptions before a clause is added (AppendClause would otherwise
// simplify the clause against them and could drop it), and a model is read
// only after a satisfiable call.
type Solver struct {
	shape grid.Shape
	rules *grid.Rules // nil for classic puzzles
	cnf   *RuleCNF    // the rules' CNF, for a variant
	// units are the unit clauses of a variant's CNF, passed as assumptions
	// on every call: gophersat's Assume drops the problem's own units.
	units []int
	multi [][]int // the other clauses
	s     *solver.Solver
	vars  int // variables in use, cell variables and then activation variables
	model []bool
	lits  []solver.Lit // reused buffer for assumptions
	spent int          // activation variables of the pool used up by Solutions
	pool  int          // first variable of the activation pool
	// poolSize is the number of activation variables in the pool.
	poolSize int
}

// The activation variables declared up front for Solutions, which uses one
// per puzzle; the solver is rebuilt when they are spent. Declaring them up
// front spares gophersat the rebuild of its variable heap that each new
// variable costs, and a rebuild now and then sheds the learned clauses that
// slow a long-lived solver down. Measured on 4,000 royle17 uniqueness
// proofs, side by side in one run: pairwise clauses with 256 variables
// 8,900-9,500 puzzles/s; with 64, 6,700-7,000; cardinality constraints
// with 64, 7,500-7,900; with 256, 5,900-8,000.
const (
	poolPairwise    = 256
	poolCardinality = 64
)

// pairwiseUpTo is the largest size whose solver gets the pairwise clauses
// of Clauses; larger ones get each "exactly one" group as a cardinality
// constraint. The pairwise clauses make the faster 9x9 solver, but their
// number grows with N^4: 16x16 has 123,904 of them (a 55 ms build, against
// 1.4 ms with constraints) and proofs ran at half the speed there (1,500
// against 2,900 puzzles/s on 16x16, 345 against 820 on 25x25).
const pairwiseUpTo = 9

// New returns a Solver for grids of shape s. Building one takes about 3 ms
// for 9x9, 1.4 ms for 16x16 and 6 ms for 25x25, so reuse it.
func New(s grid.Shape) *Solver {
	size := poolCardinality
	if s.N() <= pairwiseUpTo {
		size = poolPairwise
	}
	nv := NumVars(s.N()) + size
	pb := problem(s, nv)
	mu.Lock()
	defer mu.Unlock()
	return &Solver{shape: s, s: solver.New(pb), vars: nv, pool: NumVars(s.N()) + 1, poolSize: size}
}

// rebuild replaces the gophersat solver by a new one with the rules alone,
// dropping learned clauses and the clauses of spent activation variables.
// Variable numbers stay as they were.
func (s *Solver) rebuild() {
	if s.cnf != nil {
		pb := solver.ParseSliceNb(s.multi, s.vars)
		mu.Lock()
		defer mu.Unlock()
		s.s = solver.New(pb)
		s.spent = 0
		return
	}
	pb := problem(s.shape, s.vars)
	mu.Lock()
	defer mu.Unlock()
	s.s = solver.New(pb)
	s.spent = 0
}

// NewRules returns a Solver for the variant puzzles of shape s with rules r
// (New(s) when r is nil or empty): the clauses of RuleClauses, pairwise at
// every size, and the activation variables after its auxiliary ones.
func NewRules(s grid.Shape, r *grid.Rules) *Solver {
	if r.Empty() {
		return New(s)
	}
	cnf := RuleClauses(s, r)
	nv := cnf.Vars + poolPairwise
	var units []int
	multi := make([][]int, 0, len(cnf.Clauses))
	for _, c := range cnf.Clauses {
		if len(c) == 1 {
			units = append(units, c[0])
		} else {
			multi = append(multi, c)
		}
	}
	pb := solver.ParseSliceNb(multi, nv)
	mu.Lock()
	defer mu.Unlock()
	return &Solver{shape: s, rules: r, cnf: cnf, units: units, multi: multi, s: solver.New(pb), vars: nv, pool: cnf.Vars + 1, poolSize: poolPairwise}
}

// Rules returns the rules the solver was built for; nil for classic.
func (s *Solver) Rules() *grid.Rules { return s.rules }

// Shape returns the shape the solver was built for.
func (s *Solver) Shape() grid.Shape { return s.shape }

// appendClause adds a clause of DIMACS literals, resetting the solver to
// no assumptions first.
func (s *Solver) appendClause(lits []int) {
	c := make([]solver.Lit, len(lits))
	for i, l := range lits {
		c[i] = solver.IntToLit(int32(l))
	}
	mu.Lock()
	defer mu.Unlock()
	s.s.Assume(nil)
	s.s.AppendClause(solver.NewClause(c))
}

// Solve reports whether the rules, the clauses added so far and the
// assumptions (DIMACS literals) can all hold. When they can, Grid returns
// the grid of the model found.
func (s *Solver) Solve(assume []int) bool {
	s.lits = s.lits[:0]
	for _, l := range s.units {
		s.lits = append(s.lits, solver.IntToLit(int32(l)))
	}
	for _, l := range assume {
		s.lits = append(s.lits, solver.IntToLit(int32(l)))
	}
	mu.Lock()
	defer mu.Unlock()
	s.model = nil
	if s.s.Assume(s.lits) == solver.Unsat {
		return false
	}
	if s.s.Solve() != solver.Sat {
		return false
	}
	s.model = s.s.Model()
	return true
}

// Grid returns the grid of the last model. It must follow a call to Solve
// that returned true.
func (s *Solver) Grid() grid.Grid {
	if s.model == nil {
		return grid.Grid{}
	}
	g := gridOf(s.shape, s.model)
	g.Rules = s.rules
	return g
}
