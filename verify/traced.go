package verify

import (
	"context"
	"io"
	"strconv"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/derive"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
	"github.com/sudokugen/sudokugen/internal/search"
	"github.com/sudokugen/sudokugen/sat"
)

// A ProofSink takes the DRAT proof of a verdict while CheckProof makes it.
// Reset drops what it holds: the lines a search wrote before its budget ran
// out, or before it found a second solution, prove nothing.
type ProofSink interface {
	io.Writer
	Reset()
}

// CheckProof is CheckContext that also writes the proof of a verdict of
// unique or none to proof, in DRAT text format, from the very search or
// solve that reached the verdict: nothing runs twice. The proof is the one
// WriteCertificate describes for the verdict's Proof:
//
//   - propagation: the digit of every empty cell as a unit clause, then
//     the empty clause;
//   - search: the refutations of the search's tree in post-order, the last
//     one the empty clause;
//   - sat: the clauses gophersat learned in a certified solve from scratch
//     (past the search's budget), then the empty clause, checked by the
//     DRAT checker before they are written (sat.Certify). When the checker
//     refuses them, the search runs again to its end, with no node budget
//     and until ctx is done, and the verdict's proof is search.
//
// For a variant, the lemmas that derive the implied clauses the proof
// uses from the rules as stated come first (see derive.ForProof). Where
// the search used constraints implied by groups of two units or more, or
// a derivation is given up, the proof comes from a search without them,
// and the Result's LeftOut and Written say so. The proof is the first
// that an ordered list of provers writes (see proofCase.provers): the
// verdict's search is the first, or gophersat past its budget.
//
// The CNF it refutes is the one WriteCertificate writes. For any other
// verdict, or a result with an error, proof is left empty (Reset). The
// error is proof's, when a write fails; the Result stands either way.
func (v *Verifier) CheckProof(ctx context.Context, g grid.Grid, opts Options, proof ProofSink) (Result, error) {
	pc := newProofCase(ctx, g, proof, v.plans)
	pc.v = v
	res := v.check(ctx, g, opts, pc)
	if (res.Status != Unique && res.Status != None) || res.Err != nil {
		pc.implied.tr.reset()
		return res, nil
	}
	return pc.prove(res, pc.provers()), pc.err
}

// trace is the Tracer of one search that writes each refutation to a
// ProofSink as a DRAT lemma: the negation of each decision on the path,
// then 0. It gathers lines in buf and hands them on in blocks. Each search
// a prover runs has a trace of its own.
type trace struct {
	sink ProofSink
	buf  []byte
	n    int // the grid's size, for a classic search's decisions
	err  error
	// uses records the implied constraints a variant's search used, whose
	// derivation goes first in the proof: hold keeps the search's lines
	// in buf until then
	uses   *rulesearch.Uses
	hold   bool
	lemmas [][]int // the lines held, as clauses
	held   int     // the literals of lemmas
	// g is the puzzle of a variant's search; released says that its lines
	// passed holdLimit, and the derivation of all its implied constraints
	// went first (see release), which assumes the clauses of assumed
	g        grid.Grid
	released bool
	assumed  [][]int
	// plans, when not nil, receives the plans of derived (for tests)
	plans *[]*derive.Plan
}

// holdLimit is the literals of the lines a variant's trace holds for the
// derivation that goes before them (about 8 bytes each, and as many again
// as text): past it they go out at once (see release), so that a search
// with no node budget keeps its memory bounded. A search within
// variantBudget stays well under it.
var holdLimit = 1 << 22

// deriveBudget is the nodes of the case split that derives one implied
// clause from the plain rules (derive.Deriver.Derive); past it, the
// constraint is assumed.
const deriveBudget = 2000

// derivation says how a proof derives the implied clauses its steps use
// (see trace.derived).
type derivation struct {
	// whole: a plan that leaves a clause out is not written, and the
	// prover passes the verdict on to the next
	whole bool
	// narrow: the search used no constraint implied by a group of two
	// units or more (see withoutWide)
	narrow bool
	// full, when not nil, is the CNF of the puzzle's rules
	// (sat.RuleClauses): the proofs of one puzzle's candidates share it
	full *sat.RuleCNF
}

