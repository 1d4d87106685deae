package grid

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

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
func ParseFPuzzles(data []byte) (Grid, error) {
	g, _, err := parseFPuzzles(data)
	return g, err
}

// parseFPuzzles is ParseFPuzzles that also returns the puzzle's own
// solution, nil when it has none (see readSolution).
func parseFPuzzles(data []byte) (Grid, []uint8, error) {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(data, &keys); err != nil {
		return Grid{}, nil, FPErrorf("%s", jsonProblem(err, "the puzzle", "an object"))
	}
	g, err := fromFPuzzles(keys)
	if err != nil {
		return Grid{}, nil, err
	}
	sol, err := readSolution(keys["solution"], g.N(), DefaultAlphabet(g.N()))
	if err != nil {
		return Grid{}, nil, FPErrorf("%v", err)
	}
	return g, sol, nil
}

func FPErrorf(format string, args ...any) error {
	return problemf(ErrJSON, "f-puzzles: "+format, args...)
}

// fpIn is an f-puzzles object being read: its fields, and its cells'.
type FPIn struct {
	N         int
	Shape     Shape // the shape so far: the jigsaw kind may change it
	Keys      map[string]json.RawMessage
	GridCells [][]map[string]json.RawMessage
}

// present reports whether field k is there with a value that says
// something: not false, null or an empty array.
func Present(v json.RawMessage) bool {
	v = bytes.TrimSpace(v)
	return v != nil && string(v) != "[]" && string(v) != "false" && string(v) != "null"
}

// flag reads the boolean field k; false when it is absent.
func (in *FPIn) Flag(k string) (bool, error) {
	v, ok := in.Keys[k]
	if !ok || string(bytes.TrimSpace(v)) == "null" {
		return false, nil
	}
	var b bool
	if err := json.Unmarshal(v, &b); err != nil {
		return false, FPErrorf("%q: want true or false, not %s", k, CutText(v))
	}
	return b, nil
}

// fpEntry is one element of a list field of f-puzzles, such as a killer
// cage: its fields.
type FPEntry map[string]json.RawMessage

// list reads field k, an array of objects; none when it is absent.
func (in *FPIn) List(k string) ([]FPEntry, error) {
	v, ok := in.Keys[k]
	if !ok || string(bytes.TrimSpace(v)) == "null" {
		return nil, nil
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(v, &raw); err != nil {
		return nil, FPErrorf("%q: want an array of objects, not %s", k, CutText(v))
	}
	out := make([]FPEntry, len(raw))
	for j, e := range raw {
		if err := json.Unmarshal(e, &out[j]); err != nil || out[j] == nil {
			return nil, FPErrorf("%q %d: want an object, not %s", k, j+1, CutText(e))
		}
	}
	return out, nil
}

// cell reads a cell named as "R1C1" in field what.
func (in *FPIn) Cell(what string, raw json.RawMessage) (int32, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return 0, FPErrorf("%s: want a cell such as \"R1C1\", not %s", what, CutText(raw))
	}
	c, err := ParseCell(s, in.N)
	if err != nil {
		return 0, FPErrorf("%s: %v", what, err)
	}
	return c, nil
}

