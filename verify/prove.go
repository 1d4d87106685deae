package verify

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/drat"
	"github.com/sudokugen/sudokugen/sat"
)

// errPastBudget stops ProveUnique's count where the search ran out of
// nodes: gophersat, which CheckProof would ask then, is the caller's.
var errPastBudget = errors.New("the search ran past its node budget")

// ProveUnique proves that variant puzzle g has no solution but sol by the
// search's own proof, checked: the search that CheckProof traces, its
// DRAT proof checked as it is written, by the checker of package
// internal/drat, against the CNF of g's rules as stated, its givens and
// the blocking clause of sol. True says that the checker derived the
// empty clause. False, with no error, says that the search did not prove
// it so: it ran past its node budget, found another solution, or wrote a
// proof that assumes an implied clause or that the checker refused; the
// caller proves the verdict another way (gophersat). The error is ctx's,
// when it is done first.
//
// A generator's final check that its puzzle is unique is the UNSAT
// answer of this CNF: the search's proof, checked, is that answer where
// gophersat's solve costs more than the search and the check together.
func (v *Verifier) ProveUnique(ctx context.Context, g, sol grid.Grid) (bool, error) {
	if !g.HasRules() {
		return false, errors.New("ProveUnique is for variant puzzles")
	}
	cnf, vars := sat.PlainCNF(g, sat.Blocking(g, sol))
	sink := &checkSink{nv: vars, cnf: cnf}
	sink.Reset()
	pc := newProofCase(ctx, g, sink, nil)
	pc.v, pc.searchOnly = v, true
	res := v.check(ctx, g, Options{}, pc)
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if res.Status != Unique || res.Err != nil || !res.Solutions[0].Equal(sol) {
		return false, nil
	}
	res = pc.prove(res, pc.searchProvers())
	if res.Err != nil || pc.err != nil || len(res.Assumed) > 0 {
		return false, nil
	}
	return sink.checked(), nil
}

// checkSink is a ProofSink that checks the proof written to it, line by
// line, against a CNF (drat.Checker); Reset starts again from the CNF.
type checkSink struct {
	nv      int
	cnf     [][]int
	c       *drat.Checker
	partial []byte // a line not yet ended
	lits    []int
	err     error // the first line refused
}

func (s *checkSink) Reset() {
	s.c, s.partial, s.err = drat.NewChecker(s.nv, s.cnf), s.partial[:0], nil
	s.c.NoDeletions() // a search's proof has none
}

// Write checks each line that p ends. A line refused makes the writes
// after it fail with its error, which stops the search writing.
func (s *checkSink) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			s.partial = append(s.partial, p...)
			break
		}
		line := p[:i]
		if len(s.partial) > 0 {
			s.partial = append(s.partial, line...)
			line = s.partial
		}
		p = p[i+1:]
		if err := s.line(line); err != nil {
			s.err = err
			return 0, err
		}
		s.partial = s.partial[:0]
	}
	return n, nil
}

// line checks one line of DRAT text: a lemma, or a deletion.
func (s *checkSink) line(b []byte) error {
	del := false
	if len(b) > 1 && b[0] == 'd' && b[1] == ' ' {
		del, b = true, b[2:]
	}
	s.lits = s.lits[:0]
	ended := false
	for i := 0; i < len(b) && !ended; {
		if b[i] == ' ' {
			i++
			continue
		}
		j := i
		if b[j] == '-' {
			j++
		}
		x, k := 0, j
		for ; k < len(b) && '0' <= b[k] && b[k] <= '9' && x < 1<<30; k++ {
			x = 10*x + int(b[k]-'0')
		}
		if k == j || k < len(b) && b[k] != ' ' {
			return fmt.Errorf("proof line %q: not a literal at byte %d", b, i+1)
		}
		if b[i] == '-' {
			x = -x
		}
		if x == 0 {
			ended = true
		} else {
			s.lits = append(s.lits, x)
		}
		i = k
	}
	switch {
	case !ended:
		return fmt.Errorf("proof line %q has no 0 at its end", b)
	case del:
		return s.c.Delete(s.lits)
	}
	return s.c.Add(s.lits)
}

// checked reports whether the proof written was whole and checked: every
// line passed, and the empty clause was derived.
func (s *checkSink) checked() bool {
	return s.err == nil && len(s.partial) == 0 && s.c.Refuted()
}
