package output

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/lzstring"
)

// Format is a text format for puzzles. Every format but iss is read back
// by formats.NewReader (see ReadBack): line, sdm, grid and json with no options; sdk needs the
// shape (formats.ReadOptions.Shape) for sizes whose row length is also the
// cell count of a smaller grid (16x16 and 36x36) and for boxes that are not
// the default shape of their size (3x2 rather than 2x3). line and sdm need
// the shape for such boxes too.
type Format int

// The text formats.
const (
	// FormatLine writes one puzzle per line, '.' for an empty cell.
	FormatLine Format = iota + 1
	// FormatGrid writes each puzzle as a grid with box lines, for people:
	//
	//	+-------+-------+-------+
	//	| 5 3 . | . 7 . | . . . |
	//
	// and a blank line between puzzles. With solutions, a comment line
	// "# puzzle N" or "# solution N" heads each grid.
	FormatGrid
	// FormatSDM writes one puzzle per line, '0' for an empty cell (the
	// .sdm collection format), or '.' when the alphabet has a '0'.
	FormatSDM
	// FormatSDK writes N rows of N symbols, '.' for an empty cell, and a
	// blank line between puzzles (SadMan's .sdk format).
	FormatSDK
	// FormatJSON writes JSON Lines, one object per puzzle:
	//
	//	{"index":0,"box":"3x3","puzzle":"53..7....","rows":[[5,3,0,...],...]}
	//
	// with "solution" and "solution_rows" when solutions are asked for and
	// known. "puzzle" and "solution" are in the alphabet, "rows" hold
	// numbers with 0 for empty; "index" is the puzzle's Number less 1.
	FormatJSON
	// FormatFPuzzles writes one f-puzzles JSON object per line (see
	// formats.MarshalFPuzzles), with a "solution" array when solutions are
	// asked for: the format f-puzzles.com, SudokuPad and lisudoku read.
	FormatFPuzzles
	// FormatFPuzzlesURL writes one f-puzzles link per line (see
	// formats.FPuzzlesLink), which opens the puzzle in a browser.
	FormatFPuzzlesURL
	// FormatISS writes one constraint string of Interactive-Sudoku-Solver
	// per line (see formats.MarshalISS), which its page and its solver
	// read, with the solution after a tab, as line does, when solutions
	// are asked for (cut -f1 keeps the strings). A puzzle whose rules it
	// cannot state exactly, or above 16x16, is an error (grid.ErrISS).
	// It is written for ISS: formats.NewReader does not read it back.
	FormatISS
)

var formatNames = [...]string{
	FormatLine:        "line",
	FormatGrid:        "grid",
	FormatSDM:         "sdm",
	FormatSDK:         "sdk",
	FormatJSON:        "json",
	FormatFPuzzles:    "fpuzzles",
	FormatFPuzzlesURL: "fpuzzles-url",
	FormatISS:         "iss",
}

// Formats returns every text format, in the order of their names in help
// texts.
func Formats() []Format {
	return []Format{FormatLine, FormatGrid, FormatSDM, FormatSDK, FormatJSON, FormatFPuzzles, FormatFPuzzlesURL, FormatISS}
}

// ReadBack reports whether formats.NewReader reads the format back: every
// format does but iss, which is written for another program.
func (f Format) ReadBack() bool { return f != FormatISS }

// FormatNames returns the names of fs, in their order.
func FormatNames(fs []Format) []string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.String()
	}
	return names
}

// RulesFormats returns the text formats that hold the rules of a variant
// puzzle, in the order of Formats.
func RulesFormats() []Format {
	var out []Format
	for _, f := range Formats() {
		if f.HoldsRules() {
			out = append(out, f)
		}
	}
	return out
}

// HoldsRules reports whether the format writes the rules of a variant
// puzzle: json, fpuzzles, fpuzzles-url and iss do; the others write the
// cells alone, which would read back as a classic puzzle.
func (f Format) HoldsRules() bool {
	return f == FormatJSON || f == FormatFPuzzles || f == FormatFPuzzlesURL || f == FormatISS
}

