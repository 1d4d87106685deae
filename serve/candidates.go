package serve

import (
	"errors"
	"math/bits"
	"net/http"
	"time"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/verify"
	"github.com/sudokugen/sudokugen/worker"
)

// The setter's routes: /v1/candidates and /v1/givens run a job per puzzle
// on the engine, as /v1/verify does, so that the timeout per puzzle, the
// memory bound of the workers, the request's deadline and the client's
// going away all stop them; a puzzle stopped at its timeout or memory
// bound answers with what it had decided, marked partial. Both share the
// admission of the other routes.

// candidatesResult is the answer of /v1/candidates for one puzzle: the
// fields of `sudokugen candidates --json`.
type candidatesResult struct {
	Index  int    `json:"index"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column,omitempty"`
	Puzzle string `json:"puzzle"`
	variantFields
	Status     string   `json:"status"`
	Candidates []string `json:"candidates"`
	Count      int      `json:"count"`
	Exact      bool     `json:"count_exact"`
	Solutions  []string `json:"solutions"`
	Searches   int      `json:"searches"`
	SATCalls   int      `json:"sat_calls"`
	// A puzzle stopped at its timeout or the memory bound: "candidates"
	// holds the digits proved in, "?" after a cell not settled, and the
	// counts say how far it got.
	Partial      bool    `json:"partial,omitempty"`
	Settled      int     `json:"settled,omitempty"`
	Open         int     `json:"open,omitempty"`
	CellsSettled int     `json:"cells_settled,omitempty"`
	Error        *string `json:"error"`
}

type candidatesResponse struct {
	Results []candidatesResult `json:"results"`
}

// givenCell is a cell and digit of an answer of /v1/givens: "r1c1", its
// 1-based row and column, and the digit.
type givenCell struct {
	Cell    string `json:"cell"`
	Row     int    `json:"row"`
	Col     int    `json:"col"`
	Digit   int    `json:"digit"`
	Witness string `json:"witness,omitempty"` // a needed given's second solution
	Proof   string `json:"proof,omitempty"`   // what proved a redundant given's puzzle unique without it
	Count   int    `json:"count,omitempty"`   // a suggestion's count of solutions once it is in
	Exact   bool   `json:"count_exact,omitempty"`
}

// givensResult is the answer of /v1/givens for one puzzle: the fields of
// `sudokugen givens --json`, with cells as givenCell.
type givensResult struct {
	Index  int    `json:"index"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column,omitempty"`
	Puzzle string `json:"puzzle"`
	variantFields
	Status      string      `json:"status"`
	Solution    *string     `json:"solution"`
	Needed      []givenCell `json:"needed"`
	Redundant   []givenCell `json:"redundant"`
	Suggestions []givenCell `json:"suggestions"`
	Remove      []givenCell `json:"remove"`
	Smallest    bool        `json:"smallest"`
	Core        []givenCell `json:"core"`
	RulesAlone  bool        `json:"rules_alone"`
	// Partial is true when the puzzle was stopped at its timeout or the
	// memory bound (status timeout or memory): Verdict is its verdict if
	// decided, and the lists hold what was decided before the stop.
	Partial bool    `json:"partial,omitempty"`
	Verdict string  `json:"verdict,omitempty"`
	Error   *string `json:"error"`
}

type givensResponse struct {
	Results []givensResult `json:"results"`
}

func (s *Server) handleCandidates(w http.ResponseWriter, r *http.Request) {
	s.limitRequests(s.candidates)(w, r)
}

// candidates answers /v1/candidates on the engine, a job per puzzle, as
// /v1/verify does.
func (s *Server) candidates(w http.ResponseWriter, r *http.Request, body []byte) {
	setterRoute(s, w, r, body, KindCandidates, candidatesOf, func(rs []candidatesResult) any {
		return candidatesResponse{Results: rs}
	})
}

