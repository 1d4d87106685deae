package verify

import (
	"fmt"

	"github.com/sudokugen/sudokugen/grid"
)

// View is a verdict as JSON: the object that `sudokugen verify --json`
// prints for each puzzle and that the service answers each puzzle of
// /v1/verify and /v1/solve with. NewView says where the puzzle came from,
// Fill sets the fields a Result gives, and the caller may add the place
// of a clash (Column, ClashCells).
type View struct {
	Index      int      `json:"index"`
	File       string   `json:"file"`
	Line       int      `json:"line"`
	Column     int      `json:"column,omitempty"`
	Puzzle     string   `json:"puzzle"`
	Status     string   `json:"status"`
	Proof      string   `json:"proof,omitempty"`         // what proved unique or none: propagation, search, sat or outside
	Assumed    int      `json:"assumed,omitempty"`       // with a proof: the implied clauses it takes on trust (Result.Assumed)
	LeftOut    int      `json:"left_out,omitempty"`      // with a proof: the implied constraints it does without (Result.LeftOut)
	Written    string   `json:"proof_written,omitempty"` // with left_out: the proof written (Result.Written)
	Count      int      `json:"count"`
	Exact      bool     `json:"count_exact"`
	Solution   *string  `json:"solution"`
	Solutions  []string `json:"solutions"`
	Clashes    []string `json:"clashes,omitempty"`
	ClashCells [][2]int `json:"clash_cells,omitempty"` // 1-based row and column of each clashing given
	Error      *string  `json:"error"`
	// OwnSolution says whether the solution the puzzle came with keeps its
	// givens and rules ("holds", "breaks"); OwnError says what it breaks.
	OwnSolution string `json:"own_solution,omitempty"`
	OwnError    string `json:"own_solution_error,omitempty"`
}

// NewView returns the View of the puzzle at index of the input, read from
// file at line as the text puzzle, before its verdict: no solutions, which
// are written as an empty list.
func NewView(index int, file string, line int, puzzle string) View {
	return View{Index: index, File: file, Line: line, Puzzle: puzzle, Solutions: []string{}}
}

// Fill sets the fields of v that r gives, writing grids and clashes in the
// symbols of a (nil: the default ones). The status is r's, or "error" when
// r holds an error and is not Invalid; the error of clashing givens names
// them in those symbols.
func (v *View) Fill(r Result, a *grid.Alphabet) {
	v.Status = r.Status.String()
	if r.Err != nil && r.Status != Invalid {
		v.Status = "error"
	}
	v.Count, v.Exact, v.Proof = r.Count, r.Exact(), r.Proof.String()
	v.Assumed, v.LeftOut = len(r.Assumed), r.LeftOut
	if r.LeftOut > 0 {
		v.Written = r.Written.String()
	}
	for _, sol := range r.Solutions {
		v.Solutions = append(v.Solutions, formatGrid(sol, a))
	}
	if r.Status == Unique && len(v.Solutions) > 0 {
		v.Solution = &v.Solutions[0]
	}
	for _, cl := range r.Clashes {
		v.Clashes = append(v.Clashes, formatClash(cl, a))
	}
	v.OwnSolution = r.Own.String()
	if r.OwnErr != nil {
		v.OwnError = r.OwnErr.Error()
	}
	switch {
	case len(r.Clashes) > 0:
		v.SetError("givens clash: " + ClashText(r.Clashes, a))
	case r.Err != nil:
		v.SetError(r.Err.Error())
	}
}

// SetError sets the error of v to msg.
func (v *View) SetError(msg string) { v.Error = &msg }

// ClashText describes the first of cls, and counts the others, in the
// symbols of a (nil: the default ones): "digit 5 repeats in row 1 (r1c1
// and r1c2) (and 1 more)".
func ClashText(cls []grid.Clash, a *grid.Alphabet) string {
	msg := formatClash(cls[0], a)
	if len(cls) > 1 {
		msg += fmt.Sprintf(" (and %d more)", len(cls)-1)
	}
	return msg
}

func formatGrid(g grid.Grid, a *grid.Alphabet) string {
	if a != nil {
		return g.Format(*a)
	}
	return g.String()
}

func formatClash(cl grid.Clash, a *grid.Alphabet) string {
	if a != nil {
		return cl.Format(*a)
	}
	return cl.String()
}
