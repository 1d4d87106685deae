package grid

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
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
// Only cells with "given" true are givens. "region" (0-based) moves a cell
// out of its box into a jigsaw region. "diagonal-" is r1c1 to r9c9 and
// "diagonal+" r9c1 to r1c9. A "cage" (f-puzzles' cosmetic cage, whose rule
// only the puzzle's text states) is an error, not a killer cage.
// "difference" is the white kropki dot (digits one apart), "ratio" the
// black one (one digit twice the other); other values than 1 and 2 are not
// supported. Hyper windows travel as extra regions and are recognised
// again. Cosmetic elements (title, author, rules text, lines, shapes,
// text) are skipped; any other constraint, and negative constraints
// (nonconsecutive, "negative"), are errors: reading a puzzle without one
// of its rules would give a wrong verdict.
//
// A link is https://www.f-puzzles.com/?load=<data> or
// https://sudokupad.app/fpuzzles<data>, the data being the JSON
// compressed by lz-string's compressToBase64.

// FPuzzlesURL is the start of the f-puzzles links FormatFPuzzlesURL
// writes.
const FPuzzlesURL = "https://www.f-puzzles.com/?load="

type fpCell struct {
	Value  json.RawMessage `json:"value,omitempty"`
	Given  bool            `json:"given,omitempty"`
	Region *int            `json:"region,omitempty"`
}

type fpCells struct {
	Cells []string        `json:"cells"`
	Value json.RawMessage `json:"value,omitempty"`
}

type fpOne struct {
	Cell string `json:"cell"`
}

type fpLines struct {
	Lines [][]string `json:"lines"`
}

// fpCosmetic are the keys of f-puzzles objects that hold no rule.
var fpCosmetic = map[string]bool{
	"size": true, "grid": true, "title": true, "author": true, "ruleset": true, "solution": true,
	"text": true, "line": true, "rectangle": true, "circle": true, "arrow-cosmetic": true,
	"highlightConflicts": true, "disabledlogic": true, "truecandidatesoptions": true, "cosmetic": true,
	"diagonal+": true, "diagonal-": true, "antiking": true, "antiknight": true, "disjointgroups": true,
	"killercage": true, "extraregion": true, "odd": true, "even": true,
	"difference": true, "ratio": true, "xv": true, "thermometer": true, "nonconsecutive": true, "negative": true,
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
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(data, &keys); err != nil {
		return Grid{}, problemf(ErrJSON, "f-puzzles: %v", err)
	}
	return fromFPuzzles(keys)
}

func fpErr(format string, args ...any) error {
	return problemf(ErrJSON, "f-puzzles: "+format, args...)
}

