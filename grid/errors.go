package grid

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The errors of the readers of puzzles, which the hooks of the kinds
// share.

// Sentinel errors wrapped by the Err of a ParseError, for errors.Is.
var (
	ErrLength      = errors.New("wrong number of cells")
	ErrSymbol      = errors.New("unknown symbol")
	ErrShortGrid   = errors.New("grid cut short")
	ErrTooLong     = errors.New("line too long")
	ErrBinary      = errors.New("binary data")
	ErrJSON        = errors.New("malformed JSON")
	ErrNoPuzzle    = errors.New("no puzzle")
	ErrManyPuzzles = errors.New("more than one puzzle")
)

// maxText is the longest Record.Text, in bytes.
const MaxText = 200

// problem is an input error whose message reads on its own and which
// unwraps to one of the sentinel errors.
type problem struct {
	kind error
	msg  string
}

func (p *problem) Error() string { return p.msg }

func (p *problem) Unwrap() error { return p.kind }

func Problemf(kind error, format string, args ...any) error {
	return &problem{kind: kind, msg: fmt.Sprintf(format, args...)}
}

// Error returns "file:line:column: problem", leaving out the file when it has
// no name and the column when it is not known.
func (e *ParseError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(e.Line))
		if e.Column > 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(e.Column))
		}
	} else {
		b.WriteString("line ")
		b.WriteString(strconv.Itoa(e.Line))
		if e.Column > 0 {
			b.WriteString(", column ")
			b.WriteString(strconv.Itoa(e.Column))
		}
	}
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	return b.String()
}

// Unwrap returns the underlying problem, which wraps one of the sentinel
// errors such as ErrSymbol.
func (e *ParseError) Unwrap() error { return e.Err }

// CutText returns b as a string of at most MaxText bytes, cut at a rune
// boundary and ending in "..." when cut; a field that is missing (no
// bytes) reads "nothing (it is missing)", for the messages that end "not %s".
func CutText(b []byte) string {
	if len(b) == 0 {
		return "nothing (it is missing)"
	}
	if len(b) <= MaxText {
		return string(b)
	}
	end := MaxText - 3
	for end > 0 && !utf8.RuneStart(b[end]) {
		end--
	}
	return string(b[:end]) + "..."
}

// ParseError is an input problem with its place, like encoding/csv's
// ParseError.
type ParseError struct {
	File   string // the name given to NewReader; "" when none
	Line   int    // 1-based line
	Column int    // 1-based byte column; 0 when not known
	Err    error
}
