package serve

import (
	"errors"
	"net/http"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rate"
	"github.com/sudokugen/sudokugen/verify"
)

// rating is the answer of /v1/rate for one puzzle.
type rating struct {
	Index  int    `json:"index"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column,omitempty"`
	Puzzle string `json:"puzzle"`
	variantFields
	Coarse     bool        `json:"coarse,omitempty"` // a variant, rated by its logical solve (see rate.Coarse), as rate --json says
	Status     string      `json:"status"`           // rated, invalid, unsupported, none, multiple, timeout, error
	Level      string      `json:"level,omitempty"`
	Score      float64     `json:"score,omitempty"`
	Techniques []technique `json:"techniques,omitempty"`
	Steps      []step      `json:"steps,omitempty"`
	Logic      *rate.Logic `json:"logic,omitempty"`
	ClashCells [][2]int    `json:"clash_cells,omitempty"`
	Error      *string     `json:"error"`
}

type technique struct {
	Name  string  `json:"name"`
	Count int     `json:"count"`
	Score float64 `json:"score"`
}

type step struct {
	Text      string  `json:"text"`
	Technique string  `json:"technique"`
	Score     float64 `json:"score"`
}

type rateResponse struct {
	Results []rating       `json:"results"`
	Counts  map[string]int `json:"counts"`
	Error   *apiError      `json:"error,omitempty"`
}

// maxExplained bounds the puzzles of a request that asks for the steps:
// each step is a line of text, and a hard puzzle has hundreds.
const maxExplained = 100

func (s *Server) handleRate(w http.ResponseWriter, r *http.Request) {
	s.limitRequests(s.rate)(w, r)
}

func (s *Server) rate(w http.ResponseWriter, r *http.Request, body []byte) {
	pj, ok := s.readPuzzleRequest(w, r, body, "steps")
	if !ok {
		return
	}
	steps := pj.q.bool("steps")
	if pj.req.Steps != nil {
		steps = *pj.req.Steps
	}
	if steps && len(pj.items) > maxExplained {
		pj.q.err = badRequest("steps", "steps are explained for at most %d puzzles a request, not %d", maxExplained, len(pj.items))
	}
	timeout, ok := s.timeoutOf(w, pj)
	if !ok {
		return
	}
	release, ok := s.admit(w, len(pj.items))
	if !ok {
		return
	}
	defer release()
	results := make([]rating, len(pj.items))
	var jobs []Job
	var at []int
	for i, it := range pj.items {
		v := newVerdict(it)
		results[i] = rating{Index: v.Index, File: v.File, Line: v.Line, Column: v.Column, Puzzle: v.Puzzle, Status: v.Status, Error: v.Error,
			variantFields: v.variant}
		if it.rec.Err != nil {
			continue
		}
		results[i].Coarse = rate.Coarse(it.rec.Grid)
		// Clashing givens are told here, with their place, as verify
		// tells them; the rater would only say the grid is invalid.
		if cls := it.rec.Grid.Clashes(); len(cls) > 0 {
			var vr verdict
			fillVerdict(&vr, it.rec, Result{Verify: clashResult(cls)})
			results[i].Status, results[i].Error, results[i].Line, results[i].Column = "invalid", vr.Error, vr.Line, vr.Column
			results[i].ClashCells = vr.ClashCells
			continue
		}
		jobs = append(jobs, Job{Kind: KindRate, Grid: it.rec.Grid, Rate: rate.Options{Explain: steps}, Timeout: timeout})
		at = append(at, i)
	}
	err := s.runJobs(r.Context(), jobs, func(k int, res Result) { fillRating(&results[at[k]], res) })
	if err != nil {
		s.engineFailed(w, r, err)
		return
	}
	resp := rateResponse{Results: results, Counts: make(map[string]int)}
	for i, v := range results {
		resp.Counts[v.Status]++
		s.metrics.verdicts.WithLabelValues("rate", v.Status).Inc()
		if code := refusal(v.Status); code != "" && resp.Error == nil {
			resp.Error = &apiError{Code: code, Message: *v.Error, Where: where(verify.View{File: v.File, Line: v.Line, Column: v.Column}),
				Line: v.Line, Column: v.Column, Index: &i}
		}
	}
	status := http.StatusOK
	if resp.Error != nil {
		status = http.StatusUnprocessableEntity
	}
	writeJSON(w, status, resp)
}

func fillRating(v *rating, res Result) {
	setErr := func(e error) { msg := e.Error(); v.Error = &msg }
	rr := res.Rating
	switch {
	case res.Err != nil:
		v.Status = "error"
		if errors.Is(res.Err, ErrTimeout) || errors.Is(res.Err, errDeadline) {
			v.Status = "timeout"
		}
		if errors.Is(res.Err, ErrMemory) {
			v.Status = "memory"
		}
		setErr(res.Err)
		return
	case errors.Is(rr.Err, rate.ErrInvalid):
		v.Status = "invalid"
	case errors.Is(rr.Err, rate.ErrNoSolution):
		v.Status = "none"
	case errors.Is(rr.Err, rate.ErrMultiple):
		v.Status = "multiple"
	case rr.Err != nil:
		v.Status = "error"
	default:
		v.Status = "rated"
	}
	if rr.Err != nil {
		setErr(rr.Err)
		return
	}
	v.Level, v.Score = rr.Level.String(), rr.Score
	for _, c := range rr.Counts {
		v.Techniques = append(v.Techniques, technique{Name: c.Technique.String(), Count: c.Count, Score: c.Technique.Score()})
	}
	for _, st := range rr.Steps {
		v.Steps = append(v.Steps, step{Text: st.String(), Technique: st.Technique.String(), Score: st.Score})
	}
	v.Logic = rr.Logic
}

func clashResult(cls []grid.Clash) verify.Result {
	return verify.Result{Status: verify.Invalid, Clashes: cls}
}
