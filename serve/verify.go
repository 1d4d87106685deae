package serve

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/verify"
)

// verdict is the answer for one puzzle: the fields of `sudokugen verify
// --json` (verify.View), with the place of an error and the clashing cells
// as numbers, and for a variant puzzle its rules, f-puzzles form and links.
type verdict struct {
	verify.View
	variant variantFields
}

// MarshalJSON writes the view with the variant's fields after its puzzle.
func (v verdict) MarshalJSON() ([]byte, error) {
	b, err := marshalJSON(v.View)
	if err != nil || v.variant.Variant == "" {
		return b, err
	}
	x, err := marshalJSON(v.variant)
	if err != nil {
		return nil, err
	}
	// A quote inside a string is escaped, so the first `,"status":` is
	// the field's own.
	at := bytes.Index(b, []byte(`,"status":`))
	out := make([]byte, 0, len(b)+len(x))
	out = append(out, b[:at+1]...)
	out = append(out, x[1:len(x)-1]...)
	return append(out, b[at:]...), nil
}

// verifyResponse is the answer of /v1/verify and /v1/solve.
type verifyResponse struct {
	Results []verdict      `json:"results"`
	Counts  map[string]int `json:"counts"`
	Error   *apiError      `json:"error,omitempty"` // the first invalid puzzle, with status 422
}

// puzzleJob reads the request's puzzles and options common to the
// routes that take puzzles.
type puzzleJob struct {
	items   []item
	req     *puzzlesRequest
	q       *query
	timeout string
}

func (s *Server) readPuzzleRequest(w http.ResponseWriter, r *http.Request, body []byte, params ...string) (*puzzleJob, bool) {
	q := newQuery(r, append(params, "timeout")...)
	if q.err != nil {
		writeError(w, q.err)
		return nil, false
	}
	var aerr *apiError
	if isJSON(r) {
		aerr = onlyFields(body, append([]string{"puzzles", "text", "box", "timeout"}, params...))
	}
	var items []item
	var req *puzzlesRequest
	if aerr == nil {
		ctx, cancel := s.withDeadline(r.Context())
		items, req, aerr = readPuzzles(ctx, body, isJSON(r), s.cfg.MaxPuzzles, s.wants)
		cancel()
	}
	if aerr != nil {
		writeError(w, aerr)
		return nil, false
	}
	if len(items) == 0 {
		writeError(w, &apiError{Status: http.StatusBadRequest, Code: "no_puzzles", Where: bodyName, Message: "no puzzles in the request"})
		return nil, false
	}
	pj := &puzzleJob{items: items, req: req, q: q, timeout: q.str("timeout")}
	if req.Timeout != "" {
		pj.timeout = req.Timeout
	}
	return pj, true
}

// timeoutOf ends the reading of a puzzle request's options: it answers
// the first bad one, if any, with its error, and otherwise returns the
// per-puzzle timeout the request asks for.
func (s *Server) timeoutOf(w http.ResponseWriter, pj *puzzleJob) (time.Duration, bool) {
	if pj.q.err != nil {
		writeError(w, pj.q.err)
		return 0, false
	}
	timeout, aerr := parseTimeout(pj.timeout, s.cfg.Timeout, s.cfg.MaxTimeout)
	if aerr != nil {
		writeError(w, aerr)
		return 0, false
	}
	return timeout, true
}

func (s *Server) handleVerify(w http.ResponseWriter, r *http.Request) {
	s.limitRequests(func(w http.ResponseWriter, r *http.Request, body []byte) { s.verifyOrSolve(w, r, body, "verify") })(w, r)
}

func (s *Server) handleSolve(w http.ResponseWriter, r *http.Request) {
	s.limitRequests(func(w http.ResponseWriter, r *http.Request, body []byte) { s.verifyOrSolve(w, r, body, "solve") })(w, r)
}