// ErrRulesLost is the error of a TextWriter asked to write a variant
// puzzle in a format that cannot hold its rules.
var ErrRulesLost = errors.New("the format cannot hold the rules of a variant puzzle")

// String returns the name of the format, as ParseFormat takes it.
func (f Format) String() string {
	if f > 0 && int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// ErrFormat reports an unknown format name.
var ErrFormat = errors.New("unknown format")

// ParseFormat returns the format with the given name, in any case.
func ParseFormat(s string) (Format, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	for _, f := range Formats() {
		if f.String() == name {
			return f, nil
		}
	}
	return 0, fmt.Errorf("%w %q: want one of %s", ErrFormat, s, strings.Join(FormatNames(Formats()), ", "))
}

// TextOptions control a TextWriter. The zero value writes puzzles only, in
// the default alphabet of each size.
type TextOptions struct {
	// Solutions writes each puzzle's solution, when it has one, after the
	// puzzle, marked so that formats.NewReader and other readers skip it: after
	// a tab on the puzzle's line (line, sdm), as a "[Solution]" section
	// (sdk), as a grid headed "# solution N" (grid), and as the "solution"
	// field in JSON.
	Solutions bool
	// Alphabet gives the symbols of the digits; nil takes
	// grid.DefaultAlphabet of each size.
	Alphabet *grid.Alphabet
}

// TextWriter writes puzzles in a text format, one puzzle at a time. Call
// Flush at the end.
type TextWriter struct {
	w      *bufio.Writer
	format Format
	opts   TextOptions
	count  int // entries written
	buf    []byte
}

// NewTextWriter returns a writer of format f to w.
func NewTextWriter(w io.Writer, f Format, opts TextOptions) *TextWriter {
	return &TextWriter{w: bufio.NewWriter(w), format: f, opts: opts}
}

// Write writes one puzzle. It returns an error for an unknown format, a
// grid that is not well formed, a solution of another shape, or a failed
// write.
func (t *TextWriter) Write(e Puzzle) error {
	if e.Number == 0 {
		e.Number = t.count + 1
	}
	if t.format <= 0 || int(t.format) >= len(formatNames) {
		return fmt.Errorf("%w: %v", ErrFormat, t.format)
	}
	if err := t.check(e.Grid); err != nil {
		return fmt.Errorf("puzzle %d: %w", e.Number, err)
	}
	if e.Grid.HasRules() && !t.format.HoldsRules() {
		names := FormatNames(RulesFormats())
		return fmt.Errorf("puzzle %d: %s: %w (%s): use %s", e.Number, t.format, ErrRulesLost, e.Grid.Rules.Name(),
			grid.ListWords(names, "or"))
	}
	sol := e.Solution
	if !t.opts.Solutions {
		sol = nil
	}
	if sol != nil {
		if sol.Shape != e.Grid.Shape {
			return fmt.Errorf("puzzle %d: solution of shape %v for a puzzle of shape %v", e.Number, sol.Shape, e.Grid.Shape)
		}
		if err := t.check(*sol); err != nil {
			return fmt.Errorf("puzzle %d: solution: %w", e.Number, err)
		}
	}
	a := t.alphabet(e.Grid.N())
	b := t.buf[:0]
	switch t.format {
	case FormatLine:
		b = appendLine(b, e.Grid, sol, a, 0)
	case FormatSDM:
		empty := byte('0')
		if d, ok := a.Digit('0'); ok && d > 0 { // '0' is a digit
			empty = '.'
		}
		b = appendLine(b, e.Grid, sol, a, empty)
	case FormatSDK:
		b = t.appendSDK(b, e.Grid, sol, a)
	case FormatGrid:
		if t.count > 0 {
			b = append(b, '\n')
		}
		if t.opts.Solutions {
			b = fmt.Appendf(b, "# puzzle %d\n", e.Number)
		}
		b = appendPretty(b, e.Grid, a)
		if sol != nil {
			b = fmt.Appendf(b, "\n# solution %d\n", e.Number)
			b = appendPretty(b, *sol, a)
		}
	case FormatJSON, FormatFPuzzles, FormatFPuzzlesURL, FormatISS:
		var err error
		if b, err = t.appendRules(b, e, sol, a); err != nil {
			return fmt.Errorf("puzzle %d: %w", e.Number, err)
		}
	}
	t.buf = b
	t.count++
	_, err := t.w.Write(b)
	return err
}

// Flush writes any buffered data to the underlying writer.
func (t *TextWriter) Flush() error { return t.w.Flush() }

func (t *TextWriter) alphabet(n int) grid.Alphabet {
	if t.opts.Alphabet != nil {
		return *t.opts.Alphabet
	}
	return grid.DefaultAlphabet(n)
}

// check reports a grid that cannot be written.
func (t *TextWriter) check(g grid.Grid) error {
	if err := g.Malformed(); err != nil {
		return err
	}
	n := g.N()
	if a := t.opts.Alphabet; a != nil && a.Size() < n {
		return fmt.Errorf("alphabet %q has %d symbols, too few for a %dx%d grid", a.String(), a.Size(), n, n)
	}
	return nil
}

// appendLine appends g on one line, and its solution, when not nil, after
// a tab: a line holds one puzzle, whatever reads it, and cut -f1 keeps the
// puzzles. empty, when not 0, replaces '.'.
func appendLine(b []byte, g grid.Grid, sol *grid.Grid, a grid.Alphabet, empty byte) []byte {
	start := len(b)
	b = g.AppendFormat(b, a)
	if sol != nil {
		b = append(b, '\t')
		b = sol.AppendFormat(b, a)
	}
	if empty != 0 {
		for i := start; i < len(b); i++ {
			if b[i] == '.' {
				b[i] = empty
			}
		}
	}
	return append(b, '\n')
}

// appendSDK appends g as rows, after a blank line when it is not the first.
// When solutions are asked for, "[Puzzle]" heads every puzzle and
// "[Solution]" its solution, the sections of SadMan's format, so that
// readers skip the solutions.
func (t *TextWriter) appendSDK(b []byte, g grid.Grid, sol *grid.Grid, a grid.Alphabet) []byte {
	if t.count > 0 {
		b = append(b, '\n')
	}
	if t.opts.Solutions {
		b = append(b, "[Puzzle]\n"...)
	}
	b = appendRows(b, g, a)
	if sol != nil {
		b = append(b, "[Solution]\n"...)
		b = appendRows(b, *sol, a)
	}
	return b
}

// appendRows appends g as N lines of N symbols.
func appendRows(b []byte, g grid.Grid, a grid.Alphabet) []byte {
	n := g.N()
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			b = append(b, a.Symbol(g.At(r, c)))
		}
		b = append(b, '\n')
	}
	return b
}

