package formats

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sudokugen/sudokugen/grid"
)

// errValueTooLong stops the JSON decoder when one value passes the limit.
var errValueTooLong = errors.New("JSON value too long")

// countReader passes the input to the JSON decoder, counting bytes and
// remembering where lines end, and refuses to feed one value past the limit.
type countReader struct {
	src   io.Reader
	off   int64   // bytes read so far
	nl    []int64 // offsets of the newlines not yet passed by pos
	line  int     // newlines passed by pos
	last  int64   // offset of the last newline passed by pos, -1 for none
	mark  int64   // offset where the value being read starts
	limit int64
}

func (c *countReader) Read(p []byte) (int, error) {
	if c.off-c.mark > c.limit {
		return 0, errValueTooLong
	}
	if room := c.limit - (c.off - c.mark) + 1; int64(len(p)) > room {
		p = p[:room]
	}
	n, err := c.src.Read(p)
	for i := 0; i < n; {
		k := bytes.IndexByte(p[i:n], '\n')
		if k < 0 {
			break
		}
		c.nl = append(c.nl, c.off+int64(i+k))
		i += k + 1
	}
	c.off += int64(n)
	return n, err
}

// pos returns the 1-based line and column of byte offset off. Offsets must
// not go backwards from one call to the next.
func (c *countReader) pos(off int64) (line, col int) {
	k := 0
	for k < len(c.nl) && c.nl[k] < off {
		c.last = c.nl[k]
		k++
	}
	c.line += k
	c.nl = c.nl[k:]
	if off <= c.last {
		return c.line, 1
	}
	return c.line + 1, int(off - c.last)
}

// jsonReader reads puzzles from JSON input for a Reader.
type jsonReader struct {
	r       *Reader
	cnt     *countReader
	dec     *json.Decoder
	base    int64 // offset of the decoder's first byte in the input
	inArray bool  // inside a top-level array of puzzles
	// jigsaw is set while reading an object whose rules give regions: a
	// size without boxes then takes the shape without boxes
	jigsaw bool
	// solution is the own solution of the value being read, if it has
	// one (see readSolution)
	solution []uint8
}

func newJSONReader(r *Reader) *jsonReader {
	c := &countReader{src: r.br, last: -1, limit: int64(r.maxLine)}
	return &jsonReader{r: r, cnt: c, dec: json.NewDecoder(c)}
}

// elementAt is element for a value at input offset start.
func (j *jsonReader) elementAt(raw json.RawMessage, start int64) Record {
	line, col := j.cnt.pos(start)
	return j.element(raw, line, col)
}

// offset returns the input offset of the decoder.
func (j *jsonReader) offset() int64 { return j.base + j.dec.InputOffset() }

// step reads the next value, or the next element of a top-level array of
// puzzles, and queues its record.
func (j *jsonReader) step() {
	j.cnt.mark = j.offset()
	if j.inArray {
		if !j.dec.More() {
			if _, err := j.dec.Token(); err != nil {
				j.fail(err, false)
				return
			}
			j.inArray = false
			return
		}
		j.pushValue()
		return
	}
	if !j.dec.More() { // the end, or a stray ']' or '}'
		_, err := j.dec.Token()
		if err == io.EOF {
			j.r.err = io.EOF
			return
		}
		if err == nil {
			err = &json.SyntaxError{Offset: j.dec.InputOffset()}
		}
		j.fail(err, false)
		return
	}
	var first [1]byte
	j.dec.Buffered().Read(first[:])
	if first[0] != '[' {
		j.pushValue()
		return
	}
	start := j.offset()
	if _, err := j.dec.Token(); err != nil {
		j.fail(err, false)
		return
	}
	j.array(start)
}

// pushValue decodes the next value and queues its record.
func (j *jsonReader) pushValue() {
	raw, start, err := j.value()
	if err != nil {
		j.fail(err, true)
		return
	}
	j.r.push(j.elementAt(raw, start))
}

// value decodes the next value and returns it with its input offset.
func (j *jsonReader) value() (json.RawMessage, int64, error) {
	var raw json.RawMessage
	if err := j.dec.Decode(&raw); err != nil {
		return nil, 0, err
	}
	return raw, j.offset() - int64(len(raw)), nil
}

