package verify

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/derive"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
	"github.com/sudokugen/sudokugen/sat"
)

// The proof of a verdict of unique or none comes from the first of an
// ordered list of provers that succeeds (see proofCase.provers): each
// tries, and writes the proof, fails with the Result's error, or passes
// the verdict on to the next. A prover owns its state, the trace of the
// search it runs; what they share is the proofCase, the puzzle and the
// sink. For a variant, in order:
//
//  1. pastBudget: for a verdict the search reached past its node budget
//     (proof SAT), gophersat's certified solve; where the checker refuses
//     its proof, the search with the implied constraints runs to its end,
//     and its lines go to withImplied;
//  2. withImplied: the search with the implied constraints that reached
//     the verdict, its lines after the derivation of the implied clauses
//     they use; it passes where the search used wide ones, or where a
//     derivation is given up;
//  3. withoutWide: where that search used wide implied constraints, a
//     search without them, within narrowBudget;
//  4. withoutImplied: a search without any implied constraint, within
//     bareBudget, with nothing to derive;
//  5. certified: gophersat's certified solve of the rules as stated;
//  6. toEnd: where the checker refused that proof, the search without any
//     implied constraint, to its end.
//
// A classic puzzle's list is the first two: its search uses no implied
// constraint, and withImplied always writes its proof.

// certify is sat.Certify, which checks gophersat's proof before it writes
// it; the tests put a refusal in its place.
var certify = sat.Certify

// narrowBudget is the nodes of the search without the wide implied
// constraints (see withoutWide), a traced search's as the first one's
// (a variable for the tests).
var narrowBudget = variantBudget

// bareBudget is the nodes of the search without the implied constraints
// (see withoutImplied): its lines go out as they come, so it may take as
// many as an untraced search of light rules. On 1,000 generated killers,
// the 21 such searches all ended within them, where with the budget of a
// traced search 4 went on to gophersat, and the run took 3 to 9 % more
// processor time.
var bareBudget = lightBudget

// A proofCase is the verdict that the provers of one puzzle prove, in
// turn, and what they share: the puzzle, its search model, the sink their
// proofs go to (each prover drops what the one before wrote), and the
// error of the proof written.
type proofCase struct {
	ctx  context.Context
	g    grid.Grid
	v    *Verifier         // when not nil, m is v's model of g
	m    *rulesearch.Model // a variant's; nil for a classic puzzle, or not made yet
	sink ProofSink
	// full, when not nil, is the CNF of g's rules (sat.RuleClauses), which
	// the derivations read: the proofs of one puzzle's candidates share it
	full *sat.RuleCNF
	// plans, when not nil, receives the plans of the derivations (for
	// tests)
	plans *[]*derive.Plan
	// the two provers that the count of the verdict feeds: the search it
	// traces, and gophersat past its budget
	implied *withImplied
	past    *pastBudget
	err     error // the sink's error, of the proof written
	// searchOnly says that only a search proves the verdict: past its
	// budget the count stops (errPastBudget), gophersat not asked (see
	// ProveUnique)
	searchOnly bool
}

// newProofCase returns the proofCase of puzzle g, whose provers write to
// sink, and the plans of their derivations to plans when it is not nil.
func newProofCase(ctx context.Context, g grid.Grid, sink ProofSink, plans *[]*derive.Plan) *proofCase {
	pc := &proofCase{ctx: ctx, g: g, sink: sink, plans: plans}
	pc.implied = &withImplied{tr: pc.trace()}
	pc.past = &pastBudget{then: pc.implied}
	return pc
}

// trace returns a new trace on pc's sink.
func (pc *proofCase) trace() *trace { return &trace{sink: pc.sink, plans: pc.plans} }

// model returns the search model of a variant's rules; nil for a classic
// puzzle.
func (pc *proofCase) model() *rulesearch.Model {
	if pc.m == nil && pc.g.HasRules() {
		pc.m = pc.v.modelOf(pc.g)
	}
	return pc.m
}

// derivation returns how a prover's proof derives the implied clauses,
// with whole and narrow as given (see derivation).
func (pc *proofCase) derivation(whole, narrow bool) derivation {
	return derivation{whole: whole, narrow: narrow, full: pc.full}
}

// provers returns the ordered list of pc's provers.
func (pc *proofCase) provers() []prover {
	if !pc.g.HasRules() {
		return []prover{pc.past, pc.implied}
	}
	return append([]prover{pc.past}, append(pc.searchProvers(), certified{}, toEnd{})...)
}

