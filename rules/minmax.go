package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/sudokugen/sudokugen/grid"
)

// minMaxKind is minimum and maximum cells: a maximum cell holds a greater
// digit than every cell orthogonally beside it, a minimum cell a smaller
// one; as in SudokuSolver (MaximumConstraint), the neighbours compared are
// those not marked the same, so that maximum cells side by side form a
// plateau greater than the cells round it. f-puzzles writes them as "maximum" and "minimum", lists of
// {"cell": "R1C1"}; the JSON form as "maximum" and "minimum", lists of
// cells. Its data is a *minMax in the rules' slot.
var minMaxKind = &grid.Kind{
	Name: "minmax",
	Has:  func(r *grid.Rules) bool { m := minMaxOf(r); return len(m.Max)+len(m.Min) > 0 },
	Equal: func(a, b *grid.Rules) bool {
		x, y := minMaxOf(a), minMaxOf(b)
		return slices.Equal(x.Max, y.Max) && slices.Equal(x.Min, y.Min)
	},
	Names: func(r *grid.Rules, out []string) []string {
		if m := minMaxOf(r); len(m.Max)+len(m.Min) > 0 {
			out = append(out, "minmax")
		}
		return out
	},
	FPFields: []string{"maximum", "minimum"},
	ReadFP: func(in *grid.FPIn, r *grid.Rules) error {
		var m minMax
		for _, f := range []struct {
			k    string
			dest *[]int32
		}{{"maximum", &m.Max}, {"minimum", &m.Min}} {
			entries, err := in.List(f.k)
			if err != nil {
				return err
			}
			for j, e := range entries {
				c, err := in.Cell(fmt.Sprintf("%s %d: \"cell\"", f.k, j+1), e["cell"])
				if err != nil {
					return err
				}
				*f.dest = append(*f.dest, c)
			}
		}
		if len(m.Max)+len(m.Min) > 0 {
			minMaxKey.Set(r, &m)
		}
		return nil
	},
	// ISS's GreaterThan of two cells, the greater first, for each cell and
	// each neighbour it is compared with.
	WriteISS: func(o *grid.ISSOut, r *grid.Rules) error {
		m := minMaxOf(r)
		for _, c := range m.Max {
			for _, x := range orthogonal(o.N, c) {
				if !slices.Contains(m.Max, x) {
					o.Add("GreaterThan", o.Cell(c), o.Cell(x))
				}
			}
		}
		for _, c := range m.Min {
			for _, x := range orthogonal(o.N, c) {
				if !slices.Contains(m.Min, x) {
					o.Add("GreaterThan", o.Cell(x), o.Cell(c))
				}
			}
		}
		return nil
	},
	WriteFP: func(o *grid.FPOut, r *grid.Rules) error {
		m := minMaxOf(r)
		for _, f := range []struct {
			k     string
			cells []int32
		}{{"maximum", m.Max}, {"minimum", m.Min}} {
			if len(f.cells) == 0 {
				continue
			}
			var list []map[string]string
			for _, c := range f.cells {
				list = append(list, map[string]string{"cell": o.Name(c)})
			}
			o.Field(f.k, list)
		}
		return nil
	},
	JSONFields: []string{"maximum", "minimum"},
	ReadJSON: func(in *grid.JSONIn, r *grid.Rules) error {
		var m minMax
		for _, f := range []struct {
			k    string
			dest *[]int32
		}{{"maximum", &m.Max}, {"minimum", &m.Min}} {
			var names []string
			if _, err := in.Decode(f.k, &names, `an array of cells, such as ["r1c1", "r5c5"]`); err != nil {
				return err
			}
			cs, err := in.Cells(f.k, names)
			if err != nil {
				return err
			}
			*f.dest = cs
		}
		if len(m.Max)+len(m.Min) > 0 {
			minMaxKey.Set(r, &m)
		}
		return nil
	},
	WriteJSON: func(o *grid.JSONOut, r *grid.Rules) error {
		m := minMaxOf(r)
		if len(m.Max) > 0 {
			o.Field("maximum", o.Names(m.Max))
		}
		if len(m.Min) > 0 {
			o.Field("minimum", o.Names(m.Min))
		}
		return nil
	},
	Validate: func(v *grid.Validation, r *grid.Rules) error {
		m := minMaxOf(r)
		if len(m.Max)+len(m.Min) == 0 {
			return nil
		}
		all := append(slices.Clone(m.Max), m.Min...)
		if err := v.InGrid(func() string { return "maximum and minimum cells" }, all); err != nil {
			return err
		}
		return nil
	},
	Clashes: func(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash {
		m := minMaxOf(r)
		n := g.N()
		for _, f := range []struct {
			what, than string
			cells      []int32
			ok         func(a, b int) bool
		}{{"maximum", "greater", m.Max, func(a, b int) bool { return a > b }}, {"minimum", "less", m.Min, func(a, b int) bool { return a < b }}} {
			for k, c := range f.cells {
				a := int(g.Cells[c])
				if a == 0 {
					continue
				}
				for _, x := range orthogonal(n, c) {
					if b := int(g.Cells[x]); b != 0 && !slices.Contains(f.cells, x) && !f.ok(a, b) {
						cc, cx := grid.CellOf(n, c), grid.CellOf(n, x)
						out = append(out, grid.Clash{Unit: f.what, Index: k, Digit: b, A: cc, B: cx,
							Detail: fmt.Sprintf("%s, a %s cell, holds %d and %s beside it holds %d: it must be %s than its neighbours", cc, f.what, a, cx, b, f.than)})
					}
				}
			}
		}
		return out
	},
	Lower: func(s grid.Shape, r *grid.Rules, l *grid.Lowered) {
		m := minMaxOf(r)
		n := s.N()
		for _, c := range m.Max {
			for _, x := range orthogonal(n, c) {
				if !slices.Contains(m.Max, x) {
					l.Links = append(l.Links, grid.Link{A: c, B: x, Rel: greaterRel, Label: "maximum " + grid.CellName(n, c)})
				}
			}
		}
		for _, c := range m.Min {
			for _, x := range orthogonal(n, c) {
				if !slices.Contains(m.Min, x) {
					l.Links = append(l.Links, grid.Link{A: c, B: x, Rel: lessRel, Label: "minimum " + grid.CellName(n, c)})
				}
			}
		}
	},
	Random: func(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
		n := s.N()
		var m minMax
		taken := map[int32]bool{}
		// on a solution, a cell may be a maximum (minimum) when its digit
		// is greater (less) than all its neighbours', none of them marked
		// the same (two such cells side by side cannot hold the same digit
		// on a solution, so a plateau is drawn only without one)
		fits := func(c int32, list []int32, ok func(a, b int) bool) bool {
			if taken[c] {
				return false
			}
			for _, x := range orthogonal(n, c) {
				if slices.Contains(list, x) || sol != nil && !ok(int(sol[c]), int(sol[x])) {
					return false
				}
			}
			return true
		}
		if sol == nil && rng.IntN(2) == 0 {
			// any instance: maximum cells side by side, a plateau
			fits = func(c int32, list []int32, ok func(a, b int) bool) bool { return !taken[c] }
		}
		want := 1 + rng.IntN(n)
		for try := 0; try < 40*n && len(m.Max)+len(m.Min) < want; try++ {
			c := int32(rng.IntN(n * n))
			if rng.IntN(2) == 0 {
				if fits(c, m.Max, func(a, b int) bool { return a > b }) {
					m.Max, taken[c] = append(m.Max, c), true
				}
			} else if fits(c, m.Min, func(a, b int) bool { return a < b }) {
				m.Min, taken[c] = append(m.Min, c), true
			}
		}
		if len(m.Max)+len(m.Min) > 0 {
			minMaxKey.Set(r, &m)
		}
	},
	Draw: func(s grid.Shape, r *grid.Rules, d *grid.Drawing) {
		m := minMaxOf(r)
		for _, c := range m.Max {
			d.Notes = append(d.Notes, grid.Note{Cell: c, Text: "max"})
		}
		for _, c := range m.Min {
			d.Notes = append(d.Notes, grid.Note{Cell: c, Text: "min"})
		}
	},
	Titles: map[string]string{"minmax": "Minimum/maximum"},
	Text: func(all []grid.Grid) []string {
		var hasMax, hasMin bool
		for _, g := range all {
			m := minMaxOf(g.Rules)
			hasMax, hasMin = hasMax || len(m.Max) > 0, hasMin || len(m.Min) > 0
		}
		switch {
		case hasMax && hasMin:
			return []string{"A cell marked max holds a digit greater than the digits of the cells beside it that are not marked max; a cell marked min, a digit less than those of the cells beside it not marked min."}
		case hasMax:
			return []string{"A cell marked max holds a digit greater than the digits of the cells beside it that are not marked max."}
		case hasMin:
			return []string{"A cell marked min holds a digit less than the digits of the cells beside it that are not marked min."}
		}
		return nil
	},
}

// minMax is the data of minMaxKind: the maximum and the minimum cells.
type minMax struct{ Max, Min []int32 }

// minMaxOf returns the minimum and maximum cells of r (none for nil).
func minMaxOf(r *grid.Rules) minMax {
	if m := minMaxKey.Get(r); m != nil {
		return *m
	}
	return minMax{}
}

// greaterRel and lessRel relate a maximum (minimum) cell to a neighbour.
var (
	greaterRel = &grid.Relation{Allows: func(a, b int) bool { return a > b }}
	lessRel    = &grid.Relation{Allows: func(a, b int) bool { return a < b }}
)

// minMaxKey keeps the minimum and maximum cells of rules.
var minMaxKey = grid.NewKey[*minMax]("minmax")
