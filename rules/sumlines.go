package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/sumcnf"
)

// The family of lines whose parts add up to the same total (region sum
// lines, zippers, double arrows).

// sumLineSpec is what tells apart the kinds of equalSumLineKind.
type sumLineSpec struct {
	name, variant, title string
	fp, js               string
	min                  int // the fewest cells of a line
	// groups returns the parts of a line whose digits add up to the same
	// total, on shape s with rules r.
	groups func(s grid.Shape, r *grid.Rules, line []int32) [][]int32
	// distinct says that the digits of each group differ: its cells lie
	// in one region (see sumcnf.Enc.DistinctSumsEqual).
	distinct bool
	draw     func(line []int32, d *grid.Drawing)
	sentence string
	// loops says that a line may be a loop, its last cell its first (see
	// LineClue.Loop), which groups then reads around; else a loop is
	// refused.
	loops bool
	// iss is its type in Interactive-Sudoku-Solver, which means the same
	// of the cells issCells returns for a line (the line itself when
	// issCells is nil).
	iss      string
	issCells func(s grid.Shape, r *grid.Rules, line []int32) []int32
	// gloss, when set, makes it a variant of generate: lines grown over
	// the filled grid (layoutSumLines), then givens removed to minimal.
	gloss string
}

// equalSumLineKind returns the kind of lines that spec describes: lines
// of touching cells, cut into groups whose digits add up to the same total
// (digits may repeat). f-puzzles writes them as {"lines": [[cells]]}, the
// JSON form as lists of cells.
func equalSumLineKind(spec sumLineSpec) *grid.Kind {
	q := sumLineRow{spec, grid.NewKey[[][]int32](spec.name)}
	return &grid.Kind{
		Name:       spec.name,
		Has:        q.has,
		Equal:      q.equal,
		Names:      variantNames(q.has, spec.variant),
		FPFields:   []string{spec.fp},
		ReadFP:     q.readFP,
		WriteFP:    q.writeFP,
		WriteISS:   q.writeISS,
		JSONFields: []string{spec.js},
		ReadJSON:   q.readJSON,
		WriteJSON:  q.writeJSON,
		Validate:   q.validate,
		Clashes:    q.clashes,
		Lower:      q.lower,
		Random:     q.random,
		Draw:       q.draw,
		Titles:     map[string]string{spec.variant: spec.title},
		Text:       sentenceText(q.has, spec.sentence),
		Layouts:    q.layouts(),
	}
}

// layouts returns the kind's variant of generate, if it has one.
func (q sumLineRow) layouts() []grid.Layout {
	if q.spec.gloss == "" {
		return nil
	}
	return []grid.Layout{{Name: q.spec.variant, Gloss: q.spec.gloss,
		After: func(rng *rand.Rand, full grid.Grid, r *grid.Rules) {
			q.set(r, layoutSumLines(rng, q.spec, full, r, sumLineCount(full.N())))
		},
		Refuse: refuseOverSumLayout(q.spec.name)}}
}

// sumLineRow holds the facets of the row of a kind of lines of equal sums,
// one method each.
type sumLineRow struct {
	spec sumLineSpec
	key  grid.Key[[][]int32]
}

func (q sumLineRow) get(r *grid.Rules) [][]int32 { return q.key.Get(r) }

func (q sumLineRow) set(r *grid.Rules, c [][]int32) {
	if len(c) > 0 {
		q.key.Set(r, c)
	}
}

func (q sumLineRow) has(r *grid.Rules) bool { return len(q.get(r)) > 0 }

func (q sumLineRow) equal(a, b *grid.Rules) bool {
	return slices.EqualFunc(q.get(a), q.get(b), func(x, y []int32) bool { return slices.Equal(x, y) })
}

func (q sumLineRow) readFP(in *grid.FPIn, r *grid.Rules) error {
	entries, err := in.List(q.spec.fp)
	if err != nil {
		return err
	}
	var out [][]int32
	for j, e := range entries {
		lines, err := fpLines(in, fmt.Sprintf("%s %d", q.spec.fp, j+1), e)
		if err != nil {
			return err
		}
		out = append(out, lines...)
	}
	q.set(r, keepLines(out, q.spec.min))
	return nil
}

func (q sumLineRow) writeFP(o *grid.FPOut, r *grid.Rules) error {
	ls := q.get(r)
	if len(ls) == 0 {
		return nil
	}
	out := make([]map[string][][]string, len(ls))
	for i, t := range ls {
		out[i] = map[string][][]string{"lines": {o.Names(t)}}
	}
	o.Field(q.spec.fp, out)
	return nil
}