// setterRoute answers a setter's route on the engine, a job of kind per
// puzzle read: each puzzle's answer is of its item and its job's result
// (an empty result for a puzzle that was not read), and the response is
// respond of them all.
func setterRoute[T any](s *Server, w http.ResponseWriter, r *http.Request, body []byte, kind worker.Kind, of func(item, Result) T, respond func([]T) any) {
	pj, limit, timeout, ok := s.setterRequest(w, r, body)
	if !ok {
		return
	}
	release, ok := s.admit(w, len(pj.items))
	if !ok {
		return
	}
	defer release()
	results := make([]T, len(pj.items))
	var jobs []Job
	var at []int // item of each job
	for i, it := range pj.items {
		results[i] = of(it, Result{})
		if it.rec.Err == nil {
			jobs = append(jobs, Job{Kind: kind, Grid: it.rec.Grid, CountLimit: limit, Timeout: timeout})
			at = append(at, i)
		}
	}
	err := s.runJobs(r.Context(), jobs, func(k int, res Result) {
		i := at[k]
		results[i] = of(pj.items[i], res)
	})
	if err != nil {
		s.engineFailed(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, respond(results))
}

// setterRequest reads a request of the setter's routes: the puzzles, the
// count limit (default 1000) and the timeout per puzzle.
func (s *Server) setterRequest(w http.ResponseWriter, r *http.Request, body []byte) (*puzzleJob, int, time.Duration, bool) {
	pj, ok := s.readPuzzleRequest(w, r, body, "count_limit")
	if !ok {
		return nil, 0, 0, false
	}
	limit := pj.q.int("count_limit", 1000, 2, s.cfg.MaxCountLimit)
	if pj.req.CountLimit != nil {
		limit = *pj.req.CountLimit
		if limit < 2 || limit > s.cfg.MaxCountLimit {
			pj.q.err = badRequest("count_limit", "count_limit %d: want a whole number from 2 to %d", limit, s.cfg.MaxCountLimit)
		}
	}
	timeout, ok := s.timeoutOf(w, pj)
	return pj, limit, timeout, ok
}

func (s *Server) handleGivens(w http.ResponseWriter, r *http.Request) {
	s.limitRequests(func(w http.ResponseWriter, r *http.Request, body []byte) {
		s.givens(w, r, body)
	})(w, r)
}

// givens answers /v1/givens on the engine, a job per puzzle.
func (s *Server) givens(w http.ResponseWriter, r *http.Request, body []byte) {
	setterRoute(s, w, r, body, KindGivens, givensOf, func(rs []givensResult) any {
		return givensResponse{Results: rs}
	})
}

// jobFailure is the status and error of a puzzle whose job failed.
func jobFailure(err error) (string, *string) {
	msg := err.Error()
	switch {
	case errors.Is(err, ErrTimeout), errors.Is(err, errDeadline):
		return "timeout", &msg
	case errors.Is(err, ErrMemory):
		return "memory", &msg
	}
	return "error", &msg
}

// candidatesOf is the answer for item it, from the result of its job
// (none yet for a record that could not be read).
func candidatesOf(it item, job Result) candidatesResult {
	v := newVerdict(it)
	res := candidatesResult{Index: v.Index, File: v.File, Line: v.Line, Column: v.Column, Puzzle: v.Puzzle,
		variantFields: v.variant, Status: v.Status, Error: v.Error, Candidates: []string{}, Solutions: []string{}}
	if it.rec.Err != nil {
		return res
	}
	g := it.rec.Grid
	c := job.Candidates
	res.Status = c.Status.String()
	if c.Err != nil {
		msg := c.Err.Error()
		res.Error = &msg
	}
	if job.Err != nil {
		res.Status, res.Error = jobFailure(job.Err)
		if !job.Partial || c.Masks == nil {
			return res
		}
		res.Partial, res.Settled, res.Open = true, c.Settled, c.Open
	}
	res.Count, res.Exact, res.Searches, res.SATCalls = c.Count, c.Exact(), c.Searches, c.SATCalls
	alpha := grid.DefaultAlphabet(g.N())
	for i, m := range c.Masks {
		var b []byte
		for ; m != 0; m &= m - 1 {
			b = append(b, alpha.Symbol(bits.TrailingZeros64(m)+1))
		}
		switch {
		case !res.Partial:
		case c.CellSettled(g, i):
			if g.Cells[i] == 0 {
				res.CellsSettled++
			}
		default:
			b = append(b, '?')
		}
		res.Candidates = append(res.Candidates, string(b))
	}
	for _, sol := range c.Solutions {
		res.Solutions = append(res.Solutions, sol.String())
	}
	return res
}

// givensOf is the answer for item it, from the result of its job (none
// yet for a record that could not be read).
func givensOf(it item, job Result) givensResult {
	v := newVerdict(it)
	res := givensResult{Index: v.Index, File: v.File, Line: v.Line, Column: v.Column, Puzzle: v.Puzzle,
		variantFields: v.variant, Status: v.Status, Error: v.Error,
		Needed: []givenCell{}, Redundant: []givenCell{}, Suggestions: []givenCell{}, Remove: []givenCell{}, Core: []givenCell{}}
	if it.rec.Err != nil {
		return res
	}
	g := it.rec.Grid
	n := g.N()
	at := func(i int, d uint8) givenCell {
		c := grid.Cell{Row: i / n, Col: i % n}
		return givenCell{Cell: c.String(), Row: c.Row + 1, Col: c.Col + 1, Digit: int(d)}
	}
	gr := job.Givens
	res.Status = gr.Status.String()
	if gr.Err != nil {
		msg := gr.Err.Error()
		res.Error = &msg
	}
	if job.Err != nil {
		res.Status, res.Error = jobFailure(job.Err)
		res.Partial = job.Partial
		if job.Partial && gr.Status != verify.Unknown {
			res.Verdict = gr.Status.String()
		}
	}
	if len(gr.Solutions) > 0 && gr.Status == verify.Unique {
		sol := gr.Solutions[0].String()
		res.Solution = &sol
	}
	for _, role := range gr.Roles {
		c := at(role.Cell, role.Digit)
		if role.Needed {
			c.Witness = role.Witness.String()
			res.Needed = append(res.Needed, c)
		} else {
			c.Proof = role.Proof.String()
			res.Redundant = append(res.Redundant, c)
		}
	}
	for _, sg := range gr.Suggestions {
		c := at(sg.Cell, sg.Digit)
		c.Count, c.Exact = sg.Count, sg.Exact
		res.Suggestions = append(res.Suggestions, c)
	}
	if cf := gr.Conflict; cf != nil {
		for _, x := range cf.Cells {
			res.Remove = append(res.Remove, at(x, g.Cells[x]))
		}
		for _, x := range cf.Core {
			res.Core = append(res.Core, at(x, g.Cells[x]))
		}
		res.Smallest, res.RulesAlone = cf.Smallest, cf.RulesAlone
	}
	return res
}
