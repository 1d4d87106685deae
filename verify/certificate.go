package verify

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/sat"
)

// WriteCertificate writes the certificate of r, the verdict on puzzle g,
// for a verdict of unique or none: to cnf the CNF that the verdict says is
// unsatisfiable (g's rules as stated, its givens, the blocking clause of
// its solution for unique, and for a variant any implied clause the proof
// assumes, see Result.Assumed), in DIMACS; to drat a proof of that in DRAT
// text format, which
// drat-trim or any DRAT checker checks against the CNF. It is
// WriteCertificateContext without a way to stop it.
func WriteCertificate(cnf, drat io.Writer, g grid.Grid, r Result) error {
	return WriteCertificateContext(context.Background(), cnf, drat, g, r)
}

// WriteCertificateContext writes the certificate of r, the verdict on
// puzzle g (see WriteCertificate). The proof follows r.Proof:
//
//   - propagation: the digit of every empty cell as a unit clause (each
//     follows by unit propagation), then the empty clause; for a variant,
//     the derivation of the implied clauses that propagation used first
//     (the search runs again to find them);
//   - search: the search runs again, the same tree, and its refutations
//     are the lemmas (see packages search and internal/rulesearch): one
//     clause per refuted node and per refuted branch, in post-order,
//     negating the decisions on the path to it, the last one the empty
//     clause; a variant's decisions are cell variables, and the variables
//     of a cage's digit sets, and the derivation of the implied clauses
//     its steps use comes first (as for propagation);
//   - otherwise (sat, outside) gophersat solves the CNF from scratch in
//     certified mode, and its learned clauses are the proof, checked by
//     the DRAT checker before they are written (sat.Certify); when the
//     checker refuses them, the search runs to its end, with no node
//     budget, and writes its proof as for search.
//
// The proof goes to drat as it is made, so memory stays flat whatever its
// length (a variant's search proof waits for its derivation, within the
// search's node budget). A search stops when ctx is done, with ctx's error (a gophersat
// solve cannot be stopped). For other verdicts there is nothing to write:
// multiple rests on its two solutions.
func WriteCertificateContext(ctx context.Context, cnf, drat io.Writer, g grid.Grid, r Result) error {
	var extra [][]int
	switch r.Status {
	case Unique:
		extra = [][]int{sat.Blocking(g, r.Solutions[0])}
	case None:
	default:
		return fmt.Errorf("a verdict of %s has no proof to write", r.Status)
	}
	if r.Proof != Propagation && r.Proof != Search {
		unsat, err := certify(drat, g, extra...)
		switch {
		case errors.Is(err, sat.ErrRefused):
			r.Proof = Search // gophersat's proof does not check
		case err == nil && !unsat:
			return fmt.Errorf("gophersat finds the CNF satisfiable: %w", ErrDisagree)
		case err != nil:
			return err
		default:
			d := sat.DIMACS{Plain: true}
			return d.Write(cnf, g, extra...)
		}
	}
	if g.HasRules() {
		return writeVariantCertificate(ctx, cnf, drat, g, r, extra)
	}
	d := sat.DIMACS{Plain: true}
	if err := d.Write(cnf, g, extra...); err != nil {
		return err
	}
	switch r.Proof {
	case Propagation:
		bw := bufio.NewWriter(drat)
		if r.Status == Unique {
			n := g.N()
			for i, d := range g.Cells {
				if d == 0 {
					fmt.Fprintf(bw, "%d 0\n", sat.Var(n, i/n, i%n, int(r.Solutions[0].Cells[i])))
				}
			}
		}
		bw.WriteString("0\n")
		return bw.Flush()
	}
	return writeSearchProof(ctx, drat, g, r)
}

// writeSearchProof runs the search on g again with a trace that writes
// its refutations to w as DRAT lemmas, and checks that it reaches the
// verdict r again.
func writeSearchProof(ctx context.Context, w io.Writer, g grid.Grid, r Result) error {
	tr := &trace{sink: writerSink{w}}
	// Any limit above one solution walks the same tree as the verdict's.
	s := searchFor(nil, g.Shape, 2, 0, ctx.Done())
	s.Trace = tr.cells(g.N())
	res := s.Run(g.Cells)
	tr.flush()
	if tr.err != nil {
		return tr.err
	}
	switch {
	case res.Canceled:
		return ctx.Err()
	case !res.Complete || res.Root || res.Count != r.Count || res.Count == 1 && !r.Solutions[0].Equal(solutions(s, g.Shape, res)[0]):
		return fmt.Errorf("the search run again does not prove the verdict %s: %w", r.Status, ErrDisagree)
	}
	return nil
}

// writerSink is a ProofSink on a writer that cannot take back what it was
// given: for a search whose every line is kept.
type writerSink struct{ io.Writer }

func (writerSink) Reset() {}
