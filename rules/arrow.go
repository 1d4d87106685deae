package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/sumcnf"
)

// arrowKind is arrows: the digits on an arrow's line add up to the number
// in its circle. A circle of one cell holds that number; a pill of two or
// three cells in a row or a column holds it as a decimal number, its
// digits read in the order given (as SudokuSolver reads them), so pills
// are for grids up to 9x9. Digits may repeat on a line. f-puzzles writes
// arrows as "arrow": {"cells": circle, "lines": [[start, line...]]}, each
// line starting at the circle cell it leaves from and each an arrow of
// its own; the JSON form as "arrows": [{"circle": [...], "line": [...]}],
// the line without the circle. Its data is []arrow in the rules' slot.
var arrowKind = &grid.Kind{
	Name:  "arrow",
	Has:   func(r *grid.Rules) bool { return len(arrows(r)) > 0 },
	Equal: func(a, b *grid.Rules) bool { return slices.EqualFunc(arrows(a), arrows(b), arrow.equal) },
	Names: func(r *grid.Rules, out []string) []string {
		if len(arrows(r)) > 0 {
			out = append(out, "arrow")
		}
		return out
	},
	FPFields:   []string{"arrow"},
	ReadFP:     readArrowsFP,
	WriteFP:    writeArrowsFP,
	WriteISS:   writeArrowsISS,
	JSONFields: []string{"arrows"},
	ReadJSON:   readArrowsJSON,
	WriteJSON: func(o *grid.JSONOut, r *grid.Rules) error {
		as := arrows(r)
		if len(as) == 0 {
			return nil
		}
		type arrowJSON struct {
			Circle []string `json:"circle"`
			Line   []string `json:"line"`
		}
		out := make([]arrowJSON, len(as))
		for i, a := range as {
			out[i] = arrowJSON{o.Names(a.circle), o.Names(a.line)}
		}
		o.Field("arrows", out)
		return nil
	},
	Validate: validateArrows,
	Clashes:  arrowClashes,
	Lower: func(s grid.Shape, r *grid.Rules, l *grid.Lowered) {
		as := arrows(r)
		if len(as) == 0 {
			return
		}
		e := sumcnf.NewEnc(s, l)
		for _, a := range as {
			if !l.Bare() { // clauses only, which a bare lowering drops
				circle := make([]sumcnf.Ord, len(a.circle))
				for i, c := range a.circle {
					circle[i] = sumcnf.Scaled(e.Digit(c), pow10(len(a.circle)-1-i))
				}
				_, hi := pillRange(s.N(), len(a.circle))
				capacity := min(hi, len(a.line)*s.N()) + 1
				e.Equal(e.Sum(circle, capacity), e.Sum(e.Cells(a.line), capacity))
			}
			l.Scope(a.circle, a.line)
			label := "arrow " + lineName(s.N(), a.circle) + " (shaft " + lineName(s.N(), a.line) + ")"
			l.ScopeLabels[len(l.ScopeLabels)-1] = label
			weights := make([]int, len(a.circle))
			for i := range a.circle {
				weights[i] = pow10(len(a.circle) - 1 - i)
			}
			l.AddLinear(a.circle, a.line, weights, 0, label, [2]string{"the circle", "the shaft"})
		}
	},
	Layouts: []grid.Layout{{Name: "arrow", Gloss: "random arrows drawn from the solution, then givens removed to minimal",
		After: func(rng *rand.Rand, full grid.Grid, r *grid.Rules) {
			setArrows(r, layoutArrows(rng, full.N(), full.Cells, arrowCount(rng, full.N())))
		},
		Refuse: refuseOverSumLayout("arrow")}},
	Random: randomArrows,
	Draw: func(s grid.Shape, r *grid.Rules, d *grid.Drawing) {
		n := s.N()
		for _, a := range arrows(r) {
			d.Rings = append(d.Rings, a.circle)
			start := a.circle[0]
			for _, c := range a.circle {
				if chebyshev(n, c, a.line[0]) < chebyshev(n, start, a.line[0]) {
					start = c
				}
			}
			d.Lines = append(d.Lines, grid.Line{Cells: append([]int32{start}, a.line...), Style: grid.LineThin, Arrow: true})
		}
	},
	Titles: map[string]string{"arrow": "Arrow"},
	Text: func(all []grid.Grid) []string {
		var any, pill bool
		for _, g := range all {
			for _, a := range arrows(g.Rules) {
				any = true
				pill = pill || len(a.circle) > 1
			}
		}
		var s []string
		if any {
			s = append(s, "The digits along each arrow add up to the digit in its circle; digits may repeat on an arrow.")
		}
		if pill {
			s = append(s, "An oval circle of several cells holds a number read from its digits in order, left to right or top to bottom.")
		}
		return s
	},
}

