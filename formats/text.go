package formats

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/sudokugen/sudokugen/grid"
)

// Byte classes of text input.
const (
	cCell = iota
	cSpace
	cSep
	cBar
	cCtrl
	cHigh
)

var class = func() (t [256]uint8) {
	for i := range t {
		switch {
		case i < ' ' || i == 0x7f:
			t[i] = cCtrl
		case i >= 0x80:
			t[i] = cHigh
		}
	}
	t[' '], t['\t'] = cSpace, cSpace
	t['-'], t['+'], t['='], t[','], t[';'] = cSep, cSep, cSep, cSep, cSep
	t['|'] = cBar
	return t
}()

// span is the part line[from:to] of a line.
type span struct{ from, to int }

// skip follows a grid marked by a "# solution" comment, which is not a
// puzzle: its lines are skipped up to the end of that one grid, a blank
// line or another comment.
type skip struct {
	on   bool // a "# solution" comment was read
	seen bool // and lines of its grid since
	rows int  // rows of the grid skipped so far
}

// header is what a CSV or TSV header line said: the column of the puzzles.
type header struct {
	sep byte // ',', ';' or '\t'; 0 when no header was read
	col int
}

// puzzleColumns are the header names of a column of puzzles, as written by
// qqwing ("Puzzle"), Kaggle's sets ("quizzes", "puzzle") and others.
var puzzleColumns = []string{"puzzle", "puzzles", "quiz", "quizzes", "sudoku", "sudokus", "grid", "question", "problem", "board"}

// textStep reads one line of text input and queues what it completes.
func (r *Reader) textStep() {
	raw, ok := r.textLine()
	if !ok {
		return
	}
	line := bytes.TrimRight(raw, " \t\r")
	lead := 0
	for lead < len(line) && (line[lead] == ' ' || line[lead] == '\t') {
		lead++
	}
	switch {
	case lead == len(line):
		r.endGrid()
		if r.skip.seen {
			r.skip = skip{}
		}
	case r.directive(line, lead):
	case r.section:
	case r.skip.on:
		r.skipLine(cutComment(line, lead), lead)
	default:
		r.cellLine(raw, cutComment(line, lead), lead)
	}
}

// textLine returns the next line, or false when there is none to look at:
// at the end, after an I/O error, or when the line is too long, which is
// queued as a bad record.
func (r *Reader) textLine() ([]byte, bool) {
	raw, tooLong, err := r.readLine()
	if err != nil {
		r.endGrid()
		r.err = err // io.EOF, or an I/O error returned as it is
		return nil, false
	}
	if tooLong {
		r.endGrid()
		r.pushBad(r.line, quoteText(raw), r.parseError(r.line, r.maxLine+1,
			grid.Problemf(grid.ErrTooLong, "line longer than %d bytes", r.maxLine)))
		return nil, false
	}
	return raw, true
}

// directive handles a line that holds no cells: a comment, a section
// header such as "[Puzzle]", or a JSON value. It reports whether the line
// was one.
func (r *Reader) directive(line []byte, lead int) bool {
	switch line[lead] {
	case '#':
		r.comment(line[lead+1:])
		return true
	case '{':
		return r.jsonValue(line, lead)
	case 'h', 'N':
		return r.link(line, lead)
	case '[':
		inner := bytes.TrimLeft(line[lead+1:], " \t")
		if len(inner) == 0 || !isLetter(inner[0]) {
			return r.jsonValue(line, lead)
		}
		if line[len(line)-1] != ']' {
			return false
		}
		r.endGrid()
		r.skip = skip{}
		name := strings.ToLower(strings.TrimSpace(string(line[lead+1 : len(line)-1])))
		r.section = name == "state" || strings.HasPrefix(name, "solution")
		return true
	}
	return false
}

// link reads a line that holds an f-puzzles or SudokuPad link (or the
// bare compressed data of one) as one puzzle; false when it holds none.
func (r *Reader) link(line []byte, lead int) bool {
	if r.section || r.skip.on {
		return false
	}
	text := string(line[lead:])
	if k := strings.IndexAny(text, " \t"); k >= 0 {
		text = text[:k]
	}
	var g grid.Grid
	var sol []uint8
	_, err := fpuzzlesData(text)
	switch {
	case errors.Is(err, errNoLink):
		return false
	case err == nil:
		g, sol, err = parseFPuzzlesLink(context.Background(), text)
	}
	if err != nil && !strings.HasPrefix(text, "http") {
		return false // not data after all: a line of cells that starts alike
	}
	r.endGrid()
	if err != nil {
		r.pushBad(r.line, grid.CutText([]byte(text)), r.parseError(r.line, lead+1, err))
		return true
	}
	if s := r.opts.Shape; s != (grid.Shape{}) && s.N() != g.N() {
		r.pushBad(r.line, grid.CutText([]byte(text)), r.parseError(r.line, lead+1,
			grid.Problemf(grid.ErrLength, "f-puzzles grid of size %d, want %d", g.N(), s.N())))
		return true
	}
	r.push(Record{Line: r.line, Text: grid.CutText([]byte(text)), Grid: g, Solution: sol})
	return true
}

