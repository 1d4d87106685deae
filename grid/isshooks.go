package grid

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The hooks through which the kinds write their rules as a constraint
// string of Interactive-Sudoku-Solver (ISS: github.com/sigh/Interactive-
// Sudoku-Solver; its js/README.md and js/sudoku_constraint.js define the
// string, js/solver/sudoku_builder.js what each type means). A string is a
// run of constraints, each a dot, the type and its arguments after
// tildes: ".Cage~10~R1C1~R1C2". Cells are R<row>C<column>, 1-based, each
// number one character in base 17 (column 10 is 'a'), so grids up to
// 16x16. Givens are the type with no name: ".~R1C5_1~R2C3_7", and a cell
// given several digits may hold any of them. See Kind.WriteISS.

// ISSMaxN is the largest grid ISS takes: 16x16.
const ISSMaxN = 16

// ErrISS is the error of writing a puzzle whose rules ISS cannot state
// with the meaning they have here; the error is an *ISSError that says
// which rule and why.
var ErrISS = errors.New("iss cannot state the rule with its meaning here")

// ISSError is a rule that an ISS constraint string cannot state exactly:
// rather than write it with another meaning, the writer refuses it.
type ISSError struct {
	// Kind names the kind of the rule ("nabner", "killer cage"), or the
	// grid itself ("grid") for a size ISS does not take.
	Kind string
	// Why says what ISS cannot state.
	Why string
}

func (e *ISSError) Error() string {
	return fmt.Sprintf("iss: %s: %s", e.Kind, e.Why)
}

// Is makes errors.Is(err, ErrISS) hold for every ISSError.
func (e *ISSError) Is(target error) bool { return target == ErrISS }

// ISSRefuse returns the ISSError of kind with the reason format makes.
func ISSRefuse(kind, format string, args ...any) error {
	return &ISSError{Kind: kind, Why: fmt.Sprintf(format, args...)}
}

// ISSOut is an ISS constraint string being written: the writer writes
// the grid's shape, boxes and givens, then each kind of the table its
// constraints (Kind.WriteISS), through Add.
type ISSOut struct {
	N     int
	Shape Shape
	b     strings.Builder
}

// NewISSOut returns an empty string for a grid of shape s.
func NewISSOut(s Shape) *ISSOut { return &ISSOut{N: s.N(), Shape: s} }

// Add writes the constraint of type typ with its arguments: ".Type~a~b".
func (o *ISSOut) Add(typ string, args ...string) {
	o.b.WriteByte('.')
	o.b.WriteString(typ)
	for _, a := range args {
		o.b.WriteByte('~')
		o.b.WriteString(a)
	}
}

// Cell names cell c as ISS does: R1C1, a row or column above 9 as one
// character in base 17 (R1Ca is row 1, column 10).
func (o *ISSOut) Cell(c int32) string {
	r, col := int(c)/o.N, int(c)%o.N
	return "R" + strconv.FormatInt(int64(r+1), 17) + "C" + strconv.FormatInt(int64(col+1), 17)
}

// Cells names cells as Cell does.
func (o *ISSOut) Cells(cs []int32) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = o.Cell(c)
	}
	return out
}

// Value names cell c holding one of digits: "R1C1_1_3_5".
func (o *ISSOut) Value(c int32, digits ...int) string {
	var b strings.Builder
	b.WriteString(o.Cell(c))
	for _, d := range digits {
		b.WriteByte('_')
		b.WriteString(strconv.Itoa(d))
	}
	return b.String()
}

// Layout writes regions (the region of each cell, 0 to N-1) as ISS's
// jigsaw layout, one character a cell, and says that the grid has no
// boxes: ".Jigsaw~001...NoBoxes". Every rule of ISS that names boxes (a
// region sum line, say) then reads the regions, as sudokugen's rules do.
func (o *ISSOut) Layout(regions []uint8) {
	var b strings.Builder
	for _, r := range regions {
		b.WriteString(strconv.FormatInt(int64(r), 36))
	}
	o.Add("Jigsaw", b.String())
	o.Add("NoBoxes")
}

// String returns the string written.
func (o *ISSOut) String() string { return o.b.String() }