// array reads a top-level array after its '[': one puzzle (rows, or a flat
// list of numbers), or the start of an array of puzzles.
func (j *jsonReader) array(start int64) {
	if !j.dec.More() {
		if _, err := j.dec.Token(); err != nil {
			j.fail(err, false)
			return
		}
		line, col := j.cnt.pos(start)
		j.bad(line, col, "[]", grid.Problemf(grid.ErrLength, "empty JSON array, want rows of numbers"))
		return
	}
	raw, elemStart, err := j.value()
	if err != nil {
		j.fail(err, true)
		return
	}
	many := true
	switch c := raw[0]; {
	case c == '-' || c >= '0' && c <= '9':
		many = false
	case c == '[':
		many = firstInner(raw) == '['
	}
	if many {
		j.inArray = true
		j.r.push(j.elementAt(raw, elemStart))
		return
	}
	elems := []json.RawMessage{raw}
	for j.dec.More() {
		raw, _, err := j.value()
		if err != nil {
			j.fail(err, true)
			return
		}
		if len(elems) <= grid.MaxN*grid.MaxN {
			elems = append(elems, raw)
		}
	}
	if _, err := j.dec.Token(); err != nil {
		j.fail(err, false)
		return
	}
	line, col := j.cnt.pos(start)
	text := compactText(elems)
	g, err := j.fromArray(elems, grid.Shape{})
	if err != nil {
		j.bad(line, col, text, err)
		return
	}
	j.r.push(Record{Line: line, Text: text, Grid: g})
}

// firstInner returns the first byte that is not white space after the
// opening bracket of raw.
func firstInner(raw []byte) byte {
	for _, c := range raw[1:] {
		if !isSpace(c) {
			return c
		}
	}
	return 0
}

// element makes the record of one value that stands for a puzzle: an
// object, an array or a string.
func (j *jsonReader) element(raw json.RawMessage, line, col int) Record {
	text := compactText([]json.RawMessage{raw})
	j.solution = nil
	g, err := j.fromValue(raw)
	if err != nil {
		return Record{Line: line, Text: text, Err: j.r.parseError(line, col, err)}
	}
	return Record{Line: line, Text: text, Grid: g, Solution: j.solution}
}

func (j *jsonReader) bad(line, col int, text string, err error) {
	j.r.pushBad(line, text, j.r.parseError(line, col, err))
}

func (j *jsonReader) fromValue(raw json.RawMessage) (grid.Grid, error) {
	switch raw[0] {
	case '{':
		var obj ourObject
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		err := dec.Decode(&obj)
		if obj.Size != nil && obj.Grid != nil && obj.Puzzle == nil && obj.Rows == nil {
			return j.fromFPuzzles(raw) // f-puzzles: its reader names what it does not know
		}
		if err != nil {
			// the decoder stops at the first field it does not know: an
			// f-puzzles object may have many before "size" and "grid"
			var keys map[string]json.RawMessage
			if json.Unmarshal(raw, &keys) == nil && IsFPuzzles(keys) {
				return j.fromFPuzzles(raw)
			}
			if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
				field, _ := strconv.Unquote(name)
				return grid.Grid{}, grid.Unsupportedf([]string{field}, "unknown field %s (a puzzle object takes %s)", name, strings.Join(ourFields, ", "))
			}
			return grid.Grid{}, grid.Problemf(grid.ErrJSON, "%s", grid.JSONProblem(err, "the puzzle", "an object"))
		}
		return j.fromOurs(&obj)
	case '[':
		var elems []json.RawMessage
		if err := json.Unmarshal(raw, &elems); err != nil {
			return grid.Grid{}, grid.Problemf(grid.ErrJSON, "%v", err)
		}
		return j.fromArray(elems, grid.Shape{})
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return grid.Grid{}, grid.Problemf(grid.ErrJSON, "%v", err)
		}
		return j.fromString(s, grid.Shape{})
	}
	return grid.Grid{}, grid.Problemf(grid.ErrJSON, "JSON value %s is not a puzzle", grid.CutText(raw))
}

