package rules

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/sumcnf"
)

// The family of clues outside the grid, beside a row or a column
// (sandwiches, X-sums, skyscrapers; little killers, at a corner, read and
// name their cells the same way).

// edgeClue is a number outside the grid, beside a row or a column: Row
// and Col are 0-based, one of them -1 or N, as in OutsideClue.
type edgeClue struct {
	row, col int
	value    int
}

// parseOutside reads a cell written r0c3 (either case), on a grid of size
// n or just outside it: rows and columns 0 to n+1. It returns the 0-based
// row and column, -1 to n.
func parseOutside(s string, n int) (row, col int, err error) {
	t := strings.ToLower(strings.TrimSpace(s))
	rs, cs, ok := strings.Cut(strings.TrimPrefix(t, "r"), "c")
	if !ok || !strings.HasPrefix(t, "r") {
		return 0, 0, fmt.Errorf("cell %q: want r<row>c<column>, such as r0c1", s)
	}
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if err1 != nil || err2 != nil || r < 0 || r > n+1 || c < 0 || c > n+1 {
		return 0, 0, fmt.Errorf("cell %q is neither in a %dx%d grid nor beside it", s, n, n)
	}
	return r - 1, c - 1, nil
}

// outsideCell reads the "cell" of the f-puzzles entry x, named what: a
// place beside the grid, as parseOutside reads it.
func outsideCell(in *grid.FPIn, what string, x grid.FPEntry) (row, col int, err error) {
	var name string
	if json.Unmarshal(x["cell"], &name) != nil {
		return 0, 0, grid.FPErrorf("%s: \"cell\": want a cell such as \"R0C1\", not %s", what, grid.CutText(x["cell"]))
	}
	row, col, err = parseOutside(name, in.N)
	if err != nil {
		return 0, 0, grid.FPErrorf("%s: %v", what, err)
	}
	return row, col, nil
}

// outsideName names a cell of row and column -1 to n as r0c3.
func outsideName(row, col int) string { return fmt.Sprintf("r%dc%d", row+1, col+1) }

// edgeLine returns the cells of the row or column beside which the clue
// at (row, col) sits, read from the clue's side; nil when the place is
// not beside a row or a column (in the grid, or at a corner).
func edgeLine(n, row, col int) []int32 {
	in := func(x int) bool { return x >= 0 && x < n }
	if in(row) == in(col) {
		return nil
	}
	out := make([]int32, n)
	for i := range n {
		switch {
		case col == -1:
			out[i] = int32(row*n + i)
		case col == n:
			out[i] = int32(row*n + n - 1 - i)
		case row == -1:
			out[i] = int32(i*n + col)
		default:
			out[i] = int32((n-1-i)*n + col)
		}
	}
	return out
}

// edgeSpec is what tells apart the kinds of edgeClueKind.
type edgeSpec struct {
	name, variant, title string
	fp, js               string // the f-puzzles and JSON fields
	jsOld                string // the JSON field before snake_case, still read, or ""
	// rangeOf returns the values a clue may have on a grid of size n.
	rangeOf func(n int) (lo, hi int)
	// of returns the clue that the digits of a full line (from the
	// clue's side) give: the rule's meaning, for the direct check.
	of func(n int, digits []uint8) int
	// lower adds the clauses that the line's clue is value.
	lower func(e *sumcnf.Enc, line []int32, value int)
	// sentence states the rule for books, naming its mark.
	sentence string
	// mark sets the kind's clues apart from the other kinds' in pictures.
	mark grid.OutsideMark
	// generated says that generate makes puzzles of it, with count(n)
	// clues on a grid of size n (edgeClueCount when count is nil).
	generated bool
	count     func(n int) int
	// late makes a clue's line a late scope (grid.Lowered.LateScope).
	late bool
	// iss is its type in Interactive-Sudoku-Solver, which means the same;
	// issSides says that ISS tells the clues from each end of a line apart
	// (as X-sums and skyscrapers must be), else it has one clue a line.
	iss      string
	issSides bool
}

// edgeClueKind returns the kind of clues outside the grid that spec
// describes. f-puzzles writes them as {"cell": "R0C3", "value": "10"}, a
// clue without a value being cosmetic (SudokuSolver passes over it too);
// the JSON form as {"cell": "r0c3", "value": 10}.
func edgeClueKind(spec edgeSpec) *grid.Kind {
	e := edgeRow{spec, grid.NewKey[[]edgeClue](spec.name)}
	return &grid.Kind{
		Name:       spec.name,
		Has:        e.has,
		Equal:      e.equal,
		Names:      variantNames(e.has, spec.variant),
		FPFields:   []string{spec.fp},
		ReadFP:     e.readFP,
		WriteFP:    e.writeFP,
		WriteISS:   e.writeISS,
		JSONFields: []string{spec.js},
		JSONOld:    oldName(spec.jsOld, spec.js),
		ReadJSON:   e.readJSON,
		WriteJSON:  e.writeJSON,
		Validate:   e.validate,
		Clashes:    e.clashes,
		Lower:      e.lower,
		Layouts:    edgeLayouts(spec, e.set),
		Random:     e.random,
		Draw:       e.draw,
		Titles:     map[string]string{spec.variant: spec.title},
		Text:       sentenceText(e.has, spec.sentence),
	}
}

