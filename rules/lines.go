package rules

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/sudokugen/sudokugen/grid"
)

// The kinds of lines (whispers, renban, palindromes, between lines...)
// share their data and their formats: a list of lines, each its cells in
// order, read from an f-puzzles field whose entries hold "lines" (arrays
// of lines of cells) and written as one entry per line, and from a JSON
// field that lists the lines as arrays of cells. Each kind's file gives a
// lineSpec, what is its own (the rule, its clauses, its marks), and
// lineKind builds the table's row from it.

// LineClue is one line of a kind of lines: its cells in order, the cells
// of its clone for a clone, and its value for a kind that has one (a
// whisper's least difference), else 0.
type LineClue struct {
	Cells []int32
	Clone []int32
	Value int
}

// Loop reports whether c is a closed line: one whose last cell is its
// first, as f-puzzles and SudokuPad write a loop (and so does the JSON
// form). Its cells are then Cells without the last.
func (c LineClue) Loop() bool {
	k := len(c.Cells)
	return c.Clone == nil && k > 2 && c.Cells[0] == c.Cells[k-1]
}

// distinct returns the cells of c, each once: a loop without its closing
// cell.
func (c LineClue) distinct() []int32 {
	if c.Loop() {
		return c.Cells[:len(c.Cells)-1]
	}
	return c.Cells
}

