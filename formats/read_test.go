package formats_test

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	. "github.com/sudokugen/sudokugen/formats"
	. "github.com/sudokugen/sudokugen/grid"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// sharedData is the reference puzzle data shared by the project.
const sharedData = "../../shared/data"

// readAll reads every record of in.
func readAll(t testing.TB, in io.Reader, name string, opts ReadOptions) []Record {
	t.Helper()
	rd := NewReader(in, name, opts)
	var recs []Record
	for {
		rec, err := rd.Read()
		if err == io.EOF {
			return recs
		}
		if err != nil {
			t.Fatalf("Read: unexpected I/O error %v", err)
		}
		if rec.Index != len(recs) {
			t.Fatalf("record %d has Index %d", len(recs), rec.Index)
		}
		recs = append(recs, rec)
	}
}

// show renders a record on one line for comparisons.
func show(rec Record) string {
	if rec.Err != nil {
		return fmt.Sprintf("%d: %v", rec.Line, rec.Err)
	}
	return fmt.Sprintf("%d: %v %v", rec.Line, rec.Grid.Shape, rec.Grid)
}

func showAll(recs []Record) []string {
	out := make([]string, len(recs))
	for i, r := range recs {
		out[i] = show(r)
	}
	return out
}

const (
	sudoku  = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	four    = "1..4.2.1...2.4.."
	fourRow = "1234\n3412\n2143\n4321\n"
)

