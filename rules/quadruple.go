package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// quadrupleKind is quadruples: digits on the point where four cells (a 2x2
// square) meet, each of which appears in one of those cells; a digit
// written twice appears in two of them. f-puzzles writes them as
// "quadruple": [{"cells": [4 cells], "values": [digits]}], and the JSON
// form as "quadruples": [{"cells": [4 cells], "digits": [digits]}]. Its
// data is a []quadruple in the rules' slot.
var quadrupleKind = &grid.Kind{
	Name: "quadruple",
	Has:  func(r *grid.Rules) bool { return len(quadruplesOf(r)) > 0 },
	Equal: func(a, b *grid.Rules) bool {
		return slices.EqualFunc(quadruplesOf(a), quadruplesOf(b), func(x, y quadruple) bool {
			return x.Cells == y.Cells && slices.Equal(x.Digits, y.Digits)
		})
	},
	Names: func(r *grid.Rules, out []string) []string {
		if len(quadruplesOf(r)) > 0 {
			out = append(out, "quadruple")
		}
		return out
	},
	FPFields: []string{"quadruple"},
	ReadFP: func(in *grid.FPIn, r *grid.Rules) error {
		entries, err := in.List("quadruple")
		if err != nil {
			return err
		}
		var qs []quadruple
		for j, e := range entries {
			what := fmt.Sprintf("quadruple %d", j+1)
			cs, err := in.CellList(what+": \"cells\"", e["cells"])
			if err != nil {
				return err
			}
			var ds []int
			if err := decodeValue(e["values"], &ds); err != nil {
				return grid.FPErrorf("%s: \"values\": want an array of digits such as [1, 2], not %s", what, grid.CutText(e["values"]))
			}
			q, err := newQuadruple(what, in.N, cs, ds)
			if err != nil {
				return grid.FPErrorf("%v", err)
			}
			qs = append(qs, q)
		}
		if len(qs) > 0 {
			quadrupleKey.Set(r, qs)
		}
		return nil
	},
	// ISS's Quad names the four cells by the top-left one, and a digit
	// listed twice must be there twice, as here.
	WriteISS: func(o *grid.ISSOut, r *grid.Rules) error {
		for _, q := range quadruplesOf(r) {
			args := []string{o.Cell(slices.Min(q.Cells[:]))}
			for _, d := range q.Digits {
				args = append(args, strconv.Itoa(d))
			}
			o.Add("Quad", args...)
		}
		return nil
	},
	WriteFP: func(o *grid.FPOut, r *grid.Rules) error {
		qs := quadruplesOf(r)
		if len(qs) == 0 {
			return nil
		}
		var list []map[string]any
		for _, q := range qs {
			list = append(list, map[string]any{"cells": o.Names(q.Cells[:]), "values": q.Digits})
		}
		o.Field("quadruple", list)
		return nil
	},
	JSONFields: []string{"quadruples"},
	ReadJSON: func(in *grid.JSONIn, r *grid.Rules) error {
		var list []struct {
			Cells  []string `json:"cells"`
			Digits []int    `json:"digits"`
		}
		if _, err := in.Decode("quadruples", &list, `an array of quadruples, such as [{"cells": ["r1c1", "r1c2", "r2c1", "r2c2"], "digits": [1, 2]}]`); err != nil {
			return err
		}
		var qs []quadruple
		for j, e := range list {
			what := "quadruple " + strconv.Itoa(j+1)
			cs, err := in.Cells(what, e.Cells)
			if err != nil {
				return err
			}
			q, err := newQuadruple(what, in.N, cs, e.Digits)
			if err != nil {
				return fmt.Errorf("rules: %w", err)
			}
			qs = append(qs, q)
		}
		if len(qs) > 0 {
			quadrupleKey.Set(r, qs)
		}
		return nil
	},
	WriteJSON: func(o *grid.JSONOut, r *grid.Rules) error {
		qs := quadruplesOf(r)
		if len(qs) == 0 {
			return nil
		}
		type entry struct {
			Cells  []string `json:"cells"`
			Digits []int    `json:"digits"`
		}
		var list []entry
		for _, q := range qs {
			list = append(list, entry{o.Names(q.Cells[:]), q.Digits})
		}
		o.Field("quadruples", list)
		return nil
	},
	Validate: func(v *grid.Validation, r *grid.Rules) error {
		for j, q := range quadruplesOf(r) {
			rule := func() string { return fmt.Sprintf("quadruple %d (%s)", j+1, q.name(v.N)) }
			if err := v.InGrid(rule, q.Cells[:]); err != nil {
				return err
			}
			if !square2(v.N, q.Cells) {
				return grid.RuleErrorf(rule(), "its cells are not a 2x2 square")
			}
			if len(q.Digits) == 0 || len(q.Digits) > 4 {
				return grid.RuleErrorf(rule(), "it has %d digits, want 1 to 4", len(q.Digits))
			}
			for _, d := range q.Digits {
				if d < 1 || d > v.N {
					return grid.RuleErrorf(rule(), "%d is not a digit of a %dx%d grid", d, v.N, v.N)
				}
				if k := count(q.Digits, d); k > 2 {
					return grid.RuleErrorf(rule(), "%d is written %d times: a 2x2 square holds a digit at most twice", d, k)
				}
			}
		}
		return nil
	},
	Clashes: func(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash {
		n := g.N()
		for j, q := range quadruplesOf(r) {
			for _, d := range distinct(q.Digits) {
				// the cells that may still hold d: empty, or holding it
				may := 0
				var last int32
				for _, c := range q.Cells {
					if v := int(g.Cells[c]); v == 0 || v == d {
						may++
					} else {
						last = c
					}
				}
				if want := count(q.Digits, d); may < want {
					lc := grid.CellOf(n, last)
					out = append(out, grid.Clash{Unit: "quadruple", Index: j, Digit: int(g.Cells[last]), A: lc, B: lc,
						Detail: fmt.Sprintf("quadruple %d (%s) asks for %s, which its givens leave no room for", j+1, q.name(n), times(d, want))})
				}
			}
		}
		return out
	},
	Lower: func(s grid.Shape, r *grid.Rules, l *grid.Lowered) {
		for _, q := range quadruplesOf(r) {
			for _, d := range distinct(q.Digits) {
				// at least k of the four cells hold d: every set of 5-k of
				// them has one that does
				k := count(q.Digits, d)
				for _, set := range subsets(q.Cells[:], 5-k) {
					cl := make([]int, len(set))
					for i, c := range set {
						cl[i] = l.CellVar(c, d)
					}
					l.Clauses = append(l.Clauses, cl)
				}
			}
			l.Scope(q.Cells[:])
			l.ScopeLabels[len(l.ScopeLabels)-1] = "quadruple " + digitList(q.Digits) + " (" + q.name(s.N()) + ")"
			if len(q.Digits) == len(q.Cells) {
				// four digits for four cells: each cell holds one of
				// them, which the clauses above say only by counting
				for _, c := range q.Cells {
					cl := make([]int, 0, len(q.Digits))
					for _, d := range distinct(q.Digits) {
						cl = append(cl, l.CellVar(c, d))
					}
					l.Clauses = append(l.Clauses, cl)
				}
			}
		}
	},
	Random: func(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
		n := s.N()
		var qs []quadruple
		used := map[int32]bool{}
		for range 1 + rng.IntN(4) {
			row, col := rng.IntN(n-1), rng.IntN(n-1)
			top := int32(row*n + col)
			if used[top] {
				continue
			}
			used[top] = true
			q := quadruple{Cells: [4]int32{top, top + 1, top + int32(n), top + int32(n) + 1}}
			if sol != nil {
				// some of the digits the square holds, repeats kept
				for _, i := range rng.Perm(4)[:1+rng.IntN(4)] {
					q.Digits = append(q.Digits, int(sol[q.Cells[i]]))
				}
			} else {
				for _, d := range rng.Perm(n)[:1+rng.IntN(min(3, n))] {
					q.Digits = append(q.Digits, d+1)
				}
			}
			slices.Sort(q.Digits)
			qs = append(qs, q)
		}
		if len(qs) > 0 {
			quadrupleKey.Set(r, qs)
		}
	},
	Draw: func(s grid.Shape, r *grid.Rules, d *grid.Drawing) {
		n := s.N()
		if n == 0 {
			return // asked for the captions alone (an empty shape)
		}
		for _, q := range quadruplesOf(r) {
			top := slices.Min(q.Cells[:])
			d.Corners = append(d.Corners, grid.CornerClue{Row: int(top) / n, Col: int(top) % n, Digits: slices.Clone(q.Digits)})
		}
	},
	Titles: map[string]string{"quadruple": "Quadruple"},
	Text: func(all []grid.Grid) []string {
		for _, g := range all {
			if len(quadruplesOf(g.Rules)) > 0 {
				return []string{"The digits in a circle where four cells meet appear among those four cells, a digit written twice in two of them."}
			}
		}
		return nil
	},
}

// quadruple is one quadruple: its four cells, as given, and its digits.
type quadruple struct {
	Cells  [4]int32
	Digits []int
}

// newQuadruple makes the quadruple what of cells and digits, which must be
// four cells.
func newQuadruple(what string, n int, cells []int32, digits []int) (quadruple, error) {
	if len(cells) != 4 {
		return quadruple{}, fmt.Errorf("%s has %d cells, want 4", what, len(cells))
	}
	return quadruple{Cells: [4]int32(cells), Digits: slices.Clone(digits)}, nil
}

// name names the quadruple's cells.
func (q quadruple) name(n int) string {
	names := make([]string, 4)
	for i, c := range q.Cells {
		names[i] = grid.CellName(n, c)
	}
	return strings.Join(names, " ")
}

// quadruplesOf returns the quadruples of r (none for nil).
func quadruplesOf(r *grid.Rules) []quadruple {
	qs := quadrupleKey.Get(r)
	return qs
}

// square2 reports whether four cells of a grid of size n are a 2x2
// square.
func square2(n int, cells [4]int32) bool {
	top := slices.Min(cells[:])
	if int(top)%n == n-1 {
		return false
	}
	want := []int32{top, top + 1, top + int32(n), top + int32(n) + 1}
	got := slices.Sorted(slices.Values(cells[:]))
	return slices.Equal(got, want)
}

// count returns how many times d is in ds.
func count(ds []int, d int) int {
	k := 0
	for _, x := range ds {
		if x == d {
			k++
		}
	}
	return k
}

// distinct returns the digits of ds once each, in order.
func distinct(ds []int) []int {
	var out []int
	for _, d := range ds {
		if !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out
}

// times says "3" or "3 twice".
func times(d, k int) string {
	if k == 2 {
		return strconv.Itoa(d) + " twice"
	}
	return strconv.Itoa(d)
}

// subsets returns the subsets of k of the cells, in order.
func subsets(cells []int32, k int) [][]int32 {
	if k == 0 {
		return [][]int32{nil}
	}
	if len(cells) < k {
		return nil
	}
	var out [][]int32
	for _, rest := range subsets(cells[1:], k-1) {
		out = append(out, append([]int32{cells[0]}, rest...))
	}
	return append(out, subsets(cells[1:], k)...)
}

// quadrupleKey keeps the quadruples of rules.
var quadrupleKey = grid.NewKey[[]quadruple]("quadruple")
