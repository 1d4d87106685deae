package sat

import (
	"bufio"
	"io"

	"github.com/crillab/gophersat/solver"
	"github.com/sudokugen/sudokugen/grid"
)

// Certify solves the CNF of puzzle g with the extra clauses from scratch,
// as a DIMACS with Plain writes it (the pairwise rules, for a variant as
// stated, without the clauses they imply; the givens as unit clauses; then
// the extra clauses), in gophersat's certified mode, and when it is
// unsatisfiable writes the proof to w in DRAT text format: the clauses it
// learned, each one a reverse-unit-propagation (RUP) consequence of the
// CNF and the clauses before it, then the empty clause. A DRAT checker
// such as drat-trim checks it against the CNF. Certify reports whether the
// CNF is unsatisfiable; when it is not, w holds lemmas but no empty clause,
// which is no proof.
//
// The proof is valid only for a solve from scratch: gophersat's
// assumptions drop the units they rest on, so no reused solver is used.
// A variant's proof so rests on its rules as stated, which a reader checks
// against the puzzle's text: gophersat does without the implied clauses
// (the search past whose budget it runs uses them), at some cost in time
// on the rare puzzles that need it.
func Certify(w io.Writer, g grid.Grid, extra ...[]int) (unsat bool, err error) {
	rc := PlainRuleClauses(g.Shape, g.Rules)
	cnf := append(append([][]int(nil), rc.Clauses...), extra...)
	for _, l := range Givens(g) {
		cnf = append(cnf, []int{l})
	}
	pb := solver.ParseSliceNb(cnf, rc.Vars)
	bw := bufio.NewWriter(w)
	mu.Lock()
	defer mu.Unlock()
	if pb.Status == solver.Unsat {
		// Unit propagation on the CNF alone reaches a conflict.
		bw.WriteString("0\n")
		return true, bw.Flush()
	}
	s := solver.New(pb)
	lines := make(chan string, 256)
	done := make(chan struct{})
	last := ""
	go func() {
		for l := range lines {
			bw.WriteString(l)
			bw.WriteByte('\n')
			last = l
		}
		close(done)
	}()
	s.Certified, s.CertChan = true, lines
	unsat = s.Solve() == solver.Unsat
	close(lines)
	<-done
	if unsat && last != "0" {
		bw.WriteString("0\n")
	}
	return unsat, bw.Flush()
}