func (q sumLineRow) writeISS(o *grid.ISSOut, r *grid.Rules) error {
	for _, t := range q.get(r) {
		if q.spec.issCells != nil {
			t = q.spec.issCells(o.Shape, r, t)
		}
		o.Add(q.spec.iss, o.Cells(t)...)
	}
	return nil
}

func (q sumLineRow) readJSON(in *grid.JSONIn, r *grid.Rules) error {
	var lines [][]string
	if _, err := in.Decode(q.spec.js, &lines, `an array of lines, each an array of cells, such as [["r1c1", "r1c2"]]`); err != nil {
		return err
	}
	var out [][]int32
	for k, t := range lines {
		cells, err := in.Cells(fmt.Sprintf("%s %d", q.spec.name, k+1), t)
		if err != nil {
			return err
		}
		out = append(out, cells)
	}
	q.set(r, keepLines(out, q.spec.min))
	return nil
}

func (q sumLineRow) writeJSON(o *grid.JSONOut, r *grid.Rules) error {
	if ls := q.get(r); len(ls) > 0 {
		out := make([][]string, len(ls))
		for i, t := range ls {
			out[i] = o.Names(t)
		}
		o.Field(q.spec.js, out)
	}
	return nil
}

func (q sumLineRow) validate(v *grid.Validation, r *grid.Rules) error {
	n := v.N
	work := 0
	for k, t := range q.get(r) {
		rule := func() string { return fmt.Sprintf("%s %d (%s)", q.spec.name, k+1, cellList(n, t)) }
		line := LineClue{Cells: t}
		if line.Loop() && !q.spec.loops {
			return grid.RuleErrorf(rule(), "%s is listed twice: a %s cannot be a loop", grid.CellName(n, t[0]), q.spec.name)
		}
		if err := v.InGrid(rule, line.distinct()); err != nil {
			return err
		}
		if len(line.distinct()) < q.spec.min {
			return grid.RuleErrorf(rule(), "%d cells, want at least %d", len(line.distinct()), q.spec.min)
		}
		for j := 1; j < len(t); j++ {
			if !grid.Adjacent(n, t[j-1], t[j], true) {
				return grid.RuleErrorf(rule(), "%s does not touch %s: not a chain", grid.CellName(n, t[j]), grid.CellName(n, t[j-1]))
			}
		}
		if work += len(t) * (len(t)*n + 1); work > sumBudget {
			return grid.RuleErrorf(rule(), "the lines are too many or too long to encode")
		}
	}
	return nil
}

