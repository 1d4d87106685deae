// Package formats reads puzzles in every format sudokugen takes (one per
// line, grids over several lines, CSV, SDM and SDK, JSON Lines, f-puzzles
// JSON, f-puzzles and SudokuPad links) and writes f-puzzles objects and
// links. The variant rules of a puzzle are read and written by the kinds
// of the table of package grid, which the readers walk from above it: a
// program that reads variants imports package rules, which fills it.
package formats

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sudokugen/sudokugen/grid"
)

// DefaultMaxLineBytes is the longest line a Reader accepts when
// ReadOptions.MaxLineBytes is 0.
const DefaultMaxLineBytes = 1 << 20

// ReadOptions control how puzzles are read. The zero value infers everything.
type ReadOptions struct {
	// Shape fixes the box shape of every puzzle. Zero infers each puzzle's
	// size from its cell count (81 -> 3x3, 36 -> 2x3, 256 -> 4x4). The
	// shape without boxes of a prime size (see RegionShape) reads the
	// cells of jigsaws whose regions the caller then gives.
	Shape grid.Shape
	// Alphabet gives the symbols of the digits. Nil takes DefaultAlphabet(N)
	// of each puzzle.
	Alphabet *grid.Alphabet
	// MaxLineBytes bounds the length of a line (and of one JSON value). A
	// longer line is one bad record. 0 means DefaultMaxLineBytes.
	MaxLineBytes int
}

// Record is one puzzle read from the input, or one malformed record.
type Record struct {
	Index int       // 0-based position of the record in the input, bad records included
	Line  int       // 1-based line where it starts
	Text  string    // the puzzle as read, on one line, cut to at most 200 bytes
	Grid  grid.Grid // when Err == nil
	Err   error     // a *ParseError when the record is malformed
	// Solution is the puzzle's own solution, when its data came with one
	// (see readSolution): N*N digits, row-major; nil otherwise.
	Solution []uint8

	col0  int     // column of cell 0 when the cells sit side by side on Line
	cols  []int32 // column of every cell, when they do not
	lines []int32 // line of every row, for grids written over several lines
}

// Where returns the 1-based line and column of cell i (row-major) in the
// input, for error messages such as clashing givens found later; (r.Line, 0)
// when unknown (JSON input).
func (r Record) Where(cell int) (line, col int) {
	if cell < 0 || cell >= len(r.Grid.Cells) {
		return r.Line, 0
	}
	line = r.Line
	if n := r.Grid.N(); r.lines != nil && n > 0 && cell/n < len(r.lines) {
		line = int(r.lines[cell/n])
	}
	switch {
	case cell < len(r.cols):
		return line, int(r.cols[cell])
	case r.col0 > 0:
		return line, r.col0 + cell
	}
	return line, 0
}

