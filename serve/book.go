package serve

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/output"
)

func (s *Server) handleBook(w http.ResponseWriter, r *http.Request) {
	s.limitRequests(s.book)(w, r)
}

// bookParams are the query parameters of /v1/book: the options of the
// book command.
var bookParams = []string{"title", "page", "per_page", "solutions", "sections", "large_print", "front", "levels", "allow_nonunique"}

// maxFront bounds the front matter's text, as the command line does: a
// page holds far less.
const maxFront = 64 << 10

// bookLayout is what a request asks of a book's layout, in the JSON body
// or the query string (the body wins); the same fields serve /v1/book
// and /v1/generate with "format": "pdf".
type bookLayout struct {
	Title      string `json:"title,omitempty"`
	Page       string `json:"page,omitempty"`
	PerPage    *int   `json:"per_page,omitempty"`
	Solutions  *bool  `json:"solutions,omitempty"`
	Sections   *bool  `json:"sections,omitempty"`
	LargePrint *bool  `json:"large_print,omitempty"`
	Front      string `json:"front,omitempty"`
}

// options returns the book's options from the query q (may be nil) and
// then the layout l, checked.
func (l bookLayout) options(q *query, solutionsByDefault bool) (output.BookOptions, *apiError) {
	opts := output.BookOptions{Solutions: solutionsByDefault}
	if q != nil {
		opts.Title, opts.Page, opts.Front = q.str("title"), q.str("page"), q.str("front")
		opts.PerPage = q.int("per_page", 0, 0, 6)
		if q.v.Has("solutions") {
			opts.Solutions = q.bool("solutions")
		}
		opts.Sections, opts.LargePrint = q.bool("sections"), q.bool("large_print")
		if q.err != nil {
			return opts, q.err
		}
	}
	if l.Title != "" {
		opts.Title = l.Title
	}
	if l.Page != "" {
		opts.Page = l.Page
	}
	if l.Front != "" {
		opts.Front = l.Front
	}
	if l.PerPage != nil {
		opts.PerPage = *l.PerPage
	}
	if l.Solutions != nil {
		opts.Solutions = *l.Solutions
	}
	if l.Sections != nil {
		opts.Sections = *l.Sections
	}
	if l.LargePrint != nil {
		opts.LargePrint = *l.LargePrint
	}
	if opts.Page != "" {
		if _, err := output.ParsePageSize(opts.Page); err != nil {
			return opts, badRequest("page", "%v", err)
		}
	}
	switch {
	case opts.LargePrint && opts.PerPage > 2:
		return opts, badRequest("per_page", "per_page %d: large print holds 1 or 2 puzzles a page", opts.PerPage)
	case opts.PerPage != 0 && opts.PerPage != 1 && opts.PerPage != 2 && opts.PerPage != 4 && opts.PerPage != 6:
		return opts, badRequest("per_page", "per_page %d: want 1, 2, 4 or 6", opts.PerPage)
	case len(opts.Front) > maxFront:
		return opts, badRequest("front", "front: %d bytes of text, want at most %d", len(opts.Front), maxFront)
	case !utf8.ValidString(opts.Front) || !utf8.ValidString(opts.Title):
		return opts, badRequest("front", "title and front must be UTF-8 text")
	}
	return opts, nil
}