// distinctCells returns cells without the repeats of a cell already
// listed, in their order.
func distinctCells(cells []int32) []int32 {
	out := make([]int32, 0, len(cells))
	for _, x := range cells {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

func (c LineClue) equal(d LineClue) bool {
	return c.Value == d.Value && slices.Equal(c.Cells, d.Cells) && slices.Equal(c.Clone, d.Clone)
}

// LineClues returns the lines of the kind of lines named kind in r
// ("whispers", "renban"...), none for a kind that is not one.
func LineClues(r *grid.Rules, kind string) []LineClue {
	return lineKeys[kind].Get(r)
}

// lineKeys are the keys of the kinds of lines, by name.
var lineKeys = map[string]grid.Key[[]LineClue]{}

// lineSpec is what a kind of lines says of itself.
type lineSpec struct {
	// kind names the kind and its slot; variant names its variant (Rules.Names,
	// --variant), title that for headings; fp and json are its fields in the
	// two formats; what names one line in messages.
	kind, variant, title, fp, json, what string
	// jsonOld is the name its JSON field had before snake_case, still
	// read; "" when it has not changed.
	jsonOld string
	// key keeps its lines in rules.
	key grid.Key[[]LineClue]
	// fpDrawn is its Kind.FPDrawn, or nil.
	fpDrawn func(keys map[string]json.RawMessage, k string) bool
	// minCells is the least number of cells of a line; maxCells the most in
	// a grid of size n, 0 for no bound; a loop counts its cells once.
	minCells int
	maxCells func(n int) int
	// loop says how the kind reads a loop (see LineClue.Loop); the zero
	// value refuses one.
	loop loopReading
	// value is set for a kind whose lines have a value: def gives its default
	// for a grid of size n, valueOK says whether v is one.
	value   bool
	def     func(n int) int
	valueOK func(n, v int) bool
	// holds reports whether the digits d of a whole line keep its rule, in
	// a grid of size n: the direct check, from the rule's meaning.
	holds func(n int, c LineClue, d []int) bool
	// lower adds the constraints of line k (from 0), its value set.
	lower func(s grid.Shape, k int, c LineClue, l *grid.Lowered)
	// iss writes line c (its value set, its cells as the kind reads them)
	// as Interactive-Sudoku-Solver's type of the same meaning, or refuses
	// it (see Kind.WriteISS).
	iss func(o *grid.ISSOut, c LineClue) error
	// draw adds the marks of line k in a grid of size n.
	draw func(n, k int, c LineClue, d *grid.Drawing)
	// text is the rule's sentence for a book.
	text string
	// gloss, when set, makes it a variant of generate: lines drawn from
	// the filled grid, then givens removed to minimal. grow, when set,
	// returns a line that full keeps among the cells not used, or nil; else
	// lines grow at their end as long as the rule holds.
	gloss string
	grow  func(rng *rand.Rand, full grid.Grid, used []bool) []int32
}

// loopReading is how a kind of lines reads a loop, a line whose last cell
// is its first. SudokuSolver reads every line as the list of its cells,
// the first one twice (its Constraint.ParseCells keeps the repeat);
// Interactive-Sudoku-Solver has no loops for these kinds.
type loopReading int

const (
	// noLoop: a loop is refused; the rule has no reading of one that a
	// setter would mean (a thermometer, a palindrome, a between line).
	noLoop loopReading = iota
	// loopPairs: the rule binds the cells beside each other on the line,
	// and the closing pair is one of them (whispers): the list as it is,
	// SudokuSolver's reading. So is a line that comes back to a cell it
	// passed (SudokuSolver and Interactive-Sudoku-Solver bind each pair of
	// the list): each pair beside each other is bound, however often.
	loopPairs
	// loopSet: the rule binds the line's cells as a set (renban, nabner):
	// its cells, each once. SudokuSolver's list would count the first
	// cell twice (a renban of n cells read as a run of n+1).
	loopSet
	// loopThrees: any three cells in a row around the loop (entropic,
	// modular): the line's cells, each once, read as a line, which says the
	// same as the loop when it has a multiple of three cells, as
	// SudokuSolver's list does; a loop of other lengths cannot hold.
	loopThrees
)

// cells returns the cells of c as the kind reads them (see loopReading).
func (sp *lineSpec) cells(c LineClue) []int32 {
	if sp.loop == loopPairs {
		return c.Cells
	}
	return c.distinct()
}

// lineKind returns the row of the table of the kind of lines sp.
func lineKind(sp *lineSpec) *grid.Kind {
	sp.key = grid.NewKey[[]LineClue](sp.kind)
	lineKeys[sp.kind] = sp.key
	l := lineRow{sp}
	k := &grid.Kind{
		Name:       sp.kind,
		Has:        l.has,
		Equal:      l.equal,
		Names:      variantNames(l.has, sp.variant),
		FPFields:   []string{sp.fp},
		FPDrawn:    sp.fpDrawn,
		ReadFP:     l.readFP,
		WriteFP:    l.writeFP,
		WriteISS:   l.writeISS,
		JSONFields: []string{sp.json},
		JSONOld:    oldName(sp.jsonOld, sp.json),
		ReadJSON:   l.readJSON,
		WriteJSON:  l.writeJSON,
		Validate:   l.validate,
		Clashes:    l.clashes,
		Lower:      l.lower,
		Draw:       l.draw,
		Titles:     map[string]string{sp.variant: sp.title},
		Random:     l.random,
		Text:       sentenceText(l.has, sp.text),
	}
	if sp.gloss != "" {
		k.Layouts = []grid.Layout{{Name: sp.variant, Gloss: sp.gloss,
			After: func(rng *rand.Rand, full grid.Grid, r *grid.Rules) { layoutLines(rng, sp, full, r) }}}
	}
	return k
}

// lineRow holds the facets of the row of a kind of lines, one method each.
type lineRow struct{ sp *lineSpec }

func (l lineRow) get(r *grid.Rules) []LineClue { return l.sp.key.Get(r) }

// add adds the lines cs read from input, but those that are degenerate
// (too short to say anything: see degenerate.go), setting the rules' list
// once: setting it line by line copied the list and the rules' slots for
// each.
func (l lineRow) add(r *grid.Rules, cs ...LineClue) {
	list := slices.Clip(l.get(r))
	n := len(list)
	for _, c := range cs {
		if l.sp.kind == "clone" || !degenerate(c.Cells, l.sp.minCells) {
			list = append(list, c)
		}
	}
	if len(list) > n {
		l.sp.key.Set(r, list)
	}
}

func (l lineRow) has(r *grid.Rules) bool { return len(l.get(r)) > 0 }

func (l lineRow) equal(a, b *grid.Rules) bool {
	return slices.EqualFunc(l.get(a), l.get(b), LineClue.equal)
}

// readFP reads the kind's f-puzzles entries: each holds "lines" (an array
// of lines of cells) and, for a kind with values, a "value"; a clone's
// holds "cells" and "cloneCells".
func (l lineRow) readFP(in *grid.FPIn, r *grid.Rules) error {
	sp := l.sp
	entries, err := in.List(sp.fp)
	if err != nil {
		return err
	}
	var read []LineClue
	for j, e := range entries {
		what := fmt.Sprintf("%s %d", sp.fp, j+1)
		value, err := l.fpValue(what, e)
		if err != nil {
			return err
		}
		if sp.kind == "clone" {
			a, err := in.CellList(what+": \"cells\"", e["cells"])
			if err != nil {
				return err
			}
			b, err := in.CellList(what+": \"cloneCells\"", e["cloneCells"])
			if err != nil {
				return err
			}
			read = append(read, LineClue{Cells: a, Clone: b})
			continue
		}
		lines, err := fpLines(in, what, e)
		if err != nil {
			return err
		}
		for _, cs := range lines {
			read = append(read, LineClue{Cells: cs, Value: value})
		}
	}
	l.add(r, read...)
	return nil
}

// fpValue reads the "value" of the f-puzzles entry e, named what: 0 when
// it has none, an error when it is not a whole number or the kind takes
// none.
func (l lineRow) fpValue(what string, e grid.FPEntry) (int, error) {
	if !l.sp.value {
		if grid.Present(e["value"]) {
			return 0, grid.FPErrorf("%s has a \"value\", which %s lines do not take", what, l.sp.what)
		}
		return 0, nil
	}
	s := grid.FPString(e["value"])
	if s == "" {
		return 0, nil
	}
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, grid.FPErrorf("%s: \"value\" %q is not a whole number", what, s)
	}
	return v, nil
}

func (l lineRow) writeFP(o *grid.FPOut, r *grid.Rules) error {
	sp := l.sp
	lines := l.get(r)
	if len(lines) == 0 {
		return nil
	}
	out := make([]map[string]any, len(lines))
	for i, c := range lines {
		if sp.kind == "clone" {
			out[i] = map[string]any{"cells": o.Names(c.Cells), "cloneCells": o.Names(c.Clone)}
			continue
		}
		out[i] = map[string]any{"lines": [][]string{o.Names(c.Cells)}}
		if sp.value && c.Value != 0 {
			out[i]["value"] = strconv.Itoa(c.Value)
		}
	}
	o.Field(sp.fp, out)
	return nil
}

func (l lineRow) writeISS(o *grid.ISSOut, r *grid.Rules) error {
	for _, c := range l.get(r) {
		c = valued(l.sp, o.N, c)
		c.Cells = l.sp.cells(c)
		if err := l.sp.iss(o, c); err != nil {
			return err
		}
	}
	return nil
}

// issLine returns the iss facet of a kind of lines that is ISS's type
// typ, its arguments args and then the line's cells.
func issLine(typ string, args ...string) func(o *grid.ISSOut, c LineClue) error {
	return func(o *grid.ISSOut, c LineClue) error {
		o.Add(typ, append(slices.Clone(args), o.Cells(c.Cells)...)...)
		return nil
	}
}

// issNone returns the iss facet of a kind of lines that ISS cannot state,
// refused for the reason why.
func issNone(kind, why string) func(o *grid.ISSOut, c LineClue) error {
	return func(o *grid.ISSOut, c LineClue) error { return grid.ISSRefuse(kind, "%s", why) }
}

// readJSON reads the kind's JSON field: clones as objects of "cells" and
// "clone", lines with values as objects of "cells" and "value", other
// lines as arrays of cells.
func (l lineRow) readJSON(in *grid.JSONIn, r *grid.Rules) error {
	switch {
	case l.sp.kind == "clone":
		return l.readJSONClones(in, r)
	case l.sp.value:
		return l.readJSONValued(in, r)
	}
	var list [][]string
	if _, err := in.Decode(l.sp.json, &list, `an array of lines, each an array of cells, such as [["r1c1", "r1c2"]]`); err != nil {
		return err
	}
	lines := make([]LineClue, 0, len(list))
	for j, e := range list {
		cs, err := in.CellsOf(l.lineName(j), e)
		if err != nil {
			return err
		}
		lines = append(lines, LineClue{Cells: cs})
	}
	l.add(r, lines...)
	return nil
}

// lineName returns the name of the kind's j-th line (from 0) in the
// input, for an error.
func (l lineRow) lineName(j int) func() string {
	return func() string { return fmt.Sprintf("%s %d", l.sp.what, j+1) }
}

func (l lineRow) readJSONClones(in *grid.JSONIn, r *grid.Rules) error {
	var list []struct {
		Cells []string `json:"cells"`
		Clone []string `json:"clone"`
	}
	if _, err := in.Decode(l.sp.json, &list, `an array of clones, such as [{"cells": ["r1c1"], "clone": ["r9c9"]}]`); err != nil {
		return err
	}
	lines := make([]LineClue, 0, len(list))
	for j, e := range list {
		a, err := in.CellsOf(l.lineName(j), e.Cells)
		if err != nil {
			return err
		}
		b, err := in.CellsOf(l.lineName(j), e.Clone)
		if err != nil {
			return err
		}
		lines = append(lines, LineClue{Cells: a, Clone: b})
	}
	l.add(r, lines...)
	return nil
}

func (l lineRow) readJSONValued(in *grid.JSONIn, r *grid.Rules) error {
	var list []struct {
		Cells []string `json:"cells"`
		Value int      `json:"value,omitempty"`
	}
	if _, err := in.Decode(l.sp.json, &list, `an array of lines, such as [{"cells": ["r1c1", "r1c2"], "value": 4}] ("value" optional)`); err != nil {
		return err
	}
	lines := make([]LineClue, 0, len(list))
	for j, e := range list {
		cs, err := in.CellsOf(l.lineName(j), e.Cells)
		if err != nil {
			return err
		}
		lines = append(lines, LineClue{Cells: cs, Value: e.Value})
	}
	l.add(r, lines...)
	return nil
}

// writeJSON writes the kind's JSON field in the forms readJSON reads.
func (l lineRow) writeJSON(o *grid.JSONOut, r *grid.Rules) error {
	lines := l.get(r)
	if len(lines) == 0 {
		return nil
	}
	switch {
	case l.sp.kind == "clone":
		out := make([]map[string][]string, len(lines))
		for i, c := range lines {
			out[i] = map[string][]string{"cells": o.Names(c.Cells), "clone": o.Names(c.Clone)}
		}
		o.Field(l.sp.json, out)
	case l.sp.value:
		out := make([]map[string]any, len(lines))
		for i, c := range lines {
			out[i] = map[string]any{"cells": o.Names(c.Cells)}
			if c.Value != 0 {
				out[i]["value"] = c.Value
			}
		}
		o.Field(l.sp.json, out)
	default:
		out := make([][]string, len(lines))
		for i, c := range lines {
			out[i] = o.Names(c.Cells)
		}
		o.Field(l.sp.json, out)
	}
	return nil
}

func (l lineRow) validate(v *grid.Validation, r *grid.Rules) error {
	for k, c := range l.get(r) {
		if err := l.validateLine(v, k, c); err != nil {
			return err
		}
	}
	return nil
}

// validateLine reports why line k (from 0) cannot hold in a grid of shape
// v.s, nil when it can.
func (l lineRow) validateLine(v *grid.Validation, k int, c LineClue) error {
	sp, n := l.sp, v.N
	rule := func() string { return fmt.Sprintf("%s %d (%s)", sp.what, k+1, cellList(n, c.Cells)) }
	if c.Loop() && sp.loop == noLoop {
		return grid.RuleErrorf(rule(), "%s is listed twice: a %s cannot be a loop", grid.CellName(n, c.Cells[0]), sp.what)
	}
	cells := c.distinct()
	if sp.loop == loopPairs {
		cells = distinctCells(c.Cells)
	}
	if err := v.InGrid(rule, cells); err != nil {
		return err
	}
	most := n * n
	if sp.maxCells != nil {
		most = sp.maxCells(n)
	}
	if len(cells) < sp.minCells || len(cells) > most {
		return grid.RuleErrorf(rule(), "%d cells, want %d to %d", len(cells), sp.minCells, most)
	}
	if c.Loop() && sp.loop == loopThrees && len(cells)%3 != 0 {
		return grid.RuleErrorf(rule(), "a loop of %d cells: any three in a row around it can differ only when their number is a multiple of 3", len(cells))
	}
	if sp.kind == "clone" {
		return validateClone(v, rule(), c)
	}
	for j := 1; j < len(c.Cells); j++ {
		if !grid.Adjacent(n, c.Cells[j-1], c.Cells[j], true) {
			return grid.RuleErrorf(rule(), "%s does not touch %s: not a line", grid.CellName(n, c.Cells[j]), grid.CellName(n, c.Cells[j-1]))
		}
	}
	if sp.value && c.Value != 0 && !sp.valueOK(n, c.Value) {
		return grid.RuleErrorf(rule(), "value %d cannot be kept in a %dx%d grid", c.Value, n, n)
	}
	return nil
}

// validateClone reports why the clone c, named rule, cannot hold: its
// clone is off the grid, of another length, or shares a cell with it.
func validateClone(v *grid.Validation, rule string, c LineClue) error {
	if err := v.InGrid(func() string { return rule }, c.Clone); err != nil {
		return err
	}
	if len(c.Clone) != len(c.Cells) {
		return grid.RuleErrorf(rule, "%d cells and a clone of %d, want as many", len(c.Cells), len(c.Clone))
	}
	for _, x := range c.Clone {
		if slices.Contains(c.Cells, x) {
			return grid.RuleErrorf(rule, "%s is in both the cells and their clone", grid.CellName(v.N, x))
		}
	}
	return nil
}

func (l lineRow) clashes(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash {
	sp, n := l.sp, g.N()
	for k, c := range l.get(r) {
		cells := append(slices.Clone(sp.cells(c)), c.Clone...)
		d := make([]int, len(cells))
		full := true
		for j, x := range cells {
			d[j] = int(g.Cells[x])
			full = full && d[j] != 0
		}
		if !full || sp.holds(n, valued(sp, n, c), d) {
			continue
		}
		a, b := grid.CellOf(n, cells[0]), grid.CellOf(n, cells[len(cells)-1])
		out = append(out, grid.Clash{Unit: sp.kind, Index: k, Digit: d[len(d)-1], A: a, B: b,
			Detail: fmt.Sprintf("%s %d (%s) holds %s, which breaks its rule", sp.what, k+1, cellList(n, cells), digitList(d))})
	}
	return out
}

func (l lineRow) lower(s grid.Shape, r *grid.Rules, lw *grid.Lowered) {
	for k, c := range l.get(r) {
		c = valued(l.sp, s.N(), c)
		c.Cells = l.sp.cells(c)
		m := lw.Mark()
		l.sp.lower(s, k, c, lw)
		lw.LabelSince(m, l.sp.what+" "+lineName(s.N(), c.Cells))
	}
}

func (l lineRow) draw(s grid.Shape, r *grid.Rules, d *grid.Drawing) {
	for k, c := range l.get(r) {
		l.sp.draw(s.N(), k, c, d)
	}
}

func (l lineRow) random(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
	n := s.N()
	for range 1 + rng.IntN(3) {
		for try := 0; try < 200; try++ {
			c, ok := randomLine(rng, l.sp, n, sol)
			if ok {
				l.add(r, c)
				break
			}
		}
	}
}

// valued returns c with its value set to the kind's default when it has
// none.
func valued(sp *lineSpec, n int, c LineClue) LineClue {
	if sp.value && c.Value == 0 {
		c.Value = sp.def(n)
	}
	return c
}

// digitList writes digits as "1 5 2".
func digitList(d []int) string {
	s := make([]string, len(d))
	for i, v := range d {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, " ")
}

// randomLine returns a random line of kind sp in a grid of size n that the
// full grid sol keeps (any line when sol is nil), or false.
func randomLine(rng *rand.Rand, sp *lineSpec, n int, sol []uint8) (LineClue, bool) {
	most := n * n
	if sp.maxCells != nil {
		most = sp.maxCells(n)
	}
	length := sp.minCells + rng.IntN(max(1, min(most, 6)-sp.minCells+1))
	var c LineClue
	if sp.value && rng.IntN(2) == 0 {
		for v := 1 + rng.IntN(n); ; v = 1 + rng.IntN(n) {
			if sp.valueOK(n, v) {
				c.Value = v
				break
			}
		}
	}
	if sp.kind == "clone" {
		// a run of cells in a row and another elsewhere
		length = 1 + rng.IntN(min(n, 4))
		used := map[int32]bool{}
		for _, dst := range []*[]int32{&c.Cells, &c.Clone} {
			r, col := rng.IntN(n), rng.IntN(n-length+1)
			for j := range length {
				x := int32(r*n + col + j)
				if used[x] {
					return c, false
				}
				used[x] = true
				*dst = append(*dst, x)
			}
		}
	} else {
		c.Cells = []int32{int32(rng.IntN(n * n))}
		for len(c.Cells) < length {
			nb := KingNeighbours(n, c.Cells[len(c.Cells)-1])
			z := nb[rng.IntN(len(nb))]
			if slices.Contains(c.Cells, z) {
				return c, false
			}
			c.Cells = append(c.Cells, z)
		}
	}
	if sol != nil {
		cells := append(slices.Clone(c.Cells), c.Clone...)
		d := make([]int, len(cells))
		for j, x := range cells {
			d[j] = int(sol[x])
		}
		if !sp.holds(n, valued(sp, n, c), d) {
			return c, false
		}
	}
	return c, true
}

// layoutLines adds lines of kind sp that the full grid keeps: each grows
// from a random cell by touching cells on no line yet, as long as the rule
// holds, and is kept when it has three cells or more.
func layoutLines(rng *rand.Rand, sp *lineSpec, full grid.Grid, r *grid.Rules) {
	n := full.N()
	used := make([]bool, n*n)
	most := n
	if sp.maxCells != nil {
		most = min(most, sp.maxCells(n))
	}
	want := max(2, n*n/14)
	d := make([]int, 0, n)
	for try := 0; try < 40*want && len(LineClues(r, sp.kind)) < want; try++ {
		start := int32(rng.IntN(n * n))
		if used[start] {
			continue
		}
		if sp.grow != nil {
			if line := sp.grow(rng, full, used); len(line) >= 3 {
				for _, x := range line {
					used[x] = true
				}
				sp.key.Set(r, append(slices.Clone(sp.key.Get(r)), LineClue{Cells: line}))
			}
			continue
		}
		line := []int32{start}
		target := 3 + rng.IntN(most-2)
		for len(line) < target {
			nb := KingNeighbours(n, line[len(line)-1])
			ok := false
			for _, k := range rng.Perm(len(nb)) {
				z := nb[k]
				if used[z] || slices.Contains(line, z) {
					continue
				}
				d = d[:0]
				for _, x := range line {
					d = append(d, int(full.Cells[x]))
				}
				d = append(d, int(full.Cells[z]))
				if sp.holds(n, valued(sp, n, LineClue{Cells: append(line, z)}), d) {
					line = append(line, z)
					ok = true
					break
				}
			}
			if !ok {
				break
			}
		}
		if len(line) < 3 {
			continue
		}
		for _, x := range line {
			used[x] = true
		}
		sp.key.Set(r, append(slices.Clone(sp.key.Get(r)), LineClue{Cells: line}))
	}
}

// relations caches the relations of kinds of lines by a key, so that
// lines alike share one (the search builds a table per relation).
var relations sync.Map // string -> *Relation

// relation returns the relation named key, made by allows the first time.
func relation(key string, allows func(a, b int) bool) *grid.Relation {
	if r, ok := relations.Load(key); ok {
		return r.(*grid.Relation)
	}
	r, _ := relations.LoadOrStore(key, &grid.Relation{Allows: allows})
	return r.(*grid.Relation)
}

// allPairs links every two cells of cells, the earlier first, with the
// relation rel(i, j) of their places on the line.
func allPairs(l *grid.Lowered, cells []int32, rel func(i, j int) *grid.Relation) {
	l.Links = slices.Grow(l.Links, len(cells)*(len(cells)-1)/2)
	for i := range cells {
		for j := i + 1; j < len(cells); j++ {
			l.Links = append(l.Links, grid.Link{A: cells[i], B: cells[j], Rel: rel(i, j)})
		}
	}
}

// sameDigit is the relation of two cells that hold the same digit.
var sameDigit = relation("same digit", func(a, b int) bool { return a == b })
