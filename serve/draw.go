package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"strconv"
	"strings"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/output"
)

// drawRequest is the JSON body of /v1/draw: one puzzle, in any form the
// puzzle routes take, with what to draw besides.
type drawRequest struct {
	Puzzle   json.RawMessage `json:"puzzle"`
	Box      string          `json:"box,omitempty"`
	Solution string          `json:"solution,omitempty"` // svg: drawn in grey in the empty cells
	Marked   [][]int         `json:"marked,omitempty"`   // svg: cells shaded, [row, column] 1-based
	Format   string          `json:"format,omitempty"`   // svg (default) or png
	Pixels   int             `json:"pixels,omitempty"`   // png: width and height
}

// drawParams are the query parameters of /v1/draw.
var drawParams = []string{"format", "pixels"}

// defaultPixels is the side of a PNG that does not say.
const defaultPixels = 1080

// drawWants are the service's words for the fields of /v1/draw, whose
// format is an image's.
func (s *Server) drawWants() map[string]string {
	wants := maps.Clone(s.wants)
	wants["format"] = "svg or png"
	return wants
}

func (s *Server) handleDraw(w http.ResponseWriter, r *http.Request) {
	s.limitRequests(s.draw)(w, r)
}

// draw draws one puzzle, classic or variant, as book --format svg or png
// does: an SVG image (with, when asked, the puzzle's solution in its
// empty cells and cells marked), or a PNG. A page shows with it what a
// table of digits cannot: a variant's cages, regions, lines and marks.
func (s *Server) draw(w http.ResponseWriter, r *http.Request, body []byte) {
	q := newQuery(r, drawParams...)
	req := drawRequest{Format: q.str("format"), Pixels: q.int("pixels", defaultPixels, output.MinPNGSize, output.MaxPNGSize)}
	if q.err != nil {
		writeError(w, q.err)
		return
	}
	ctx, cancel := s.withDeadline(r.Context())
	defer cancel()
	var it item
	var aerr *apiError
	if isJSON(r) {
		it, aerr = s.readDrawJSON(ctx, body, &req)
	} else {
		it, aerr = readDrawText(ctx, body)
	}
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	p, o, aerr := s.drawPuzzle(it, req)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	buf, contentType, aerr := drawImage(p, o, req)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.Write(buf.Bytes())
}

// readDrawJSON reads the puzzle of a JSON body of /v1/draw into req, and
// returns it.
func (s *Server) readDrawJSON(ctx context.Context, body []byte, req *drawRequest) (item, *apiError) {
	wants := s.drawWants()
	if aerr := decodeStrict(body, req, wants); aerr != nil {
		return item{}, aerr
	}
	if len(req.Puzzle) == 0 {
		return item{}, badRequest("puzzle", "no puzzle: want %s", wants["puzzle"])
	}
	var opts formats.ReadOptions
	if req.Box != "" {
		sh, err := grid.ParseShape(req.Box)
		if err != nil {
			return item{}, badRequest("box", "box %q: want %s", req.Box, wants["box"])
		}
		opts.Shape = sh
	}
	return readOne(ctx, req.Puzzle, "puzzle", opts), nil
}

// readDrawText reads the one puzzle of a text body of /v1/draw.
func readDrawText(ctx context.Context, body []byte) (item, *apiError) {
	items, aerr := readText(ctx, body, bodyName, formats.ReadOptions{}, 1)
	switch {
	case aerr != nil && aerr.Code == "too_many_puzzles":
		return item{}, badRequest(bodyName, "more than one puzzle: /v1/draw draws one")
	case aerr != nil:
		return item{}, aerr
	case len(items) == 0:
		return item{}, &apiError{Status: http.StatusBadRequest, Code: "no_puzzles", Where: bodyName, Message: "no puzzle in the request"}
	}
	return items[0], nil
}

// drawPuzzle returns the puzzle that it holds, and what to draw besides,
// as req asks.
func (s *Server) drawPuzzle(it item, req drawRequest) (output.Puzzle, output.SVGOptions, *apiError) {
	var o output.SVGOptions
	if it.rec.Err != nil {
		v := newVerdict(it)
		return output.Puzzle{}, o, &apiError{Status: http.StatusUnprocessableEntity, Code: refusal(v.Status), Where: where(v.View), Line: v.Line, Column: v.Column, Message: *v.Error}
	}
	if req.Pixels < output.MinPNGSize || req.Pixels > output.MaxPNGSize {
		return output.Puzzle{}, o, badRequest("pixels", "pixels %d: want %s", req.Pixels, s.wants["pixels"])
	}
	g := it.rec.Grid
	n := g.N()
	p := output.Puzzle{Grid: g}
	o.Solution = req.Solution != ""
	if req.Solution != "" {
		sol, err := formats.ParseWith(req.Solution, formats.ReadOptions{Shape: g.Shape})
		if err != nil {
			return output.Puzzle{}, o, badRequest("solution", "solution: %v", err)
		}
		p.Solution = &sol
	}
	for k, rc := range req.Marked {
		if len(rc) != 2 {
			// encoding/json would fill a [2]int from any array, dropping
			// what is past its end
			return output.Puzzle{}, o, badRequest(fmt.Sprintf("marked[%d]", k), "marked[%d]: %s has %d numbers: want a cell as [row, column], from 1 to %d", k, intList(rc), len(rc), n)
		}
		if rc[0] < 1 || rc[0] > n || rc[1] < 1 || rc[1] > n {
			return output.Puzzle{}, o, badRequest(fmt.Sprintf("marked[%d]", k), "marked[%d]: [%d, %d] is not a cell of a %dx%d grid: want a row and a column from 1 to %d", k, rc[0], rc[1], n, n, n)
		}
		o.Marked = append(o.Marked, (rc[0]-1)*n+rc[1]-1)
	}
	return p, o, nil
}

// drawImage draws p with what o adds in the format req asks for, and
// returns the image and its content type.
func drawImage(p output.Puzzle, o output.SVGOptions, req drawRequest) (*bytes.Buffer, string, *apiError) {
	var buf bytes.Buffer
	var err error
	var contentType string
	switch req.Format {
	case "", "svg":
		err = output.WriteSVGOptions(&buf, p, o)
		contentType = "image/svg+xml"
	case "png":
		if o.Solution || len(o.Marked) > 0 {
			return nil, "", badRequest("format", "a PNG draws the puzzle alone: solution and marked are drawn in SVG")
		}
		err = output.WritePNG(&buf, p, nil, req.Pixels)
		contentType = "image/png"
	default:
		return nil, "", badRequest("format", "format %q: want svg or png", req.Format)
	}
	if err != nil {
		code := "invalid_puzzle"
		if errors.Is(err, grid.ErrRules) {
			code = "invalid_rules"
		}
		return nil, "", &apiError{Status: http.StatusUnprocessableEntity, Code: code, Where: "puzzle", Message: err.Error()}
	}
	return &buf, contentType, nil
}

// intList writes a JSON array of numbers as it was sent: [1, 1, 1].
func intList(v []int) string {
	b, _ := json.Marshal(v)
	return strings.ReplaceAll(string(b), ",", ", ")
}
