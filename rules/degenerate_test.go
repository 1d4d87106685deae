package rules_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
)

// fpWith returns an empty 9x9 f-puzzles puzzle with the fields of extra.
func fpWith(t *testing.T, extra string) []byte {
	t.Helper()
	row := "[" + strings.TrimSuffix(strings.Repeat("{},", 9), ",") + "]"
	js := `{"size": 9, "grid": [` + strings.TrimSuffix(strings.Repeat(row+",", 9), ",") + `], ` + extra + `}`
	if !json.Valid([]byte(js)) {
		t.Fatalf("not JSON: %s", js)
	}
	return []byte(js)
}

// Degenerate forms, as SudokuSolver reads them: a line too short to say
// anything (one cell; a between line or double arrow of two) and an arrow
// without a shaft constrain nothing and are left out, in f-puzzles and in
// the JSON form alike; a line of no cells is refused.
func TestDegenerateForms(t *testing.T) {
	for _, tc := range []struct{ name, fp, json string }{
		{"arrow, lines []", `"arrow": [{"cells": ["R1C1"], "lines": []}]`, ""},
		{"arrow, its line only its circle", `"arrow": [{"cells": ["R1C1"], "lines": [["R1C1"]]}]`, `{"arrows": [{"circle": ["r1c1"], "line": []}]}`},
		{"between line of 2", `"betweenline": [{"lines": [["R1C1", "R1C2"]]}]`, `{"betweenline": [["r1c1", "r1c2"]]}`},
		{"between line of 1", `"betweenline": [{"lines": [["R1C1"]]}]`, `{"betweenline": [["r1c1"]]}`},
		{"double arrow of 2", `"doublearrow": [{"lines": [["R1C1", "R1C2"]]}]`, `{"double_arrows": [["r1c1", "r1c2"]]}`},
		{"thermometer of 1", `"thermometer": [{"lines": [["R1C1"]]}]`, `{"thermos": [["r1c1"]]}`},
		{"whisper of 1", `"whispers": [{"lines": [["R1C1"]]}]`, ""},
		{"renban of 1", `"renban": [{"lines": [["R1C1"]]}]`, ""},
		{"region sum line of 1", `"regionsumline": [{"lines": [["R1C1"]]}]`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := formats.ParseFPuzzles(fpWith(t, tc.fp))
			if err != nil || g.HasRules() {
				t.Errorf("f-puzzles %s: rules %v, %v; want none and no error", tc.fp, g.HasRules(), err)
			}
			if tc.json == "" {
				return
			}
			r, err := grid.UnmarshalRules([]byte(tc.json), nine)
			if err == nil {
				err = r.Validate(nine)
			}
			if err != nil || (r != nil && (grid.Grid{Shape: nine, Rules: r}).HasRules()) {
				t.Errorf("JSON %s: %v; want no rule and no error", tc.json, err)
			}
		})
	}
	// a rule that still holds beside a degenerate one is kept
	g, err := formats.ParseFPuzzles(fpWith(t, `"betweenline": [{"lines": [["R1C1", "R1C2"]]}, {"lines": [["R2C1", "R2C2", "R2C3"]]}]`))
	if err != nil || !g.HasRules() {
		t.Errorf("a between line of 3 beside one of 2: rules %v, %v", g.HasRules(), err)
	}
	for _, fp := range []string{`"betweenline": [{"lines": [[]]}]`, `"thermometer": [{"lines": [[]]}]`, `"arrow": [{"cells": ["R1C1"]}]`} {
		if _, err := formats.ParseFPuzzles(fpWith(t, fp)); err == nil {
			t.Errorf("f-puzzles %s: no error; want one", fp)
		}
	}
}

// A field that is missing is named as missing, not "not " with nothing
// after it.
func TestMissingFieldMessages(t *testing.T) {
	for _, tc := range []struct{ fp, want string }{
		{`"clone": [{"cells": ["R1C1", "R1C2"]}]`, `clone 1: "cloneCells" is missing: want an array of cells`},
		{`"odd": [{}]`, `odd 1: "cell" is missing: want a cell such as "R1C1"`},
		{`"even": [{"value": 3}]`, `even 1: "cell" is missing`},
	} {
		_, err := formats.ParseFPuzzles(fpWith(t, tc.fp))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.HasSuffix(err.Error(), "not ") {
			t.Errorf("f-puzzles %s: %v; want %q", tc.fp, err, tc.want)
		}
	}
}