// appendPretty appends g with a border, box lines, and a space between
// cells.
func appendPretty(b []byte, g grid.Grid, a grid.Alphabet) []byte {
	n := g.N()
	rule := make([]byte, 0, 2*n+2*(n/g.BoxCols)+2)
	rule = append(rule, '+')
	for c := 0; c < n; c += g.BoxCols {
		for k := 0; k < 2*g.BoxCols+1; k++ {
			rule = append(rule, '-')
		}
		rule = append(rule, '+')
	}
	rule = append(rule, '\n')
	for r := 0; r < n; r++ {
		if r%g.BoxRows == 0 {
			b = append(b, rule...)
		}
		for c := 0; c < n; c++ {
			if c%g.BoxCols == 0 {
				b = append(b, "| "...)
			}
			b = append(b, a.Symbol(g.At(r, c)), ' ')
		}
		b = append(b, "|\n"...)
	}
	return append(b, rule...)
}

// appendRules appends e in a format that holds rules, which fails for
// rules it cannot hold.
func (t *TextWriter) appendRules(b []byte, e Puzzle, sol *grid.Grid, a grid.Alphabet) ([]byte, error) {
	switch t.format {
	case FormatJSON:
		return appendJSON(b, e, sol, a)
	case FormatISS:
		return appendISS(b, e.Grid, sol, a)
	}
	return appendFPuzzles(b, t.format, e.Grid, sol)
}

