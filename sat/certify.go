package sat

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/crillab/gophersat/solver"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/drat"
)

// ErrRefused says that the DRAT checker (package internal/drat) refused
// the proof of a certified solve, which Certify then does not write. The
// CNF is unsatisfiable all the same; the caller proves it another way.
var ErrRefused = errors.New("the DRAT checker refuses gophersat's proof")

// PlainCNF returns the clauses of puzzle g's rules as stated (the
// pairwise rules, for a variant without the clauses they imply), then the
// extra clauses, then its givens as unit clauses, a CNF that a proof of g
// is checked against, and its number of variables before any a proof
// defines.
func PlainCNF(g grid.Grid, extra ...[]int) (cnf [][]int, vars int) {
	rc := PlainRuleClauses(g.Shape, g.Rules)
	cnf = append(append([][]int(nil), rc.Clauses...), extra...)
	for _, l := range Givens(g) {
		cnf = append(cnf, []int{l})
	}
	return cnf, rc.Vars
}

// Certify solves the CNF of puzzle g with the extra clauses from scratch,
// as a DIMACS with Plain writes it (the pairwise rules, for a variant as
// stated, without the clauses they imply; the givens as unit clauses; then
// the extra clauses), in gophersat's certified mode, and when it is
// unsatisfiable writes the proof to w in DRAT text format: the clauses it
// learned, each one a reverse-unit-propagation (RUP) consequence of the
// CNF and the clauses before it, then the empty clause. A DRAT checker
// such as drat-trim checks it against the CNF. Certify reports whether the
// CNF is unsatisfiable; when it is not, w is left empty.
//
// Before it writes a proof, Certify checks it against the CNF with the
// DRAT checker of package internal/drat, so that no proof of gophersat's
// goes out unchecked; when the checker refuses it, Certify writes nothing
// and returns true with an error wrapping ErrRefused. The check costs
// about what the solve does (see docs/proofs.md), and runs only on the
// rare verdicts that need gophersat.
//
// The proof is valid only for a solve from scratch: gophersat's
// assumptions drop the units they rest on, so no reused solver is used.
// A variant's proof so rests on its rules as stated, which a reader checks
// against the puzzle's text: gophersat does without the implied clauses
// (the search past whose budget it runs uses them), at some cost in time
// on the rare puzzles that need it.
func Certify(w io.Writer, g grid.Grid, extra ...[]int) (unsat bool, err error) {
	cnf, vars := PlainCNF(g, extra...)
	lemmas, unsat, err := solveCertified(cnf, vars)
	if err != nil || !unsat {
		return unsat, err
	}
	if _, err := drat.Check(vars, cnf, lemmas); err != nil {
		return true, fmt.Errorf("%w: %v", ErrRefused, err)
	}
	bw := bufio.NewWriter(w)
	var b []byte
	for _, l := range lemmas {
		b = b[:0]
		for _, x := range l.Lits {
			b = strconv.AppendInt(b, int64(x), 10)
			b = append(b, ' ')
		}
		bw.Write(append(b, '0', '\n'))
	}
	return true, bw.Flush()
}

// solveCertified is certified; the tests put a proof that does not check
// in its place.
var solveCertified = certified

// certified solves cnf (variables 1..nv) from scratch in gophersat's
// certified mode, and returns the lemmas of its proof, the empty clause
// last, when the CNF is unsatisfiable.
func certified(cnf [][]int, nv int) (lemmas []drat.Lemma, unsat bool, err error) {
	pb := solver.ParseSliceNb(cnf, nv)
	mu.Lock()
	defer mu.Unlock()
	if pb.Status == solver.Unsat {
		// Unit propagation on the CNF alone reaches a conflict.
		return []drat.Lemma{{}}, true, nil
	}
	s := solver.New(pb)
	lines := make(chan string, 256)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for l := range lines {
			if err != nil {
				continue
			}
			var c []int
			for _, f := range strings.Fields(l) {
				x, e := strconv.Atoi(f)
				if e != nil {
					err = fmt.Errorf("gophersat's proof line %q: %v", l, e)
					break
				}
				if x == 0 {
					break
				}
				c = append(c, x)
			}
			lemmas = append(lemmas, drat.Lemma{Lits: c})
		}
	}()
	s.Certified, s.CertChan = true, lines
	unsat = s.Solve() == solver.Unsat
	close(lines)
	<-done
	if err != nil || !unsat {
		return nil, unsat, err
	}
	if n := len(lemmas); n == 0 || len(lemmas[n-1].Lits) != 0 {
		lemmas = append(lemmas, drat.Lemma{})
	}
	return lemmas, true, nil
}
