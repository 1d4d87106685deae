package formats

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/lzstring"
)

// The f-puzzles format: the JSON that f-puzzles.com, SudokuPad and
// lisudoku exchange, plain or compressed in a link. A puzzle is an object
//
//	{"size": 9, "grid": [[{"value": 5, "given": true, "region": 0}, {}, ...], ...],
//	 "diagonal+": true, "diagonal-": true, "antiking": true, "antiknight": true,
//	 "disjointgroups": true,
//	 "killercage": [{"cells": ["R1C1", "R1C2"], "value": "10"}],
//	 "extraregion": [{"cells": [...]}],
//	 "odd": [{"cell": "R1C1"}], "even": [...],
//	 "difference": [{"cells": ["R1C1", "R1C2"]}], "ratio": [...],
//	 "xv": [{"cells": [...], "value": "X"}],
//	 "thermometer": [{"lines": [["R1C1", "R1C2", "R1C3"]]}],
//	 "title": "...", "author": "...", "solution": [...]}
//
// Only cells with "given" true are givens. Each other field is read by a
// kind of the table (see kind.go: "region" moves a cell into a jigsaw
// region, numbered from 0; "givenPencilMarks" limits a cell to those
// digits; "diagonal-" is r1c1 to r9c9 and "diagonal+" r9c1 to r1c9;
// "difference" is the white kropki dot, "ratio" the black one, other
// values than 1 and 2 refused; hyper windows travel as extra regions and
// are recognised again), or is cosmetic (fpCosmetic, fpCellCosmetic: the
// title, author, rules text, lines, shapes, text, the solver's pencil
// marks and colours), or is an error that names it: reading a puzzle
// without one of its rules would give a wrong verdict. A "cage"
// (f-puzzles' cosmetic cage, whose rule only the puzzle's text states) is
// such an error, not a killer cage, and so are negative constraints
// ("negative"). Errors speak of the fields and the values as the file
// writes them.
//
// A link is https://www.f-puzzles.com/?load=<data> or
// https://sudokupad.app/fpuzzles<data>, the data being the JSON
// compressed by lz-string's compressToBase64.

// FPuzzlesURL is the start of the f-puzzles links FormatFPuzzlesURL
// writes.
const FPuzzlesURL = "https://www.f-puzzles.com/?load="

// fpCosmetic are the top-level fields of f-puzzles objects that hold no
// rule (the title, the drawing's decorations, the solver's settings), and
// fpCellCosmetic those of the cells (the solver's own marks and colours).
// Every other field is read by a kind of the table or refused by name.
var (
	fpCosmetic = map[string]bool{
		"size": true, "grid": true, "title": true, "author": true, "ruleset": true, "solution": true,
		"text": true, "line": true, "rectangle": true, "circle": true, "arrow-cosmetic": true,
		"highlightConflicts": true, "disabledlogic": true, "truecandidatesoptions": true, "cosmetic": true,
	}
	fpCellCosmetic = map[string]bool{
		"value": true, "given": true, "centerPencilMarks": true, "cornerPencilMarks": true,
		"c": true, "cArray": true, "highlight": true,
	}
)

// fpRefused says why an f-puzzles field that no kind reads is refused,
// where more can be said than that it is not supported.
var fpRefused = map[string]string{
	"cage": "\"cage\" is a cosmetic cage whose rule only the puzzle's text states: not supported (a killer cage is \"killercage\")",
}

// IsFPuzzles reports whether a JSON object's keys are those of f-puzzles:
// "size" and "grid", and no "puzzle" or "rows".
func IsFPuzzles(keys map[string]json.RawMessage) bool {
	_, size := keys["size"]
	_, g := keys["grid"]
	_, p := keys["puzzle"]
	_, rows := keys["rows"]
	return size && g && !p && !rows
}

// ParseFPuzzles reads one puzzle in the f-puzzles JSON format, with its
// rules (nil when it has none but the classic ones).
func ParseFPuzzles(data []byte) (grid.Grid, error) {
	g, _, err := parseFPuzzles(data)
	return g, err
}