// searchProvers are the provers of a variant's verdict by a search within
// its budget: ProveUnique's, without gophersat.
func (pc *proofCase) searchProvers() []prover {
	return []prover{pc.implied, &withoutWide{after: pc.implied}, withoutImplied{}}
}

// prove tries the provers in order, from the verdict res, and returns the
// Result of the first that writes the proof or fails.
func (pc *proofCase) prove(res Result, provers []prover) Result {
	for _, p := range provers {
		var o outcome
		if res, o = p.prove(pc, res); o != passed {
			break
		}
	}
	return res
}

// settle is the count's way to gophersat past the search's budget, with
// the search's solutions t (see pastBudget.settle); false without a
// proofCase (pc nil), and the caller's solver decides.
func (pc *proofCase) settle(t tally) (tally, bool) {
	if pc == nil {
		return t, false
	}
	if pc.searchOnly {
		t.err = errPastBudget
		return t, true
	}
	return pc.past.settle(pc, t)
}

// A prover tries to write the proof of a verdict.
type prover interface {
	// prove writes the proof of res and returns res with what the proof
	// written says (Written, LeftOut, Assumed), or with the error that
	// stops the provers, or passes the verdict on to the next prover.
	prove(pc *proofCase, res Result) (Result, outcome)
}

// outcome is what a prover did.
type outcome uint8

const (
	passed outcome = iota // it wrote nothing; the next prover tries
	wrote                 // it wrote the proof
	failed                // the Result's error says why it stops
)

// pastBudget proves a verdict that the search reached past its node
// budget (proof SAT) by gophersat's certified solve from scratch, whose
// proof the DRAT checker checks before it is written (sat.Certify). When
// the checker refuses it, the search (classic, or with the implied
// constraints) runs again with no node budget, to its end or until ctx is
// done, and must find the verdict's solutions again: the verdict's proof
// is then Search (or Propagation), and then, the next prover, writes its
// lines.
type pastBudget struct {
	then *withImplied
	// written says that settle wrote gophersat's proof as the verdict was
	// counted
	written bool
}

// settle proves, past the search's budget, the verdict that the search's
// solutions t (none or one, checked) are all there are, by gophersat's
// certified solve; true when it does, or when the checker refused its
// proof and the search to its end did (or failed, t's error). When the
// CNF is satisfiable, the proof is dropped and the count goes on as
// without a proofCase.
func (p *pastBudget) settle(pc *proofCase, t tally) (tally, bool) {
	if len(t.sols) > 1 {
		return t, false
	}
	tr := p.then.tr
	tr.reset()
	unsat, err := certify(pc.sink, pc.g, blocking(pc.g, t.sols)...)
	if errors.Is(err, sat.ErrRefused) {
		return p.toEnd(pc, t), true
	}
	if !unsat {
		tr.reset()
		return t, false
	}
	pc.err = err
	t.proof, p.written = SAT, true
	return t, true
}

func (p *pastBudget) prove(pc *proofCase, res Result) (Result, outcome) {
	if res.Proof != SAT {
		return res, passed
	}
	if p.written {
		return res, wrote
	}
	// gophersat counted on a fresh solver, after the search and the
	// solve of settle disagreed on a solution
	p.then.tr.reset()
	unsat, err := certify(pc.sink, pc.g, blocking(pc.g, res.Solutions)...)
	switch {
	case errors.Is(err, sat.ErrRefused):
		res = res.with(p.toEnd(pc, tally{sols: res.Solutions, count: res.Count}))
		if res.Err != nil {
			return res, failed
		}
		return res, passed
	case err == nil && !unsat:
		err = fmt.Errorf("gophersat finds the CNF satisfiable: %w", ErrDisagree)
		fallthrough
	case err != nil:
		pc.sink.Reset()
		pc.err = err
		return res, failed
	}
	return res, wrote
}

// toEnd runs the search to its end, its trace then's, past a refused
// proof of gophersat's.
func (p *pastBudget) toEnd(pc *proofCase, t tally) tally {
	tr := pc.trace()
	p.then.tr = tr
	return searchToEnd(pc.ctx, pc.g, t, tr, pc.model(), true)
}

// withImplied writes the proof of the search that reached the verdict (a
// classic search, or a variant's with the implied constraints): for a
// variant, the derivation of the implied constraints the search used
// first (see trace.finish). It passes where that search used constraints
// implied by a group of two units or more (see withoutWide), or where a
// derivation is given up (see withoutImplied).
type withImplied struct{ tr *trace }