// writeArrowsISS writes each arrow as ISS's Arrow (the circle, then the
// line) or, for a pill, its PillArrow, which reads the pill's cells in
// reading order (left to right, top to bottom): a pill listed the other
// way, which reads here as written, is refused.
func writeArrowsISS(o *grid.ISSOut, r *grid.Rules) error {
	for k, a := range arrows(r) {
		cells := o.Cells(append(slices.Clone(a.circle), a.line...))
		if len(a.circle) == 1 {
			o.Add("Arrow", cells...)
			continue
		}
		if a.circle[1] < a.circle[0] {
			return grid.ISSRefuse("arrow", "arrow %d: its pill %s reads right to left or bottom to top, and ISS reads every pill left to right and top to bottom",
				k+1, cellList(o.N, a.circle))
		}
		o.Add("PillArrow", append([]string{strconv.Itoa(len(a.circle))}, cells...)...)
	}
	return nil
}

// arrow is one arrow: its circle (one cell, or a pill of two or three)
// and its line, from the circle out.
type arrow struct {
	circle, line []int32
}

func (a arrow) equal(b arrow) bool {
	return slices.Equal(a.circle, b.circle) && slices.Equal(a.line, b.line)
}

// arrowKey keeps the arrows of rules.
var arrowKey = grid.NewKey[[]arrow]("arrow")

func arrows(r *grid.Rules) []arrow { return arrowKey.Get(r) }

func setArrows(r *grid.Rules, a []arrow) {
	if len(a) > 0 {
		arrowKey.Set(r, a)
	}
}

func pow10(k int) int {
	p := 1
	for range k {
		p *= 10
	}
	return p
}

// pillRange returns the least and the greatest number a circle of k cells
// can hold on a grid of size n: 1 to n for one cell, 11 to 99 for two.
func pillRange(n, k int) (lo, hi int) {
	if k == 1 {
		return 1, n
	}
	for range k {
		lo, hi = lo*10+1, hi*10+9
	}
	return lo, hi
}

// pillValue reads the digits of cells of g as the number of a circle.
func pillValue(cells []uint8, circle []int32) int {
	v := 0
	for _, c := range circle {
		v = v*10 + int(cells[c])
	}
	return v
}

// chebyshev returns the king's distance between cells a and b.
func chebyshev(n int, a, b int32) int {
	return max(abs(int(a)/n-int(b)/n), abs(int(a)%n-int(b)%n))
}

func readArrowsFP(in *grid.FPIn, r *grid.Rules) error {
	entries, err := in.List("arrow")
	if err != nil {
		return err
	}
	var out []arrow
	for j, e := range entries {
		what := fmt.Sprintf("arrow %d", j+1)
		circle, err := in.CellList(what+": \"cells\"", e["cells"])
		if err != nil {
			return err
		}
		var lines []jsonValue
		if e["lines"] == nil {
			return grid.FPErrorf("%s has no \"lines\"", what)
		}
		if err := decodeValue(e["lines"], &lines); err != nil {
			return grid.FPErrorf("%s: \"lines\": want an array of lines of cells, not %s", what, grid.CutText(e["lines"]))
		}
		for _, raw := range lines {
			line, err := in.CellList(what+": \"lines\"", raw)
			if err != nil {
				return err
			}
			if len(line) == 0 {
				return grid.FPErrorf("%s: a line has no cells", what)
			}
			// the first cell of a line is the circle cell it leaves from
			if !slices.Contains(circle, line[0]) {
				return grid.FPErrorf("%s: its line starts at %s, which is not in its circle", what, grid.CellName(in.N, line[0]))
			}
			if len(line) == 1 {
				continue // no shaft: it constrains nothing (degenerate.go)
			}
			out = append(out, arrow{circle: slices.Clone(circle), line: line[1:]})
		}
	}
	setArrows(r, out)
	return nil
}