// ourFields are the fields of our JSON objects that make the puzzle.
var ourFields = []string{"puzzle", "rows", "box", "rules", "variant"}

// ourObject is one of our JSON objects: the fields that make the puzzle,
// then those our commands print beside it (with --json), which reading
// passes over. Any other field is an error that names it: a misspelt
// "rules" must not turn a variant into a classic puzzle. "size" and
// "grid" make an f-puzzles object.
type ourObject struct {
	Puzzle, Rows, Box, Rules, Variant json.RawMessage
	Size, Grid                        json.RawMessage

	Solution json.RawMessage // the puzzle's own solution (see readSolution)

	Index, Clues, Level, Score, Coarse, Solutions, Status, File, Line, Column, Count, Error,
	Message, Code, Proof, Steps, Technique, Techniques, Clashes, FPuzzles, Seed, Symmetry, Difficulty,
	Title, Name passOver
	SolutionRows passOver `json:"solution_rows"`
	CountExact   passOver `json:"count_exact"`
	ClashCells   passOver `json:"clash_cells"`
	FPuzzlesURL  passOver `json:"fpuzzles_url"`
	SudokuPadURL passOver `json:"sudokupad_url"`
}

// passOver is a field that reading passes over, without copying it.
type passOver struct{}

func (*passOver) UnmarshalJSON([]byte) error { return nil }

// fromOurs reads one of our JSON objects: "puzzle" (or "rows"), "box",
// and for a variant "rules" and its "variant" name, which must agree.
func (j *jsonReader) fromOurs(obj *ourObject) (grid.Grid, error) {
	g, err := j.fromOursOnly(obj)
	if err != nil {
		return g, err
	}
	j.solution, err = readSolution(obj.Solution, g.N(), *j.r.alphabet(g.N()))
	if err != nil {
		return grid.Grid{}, grid.Problemf(grid.ErrJSON, "%v", err)
	}
	return g, nil
}

// fromOursOnly is fromOurs without the solution.
func (j *jsonReader) fromOursOnly(obj *ourObject) (grid.Grid, error) {
	rules := obj.Rules
	if rules == nil || string(rules) == "null" {
		g, err := j.fromObject(obj.Puzzle, obj.Rows, obj.Box)
		if err != nil {
			return g, err
		}
		return g, checkVariant(obj.Variant, nil)
	}
	j.jigsaw = false
	if mayName(rules, "regions") {
		var regions struct {
			Regions json.RawMessage `json:"regions"`
		}
		j.jigsaw = json.Unmarshal(rules, &regions) == nil && regions.Regions != nil && string(regions.Regions) != "null"
	}
	g, err := j.fromObject(obj.Puzzle, obj.Rows, obj.Box)
	j.jigsaw = false
	if err != nil {
		return g, err
	}
	r, err := grid.UnmarshalRules(rules, g.Shape)
	if errors.Is(err, grid.ErrNoKinds) {
		return grid.Grid{}, err
	}
	if err != nil {
		return grid.Grid{}, grid.Prefixed("", err, func(err error) error { return grid.Problemf(grid.ErrJSON, "%v", err) })
	}
	g.Rules = r
	return g, checkVariant(obj.Variant, r)
}

// mayName reports whether JSON text data may hold the object key name
// (lower-case ASCII letters), as encoding/json matches keys to fields:
// false only when data is ASCII without escapes and does not hold name
// in any case, so that decoding it into a struct of that one field
// would leave the field empty.
func mayName(data []byte, name string) bool {
	found := false
	for i, c := range data {
		if c >= utf8.RuneSelf || c == '\\' {
			return true
		}
		if found || c|0x20 != name[0] || i+len(name) > len(data) {
			continue
		}
		found = true
		for k := 1; k < len(name) && found; k++ {
			found = data[i+k]|0x20 == name[k] // name is lower-case letters
		}
	}
	return found
}

