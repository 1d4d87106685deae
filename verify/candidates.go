package verify

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
	"github.com/sudokugen/sudokugen/internal/search"
	"github.com/sudokugen/sudokugen/sat"
)

// The true candidates of a puzzle are, for each cell, the digits it holds
// in at least one solution. They are found from both ends:
//
//   - every solution found puts each of its digits in: first the count, up
//     to the limit, then the searches below;
//   - a digit d of an empty cell c that no solution has put in yet is
//     settled by a search of the puzzle with d assumed in c (a given more):
//     a solution puts d in, with every other digit of that solution; a
//     search run to its end without one takes d out, and that search is
//     the proof that the puzzle's CNF with the unit clause x(c,d) is
//     unsatisfiable (a refutation, as for a verdict of none).
//
// The searches point each cell at a digit not yet put in (Search.Prefer),
// so each solution found tends to settle many candidates at once. A search
// past its node budget hands its candidate to gophersat, which decides it
// exactly, never a guess. When the count runs to its end below the limit,
// it has seen every solution, and no further search is needed.

// CandidateOptions set how much a true candidates search looks for.
type CandidateOptions struct {
	// CountLimit is how many solutions to count at most (default and
	// minimum 2).
	CountLimit int
	// Budget is the node budget of each search before gophersat takes
	// over (0 for the default).
	Budget int
	// Progress, when not nil, is called with the candidates found so far
	// (status Unknown, Settled counting what is decided) after the count
	// and after each candidate settled. What it is given shares memory
	// with the search still going on: read it during the call, or copy it.
	Progress func(Candidates)
}

// Candidates is the true candidates of a puzzle, with its verdict.
type Candidates struct {
	// Status, Count, Limit, Solutions, Clashes and Err are as in Result;
	// Count is exact when below Limit.
	Status    Status
	Count     int
	Limit     int
	Solutions []grid.Grid
	Clashes   []grid.Clash
	Err       error
	// Masks holds, per cell (row-major), the digits that cell holds in at
	// least one solution, bit d-1 for digit d; a given's cell holds its
	// digit alone. Nil for Invalid; for Unknown, the digits seen so far.
	Masks []uint64
	// Out says, per cell and digit (index cell*N + d-1), what proved that
	// an empty cell cannot hold that digit; NoProof for the digits that
	// are in, and for givens' cells. Propagation: unit propagation from
	// the givens refutes it; Search: a search run to its end (the count,
	// or a search with the digit assumed); SAT: gophersat.
	Out []Proof
	// Searches is the number of searches run (the count included), and
	// SATCalls the number of candidates gophersat decided; Settled is the
	// number of candidates of empty cells decided, in or out, of Open,
	// the number of candidates of empty cells (N each). A search stopped
	// early (Unknown) has Masks holding the digits proved in and Out those
	// proved out; a cell is settled when each of its digits is one or the
	// other.
	Searches, SATCalls, Settled, Open int
}

// CellSettled reports whether every digit of cell i of the puzzle g is
// decided, in or out; a given's cell is.
func (c Candidates) CellSettled(g grid.Grid, i int) bool {
	if g.Cells[i] != 0 {
		return true
	}
	if c.Masks == nil || c.Out == nil {
		return false
	}
	n := g.N()
	for e := range n {
		if c.Masks[i]&(1<<e) == 0 && c.Out[i*n+e] == NoProof {
			return false
		}
	}
	return true
}

// Exact reports whether Count is the exact number of solutions.
func (c Candidates) Exact() bool {
	switch c.Status {
	case Unique, None:
		return true
	case Unknown, Invalid:
		return false
	}
	return c.Count < c.Limit
}

// candidateBudget is the node budget of each search of the true
// candidates, and countBudget that of their count; past them gophersat
// takes over. (Variables for the tests.)
var (
	candidateBudget = 20000
	countBudget     = 200000
)