func writeArrowsFP(o *grid.FPOut, r *grid.Rules) error {
	as := arrows(r)
	if len(as) == 0 {
		return nil
	}
	type entry struct {
		Lines [][]string `json:"lines"`
		Cells []string   `json:"cells"`
	}
	out := make([]entry, len(as))
	for i, a := range as {
		start := a.circle[0]
		for _, c := range a.circle {
			if len(a.line) > 0 && chebyshev(o.N, c, a.line[0]) < chebyshev(o.N, start, a.line[0]) {
				start = c
			}
		}
		out[i] = entry{Lines: [][]string{o.Names(append([]int32{start}, a.line...))}, Cells: o.Names(a.circle)}
	}
	o.Field("arrow", out)
	return nil
}

func readArrowsJSON(in *grid.JSONIn, r *grid.Rules) error {
	var list []struct {
		Circle []string `json:"circle"`
		Line   []string `json:"line"`
	}
	if _, err := in.Decode("arrows", &list, `an array of arrows such as {"circle": ["r1c1"], "line": ["r1c2", "r1c3"]}`); err != nil {
		return err
	}
	var out []arrow
	for k, a := range list {
		what := fmt.Sprintf("arrow %d", k+1)
		circle, err := in.Cells(what, a.Circle)
		if err != nil {
			return err
		}
		line, err := in.Cells(what, a.Line)
		if err != nil {
			return err
		}
		if len(circle) > 0 && len(line) == 0 {
			continue // no shaft: it constrains nothing (degenerate.go)
		}
		out = append(out, arrow{circle, line})
	}
	setArrows(r, out)
	return nil
}

func validateArrows(v *grid.Validation, r *grid.Rules) error {
	n := v.N
	work := 0
	for k, a := range arrows(r) {
		rule := func() string {
			return fmt.Sprintf("arrow %d (circle %s, line %s)", k+1, cellList(n, a.circle), cellList(n, a.line))
		}
		if err := v.InGrid(rule, append(slices.Clone(a.circle), a.line...)); err != nil {
			return err
		}
		switch {
		case len(a.circle) == 0 || len(a.circle) > 3:
			return grid.RuleErrorf(rule(), "a circle of %d cells, want 1 to 3", len(a.circle))
		case len(a.circle) > 1 && n > 9:
			return grid.RuleErrorf(rule(), "a circle of several cells reads as a decimal number: it is supported up to 9x9")
		case len(a.line) == 0:
			return grid.RuleErrorf(rule(), "its line has no cells beyond the circle")
		}
		for i := 1; i < len(a.circle); i++ {
			if i > 1 && a.circle[i]-a.circle[i-1] != a.circle[1]-a.circle[0] || !grid.Adjacent(n, a.circle[i-1], a.circle[i], false) {
				return grid.RuleErrorf(rule(), "the cells of its circle are not a run along a row or a column")
			}
		}
		touches := false
		for _, c := range a.circle {
			touches = touches || grid.Adjacent(n, c, a.line[0], true)
		}
		if !touches {
			return grid.RuleErrorf(rule(), "its line does not start beside its circle")
		}
		for j := 1; j < len(a.line); j++ {
			if !grid.Adjacent(n, a.line[j-1], a.line[j], true) {
				return grid.RuleErrorf(rule(), "%s does not touch %s: its line is not a chain", grid.CellName(n, a.line[j]), grid.CellName(n, a.line[j-1]))
			}
		}
		lo, hi := pillRange(n, len(a.circle))
		if len(a.line) > hi || len(a.line)*n < lo {
			return grid.RuleErrorf(rule(), "%d cells add up to %d to %d, and the circle holds %d to %d", len(a.line), len(a.line), len(a.line)*n, lo, hi)
		}
		if work += len(a.line) * (min(hi, len(a.line)*n) + 1); work > sumBudget {
			return grid.RuleErrorf(rule(), "the arrows are too many or too long to encode")
		}
	}
	return nil
}