// edgeRow holds the facets of the row of a kind of clues outside the
// grid, one method each.
type edgeRow struct {
	spec edgeSpec
	key  grid.Key[[]edgeClue]
}

func (e edgeRow) get(r *grid.Rules) []edgeClue { return e.key.Get(r) }

func (e edgeRow) set(r *grid.Rules, c []edgeClue) {
	if len(c) > 0 {
		e.key.Set(r, c)
	}
}

func (e edgeRow) has(r *grid.Rules) bool { return len(e.get(r)) > 0 }

func (e edgeRow) equal(a, b *grid.Rules) bool { return slices.Equal(e.get(a), e.get(b)) }

func (e edgeRow) readFP(in *grid.FPIn, r *grid.Rules) error {
	entries, err := in.List(e.spec.fp)
	if err != nil {
		return err
	}
	var out []edgeClue
	for j, x := range entries {
		what := fmt.Sprintf("%s %d", e.spec.fp, j+1)
		v := grid.FPString(x["value"])
		if v == "" || string(x["value"]) == "null" {
			continue // no number: a mark without a rule
		}
		k, err := strconv.Atoi(v)
		if err != nil {
			return grid.FPErrorf("%s: value %q is not a whole number", what, v)
		}
		row, col, err := outsideCell(in, what, x)
		if err != nil {
			return err
		}
		out = append(out, edgeClue{row, col, k})
	}
	e.set(r, out)
	return nil
}

func (e edgeRow) writeFP(o *grid.FPOut, r *grid.Rules) error {
	cs := e.get(r)
	if len(cs) == 0 {
		return nil
	}
	out := make([]map[string]string, len(cs))
	for i, c := range cs {
		out[i] = map[string]string{"cell": strings.ToUpper(outsideName(c.row, c.col)), "value": strconv.Itoa(c.value)}
	}
	o.Field(e.spec.fp, out)
	return nil
}

// writeISS writes each clue as ISS's clue of its line: the row (R3) or
// the column (C3), and for a kind whose clues have sides (issSides) the
// value in the place of the side, ".XSum~R3~12~" from the left and
// ".XSum~R3~~12" from the right (top and bottom for a column). ISS keeps
// one clue a line of the other kinds (a sandwich is the same from either
// end): the same clue twice is written once, and two clues of one line
// that differ, which no grid keeps, are refused.
func (e edgeRow) writeISS(o *grid.ISSOut, r *grid.Rules) error {
	written := map[string]int{}
	for _, c := range e.get(r) {
		id, first := "R"+strconv.Itoa(c.row+1), c.col == -1
		if c.col >= 0 && c.col < o.N {
			id, first = "C"+strconv.Itoa(c.col+1), c.row == -1
		}
		v := strconv.Itoa(c.value)
		switch {
		case e.spec.issSides && first:
			o.Add(e.spec.iss, id, v, "")
		case e.spec.issSides:
			o.Add(e.spec.iss, id, "", v)
		default:
			if w, ok := written[id]; ok && w != c.value {
				return grid.ISSRefuse(e.spec.name, "%s has clues %d and %d at its two ends, and ISS keeps one clue a line", id, w, c.value)
			} else if !ok {
				written[id] = c.value
				o.Add(e.spec.iss, v, id)
			}
		}
	}
	return nil
}

func (e edgeRow) readJSON(in *grid.JSONIn, r *grid.Rules) error {
	var list []struct {
		Cell  string `json:"cell"`
		Value int    `json:"value"`
	}
	if _, err := in.Decode(e.spec.js, &list, `an array of clues such as {"cell": "r0c1", "value": 10}`); err != nil {
		return err
	}
	var out []edgeClue
	for k, c := range list {
		row, col, err := parseOutside(c.Cell, in.N)
		if err != nil {
			return fmt.Errorf("rules: %s %d: %w", e.spec.name, k+1, err)
		}
		out = append(out, edgeClue{row, col, c.Value})
	}
	e.set(r, out)
	return nil
}

func (e edgeRow) writeJSON(o *grid.JSONOut, r *grid.Rules) error {
	cs := e.get(r)
	if len(cs) == 0 {
		return nil
	}
	type clueJSON struct {
		Cell  string `json:"cell"`
		Value int    `json:"value"`
	}
	out := make([]clueJSON, len(cs))
	for i, c := range cs {
		out[i] = clueJSON{outsideName(c.row, c.col), c.value}
	}
	o.Field(e.spec.js, out)
	return nil
}