// book lays out the request's puzzles as a PDF, after checking that each
// has exactly one solution (whose solution goes in the back), as the book
// command does: rated for the level and score in each label unless
// "levels" is false, in sections by level with "sections", and with the
// puzzles that are valid but not unique printed without a solution when
// "allow_nonunique" says so; then the puzzles that cannot be printed
// (invalid, or not checked in time) are left out, as book
// --allow-nonunique leaves them, and their indexes are told in the
// X-Sudokugen-Skipped header. output.Bookable decides for both.
func (s *Server) book(w http.ResponseWriter, r *http.Request, body []byte) {
	pj, ok := s.readPuzzleRequest(w, r, body, bookParams...)
	if !ok {
		return
	}
	req := pj.req
	opts, aerr := req.bookLayout.options(pj.q, true)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	levels := !pj.q.v.Has("levels") || pj.q.bool("levels")
	allowMulti := pj.q.bool("allow_nonunique")
	if req.Levels != nil {
		levels = *req.Levels
	}
	if req.AllowNonunique != nil {
		allowMulti = *req.AllowNonunique
	}
	levels = levels || opts.Sections // sections go by level
	timeout, ok := s.timeoutOf(w, pj)
	if !ok {
		return
	}
	results, err := s.verifyItems(w, r, pj.items, 2, timeout)
	if err != nil || results == nil {
		return
	}
	puzzles := make([]output.Puzzle, 0, len(results))
	var skipped []string
	for i, v := range results {
		g := pj.items[i].rec.Grid
		if !output.Bookable(v.Status, allowMulti) {
			if allowMulti {
				// as book --allow-nonunique: a puzzle that cannot be
				// printed is left out, and the rest laid out
				skipped = append(skipped, strconv.Itoa(i))
				continue
			}
			msg := fmt.Sprintf("puzzle %d is %s, and a book holds only puzzles with exactly one solution", i+1, v.Status)
			if v.Error != nil {
				msg += " (" + *v.Error + ")"
			}
			writeJSON(w, http.StatusUnprocessableEntity, verifyResponse{Results: results, Error: &apiError{
				Code: "not_unique", Where: where(v.View), Line: v.Line, Column: v.Column, Index: &i, Message: msg}})
			return
		}
		p := output.Puzzle{Number: i + 1, Grid: g}
		if v.Status == "unique" {
			sol, err := formats.ParseWith(*v.Solution, formats.ReadOptions{Shape: g.Shape})
			if err != nil {
				s.engineFailed(w, r, fmt.Errorf("solution of puzzle %d: %w", i+1, err))
				return
			}
			p.Solution = &sol
		}
		puzzles = append(puzzles, p)
	}
	if len(puzzles) == 0 {
		i := 0
		v := results[0]
		msg := fmt.Sprintf("no puzzle can be printed: puzzle 1 is %s", v.Status)
		if v.Error != nil {
			msg += " (" + *v.Error + ")"
		}
		writeJSON(w, http.StatusUnprocessableEntity, verifyResponse{Results: results, Error: &apiError{
			Code: "not_valid", Where: where(v.View), Line: v.Line, Column: v.Column, Index: &i, Message: msg}})
		return
	}
	if len(skipped) > 0 {
		w.Header().Set("X-Sudokugen-Skipped", strings.Join(skipped, ","))
	}
	if levels && !s.rateBook(w, r, puzzles, timeout) {
		return
	}
	writeBook(w, r, puzzles, opts, "sudoku.pdf")
}

// rateBook rates the puzzles that have a solution and puts their level and
// score in their labels; one that cannot be rated in time keeps a label
// without them. On a failure it has answered the request and returns
// false.
func (s *Server) rateBook(w http.ResponseWriter, r *http.Request, puzzles []output.Puzzle, timeout time.Duration) bool {
	var jobs []Job
	var at []int
	for i, p := range puzzles {
		if p.Solution != nil {
			jobs = append(jobs, Job{Kind: KindRate, Grid: p.Grid, Timeout: timeout})
			at = append(at, i)
		}
	}
	release, ok := s.admit(w, len(jobs))
	if !ok {
		return false
	}
	defer release()
	err := s.runJobs(r.Context(), jobs, func(k int, res Result) {
		if res.Err == nil && res.Rating.Err == nil && res.Rating.Solved {
			puzzles[at[k]].Level, puzzles[at[k]].Score = res.Rating.Level.String(), res.Rating.Score
		}
	})
	if err != nil {
		s.engineFailed(w, r, err)
		return false
	}
	return true
}

// writeBook writes a PDF book whole, or an error; it stops laying out the
// book when the client of r leaves or the request's deadline passes.
func writeBook(w http.ResponseWriter, r *http.Request, puzzles []output.Puzzle, opts output.BookOptions, name string) {
	var buf bytes.Buffer
	if err := output.WriteBookContext(r.Context(), &buf, puzzles, opts); err != nil {
		if r.Context().Err() != nil {
			w.WriteHeader(499) // logged and counted; the client sees nothing
			return
		}
		status := http.StatusInternalServerError
		var pe *output.PuzzleError
		if errors.As(err, &pe) || errors.Is(err, output.ErrNoPuzzles) {
			status = http.StatusUnprocessableEntity
		}
		writeError(w, &apiError{Status: status, Code: "book_failed", Message: err.Error()})
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename=%q`, name))
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.Write(buf.Bytes())
}
