package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"mime"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/output"
)

// apiError is the JSON error of a request: what went wrong, and where in
// the request when that is known.
type apiError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
	Where   string `json:"where,omitempty"` // "body:3:12", "puzzles[2]", "query count_limit"
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Index   *int   `json:"index,omitempty"` // the puzzle, for errors about one puzzle
}

func (e *apiError) Error() string {
	if e.Where != "" {
		return e.Where + ": " + e.Message
	}
	return e.Message
}

func badRequest(where, format string, args ...any) *apiError {
	return &apiError{Status: http.StatusBadRequest, Code: "bad_request", Where: where, Message: fmt.Sprintf(format, args...)}
}

// writeJSON writes v with the status code.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := marshalJSON(v)
	if err != nil {
		http.Error(w, `{"error":{"code":"internal","message":"cannot encode the answer"}}`, http.StatusInternalServerError)
		return
	}
	b = append(b, '\n')
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	w.Write(b)
}

// marshalJSON is json.Marshal that leaves <, > and & as they are, as every
// answer has them.
func marshalJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func writeError(w http.ResponseWriter, e *apiError) {
	writeJSON(w, e.Status, map[string]*apiError{"error": e})
}

// bodyName is the name of the request body in error positions.
const bodyName = "body"

// isJSON reports whether the request says its body is JSON.
func isJSON(r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && (mt == "application/json" || strings.HasSuffix(mt, "+json"))
}

// item is one puzzle of a request: its record as read, and the name of the
// part of the request it came from.
type item struct {
	rec  formats.Record
	file string
}

// puzzlesRequest is the JSON form of the verify, solve, rate and book
// requests. Options may also come in the query string; the body wins.
type puzzlesRequest struct {
	Puzzles    []json.RawMessage `json:"puzzles"`
	Text       string            `json:"text,omitempty"` // more puzzles, in any format the command line reads
	Box        string            `json:"box,omitempty"`
	CountLimit *int              `json:"count_limit,omitempty"`
	Timeout    string            `json:"timeout,omitempty"`
	Steps      *bool             `json:"steps,omitempty"`
	bookLayout
	Levels         *bool `json:"levels,omitempty"`          // book: rate the puzzles for their labels (default true)
	AllowNonunique *bool `json:"allow_nonunique,omitempty"` // book: print valid puzzles without one solution too
}

// decodeStrict decodes one JSON value into v: unknown fields, trailing
// data and nesting past encoding/json's limit are errors with a place. A
// field of the wrong type is told in the service's words: what wants says
// the field takes (or, for a field it does not name, what its type takes),
// and what was sent.
func decodeStrict(body []byte, v any, wants map[string]string) *apiError {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, terr := dec.Token(); terr != io.EOF {
			err = errors.New("data after the JSON value")
		}
	}
	if err == nil {
		return nil
	}
	off := dec.InputOffset()
	msg := strings.TrimPrefix(err.Error(), "json: ")
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	if words, ok := grid.JSONSyntax(err); ok {
		msg = "invalid JSON: " + words
	}
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.Is(err, io.ErrUnexpectedEOF):
		off = int64(len(body)) // where it ends
	case errors.As(err, &te):
		off = te.Offset
		msg = typeMessage(te, wants)
	case errors.Is(err, io.EOF):
		msg = "empty body: want a JSON object"
	case strings.HasPrefix(msg, "unknown field "):
		msg += " (want one of " + strings.Join(jsonNames(reflect.TypeOf(v)), ", ") + ")"
	}
	line, col := position(body, off)
	return &apiError{Status: http.StatusBadRequest, Code: "bad_json", Where: fmt.Sprintf("%s:%d:%d", bodyName, line, col),
		Line: line, Column: col, Message: msg}
}

// typeMessage says what the field of a type error takes and what was sent:
// "seed: want a whole number from 0 to 18446744073709551615, not -1".
func typeMessage(te *json.UnmarshalTypeError, wants map[string]string) string {
	got := te.Value // "number -1", "number", "string", "array", "object", "bool"
	switch {
	case strings.HasPrefix(got, "number "):
		got = strings.TrimPrefix(got, "number ")
	case got == "bool":
		got = "true or false"
	case got == "array" || got == "object":
		got = "an " + got
	default:
		got = "a " + got
	}
	// The path of an embedded struct's field names the struct too
	// ("bookLayout.per_page"): the requests nest no objects, so the last
	// name is the field.
	field := te.Field[strings.LastIndexByte(te.Field, '.')+1:]
	if field == "" {
		return fmt.Sprintf("the body: want a JSON object, not %s", got)
	}
	want, ok := wants[field]
	if !ok {
		want = typeWant(te.Type)
	}
	return fmt.Sprintf("%s: want %s, not %s", field, want, got)
}

// wantOf is what wants says field takes, or what its type takes.
func wantOf(wants map[string]string, field string) string {
	if w, ok := wants[field]; ok {
		return w
	}
	return "a " + field
}

