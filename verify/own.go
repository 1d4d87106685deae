package verify

import (
	"fmt"
	"slices"

	"github.com/sudokugen/sudokugen/grid"
)

// Own says what a puzzle's own solution showed, when its data came with
// one (formats.Record.Solution): a setter's tool accepted that solution, so
// a rule it breaks is a rule read differently here, and a verdict of none
// or of unique with another solution would be wrong.
type Own int

const (
	// NoOwn: the puzzle came without a solution of its own.
	NoOwn Own = iota
	// OwnHolds: its solution keeps the givens and the rules.
	OwnHolds
	// OwnBreaks: its solution breaks a given or a rule (Result.OwnErr).
	OwnBreaks
)

func (o Own) String() string {
	switch o {
	case OwnHolds:
		return "holds"
	case OwnBreaks:
		return "breaks"
	}
	return ""
}

// OwnError says which given or rule a puzzle's own solution breaks.
type OwnError struct {
	Err   error // the given or the rule, and the cells
	Given bool  // a given, not a rule
}

func (e *OwnError) Error() string {
	if e.Given {
		return fmt.Sprintf("the puzzle's own solution does not keep %v", e.Err)
	}
	return fmt.Sprintf("the puzzle's own solution breaks a rule as read here (%v); the tool that set it may read the rule differently", e.Err)
}

func (e *OwnError) Unwrap() error { return e.Err }

// CheckOwn reports whether own, the N*N digits of a solution that came
// with puzzle g, keeps g's givens and its rules by their direct check
// (grid.Rules.Check, written from each rule's meaning and not from its
// clauses): nil when it does, an *OwnError when it does not.
func CheckOwn(g grid.Grid, own []uint8) error {
	n := g.N()
	if len(own) != len(g.Cells) {
		return &OwnError{fmt.Errorf("the grid: %d digits for %d cells", len(own), len(g.Cells)), true}
	}
	for i, d := range g.Cells {
		if d != 0 && own[i] != d {
			return &OwnError{fmt.Errorf("the given %d at %s (it holds %d)", d, grid.Cell{Row: i / n, Col: i % n}, own[i]), true}
		}
	}
	full := grid.Grid{Shape: g.Shape, Cells: own}
	if err := g.Rules.Check(full); err != nil {
		return &OwnError{Err: err}
	}
	return nil
}

// WithOwn returns r, the verdict of puzzle g, in the light of own, the
// solution g came with (nil: r as it is). Own and OwnErr say whether own
// keeps the givens and the rules (see CheckOwn). When it does, a verdict
// of none, or of unique with another solution, contradicts a solution
// that the direct check accepts: the rules' clauses and their check
// disagree, and the verdict becomes an error (ErrDisagree), never a
// wrong answer.
func WithOwn(g grid.Grid, own []uint8, r Result) Result {
	if own == nil || r.Status == Invalid || r.Status == Unknown {
		return r
	}
	if err := CheckOwn(g, own); err != nil {
		r.Own, r.OwnErr = OwnBreaks, err
		return r
	}
	r.Own = OwnHolds
	if r.Err != nil {
		return r
	}
	switch {
	case r.Status == None:
		r.Err = fmt.Errorf("the puzzle's own solution keeps the rules, but they were found to have none: %w", ErrDisagree)
	case r.Status == Unique && len(r.Solutions) > 0 && !slices.Equal(r.Solutions[0].Cells, own):
		r.Err = fmt.Errorf("the puzzle's own solution keeps the rules, but another was found to be the only one: %w", ErrDisagree)
	}
	return r
}
