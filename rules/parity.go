package rules

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// parityKind is odd and even cells (Rules.Odd, Rules.Even): f-puzzles'
// "odd" and "even", lists of {"cell": "R1C1"}; in the JSON form, lists of
// cells.
var parityKind = &grid.Kind{
	Name: "odd-even",
	Has:  func(r *grid.Rules) bool { return len(Odd.Get(r))+len(Even.Get(r)) > 0 },
	Equal: func(a, b *grid.Rules) bool {
		return slices.Equal(Odd.Get(a), Odd.Get(b)) && slices.Equal(Even.Get(a), Even.Get(b))
	},
	Names: func(r *grid.Rules, out []string) []string {
		if len(Odd.Get(r))+len(Even.Get(r)) > 0 {
			out = append(out, "odd-even")
		}
		return out
	},
	FPFields:     []string{"odd", "even"},
	FPCellFields: []string{"parity"},
	ReadFP: func(in *grid.FPIn, r *grid.Rules) error {
		if err := readParityCells(in, r); err != nil {
			return err
		}
		for _, k := range []string{"odd", "even"} {
			entries, err := in.List(k)
			if err != nil {
				return err
			}
			for j, e := range entries {
				c, err := in.Cell(k+" "+itoa(j+1)+": \"cell\"", e["cell"])
				if err != nil {
					return err
				}
				if k == "odd" {
					Odd.Set(r, append(Odd.Get(r), c))
				} else {
					Even.Set(r, append(Even.Get(r), c))
				}
			}
		}
		return nil
	},
	// ISS has no odd and even cells, but givens of several digits: the cell
	// holds one of them (and ISS keeps the digits two givens of a cell
	// share).
	WriteISS: func(o *grid.ISSOut, r *grid.Rules) error {
		var values []string
		for k, cells := range [][]int32{Odd.Get(r), Even.Get(r)} {
			var digits []int
			for d := 1 + k; d <= o.N; d += 2 {
				digits = append(digits, d)
			}
			for _, c := range cells {
				values = append(values, o.Value(c, digits...))
			}
		}
		if len(values) > 0 {
			o.Add("", values...)
		}
		return nil
	},
	WriteFP: func(o *grid.FPOut, r *grid.Rules) error {
		for _, f := range []struct {
			k  string
			cs []int32
		}{{"odd", Odd.Get(r)}, {"even", Even.Get(r)}} {
			if len(f.cs) == 0 {
				continue
			}
			out := make([]map[string]string, len(f.cs))
			for i, c := range f.cs {
				out[i] = map[string]string{"cell": o.Name(c)}
			}
			o.Field(f.k, out)
		}
		return nil
	},
	JSONFields: []string{"odd", "even"},
	ReadJSON: func(in *grid.JSONIn, r *grid.Rules) error {
		for _, f := range []struct {
			k   string
			dst grid.Key[[]int32]
		}{{"odd", Odd}, {"even", Even}} {
			var names []string
			ok, err := in.Decode(f.k, &names, `an array of cells such as ["r1c1"]`)
			if err != nil {
				return err
			}
			if ok {
				cs, err := in.Cells(f.k, names)
				if err != nil {
					return err
				}
				f.dst.Set(r, cs)
			}
		}
		return nil
	},
	WriteJSON: func(o *grid.JSONOut, r *grid.Rules) error {
		if len(Odd.Get(r)) > 0 {
			o.Field("odd", o.Names(Odd.Get(r)))
		}
		if len(Even.Get(r)) > 0 {
			o.Field("even", o.Names(Even.Get(r)))
		}
		return nil
	},
	Validate: func(v *grid.Validation, r *grid.Rules) error {
		if err := v.InGrid(func() string { return "odd cells" }, Odd.Get(r)); err != nil {
			return err
		}
		if err := v.InGrid(func() string { return "even cells" }, Even.Get(r)); err != nil {
			return err
		}
		for _, c := range Even.Get(r) {
			if slices.Contains(Odd.Get(r), c) {
				return grid.RuleErrorf("even cells", "%s is marked both odd and even", grid.CellName(v.N, c))
			}
		}
		return nil
	},
	Clashes: func(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash {
		n := g.N()
		for _, f := range []struct {
			cs   []int32
			odd  bool
			word string
		}{{Odd.Get(r), true, "odd"}, {Even.Get(r), false, "even"}} {
			for _, c := range f.cs {
				if v := g.Cells[c]; v != 0 && (v%2 == 1) != f.odd {
					x := grid.CellOf(n, c)
					out = append(out, grid.Clash{Unit: f.word, Digit: int(v), A: x, B: x,
						Detail: x.String() + " holds " + itoa(int(v)) + ", but it is marked " + f.word})
				}
			}
		}
		return out
	},
	Lower: func(s grid.Shape, r *grid.Rules, l *grid.Lowered) {
		n := s.N()
		odd := digitMask(n, func(d int) bool { return d%2 == 1 })
		for _, c := range Odd.Get(r) {
			l.Masks = append(l.Masks, grid.Mask{Cell: c, Digits: odd})
		}
		for _, c := range Even.Get(r) {
			l.Masks = append(l.Masks, grid.Mask{Cell: c, Digits: digitMask(n, func(d int) bool { return true }) &^ odd})
		}
	},
	Random: randomParity,
	Draw: func(s grid.Shape, r *grid.Rules, d *grid.Drawing) {
		d.Circles = append(d.Circles, Odd.Get(r)...)
		d.Squares = append(d.Squares, Even.Get(r)...)
	},
	Titles: map[string]string{"odd-even": "Odd-even"},
	Text: func(all []grid.Grid) []string {
		var odd, even bool
		for _, g := range all {
			if g.Rules != nil {
				odd = odd || len(Odd.Get(g.Rules)) > 0
				even = even || len(Even.Get(g.Rules)) > 0
			}
		}
		switch {
		case odd && even:
			return []string{"A cell with a grey circle holds an odd digit, and a cell with a grey square an even one."}
		case odd:
			return []string{"A cell with a grey circle holds an odd digit."}
		case even:
			return []string{"A cell with a grey square holds an even digit."}
		}
		return nil
	},
}

// randomParity marks a few cells odd or even, as sol's digits are.
func randomParity(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
	n := s.N()
	for _, c := range rng.Perm(n * n)[:1+rng.IntN(n)] {
		odd := rng.IntN(2) == 0
		if sol != nil {
			odd = sol[c]%2 == 1
		}
		if odd {
			Odd.Set(r, append(Odd.Get(r), int32(c)))
		} else {
			Even.Set(r, append(Even.Get(r), int32(c)))
		}
	}
}

// readParityCells reads the cells that f-puzzles marks odd or even in the
// cells of "grid" ("parity": "Odd" or "Even"), as newer files write them.
func readParityCells(in *grid.FPIn, r *grid.Rules) error {
	for row, line := range in.GridCells {
		for c, cell := range line {
			raw, ok := cell["parity"]
			if !ok || !grid.Present(raw) {
				continue
			}
			var v string
			if decodeValue(raw, &v) != nil {
				return grid.FPErrorf("r%dc%d: \"parity\": want \"Odd\" or \"Even\", not %s", row+1, c+1, grid.CutText(raw))
			}
			switch i := int32(row*in.N + c); strings.ToLower(v) {
			case "odd":
				Odd.Set(r, append(Odd.Get(r), i))
			case "even":
				Even.Set(r, append(Even.Get(r), i))
			default:
				return grid.FPErrorf("r%dc%d: \"parity\": want \"Odd\" or \"Even\", not %s", row+1, c+1, grid.CutText(raw))
			}
		}
	}
	return nil
}

// Odd and Even list cells that hold an odd or an even digit.
var Odd = grid.NewKey[[]int32]("odd")
var Even = grid.NewKey[[]int32]("even")
