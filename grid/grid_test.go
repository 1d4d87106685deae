package grid_test

import (
	"strings"
	"testing"

	. "github.com/sudokugen/sudokugen/grid"
)

func TestParseShape(t *testing.T) {
	tests := []struct {
		in      string
		want    Shape
		wantErr string
	}{
		{"3x3", Shape{BoxRows: 3, BoxCols: 3}, ""},
		{" 2X3 ", Shape{BoxRows: 2, BoxCols: 3}, ""},
		{"9", Shape{BoxRows: 3, BoxCols: 3}, ""},
		{"12", Shape{BoxRows: 3, BoxCols: 4}, ""},
		{"0009", Shape{BoxRows: 3, BoxCols: 3}, ""},
		{"1x4", Shape{}, "at least 2 rows"},
		{"6x7", Shape{}, "gives size 42"},
		{"7", Shape{}, "a 7x7 grid has no boxes: give its jigsaw regions"},
		{"1x7", Shape{}, "a 7x7 grid has no boxes"},
		// 5 * 3689348814741910325 wraps around to 9 in 64 bits.
		{"5x3689348814741910325", Shape{}, "want RxC"},
		{"3689348814741910325x5", Shape{}, "want RxC"},
		{"99999999999999999999x2", Shape{}, "want RxC"},
		{"4294967296x4294967296", Shape{}, "want RxC"},
		{"18446744073709551625", Shape{}, "want a number"},
		{"-3x-3", Shape{}, "want RxC"},
		{"3x", Shape{}, "want RxC"},
		{"x", Shape{}, "want RxC"},
		{"", Shape{}, "want a number"},
		{"3y3", Shape{}, "want a number"},
	}
	for _, tt := range tests {
		got, err := ParseShape(tt.in)
		switch {
		case tt.wantErr == "" && (err != nil || got != tt.want):
			t.Errorf("ParseShape(%q) = %v, %v, want %v", tt.in, got, err, tt.want)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("ParseShape(%q) = %v, %v, want an error with %q", tt.in, got, err, tt.wantErr)
		}
	}
}

// TestValidateOverflow checks shapes built by callers, not parsed: sides
// whose product wraps around must not pass for a small grid.
func TestValidateOverflow(t *testing.T) {
	for _, s := range []Shape{
		{BoxRows: 5, BoxCols: 3689348814741910325},
		{BoxRows: 3689348814741910325, BoxCols: 5},
		{BoxRows: 1 << 32, BoxCols: 1 << 32},
		{BoxRows: 19, BoxCols: 2},
		{BoxRows: -3, BoxCols: -3},
	} {
		if err := s.Validate(); err == nil {
			t.Errorf("Shape%v.Validate() = nil, want an error (N() = %d)", s, s.N())
		}
	}
}

func TestParseAlphabet(t *testing.T) {
	tests := []struct {
		spec    string
		want    string
		wantErr string
	}{
		{"1-9", "123456789", ""},
		{"0-9A-F", "0123456789ABCDEF", ""},
		{"A-D", "ABCD", ""},
		{"abcX", "abcX", ""},
		{"12345678#", "", "symbol '#' starts a comment"},
		{"#12345678", "", "symbol '#' starts a comment"},
		{"1234567|8", "", "symbol '|' draws the lines"},
		{"1234567-", "", "symbol '-' draws the lines"},
		{"+1234567", "", "symbol '+' draws the lines"},
		{"1234=567", "", "symbol '=' draws the lines"},
		{"12345678*", "", "symbol '*' marks an empty cell"},
		{"12345678.", "", "symbol '.' marks an empty cell"},
		{"1234,567", "", "symbol ',' separates fields"},
		{"1234:567", "", "symbol ':' separates fields"},
		{"[1234567", "", "symbol '[' starts a section"},
		{"{1234567", "", "symbol '{' starts a section"},
		{"*-9", "", "symbol '*' marks"}, // a range over syntax
		{"1123", "", "appears twice"},
		{"123", "", "need at least 4"},
		{"1 234", "", "not a printable"},
	}
	for _, tt := range tests {
		a, err := ParseAlphabet(tt.spec)
		switch {
		case tt.wantErr == "" && (err != nil || a.String() != tt.want):
			t.Errorf("ParseAlphabet(%q) = %q, %v, want %q", tt.spec, a.String(), err, tt.want)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("ParseAlphabet(%q) = %q, %v, want an error with %q", tt.spec, a.String(), err, tt.wantErr)
		}
	}
}

// TestEmptySymbols checks the symbols read as an empty cell: '.', '*', '0'
// unless it is a digit, and 'X' unless it is.
func TestEmptySymbols(t *testing.T) {
	nine := DefaultAlphabet(9)
	withX, _ := ParseAlphabet("1-8X")
	hex, _ := ParseAlphabet("0-9A-F")
	tests := []struct {
		name string
		a    Alphabet
		sym  byte
		want int
		ok   bool
	}{
		{"dot", nine, '.', 0, true},
		{"star", nine, '*', 0, true},
		{"zero", nine, '0', 0, true},
		{"X", nine, 'X', 0, true},
		{"x is no empty cell", nine, 'x', 0, false},
		{"Z", nine, 'Z', 0, false},
		{"X a digit", withX, 'X', 9, true},

		{"zero a digit", hex, '0', 1, true},
		{"X in 33x33", DefaultAlphabet(33), 'X', 33, true},
		{"x in 33x33", DefaultAlphabet(33), 'x', 33, true},
	}
	for _, tt := range tests {
		if d, ok := tt.a.Digit(tt.sym); d != tt.want || ok != tt.ok {
			t.Errorf("%s: Alphabet(%q).Digit(%q) = %d, %v, want %d, %v", tt.name, tt.a, tt.sym, d, ok, tt.want, tt.ok)
		}
	}
}

func TestClashSymbols(t *testing.T) {
	c := Clash{Unit: "box", Index: 2, Digit: 10, A: Cell{Row: 0, Col: 6}, B: Cell{Row: 1, Col: 7}}
	if got, want := c.String(), "digit A repeats in box 3 (r1c7 and r2c8)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	a, err := ParseAlphabet("0-9a-f")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.Format(a), "digit 9 repeats in box 3 (r1c7 and r2c8)"; got != want {
		t.Errorf("Format(0-9a-f) = %q, want %q", got, want)
	}
	c.Digit = 99
	if got, want := c.String(), "digit 99 repeats in box 3 (r1c7 and r2c8)"; got != want {
		t.Errorf("String() of digit 99 = %q, want %q", got, want)
	}
}