func fromFPuzzles(keys map[string]json.RawMessage) (Grid, error) {
	var size int
	if err := json.Unmarshal(keys["size"], &size); err != nil {
		return Grid{}, fpErr("\"size\" is not a number")
	}
	// a size without boxes reads as a jigsaw: its cells must then give
	// their regions
	sh, err := RegionShape(size)
	if err != nil {
		return Grid{}, fpErr("size %d: %v", size, err)
	}
	n := size
	var cells [][]fpCell
	if err := json.Unmarshal(keys["grid"], &cells); err != nil {
		return Grid{}, fpErr("\"grid\": %v", err)
	}
	if len(cells) != n {
		return Grid{}, fpErr("\"grid\" has %d rows, want %d", len(cells), n)
	}
	names := make([]string, 0, len(keys))
	for k := range keys {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		if fpCosmetic[k] {
			continue
		}
		if v := bytes.TrimSpace(keys[k]); string(v) == "[]" || string(v) == "false" || string(v) == "null" {
			continue
		}
		if k == "cage" {
			return Grid{}, fpErr("\"cage\" is a cosmetic cage whose rule only the puzzle's text states: not supported (a killer cage is \"killercage\")")
		}
		return Grid{}, fpErr("constraint %q is not supported", k)
	}
	for _, k := range []string{"nonconsecutive", "negative"} {
		if v := bytes.TrimSpace(keys[k]); v != nil && string(v) != "false" && string(v) != "[]" && string(v) != "null" {
			return Grid{}, fpErr("negative constraints (%q) are not supported", k)
		}
	}
	g := New(sh)
	r := &Rules{}
	regions := make([]uint8, n*n)
	moved := false
	for row, line := range cells {
		if len(line) != n {
			return Grid{}, fpErr("row %d of \"grid\" has %d cells, want %d", row+1, len(line), n)
		}
		for c, cell := range line {
			i := row*n + c
			regions[i] = uint8((*Rules)(nil).Region(sh, i))
			if cell.Region != nil {
				if *cell.Region < 0 || *cell.Region >= n {
					return Grid{}, fpErr("r%dc%d is in region %d, want 0 to %d", row+1, c+1, *cell.Region, n-1)
				}
				if uint8(*cell.Region) != regions[i] {
					moved = true
				}
				regions[i] = uint8(*cell.Region)
			}
			if !cell.Given || cell.Value == nil {
				continue
			}
			var v int
			if err := json.Unmarshal(cell.Value, &v); err != nil || v < 0 || v > n {
				return Grid{}, fpErr("r%dc%d holds %s, not a digit of a %dx%d grid", row+1, c+1, cell.Value, n, n)
			}
			g.Cells[i] = uint8(v)
		}
	}
	if moved {
		r.Regions = regions
		// boxes of another shape of the size (3x2 rather than 2x3), as
		// MarshalFPuzzles writes them, are that shape
		for rows := 2; rows <= n/2; rows++ {
			other := Shape{BoxRows: rows, BoxCols: n / rows}
			if n%rows != 0 || other == sh || other.Validate() != nil {
				continue
			}
			same := true
			for i, k := range regions {
				same = same && int(k) == (*Rules)(nil).Region(other, i)
			}
			if same {
				g.Shape, r.Regions = other, nil
				sh = other
				break
			}
		}
	}
	if sh.Boxless() && r.Regions == nil {
		return Grid{}, fpErr("%v", noBoxes(n))
	}
	flag := func(k string) (bool, error) {
		v, ok := keys[k]
		if !ok {
			return false, nil
		}
		var b bool
		if err := json.Unmarshal(v, &b); err != nil {
			return false, fpErr("%q is not true or false", k)
		}
		return b, nil
	}
	var diagMinus, diagPlus, disjoint bool
	for _, f := range []struct {
		k string
		p *bool
	}{{"diagonal-", &diagMinus}, {"diagonal+", &diagPlus}, {"antiking", &r.AntiKing}, {"antiknight", &r.AntiKnight}, {"disjointgroups", &disjoint}} {
		if *f.p, err = flag(f.k); err != nil {
			return Grid{}, err
		}
	}
	if diagMinus {
		r.Extra = append(r.Extra, Group{GroupDiagonal, Diagonal(n)})
	}
	if diagPlus {
		r.Extra = append(r.Extra, Group{GroupAntiDiagonal, AntiDiagonal(n)})
	}
	cellsOf := func(what string, list []string) ([]int32, error) {
		out := make([]int32, 0, len(list))
		for _, s := range list {
			c, err := ParseCell(s, n)
			if err != nil {
				return nil, fpErr("%s: %v", what, err)
			}
			out = append(out, c)
		}
		return out, nil
	}
	list := func(k string) ([]fpCells, error) {
		var out []fpCells
		if v, ok := keys[k]; ok {
			if err := json.Unmarshal(v, &out); err != nil {
				return nil, fpErr("%q: %v", k, err)
			}
		}
		return out, nil
	}
	var extra [][]int32
	regs, err := list("extraregion")
	if err != nil {
		return Grid{}, err
	}
	for k, e := range regs {
		c, err := cellsOf(fmt.Sprintf("extra region %d", k+1), e.Cells)
		if err != nil {
			return Grid{}, err
		}
		extra = append(extra, c)
	}
	windows := Windows(sh)
	for _, w := range windows {
		for k, e := range extra {
			if e != nil && sameSet(e, w) {
				r.Extra = append(r.Extra, Group{GroupWindow, w})
				extra[k] = nil
				break
			}
		}
	}
	if disjoint {
		for _, d := range DisjointGroups(sh) {
			r.Extra = append(r.Extra, Group{GroupDisjoint, d})
		}
	}
	for _, e := range extra {
		if e != nil {
			r.Extra = append(r.Extra, Group{GroupRegion, e})
		}
	}
	for _, k := range []string{"killercage"} {
		cages, err := list(k)
		if err != nil {
			return Grid{}, err
		}
		for j, c := range cages {
			cs, err := cellsOf(fmt.Sprintf("%s %d", k, j+1), c.Cells)
			if err != nil {
				return Grid{}, err
			}
			sum, err := fpNumber(c.Value)
			if err != nil {
				return Grid{}, fpErr("%s %d: %v", k, j+1, err)
			}
			r.Cages = append(r.Cages, Cage{cs, sum})
		}
	}
	for _, k := range []string{"odd", "even"} {
		var ones []fpOne
		if v, ok := keys[k]; ok {
			if err := json.Unmarshal(v, &ones); err != nil {
				return Grid{}, fpErr("%q: %v", k, err)
			}
		}
		for _, o := range ones {
			c, err := ParseCell(o.Cell, n)
			if err != nil {
				return Grid{}, fpErr("%s: %v", k, err)
			}
			if k == "odd" {
				r.Odd = append(r.Odd, c)
			} else {
				r.Even = append(r.Even, c)
			}
		}
	}
	for _, p := range []struct {
		k, def string
		dst    *[]Pair
	}{{"difference", "1", &r.White}, {"ratio", "2", &r.Black}} {
		entries, err := list(p.k)
		if err != nil {
			return Grid{}, err
		}
		for j, e := range entries {
			if v := fpString(e.Value); v != "" && v != p.def {
				return Grid{}, fpErr("%s %d has value %s; only %s is supported", p.k, j+1, v, p.def)
			}
			cs, err := cellsOf(fmt.Sprintf("%s %d", p.k, j+1), e.Cells)
			if err != nil {
				return Grid{}, err
			}
			if len(cs) != 2 {
				return Grid{}, fpErr("%s %d has %d cells, want 2", p.k, j+1, len(cs))
			}
			*p.dst = append(*p.dst, Pair{cs[0], cs[1]})
		}
	}
	xv, err := list("xv")
	if err != nil {
		return Grid{}, err
	}
	for j, e := range xv {
		cs, err := cellsOf(fmt.Sprintf("xv %d", j+1), e.Cells)
		if err != nil {
			return Grid{}, err
		}
		if len(cs) != 2 {
			return Grid{}, fpErr("xv %d has %d cells, want 2", j+1, len(cs))
		}
		switch strings.ToUpper(fpString(e.Value)) {
		case "X":
			r.X = append(r.X, Pair{cs[0], cs[1]})
		case "V":
			r.V = append(r.V, Pair{cs[0], cs[1]})
		default:
			return Grid{}, fpErr("xv %d has value %q, want X or V", j+1, fpString(e.Value))
		}
	}
	var thermos []fpLines
	if v, ok := keys["thermometer"]; ok {
		if err := json.Unmarshal(v, &thermos); err != nil {
			return Grid{}, fpErr("\"thermometer\": %v", err)
		}
	}
	for j, t := range thermos {
		for _, line := range t.Lines {
			cs, err := cellsOf(fmt.Sprintf("thermometer %d", j+1), line)
			if err != nil {
				return Grid{}, err
			}
			r.Thermos = append(r.Thermos, cs)
		}
	}
	if err := r.Validate(sh); err != nil {
		return Grid{}, fpErr("%v", err)
	}
	if !r.Empty() {
		g.Rules = r
	}
	return g, nil
}

