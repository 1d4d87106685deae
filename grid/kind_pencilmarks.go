package grid

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
)

// pencilMarkKind is given pencil marks: a cell that shows small digits
// holds one of them. f-puzzles writes them on the cell, as
// "givenPencilMarks": [1, 2]; the JSON form as "pencil_marks", a list of
// {"cell": "r1c1", "digits": [1, 2]}. Its data is a list of Mask, in the
// order of the cells.
var pencilMarkKind = &Kind{
	name:  "pencil marks",
	has:   func(r *Rules) bool { return len(pencilMarks(r)) > 0 },
	equal: func(a, b *Rules) bool { return slices.Equal(pencilMarks(a), pencilMarks(b)) },
	names: func(r *Rules, out []string) []string {
		if len(pencilMarks(r)) > 0 {
			out = append(out, "pencil-marks")
		}
		return out
	},
	fpCellFields: []string{"givenPencilMarks"},
	readFP: func(in *fpIn, r *Rules) error {
		var marks []Mask
		for row, line := range in.cells {
			for c, cell := range line {
				raw, ok := cell["givenPencilMarks"]
				if !ok || !present(raw) {
					continue
				}
				var ds []jsonValue
				if err := decodeValue(raw, &ds); err != nil {
					return fpErr("r%dc%d: \"givenPencilMarks\": want an array of digits, not %s", row+1, c+1, cutText(raw))
				}
				var m uint64
				for _, d := range ds {
					k, ok := whole(d)
					if !ok || k < 1 || k > in.n {
						return fpErr("r%dc%d: \"givenPencilMarks\": %s is not a digit from 1 to %d", row+1, c+1, cutText(d), in.n)
					}
					m |= 1 << (k - 1)
				}
				marks = append(marks, Mask{int32(row*in.n + c), m})
			}
		}
		setPencilMarks(r, marks)
		return nil
	},
	writeFP: func(o *fpOut, r *Rules) error {
		for _, m := range pencilMarks(r) {
			o.cellField(int(m.Cell), "givenPencilMarks", "["+strings.Join(maskDigits(m.Digits), ",")+"]")
		}
		return nil
	},
	jsonFields: []string{"pencil_marks"},
	readJSON: func(in *jsonIn, r *Rules) error {
		var list []struct {
			Cell   string `json:"cell"`
			Digits []int  `json:"digits"`
		}
		if _, err := in.decode("pencil_marks", &list, `an array of {"cell": "r1c1", "digits": [1, 2]}`); err != nil {
			return err
		}
		var marks []Mask
		for k, e := range list {
			what := fmt.Sprintf("pencil marks %d", k+1)
			c, err := in.cells(what, []string{e.Cell})
			if err != nil {
				return err
			}
			var m uint64
			for _, d := range e.Digits {
				if d < 1 || d > in.n {
					return fmt.Errorf("rules: %s: %d is not a digit from 1 to %d", what, d, in.n)
				}
				m |= 1 << (d - 1)
			}
			marks = append(marks, Mask{c[0], m})
		}
		setPencilMarks(r, marks)
		return nil
	},
	writeJSON: func(o *jsonOut, r *Rules) error {
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
			out[i].Cell = cellName(o.n, m.Cell)
			for ; m.Digits != 0; m.Digits &= m.Digits - 1 {
				out[i].Digits = append(out[i].Digits, bits.TrailingZeros64(m.Digits)+1)
			}
		}
		o.field("pencil_marks", out)
		return nil
	},
	validate: func(v *validation, r *Rules) error {
		marks := pencilMarks(r)
		cells := make([]int32, len(marks))
		for i, m := range marks {
			cells[i] = m.Cell
		}
		if err := v.inGrid(func() string { return "pencil marks" }, cells); err != nil {
			return err
		}
		for _, m := range marks {
			if m.Digits == 0 || m.Digits>>v.n != 0 {
				return ruleErrorf("pencil marks of "+cellName(v.n, m.Cell), "want digits from 1 to %d", v.n)
			}
		}
		return nil
	},
	clashes: func(g Grid, r *Rules, out []Clash) []Clash {
		n := g.N()
		for _, m := range pencilMarks(r) {
			if v := g.Cells[m.Cell]; v != 0 && m.Digits&(1<<(v-1)) == 0 {
				x := cellOf(n, m.Cell)
				out = append(out, Clash{Unit: "pencil marks", Digit: int(v), A: x, B: x,
					Detail: fmt.Sprintf("%s holds %d, which is not among its pencil marks %s", x, v, strings.Join(maskDigits(m.Digits), ""))})
			}
		}
		return out
	},
	lower:  func(s Shape, r *Rules, l *Lowered) { l.Masks = append(l.Masks, pencilMarks(r)...) },
	random: randomPencilMarks,
	draw:   func(s Shape, r *Rules, d *Drawing) { d.Small = append(d.Small, pencilMarks(r)...) },
	titles: map[string]string{"pencil-marks": "Pencil marks"},
	text: func(all []Grid) []string {
		for _, g := range all {
			if len(pencilMarks(g.Rules)) > 0 {
				return []string{"A cell with small digits in it holds one of those digits."}
			}
		}
		return nil
	},
}

func pencilMarks(r *Rules) []Mask {
	m := pencilMarkKey.Get(r)
	return m
}

func setPencilMarks(r *Rules, marks []Mask) {
	if len(marks) > 0 {
		slices.SortFunc(marks, func(a, b Mask) int { return int(a.Cell - b.Cell) })
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
func randomPencilMarks(rng *rand.Rand, s Shape, sol []uint8, r *Rules) {
	n := s.N()
	var marks []Mask
	for _, c := range rng.Perm(n * n)[:1+rng.IntN(n)] {
		m := rng.Uint64() & (1<<n - 1)
		if sol != nil {
			m |= 1 << (sol[c] - 1)
		} else if m == 0 {
			m = 1
		}
		marks = append(marks, Mask{int32(c), m})
	}
	setPencilMarks(r, marks)
}

// pencilMarkKey keeps the given pencil marks of rules.
var pencilMarkKey = NewKey[[]Mask]("pencil marks")