func (s *Server) verifyOrSolve(w http.ResponseWriter, r *http.Request, body []byte, route string) {
	pj, ok := s.readPuzzleRequest(w, r, body, "count_limit")
	if !ok {
		return
	}
	limit := pj.q.int("count_limit", 2, 2, s.cfg.MaxCountLimit)
	if pj.req.CountLimit != nil {
		limit = *pj.req.CountLimit
		if limit < 2 || limit > s.cfg.MaxCountLimit {
			pj.q.err = badRequest("count_limit", "count_limit %d: want a whole number from 2 to %d", limit, s.cfg.MaxCountLimit)
		}
	}
	timeout, ok := s.timeoutOf(w, pj)
	if !ok {
		return
	}
	results, err := s.verifyItems(w, r, pj.items, limit, timeout)
	if err != nil || results == nil {
		return
	}
	resp := verifyResponse{Results: results, Counts: make(map[string]int)}
	for i, v := range results {
		resp.Counts[v.Status]++
		s.metrics.verdicts.WithLabelValues(route, v.Status).Inc()
		if code := refusal(v.Status); code != "" && resp.Error == nil {
			resp.Error = &apiError{Code: code, Message: *v.Error, Where: where(v.View), Line: v.Line, Column: v.Column, Index: &i}
		}
	}
	status := http.StatusOK
	if resp.Error != nil {
		status = http.StatusUnprocessableEntity
	}
	writeJSON(w, status, resp)
}

// refusal is the code of the error of a 422 answer for a puzzle whose
// status is status: invalid_puzzle for one malformed or whose givens
// clash, unsupported_rule for one with a rule that no kind reads; "" for
// a status that is an answer.
func refusal(status string) string {
	switch status {
	case "invalid":
		return "invalid_puzzle"
	case "unsupported":
		return "unsupported_rule"
	}
	return ""
}

func where(v verify.View) string {
	switch {
	case v.Column > 0:
		return fmt.Sprintf("%s:%d:%d", v.File, v.Line, v.Column)
	case v.Line > 0:
		return fmt.Sprintf("%s:%d", v.File, v.Line)
	}
	return v.File
}

// verifyItems verifies the items on the engine. On a failure it has
// answered the request itself and returns nil.
func (s *Server) verifyItems(w http.ResponseWriter, r *http.Request, items []item, limit int, timeout time.Duration) ([]verdict, error) {
	release, ok := s.admit(w, len(items))
	if !ok {
		return nil, nil
	}
	defer release()
	results := make([]verdict, len(items))
	var jobs []Job
	var at []int // item of each job
	for i, it := range items {
		results[i] = newVerdict(it)
		if it.rec.Err == nil {
			jobs = append(jobs, Job{Kind: KindVerify, Grid: it.rec.Grid, CountLimit: limit, Timeout: timeout})
			at = append(at, i)
		}
	}
	err := s.runJobs(r.Context(), jobs, func(k int, res Result) {
		i := at[k]
		fillVerdict(&results[i], items[i].rec, res)
	})
	if err != nil {
		s.engineFailed(w, r, err)
		return nil, err
	}
	return results, nil
}

func newVerdict(it item) verdict {
	v := verdict{View: verify.NewView(it.rec.Index, it.file, it.rec.Line, it.rec.Text)}
	if it.rec.Err != nil {
		v.Status = verify.ReadStatus(it.rec.Err).String() // invalid, or unsupported
		var pe *grid.ParseError
		if errors.As(it.rec.Err, &pe) {
			v.Line, v.Column = pe.Line, pe.Column
		}
		v.SetError(it.rec.Err.Error())
		return v
	}
	v.Puzzle = it.rec.Grid.String()
	v.variant = variantOf(it.rec.Grid)
	return v
}

// fillVerdict sets the verdict of a record from its result. Clashing
// givens are told by the first one, without verify's "givens clash:",
// and the cells of all of them.
func fillVerdict(v *verdict, rec formats.Record, res Result) {
	if res.Err != nil {
		v.Status = "error"
		if errors.Is(res.Err, ErrTimeout) || errors.Is(res.Err, errDeadline) {
			v.Status = "timeout"
		}
		if errors.Is(res.Err, ErrMemory) {
			v.Status = "memory"
		}
		v.SetError(res.Err.Error())
		return
	}
	vr := verify.WithOwn(rec.Grid, rec.Solution, res.Verify)
	v.Fill(vr, nil)
	for _, cl := range vr.Clashes {
		for _, c := range []grid.Cell{cl.A, cl.B} {
			rc := [2]int{c.Row + 1, c.Col + 1}
			if !slices.Contains(v.ClashCells, rc) {
				v.ClashCells = append(v.ClashCells, rc)
			}
		}
	}
	if vr.Status == verify.Invalid && len(vr.Clashes) > 0 {
		cl := vr.Clashes[0]
		v.Line, v.Column = rec.Where(cl.B.Row*rec.Grid.N() + cl.B.Col)
		v.SetError(verify.ClashText(vr.Clashes, nil))
	}
}
