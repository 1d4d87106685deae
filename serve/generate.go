package serve

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/output"
	"github.com/sudokugen/sudokugen/rate"
)

// generateRequest is the body of /v1/generate.
type generateRequest struct {
	Count      int     `json:"count"`
	Size       int     `json:"size,omitempty"`
	Box        string  `json:"box,omitempty"`
	Symmetry   string  `json:"symmetry,omitempty"`
	Order      string  `json:"order,omitempty"` // auto (default), random, rows
	Clues      int     `json:"clues,omitempty"`
	Difficulty string  `json:"difficulty,omitempty"`
	Score      string  `json:"score,omitempty"`
	Seed       *uint64 `json:"seed,omitempty"`
	Start      int     `json:"start,omitempty"`
	Timeout    string  `json:"timeout,omitempty"`
	Variant    string  `json:"variant,omitempty"`   // killer, jigsaw, x...: variant puzzles
	Format     string  `json:"format,omitempty"`    // json (default), line, grid, sdm, sdk, fpuzzles, fpuzzles-url, iss, pdf
	Solutions  bool    `json:"solutions,omitempty"` // text and pdf formats: add the solutions
	bookLayout         // pdf: title, page, per_page, sections, large_print, front
}

type generatedPuzzle struct {
	Index  int    `json:"index"`
	Puzzle string `json:"puzzle"`
	variantFields
	Solution string  `json:"solution"`
	Clues    int     `json:"clues"`
	Level    string  `json:"level,omitempty"`
	Score    float64 `json:"score,omitempty"`
}

type generateResponse struct {
	Seed    uint64            `json:"seed"`
	Box     string            `json:"box,omitempty"` // "" for a grid without boxes
	Puzzles []generatedPuzzle `json:"puzzles"`
}

func (s *Server) handleGenerate(w http.ResponseWriter, r *http.Request) {
	s.limitRequests(s.generate)(w, r)
}

func (s *Server) generate(w http.ResponseWriter, r *http.Request, body []byte) {
	if q := newQuery(r); q.err != nil {
		writeError(w, q.err)
		return
	}
	var req generateRequest
	if aerr := decodeStrict(body, &req, s.wants); aerr != nil {
		writeError(w, aerr)
		return
	}
	opts, seed, aerr := s.generateOptions(&req)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	timeout, aerr := parseTimeout(req.Timeout, s.cfg.Timeout, s.cfg.MaxTimeout)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	release, ok := s.admit(w, req.Count)
	if !ok {
		return
	}
	defer release()
	jobs := make([]Job, req.Count)
	for i := range jobs {
		jobs[i] = Job{Kind: KindGenerate, Seed: seed, Gen: opts, Timeout: timeout}
	}
	puzzles := make([]generate.Puzzle, req.Count)
	// One puzzle that cannot be made decides the answer: the run stops
	// there, and the processes busy with the others are freed.
	ctx, stop := context.WithCancel(r.Context())
	defer stop()
	var failed *apiError
	err := s.runJobs(ctx, jobs, func(k int, res Result) {
		if res.Err != nil && failed == nil {
			failed = generateFailure(req.Start+k, k, res.Err, timeout)
			stop()
		}
		puzzles[k] = res.Puzzle
	})
	if failed != nil && r.Context().Err() == nil {
		writeError(w, failed)
		return
	}
	if err != nil {
		s.engineFailed(w, r, err)
		return
	}
	s.metrics.verdicts.WithLabelValues("generate", "generated").Add(float64(req.Count))
	s.writeGenerated(w, r, &req, seed, opts.Shape, puzzles)
}

