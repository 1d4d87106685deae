package grid

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The JSON form of Rules, as the "rules" field of the objects of the JSON
// Lines format:
//
//	{"regions": [[1,1,1,2,...], ...],                  rows of region numbers from 1
//	 "extra": [{"kind": "diagonal", "cells": ["r1c1", ...]}, ...],
//	 "cages": [{"cells": ["r1c1", "r1c2"], "sum": 10}, ...],
//	 "odd": ["r1c1"], "even": ["r2c2"],
//	 "white": [["r1c1", "r1c2"]], "black": [...], "x": [...], "v": [...],
//	 "thermos": [["r1c1", "r1c2", "r1c3"]],            bulb first
//	 "anti_king": true, "anti_knight": true}
//
// and the fields of the kinds added since (see the kind_*.go files). Every
// field may be left out; a field no kind reads is an error that names it.
// Kinds of extra groups: "region" (an extra region), "diagonal",
// "anti-diagonal", "window", "disjoint". Cells are written r<row>c<column>,
// 1-based, in either case. A cage without a sum leaves "sum" out.

// jsonOut is the JSON form of rules being written, field by field in the
// table's order.
type JSONOut struct {
	N   int
	b   bytes.Buffer
	err error
}

// field writes field k with value v.
func (o *JSONOut) Field(k string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		o.err = err
		return
	}
	if o.b.Len() > 0 {
		o.b.WriteByte(',')
	}
	o.b.WriteString(strconv.Quote(k) + ":")
	o.b.Write(data)
}

// names returns cells as r1c1 names.
func (o *JSONOut) Names(cells []int32) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = CellName(o.N, c)
	}
	return out
}

// pairs writes pairs as field k, when there are any.
func (o *JSONOut) Pairs(k string, ps []Pair) {
	if len(ps) == 0 {
		return
	}
	out := make([][2]string, len(ps))
	for i, p := range ps {
		out[i] = [2]string{CellName(o.N, p[0]), CellName(o.N, p[1])}
	}
	o.Field(k, out)
}

// MarshalRules returns the JSON form of r for a grid of size n.
func MarshalRules(r *Rules, n int) ([]byte, error) {
	o := &JSONOut{N: n}
	if r != nil {
		for _, k := range kinds {
			if err := k.WriteJSON(o, r); err != nil {
				return nil, err
			}
		}
	}
	if o.err != nil {
		return nil, o.err
	}
	return []byte("{" + o.b.String() + "}"), nil
}

// ParseCell reads a cell written r1c1 (in either case) on a grid of size
// n, and returns its row-major index.
func ParseCell(s string, n int) (int32, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	rs, cs, ok := strings.Cut(strings.TrimPrefix(t, "r"), "c")
	if !ok || !strings.HasPrefix(t, "r") {
		return 0, fmt.Errorf("cell %q: want r<row>c<column>, such as r1c1", s)
	}
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if err1 != nil || err2 != nil || r < 1 || r > n || c < 1 || c > n {
		return 0, fmt.Errorf("cell %q is not in a %dx%d grid", s, n, n)
	}
	return int32((r-1)*n + c - 1), nil
}

// jsonIn is the JSON form of rules being read.
type JSONIn struct {
	N      int
	fields map[string]json.RawMessage
}

// has reports whether field k is there (and not null).
func (in *JSONIn) has(k string) bool {
	v, ok := in.fields[k]
	return ok && string(bytes.TrimSpace(v)) != "null"
}