// TrueCandidates returns the true candidates of puzzle g; see Candidates.
// It is safe for concurrent use, one call at a time (see Puzzle).
func TrueCandidates(ctx context.Context, g grid.Grid, opts CandidateOptions) Candidates {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if shared == nil {
		shared = New()
	}
	return shared.Candidates(ctx, g, opts)
}

// Candidates returns the true candidates of puzzle g, stopping with
// status Unknown when ctx is done (a gophersat call in progress runs to
// its end first).
func (v *Verifier) Candidates(ctx context.Context, g grid.Grid, opts CandidateOptions) Candidates {
	res, ok := precheck(ctx, g, Options{CountLimit: opts.CountLimit}, nil)
	c := Candidates{Status: res.Status, Limit: res.Limit, Clashes: res.Clashes, Err: res.Err}
	if !ok {
		return c
	}
	budget := opts.Budget
	if budget <= 0 {
		budget = candidateBudget
	}
	n := g.N()
	c.Masks = make([]uint64, len(g.Cells))
	c.Out = make([]Proof, len(g.Cells)*n)
	for _, d := range g.Cells {
		if d == 0 {
			c.Open += n
		}
	}
	run := &candidateRun{c: &c, g: g, n: n, f: v.finder(g), progress: opts.Progress}
	cnt, ok := run.count(ctx)
	if !ok {
		return c
	}
	c.Count = cnt.count
	c.Status = statusOf(c.Count)
	if cnt.complete {
		run.outOfCount()
		return c
	}
	run.report()
	run.settle(ctx, budget)
	return c
}

// report hands the progress function, if any, the candidates so far.
func (run *candidateRun) report() {
	if run.progress == nil {
		return
	}
	p := *run.c
	p.Status, p.Err = Unknown, nil
	run.progress(p)
}

// finder returns the finder of the true candidates of g, on v's search of
// g's kind, made again when g's shape or rules differ from its last.
func (v *Verifier) finder(g grid.Grid) finder {
	if g.HasRules() {
		return &variantFinder{s: rulesearch.New(v.modelOf(g)), g: g}
	}
	v.s = searchFor(v.s, g.Shape, 1, 0, nil)
	return &classicFinder{s: v.s, g: g}
}

// statusOf is the verdict on a puzzle of count solutions.
func statusOf(count int) Status {
	switch {
	case count == 0:
		return None
	case count == 1:
		return Unique
	}
	return Multiple
}

// candidateRun is one search of the true candidates of the puzzle g, of
// size n, with f: what it has found so far is in c.
type candidateRun struct {
	c *Candidates
	g grid.Grid
	n int
	f finder
	// root holds the candidates of g after propagation; prefer, the digit
	// of each cell that the searches try first (see setPrefer).
	root   []uint64
	prefer []uint8
	// progress is CandidateOptions.Progress
	progress func(Candidates)
}

// cover puts in the digits of the solution sol.
func (run *candidateRun) cover(sol []uint8) {
	c := run.c
	for i, d := range sol {
		bit := uint64(1) << (d - 1)
		if c.Masks[i]&bit == 0 && run.g.Cells[i] == 0 {
			c.Settled++
		}
		c.Masks[i] |= bit
	}
}