// typeWant says what a Go type takes, without naming it.
func typeWant(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return fmt.Sprintf("a whole number from %d to %d", int64(-1)<<(t.Bits()-1), uint64(1)<<(t.Bits()-1)-1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return fmt.Sprintf("a whole number from 0 to %d", uint64(1)<<(t.Bits()-1)*2-1)
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	return "a JSON object"
}

// jsonNames lists the JSON fields of a struct type (or a pointer to one),
// those of embedded structs included, in order.
func jsonNames(t reflect.Type) []string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	var out []string
	for f := range t.Fields() {
		if f.Anonymous {
			out = append(out, jsonNames(f.Type)...)
			continue
		}
		if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name != "" && name != "-" && f.IsExported() {
			out = append(out, name)
		}
	}
	return out
}

// fieldWants says what each field of the JSON requests takes, in the words
// of the answers, with the server's limits.
func (c *Config) fieldWants() map[string]string {
	yes := "true or false"
	return map[string]string{
		"puzzles":         `an array of puzzles, each a string in any text format or an f-puzzles link, an array of rows (0 for empty), {"puzzle": ...} (with "rules" for a variant) or an f-puzzles object`,
		"text":            "a string of puzzles in any format the command line reads",
		"box":             `a box shape RxC with R and C from 2 to 18, such as "3x3" or "2x3"`,
		"count_limit":     fmt.Sprintf("a whole number from 2 to %d", c.MaxCountLimit),
		"timeout":         fmt.Sprintf(`a duration such as "2s", at most %v`, c.MaxTimeout),
		"steps":           yes,
		"title":           "a string of text",
		"page":            `a trim size such as "6x9", "a4", "letter" or "148x210mm"`,
		"per_page":        "1, 2, 4 or 6 (0: as many as fit)",
		"solutions":       yes,
		"sections":        yes,
		"large_print":     yes,
		"front":           fmt.Sprintf("a string of plain text, at most %d bytes", maxFront),
		"levels":          yes,
		"allow_nonunique": yes,
		"count":           fmt.Sprintf("a whole number from 1 to %d", c.MaxGenerate),
		"size":            "a grid size from 4 to 16",
		"symmetry":        "none, rot180, rot90, mirror, flip or diagonal",
		"order":           "auto, random or rows",
		"clues":           "a whole number of clues, 0 for minimal",
		"difficulty":      "easy, medium, hard, expert or extreme",
		"score":           `a range on the Sudoku Explainer scale such as "4.0..6.0" or "7.0.."`,
		"seed":            fmt.Sprintf("a whole number from 0 to %d", uint64(math.MaxUint64)),
		"start":           fmt.Sprintf("a whole number from 0 to %d", math.MaxInt32),
		"format":          strings.Join(output.FormatNames(output.Formats()), ", ") + " or pdf",
		"variant":         generate.VariantNames(false) + ", or several joined by commas (jigsaw,x)",
		"puzzle":          `a puzzle: a string in any text format or an f-puzzles link, an array of rows, {"puzzle": ...} (with "rules" for a variant) or an f-puzzles object`,
		"solution":        "the puzzle's solution, a string of its cells",
		"marked":          "an array of [row, column] pairs, 1-based",
		"pixels":          fmt.Sprintf("a whole number of pixels from %d to %d", output.MinPNGSize, output.MaxPNGSize),
	}
}

// onlyFields refuses a JSON request object with a field other than those
// its route takes (the puzzle routes share one request type): a field of
// another route is a mistake to tell, not to ignore.
func onlyFields(body []byte, takes []string) *apiError {
	var fields map[string]json.RawMessage
	if json.Unmarshal(body, &fields) != nil {
		return nil // decodeStrict has read it
	}
	for _, name := range slices.Sorted(maps.Keys(fields)) {
		if !slices.Contains(takes, name) {
			aerr := badRequest(name, "unknown field %q (want one of %s)", name, strings.Join(takes, ", "))
			aerr.Code = "bad_json"
			return aerr
		}
	}
	return nil
}

// position turns a byte offset into a 1-based line and column.
func position(b []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(b)))
	before := b[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}

// readPuzzles reads the puzzles of a request body: a JSON request object
// when the Content-Type says JSON, any format the command line reads
// otherwise. A malformed puzzle is an item with its error, not a failed
// request.
func readPuzzles(ctx context.Context, body []byte, asJSON bool, maxPuzzles int, wants map[string]string) ([]item, *puzzlesRequest, *apiError) {
	req := &puzzlesRequest{}
	if !asJSON {
		items, aerr := readText(ctx, body, bodyName, formats.ReadOptions{}, maxPuzzles)
		return items, req, aerr
	}
	if aerr := decodeStrict(body, req, wants); aerr != nil {
		return nil, nil, aerr
	}
	var opts formats.ReadOptions
	if req.Box != "" {
		sh, err := grid.ParseShape(req.Box)
		if err != nil {
			return nil, nil, badRequest("box", "box %q: want %s", req.Box, wantOf(wants, "box"))
		}
		opts.Shape = sh
	}
	if len(req.Puzzles) > maxPuzzles {
		return nil, nil, tooMany(maxPuzzles)
	}
	items := make([]item, len(req.Puzzles))
	for i, raw := range req.Puzzles {
		if aerr := readDeadline(ctx); aerr != nil {
			return nil, nil, aerr
		}
		items[i] = readOne(ctx, raw, fmt.Sprintf("puzzles[%d]", i), opts)
		items[i].rec.Index = i
	}
	if aerr := readDeadline(ctx); aerr != nil {
		return nil, nil, aerr
	}
	if req.Text != "" {
		more, aerr := readText(ctx, []byte(req.Text), "text", opts, maxPuzzles-len(items))
		if aerr != nil {
			return nil, nil, aerr
		}
		for _, it := range more {
			it.rec.Index = len(items)
			items = append(items, it)
		}
	}
	return items, req, nil
}