// appendISS appends g as one line of Interactive-Sudoku-Solver's
// constraint string, and its solution, when sol is not nil, after a tab.
func appendISS(b []byte, g grid.Grid, sol *grid.Grid, a grid.Alphabet) ([]byte, error) {
	s, err := formats.MarshalISS(g)
	if err != nil {
		return b, err
	}
	b = append(b, s...)
	if sol != nil {
		b = append(b, '\t')
		b = sol.AppendFormat(b, a)
	}
	return append(b, '\n'), nil
}

// appendJSON appends one JSON Lines object.
func appendJSON(b []byte, e Puzzle, sol *grid.Grid, a grid.Alphabet) ([]byte, error) {
	b = append(b, `{"index":`...)
	b = strconv.AppendInt(b, int64(e.Number-1), 10)
	if !e.Grid.Boxless() { // a jigsaw without boxes has only its regions
		b = append(b, `,"box":"`...)
		b = append(b, e.Grid.Shape.String()...)
		b = append(b, '"')
	}
	b = append(b, `,"puzzle":`...)
	b = strconv.AppendQuote(b, e.Grid.Format(a))
	b = append(b, `,"rows":`...)
	b = appendNumbers(b, e.Grid)
	b = append(b, `,"clues":`...)
	b = strconv.AppendInt(b, int64(e.Grid.Givens()), 10)
	if e.Grid.HasRules() {
		rules, err := grid.MarshalRules(e.Grid.Rules, e.Grid.N())
		if err != nil {
			return b, err
		}
		b = append(b, `,"variant":`...)
		b = strconv.AppendQuote(b, e.Grid.Rules.Name())
		b = append(b, `,"rules":`...)
		b = append(b, rules...)
	}
	if e.Level != "" {
		b = append(b, `,"level":`...)
		b = strconv.AppendQuote(b, e.Level)
		if !e.Grid.HasRules() { // variants have the level of their logical solve and no score
			b = append(b, `,"score":`...)
			b = strconv.AppendFloat(b, e.Score, 'f', 1, 64)
		}
	}
	if sol != nil {
		b = append(b, `,"solution":`...)
		b = strconv.AppendQuote(b, sol.Format(a))
		b = append(b, `,"solution_rows":`...)
		b = appendNumbers(b, *sol)
	}
	return append(b, "}\n"...), nil
}

// appendFPuzzles appends g as one line of f-puzzles JSON, or as an
// f-puzzles link, with the solution when sol is not nil.
func appendFPuzzles(b []byte, f Format, g grid.Grid, sol *grid.Grid) ([]byte, error) {
	data, err := formats.MarshalFPuzzles(g)
	if err != nil {
		return b, err
	}
	if sol != nil {
		s := bytes.TrimSuffix(data, []byte("}"))
		s = append(s, `,"solution":[`...)
		for i, v := range sol.Cells {
			if i > 0 {
				s = append(s, ',')
			}
			s = strconv.AppendInt(s, int64(v), 10)
		}
		data = append(s, "]}"...)
	}
	if f == FormatFPuzzlesURL {
		b = append(b, formats.FPuzzlesURL...)
		b = append(b, lzstring.CompressToBase64(string(data))...)
		return append(b, '\n'), nil
	}
	b = append(b, data...)
	return append(b, '\n'), nil
}

// appendNumbers appends g as a JSON array of rows of numbers.
func appendNumbers(b []byte, g grid.Grid) []byte {
	n := g.N()
	b = append(b, '[')
	for r := 0; r < n; r++ {
		if r > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for c := 0; c < n; c++ {
			if c > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(g.At(r, c)), 10)
		}
		b = append(b, ']')
	}
	return append(b, ']')
}