// count counts the solutions, covering the digits of every one it finds,
// with gophersat in the search's place past the count's budget. It
// returns false, with c's status set, when the count was stopped.
func (run *candidateRun) count(ctx context.Context) (found, bool) {
	c, g := run.c, run.g
	c.Searches++
	cnt := run.f.count(ctx, c.Limit, countBudget, func(sol []uint8) bool {
		if !g.Solves(grid.Grid{Shape: g.Shape, Cells: sol, Rules: g.Rules}) {
			return false
		}
		if len(c.Solutions) < 2 {
			c.Solutions = append(c.Solutions, grid.Grid{Shape: g.Shape, Cells: append([]uint8(nil), sol...), Rules: g.Rules})
		}
		run.cover(sol)
		c.Count++ // so far; the count's own figure below
		run.report()
		return true
	})
	switch {
	case cnt.canceled && ctx.Err() != nil:
		c.Status, c.Err = Unknown, ctx.Err()
		return cnt, false
	case cnt.canceled || cnt.broken:
		c.Status, c.Err = Invalid, fmt.Errorf("a solution found breaks the rules: %w", ErrDisagree)
		return cnt, false
	case cnt.outOfBudget:
		// gophersat counts in the search's place
		c.SATCalls++
		c.Masks, c.Solutions, c.Settled, c.Count = make([]uint64, len(g.Cells)), nil, 0, 0
		cnt.count = sat.NewRules(g.Shape, g.Rules).Solutions(g, nil, c.Limit, func(sol grid.Grid) {
			if len(c.Solutions) < 2 {
				c.Solutions = append(c.Solutions, sol)
			}
			run.cover(sol.Cells)
		})
		cnt.complete = cnt.count < c.Limit
	}
	return cnt, true
}

// outOfCount takes out what no solution covers, once a complete count
// has put in every solution.
func (run *candidateRun) outOfCount() {
	c, n := run.c, run.n
	root, rootOK := run.f.root()
	for i, d := range run.g.Cells {
		if d != 0 {
			continue
		}
		for e := range n {
			if c.Masks[i]&(1<<e) == 0 {
				c.Settled++
				c.Out[i*n+e] = Search
				if !rootOK || root[i]&(1<<e) == 0 {
					c.Out[i*n+e] = Propagation
				}
			}
		}
	}
}

// setPrefer points each cell at the first digit of its root candidates
// that no solution has put in yet, 0 for none.
func (run *candidateRun) setPrefer() {
	for i := range run.prefer {
		run.prefer[i] = 0
		if open := run.root[i] &^ run.c.Masks[i]; open != 0 {
			run.prefer[i] = uint8(bits.TrailingZeros64(open) + 1)
		}
	}
}

// settle settles the candidates that the count left open, one at a time,
// each by a search of budget nodes with it assumed.
func (run *candidateRun) settle(ctx context.Context, budget int) {
	c, g, n := run.c, run.g, run.n
	root, _ := run.f.root() // not a conflict: the count found a solution
	run.root = append([]uint64(nil), root...)
	run.prefer = make([]uint8, len(g.Cells))
	run.setPrefer()
	cells := append([]uint8(nil), g.Cells...)
	for i, d := range g.Cells {
		if d != 0 {
			continue
		}
		for e := range n {
			bit := uint64(1) << e
			if run.root[i]&bit == 0 {
				c.Settled++
				c.Out[i*n+e] = Propagation
				continue
			}
			if c.Masks[i]&bit != 0 {
				continue
			}
			if err := ctx.Err(); err != nil {
				c.Status, c.Err = Unknown, err
				return
			}
			if !run.settleOne(ctx, cells, i, e, budget) {
				return
			}
		}
	}
}

// settleOne settles digit e+1 of the empty cell i by a search of cells
// with it assumed: in, with the digits of the solution found, or out, with
// what proved it. It returns false, with c's status set, when the search
// was stopped or its solution breaks the rules.
func (run *candidateRun) settleOne(ctx context.Context, cells []uint8, i, e, budget int) bool {
	c, g, n := run.c, run.g, run.n
	cells[i] = uint8(e + 1)
	c.Searches++
	sol, o := run.f.find(ctx, cells, run.prefer, budget)
	if o.canceled {
		c.Status, c.Err = Unknown, ctx.Err()
		return false
	}
	if o.outOfBudget {
		c.SATCalls++
		sol, o = run.f.sat(cells)
	}
	cells[i] = 0
	switch {
	case sol != nil:
		if !g.Solves(grid.Grid{Shape: g.Shape, Cells: sol, Rules: g.Rules}) || sol[i] != uint8(e+1) {
			c.Status, c.Err = Invalid, fmt.Errorf("a solution found breaks the rules: %w", ErrDisagree)
			return false
		}
		run.cover(sol)
		run.setPrefer()
	case o.root:
		c.Out[i*n+e] = Propagation
	case o.sat:
		c.Out[i*n+e] = SAT
	default:
		c.Out[i*n+e] = Search
	}
	if sol == nil {
		c.Settled++
	}
	run.report()
	return true
}