// checkVariant refuses a "variant" name that is not the name of the rules
// given (see Rules.Name): a puzzle whose rules were lost or misspelt.
func checkVariant(raw json.RawMessage, r *grid.Rules) error {
	if raw == nil || string(raw) == "null" {
		return nil
	}
	var name string
	if err := json.Unmarshal(raw, &name); err != nil {
		return grid.Problemf(grid.ErrJSON, "\"variant\": want a string such as \"killer\", not %s", grid.CutText(raw))
	}
	if want := r.Name(); !strings.EqualFold(strings.TrimSpace(name), want) {
		if r.Empty() {
			return grid.Problemf(grid.ErrJSON, "\"variant\" is %q but the object has no \"rules\": give the rules of the variant (or leave \"variant\" out for a classic puzzle)", name)
		}
		return grid.Problemf(grid.ErrJSON, "\"variant\" is %q but the rules given are %s", name, want)
	}
	return nil
}

// shapeFor returns the shape of a grid of size n: the option, else the
// hint, else the default.
func (j *jsonReader) shapeFor(n int, hint grid.Shape, what string) (grid.Shape, error) {
	if s := j.r.opts.Shape; s != (grid.Shape{}) {
		if n != s.N() {
			return grid.Shape{}, grid.Problemf(grid.ErrLength, "%s, want %d", what, s.N())
		}
		return s, nil
	}
	if hint != (grid.Shape{}) {
		if n != hint.N() {
			return grid.Shape{}, grid.Problemf(grid.ErrLength, "%s, want %d for box %s", what, hint.N(), hint)
		}
		return hint, nil
	}
	s, err := grid.ShapeOf(n)
	if j.jigsaw {
		s, err = grid.RegionShape(n)
	}
	if err != nil {
		return grid.Shape{}, fmt.Errorf("%s: %w", what, err)
	}
	return s, nil
}

// fromArray reads rows of numbers, or a flat list of N*N numbers.
func (j *jsonReader) fromArray(elems []json.RawMessage, hint grid.Shape) (grid.Grid, error) {
	if len(elems) == 0 {
		return grid.Grid{}, grid.Problemf(grid.ErrLength, "empty JSON array, want rows of numbers")
	}
	if elems[0][0] != '[' { // a flat list
		count := len(elems)
		n := grid.Isqrt(count)
		if n*n != count || n < grid.MinN || n > grid.MaxN {
			return grid.Grid{}, grid.Problemf(grid.ErrLength, "%d numbers, want N*N for a grid of size N, or N rows of N", count)
		}
		s, err := j.shapeFor(n, hint, fmt.Sprintf("%d numbers make a grid of size %d", count, n))
		if err != nil {
			return grid.Grid{}, err
		}
		g := grid.New(s)
		for i, e := range elems {
			d, err := number(e, n)
			if err != nil {
				return grid.Grid{}, fmt.Errorf("number %d: %w", i+1, err)
			}
			g.Cells[i] = d
		}
		return g, nil
	}
	n := len(elems)
	s, err := j.shapeFor(n, hint, fmt.Sprintf("%d rows", n))
	if err != nil {
		return grid.Grid{}, err
	}
	g := grid.New(s)
	var row []json.RawMessage
	for r, e := range elems {
		row = row[:0]
		if e[0] != '[' || json.Unmarshal(e, &row) != nil {
			return grid.Grid{}, grid.Problemf(grid.ErrJSON, "row %d is not an array of numbers", r+1)
		}
		if len(row) != n {
			return grid.Grid{}, grid.Problemf(grid.ErrLength, "row %d has %d numbers, want %d", r+1, len(row), n)
		}
		for c, v := range row {
			d, err := number(v, n)
			if err != nil {
				return grid.Grid{}, fmt.Errorf("row %d, column %d: %w", r+1, c+1, err)
			}
			g.Cells[r*n+c] = d
		}
	}
	return g, nil
}

// number reads one cell: 0 for empty, 1..n a digit.
func number(raw json.RawMessage, n int) (uint8, error) {
	var f float64
	if err := json.Unmarshal(raw, &f); err != nil {
		return 0, grid.Problemf(grid.ErrSymbol, "%s is not a number", grid.CutText(raw))
	}
	if f != math.Trunc(f) || f < 0 || f > float64(n) {
		return 0, grid.Problemf(grid.ErrSymbol, "value %s is not a digit of a %dx%d grid", grid.CutText(raw), n, n)
	}
	return uint8(f), nil
}