// finish writes the proof of a verdict that the traced search proved
// (proof Propagation or Search, sols the solution of a Unique verdict):
// for a variant, the derivation of the implied constraints the search
// used first (see derived); then the search's refutations, or for
// Propagation the digit of every empty cell as a unit clause and the
// empty clause. It returns the implied clauses that the proof assumes.
//
// With d.whole, a proof that would assume implied clauses is not written
// (false): the next prover proves the verdict again. A search whose lines
// passed holdLimit has written them already, and finishes as without it.
func (tr *trace) finish(g grid.Grid, proof Proof, sols []grid.Grid, d derivation) (assumed [][]int, written bool) {
	body := tr.buf
	tr.buf = nil
	if proof == Propagation {
		// the search's root refuted the CNF; the units make each step
		// of that propagation explicit for a checker
		tr.reset()
		body = body[:0]
		tr.lemmas = tr.lemmas[:0]
		if len(sols) == 1 {
			n := g.N()
			for i, d := range g.Cells {
				if d == 0 {
					l := sat.Var(n, i/n, i%n, int(sols[0].Cells[i]))
					body = appendLemma(body, []int{l})
					tr.lemmas = append(tr.lemmas, []int{l})
				}
			}
		}
		body = append(body, '0', '\n')
		tr.lemmas = append(tr.lemmas, nil)
	}
	assumed, written = tr.derived(g, blocking(g, sols), d)
	if !written {
		tr.buf = body[:0]
		return assumed, false
	}
	tr.flush()
	if len(body) > 0 && tr.err == nil {
		_, tr.err = tr.sink.Write(body)
	}
	tr.buf = body[:0]
	return assumed, true
}

// blocking is the extra clause of the CNF a verdict's proof refutes: the
// blocking clause of its solution, when it has one.
func blocking(g grid.Grid, sols []grid.Grid) [][]int {
	if len(sols) == 1 {
		return [][]int{sat.Blocking(g, sols[0])}
	}
	return nil
}

// derived writes the lemmas that derive, from the plain rules and the
// givens (sat.PlainRuleClauses), the implied clauses that the steps of a
// variant's proof use (derive.ForProof: the proof's CNF has the extra
// clauses too), and returns those whose derivation was given up past
// deriveBudget: the proof assumes them, and its CNF holds them.
//
// With d.whole, and some clause assumed, it writes nothing (false).
func (tr *trace) derived(g grid.Grid, extra [][]int, d derivation) (assumed [][]int, written bool) {
	tr.hold = false
	if tr.released {
		return tr.assumed, true // the derivation went out when the lines did
	}
	u := tr.uses
	if u == nil || u.Count() == 0 {
		return nil, true
	}
	full := d.full
	if full == nil {
		full = sat.RuleClauses(g.Shape, g.Rules)
	}
	// with whole, a plan that leaves a clause out goes unused
	plan, ok := derive.ForProof(full, g, deriveBudget, derive.Options{Whole: d.whole, Narrow: d.narrow}, tr.lemmas, extra...)
	if !ok {
		// not expected: the constraints the search used, whole
		plan = tr.usedPlan(g)
	}
	if d.whole && len(plan.Assumed) > 0 {
		return plan.Assumed, false
	}
	if tr.plans != nil {
		*tr.plans = append(*tr.plans, plan)
	}
	for _, c := range plan.Lemmas {
		tr.buf = appendLemma(tr.buf, c)
		tr.spill(32 << 10)
	}
	return plan.Assumed, true
}

// usedPlan is the plan of the implied constraints the search used.
func (tr *trace) usedPlan(g grid.Grid) *derive.Plan {
	u := tr.uses
	return derive.ImpliedOnly(g, deriveBudget, func(sp sat.Span) bool {
		switch sp.What {
		case sat.ImpliedPeers:
			return u.Peers[sp.Index]
		case sat.ImpliedCage:
			return u.Cages[sp.Index]
		case sat.ImpliedSum:
			return u.Sums[sp.Index]
		}
		return u.Same[sp.Index]
	})
}

