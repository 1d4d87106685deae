package grid

import (
	"errors"
	"fmt"
)

// UnsupportedError refuses a puzzle for a rule that no kind of the table
// reads: a field that could change what the puzzle means (an f-puzzles
// constraint or cell field, f-puzzles' cosmetic "cage", a value of
// "negative" or of a dot that the kind does not hold, a field of a JSON
// Lines puzzle or of its "rules"). Reading the puzzle without it could
// give a wrong verdict, so it is refused, by name. The puzzle is not
// malformed: the errors of malformed input wrap ErrJSON and the other
// sentinels of Read, never this one, and verify gives it the status
// unsupported rather than invalid.
type UnsupportedError struct {
	// Fields names what is refused as the input writes it: "spiral",
	// "cage", "negative", "difference", "frob".
	Fields []string
	// Msg is the one line that names them and says why.
	Msg string
}

func (e *UnsupportedError) Error() string { return e.Msg }

// unsupportedf returns the UnsupportedError for fields with the message
// format makes.
func Unsupportedf(fields []string, format string, args ...any) *UnsupportedError {
	return &UnsupportedError{Fields: fields, Msg: fmt.Sprintf(format, args...)}
}

// prefixed returns err with prefix before its message, keeping it an
// UnsupportedError when it is one; other errors go to other, which adds
// the prefix its own way.
func Prefixed(prefix string, err error, other func(error) error) error {
	var ue *UnsupportedError
	if errors.As(err, &ue) {
		return &UnsupportedError{Fields: ue.Fields, Msg: prefix + ue.Msg}
	}
	return other(err)
}