func (q sumLineRow) clashes(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash {
	for k, t := range q.get(r) {
		full := true
		for _, c := range t {
			full = full && g.Cells[c] != 0
		}
		if full {
			out = q.lineClash(g, r, k, t, out)
		}
	}
	return out
}

// lineClash appends the clash of line k (from 0), t, when the groups of
// its full cells in g do not add up to the same total.
func (q sumLineRow) lineClash(g grid.Grid, r *grid.Rules, k int, t []int32, out []grid.Clash) []grid.Clash {
	n := g.N()
	groups := q.spec.groups(g.Shape, r, t)
	var sums []int
	for _, grp := range groups {
		s := 0
		for _, c := range grp {
			s += int(g.Cells[c])
		}
		sums = append(sums, s)
	}
	for i := 1; i < len(sums); i++ {
		if sums[i] != sums[0] {
			x, y := grid.CellOf(n, groups[0][0]), grid.CellOf(n, groups[i][0])
			return append(out, grid.Clash{Unit: q.spec.name, Index: k, Digit: int(g.Cells[t[0]]), A: x, B: y,
				Detail: fmt.Sprintf("%s %d: the cells from %s add up to %d, those from %s to %d", q.spec.name, k+1, x, sums[0], y, sums[i])})
		}
	}
	return out
}

func (q sumLineRow) lower(s grid.Shape, r *grid.Rules, l *grid.Lowered) {
	ls := q.get(r)
	if len(ls) == 0 {
		return
	}
	e := sumcnf.NewEnc(s, l)
	for _, t := range ls {
		groups := q.spec.groups(s, r, t)
		switch {
		case l.Bare(): // clauses only, which a bare lowering drops
		case q.spec.distinct:
			e.DistinctSumsEqual(groups)
		default:
			e.SumsEqual(groups)
		}
		if q.spec.distinct {
			l.EarlyScope(t)
		} else {
			l.Scope(t)
		}
		label := q.spec.name + " " + lineName(s.N(), t)
		l.ScopeLabels[len(l.ScopeLabels)-1] = label
		for i := range groups {
			for j := i + 1; j < len(groups); j++ {
				l.AddLinear(groups[i], groups[j], nil, 0, label, [2]string{})
			}
		}
	}
}

func (q sumLineRow) random(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
	n := s.N()
	var out [][]int32
	for range 40 {
		if len(out) == 2 {
			break
		}
		t := []int32{int32(rng.IntN(n * n))}
		for size := q.spec.min + rng.IntN(n); len(t) < size; {
			nb := KingNeighbours(n, t[len(t)-1])
			z := nb[rng.IntN(len(nb))]
			if slices.Contains(t, z) {
				break
			}
			t = append(t, z)
		}
		if len(t) < q.spec.min {
			continue
		}
		if sol != nil && !equalSums(sol, q.spec.groups(s, r, t)) {
			continue
		}
		out = append(out, t)
	}
	q.set(r, append(q.get(r), out...))
}

func (q sumLineRow) draw(s grid.Shape, r *grid.Rules, d *grid.Drawing) {
	for _, t := range q.get(r) {
		q.spec.draw(t, d)
	}
}

// equalSums reports whether the digits of each group in sol add up to the
// same total.
func equalSums(sol []uint8, groups [][]int32) bool {
	first := -1
	for _, g := range groups {
		s := 0
		for _, c := range g {
			s += int(sol[c])
		}
		if first >= 0 && s != first {
			return false
		}
		first = s
	}
	return true
}

// sumLineCount is how many lines generate draws on a grid of size n: 3 on
// 9x9.
func sumLineCount(n int) int { return max(1, n/3) }

// layoutSumLines returns up to count lines of kind spec that the full grid
// keeps, on cells of no other line: each is grown from a random cell to a
// random king's neighbour at a time, by a search that keeps only the
// prefixes whose finished groups add up to the first one's total, and
// ends at a line of two groups or more, 3 to 2N/3+2 cells.
func layoutSumLines(rng *rand.Rand, spec sumLineSpec, full grid.Grid, r *grid.Rules, count int) [][]int32 {
	n := full.N()
	used := make([]bool, n*n)
	var out [][]int32
	for try := 0; try < 40*count && len(out) < count; try++ {
		start := int32(rng.IntN(n * n))
		if used[start] {
			continue
		}
		g := sumLineGrower{rng: rng, spec: spec, full: full, r: r, used: used,
			want: max(spec.min, 3) + rng.IntN(2*n/3), budget: 2000}
		if line := g.grow([]int32{start}); line != nil {
			for _, x := range line {
				used[x] = true
			}
			out = append(out, line)
		}
	}
	return out
}

// sumLineGrower is the search of layoutSumLines for one line.
type sumLineGrower struct {
	rng    *rand.Rand
	spec   sumLineSpec
	full   grid.Grid
	r      *grid.Rules
	used   []bool
	want   int // the line's length
	budget int // the prefixes left to try
}

// grow returns a line that starts with line and keeps the rule, or nil.
func (g *sumLineGrower) grow(line []int32) []int32 {
	g.budget--
	groups := g.spec.groups(g.full.Shape, g.r, line)
	if !g.keeps(groups) {
		return nil
	}
	if len(line) >= g.want {
		if len(groups) >= 2 && equalSums(g.full.Cells, groups) {
			return line
		}
		if len(line) > g.want+2 {
			return nil
		}
	}
	nb := KingNeighbours(g.full.N(), line[len(line)-1])
	for _, k := range g.rng.Perm(len(nb)) {
		z := nb[k]
		if g.budget <= 0 || g.used[z] || slices.Contains(line, z) {
			continue
		}
		if got := g.grow(append(line, z)); got != nil {
			return got
		}
	}
	return nil
}

// keeps reports whether groups, the groups of a line that may go on, can
// still add up to one total: every group but the last, which may grow, has
// the first one's total, and the last one does not pass it.
func (g *sumLineGrower) keeps(groups [][]int32) bool {
	total := -1
	for i, c := range groups {
		s := 0
		for _, x := range c {
			s += int(g.full.Cells[x])
		}
		switch {
		case i == 0 && len(groups) == 1:
		case i == 0:
			total = s
		case i < len(groups)-1 && s != total, s > total:
			return false
		}
	}
	return true
}