// decode reads field k into v, which want describes for an error; false
// when the field is absent.
func (in *JSONIn) Decode(k string, v any, want string) (bool, error) {
	if !in.has(k) {
		return false, nil
	}
	dec := json.NewDecoder(bytes.NewReader(in.fields[k]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return false, fmt.Errorf("rules: %s", JSONProblem(err, strconv.Quote(k), want))
	}
	return true, nil
}

// cells reads names of cells, for the rule what.
func (in *JSONIn) Cells(what string, names []string) ([]int32, error) {
	return in.CellsOf(func() string { return what }, names)
}

// CellsOf is Cells for a rule whose name what makes, only for an error.
func (in *JSONIn) CellsOf(what func() string, names []string) ([]int32, error) {
	out := make([]int32, 0, len(names))
	for _, name := range names {
		c, err := ParseCell(name, in.N)
		if err != nil {
			return nil, fmt.Errorf("rules: %s: %w", what(), err)
		}
		out = append(out, c)
	}
	return out, nil
}

// Pairs reads field k, pairs of cells, named what 1, what 2...
func (in *JSONIn) Pairs(k, what string) ([]Pair, error) {
	var list [][2]string
	if _, err := in.Decode(k, &list, `an array of pairs of cells, such as [["r1c1", "r1c2"]]`); err != nil {
		return nil, err
	}
	var out []Pair
	for j, p := range list {
		c, err := in.Cells(what+" "+strconv.Itoa(j+1), p[:])
		if err != nil {
			return nil, err
		}
		out = append(out, Pair{c[0], c[1]})
	}
	return out, nil
}

// jsonKnown is the set of the fields of "rules" that the kinds read,
// made once.
var jsonKnown = sync.OnceValue(func() map[string]bool {
	known := map[string]bool{}
	for _, k := range kinds {
		for _, f := range k.JSONFields {
			known[f] = true
		}
	}
	return known
})

// renameOld gives the fields that a kind names the old way (see
// Kind.JSONOld) their names now, so that the kinds read only those.
func (in *JSONIn) renameOld() error {
	olds := jsonOld()
	var given []string // the old names given, usually none
	for k := range in.fields {
		if _, ok := olds[k]; ok {
			given = append(given, k)
		}
	}
	slices.Sort(given)
	for _, old := range given {
		now := olds[old]
		if _, both := in.fields[now]; both {
			return fmt.Errorf("rules: %q and %q are the same field, named the old way and the new: give one", old, now)
		}
		in.fields[now] = in.fields[old]
		delete(in.fields, old)
	}
	return nil
}

// jsonOld maps the old names of the fields of "rules" to the new (see
// Kind.JSONOld), made once.
var jsonOld = sync.OnceValue(func() map[string]string {
	olds := map[string]string{}
	for _, k := range kinds {
		maps.Copy(olds, k.JSONOld)
	}
	return olds
})

// UnmarshalRules reads the JSON form of rules for a grid of shape s, and
// validates them (see Rules.Validate).
func UnmarshalRules(data []byte, s Shape) (*Rules, error) {
	if !Registered() {
		return nil, fmt.Errorf("rules: %w", ErrNoKinds)
	}
	in := &JSONIn{N: s.N()}
	if err := json.Unmarshal(data, &in.fields); err != nil || in.fields == nil {
		if err == nil {
			err = errors.New("null")
		}
		return nil, fmt.Errorf("rules: %s", JSONProblem(err, "\"rules\"", "an object"))
	}
	if err := in.renameOld(); err != nil {
		return nil, err
	}
	known := jsonKnown()
	for _, k := range slices.Sorted(maps.Keys(in.fields)) {
		if !known[k] {
			return nil, Unsupportedf([]string{k}, "rules: unknown field %q (want %s)", k, strings.Join(jsonRuleFields(), ", "))
		}
	}
	r := NewRules()
	for _, k := range kinds {
		if err := k.ReadJSON(in, r); err != nil {
			return nil, err
		}
	}
	if err := r.Validate(s); err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	if r.Empty() {
		return nil, nil
	}
	return r, nil
}

// jsonRuleFields lists the fields of the JSON form of rules, in the
// table's order.
func jsonRuleFields() []string {
	var out []string
	for _, k := range kinds {
		out = append(out, k.JSONFields...)
	}
	return out
}

// jsonProblem says what is wrong with a JSON value in the format's words,
// never Go's: what names the value, want what it should be.
func JSONProblem(err error, what, want string) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		at := ""
		if te.Field != "" {
			at = " at " + strconv.Quote(te.Field)
		}
		return fmt.Sprintf("%s: want %s, found %s%s", what, want, jsonValueWord(te.Value), at)
	case errors.As(err, &se):
		msg, _ := JSONSyntax(se)
		return fmt.Sprintf("%s: invalid JSON: %s", what, msg)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return fmt.Sprintf("%s: %s (want %s)", what, strings.TrimPrefix(err.Error(), "json: "), want)
	}
	return fmt.Sprintf("%s: want %s", what, want)
}

// jsonValueWord names a JSON value as encoding/json's type errors give it
// ("number 0.5", "string", "array"), with an article.
func jsonValueWord(v string) string {
	switch {
	case strings.HasPrefix(v, "number"):
		return "the " + v
	case v == "array" || v == "object":
		return "an " + v
	}
	return "a " + v
}