func (e edgeRow) validate(v *grid.Validation, r *grid.Rules) error {
	n := v.N
	seen := map[[2]int]bool{}
	lo, hi := e.spec.rangeOf(n)
	for k, c := range e.get(r) {
		rule := func() string { return fmt.Sprintf("%s %d (%s)", e.spec.name, k+1, outsideName(c.row, c.col)) }
		if edgeLine(n, c.row, c.col) == nil {
			return grid.RuleErrorf(rule(), "the clue is not beside a row or a column of the %dx%d grid", n, n)
		}
		if seen[[2]int{c.row, c.col}] {
			return grid.RuleErrorf(rule(), "a second clue in the same place")
		}
		seen[[2]int{c.row, c.col}] = true
		if c.value < lo || c.value > hi {
			return grid.RuleErrorf(rule(), "%d: on a %dx%d grid the clue is %d to %d", c.value, n, n, lo, hi)
		}
	}
	return nil
}

func (e edgeRow) clashes(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash {
	n := g.N()
	for k, c := range e.get(r) {
		line := edgeLine(n, c.row, c.col)
		digits := make([]uint8, n)
		full := true
		for i, x := range line {
			digits[i] = g.Cells[x]
			full = full && digits[i] != 0
		}
		if !full {
			continue
		}
		if got := e.spec.of(n, digits); got != c.value {
			x, y := grid.CellOf(n, line[0]), grid.CellOf(n, line[n-1])
			out = append(out, grid.Clash{Unit: e.spec.name, Index: k, Digit: int(digits[0]), A: x, B: y,
				Detail: fmt.Sprintf("%s %d at %s says %d, and the digits from %s to %s give %d", e.spec.name, k+1, outsideName(c.row, c.col), c.value, x, y, got)})
		}
	}
	return out
}

func (e edgeRow) lower(s grid.Shape, r *grid.Rules, l *grid.Lowered) {
	cs := e.get(r)
	if len(cs) == 0 {
		return
	}
	enc := sumcnf.NewEnc(s, l)
	for _, c := range cs {
		line := edgeLine(s.N(), c.row, c.col)
		m := l.Mark()
		if !l.Bare() { // clauses (and facts) only, which a bare lowering drops
			e.spec.lower(enc, line, c.value)
		}
		if e.spec.late {
			l.LateScope(line)
		} else {
			l.Scope(line)
		}
		l.LabelSince(m, e.spec.name+" "+strconv.Itoa(c.value)+" "+clueSide(s.N(), c.row, c.col))
	}
}

func (e edgeRow) random(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
	e.set(r, append(e.get(r), randomEdgeClues(rng, s.N(), sol, e.spec, 1+rng.IntN(4))...))
}

func (e edgeRow) draw(s grid.Shape, r *grid.Rules, d *grid.Drawing) {
	for _, c := range e.get(r) {
		d.Outside = append(d.Outside, grid.OutsideClue{Row: c.row, Col: c.col, Text: strconv.Itoa(c.value), Mark: e.spec.mark})
	}
}

// edgeLayouts returns the layout of generate for spec, none when it is
// not generated.
func edgeLayouts(spec edgeSpec, set func(r *grid.Rules, c []edgeClue)) []grid.Layout {
	if !spec.generated {
		return nil
	}
	return []grid.Layout{{Name: spec.variant, Gloss: spec.name + " clues drawn from the solution, then givens removed to minimal",
		After: func(rng *rand.Rand, full grid.Grid, r *grid.Rules) {
			count := edgeClueCount
			if spec.count != nil {
				count = spec.count
			}
			set(r, randomEdgeClues(rng, full.N(), full.Cells, spec, count(full.N())))
		},
		Refuse: refuseOverSumLayout(spec.name)}}
}

// randomEdgeClues returns up to count clues in distinct places beside the
// grid, with the values the full grid sol gives them (with sol nil, any
// value in range).
func randomEdgeClues(rng *rand.Rand, n int, sol []uint8, spec edgeSpec, count int) []edgeClue {
	var places [][2]int
	for i := range n {
		places = append(places, [2]int{i, -1}, [2]int{i, n}, [2]int{-1, i}, [2]int{n, i})
	}
	rng.Shuffle(len(places), func(i, j int) { places[i], places[j] = places[j], places[i] })
	lo, hi := spec.rangeOf(n)
	var out []edgeClue
	for _, p := range places[:min(count, len(places))] {
		c := edgeClue{row: p[0], col: p[1], value: lo + rng.IntN(hi-lo+1)}
		if sol != nil {
			line := edgeLine(n, p[0], p[1])
			digits := make([]uint8, n)
			for i, x := range line {
				digits[i] = sol[x]
			}
			c.value = spec.of(n, digits)
		}
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b edgeClue) int {
		if a.row != b.row {
			return a.row - b.row
		}
		return a.col - b.col
	})
	return out
}