func TestRead(t *testing.T) {
	sixBy := Shape{BoxRows: 3, BoxCols: 2}
	tests := []struct {
		name string
		in   string
		opts ReadOptions
		want []string
	}{
		{"empty", "", ReadOptions{}, nil},
		{"blank and comments", "\n  \n# nothing\n\t\n", ReadOptions{}, nil},
		{"one line", sudoku + "\n", ReadOptions{}, []string{"1: 3x3 " + sudoku}},
		{"no final newline", sudoku, ReadOptions{}, []string{"1: 3x3 " + sudoku}},
		{"crlf and trailing space", sudoku + "  \r\n" + four + "\r\n", ReadOptions{}, []string{"1: 3x3 " + sudoku, "2: 2x2 " + four}},
		{"zeros for empty", strings.ReplaceAll(sudoku, ".", "0"), ReadOptions{}, []string{"1: 3x3 " + sudoku}},
		{"byte order mark", "\xef\xbb\xbf" + four, ReadOptions{}, []string{"1: 2x2 " + four}},
		{"sizes", four + "\n" + strings.Repeat(".", 35) + "1\n" + strings.Repeat(".", 255) + "g\n", ReadOptions{},
			[]string{"1: 2x2 " + four, "2: 2x3 " + strings.Repeat(".", 35) + "1", "3: 4x4 " + strings.Repeat(".", 255) + "G"}},
		{"separators in a line", "1 . | . 4 | . 2 | . 1 | . . | . 2 | . 4 | . .", ReadOptions{}, []string{"1: 2x2 " + four}},
		{"multi-line", fourRow, ReadOptions{}, []string{"1: 2x2 1234341221434321"}},
		{"multi-line box from bars", "12|3456\n......\n......\n......\n......\n......\n", ReadOptions{},
			[]string{"1: 3x2 123456" + strings.Repeat(".", 30)}},
		{"multi-line box from separator line", "123456\n......\n......\n------\n......\n......\n......\n", ReadOptions{},
			[]string{"1: 3x2 123456" + strings.Repeat(".", 30)}},
		{"bars and separators disagree", "123|456\n......\n......\n------\n......\n......\n......\n", ReadOptions{},
			[]string{"1: 2x3 123456" + strings.Repeat(".", 30)}},
		{"shape option", "123456\n" + strings.Repeat("......\n", 5), ReadOptions{Shape: sixBy},
			[]string{"1: 3x2 123456" + strings.Repeat(".", 30)}},
		{"16 symbols are a 4x4 puzzle", strings.Repeat("123456789ABCDEFG\n", 2), ReadOptions{},
			[]string{"1: line 1, column 5: symbol '5' is not a digit of a 4x4 grid", "2: line 2, column 5: symbol '5' is not a digit of a 4x4 grid"}},
		{"16 symbols with a shape are a row", strings.Repeat("................\n", 16), ReadOptions{Shape: Shape{BoxRows: 4, BoxCols: 4}},
			[]string{"1: 4x4 " + strings.Repeat(".", 256)}},
		{"bordered 16 symbols are a row", strings.Repeat("|................|\n", 16), ReadOptions{},
			[]string{"1: 4x4 " + strings.Repeat(".", 256)}},
		{"lower case letters", strings.Repeat(".", 255) + "g", ReadOptions{}, []string{"1: 4x4 " + strings.Repeat(".", 255) + "G"}},
		{"state section skipped", "[Puzzle]\n" + fourRow + "[State]\n" + fourRow + "[puzzle]\n" + fourRow, ReadOptions{},
			[]string{"2: 2x2 1234341221434321", "12: 2x2 1234341221434321"}},
		{"box drawing", "┌───┬───┐\n│12│34│\n│34│12│\n├───┼───┤\n│21│43│\n│43│21│\n└───┴───┘\n", ReadOptions{},
			[]string{"2: 2x2 1234341221434321"}},
		{"custom alphabet", "ABCD\nCDAB\nBADC\nDCBA\n", ReadOptions{Alphabet: mustAlphabet(t, "A-D")},
			[]string{"1: 2x2 1234341221434321"}},
		{"alphabet with 0", "0123\n2301\n1032\n3210\n", ReadOptions{Alphabet: mustAlphabet(t, "0-3")},
			[]string{"1: 2x2 1234341221434321"}},

		// Errors, each one record, and reading goes on.
		{"too few cells", sudoku[1:] + "\n" + four, ReadOptions{},
			[]string{"1: line 1, column 1: 80 cells, want 64 (8x8) or 81 (9x9)", "2: 2x2 " + four}},
		{"too many cells", sudoku + "1\n", ReadOptions{}, []string{"1: line 1, column 1: 82 cells, want 81 (9x9) or 100 (10x10)"}},
		{"too many cells for the shape", "  " + sudoku + "12\n", ReadOptions{Shape: Shape{BoxRows: 3, BoxCols: 3}},
			[]string{"1: line 1, column 3: 83 cells, want 81 (9x9) or 9 per row"}},
		{"few cells", "abc\n", ReadOptions{}, []string{"1: line 1, column 1: 3 cells, want 16 (4x4) or more"}},
		{"prime row", "1234567\n", ReadOptions{}, []string{"1: line 1, column 1: 7 cells, a row: a 7x7 grid has no boxes: give its jigsaw regions"}},
		{"too many for any size", strings.Repeat(".", 1297), ReadOptions{}, []string{"1: line 1, column 1: 1297 cells, want at most 1296 (36x36)"}},
		{"prime square", strings.Repeat(".", 49), ReadOptions{}, []string{"1: line 1, column 1: 49 cells: a 7x7 grid has no boxes: give its jigsaw regions"}},
		{"prime square of a row's length", strings.Repeat(".", 25) + "\n", ReadOptions{}, []string{"1: line 1, column 1: 25 cells: a 5x5 grid has no boxes: give its jigsaw regions"}},
		{"unknown symbol", sudoku[:40] + "Z" + sudoku[41:] + "\n" + four, ReadOptions{},
			[]string{"1: line 1, column 41: symbol 'Z' is not a digit of a 9x9 grid", "2: 2x2 " + four}},
		{"digit too big", "1..5.2.1...2.4..", ReadOptions{}, []string{"1: line 1, column 4: symbol '5' is not a digit of a 4x4 grid"}},
		{"unicode symbol", "1..4.2.1...2.4.·", ReadOptions{}, []string{"1: line 1, column 16: symbol '·' is not a digit of a 4x4 grid"}},
		{"binary", "12\x003\n" + four, ReadOptions{}, []string{"1: line 1, column 3: binary data (byte 0x00), not text", "2: 2x2 " + four}},
		{"invalid utf-8", "1..4.2.1\xff..2.4..", ReadOptions{}, []string{"1: line 1, column 9: binary data (byte 0xff), not text"}},
		{"grid cut short by a blank line", "1234\n3412\n\n" + four, ReadOptions{},
			[]string{"1: line 1, column 1: grid cut short after 2 of 4 rows", "4: 2x2 " + four}},
		{"grid cut short by the end", "\n 1234\n3412\n2143\n", ReadOptions{},
			[]string{"2: line 2, column 2: grid cut short after 3 of 4 rows"}},
		{"grid cut short by a one-line puzzle", "1234\n3412\n" + four, ReadOptions{},
			[]string{"1: line 1, column 1: grid cut short after 2 of 4 rows", "3: 2x2 " + four}},
		{"grid cut short by a header", "1234\n3412\n[Puzzle]\n" + fourRow, ReadOptions{},
			[]string{"1: line 1, column 1: grid cut short after 2 of 4 rows", "4: 2x2 1234341221434321"}},
		{"bad row keeps its place", "1234\n341\n2143\n4321\n" + fourRow, ReadOptions{},
			[]string{"1: line 2, column 1: row 2 has 3 cells, want 4", "5: 2x2 1234341221434321"}},
		{"bad symbol in a row", "1234\n3412\n21z3\n4321\n", ReadOptions{},
			[]string{"1: line 3, column 3: symbol 'z' is not a digit of a 4x4 grid"}},
		{"title line", "Grid 01\n" + fourRow, ReadOptions{},
			[]string{"1: line 1, column 1: symbol 'G' is not a digit of a 6x6 grid", "2: 2x2 1234341221434321"}},
		{"line too long", strings.Repeat(".", 100) + "\n" + four, ReadOptions{MaxLineBytes: 90},
			[]string{"1: line 1, column 91: line longer than 90 bytes", "2: 2x2 " + four}},
		{"line too long for the buffer", strings.Repeat(".", 200000) + "\n" + four, ReadOptions{MaxLineBytes: 100000},
			[]string{"1: line 1, column 100001: line longer than 100000 bytes", "2: 2x2 " + four}},

		// JSON
		{"json rows", "[[1,0,0,4],[0,2,0,1],[0,0,0,2],[0,4,0,0]]", ReadOptions{}, []string{"1: 2x2 " + four}},
		{"json flat", "[1,0,0,4,0,2,0,1,0,0,0,2,0,4,0,0]", ReadOptions{}, []string{"1: 2x2 " + four}},
		{"json array of puzzles", `[[[1,0,0,4],[0,2,0,1],[0,0,0,2],[0,4,0,0]], "` + four + `", {"puzzle": "` + four + `"}]`, ReadOptions{},
			[]string{"1: 2x2 " + four, "1: 2x2 " + four, "1: 2x2 " + four}},
		{"json lines", `{"puzzle":"` + four + `"}` + "\n\n" + `{"puzzle":[[1,0,0,4],[0,2,0,1],[0,0,0,2],[0,4,0,0]]}` + "\n", ReadOptions{},
			[]string{"1: 2x2 " + four, "3: 2x2 " + four}},
		{"json box", `{"box":"3x2","puzzle":"` + strings.Repeat(".", 36) + `"}`, ReadOptions{}, []string{"1: 3x2 " + strings.Repeat(".", 36)}},
		{"json rows field", `{"rows":[[1,0,0,4],[0,2,0,1],[0,0,0,2],[0,4,0,0]]}`, ReadOptions{}, []string{"1: 2x2 " + four}},
		{"json value out of range", "\n  [[1,0,0,4],[0,2,0,1],[0,0,0,2],[0,4,0,5]]", ReadOptions{},
			[]string{"2: line 2, column 3: row 4, column 4: value 5 is not a digit of a 4x4 grid"}},
		{"json fraction", "[[1,0,0,4],[0,2,0,1],[0,0,0,2],[0,4,0,0.5]]", ReadOptions{},
			[]string{"1: line 1, column 1: row 4, column 4: value 0.5 is not a digit of a 4x4 grid"}},
		{"json short row", "[[1,0,0,4],[0,2,0,1],[0,0,0,2],[0,4,0]]", ReadOptions{},
			[]string{"1: line 1, column 1: row 4 has 3 numbers, want 4"}},
		{"json prime size", "[[1,0,0,4,5],[0,2,0,1,5],[0,0,0,2,5],[0,4,0,0,5],[0,0,0,0,0]]", ReadOptions{},
			[]string{"1: line 1, column 1: 5 rows: a 5x5 grid has no boxes: give its jigsaw regions"}},
		{"json too many rows", "[" + strings.Repeat("[0],", 40) + "[0]]", ReadOptions{},
			[]string{"1: line 1, column 1: 41 rows: unsupported grid size: 41 (supported: 4 to 36)"}},
		{"json bad string", `{"puzzle":"1..4.2.1...2.4.Z"}`, ReadOptions{}, []string{"1: line 1, column 1: symbol 'Z' is not a digit of a 4x4 grid"}},
		{"json no puzzle", `{"name":"x"}`, ReadOptions{}, []string{`1: line 1, column 1: object has no "puzzle" field (ours) or "grid" field (f-puzzles)`}},
		{"json number", "[1] 5", ReadOptions{}, []string{"1: line 1, column 1: 1 numbers, want N*N for a grid of size N, or N rows of N", "1: line 1, column 5: JSON value 5 is not a puzzle"}},
		{"json empty array", " []", ReadOptions{}, []string{"1: line 1, column 2: empty JSON array, want rows of numbers"}},
		{"json syntax error resumes on the next line", "{\"puzzle\":\"" + four + "\"}\n{\"puzzle\" \"x\"}\n[1,0,0,4,0,2,0,1,0,0,0,2,0,4,0,0]\n", ReadOptions{},
			[]string{"1: 2x2 " + four, "2: line 2, column 11: invalid JSON: want ':' after a key, found '\"'", "3: 2x2 " + four}},
		{"json stray bracket", "[1,0,0,4,0,2,0,1,0,0,0,2,0,4,0,0]]\n\"" + four + "\"", ReadOptions{},
			[]string{"1: 2x2 " + four, "1: line 1, column 34: invalid JSON: want a value (an object, array, string, number, true, false or null), found ']'", "2: 2x2 " + four}},
		{"json cut short", `[[1,0,0,4],[0,2`, ReadOptions{}, []string{"1: line 1, column 16: invalid JSON: it ends inside a value: a bracket, brace or quote is not closed"}},
		{"json value too long", `["` + strings.Repeat(".", 500) + `"]`, ReadOptions{MaxLineBytes: 100},
			[]string{"1: line 1, column 1: JSON value longer than 100 bytes"}},
		{"json line in text", "# c\n{\"puzzle\":\"" + four + "\"}\n" + four, ReadOptions{}, []string{"2: 2x2 " + four, "3: 2x2 " + four}},
		{"bad json line in text", "# c\n  {\"puzzle\" 1}\n" + four, ReadOptions{},
			[]string{"2: line 2, column 13: invalid JSON: want ':' after a key, found '1'", "3: 2x2 " + four}},
		{"json array line in text", "# c\n [[1,0,0,4],[0,2,0,1],[0,0,0,2],[0,4,0,0]]\n[ 1,0,0,4,0,2,0,1,0,0,0,2,0,4,0,0]\n[?]", ReadOptions{},
			[]string{"2: 2x2 " + four, "3: 2x2 " + four, "4: line 4, column 2: invalid JSON: want a value (an object, array, string, number, true, false or null), found '?'"}},
		{"json shape option", "[[1,0,0,4],[0,2,0,1],[0,0,0,2],[0,4,0,0]]", ReadOptions{Shape: Shape{BoxRows: 3, BoxCols: 3}},
			[]string{"1: line 1, column 1: 4 rows, want 9"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := showAll(readAll(t, strings.NewReader(tt.in), "", tt.opts))
			if !equalStrings(got, tt.want) {
				t.Errorf("Read(%q) =\n\t%s\nwant\n\t%s", cut(tt.in), strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
			// A reader that returns one byte at a time sees the same.
			slow := showAll(readAll(t, iotest.OneByteReader(strings.NewReader(tt.in)), "", tt.opts))
			if !equalStrings(slow, got) {
				t.Errorf("Read(%q) one byte at a time =\n\t%s\nwant\n\t%s", cut(tt.in), strings.Join(slow, "\n\t"), strings.Join(got, "\n\t"))
			}
		})
	}
}

func mustAlphabet(t *testing.T, spec string) *Alphabet {
	t.Helper()
	a, err := ParseAlphabet(spec)
	if err != nil {
		t.Fatal(err)
	}
	return &a
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func cut(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

func TestErrorKinds(t *testing.T) {
	tests := []struct {
		in   string
		want error
	}{
		{sudoku[1:], ErrLength},
		{"Z" + sudoku[1:], ErrSymbol},
		{"1234\n3412\n", ErrShortGrid},
		{"\x00" + sudoku[1:], ErrBinary},
		{strings.Repeat(".", DefaultMaxLineBytes+1), ErrTooLong},
		{"[[1,0,0,4],[0,2", ErrJSON},
		{"[[1,0,0,4],[0,2,0,1],[0,0,0,2],[0,4,0,7]]", ErrSymbol},
		{"[[1,0,0,4,5],[0,2,0,1,5],[0,0,0,2,5],[0,4,0,0,5],[0,0,0,0,0]]", ErrShape},
	}
	for _, tt := range tests {
		recs := readAll(t, strings.NewReader(tt.in), "in.txt", ReadOptions{})
		if len(recs) != 1 {
			t.Errorf("Read(%q) = %d records, want 1", cut(tt.in), len(recs))
			continue
		}
		var pe *ParseError
		if !errors.As(recs[0].Err, &pe) || pe.File != "in.txt" || pe.Line < 1 {
			t.Errorf("Read(%q) error = %#v, want a *ParseError for in.txt", cut(tt.in), recs[0].Err)
		}
		if !errors.Is(recs[0].Err, tt.want) {
			t.Errorf("Read(%q) error = %v, want errors.Is %v", cut(tt.in), recs[0].Err, tt.want)
		}
	}
}

func TestParseErrorString(t *testing.T) {
	tests := []struct {
		err  ParseError
		want string
	}{
		{ParseError{File: "puzzles.txt", Line: 12, Column: 40, Err: errors.New("symbol 'X' is not a digit of a 9x9 grid")},
			"puzzles.txt:12:40: symbol 'X' is not a digit of a 9x9 grid"},
		{ParseError{File: "p.json", Line: 3, Err: errors.New("bad")}, "p.json:3: bad"},
		{ParseError{Line: 3, Column: 4, Err: errors.New("bad")}, "line 3, column 4: bad"},
		{ParseError{Line: 3, Err: errors.New("bad")}, "line 3: bad"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("ParseError%+v.Error() = %q, want %q", tt.err, got, tt.want)
		}
	}
}

// TestTextLookingLikeJSON checks that a text file whose first word is a
// letter after '[' is text.
func TestTextLookingLikeJSON(t *testing.T) {
	got := showAll(readAll(t, strings.NewReader("[Puzzle]\n"+four), "", ReadOptions{}))
	want := []string{"2: 2x2 " + four}
	if !equalStrings(got, want) {
		t.Errorf("Read(%q) = %v, want %v", "[Puzzle]\\n"+four, got, want)
	}
	// "true" is not JSON here: the first byte is not '[' or '{'.
	got = showAll(readAll(t, strings.NewReader("true"), "", ReadOptions{}))
	want = []string{"1: line 1, column 1: symbol 't' is not a digit of a 4x4 grid"}
	if !equalStrings(got, want) {
		t.Errorf("Read(%q) = %v, want %v", "true", got, want)
	}
}

func TestWhere(t *testing.T) {
	in := "# header\n" +
		"  " + four + "\n" +
		"1 . | . 4\n. 2 | . 1\n-----\n. . | . 2\n. 4 | . .\n" +
		"1..4 .2.1 ...2 .4..\n" +
		`{"puzzle":"` + four + `"}` + "\n"
	recs := readAll(t, strings.NewReader(in), "", ReadOptions{})
	type pos struct{ line, col int }
	tests := []struct {
		rec, cell int
		want      pos
	}{
		{0, 0, pos{2, 3}},
		{0, 15, pos{2, 18}},
		{1, 0, pos{3, 1}},
		{1, 3, pos{3, 9}},
		{1, 5, pos{4, 3}},
		{1, 15, pos{7, 9}},
		{2, 4, pos{8, 6}},
		{2, 15, pos{8, 19}},
		{3, 5, pos{9, 0}},
		{0, 16, pos{2, 0}},
		{0, -1, pos{2, 0}},
	}
	if len(recs) != 4 {
		t.Fatalf("Read(%q) = %d records, want 4: %v", in, len(recs), showAll(recs))
	}
	for _, tt := range tests {
		line, col := recs[tt.rec].Where(tt.cell)
		if (pos{line, col}) != tt.want {
			t.Errorf("record %d: Where(%d) = %d, %d, want %d, %d", tt.rec, tt.cell, line, col, tt.want.line, tt.want.col)
		}
	}
}

func TestText(t *testing.T) {
	long := strings.Repeat("é", 150)
	tests := []struct {
		in, want string
	}{
		{"  " + four + "  \n", four},
		{"1234\n3412\n2143\n4321\n", "1234341221434321"},
		{"| 1 2 | 3 4 |\n| 3 4 | 1 2 |\n+---+---+\n| 2 1 | 4 3 |\n| 4 3 | 2 1 |\n", "1234341221434321"},
		{"\x01\x02\n", `"\x01\x02"`},
		{long, long[:196] + "..."},
		{`{"puzzle": "` + four + `"}`, `{"puzzle":"` + four + `"}`},
	}
	for _, tt := range tests {
		recs := readAll(t, strings.NewReader(tt.in), "", ReadOptions{})
		if len(recs) != 1 {
			t.Errorf("Read(%q) = %d records, want 1", cut(tt.in), len(recs))
			continue
		}
		if got := recs[0].Text; got != tt.want || len(got) > 200 {
			t.Errorf("Read(%q).Text = %q, want %q", cut(tt.in), got, tt.want)
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		in      string
		want    string
		wantErr error
	}{
		{sudoku, sudoku, nil},
		{"\n\n" + fourRow, "1234341221434321", nil},
		{`{"puzzle":"` + four + `"}`, four, nil},
		{"", "", ErrNoPuzzle},
		{"# only a comment\n", "", ErrNoPuzzle},
		{four + "\n" + four, "", ErrManyPuzzles},
		{four + "\n5", "", ErrManyPuzzles},
		{"Z" + four[1:], "", ErrSymbol},
	}
	for _, tt := range tests {
		g, err := Parse(tt.in)
		if tt.wantErr != nil {
			if !errors.Is(err, tt.wantErr) {
				t.Errorf("Parse(%q) = %v, %v, want error %v", tt.in, g, err, tt.wantErr)
			}
			continue
		}
		if err != nil || g.String() != tt.want {
			t.Errorf("Parse(%q) = %v, %v, want %v", tt.in, g, err, tt.want)
		}
	}
	g, err := ParseWith(strings.Repeat(".", 36), ReadOptions{Shape: Shape{BoxRows: 3, BoxCols: 2}})
	if err != nil || g.Shape != (Shape{BoxRows: 3, BoxCols: 2}) {
		t.Errorf("ParseWith(36 dots, 3x2) = %v %v, %v, want a 3x2 grid", g.Shape, g, err)
	}
}

func TestBadShapeOption(t *testing.T) {
	rd := NewReader(strings.NewReader(four), "", ReadOptions{Shape: Shape{BoxRows: 1, BoxCols: 4}})
	_, err := rd.Read()
	if want := "read options: box 1x4: boxes need at least 2 rows and 2 columns"; err == nil || err.Error() != want {
		t.Errorf("Read() with box 1x4 = %v, want %q", err, want)
	}
}

// TestIOError checks that a failing reader ends reading with its error,
// after the records before it.
func TestIOError(t *testing.T) {
	boom := errors.New("disk on fire")
	for _, in := range []string{four + "\n", `{"puzzle":"` + four + `"}` + "\n"} {
		rd := NewReader(io.MultiReader(strings.NewReader(in), iotest.ErrReader(boom)), "f", ReadOptions{})
		rec, err := rd.Read()
		if err != nil || rec.Err != nil {
			t.Fatalf("Read(%q then an error) = %v, %v, want a record", in, rec.Err, err)
		}
		if _, err := rd.Read(); !errors.Is(err, boom) {
			t.Errorf("Read(%q then an error) = %v, want %v", in, err, boom)
		}
		if _, err := rd.Read(); !errors.Is(err, boom) {
			t.Errorf("Read after the error = %v, want %v again", err, boom)
		}
	}
}

// TestLongLineMemory reads a 10 MB line: it must be one bad record, and
// must not be held in memory.
func TestLongLineMemory(t *testing.T) {
	const size = 10 << 20
	in := io.MultiReader(
		strings.NewReader(four+"\n"),
		io.LimitReader(repeatReader('.'), size),
		strings.NewReader("\n"+four+"\n"))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	recs := readAll(t, in, "big.txt", ReadOptions{})
	runtime.ReadMemStats(&after)
	got := showAll(recs)
	want := []string{"1: 2x2 " + four, "2: big.txt:2:1048577: line longer than 1048576 bytes", "3: 2x2 " + four}
	if !equalStrings(got, want) {
		t.Errorf("Read(10 MB line) = %v, want %v", got, want)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 3<<20 {
		t.Errorf("Read(10 MB line) allocated %d bytes, want at most 3 MiB", alloc)
	}
}

type repeatReader byte

func (r repeatReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}

// TestGolden reads each input in testdata and compares every record with
// the .golden file; go test -update rewrites them.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		if st, err := os.Stat(file); err != nil || st.IsDir() || strings.HasSuffix(file, ".golden") {
			continue
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			in, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			for _, rec := range readAll(t, bytes.NewReader(in), filepath.Base(file), ReadOptions{}) {
				fmt.Fprintf(&b, "record %d, line %d, text %q\n", rec.Index, rec.Line, rec.Text)
				if rec.Err != nil {
					fmt.Fprintf(&b, "\terror: %v\n", rec.Err)
					continue
				}
				fl, fc := rec.Where(0)
				ll, lc := rec.Where(len(rec.Grid.Cells) - 1)
				fmt.Fprintf(&b, "\t%v %v, cells from %d:%d to %d:%d\n", rec.Grid.Shape, rec.Grid, fl, fc, ll, lc)
			}
			golden := file + ".golden"
			if *update {
				if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				t.Errorf("records of %s differ from %s:\n%s\nwant\n%s", file, golden, b.Bytes(), want)
			}
		})
	}
}

// openShared opens a file of the shared reference data, or skips the test.
func openShared(t testing.TB, name string) *os.File {
	t.Helper()
	f, err := os.Open(filepath.Join(sharedData, name))
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("shared puzzle data not found: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// countLines returns the lines of the file that are neither blank nor
// comments.
func countLines(t testing.TB, name string) []string {
	t.Helper()
	f := openShared(t, name)
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if s := strings.TrimSpace(sc.Text()); s != "" && s[0] != '#' {
			lines = append(lines, s)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

func TestSharedData(t *testing.T) {
	tests := []struct {
		file  string
		shape Shape
	}{
		{"royle17/puzzles.txt", Shape{BoxRows: 3, BoxCols: 3}},
		{"royle17/solutions.txt", Shape{BoxRows: 3, BoxCols: 3}},
		{"tdoku/top1465.txt", Shape{BoxRows: 3, BoxCols: 3}},
		{"4x4/all_grids.txt", Shape{BoxRows: 2, BoxCols: 2}},
		{"large/16x16.unique.txt", Shape{BoxRows: 4, BoxCols: 4}},
		{"large/16x16.multi.txt", Shape{BoxRows: 4, BoxCols: 4}},
		{"large/25x25.unique.txt", Shape{BoxRows: 5, BoxCols: 5}},
		{"large/25x25.unique.solutions.txt", Shape{BoxRows: 5, BoxCols: 5}},
		{"large/25x25.multi.txt", Shape{BoxRows: 5, BoxCols: 5}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			lines := countLines(t, tt.file)
			recs := readAll(t, openShared(t, tt.file), tt.file, ReadOptions{})
			if len(recs) != len(lines) {
				t.Fatalf("Read(%s) = %d records, want %d", tt.file, len(recs), len(lines))
			}
			for i, rec := range recs {
				if rec.Err != nil {
					t.Fatalf("Read(%s) record %d: %v", tt.file, i, rec.Err)
				}
				text := lines[i]
				if len(text) > 200 {
					text = text[:197] + "..."
				}
				if rec.Grid.Shape != tt.shape || rec.Text != text || rec.Line != i+1 {
					t.Fatalf("Read(%s) record %d = line %d, %v %q, want line %d, %v %q",
						tt.file, i, rec.Line, rec.Grid.Shape, rec.Text, i+1, tt.shape, text)
				}
				if got := rec.Grid.Format(DefaultAlphabet(tt.shape.N())); got != strings.ToUpper(lines[i]) {
					t.Fatalf("Read(%s) record %d formats as %q, want %q", tt.file, i, got, lines[i])
				}
			}
		})
	}
}

// TestSharedDataTSV checks the tab-separated sets: their puzzle column
// reads as 9x9 puzzles.
func TestSharedDataTSV(t *testing.T) {
	for _, file := range []string{"rated/se_rated.tsv", "tdoku/serg_multi.counts.tsv", "invalid/sudopedia.tsv"} {
		t.Run(file, func(t *testing.T) {
			lines := countLines(t, file)
			var col int
			if strings.HasPrefix(file, "invalid") {
				col = 1
			} else {
				lines = lines[1:] // header
			}
			if testing.Short() && len(lines) > 2000 {
				lines = lines[:2000]
			}
			for _, line := range lines {
				field := strings.Split(line, "\t")[col]
				g, err := Parse(field)
				if err != nil {
					t.Fatalf("Parse(%q) = %v", field, err)
				}
				if g.Shape != (Shape{BoxRows: 3, BoxCols: 3}) || g.String() != field {
					t.Fatalf("Parse(%q) = %v %v, want the same 9x9 puzzle", field, g.Shape, g)
				}
			}
		})
	}
}

func BenchmarkReader(b *testing.B) {
	f := openShared(b, "royle17/puzzles.txt")
	data, err := io.ReadAll(f)
	if err != nil {
		b.Fatal(err)
	}
	lines := bytes.Count(data, []byte("\n"))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		rd := NewReader(bytes.NewReader(data), "", ReadOptions{})
		n := 0
		for {
			rec, err := rd.Read()
			if err != nil {
				break
			}
			if rec.Err != nil {
				b.Fatal(rec.Err)
			}
			n++
		}
		if n != lines {
			b.Fatalf("read %d records, want %d", n, lines)
		}
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}

func BenchmarkReaderJSON(b *testing.B) {
	var buf bytes.Buffer
	g, _ := Parse(sudoku)
	for i := 0; i < 10000; i++ {
		fmt.Fprintf(&buf, "{\"index\":%d,\"puzzle\":%q}\n", i, g.String())
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		rd := NewReader(bytes.NewReader(data), "", ReadOptions{})
		for {
			rec, err := rd.Read()
			if err != nil {
				break
			}
			if rec.Err != nil {
				b.Fatal(rec.Err)
			}
		}
	}
	b.ReportMetric(10000*float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}
