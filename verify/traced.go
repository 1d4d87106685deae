package verify

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/sudokugen/sudokugen/grid"
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
//     (past the search's budget), then the empty clause.
//
// The CNF it refutes is the one WriteCertificate writes. For any other
// verdict, or a result with an error, proof is left empty (Reset). The
// error is proof's, when a write fails; the Result stands either way.
func (v *Verifier) CheckProof(ctx context.Context, g grid.Grid, opts Options, proof ProofSink) (Result, error) {
	tr := &tracer{sink: proof}
	res := v.check(ctx, g, opts, tr)
	if (res.Status != Unique && res.Status != None) || res.Err != nil {
		tr.reset()
		return res, tr.err
	}
	switch res.Proof {
	case Propagation:
		// The search's root refuted the CNF; the units make each step of
		// that propagation explicit for a checker.
		tr.reset()
		if res.Status == Unique {
			n := g.N()
			for i, d := range g.Cells {
				if d == 0 {
					tr.buf = strconv.AppendInt(tr.buf, int64(sat.Var(n, i/n, i%n, int(res.Solutions[0].Cells[i]))), 10)
					tr.buf = append(tr.buf, ' ', '0', '\n')
					tr.spill(4 << 10)
				}
			}
		}
		tr.buf = append(tr.buf, '0', '\n')
		tr.flush()
	case Search:
		tr.flush()
	case SAT:
		if !tr.proved {
			// fresh proved it, after the search and gophersat disagreed
			// on a solution; a certified solve writes the proof
			tr.reset()
			var extra [][]int
			if res.Status == Unique {
				extra = [][]int{sat.Blocking(g, res.Solutions[0])}
			}
			unsat, err := sat.Certify(proof, g, extra...)
			if err == nil && !unsat {
				err = fmt.Errorf("gophersat finds the CNF satisfiable: %w", ErrDisagree)
			}
			if err != nil {
				proof.Reset()
				return res, err
			}
		}
	}
	return res, tr.err
}

// tracer is a search's Tracer that writes each refutation to a ProofSink as
// a DRAT lemma: the negation of each decision on the path, then 0. It
// gathers lines in buf and hands them on in blocks.
type tracer struct {
	sink   ProofSink
	buf    []byte
	n      int // the grid's size, for a classic search's decisions
	err    error
	proved bool // certified wrote a gophersat proof
}

// cells returns tr as the Tracer of a classic search on an N x N grid.
func (tr *tracer) cells(n int) search.Tracer {
	tr.n = n
	return cellTracer{tr}
}

// lits returns tr as the Tracer of a variant search, whose decisions are
// literals of the CNF.
func (tr *tracer) lits() *tracer { return tr }

// cellTracer turns a classic search's decisions into literals.
type cellTracer struct{ tr *tracer }

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
func (tr *tracer) Refute(path []int) {
	for _, l := range path {
		tr.buf = strconv.AppendInt(tr.buf, -int64(l), 10)
		tr.buf = append(tr.buf, ' ')
	}
	tr.buf = append(tr.buf, '0', '\n')
	tr.spill(32 << 10)
}

// spill hands the lines gathered on to the sink once they pass limit bytes.
func (tr *tracer) spill(limit int) {
	if len(tr.buf) >= limit {
		tr.flush()
	}
}

func (tr *tracer) flush() {
	if len(tr.buf) > 0 && tr.err == nil {
		_, tr.err = tr.sink.Write(tr.buf)
	}
	tr.buf = tr.buf[:0]
}

// reset drops the lines written so far.
func (tr *tracer) reset() {
	tr.buf = tr.buf[:0]
	tr.sink.Reset()
	tr.err = nil
}

// certified proves, past a search's budget, the verdict that the search's
// solutions t (none or one, checked) are all there are, by a certified
// gophersat solve from scratch whose proof goes to the sink; true when it
// does. It does nothing without a tracer (tr nil): the caller's solver
// then decides. When the CNF is satisfiable, the proof is dropped and the
// caller counts as without a tracer.
func (tr *tracer) certified(g grid.Grid, t tally) (tally, bool) {
	if tr == nil || len(t.sols) > 1 {
		return t, false
	}
	tr.reset()
	var extra [][]int
	if len(t.sols) == 1 {
		extra = [][]int{sat.Blocking(g, t.sols[0])}
	}
	unsat, err := sat.Certify(tr.sink, g, extra...)
	if err != nil {
		tr.err = err
	}
	if !unsat {
		tr.reset()
		return t, false
	}
	t.proof, tr.proved = SAT, true
	return t, true
}