// found is what a finder's search established.
type found struct {
	count                                         int
	complete, root, canceled, broken, outOfBudget bool
	sat                                           bool // gophersat decided it
}

// A finder runs the searches of the true candidates on one puzzle, with
// package search for a classic puzzle, package internal/rulesearch for one
// with rules.
type finder interface {
	// count counts the solutions of the puzzle up to limit within budget
	// nodes, calling each with every one; each returning false stops it.
	count(ctx context.Context, limit, budget int, each func([]uint8) bool) found
	// root returns the candidates of the puzzle after propagation; false
	// on a conflict.
	root() ([]uint64, bool)
	// find looks for one solution of cells within budget nodes, trying
	// prefer's digits first; sol is nil when there is none or the budget
	// ran out.
	find(ctx context.Context, cells, prefer []uint8, budget int) (sol []uint8, o found)
	// sat decides with gophersat whether cells has a solution.
	sat(cells []uint8) ([]uint8, found)
}

type classicFinder struct {
	s *search.Search
	g grid.Grid
}

func classicFound(r search.Result) found {
	return found{count: r.Count, complete: r.Complete, root: r.Root, canceled: r.Canceled, broken: r.Broken, outOfBudget: r.OutOfBudget}
}

func (f *classicFinder) count(ctx context.Context, limit, budget int, each func([]uint8) bool) found {
	s := searchFor(f.s, f.g.Shape, limit, budget, ctx.Done())
	s.Each = each
	r := s.Run(f.g.Cells)
	s.Each = nil
	return classicFound(r)
}

func (f *classicFinder) root() ([]uint64, bool) { return f.s.Propagated(f.g.Cells, -1, 0) }

func (f *classicFinder) find(ctx context.Context, cells, prefer []uint8, budget int) ([]uint8, found) {
	s := searchFor(f.s, f.g.Shape, 1, budget, ctx.Done())
	s.Prefer = prefer
	r := s.Run(cells)
	s.Prefer = nil
	o := classicFound(r)
	if r.Count > 0 {
		return append([]uint8(nil), s.Solution(0)...), o
	}
	return nil, o
}

func (f *classicFinder) sat(cells []uint8) ([]uint8, found) { return satFind(f.g, cells) }

// satFind decides with a fresh gophersat solver whether the puzzle g with
// cells in place of its own has a solution.
func satFind(g grid.Grid, cells []uint8) ([]uint8, found) {
	q := grid.Grid{Shape: g.Shape, Cells: cells, Rules: g.Rules}
	var sol []uint8
	sat.NewRules(g.Shape, g.Rules).Solutions(q, nil, 1, func(s grid.Grid) { sol = s.Cells })
	o := found{complete: true, sat: true}
	if sol != nil {
		o.count = 1
	}
	return sol, o
}

type variantFinder struct {
	s *rulesearch.Search
	g grid.Grid
}

func variantFound(r rulesearch.Result, budget int) found {
	return found{count: r.Count, complete: r.Complete, root: r.Root, canceled: r.Canceled, broken: r.Broken,
		outOfBudget: !r.Complete && !r.Canceled && !r.Broken && budget > 0 && r.Nodes > budget}
}

func (f *variantFinder) count(ctx context.Context, limit, budget int, each func([]uint8) bool) found {
	var cells []uint8
	r := f.s.Count(f.g.Cells, limit, budget, ctx.Done(), func(cand []uint64) bool {
		cells = cellsOf(cand, cells)
		return each(cells)
	})
	o := variantFound(r, budget)
	// the variant search calls a search that stopped at the limit complete
	o.complete = o.complete && r.Count < limit
	return o
}

