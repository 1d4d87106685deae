package verify

import (
	"bufio"
	"fmt"
	"io"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/sat"
)

// WriteCertificate writes the certificate of r, the verdict on puzzle g,
// for a verdict of unique or none: to cnf the CNF that the verdict says is
// unsatisfiable (g's, with the blocking clause of its solution for
// unique), in DIMACS; to drat a proof of that in DRAT text format, which
// drat-trim or any DRAT checker checks against the CNF. For a proof by
// propagation the proof lists the digit of every empty cell as a unit
// clause (each one follows by unit propagation), then the empty clause;
// otherwise gophersat solves the CNF from scratch in certified mode and
// its learned clauses are the proof. For other verdicts there is nothing
// to write: multiple rests on its two solutions.
func WriteCertificate(cnf, drat io.Writer, g grid.Grid, r Result) error {
	var extra [][]int
	switch r.Status {
	case Unique:
		extra = [][]int{sat.Blocking(g, r.Solutions[0])}
	case None:
	default:
		return fmt.Errorf("a verdict of %s has no proof to write", r.Status)
	}
	if err := sat.WriteDIMACS(cnf, g, extra...); err != nil {
		return err
	}
	if r.Proof != Propagation {
		unsat, err := sat.Certify(drat, g, extra...)
		if err == nil && !unsat {
			err = fmt.Errorf("gophersat finds the CNF satisfiable: %w", ErrDisagree)
		}
		return err
	}
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