// Reader reads puzzles one record at a time from text or JSON input.
//
// The format is detected once per input: JSON when the first byte that is
// not white space is '{', or '[' followed by anything but a letter (so that
// a "[Puzzle]" header is text); text otherwise.
//
// Text input holds puzzles one per line (N*N symbols; '.', '*', '0' and
// 'X' for an empty cell unless the alphabet makes them digits, as in .sdm
// files) or spread over N lines of N symbols (.sdk, Simple Sudoku .ss,
// grids pasted from web pages). Within a line, the characters space, tab,
// '|', '-', '+', '=', ',', ';' and the Unicode box-drawing characters only
// separate cells ('*' too, next to '-', '=' or '+', as in "*-----*"); a line
// made of nothing else is skipped. Lines starting with '#' are comments, and
// so is the rest of a line from a '#' after white space. A line "[Name]"
// starts a section; the lines of a "[State]" section (a saved game in
// progress) and of a "[Solution]" section are skipped, and so is the grid
// after a comment "# solution ...", up to the next blank line. A blank line
// ends a grid written over several lines.
//
// A line can hold other things than the puzzle, which are skipped: words
// around it such as the id and rating of the Sudoku Exchange puzzle bank
// ("0000183b305c 0507... 1.2"); fields separated by tabs, commas or
// semicolons (TSV and CSV, with the puzzle in the column a header names
// "puzzle", "quizzes" or the like, else in the first field that is a whole
// puzzle, so a solution after it is skipped); and HoDoKu's
// ":0000:x:<puzzle>:::". A line whose puzzle does not read gets the
// problem with that puzzle, not with the whole line.
//
// A line whose cell count is N*N for a supported N is one puzzle; otherwise
// lines of N cells accumulate until N of them make a grid. So without a
// Shape, a line of 16 symbols is a 4x4 puzzle, never the row of a 16x16
// grid, unless the line starts with '|' as the rows of a pretty-printed grid
// do; ReadOptions.Shape settles it. For grids over several lines, the box
// shape is taken from the '|' between cells of the first row and from the
// separator line after the first band, when there are such; otherwise it is
// the default shape of the size (ShapeOf).
//
// A line of text input that starts with '{', or with '[' followed by
// anything but a letter, is read as one JSON value, as in JSON Lines (see
// below).
//
// JSON input holds an array of N rows of N numbers (0 for empty), an array
// of such arrays, a stream of either (JSON Lines), or objects with a
// "puzzle" field holding a one-line string or rows (and an optional "box"
// field such as "2x3"); arrays of objects or strings are read too. Other
// fields are ignored. A JSON syntax error is one bad record; reading resumes
// on the next line, or, inside a top-level array, ends there. JSON input
// gives no column for a cell: Record.Where reports the line of the value.
//
// Problems with a puzzle are not errors of Read: they come back as records
// with Err set, and reading goes on with the next puzzle.
type Reader struct {
	br      *bufio.Reader
	name    string
	opts    ReadOptions
	maxLine int

	started bool
	js      *jsonReader
	jl      *jsonReader // for JSON objects on lines of text input
	line    int         // number of the last line read
	index   int
	queue   []Record
	head    int
	err     error // returned once the queue is empty

	long     []byte  // a line longer than the bufio buffer
	cellCols []int32 // 1-based column of each cell of the current line
	bars     []int   // cell counts at which a '|' appears in the current line
	section  bool    // inside a section whose lines are skipped
	skip     skip    // a grid marked as a solution, being skipped
	columns  header  // the columns a CSV or TSV header named
	fields   []span  // the fields of the current line
	scratch  []uint8 // cells of a field tried as a puzzle
	acc      accum
	alpha    [grid.MaxN + 1]*grid.Alphabet
}

// accum is a grid being read over several lines.
type accum struct {
	active    bool
	n         int // row length
	startLine int
	startCol  int
	rows      int
	cells     []uint8
	cols      []int32
	lines     []int32
	text      []byte
	err       error // the first problem found, a *ParseError
	barCols   int   // box width seen in the first row, 0 when none
	sepRows   int   // rows before the first separator line, 0 when none
}

// NewReader returns a Reader that reads puzzles from r. Name is used in
// error messages; it may be "".
func NewReader(r io.Reader, name string, opts ReadOptions) *Reader {
	return newReader(r, name, opts, 64<<10)
}

// newReader is NewReader with a buffer of size bytes.
func newReader(r io.Reader, name string, opts ReadOptions, size int) *Reader {
	max := opts.MaxLineBytes
	if max <= 0 {
		max = DefaultMaxLineBytes
	}
	return &Reader{
		br:      bufio.NewReaderSize(r, size),
		name:    name,
		opts:    opts,
		maxLine: max,
	}
}