// appendLemma appends clause c as a DRAT line.
func appendLemma(b []byte, c []int) []byte {
	for _, l := range c {
		b = strconv.AppendInt(b, int64(l), 10)
		b = append(b, ' ')
	}
	return append(b, '0', '\n')
}

// cells returns tr as the Tracer of a classic search on an N x N grid.
func (tr *trace) cells(n int) search.Tracer {
	tr.n = n
	return cellTracer{tr}
}

// variant makes tr the Tracer of a variant search s of puzzle g, whose
// decisions are literals of the CNF, recording the implied constraints it
// uses. With hold, tr keeps the search's lines for the derivation that
// goes before them; a search with no implied constraint, with nothing to
// derive, has its lines go out as they come.
func (tr *trace) variant(s *rulesearch.Search, g grid.Grid, hold bool) {
	s.Trace = tr
	s.Uses = s.NewUses()
	// with no implied constraint, nothing is derived before the lines:
	// they go out as they come
	tr.uses, tr.hold, tr.g = s.Uses, hold && s.Implied() > 0, g
}

// cellTracer turns a classic search's decisions into literals.
type cellTracer struct{ tr *trace }

func (c cellTracer) Refute(path []search.Decision) {
	tr := c.tr
	for _, x := range path {
		cell := int(x.Cell)
		tr.buf = strconv.AppendInt(tr.buf, -int64(sat.Var(tr.n, cell/tr.n, cell%tr.n, int(x.Digit))), 10)
		tr.buf = append(tr.buf, ' ')
	}
	tr.buf = append(tr.buf, '0', '\n')
	tr.spill(32 << 10)
}

// Refute writes the lemma that negates path, literals of the CNF.
func (tr *trace) Refute(path []int) {
	for _, l := range path {
		tr.buf = strconv.AppendInt(tr.buf, -int64(l), 10)
		tr.buf = append(tr.buf, ' ')
	}
	tr.buf = append(tr.buf, '0', '\n')
	if tr.hold {
		c := make([]int, len(path))
		for i, l := range path {
			c[i] = -l
		}
		tr.lemmas = append(tr.lemmas, c)
		if tr.held += len(c); tr.held > holdLimit {
			tr.release()
		}
	}
	tr.spill(32 << 10)
}

// release stops holding a variant search's lines, once they pass
// holdLimit literals: Core's choice of the implied clauses they use would
// need them all in memory. The derivation of every implied constraint of
// the puzzle goes out in its place (derive.Implied, at some cost in time
// and in clauses assumed), then the lines held, and the lines to come
// follow as they come.
func (tr *trace) release() {
	plan := derive.Implied(tr.g, deriveBudget)
	if tr.plans != nil {
		*tr.plans = append(*tr.plans, plan)
	}
	held := tr.buf
	tr.buf = nil
	tr.hold, tr.released, tr.assumed = false, true, plan.Assumed
	tr.lemmas, tr.held = nil, 0
	for _, c := range plan.Lemmas {
		tr.buf = appendLemma(tr.buf, c)
		tr.spill(32 << 10)
	}
	tr.flush()
	if tr.err == nil {
		_, tr.err = tr.sink.Write(held)
	}
}

// spill hands the lines gathered on to the sink once they pass limit bytes,
// unless it holds them.
func (tr *trace) spill(limit int) {
	if len(tr.buf) >= limit && !tr.hold {
		tr.flush()
	}
}

func (tr *trace) flush() {
	if len(tr.buf) > 0 && tr.err == nil {
		_, tr.err = tr.sink.Write(tr.buf)
	}
	tr.buf = tr.buf[:0]
}

// reset drops the lines written so far, the sink's too.
func (tr *trace) reset() {
	tr.buf = tr.buf[:0]
	tr.lemmas, tr.held = tr.lemmas[:0], 0
	tr.released, tr.assumed = false, nil
	tr.sink.Reset()
	tr.err = nil
}