// fromString reads a puzzle written on one line inside a JSON string.
func (j *jsonReader) fromString(s string, hint grid.Shape) (grid.Grid, error) {
	var cells []byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\n' || c == '\r':
		case c < 0x80 && class[c] != cCell && class[c] != cCtrl:
		default:
			cells = append(cells, c)
		}
	}
	count := len(cells)
	shape := j.r.opts.Shape
	if shape == (grid.Shape{}) {
		shape = hint
	}
	if shape == (grid.Shape{}) && count < len(shapeByCells) {
		shape = shapeByCells[count]
		if n := grid.Isqrt(count); shape == (grid.Shape{}) && j.jigsaw && n*n == count {
			shape, _ = grid.RegionShape(n)
		}
	}
	if shape == (grid.Shape{}) {
		return grid.Grid{}, j.r.lengthProblem(count)
	}
	if count != shape.Cells() {
		n := shape.N()
		return grid.Grid{}, grid.Problemf(grid.ErrLength, "%d cells, want %d (%dx%d)", count, n*n, n, n)
	}
	g := grid.New(shape)
	n := shape.N()
	a := j.r.alphabet(n)
	for i, c := range cells {
		d, ok := a.Digit(c)
		if !ok || d > n {
			return grid.Grid{}, symbolProblem([]byte(s[bytes.IndexByte([]byte(s), c):]), n)
		}
		g.Cells[i] = uint8(d)
	}
	return g, nil
}

// compactText returns values as compact JSON for Record.Text.
func compactText(elems []json.RawMessage) string {
	if len(elems) == 1 && !bytes.ContainsAny(elems[0], " \t\r\n") && utf8.Valid(elems[0]) {
		return grid.CutText(elems[0]) // no white space at all: compact as it is
	}
	var b bytes.Buffer
	if len(elems) > 1 {
		b.WriteByte('[')
	}
	for i, e := range elems {
		if i > 0 {
			b.WriteByte(',')
		}
		if json.Compact(&b, e) != nil {
			b.Write(e)
		}
		if b.Len() > grid.MaxText {
			break
		}
	}
	if len(elems) > 1 {
		b.WriteByte(']')
	}
	if !utf8.Valid(b.Bytes()) {
		return quoteText(b.Bytes())
	}
	return grid.CutText(b.Bytes())
}

// fail turns a decoder error into a final bad record, or, for a syntax
// error between top-level values, a bad record after which reading resumes
// on the next line. inValue tells that the error comes from decoding a
// whole value, whose syntax error offsets count from the value's start.
func (j *jsonReader) fail(err error, inValue bool) {
	var se *json.SyntaxError
	switch {
	case errors.Is(err, errValueTooLong):
		line, col := j.cnt.pos(j.cnt.mark)
		j.bad(line, col, "", grid.Problemf(grid.ErrTooLong, "JSON value longer than %d bytes", j.r.maxLine))
		j.r.err = io.EOF
	case errors.As(err, &se):
		// The decoder's offsets count from places that vary; find the bad
		// byte again from the start of the value.
		buf, _ := io.ReadAll(j.dec.Buffered())
		pos := j.offset() // the input offset of buf[0]
		at := j.base + se.Offset
		if inValue {
			at = pos
			var raw json.RawMessage
			if err := json.NewDecoder(bytes.NewReader(buf)).Decode(&raw); errors.As(err, &se) {
				at = pos + max(se.Offset-1, 0)
			}
		}
		start, _ := j.cnt.pos(min(pos, at))
		line, col := j.cnt.pos(at)
		text := buf
		if k := bytes.IndexByte(text, '\n'); k >= 0 {
			text = text[:k]
		}
		text = bytes.TrimSpace(text)
		t := grid.CutText(text)
		if !utf8.Valid(text) {
			t = quoteText(text)
		}
		msg, _ := grid.JSONSyntax(se)
		j.r.pushBad(start, t, j.r.parseError(line, col, grid.Problemf(grid.ErrJSON, "invalid JSON: %s", msg)))
		if j.inArray {
			j.r.err = io.EOF
			return
		}
		j.resync(buf, pos, at)
	case err == io.ErrUnexpectedEOF || err == io.EOF: // EOF inside an open array
		line, col := j.cnt.pos(j.cnt.off)
		msg, _ := grid.JSONSyntax(io.ErrUnexpectedEOF)
		j.bad(line, col, "", grid.Problemf(grid.ErrJSON, "invalid JSON: %s", msg))
		j.r.err = io.EOF
	default:
		j.r.fail(err)
	}
}

