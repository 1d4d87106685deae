package serve

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/output"
)

func (s *Server) handleBook(w http.ResponseWriter, r *http.Request) {
	s.limitRequests(s.book)(w, r)
}

// book lays out the request's puzzles as a PDF, after checking that each
// has exactly one solution (whose solution goes in the back).
func (s *Server) book(w http.ResponseWriter, r *http.Request, body []byte) {
	pj, ok := s.readPuzzleRequest(w, r, body, "title", "page", "per_page", "solutions")
	if !ok {
		return
	}
	opts := output.BookOptions{Title: pj.q.str("title"), Page: pj.q.str("page"), PerPage: pj.q.int("per_page", 0, 1, 6),
		Solutions: pj.q.bool("solutions")}
	if pj.q.err != nil {
		writeError(w, pj.q.err)
		return
	}
	req := pj.req
	if req.Title != "" {
		opts.Title = req.Title
	}
	if req.Page != "" {
		opts.Page = req.Page
	}
	if req.PerPage != nil {
		opts.PerPage = *req.PerPage
	}
	if req.Solutions != nil {
		opts.Solutions = *req.Solutions
	}
	if aerr := checkPage(opts.Page, opts.PerPage); aerr != nil {
		writeError(w, aerr)
		return
	}
	timeout, ok := s.timeoutOf(w, pj)
	if !ok {
		return
	}
	results, err := s.verifyItems(w, r, pj.items, 2, timeout)
	if err != nil || results == nil {
		return
	}
	puzzles := make([]output.Puzzle, 0, len(results))
	for i, v := range results {
		if v.Status != "unique" {
			writeJSON(w, http.StatusUnprocessableEntity, verifyResponse{Results: results, Error: &apiError{
				Code: "not_unique", Where: where(v), Line: v.Line, Column: v.Column, Index: &i,
				Message: fmt.Sprintf("puzzle %d is %s, and a book holds only puzzles with exactly one solution", i+1, v.Status)}})
			return
		}
		g := pj.items[i].rec.Grid
		sol, err := grid.ParseWith(*v.Solution, grid.ReadOptions{Shape: g.Shape})
		if err != nil {
			s.engineFailed(w, r, fmt.Errorf("solution of puzzle %d: %w", i+1, err))
			return
		}
		puzzles = append(puzzles, output.Puzzle{Number: i + 1, Grid: g, Solution: &sol})
	}
	writeBook(w, puzzles, opts, "sudoku.pdf")
}

// writeBook writes a PDF book whole, or an error.
func writeBook(w http.ResponseWriter, puzzles []output.Puzzle, opts output.BookOptions, name string) {
	var buf bytes.Buffer
	if err := output.WriteBook(&buf, puzzles, opts); err != nil {
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