func (f *variantFinder) root() ([]uint64, bool) { return f.s.Start(f.g.Cells) }

func (f *variantFinder) find(ctx context.Context, cells, prefer []uint8, budget int) ([]uint8, found) {
	r := f.s.Find(cells, prefer, budget, ctx.Done())
	o := variantFound(r, budget)
	if r.Count > 0 {
		return r.First[0], o
	}
	return nil, o
}

func (f *variantFinder) sat(cells []uint8) ([]uint8, found) { return satFind(f.g, cells) }

// finish ends the proof of a candidate out by the search (proof,
// Propagation or Search) that the trace tr traced to bw, nil when the
// search was not traced, on q, the puzzle with the candidate given: for a
// variant the provers that follow a search write it (see
// proofCase.provers): the derivation of the implied clauses the search
// used first (see trace.finish), or where that is given up, the proof of
// a search without the implied constraints, then q's CNF of the rules as
// stated to cnf. It returns the proof written.
func (p *CandidateProver) finish(ctx context.Context, cnf io.Writer, bw *bufio.Writer, tr *trace, q grid.Grid, proof Proof) (Proof, error) {
	var assumed [][]int
	if tr != nil && q.HasRules() {
		pc := newProofCase(ctx, q, tr.sink, nil)
		pc.m, pc.full, pc.implied.tr = p.model(), p.rules(), tr
		again := pc.prove(Result{Status: None, Proof: proof}, pc.provers())
		if again.Err != nil {
			return NoProof, again.Err
		}
		if pc.err != nil {
			return NoProof, pc.err
		}
		assumed = again.Assumed
		if again.LeftOut > 0 {
			proof = again.Written
		}
	} else if tr != nil {
		if tr.flush(); tr.err != nil {
			return NoProof, tr.err
		}
	}
	if err := bw.Flush(); err != nil {
		return NoProof, err
	}
	if !q.HasRules() {
		return proof, nil
	}
	return proof, p.cnf.WriteAssuming(cnf, q, assumed)
}

// cellsOf turns candidates with one digit per cell into digits, in buf.
func cellsOf(cand []uint64, buf []uint8) []uint8 {
	buf = buf[:0]
	for _, m := range cand {
		buf = append(buf, uint8(bits.TrailingZeros64(m)+1))
	}
	return buf
}

// WriteCandidateProof writes the proof that the empty cell cell (row-major)
// of puzzle g cannot hold digit d: to cnf the CNF of g with the unit clause
// of that digit, in DIMACS (the CNF of g with d given in cell: for a
// variant, its rules as stated, as WriteCertificate writes them), and to
// drat its refutation in DRAT text format. A search with d assumed runs
// within the candidates' budget; when it runs to its end, it runs again
// with a tracer and its refutations are the lemmas (see
// WriteCertificate), for a variant after the derivation of the implied
// clauses they use (where one is given up, a search without the implied
// constraints writes the proof, see CandidateProver.finish); otherwise
// gophersat proves it from scratch, its proof checked before it is
// written, and when the checker refuses it the traced search runs again
// with no budget. It returns the proof that was written, and an error
// wrapping ErrDisagree when the cell can hold d after all. For many
// candidates of one puzzle, a CandidateProver writes the same proofs
// faster.
func WriteCandidateProof(ctx context.Context, cnf, drat io.Writer, g grid.Grid, cell int, d uint8) (Proof, error) {
	return NewCandidateProver(g).Write(ctx, cnf, drat, cell, d)
}