// arrowClashes reports arrows whose cells are all given and whose line
// does not add up to the number in its circle.
func arrowClashes(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash {
	n := g.N()
	for k, a := range arrows(r) {
		full, sum := true, 0
		for _, c := range append(slices.Clone(a.circle), a.line...) {
			full = full && g.Cells[c] != 0
		}
		if !full {
			continue
		}
		for _, c := range a.line {
			sum += int(g.Cells[c])
		}
		if v := pillValue(g.Cells, a.circle); v != sum {
			x := grid.CellOf(n, a.circle[0])
			out = append(out, grid.Clash{Unit: "arrow", Index: k, Digit: int(g.Cells[a.circle[0]]), A: x, B: grid.CellOf(n, a.line[0]),
				Detail: fmt.Sprintf("arrow %d: its circle at %s holds %d, and its line adds up to %d", k+1, x, v, sum)})
		}
	}
	return out
}

// layoutArrows draws up to count arrows from the full grid cells, no
// cell in two: each from a random circle holding d, along a random chain
// of touching cells whose digits add up to d.
func layoutArrows(rng *rand.Rand, n int, cells []uint8, count int) []arrow {
	used := make([]bool, n*n)
	var out []arrow
	for try := 0; try < 20*count && len(out) < count; try++ {
		c := int32(rng.IntN(n * n))
		if used[c] || cells[c] < 2 {
			continue
		}
		line := growLine(rng, n, cells, used, c, int(cells[c]))
		if line == nil {
			continue
		}
		used[c] = true
		for _, x := range line {
			used[x] = true
		}
		out = append(out, arrow{circle: []int32{c}, line: line})
	}
	slices.SortFunc(out, func(a, b arrow) int { return int(a.circle[0] - b.circle[0]) })
	return out
}

// growLine returns a random chain of touching cells, the first beside
// from, none used, whose digits add up to sum; nil when it gets stuck.
func growLine(rng *rand.Rand, n int, cells []uint8, used []bool, from int32, sum int) []int32 {
	var line []int32
	last := from
	for sum > 0 {
		var next []int32
		for _, z := range KingNeighbours(n, last) {
			if !used[z] && z != from && !slices.Contains(line, z) && int(cells[z]) <= sum {
				next = append(next, z)
			}
		}
		if len(next) == 0 {
			return nil
		}
		z := next[rng.IntN(len(next))]
		line = append(line, z)
		sum -= int(cells[z])
		last = z
	}
	return line
}

// randomArrows adds a few arrows that sol keeps (with sol nil, any valid
// arrows), some with a pill of two cells on grids up to 9x9.
func randomArrows(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
	n := s.N()
	cells := sol
	if cells == nil {
		// digits to draw from: any grid will do for valid arrows
		cells = make([]uint8, n*n)
		for i := range cells {
			cells[i] = uint8(1 + rng.IntN(n))
		}
	}
	out := layoutArrows(rng, n, cells, 1+rng.IntN(3))
	if n <= 9 && rng.IntN(2) == 0 {
		used := make([]bool, n*n)
		for _, a := range out {
			used[a.circle[0]] = true
			for _, c := range a.line {
				used[c] = true
			}
		}
		for try := 0; try < 20; try++ {
			c := int32(rng.IntN(n * n))
			d := int32(1)
			if rng.IntN(2) == 0 {
				d = int32(n)
			}
			if int(c)+int(d) >= n*n || d == 1 && int(c)%n == n-1 || used[c] || used[c+d] {
				continue
			}
			circle := []int32{c, c + d}
			used[c], used[c+d] = true, true
			line := growLine(rng, n, cells, used, c+d, pillValue(cells, circle))
			if line == nil || !grid.Adjacent(n, circle[1], line[0], true) {
				used[c], used[c+d] = false, false
				continue
			}
			out = append(out, arrow{circle: circle, line: line})
			break
		}
	}
	setArrows(r, append(arrows(r), out...))
}
