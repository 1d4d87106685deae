package rules

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// pencilMarkKind is given pencil marks: a cell that shows small digits
// holds one of them. f-puzzles writes them on the cell, as
// "givenPencilMarks": [1, 2]; the JSON form as "pencil_marks", a list of
// {"cell": "r1c1", "digits": [1, 2]}. Its data is a list of Mask, in the
// order of the cells.
var pencilMarkKind = &grid.Kind{
	Name:  "pencil marks",
	Has:   func(r *grid.Rules) bool { return len(pencilMarks(r)) > 0 },
	Equal: func(a, b *grid.Rules) bool { return slices.Equal(pencilMarks(a), pencilMarks(b)) },
	Names: func(r *grid.Rules, out []string) []string {
		if len(pencilMarks(r)) > 0 {
			out = append(out, "pencil-marks")
		}
		return out
	},
	FPCellFields: []string{"givenPencilMarks"},
	ReadFP: func(in *grid.FPIn, r *grid.Rules) error {
		var marks []grid.Mask
		for row, line := range in.GridCells {
			for c, cell := range line {
				raw, ok := cell["givenPencilMarks"]
				if !ok || !grid.Present(raw) {
					continue
				}
				var ds []jsonValue
				if err := decodeValue(raw, &ds); err != nil {
					return grid.FPErrorf("r%dc%d: \"givenPencilMarks\": want an array of digits, not %s", row+1, c+1, grid.CutText(raw))
				}
				var m uint64
				for _, d := range ds {
					k, ok := grid.Whole(d)
					if !ok || k < 1 || k > in.N {
						return grid.FPErrorf("r%dc%d: \"givenPencilMarks\": %s is not a digit from 1 to %d", row+1, c+1, grid.CutText(d), in.N)
					}
					m |= 1 << (k - 1)
				}
				marks = append(marks, grid.Mask{Cell: int32(row*in.N + c), Digits: m})
			}
		}
		setPencilMarks(r, marks)
		return nil
	},
	// ISS's givens of several digits: the cell holds one of them.
	WriteISS: func(o *grid.ISSOut, r *grid.Rules) error {
		var values []string
		for _, m := range pencilMarks(r) {
			var digits []int
			for d := 1; d <= o.N; d++ {
				if m.Digits&(1<<(d-1)) != 0 {
					digits = append(digits, d)
				}
			}
			values = append(values, o.Value(m.Cell, digits...))
		}
		if len(values) > 0 {
			o.Add("", values...)
		}
		return nil
	},
	WriteFP: func(o *grid.FPOut, r *grid.Rules) error {
		for _, m := range pencilMarks(r) {
			o.CellField(int(m.Cell), "givenPencilMarks", "["+strings.Join(maskDigits(m.Digits), ",")+"]")
		}
		return nil
	},
	JSONFields: []string{"pencil_marks"},
	ReadJSON: func(in *grid.JSONIn, r *grid.Rules) error {
		var list []struct {
			Cell   string `json:"cell"`
			Digits []int  `json:"digits"`
		}
		if _, err := in.Decode("pencil_marks", &list, `an array of {"cell": "r1c1", "digits": [1, 2]}`); err != nil {
			return err
		}
		var marks []grid.Mask
		for k, e := range list {
			what := fmt.Sprintf("pencil marks %d", k+1)
			c, err := in.Cells(what, []string{e.Cell})
			if err != nil {
				return err
			}
			var m uint64
			for _, d := range e.Digits {
				if d < 1 || d > in.N {
					return fmt.Errorf("rules: %s: %d is not a digit from 1 to %d", what, d, in.N)
				}
				m |= 1 << (d - 1)
			}
			marks = append(marks, grid.Mask{Cell: c[0], Digits: m})
		}
		setPencilMarks(r, marks)
		return nil
	},
	WriteJSON: func(o *grid.JSONOut, r *grid.Rules) error {
		marks := pencilMarks(r)
		if len(marks) == 0 {
			return nil
		}
		type entry struct {
			Cell   string `json:"cell"`
			Digits []int  `json:"digits"`
		}
		out := make([]entry, len(marks))
		for i, m := range marks {
			out[i].Cell = grid.CellName(o.N, m.Cell)
			for ; m.Digits != 0; m.Digits &= m.Digits - 1 {
				out[i].Digits = append(out[i].Digits, bits.TrailingZeros64(m.Digits)+1)
			}
		}
		o.Field("pencil_marks", out)
		return nil
	},
	Validate: func(v *grid.Validation, r *grid.Rules) error {
		marks := pencilMarks(r)
		cells := make([]int32, len(marks))
		for i, m := range marks {
			cells[i] = m.Cell
		}
		if err := v.InGrid(func() string { return "pencil marks" }, cells); err != nil {
			return err
		}
		for _, m := range marks {
			if m.Digits == 0 || m.Digits>>v.N != 0 {
				return grid.RuleErrorf("pencil marks of "+grid.CellName(v.N, m.Cell), "want digits from 1 to %d", v.N)
			}
		}
		return nil
	},
	Clashes: func(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash {
		n := g.N()
		for _, m := range pencilMarks(r) {
			if v := g.Cells[m.Cell]; v != 0 && m.Digits&(1<<(v-1)) == 0 {
				x := grid.CellOf(n, m.Cell)
				out = append(out, grid.Clash{Unit: "pencil marks", Digit: int(v), A: x, B: x,
					Detail: fmt.Sprintf("%s holds %d, which is not among its pencil marks %s", x, v, strings.Join(maskDigits(m.Digits), ""))})
			}
		}
		return out
	},
	Lower:  func(s grid.Shape, r *grid.Rules, l *grid.Lowered) { l.Masks = append(l.Masks, pencilMarks(r)...) },
	Random: randomPencilMarks,
	Draw:   func(s grid.Shape, r *grid.Rules, d *grid.Drawing) { d.Small = append(d.Small, pencilMarks(r)...) },
	Titles: map[string]string{"pencil-marks": "Pencil marks"},
	Text: func(all []grid.Grid) []string {
		for _, g := range all {
			if len(pencilMarks(g.Rules)) > 0 {
				return []string{"A cell with small digits in it holds one of those digits."}
			}
		}
		return nil
	},
}

func pencilMarks(r *grid.Rules) []grid.Mask {
	m := pencilMarkKey.Get(r)
	return m
}

func setPencilMarks(r *grid.Rules, marks []grid.Mask) {
	if len(marks) > 0 {
		slices.SortFunc(marks, func(a, b grid.Mask) int { return int(a.Cell - b.Cell) })
		pencilMarkKey.Set(r, marks)
	}
}

// maskDigits returns the digits of m (bit d-1 for digit d) as decimal
// strings.
func maskDigits(m uint64) []string {
	var out []string
	for ; m != 0; m &= m - 1 {
		out = append(out, itoa(bits.TrailingZeros64(m)+1))
	}
	return out
}

// randomPencilMarks gives a few cells pencil marks, sol's digit among them.
func randomPencilMarks(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
	n := s.N()
	var marks []grid.Mask
	for _, c := range rng.Perm(n * n)[:1+rng.IntN(n)] {
		m := rng.Uint64() & (1<<n - 1)
		if sol != nil {
			m |= 1 << (sol[c] - 1)
		} else if m == 0 {
			m = 1
		}
		marks = append(marks, grid.Mask{Cell: int32(c), Digits: m})
	}
	setPencilMarks(r, marks)
}

// pencilMarkKey keeps the given pencil marks of rules.
var pencilMarkKey = grid.NewKey[[]grid.Mask]("pencil marks")