// generateOptions checks the request and turns it into the generator's
// options and the seed.
func (s *Server) generateOptions(req *generateRequest) (generate.Options, uint64, *apiError) {
	var opts generate.Options
	if req.Count < 1 || req.Count > s.cfg.MaxGenerate {
		return opts, 0, badRequest("count", "count %d: want %s", req.Count, s.wants["count"])
	}
	if req.Start < 0 || req.Start > math.MaxInt32 {
		return opts, 0, badRequest("start", "start %d: want %s", req.Start, s.wants["start"])
	}
	sh := grid.Shape{BoxRows: 3, BoxCols: 3}
	var err error
	switch {
	case req.Box != "":
		if sh, err = grid.ParseShape(req.Box); err != nil {
			return opts, 0, badRequest("box", "box %q: want %s", req.Box, s.wants["box"])
		}
	case req.Size != 0:
		// a prime size makes jigsaws only, as opts.Validate says
		if sh, err = grid.RegionShape(req.Size); err != nil {
			return opts, 0, badRequest("size", "size %d: want %s (%v)", req.Size, s.wants["size"], err)
		}
	}
	if req.Size != 0 && req.Size != sh.N() {
		return opts, 0, badRequest("size", "size %d does not match box %s", req.Size, req.Box)
	}
	if sh.N() > 16 {
		return opts, 0, badRequest("size", "size %d: the service makes puzzles up to 16x16; use the command line for larger ones", sh.N())
	}
	opts.Shape, opts.Rate = sh, true
	if aerr := checkFormat(req.Format, req.bookLayout); aerr != nil {
		return opts, 0, aerr
	}
	if req.Symmetry != "" {
		if opts.Symmetry, err = generate.ParseSymmetry(req.Symmetry); err != nil {
			return opts, 0, badRequest("symmetry", "%v", err)
		}
	}
	if req.Order != "" {
		if opts.Order, err = generate.ParseOrder(req.Order); err != nil {
			return opts, 0, badRequest("order", "%v", err)
		}
	}
	if req.Clues < 0 || req.Clues > sh.Cells() {
		return opts, 0, badRequest("clues", "clues %d: want a whole number from 0 (minimal) to %d", req.Clues, sh.Cells())
	}
	opts.Clues = req.Clues
	if opts.MinScore, opts.MaxScore, err = rate.ParseTarget(req.Difficulty, req.Score, "difficulty", "score"); err != nil {
		where := "difficulty"
		if req.Score != "" {
			where = "score"
		}
		return opts, 0, badRequest(where, "%v", err)
	}
	if aerr := variantOptions(req, &opts); aerr != nil {
		return opts, 0, aerr
	}
	if sh.Boxless() && !opts.Variant.MakesRegions() {
		return opts, 0, badRequest("size", "size %d: a %dx%d grid has no boxes, so only jigsaw puzzles are made at that size (\"variant\":\"jigsaw\")", sh.N(), sh.N(), sh.N())
	}
	var seed uint64
	if req.Seed != nil {
		seed = *req.Seed
	} else {
		var b [8]byte
		rand.Read(b[:])
		seed = binary.LittleEndian.Uint64(b[:]) >> 1
		req.Seed = &seed
	}
	return opts, seed, nil
}

// variantOptions reads the variant a request asks for into opts, and
// refuses what variant puzzles cannot have: a difficulty or score (their
// level is coarse, from the propagation of their rules), a text format
// that cannot hold their rules, a size or combination the generator does
// not make.
func variantOptions(req *generateRequest, opts *generate.Options) *apiError {
	v, err := generate.ParseVariant(req.Variant)
	if err != nil {
		return badRequest("variant", "%v", err)
	}
	if v.IsZero() {
		return nil
	}
	switch {
	case req.Difficulty != "":
		return badRequest("difficulty", "difficulty is for classic puzzles: %s puzzles get the level of their logical solve, and no difficulty can be asked for", v)
	case req.Score != "":
		return badRequest("score", "score is for classic puzzles: %s puzzles get the level of their logical solve, and no score can be asked for", v)
	}
	if f, err := output.ParseFormat(req.Format); err == nil && !f.HoldsRules() {
		return badRequest("format", "format %s cannot hold the rules of %s puzzles (they would read back as classic ones): want %s or pdf",
			req.Format, v, strings.Join(output.FormatNames(output.RulesFormats()), ", "))
	}
	opts.Variant = v
	if err := opts.Validate(); err != nil {
		return badRequest("variant", "%v", err)
	}
	return nil
}