// A CandidateProver writes the proofs of the candidates of one puzzle that
// are out, as WriteCandidateProof does, with what they share made once: the
// variant search's model, the CNF of the rules (sat.RuleClauses) that
// the derivation of implied clauses reads, and the text of the rule
// clauses of the CNFs it writes. It is for one goroutine at a time.
type CandidateProver struct {
	g    grid.Grid
	m    *rulesearch.Model
	full *sat.RuleCNF
	cnf  sat.DIMACS
}

// NewCandidateProver returns the CandidateProver of puzzle g, whose rules
// must not change while it is in use.
func NewCandidateProver(g grid.Grid) *CandidateProver {
	return &CandidateProver{g: g, cnf: sat.DIMACS{Plain: g.HasRules()}}
}

// Of reports whether g is p's puzzle: its shape, cells and rules.
func (p *CandidateProver) Of(g grid.Grid) bool { return p.g.Equal(g) }

// model returns the model of the variant search of the puzzle's rules.
func (p *CandidateProver) model() *rulesearch.Model {
	if p.m == nil {
		p.m = rulesearch.NewModel(p.g.Shape, p.g.Rules)
	}
	return p.m
}

// rules returns the CNF of the puzzle's rules with the clauses they imply.
func (p *CandidateProver) rules() *sat.RuleCNF {
	if p.full == nil {
		p.full = sat.RuleClauses(p.g.Shape, p.g.Rules)
	}
	return p.full
}

// Write writes the proof that the empty cell cell cannot hold digit d
// (see WriteCandidateProof).
func (p *CandidateProver) Write(ctx context.Context, cnf, drat io.Writer, cell int, d uint8) (Proof, error) {
	g := p.g
	q := g.Clone()
	q.Cells[cell] = d
	// a variant's CNF waits for the clauses its proof assumes
	if !g.HasRules() {
		if err := p.cnf.Write(cnf, q); err != nil {
			return NoProof, err
		}
	}
	bw := bufio.NewWriterSize(drat, 64<<10)
	// run searches q with a trace (nil for none) and a fresh search, so
	// that both runs walk the same tree.
	var tr *trace
	run := func(traced bool, budget int) found {
		if g.HasRules() {
			s := rulesearch.New(p.model())
			if traced {
				tr = &trace{sink: writerSink{bw}}
				tr.variant(s, q, true) // its lemmas wait for their derivation
			}
			return variantFound(s.Find(q.Cells, nil, budget, ctx.Done()), budget)
		}
		s := searchFor(nil, g.Shape, 1, budget, ctx.Done())
		if traced {
			tr = &trace{sink: writerSink{bw}}
			s.Trace = tr.cells(g.N())
		}
		return classicFound(s.Run(q.Cells))
	}
	o := run(false, candidateBudget)
	if o.complete && o.count == 0 {
		o = run(true, candidateBudget)
	}
	var err error
	if !o.complete && !o.canceled && o.count == 0 {
		// past the budget: gophersat's proof, checked; when the checker
		// refuses it, the traced search to its end, with no budget
		var unsat bool
		switch unsat, err = certify(drat, q); {
		case errors.Is(err, sat.ErrRefused):
			o = run(true, 0)
		case err == nil && !unsat:
			return NoProof, fmt.Errorf("gophersat finds the CNF satisfiable: %w", ErrDisagree)
		case err == nil && g.HasRules():
			// gophersat proved it from the rules as stated
			return SAT, p.cnf.Write(cnf, q)
		default:
			return SAT, err
		}
	}
	switch {
	case o.canceled:
		return NoProof, ctx.Err()
	case o.count > 0:
		return NoProof, fmt.Errorf("%s can hold %d: %w", grid.Cell{Row: cell / g.N(), Col: cell % g.N()}, d, ErrDisagree)
	case o.complete:
		proof := Search
		if o.root {
			proof = Propagation
		}
		return p.finish(ctx, cnf, bw, tr, q, proof)
	}
	return NoProof, fmt.Errorf("the search past gophersat's refused proof ended short of its end: %w", ErrDisagree)
}