// usedWide reports whether the search used constraints implied by a group
// of two units or more of model m, and did not write its lines already.
func (p *withImplied) usedWide(m *rulesearch.Model) bool {
	return p.tr.uses != nil && !p.tr.released && p.tr.uses.Wide(m)
}

func (p *withImplied) prove(pc *proofCase, res Result) (Result, outcome) {
	if p.usedWide(pc.model()) {
		return res, passed
	}
	var written bool
	if res.Assumed, written = p.tr.finish(pc.g, res.Proof, res.Solutions, pc.derivation(true, false)); !written {
		return res, passed
	}
	pc.err = p.tr.err
	return res, wrote
}

// withoutWide proves again variant g's verdict res, whose search used
// constraints implied by a group of two units or more (the innies and
// outies of bands of rows or columns, grid.Implied.WideCages and
// WideSums, and the leftovers of jigsaw regions), by a search without
// them: those of single units stay. Deriving a band's cage from the rules
// as stated is a split over the digit sets of the cages around it, the
// costliest derivation there is; on 1,000 generated killers, going
// without them all made the proofs' run 1.5 times faster, and their files
// a third as large, where the search alone took a third longer. A
// jigsaw's leftovers, its only implied constraints, likewise cost more to
// derive than they save: its search goes without them all (1.2 times
// faster on 1,000 jigsaws). It passes past its budget of narrowBudget
// nodes, or where a derivation is given up; LeftOut counts the
// constraints left out.
type withoutWide struct{ after *withImplied }

func (p *withoutWide) prove(pc *proofCase, res Result) (Result, outcome) {
	m := pc.model()
	if !p.after.usedWide(m) {
		return res, passed
	}
	tr := pc.trace()
	tr.reset()
	s := rulesearch.New(m.WithoutWide())
	tr.variant(s, pc.g, true)
	r := s.Count(pc.g.Cells, 2, narrowBudget, pc.ctx.Done(), nil)
	if res, ok := reached(pc.ctx, pc.g, r, res, tr, fmt.Sprintf("the %d wide implied constraints", m.Wide())); !ok {
		return res, failed
	}
	if !r.Complete {
		return res, passed
	}
	res.LeftOut, res.Written = m.Wide(), writtenBy(r)
	var written bool
	if res.Assumed, written = tr.finish(pc.g, res.Written, res.Solutions, pc.derivation(true, true)); !written {
		return res, passed
	}
	pc.err = tr.err
	return res, wrote
}

// withoutImplied proves again, from the rules as stated alone, variant
// g's verdict res: the search runs again without any implied constraint,
// within bareBudget nodes, so that there is nothing to derive, and its
// proof goes to the sink as it comes. Past the budget it passes, and
// gophersat proves it (see certified). LeftOut counts the constraints the
// search went without.
//
// Dropping only the constraints whose derivation was given up was tried:
// the search then used others of the same kind (the innies of bands of
// rows), and on 1,000 generated killers it took 1.3 times the processor
// time of a search without them all, which takes 1.7 times that of
// proofs that assume them; on 1,000 jigsaws it took 1.2 times as long as
// without them all, which was faster than assuming them.
//
// The verdict and its Proof stand; the Result's Written says what proof
// was written, Assumed what that proof still assumes (nil, but for a
// search whose lines passed holdLimit). A stop on ctx, or a search that
// does not reach the verdict again, sets the Result's error.
type withoutImplied struct{}

func (withoutImplied) prove(pc *proofCase, res Result) (Result, outcome) {
	m := pc.model()
	res.LeftOut = m.Implied()
	without := m.WithoutImplied()
	tr := pc.trace()
	tr.reset()
	// untraced first: a traced search that passed its budget would have
	// written its lines already, which a sink that cannot take them back
	// (WriteCertificate's) would keep; then, when it ends within it, the
	// same tree traced
	r := rulesearch.New(without).Count(pc.g.Cells, 2, bareBudget, pc.ctx.Done(), nil)
	if r.Complete && !r.Canceled {
		s := rulesearch.New(without)
		tr.variant(s, pc.g, false)
		r = s.Count(pc.g.Cells, 2, bareBudget, pc.ctx.Done(), nil)
	}
	if res, ok := reached(pc.ctx, pc.g, r, res, tr, fmt.Sprintf("the %d implied constraints", res.LeftOut)); !ok {
		return res, failed
	}
	if !r.Complete {
		return res, passed
	}
	res.Written = writtenBy(r)
	res.Assumed, _ = tr.finish(pc.g, res.Written, res.Solutions, pc.derivation(false, false))
	pc.err = tr.err
	return res, wrote
}