func isLetter(c byte) bool { c |= 0x20; return c >= 'a' && c <= 'z' }

// comment reads a comment line. "# solution ..." marks the grid after it
// as a solution, as TextWriter writes them; any other comment ends the
// solution being skipped.
func (r *Reader) comment(text []byte) {
	if r.skip.seen {
		r.skip = skip{}
	}
	t := bytes.TrimLeft(text, " \t")
	if len(t) >= 8 && strings.EqualFold(string(t[:8]), "solution") {
		r.endGrid()
		r.skip = skip{on: true}
	}
}

// skipLine skips a line of the grid after "# solution": the whole grid
// when the line holds one, else a row of it, until it has them all.
func (r *Reader) skipLine(line []byte, lead int) {
	r.skip.seen = true
	leadBar, _, _ := r.scan(line, span{lead, len(line)})
	switch count := len(r.cellCols); {
	case count == 0: // a line of separators
	case r.oneLine(count, leadBar):
		r.skip = skip{}
	case r.rowLength(count):
		r.skip.rows++
		if r.skip.rows == count {
			r.skip = skip{}
		}
	}
}

// jsonValue reads a line that starts like JSON, unless it is in a section
// that is skipped.
func (r *Reader) jsonValue(line []byte, lead int) bool {
	if r.section || r.skip.on {
		return false
	}
	r.endGrid()
	r.jsonLine(r.line, line, lead)
	return true
}

// cutComment drops a comment at the end of a line: from a '#' after white
// space, as in "53..7.... #1 Easy (1.2)".
func cutComment(line []byte, lead int) []byte {
	for i := lead + 1; i < len(line); i++ {
		if line[i] == '#' && (line[i-1] == ' ' || line[i-1] == '\t') {
			return bytes.TrimRight(line[:i], " \t")
		}
	}
	return line
}

// cellLine reads a line of cells: a puzzle, a row of a grid written over
// several lines, or a line of fields one of which is a puzzle.
func (r *Reader) cellLine(raw, line []byte, lead int) {
	lineNo := r.line
	whole := span{lead, len(line)}
	sp, ok := r.pick(line, whole)
	if !ok {
		return
	}
	leadBar, bad, what := r.scan(line, sp)
	if bad > 0 {
		r.binary(lineNo, bad, raw, what)
		return
	}
	count := len(r.cellCols)
	if count == 0 { // a line of separators
		if r.acc.active && r.acc.sepRows == 0 && r.acc.rows > 0 {
			r.acc.sepRows = r.acc.rows
		}
		return
	}
	if r.acc.active {
		if count == r.acc.n || !r.oneLine(count, leadBar) {
			r.addRow(lineNo, line) // a bad row still takes its place
			return
		}
		r.endGrid()
	}
	switch {
	case r.oneLine(count, leadBar):
		r.onePuzzle(lineNo, line, sp.from, sp.to)
	case sp == whole && r.rowLength(count):
		r.startGrid(lineNo, line, count)
	case sp == whole && r.words(line, sp):
	default:
		r.lengthError(line, sp)
	}
}

// lengthError queues a bad record for the cells of line[sp.from:sp.to],
// whose count fits no puzzle. When they are one field of several, the
// message says which, since the line's other fields are not counted.
func (r *Reader) lengthError(line []byte, sp span) {
	r.scan(line, sp)
	col := sp.from + 1
	if len(r.cellCols) > 0 {
		col = int(r.cellCols[0])
	}
	err := r.lengthProblem(len(r.cellCols))
	if k := slices.Index(r.fields, sp); k >= 0 && len(r.fields) > 1 {
		err = grid.Problemf(grid.ErrLength, "the puzzle in field %d of %d has %v", k+1, len(r.fields), err)
	}
	r.pushBad(r.line, grid.CutText(bytes.TrimSpace(line[sp.from:sp.to])), r.parseError(r.line, col, err))
}