// fpString reads a value that f-puzzles writes as a string (or a number).
func fpString(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return strings.TrimSpace(s)
	}
	return strings.TrimSpace(string(v))
}

// fpNumber reads a cage's value: a number, as a string or not; none is 0.
func fpNumber(v json.RawMessage) (int, error) {
	s := fpString(v)
	if s == "" || s == "null" {
		return 0, nil
	}
	k, err := strconv.Atoi(s)
	if err != nil || k < 0 {
		return 0, fmt.Errorf("value %q is not a sum", s)
	}
	return k, nil
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
		r = &Rules{}
	}
	regions := r.Regions
	if g.Shape.Boxless() && regions == nil {
		return nil, noBoxes(n)
	}
	if def, _ := ShapeOf(n); regions == nil && g.Shape != def {
		// f-puzzles knows one box shape per size: others go as regions
		regions = make([]uint8, n*n)
		for i := range regions {
			regions[i] = uint8(r.Region(g.Shape, i))
		}
	}
	name := func(c int32) string { return strings.ToUpper(cellName(n, c)) }
	names := func(cs []int32) []string {
		out := make([]string, len(cs))
		for i, c := range cs {
			out[i] = name(c)
		}
		return out
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
			i := row*n + c
			var parts []string
			if v := g.Cells[i]; v != 0 {
				parts = append(parts, `"value":`+strconv.Itoa(int(v)), `"given":true`)
			}
			if regions != nil {
				parts = append(parts, `"region":`+strconv.Itoa(int(regions[i])))
			}
			b.WriteString("{" + strings.Join(parts, ",") + "}")
		}
		b.WriteByte(']')
	}
	b.WriteByte(']')
	field := func(k string, v any) error {
		data, err := json.Marshal(v)
		if err != nil {
			return err
		}
		b.WriteString(`,"` + k + `":`)
		b.Write(data)
		return nil
	}
	var extraRegions []map[string][]string
	disjoint := 0
	for _, grp := range r.Extra {
		switch grp.Kind {
		case GroupDiagonal:
			field("diagonal-", true)
		case GroupAntiDiagonal:
			field("diagonal+", true)
		case GroupDisjoint:
			disjoint++
		case GroupWindow, GroupRegion:
			extraRegions = append(extraRegions, map[string][]string{"cells": names(grp.Cells)})
		}
	}
	if disjoint > 0 {
		if disjoint != n {
			return nil, errors.New("f-puzzles holds disjoint groups only all together")
		}
		field("disjointgroups", true)
	}
	if r.AntiKing {
		field("antiking", true)
	}
	if r.AntiKnight {
		field("antiknight", true)
	}
	if len(r.Cages) > 0 {
		var cages []map[string]any
		for _, c := range r.Cages {
			e := map[string]any{"cells": names(c.Cells)}
			if c.Sum != 0 {
				e["value"] = strconv.Itoa(c.Sum)
			}
			cages = append(cages, e)
		}
		field("killercage", cages)
	}
	if len(extraRegions) > 0 {
		field("extraregion", extraRegions)
	}
	ones := func(k string, cs []int32) {
		if len(cs) == 0 {
			return
		}
		var out []fpOne
		for _, c := range cs {
			out = append(out, fpOne{name(c)})
		}
		field(k, out)
	}
	ones("odd", r.Odd)
	ones("even", r.Even)
	pairs := func(k string, ps []Pair, value string) []map[string]any {
		var out []map[string]any
		for _, p := range ps {
			e := map[string]any{"cells": []string{name(p[0]), name(p[1])}}
			if value != "" {
				e["value"] = value
			}
			out = append(out, e)
		}
		return out
	}
	if len(r.White) > 0 {
		field("difference", pairs("difference", r.White, ""))
	}
	if len(r.Black) > 0 {
		field("ratio", pairs("ratio", r.Black, ""))
	}
	if xv := append(pairs("xv", r.X, "X"), pairs("xv", r.V, "V")...); len(xv) > 0 {
		field("xv", xv)
	}
	if len(r.Thermos) > 0 {
		var out []fpLines
		for _, t := range r.Thermos {
			out = append(out, fpLines{[][]string{names(t)}})
		}
		field("thermometer", out)
	}
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