// generateFailure is the answer to a generate request one of whose
// puzzles could not be made. It is 422 for a puzzle that took longer than
// its time limit or the request's deadline, as for one that cannot be
// made: the same request makes the same puzzle, which fails the same way,
// so a retry would not help (503 would invite one).
func generateFailure(index, k int, err error, timeout time.Duration) *apiError {
	status, code := http.StatusUnprocessableEntity, "generate_failed"
	msg := fmt.Sprintf("puzzle index %d: %v", index, err)
	switch {
	case errors.Is(err, ErrTimeout), errors.Is(err, errDeadline):
		code = "timeout"
		msg += fmt.Sprintf("; the same request fails the same way: ask for a longer timeout (this one was %v), fewer puzzles, or a smaller or easier variant", timeout)
	case errors.Is(err, ErrMemory):
		code = "memory"
		msg += "; the same request fails the same way: ask for a smaller or easier variant"
	case errors.Is(err, ErrWorkerFailed):
		status, code = http.StatusInternalServerError, "worker_failed"
	}
	return &apiError{Status: status, Code: code, Where: fmt.Sprintf("puzzle %d", index), Index: &k, Message: msg}
}

// writeGenerated writes the puzzles in the format asked for.
func (s *Server) writeGenerated(w http.ResponseWriter, r *http.Request, req *generateRequest, seed uint64, sh grid.Shape, puzzles []generate.Puzzle) {
	w.Header().Set("X-Sudokugen-Seed", strconv.FormatUint(seed, 10))
	switch req.Format {
	case "", "json":
		resp := generateResponse{Seed: seed, Box: sh.String(), Puzzles: make([]generatedPuzzle, len(puzzles))}
		if sh.Boxless() {
			resp.Box = "" // a jigsaw of a prime size has only its regions
		}
		for i, p := range puzzles {
			resp.Puzzles[i] = generatedPuzzle{Index: req.Start + i, Puzzle: p.Grid.String(), variantFields: variantOf(p.Grid),
				Solution: p.Solution.String(), Clues: p.Grid.Givens(), Level: p.Level, Score: p.Score}
		}
		writeJSON(w, http.StatusOK, resp)
	case "pdf":
		book := make([]output.Puzzle, len(puzzles))
		for i, p := range puzzles {
			sol := p.Solution
			book[i] = output.Puzzle{Number: req.Start + i + 1, Grid: p.Grid, Solution: &sol, Level: p.Level, Score: p.Score}
		}
		opts, _ := req.bookLayout.options(nil, false) // checked by checkFormat
		opts.Solutions = req.Solutions
		writeBook(w, r, book, opts, fmt.Sprintf("sudoku-%d.pdf", seed))
	default:
		f, err := output.ParseFormat(req.Format)
		if err != nil {
			writeError(w, badRequest("format", "%v, pdf", err))
			return
		}
		var buf bytes.Buffer
		tw := output.NewTextWriter(&buf, f, output.TextOptions{Solutions: req.Solutions})
		for i, p := range puzzles {
			sol := p.Solution
			if err := tw.Write(output.Puzzle{Number: req.Start + i + 1, Grid: p.Grid, Solution: &sol, Level: p.Level, Score: p.Score}); err != nil {
				writeError(w, formatFailure(err))
				return
			}
		}
		tw.Flush()
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="sudoku-%d.txt"`, seed))
		w.Write(buf.Bytes())
	}
}

// formatFailure is the answer to a generate request whose puzzle the text
// writer could not write: 400 at "format" for rules the format cannot
// state (iss refuses the rules of kropki-negative, say), which the same
// request meets again, else an internal error.
func formatFailure(err error) *apiError {
	if errors.Is(err, grid.ErrISS) {
		return badRequest("format", "%v", err)
	}
	return &apiError{Status: http.StatusInternalServerError, Code: "internal", Message: err.Error()}
}

// checkFormat checks the output format and, for pdf, the book's layout,
// before any work is done.
func checkFormat(format string, layout bookLayout) *apiError {
	switch format {
	case "", "json":
		return nil
	case "pdf":
		_, aerr := layout.options(nil, false)
		return aerr
	}
	if _, err := output.ParseFormat(format); err != nil {
		return badRequest("format", "%v, pdf", err)
	}
	return nil
}