// parseFPuzzles is ParseFPuzzles that also returns the puzzle's own
// solution, nil when it has none (see readSolution).
func parseFPuzzles(data []byte) (grid.Grid, []uint8, error) {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(data, &keys); err != nil {
		return grid.Grid{}, nil, grid.FPErrorf("%s", grid.JSONProblem(err, "the puzzle", "an object"))
	}
	g, err := fromFPuzzles(keys)
	if err != nil {
		return grid.Grid{}, nil, err
	}
	sol, err := readSolution(keys["solution"], g.N(), grid.DefaultAlphabet(g.N()))
	if err != nil {
		return grid.Grid{}, nil, grid.FPErrorf("%v", err)
	}
	return g, sol, nil
}

func fromFPuzzles(keys map[string]json.RawMessage) (grid.Grid, error) {
	size, ok := grid.Whole(keys["size"])
	if !ok {
		return grid.Grid{}, grid.FPErrorf("\"size\": want a whole number, not %s", grid.CutText(keys["size"]))
	}
	// a size without boxes reads as a jigsaw: its cells must then give
	// their regions
	sh, err := grid.RegionShape(size)
	if err != nil {
		return grid.Grid{}, grid.FPErrorf("size %d: %v", size, err)
	}
	in := &grid.FPIn{N: size, Shape: sh, Keys: keys}
	if err := readCells(in); err != nil {
		return grid.Grid{}, err
	}
	if err := fpUnknown(keys); err != nil {
		return grid.Grid{}, err
	}
	g := grid.New(sh)
	for row, line := range in.GridCells {
		for c, cell := range line {
			if err := fpGiven(&g, row, c, cell); err != nil {
				return grid.Grid{}, err
			}
		}
	}
	r := grid.NewRules()
	for _, k := range grid.Table() {
		if err := k.ReadFP(in, r); err != nil {
			return grid.Grid{}, err
		}
	}
	g.Shape = in.Shape
	if err := r.Validate(g.Shape); err != nil {
		return grid.Grid{}, grid.FPErrorf("%v", err)
	}
	if !r.Empty() {
		g.Rules = r
	}
	return g, nil
}

// readCells reads "grid": N rows of N objects, whose fields are cosmetic
// or read by a kind.
func readCells(in *grid.FPIn) error {
	n := in.N
	var rows []json.RawMessage
	if err := json.Unmarshal(in.Keys["grid"], &rows); err != nil {
		return grid.FPErrorf("\"grid\": want an array of %d rows, not %s", n, grid.CutText(in.Keys["grid"]))
	}
	if len(rows) != n {
		return grid.FPErrorf("\"grid\" has %d rows, want %d", len(rows), n)
	}
	known := map[string]bool{}
	for _, k := range grid.Table() {
		for _, f := range k.FPCellFields {
			known[f] = true
		}
	}
	in.GridCells = make([][]map[string]json.RawMessage, n)
	for row, raw := range rows {
		var line []json.RawMessage
		if err := json.Unmarshal(raw, &line); err != nil {
			return grid.FPErrorf("row %d of \"grid\": want an array of %d cells, not %s", row+1, n, grid.CutText(raw))
		}
		if len(line) != n {
			return grid.FPErrorf("row %d of \"grid\" has %d cells, want %d", row+1, len(line), n)
		}
		in.GridCells[row] = make([]map[string]json.RawMessage, n)
		for c, cell := range line {
			var m map[string]json.RawMessage
			if err := json.Unmarshal(cell, &m); err != nil {
				return grid.FPErrorf("r%dc%d: want an object such as {\"value\": 5, \"given\": true}, not %s", row+1, c+1, grid.CutText(cell))
			}
			for _, f := range slices.Sorted(maps.Keys(m)) {
				if !fpCellCosmetic[f] && !known[f] && grid.Present(m[f]) {
					if !grid.Registered() {
						return fmt.Errorf("f-puzzles: r%dc%d: field %q: %w", row+1, c+1, f, grid.ErrNoKinds)
					}
					return grid.Unsupportedf([]string{f}, "f-puzzles: r%dc%d: field %q is not supported", row+1, c+1, f)
				}
			}
			in.GridCells[row][c] = m
		}
	}
	return nil
}