// certified proves variant g's verdict res by gophersat's certified solve
// of the rules as stated, past the budget of the search without the
// implied constraints; it passes when the checker refuses gophersat's
// proof (see toEnd).
type certified struct{}

func (certified) prove(pc *proofCase, res Result) (Result, outcome) {
	tr := pc.trace()
	tr.reset()
	unsat, err := certify(pc.sink, pc.g, blocking(pc.g, res.Solutions)...)
	switch {
	case err == nil && unsat:
		res.Written, res.Assumed = SAT, nil
		return res, wrote
	case err == nil:
		err = fmt.Errorf("gophersat finds the CNF satisfiable: %w", ErrDisagree)
	case errors.Is(err, sat.ErrRefused):
		return res, passed
	}
	tr.reset()
	res.Err = err
	return res, failed
}

// toEnd proves variant g's verdict res, where the checker refused
// gophersat's proof, by the search without any implied constraint run to
// its end, with no node budget (it stops on ctx).
type toEnd struct{}

func (toEnd) prove(pc *proofCase, res Result) (Result, outcome) {
	tr := pc.trace()
	t := searchToEnd(pc.ctx, pc.g, tally{sols: res.Solutions, count: res.Count}, tr, pc.model().WithoutImplied(), false)
	if t.err != nil {
		res.Err = t.err
		if t.canceled {
			res.Status = Unknown
		}
		return res, failed
	}
	res.Written = t.proof
	res.Assumed, _ = tr.finish(pc.g, res.Written, res.Solutions, pc.derivation(false, false))
	pc.err = tr.err
	return res, wrote
}

// searchToEnd proves, with tr's proof, the verdict that t's solutions
// (none or one, checked) are all that g has, when gophersat's proof of it
// was refused (sat.ErrRefused): the search, classic (m nil) or the
// variant search of model m, runs with tr as its tracer and no node
// budget, to its end or until ctx is done, and must find t's solutions
// again. The tally's proof is then Search (or Propagation, for a search
// settled at its root); a stop on ctx or a search that disagrees sets its
// error, and tr is reset. With hold, a variant's trace holds the search's
// lemmas for the derivation that trace.finish writes first.
func searchToEnd(ctx context.Context, g grid.Grid, t tally, tr *trace, m *rulesearch.Model, hold bool) tally {
	tr.reset()
	var o found
	var sols []grid.Grid
	ok := true
	if m != nil {
		s := rulesearch.New(m)
		tr.variant(s, g, hold)
		r := s.Count(g.Cells, 2, 0, ctx.Done(), nil)
		sols, ok = variantGrids(g, r)
		o = variantFound(r, 0)
	} else {
		s := searchFor(nil, g.Shape, 2, 0, ctx.Done())
		s.Trace = tr.cells(g.N())
		r := s.Run(g.Cells)
		var c tally
		c, ok = checked(g, solutions(s, g.Shape, r), r.Count)
		sols, o = c.sols, classicFound(r)
	}
	switch {
	case o.canceled:
		tr.reset()
		t.canceled, t.err = true, ctx.Err()
	case !ok || o.broken || !o.complete || o.count != len(t.sols) || len(sols) == 1 && !sols[0].Equal(t.sols[0]):
		tr.reset()
		t.err = fmt.Errorf("gophersat's proof was refused, and the search run to its end does not reach the verdict again: %w", ErrDisagree)
	case o.root:
		t.proof = Propagation
	default:
		t.proof = Search
	}
	return t
}

// reached reports whether r, the result of a search of g again without
// some implied constraints (what), agrees with verdict res, complete or
// not; when it does not, it returns res with the error: ctx's, or that
// the verdict is another, with tr's lines dropped.
func reached(ctx context.Context, g grid.Grid, r rulesearch.Result, res Result, tr *trace, what string) (Result, bool) {
	sols, ok := variantGrids(g, r)
	switch {
	case r.Canceled:
		tr.reset()
		res.Status, res.Err = Unknown, ctx.Err()
		return res, false
	case !ok || r.Broken || r.Count > len(res.Solutions) || r.Complete && r.Count != len(res.Solutions) || len(sols) == 1 && !sols[0].Equal(res.Solutions[0]):
		tr.reset()
		res.Err = fmt.Errorf("the search without %s does not reach the verdict again: %w", what, ErrDisagree)
		return res, false
	}
	return res, true
}

// writtenBy is the proof that complete search r writes: propagation when
// its root refuted the CNF.
func writtenBy(r rulesearch.Result) Proof {
	if r.Root {
		return Propagation
	}
	return Search
}