// Read returns the next record; io.EOF after the last. Any other error is
// final: an I/O error of the underlying reader, returned as it is, or an
// unsupported ReadOptions.Shape. A malformed puzzle is not an error of Read:
// it comes back as a Record with Err set (a *ParseError), and reading goes
// on with the next puzzle.
func (r *Reader) Read() (Record, error) {
	for {
		if r.head < len(r.queue) {
			rec := r.queue[r.head]
			r.queue[r.head] = Record{}
			r.head++
			rec.Index = r.index
			r.index++
			return rec, nil
		}
		r.queue, r.head = r.queue[:0], 0
		if r.err != nil {
			return Record{}, r.err
		}
		if !r.started {
			r.start()
			continue
		}
		if r.js != nil {
			r.js.step()
		} else {
			r.textStep()
		}
	}
}

// start skips a byte order mark and chooses between text and JSON.
func (r *Reader) start() {
	r.started = true
	if s := r.opts.Shape; s != (grid.Shape{}) {
		// a shape without boxes reads the cells of jigsaws whose regions
		// the caller gives
		if err := s.Validate(); err != nil && !(s.Boxless() && errors.Is(err, grid.ErrNoBoxes)) {
			r.err = fmt.Errorf("read options: %w", err)
			return
		}
	}
	if b, _ := r.br.Peek(3); bytes.Equal(b, []byte("\xef\xbb\xbf")) {
		r.br.Discard(3)
	}
	first := -1 // index of the first byte that is not white space
	for i := 0; i < r.br.Size(); i++ {
		b, _ := r.br.Peek(i + 1)
		if len(b) <= i {
			break
		}
		if !isSpace(b[i]) {
			first = i
			break
		}
	}
	if first < 0 {
		return
	}
	b, _ := r.br.Peek(first + 1)
	switch b[first] {
	case '{':
		r.js = newJSONReader(r)
	case '[':
		for i := first + 1; i < r.br.Size(); i++ {
			b, _ := r.br.Peek(i + 1)
			if len(b) <= i {
				break
			}
			if isSpace(b[i]) {
				continue
			}
			if c := b[i] | 0x20; c < 'a' || c > 'z' {
				r.js = newJSONReader(r)
			}
			break
		}
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// fail ends reading with an I/O error of the underlying reader, returned
// as it is, as encoding/csv does.
func (r *Reader) fail(err error) { r.err = err }

func (r *Reader) parseError(line, col int, err error) *grid.ParseError {
	return &grid.ParseError{File: r.name, Line: line, Column: col, Err: err}
}

func (r *Reader) push(rec Record) { r.queue = append(r.queue, rec) }

func (r *Reader) pushBad(line int, text string, err *grid.ParseError) {
	r.push(Record{Line: line, Text: text, Err: err})
}

// readLine returns the next line without its line ending. tooLong reports a
// line past the limit, of which only the start is returned.
func (r *Reader) readLine() (line []byte, tooLong bool, err error) {
	b, err := r.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		r.long = append(r.long[:0], b...)
		for err == bufio.ErrBufferFull {
			b, err = r.br.ReadSlice('\n')
			if !tooLong {
				if len(r.long)+len(b) > r.maxLine+2 {
					tooLong = true
					b = b[:min(len(b), r.maxLine+2-len(r.long))]
				}
				r.long = r.grow(len(b))
				r.long = append(r.long, b...)
			}
		}
		b = r.long
	}
	if err != nil && (err != io.EOF || len(b) == 0) {
		return nil, false, err
	}
	r.line++
	b = bytes.TrimSuffix(b, []byte("\n"))
	b = bytes.TrimSuffix(b, []byte("\r"))
	if len(b) > r.maxLine {
		tooLong = true
	}
	return b, tooLong, nil
}

// grow makes room for n more bytes in r.long, doubling its capacity up to
// the longest line kept.
func (r *Reader) grow(n int) []byte {
	need := len(r.long) + n
	if need <= cap(r.long) {
		return r.long
	}
	c := max(2*cap(r.long), need)
	if c >= r.maxLine {
		c = r.maxLine + 2
	}
	b := make([]byte, len(r.long), max(c, need))
	copy(b, r.long)
	return b
}

// jsonLine queues the record of a JSON object on one line of text input.
func (r *Reader) jsonLine(lineNo int, line []byte, lead int) {
	text := line[lead:]
	if r.jl == nil {
		r.jl = &jsonReader{r: r}
	}
	if err := json.Unmarshal(text, new(json.RawMessage)); err != nil {
		col := lead + 1
		var se *json.SyntaxError
		if errors.As(err, &se) {
			col = lead + int(max(se.Offset, 1))
		}
		t := grid.CutText(text)
		if !utf8.Valid(text) {
			t = quoteText(text)
		}
		msg, ok := grid.JSONSyntax(err)
		if !ok {
			msg = err.Error()
		}
		r.pushBad(lineNo, t, r.parseError(lineNo, col, grid.Problemf(grid.ErrJSON, "invalid JSON: %s", msg)))
		return
	}
	r.push(r.jl.element(text, lineNo, lead+1))
}

// binary queues a bad record for a line that is not text.
func (r *Reader) binary(lineNo, col int, raw []byte, what string) {
	r.endGrid()
	r.pushBad(lineNo, quoteText(raw), r.parseError(lineNo, col,
		grid.Problemf(grid.ErrBinary, "binary data (%s), not text", what)))
}

// oneLine reports whether count cells make a whole puzzle.
func (r *Reader) oneLine(count int, leadBar bool) bool {
	if r.opts.Shape != (grid.Shape{}) {
		return count == r.opts.Shape.Cells()
	}
	if count >= len(shapeByCells) || shapeByCells[count] == (grid.Shape{}) {
		return false
	}
	// A bordered row such as "| 1 2 3 4 | ... |" of a 16x16 grid.
	return !(leadBar && r.rowLength(count))
}

// rowLength reports whether count cells make a row of a supported grid.
func (r *Reader) rowLength(count int) bool {
	if r.opts.Shape != (grid.Shape{}) {
		return count == r.opts.Shape.N()
	}
	if count < grid.MinN || count > grid.MaxN {
		return false
	}
	_, err := grid.ShapeOf(count)
	return err == nil
}

// shapeByCells maps a cell count to its default shape, zero when none.
var shapeByCells = func() []grid.Shape {
	t := make([]grid.Shape, grid.MaxN*grid.MaxN+1)
	for n := grid.MinN; n <= grid.MaxN; n++ {
		if s, err := grid.ShapeOf(n); err == nil {
			t[n*n] = s
		}
	}
	return t
}()

// lengthProblem describes a line whose cell count fits no puzzle.
func (r *Reader) lengthProblem(count int) error {
	if s := r.opts.Shape; s != (grid.Shape{}) {
		n := s.N()
		return grid.Problemf(grid.ErrLength, "%d cells, want %d (%dx%d) or %d per row", count, n*n, n, n, n)
	}
	lo, hi := 0, 0
	for n := grid.MinN; n <= grid.MaxN; n++ {
		if shapeByCells[n*n] == (grid.Shape{}) {
			continue
		}
		if n*n < count {
			lo = n
		} else if hi == 0 {
			hi = n
		}
	}
	if n := grid.Isqrt(count); n*n == count && grid.BoxlessSize(n) {
		return fmt.Errorf("%d cells: %w", count, grid.BoxlessError(n))
	}
	switch {
	case count < grid.MinN*grid.MinN:
		if grid.BoxlessSize(count) {
			return fmt.Errorf("%d cells, a row: %w", count, grid.BoxlessError(count))
		}
		return grid.Problemf(grid.ErrLength, "%d cells, want %d (%dx%d) or more", count, hi*hi, hi, hi)
	case hi == 0:
		return grid.Problemf(grid.ErrLength, "%d cells, want at most %d (%dx%d)", count, lo*lo, lo, lo)
	}
	return grid.Problemf(grid.ErrLength, "%d cells, want %d (%dx%d) or %d (%dx%d)", count, lo*lo, lo, lo, hi*hi, hi, hi)
}

// alphabet returns the alphabet for size n.
func (r *Reader) alphabet(n int) *grid.Alphabet {
	if r.opts.Alphabet != nil {
		return r.opts.Alphabet
	}
	if r.alpha[n] == nil {
		a := grid.DefaultAlphabet(n)
		r.alpha[n] = &a
	}
	return r.alpha[n]
}

// decode fills dst with the digits of the cells of line at cols (1-based).
// It returns the column of the first bad symbol and the problem.
func (r *Reader) decode(dst []uint8, line []byte, cols []int32, n int) (int, error) {
	a := r.alphabet(n)
	for k, col := range cols {
		c := line[col-1]
		d, ok := a.Digit(c)
		if !ok || d > n {
			return int(col), symbolProblem(line[col-1:], n)
		}
		dst[k] = uint8(d)
	}
	return 0, nil
}

func symbolProblem(b []byte, n int) error {
	ru, _ := utf8.DecodeRune(b)
	return grid.Problemf(grid.ErrSymbol, "symbol %q is not a digit of a %dx%d grid", ru, n, n)
}

// onePuzzle queues the record of a puzzle written on one line, whose cells
// are at r.cellCols, within line[from:to].
func (r *Reader) onePuzzle(lineNo int, line []byte, from, to int) {
	cols := r.cellCols
	count := len(cols)
	shape := r.opts.Shape
	if shape == (grid.Shape{}) {
		shape = shapeByCells[count]
	}
	text := grid.CutText(bytes.TrimSpace(line[from:to]))
	cells := make([]uint8, count)
	if col, err := r.decode(cells, line, cols, shape.N()); err != nil {
		r.pushBad(lineNo, text, r.parseError(lineNo, col, err))
		return
	}
	rec := Record{Line: lineNo, Text: text, Grid: grid.Grid{Shape: shape, Cells: cells}}
	if int(cols[count-1]-cols[0]) == count-1 {
		rec.col0 = int(cols[0])
	} else {
		rec.cols = append([]int32(nil), cols...)
	}
	r.push(rec)
}

// startGrid begins a grid written over several lines with its first row.
func (r *Reader) startGrid(lineNo int, line []byte, n int) {
	// A first row with a bad symbol is more likely a stray line, such as a
	// title, than the start of a grid: report it alone.
	a := r.alphabet(n)
	for _, col := range r.cellCols {
		if d, ok := a.Digit(line[col-1]); !ok || d > n {
			r.pushBad(lineNo, grid.CutText(bytes.TrimLeft(line, " \t")),
				r.parseError(lineNo, int(col), symbolProblem(line[col-1:], n)))
			return
		}
	}
	acc := &r.acc
	*acc = accum{
		active:    true,
		n:         n,
		startLine: lineNo,
		startCol:  int(r.cellCols[0]),
		cells:     make([]uint8, n*n),
		cols:      make([]int32, n*n),
		lines:     make([]int32, n),
		text:      acc.text[:0],
	}
	// Box width from the bars between cells of the first row.
	for _, at := range r.bars {
		if at <= 0 || at >= n {
			continue
		}
		if acc.barCols == 0 {
			acc.barCols = at
		} else if at%acc.barCols != 0 {
			acc.barCols = -1
		}
	}
	r.addRow(lineNo, line)
}

// addRow adds the current line as the next row of the grid being read.
func (r *Reader) addRow(lineNo int, line []byte) {
	acc := &r.acc
	row := acc.rows
	acc.rows++
	acc.lines[row] = int32(lineNo)
	for _, col := range r.cellCols {
		ru, _ := utf8.DecodeRune(line[col-1:])
		acc.text = utf8.AppendRune(acc.text, ru)
	}
	if acc.err == nil {
		n := acc.n
		if len(r.cellCols) != n {
			acc.err = r.parseError(lineNo, int(r.cellCols[0]),
				grid.Problemf(grid.ErrLength, "row %d has %d cells, want %d", row+1, len(r.cellCols), n))
		} else {
			copy(acc.cols[row*n:], r.cellCols)
			if col, err := r.decode(acc.cells[row*n:(row+1)*n], line, r.cellCols, n); err != nil {
				acc.err = r.parseError(lineNo, col, err)
			}
		}
	}
	if acc.rows == acc.n {
		r.endGrid()
	}
}

// endGrid queues the grid being read, if any: complete, or cut short.
func (r *Reader) endGrid() {
	acc := &r.acc
	if !acc.active {
		return
	}
	acc.active = false
	text := grid.CutText(acc.text)
	if acc.err == nil && acc.rows < acc.n {
		var err error = grid.Problemf(grid.ErrShortGrid, "grid cut short after %d of %d rows", acc.rows, acc.n)
		if k := grid.Isqrt(acc.n); acc.rows == 1 && k*k == acc.n && grid.BoxlessSize(k) {
			// one line of 25 cells is a 5x5 grid, not a row of a 25x25
			err = fmt.Errorf("%d cells: %w", acc.n, grid.BoxlessError(k))
		}
		acc.err = r.parseError(acc.startLine, acc.startCol, err)
	}
	if acc.err != nil {
		r.push(Record{Line: acc.startLine, Text: text, Err: acc.err})
		return
	}
	r.push(Record{
		Line:  acc.startLine,
		Text:  text,
		Grid:  grid.Grid{Shape: r.gridShape(), Cells: acc.cells},
		cols:  acc.cols,
		lines: acc.lines,
	})
}

// gridShape returns the shape of the complete grid being read: the option,
// else what its separators show, else the default.
func (r *Reader) gridShape() grid.Shape {
	if r.opts.Shape != (grid.Shape{}) {
		return r.opts.Shape
	}
	acc := &r.acc
	n := acc.n
	var s grid.Shape
	switch c, rows := acc.barCols, acc.sepRows; {
	case c > 0 && rows > 0:
		s = grid.Shape{BoxRows: rows, BoxCols: c}
	case c > 0 && n%c == 0:
		s = grid.Shape{BoxRows: n / c, BoxCols: c}
	case rows > 0 && n%rows == 0:
		s = grid.Shape{BoxRows: rows, BoxCols: n / rows}
	}
	if s.N() == n && s.Validate() == nil {
		return s
	}
	s, _ = grid.ShapeOf(n)
	return s
}

// quoteText returns the start of a line that is not plain text as a Go
// quoted string, so that no raw control bytes reach a terminal.
func quoteText(b []byte) string {
	n := min(len(b), grid.MaxText)
	for {
		q := strconv.Quote(string(b[:n]))
		if n == len(b) && len(q) <= grid.MaxText {
			return q
		}
		if len(q) <= grid.MaxText-3 {
			return q + "..."
		}
		n = min(n-1, n*(grid.MaxText-3)/len(q))
	}
}

// Parse reads exactly one puzzle from s, in any format NewReader reads; an
// error when s holds none or several.
func Parse(s string) (grid.Grid, error) {
	return ParseWith(s, ReadOptions{})
}

// ParseWith is Parse with options.
func ParseWith(s string, opts ReadOptions) (grid.Grid, error) {
	// the whole text fits in the buffer, which need be no larger
	rd := newReader(strings.NewReader(s), "", opts, min(len(s)+1, 64<<10))
	rec, err := rd.Read()
	if err == io.EOF {
		return grid.Grid{}, grid.ErrNoPuzzle
	}
	if err != nil {
		return grid.Grid{}, err
	}
	if rec.Err != nil {
		return grid.Grid{}, rec.Err
	}
	switch next, err := rd.Read(); {
	case err == nil:
		return grid.Grid{}, fmt.Errorf("%w: another starts on line %d", grid.ErrManyPuzzles, next.Line)
	case err != io.EOF:
		return grid.Grid{}, err
	}
	return rec.Grid, nil
}