// resync starts a new decoder on the line after offset at. buf holds the
// bytes the old decoder read but did not use, from input offset pos.
func (j *jsonReader) resync(buf []byte, pos, at int64) {
	skip := int(min(max(at-pos, 0), int64(len(buf))))
	// When the bad byte starts its line, as after a value left open, the
	// line may hold the next value: start again there.
	k := skip
	for k > 0 && (buf[k-1] == ' ' || buf[k-1] == '\t' || buf[k-1] == '\r') {
		k--
	}
	if k > 0 && buf[k-1] == '\n' {
		j.base = pos + int64(k)
		j.dec = json.NewDecoder(io.MultiReader(bytes.NewReader(buf[k:]), j.cnt))
		return
	}
	buf = buf[skip:]
	pos += int64(skip)
	for {
		if k := bytes.IndexByte(buf, '\n'); k >= 0 {
			buf = buf[k+1:]
			pos += int64(k + 1)
			break
		}
		pos += int64(len(buf))
		j.cnt.mark = j.cnt.off
		chunk := make([]byte, 4096)
		n, err := j.cnt.Read(chunk)
		buf = chunk[:n]
		if n == 0 && err != nil {
			if err == io.EOF {
				j.r.err = io.EOF
			} else {
				j.r.fail(err)
			}
			return
		}
	}
	j.base = pos
	j.dec = json.NewDecoder(io.MultiReader(bytes.NewReader(buf), j.cnt))
}

// fromObject reads the puzzle of one of our JSON objects: its "puzzle"
// (or "rows") and "box" fields.
func (j *jsonReader) fromObject(puzzle, rows, box json.RawMessage) (grid.Grid, error) {
	var hint grid.Shape
	if box != nil {
		var s string
		if err := json.Unmarshal(box, &s); err != nil {
			return grid.Grid{}, grid.Problemf(grid.ErrShape, "\"box\" must be a string such as \"3x3\"")
		}
		sh, err := grid.ParseShape(s)
		if err != nil {
			return grid.Grid{}, fmt.Errorf("\"box\": %w", err)
		}
		hint = sh
	}
	p := puzzle
	if p == nil {
		p = rows
	}
	switch {
	case p == nil:
		return grid.Grid{}, grid.Problemf(grid.ErrJSON, "object has no \"puzzle\" field (ours) or \"grid\" field (f-puzzles)")
	case p[0] == '"':
		var s string
		if err := json.Unmarshal(p, &s); err != nil {
			return grid.Grid{}, grid.Problemf(grid.ErrJSON, "%v", err)
		}
		return j.fromString(s, hint)
	case p[0] == '[':
		var elems []json.RawMessage
		if err := json.Unmarshal(p, &elems); err != nil {
			return grid.Grid{}, grid.Problemf(grid.ErrJSON, "%v", err)
		}
		return j.fromArray(elems, hint)
	}
	return grid.Grid{}, grid.Problemf(grid.ErrJSON, "\"puzzle\" must be a string or rows of numbers")
}

// fromFPuzzles reads an object in the f-puzzles format (see
// ParseFPuzzles), which fixes its own size.
func (j *jsonReader) fromFPuzzles(raw json.RawMessage) (grid.Grid, error) {
	g, sol, err := parseFPuzzles(raw)
	if err != nil {
		return g, err
	}
	j.solution = sol
	if s := j.r.opts.Shape; s != (grid.Shape{}) && s.N() != g.N() {
		return grid.Grid{}, grid.Problemf(grid.ErrLength, "f-puzzles grid of size %d, want %d", g.N(), s.N())
	}
	return g, nil
}