// fpDrawn reports whether a kind says that field k of the f-puzzles
// object keys, which no kind reads, is f-puzzles' drawing of its
// constraints (see Kind.FPDrawn).
func fpDrawn(keys map[string]json.RawMessage, k string) bool {
	for _, kind := range grid.Table() {
		if kind.FPDrawn != nil && kind.FPDrawn(keys, k) {
			return true
		}
	}
	return false
}

// fpUnknown refuses a top-level field that is neither cosmetic nor read
// by a kind of the table.
func fpUnknown(keys map[string]json.RawMessage) error {
	known := map[string]bool{}
	for _, k := range grid.Table() {
		for _, f := range k.FPFields {
			known[f] = true
		}
	}
	// every field refused is named, in one line: the ones with a reason
	// first, then the others
	var why, names, fields []string
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		if fpCosmetic[k] || known[k] || !grid.Present(keys[k]) || fpDrawn(keys, k) {
			continue
		}
		fields = append(fields, k)
		if w, ok := fpRefused[k]; ok {
			why = append(why, w)
		} else {
			names = append(names, strconv.Quote(k))
		}
	}
	switch {
	case len(names) == 1:
		why = append(why, "constraint "+names[0]+" is not supported")
	case len(names) > 1:
		why = append(why, "constraints "+strings.Join(names, ", ")+" are not supported")
	}
	if len(fields) > 0 && !grid.Registered() {
		return fmt.Errorf("f-puzzles: fields %s: %w", strings.Join(fields, ", "), grid.ErrNoKinds)
	}
	if len(why) > 0 {
		return grid.Unsupportedf(fields, "f-puzzles: %s", strings.Join(why, "; "))
	}
	return nil
}

// fpGiven reads the given of cell (row, c), if it has one.
func fpGiven(g *grid.Grid, row, c int, cell map[string]json.RawMessage) error {
	n := g.N()
	if given, ok := cell["given"]; !ok || string(bytes.TrimSpace(given)) != "true" {
		if ok && string(bytes.TrimSpace(given)) != "false" && string(bytes.TrimSpace(given)) != "null" {
			return grid.FPErrorf("r%dc%d: \"given\": want true or false, not %s", row+1, c+1, grid.CutText(given))
		}
		return nil
	}
	v, has := cell["value"]
	if !has || string(bytes.TrimSpace(v)) == "null" {
		return nil
	}
	d, ok := grid.Whole(v)
	if !ok || d < 0 || d > n {
		return grid.FPErrorf("r%dc%d holds %s, not a digit of a %dx%d grid", row+1, c+1, grid.CutText(v), n, n)
	}
	g.Cells[row*n+c] = uint8(d)
	return nil
}

// MarshalFPuzzles writes g, with its rules, in the f-puzzles JSON format.
// It fails for rules the format cannot hold.
func MarshalFPuzzles(g grid.Grid) ([]byte, error) {
	n := g.N()
	if len(g.Cells) != n*n {
		return nil, fmt.Errorf("%d cells for a %dx%d grid", len(g.Cells), n, n)
	}
	r := g.Rules
	if r == nil {
		r = grid.NewRules()
	}
	if g.Shape.Boxless() && grid.Regions.Get(r) == nil {
		return nil, grid.BoxlessError(n)
	}
	o := grid.NewFPOut(g.Shape)
	for i, v := range g.Cells {
		if v != 0 {
			o.CellField(i, "value", strconv.Itoa(int(v)))
			o.CellField(i, "given", "true")
		}
	}
	for _, k := range grid.Table() {
		if err := k.WriteFP(o, r); err != nil {
			return nil, err
		}
	}
	return o.Object()
}

// FPuzzlesLink returns the f-puzzles link of g: FPuzzlesURL and the JSON
// compressed as the site does.
func FPuzzlesLink(g grid.Grid) (string, error) {
	data, err := MarshalFPuzzles(g)
	if err != nil {
		return "", err
	}
	return FPuzzlesURL + lzstring.CompressToBase64(string(data)), nil
}