func tooMany(max int) *apiError {
	return &apiError{Status: http.StatusRequestEntityTooLarge, Code: "too_many_puzzles", Where: bodyName,
		Message: fmt.Sprintf("more than %d puzzles in one request", max)}
}

// readText reads every record of a text (or CLI JSON) input.
func readText(ctx context.Context, body []byte, name string, opts formats.ReadOptions, maxPuzzles int) ([]item, *apiError) {
	rd := formats.NewReader(bytes.NewReader(body), name, opts)
	var items []item
	for {
		// Each record's work is bounded (a link decompresses to at most
		// formats.MaxLinkUnits), so the deadline is looked at between them.
		if aerr := readDeadline(ctx); aerr != nil {
			return nil, aerr
		}
		rec, err := rd.Read()
		if errors.Is(err, io.EOF) {
			return items, nil
		}
		if err != nil {
			return nil, badRequest(name, "%v", err)
		}
		if len(items) == maxPuzzles {
			return nil, tooMany(maxPuzzles)
		}
		items = append(items, item{rec: rec, file: name})
	}
}

// readOne reads the one puzzle of an element of "puzzles": a string in any
// text format, or JSON rows or an object as the command line reads them.
func readOne(ctx context.Context, raw json.RawMessage, name string, opts formats.ReadOptions) item {
	src := []byte(raw)
	var s string
	if len(raw) > 0 && raw[0] == '"' {
		if err := json.Unmarshal(raw, &s); err == nil {
			src = []byte(s)
		}
	}
	items, aerr := readText(ctx, src, name, opts, 2)
	bad := func(err error) item {
		return item{file: name, rec: formats.Record{Line: 1, Text: cut(string(raw)), Err: &grid.ParseError{File: name, Line: 1, Err: err}}}
	}
	switch {
	case aerr != nil && aerr.Code == "too_many_puzzles":
		return bad(grid.ErrManyPuzzles)
	case aerr != nil:
		return bad(errors.New(aerr.Message))
	case len(items) == 0:
		return bad(grid.ErrNoPuzzle)
	case len(items) > 1:
		return bad(grid.ErrManyPuzzles)
	}
	return items[0]
}

// readDeadline is the answer to a request whose deadline passed while its
// puzzles were read; nil while it has not.
func readDeadline(ctx context.Context) *apiError {
	if ctx.Err() == nil {
		return nil
	}
	return &apiError{Status: http.StatusServiceUnavailable, Code: "deadline", Where: bodyName,
		Message: "the request's deadline passed while its puzzles were read; send fewer puzzles per request"}
}

func cut(s string) string {
	if len(s) > 200 {
		return s[:200]
	}
	return s
}

// query reads the options of the query string, refusing names it does not
// know.
type query struct {
	v     url.Values
	known map[string]bool
	err   *apiError
}

func newQuery(r *http.Request, names ...string) *query {
	q := &query{v: r.URL.Query(), known: make(map[string]bool)}
	for _, n := range names {
		q.known[n] = true
	}
	for k := range q.v {
		if !q.known[k] {
			q.err = badRequest("query", "unknown parameter %q (want one of %s)", k, strings.Join(names, ", "))
		}
	}
	return q
}

func (q *query) int(name string, def, lo, hi int) int {
	s := q.v.Get(name)
	if s == "" || q.err != nil {
		return def
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < lo || v > hi {
		q.err = badRequest("query "+name, "%s=%q: want a whole number from %d to %d", name, s, lo, hi)
	}
	return v
}

func (q *query) bool(name string) bool {
	s := q.v.Get(name)
	if s == "" || q.err != nil {
		return false
	}
	v, err := strconv.ParseBool(s)
	if err != nil {
		q.err = badRequest("query "+name, "%s=%q: want true or false", name, s)
	}
	return v
}

func (q *query) str(name string) string { return q.v.Get(name) }

// duration parses a per-puzzle timeout such as "2s", capped by hi.
func parseTimeout(s string, def, hi time.Duration) (time.Duration, *apiError) {
	if s == "" {
		return def, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 || d > hi {
		return 0, badRequest("timeout", "timeout %q: want a duration such as 2s, at most %v", s, hi)
	}
	return d, nil
}

// warmGrid is the puzzle the workers solve when they start: the empty 4x4
// grid, which takes microseconds.
func warmGrid() grid.Grid { return grid.New(grid.Shape{BoxRows: 2, BoxCols: 2}) }
