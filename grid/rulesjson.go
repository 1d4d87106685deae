package grid

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
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
// Every field may be left out. Kinds of extra groups: "region" (an extra
// region), "diagonal", "anti-diagonal", "window", "disjoint". Cells are
// written r<row>c<column>, 1-based, in either case. A cage without a sum
// leaves "sum" out.

type rulesJSON struct {
	Regions    [][]int     `json:"regions,omitempty"`
	Extra      []groupJSON `json:"extra,omitempty"`
	Cages      []cageJSON  `json:"cages,omitempty"`
	Odd        []string    `json:"odd,omitempty"`
	Even       []string    `json:"even,omitempty"`
	White      [][2]string `json:"white,omitempty"`
	Black      [][2]string `json:"black,omitempty"`
	X          [][2]string `json:"x,omitempty"`
	V          [][2]string `json:"v,omitempty"`
	Thermos    [][]string  `json:"thermos,omitempty"`
	AntiKing   bool        `json:"anti_king,omitempty"`
	AntiKnight bool        `json:"anti_knight,omitempty"`
}

type groupJSON struct {
	Kind  string   `json:"kind"`
	Cells []string `json:"cells"`
}

type cageJSON struct {
	Cells []string `json:"cells"`
	Sum   int      `json:"sum,omitempty"`
}

var groupKindJSON = [...]string{"region", "diagonal", "anti-diagonal", "window", "disjoint"}

// MarshalRules returns the JSON form of r for a grid of size n.
func MarshalRules(r *Rules, n int) ([]byte, error) {
	var j rulesJSON
	names := func(cells []int32) []string {
		out := make([]string, len(cells))
		for i, c := range cells {
			out[i] = cellName(n, c)
		}
		return out
	}
	pairs := func(ps []Pair) [][2]string {
		var out [][2]string
		for _, p := range ps {
			out = append(out, [2]string{cellName(n, p[0]), cellName(n, p[1])})
		}
		return out
	}
	if r.Regions != nil {
		for row := range n {
			line := make([]int, n)
			for c := range n {
				line[c] = int(r.Regions[row*n+c]) + 1
			}
			j.Regions = append(j.Regions, line)
		}
	}
	for _, g := range r.Extra {
		if int(g.Kind) >= len(groupKindJSON) {
			return nil, fmt.Errorf("unknown kind of group %d", g.Kind)
		}
		j.Extra = append(j.Extra, groupJSON{groupKindJSON[g.Kind], names(g.Cells)})
	}
	for _, c := range r.Cages {
		j.Cages = append(j.Cages, cageJSON{names(c.Cells), c.Sum})
	}
	if len(r.Odd) > 0 {
		j.Odd = names(r.Odd)
	}
	if len(r.Even) > 0 {
		j.Even = names(r.Even)
	}
	j.White, j.Black, j.X, j.V = pairs(r.White), pairs(r.Black), pairs(r.X), pairs(r.V)
	for _, t := range r.Thermos {
		j.Thermos = append(j.Thermos, names(t))
	}
	j.AntiKing, j.AntiKnight = r.AntiKing, r.AntiKnight
	return json.Marshal(j)
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

// UnmarshalRules reads the JSON form of rules for a grid of shape s, and
// validates them (see Rules.Validate).
func UnmarshalRules(data []byte, s Shape) (*Rules, error) {
	var j rulesJSON
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	n := s.N()
	r := &Rules{AntiKing: j.AntiKing, AntiKnight: j.AntiKnight}
	var err error
	cells := func(what string, list []string) []int32 {
		out := make([]int32, 0, len(list))
		for _, name := range list {
			c, e := ParseCell(name, n)
			if e != nil && err == nil {
				err = fmt.Errorf("rules: %s: %w", what, e)
			}
			out = append(out, c)
		}
		return out
	}
	pairs := func(what string, list [][2]string) []Pair {
		var out []Pair
		for k, p := range list {
			c := cells(fmt.Sprintf("%s %d", what, k+1), p[:])
			out = append(out, Pair{c[0], c[1]})
		}
		return out
	}
	if j.Regions != nil {
		if len(j.Regions) != n {
			return nil, fmt.Errorf("rules: regions: %d rows, want %d", len(j.Regions), n)
		}
		r.Regions = make([]uint8, n*n)
		for row, line := range j.Regions {
			if len(line) != n {
				return nil, fmt.Errorf("rules: regions: row %d has %d numbers, want %d", row+1, len(line), n)
			}
			for c, k := range line {
				if k < 1 || k > n {
					return nil, fmt.Errorf("rules: regions: row %d, column %d: region %d, want 1 to %d", row+1, c+1, k, n)
				}
				r.Regions[row*n+c] = uint8(k - 1)
			}
		}
	}
	for k, g := range j.Extra {
		kind := -1
		for i, name := range groupKindJSON {
			if strings.EqualFold(g.Kind, name) {
				kind = i
			}
		}
		if kind < 0 {
			return nil, fmt.Errorf("rules: extra group %d: kind %q, want region, diagonal, anti-diagonal, window or disjoint", k+1, g.Kind)
		}
		r.Extra = append(r.Extra, Group{GroupKind(kind), cells(fmt.Sprintf("extra group %d", k+1), g.Cells)})
	}
	for k, c := range j.Cages {
		r.Cages = append(r.Cages, Cage{cells(fmt.Sprintf("cage %d", k+1), c.Cells), c.Sum})
	}
	if j.Odd != nil {
		r.Odd = cells("odd", j.Odd)
	}
	if j.Even != nil {
		r.Even = cells("even", j.Even)
	}
	r.White, r.Black, r.X, r.V = pairs("white", j.White), pairs("black", j.Black), pairs("x", j.X), pairs("v", j.V)
	for k, t := range j.Thermos {
		r.Thermos = append(r.Thermos, cells(fmt.Sprintf("thermometer %d", k+1), t))
	}
	if err != nil {
		return nil, err
	}
	if err := r.Validate(s); err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	if r.Empty() {
		return nil, nil
	}
	return r, nil
}