// words reads a line of words separated by white space one of which is the
// puzzle, such as the Sudoku Exchange bank's "id puzzle rating" or a puzzle
// and its rating. It reports whether it queued a record: the first word
// that is a whole puzzle, or, when the line has no such word but exactly
// one long word, the problem with that word.
func (r *Reader) words(line []byte, sp span) bool {
	words := r.split(line, sp, ' ')
	if len(words) < 2 {
		return false
	}
	w, ok := r.fitting(line, words)
	if !ok {
		long := 0
		for _, f := range words {
			if cellCount(line[f.from:f.to]) >= grid.MinN*grid.MinN {
				w = f
				long++
			}
		}
		if long != 1 {
			return false
		}
	}
	leadBar, bad, _ := r.scan(line, w)
	if bad == 0 && r.oneLine(len(r.cellCols), leadBar) {
		r.onePuzzle(r.line, line, w.from, w.to)
	} else {
		r.lengthError(line, w)
	}
	return true
}

// pick returns the part of a line that holds its cells, false for a header
// line, which is read and holds none. That is the whole line, but for
// HoDoKu's ":0000:x:<puzzle>:::" lines and for fields separated by commas
// tabs or semicolons (tabs first) of which one is long enough to be a
// puzzle (CSV and TSV files).
func (r *Reader) pick(line []byte, whole span) (span, bool) {
	r.fields = r.fields[:0]
	if line[whole.from] == ':' {
		if fields := r.split(line, whole, ':'); len(fields) >= 4 {
			return fields[3], true
		}
		return whole, true
	}
	var sep byte
	switch rest := line[whole.from:]; {
	case bytes.IndexByte(rest, '\t') >= 0:
		sep = '\t'
	case bytes.IndexByte(rest, ',') >= 0:
		sep = ','
	case bytes.IndexByte(rest, ';') >= 0:
		sep = ';'
	default:
		return whole, true
	}
	fields := r.split(line, whole, sep)
	if r.header(line, fields, sep) {
		return span{}, false
	}
	if r.columns.sep == sep && r.columns.col < len(fields) {
		return fields[r.columns.col], true
	}
	return r.puzzleField(line, fields, whole), true
}

// puzzleField returns the field of a line without a header that holds the
// puzzle: the first that reads as one, else the first long field that is
// not words, else the whole line (digits separated by commas, a row).
func (r *Reader) puzzleField(line []byte, fields []span, whole span) span {
	if f, ok := r.fitting(line, fields); ok {
		return f
	}
	for _, f := range fields {
		b := line[f.from:f.to]
		if cellCount(b) >= grid.MinN*grid.MinN && !bytes.ContainsAny(b, " \t") {
			return f
		}
	}
	return whole
}

// header reads a CSV or TSV header line such as "puzzle,solution": every
// field a name, one of them a column of puzzles. It reports whether the
// line was one.
func (r *Reader) header(line []byte, fields []span, sep byte) bool {
	col := -1
	for i, f := range fields {
		name := line[f.from:f.to]
		if !isName(name) {
			return false
		}
		if col < 0 && slices.Contains(puzzleColumns, strings.ToLower(string(name))) {
			col = i
		}
	}
	if col < 0 {
		return r.badHeader(line, fields)
	}
	r.endGrid()
	r.columns = header{sep: sep, col: col}
	return true
}

// badHeader queues a bad record for a line of two or more names, at least
// one longer than a symbol, none of them a column of puzzles: a header
// this reader cannot use. It reports whether the line was one.
func (r *Reader) badHeader(line []byte, fields []span) bool {
	long := false
	for _, f := range fields {
		long = long || f.to-f.from > 1
	}
	if len(fields) < 2 || !long {
		return false
	}
	if _, ok := r.fitting(line, fields); ok {
		return false
	}
	r.endGrid()
	r.pushBad(r.line, grid.CutText(bytes.TrimSpace(line)), r.parseError(r.line, fields[0].from+1,
		grid.Problemf(grid.ErrNoPuzzle, "a header line with no column of puzzles (want one named puzzle, quizzes, sudoku or grid)")))
	return true
}

// isName reports whether b can be a column name: empty, or a letter
// followed by letters, digits, '_', '-' and spaces; one as long as a puzzle
// must hold one of the last three.
func isName(b []byte) bool {
	if len(b) == 0 {
		return true
	}
	if !isLetter(b[0]) || (len(b) >= grid.MinN*grid.MinN && !bytes.ContainsAny(b, "_- ")) {
		return false
	}
	for _, c := range b {
		if !isLetter(c) && (c < '0' || c > '9') && c != '_' && c != '-' && c != ' ' {
			return false
		}
	}
	return true
}

