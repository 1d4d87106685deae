package serve

import (
	"encoding/json"
	"strings"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
)

// SudokuPadURL is the start of the links that open a puzzle in SudokuPad:
// the compressed f-puzzles data follows it, as in an f-puzzles link.
const SudokuPadURL = "https://sudokupad.app/fpuzzles"

// variantFields are what an answer says of a variant puzzle besides its
// cells: its variant's name, its rules as the command line's JSON Lines
// write them, the puzzle as an f-puzzles object, and links that open it in
// f-puzzles and in SudokuPad. A classic puzzle has none of them.
type variantFields struct {
	Variant      string          `json:"variant,omitempty"`
	Rules        json.RawMessage `json:"rules,omitempty"`
	FPuzzles     json.RawMessage `json:"fpuzzles,omitempty"`
	FPuzzlesURL  string          `json:"fpuzzles_url,omitempty"`
	SudokuPadURL string          `json:"sudokupad_url,omitempty"`
}

// variantOf returns the variant fields of g: none for a classic puzzle,
// and none that cannot be written (rules that do not hold for the grid,
// which the puzzle's verdict tells).
func variantOf(g grid.Grid) variantFields {
	if !g.HasRules() {
		return variantFields{}
	}
	v := variantFields{Variant: g.Rules.Name()}
	if rules, err := grid.MarshalRules(g.Rules, g.N()); err == nil {
		v.Rules = rules
	}
	if fp, err := formats.MarshalFPuzzles(g); err == nil {
		v.FPuzzles = fp
	}
	if link, err := formats.FPuzzlesLink(g); err == nil {
		v.FPuzzlesURL = link
		v.SudokuPadURL = SudokuPadURL + strings.TrimPrefix(link, formats.FPuzzlesURL)
	}
	return v
}
