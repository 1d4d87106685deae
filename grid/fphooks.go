package grid

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// The hooks through which the kinds read and write their fields of an
// f-puzzles object (see Kind.ReadFP and Kind.WriteFP).

func FPErrorf(format string, args ...any) error {
	return Problemf(ErrJSON, "f-puzzles: "+format, args...)
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
	if raw == nil {
		return 0, FPErrorf("%s is missing: want a cell such as \"R1C1\"", what)
	}
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
	if raw == nil {
		return nil, FPErrorf("%s is missing: want an array of cells such as [\"R1C1\", \"R1C2\"]", what)
	}
	if json.Unmarshal(raw, &names) != nil {
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
	if v, ok := plainWhole(raw); ok {
		return v, true
	}
	var f float64
	if json.Unmarshal(raw, &f) != nil || f != math.Trunc(f) || math.Abs(f) > 1<<30 {
		return 0, false
	}
	return int(f), true
}

// plainWhole reads raw when it is a JSON integer of at most 9 digits
// with no sign, exponent or space, as most are: the same value as Whole,
// without the decoder. False for any other text, which Whole then
// decodes.
func plainWhole(raw []byte) (int, bool) {
	if len(raw) == 0 || len(raw) > 9 || len(raw) > 1 && raw[0] == '0' {
		return 0, false
	}
	v := 0
	for _, c := range raw {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
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

// NewFPOut returns an f-puzzles object for a grid of shape s, to be
// written by the kinds, then made (Object).
func NewFPOut(s Shape) *FPOut {
	return &FPOut{N: s.N(), Shape: s, cells: make([][]string, s.N()*s.N())}
}

// Object returns the f-puzzles object written: "size", "grid" with the
// cells' fields, then the top-level fields; the first error of a write.
func (o *FPOut) Object() ([]byte, error) {
	if o.err != nil {
		return nil, o.err
	}
	n := o.N
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