// cellList reads an array of cells named as "R1C1" in field what.
func (in *FPIn) CellList(what string, raw json.RawMessage) ([]int32, error) {
	var names []json.RawMessage
	if raw == nil || json.Unmarshal(raw, &names) != nil {
		return nil, FPErrorf("%s: want an array of cells such as [\"R1C1\", \"R1C2\"], not %s", what, CutText(raw))
	}
	out := make([]int32, 0, len(names))
	for _, s := range names {
		c, err := in.Cell(what, s)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// whole reads a whole number, written as a JSON number (9 or 9.0).
func Whole(raw json.RawMessage) (int, bool) {
	var f float64
	if json.Unmarshal(raw, &f) != nil || f != math.Trunc(f) || math.Abs(f) > 1<<30 {
		return 0, false
	}
	return int(f), true
}

func fromFPuzzles(keys map[string]json.RawMessage) (Grid, error) {
	size, ok := Whole(keys["size"])
	if !ok {
		return Grid{}, FPErrorf("\"size\": want a whole number, not %s", CutText(keys["size"]))
	}
	// a size without boxes reads as a jigsaw: its cells must then give
	// their regions
	sh, err := RegionShape(size)
	if err != nil {
		return Grid{}, FPErrorf("size %d: %v", size, err)
	}
	in := &FPIn{N: size, Shape: sh, Keys: keys}
	if err := in.readCells(); err != nil {
		return Grid{}, err
	}
	if err := fpUnknown(keys); err != nil {
		return Grid{}, err
	}
	g := New(sh)
	for row, line := range in.GridCells {
		for c, cell := range line {
			if err := fpGiven(&g, row, c, cell); err != nil {
				return Grid{}, err
			}
		}
	}
	r := NewRules()
	for _, k := range kinds {
		if err := k.ReadFP(in, r); err != nil {
			return Grid{}, err
		}
	}
	g.Shape = in.Shape
	if err := r.Validate(g.Shape); err != nil {
		return Grid{}, FPErrorf("%v", err)
	}
	if !r.Empty() {
		g.Rules = r
	}
	return g, nil
}

// readCells reads "grid": N rows of N objects, whose fields are cosmetic
// or read by a kind.
func (in *FPIn) readCells() error {
	n := in.N
	var rows []json.RawMessage
	if err := json.Unmarshal(in.Keys["grid"], &rows); err != nil {
		return FPErrorf("\"grid\": want an array of %d rows, not %s", n, CutText(in.Keys["grid"]))
	}
	if len(rows) != n {
		return FPErrorf("\"grid\" has %d rows, want %d", len(rows), n)
	}
	known := map[string]bool{}
	for _, k := range kinds {
		for _, f := range k.FPCellFields {
			known[f] = true
		}
	}
	in.GridCells = make([][]map[string]json.RawMessage, n)
	for row, raw := range rows {
		var line []json.RawMessage
		if err := json.Unmarshal(raw, &line); err != nil {
			return FPErrorf("row %d of \"grid\": want an array of %d cells, not %s", row+1, n, CutText(raw))
		}
		if len(line) != n {
			return FPErrorf("row %d of \"grid\" has %d cells, want %d", row+1, len(line), n)
		}
		in.GridCells[row] = make([]map[string]json.RawMessage, n)
		for c, cell := range line {
			var m map[string]json.RawMessage
			if err := json.Unmarshal(cell, &m); err != nil {
				return FPErrorf("r%dc%d: want an object such as {\"value\": 5, \"given\": true}, not %s", row+1, c+1, CutText(cell))
			}
			for _, f := range slices.Sorted(maps.Keys(m)) {
				if !fpCellCosmetic[f] && !known[f] && Present(m[f]) {
					if !Registered() {
						return fmt.Errorf("f-puzzles: r%dc%d: field %q: %w", row+1, c+1, f, ErrNoKinds)
					}
					return Unsupportedf([]string{f}, "f-puzzles: r%dc%d: field %q is not supported", row+1, c+1, f)
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
	for _, kind := range kinds {
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
	for _, k := range kinds {
		for _, f := range k.FPFields {
			known[f] = true
		}
	}
	// every field refused is named, in one line: the ones with a reason
	// first, then the others
	var why, names, fields []string
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		if fpCosmetic[k] || known[k] || !Present(keys[k]) || fpDrawn(keys, k) {
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
	if len(fields) > 0 && !Registered() {
		return fmt.Errorf("f-puzzles: fields %s: %w", strings.Join(fields, ", "), ErrNoKinds)
	}
	if len(why) > 0 {
		return Unsupportedf(fields, "f-puzzles: %s", strings.Join(why, "; "))
	}
	return nil
}

// fpGiven reads the given of cell (row, c), if it has one.
func fpGiven(g *Grid, row, c int, cell map[string]json.RawMessage) error {
	n := g.N()
	if given, ok := cell["given"]; !ok || string(bytes.TrimSpace(given)) != "true" {
		if ok && string(bytes.TrimSpace(given)) != "false" && string(bytes.TrimSpace(given)) != "null" {
			return FPErrorf("r%dc%d: \"given\": want true or false, not %s", row+1, c+1, CutText(given))
		}
		return nil
	}
	v, has := cell["value"]
	if !has || string(bytes.TrimSpace(v)) == "null" {
		return nil
	}
	d, ok := Whole(v)
	if !ok || d < 0 || d > n {
		return FPErrorf("r%dc%d holds %s, not a digit of a %dx%d grid", row+1, c+1, CutText(v), n, n)
	}
	g.Cells[row*n+c] = uint8(d)
	return nil
}

// fpString reads a value that f-puzzles writes as a string (or a number).
func FPString(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return strings.TrimSpace(s)
	}
	return strings.TrimSpace(string(v))
}

// fpOut is an f-puzzles object being written: the fields of the kinds,
// in the table's order, and the fields they add to cells.
type FPOut struct {
	N      int
	Shape  Shape
	fields bytes.Buffer
	cells  [][]string // per cell, its fields as "name":value
	err    error
}

// field writes top-level field k with value v.
func (o *FPOut) Field(k string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		o.err = err
		return
	}
	o.fields.WriteString(`,"` + k + `":`)
	o.fields.Write(data)
}

// cellField adds field k with value v (JSON) to cell i.
func (o *FPOut) CellField(i int, k, v string) {
	o.cells[i] = append(o.cells[i], `"`+k+`":`+v)
}

// name names cell c as f-puzzles does: R1C1.
func (o *FPOut) Name(c int32) string { return strings.ToUpper(CellName(o.N, c)) }

func (o *FPOut) Names(cs []int32) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = o.Name(c)
	}
	return out
}

// pairs returns pairs as f-puzzles entries, with a value when value is not
// "".
func (o *FPOut) Pairs(ps []Pair, value string) []map[string]any {
	var out []map[string]any
	for _, p := range ps {
		e := map[string]any{"cells": []string{o.Name(p[0]), o.Name(p[1])}}
		if value != "" {
			e["value"] = value
		}
		out = append(out, e)
	}
	return out
}

// MarshalFPuzzles writes g, with its rules, in the f-puzzles JSON format.
// It fails for rules the format cannot hold.
func MarshalFPuzzles(g Grid) ([]byte, error) {
	n := g.N()
	if len(g.Cells) != n*n {
		return nil, fmt.Errorf("%d cells for a %dx%d grid", len(g.Cells), n, n)
	}
	r := g.Rules
	if r == nil {
		r = NewRules()
	}
	if g.Shape.Boxless() && Regions.Get(r) == nil {
		return nil, noBoxes(n)
	}
	o := &FPOut{N: n, Shape: g.Shape, cells: make([][]string, n*n)}
	for i, v := range g.Cells {
		if v != 0 {
			o.CellField(i, "value", strconv.Itoa(int(v)))
			o.CellField(i, "given", "true")
		}
	}
	for _, k := range kinds {
		if err := k.WriteFP(o, r); err != nil {
			return nil, err
		}
	}
	if o.err != nil {
		return nil, o.err
	}
	var b bytes.Buffer
	b.WriteString(`{"size":`)
	b.WriteString(strconv.Itoa(n))
	b.WriteString(`,"grid":[`)
	for row := range n {
		if row > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('[')
		for c := range n {
			if c > 0 {
				b.WriteByte(',')
			}
			b.WriteString("{" + strings.Join(o.cells[row*n+c], ",") + "}")
		}
		b.WriteByte(']')
	}
	b.WriteByte(']')
	b.Write(o.fields.Bytes())
	b.WriteByte('}')
	return b.Bytes(), nil
}

// FPuzzlesLink returns the f-puzzles link of g: FPuzzlesURL and the JSON
// compressed as the site does.
func FPuzzlesLink(g Grid) (string, error) {
	data, err := MarshalFPuzzles(g)
	if err != nil {
		return "", err
	}
	return FPuzzlesURL + lzstring.CompressToBase64(string(data)), nil
}