// split returns the fields of line[sp.from:sp.to] separated by sep (' '
// for runs of white space), each without the white space and the double
// quotes around it unless '"' is a digit. The slice is reused by the next
// call.
func (r *Reader) split(line []byte, sp span, sep byte) []span {
	fields := r.fields[:0]
	quotes := r.opts.Alphabet == nil || strings.IndexByte(r.opts.Alphabet.String(), '"') < 0
	for i := sp.from; i <= sp.to; {
		j := i
		for j < sp.to && line[j] != sep && !(sep == ' ' && line[j] == '\t') {
			j++
		}
		f := trimField(line, span{i, j}, quotes)
		if sep != ' ' || f.to > f.from {
			fields = append(fields, f)
		}
		i = j + 1
	}
	r.fields = fields
	return fields
}

// trimField drops the white space around a field, and the double quotes
// when quotes is true.
func trimField(line []byte, f span, quotes bool) span {
	for f.from < f.to && (line[f.from] == ' ' || line[f.from] == '\t') {
		f.from++
	}
	for f.to > f.from && (line[f.to-1] == ' ' || line[f.to-1] == '\t') {
		f.to--
	}
	if quotes && f.to-f.from >= 2 && line[f.from] == '"' && line[f.to-1] == '"' {
		f.from++
		f.to--
	}
	return f
}

// cellCount returns about how many cells b holds, for choosing a field.
func cellCount(b []byte) int {
	n := 0
	for i := 0; i < len(b); {
		k, size := class[b[i]], 1
		if k == cHigh {
			k, size = wide(b[i:])
		}
		if k == cCell {
			n++
		}
		i += size
	}
	return n
}

// fitting returns the first field that reads as a whole puzzle.
func (r *Reader) fitting(line []byte, fields []span) (span, bool) {
	for _, f := range fields {
		if f.to-f.from < grid.MinN*grid.MinN {
			continue
		}
		leadBar, bad, _ := r.scan(line, f)
		if bad > 0 || !r.oneLine(len(r.cellCols), leadBar) {
			continue
		}
		count := len(r.cellCols)
		shape := r.opts.Shape
		if shape == (grid.Shape{}) {
			shape = shapeByCells[count]
		}
		r.scratch = slices.Grow(r.scratch[:0], count)[:count]
		if _, err := r.decode(r.scratch, line, r.cellCols, shape.N()); err == nil {
			return f, true
		}
	}
	return span{}, false
}

// scan finds the cells of line[sp.from:sp.to]: their 1-based columns go to
// r.cellCols, and the cell counts at which a bar such as '|' stands to
// r.bars. leadBar reports a bar before the first cell. A byte that is not
// text gives its 1-based column as bad and says what it is.
func (r *Reader) scan(line []byte, sp span) (leadBar bool, bad int, what string) {
	cols := r.cellCols[:0]
	r.bars = r.bars[:0]
	for i := sp.from; i < sp.to; {
		k, size := class[line[i]], 1
		if k == cHigh {
			k, size = wide(line[i:sp.to])
		}
		switch {
		case k == cCell && line[i] == '*' && isCorner(line, sp, i):
		case k == cCell:
			cols = append(cols, int32(i+1))
		case k == cBar:
			leadBar = leadBar || len(cols) == 0
			r.bars = append(r.bars, len(cols))
		case k == cCtrl:
			if line[i] == '\r' { // a stray carriage return, as in "\r\r\n"
				break
			}
			r.cellCols = cols
			return leadBar, i + 1, notText(line[i:])
		}
		i += size
	}
	r.cellCols = cols
	return leadBar, 0, ""
}

// isCorner reports whether the '*' at line[i] is the corner of a border
// line, as in Simple Sudoku's "*-----------*", rather than an empty cell.
func isCorner(line []byte, sp span, i int) bool {
	rule := func(c byte) bool { return c == '-' || c == '=' || c == '+' }
	return (i > sp.from && rule(line[i-1])) || (i+1 < sp.to && rule(line[i+1]))
}

// wide returns the class and length of the character beyond ASCII at the
// start of b.
func wide(b []byte) (uint8, int) {
	ru, size := utf8.DecodeRune(b)
	switch {
	case ru == utf8.RuneError && size <= 1:
		return cCtrl, 1
	case ru == '\u00a0' || ru == '\u2007' || ru == '\u202f' || ru == '\u3000' || ru == '\ufeff':
		return cSpace, size
	case ru == '│' || ru == '┃' || ru == '║':
		return cBar, size
	case ru >= 0x2500 && ru <= 0x257f: // box drawing
		return cSep, size
	case ru < 0xa0: // C1 control characters
		return cCtrl, size
	}
	return cCell, size
}

// notText names the character at the start of b that is not text.
func notText(b []byte) string {
	if ru, size := utf8.DecodeRune(b); b[0] >= 0x80 && !(ru == utf8.RuneError && size <= 1) {
		return fmt.Sprintf("character %U", ru)
	}
	return fmt.Sprintf("byte %#02x", b[0])
}
