package grid

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// parityKind is odd and even cells (Rules.Odd, Rules.Even): f-puzzles'
// "odd" and "even", lists of {"cell": "R1C1"}; in the JSON form, lists of
// cells.
var parityKind = &Kind{
	name: "odd-even",
	has:  func(r *Rules) bool { return len(Odd.Get(r))+len(Even.Get(r)) > 0 },
	equal: func(a, b *Rules) bool {
		return slices.Equal(Odd.Get(a), Odd.Get(b)) && slices.Equal(Even.Get(a), Even.Get(b))
	},
	names: func(r *Rules, out []string) []string {
		if len(Odd.Get(r))+len(Even.Get(r)) > 0 {
			out = append(out, "odd-even")
		}
		return out
	},
	fpFields:     []string{"odd", "even"},
	fpCellFields: []string{"parity"},
	readFP: func(in *fpIn, r *Rules) error {
		if err := readParityCells(in, r); err != nil {
			return err
		}
		for _, k := range []string{"odd", "even"} {
			entries, err := in.list(k)
			if err != nil {
				return err
			}
			for j, e := range entries {
				c, err := in.cell(k+" "+itoa(j+1)+": \"cell\"", e["cell"])
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
	writeFP: func(o *fpOut, r *Rules) error {
		for _, f := range []struct {
			k  string
			cs []int32
		}{{"odd", Odd.Get(r)}, {"even", Even.Get(r)}} {
			if len(f.cs) == 0 {
				continue
			}
			out := make([]map[string]string, len(f.cs))
			for i, c := range f.cs {
				out[i] = map[string]string{"cell": o.name(c)}
			}
			o.field(f.k, out)
		}
		return nil
	},
	jsonFields: []string{"odd", "even"},
	readJSON: func(in *jsonIn, r *Rules) error {
		for _, f := range []struct {
			k   string
			dst Key[[]int32]
		}{{"odd", Odd}, {"even", Even}} {
			var names []string
			ok, err := in.decode(f.k, &names, `an array of cells such as ["r1c1"]`)
			if err != nil {
				return err
			}
			if ok {
				cs, err := in.cells(f.k, names)
				if err != nil {
					return err
				}
				f.dst.Set(r, cs)
			}
		}
		return nil
	},
	writeJSON: func(o *jsonOut, r *Rules) error {
		if len(Odd.Get(r)) > 0 {
			o.field("odd", o.names(Odd.Get(r)))
		}
		if len(Even.Get(r)) > 0 {
			o.field("even", o.names(Even.Get(r)))
		}
		return nil
	},
	validate: func(v *validation, r *Rules) error {
		if err := v.inGrid(func() string { return "odd cells" }, Odd.Get(r)); err != nil {
			return err
		}
		if err := v.inGrid(func() string { return "even cells" }, Even.Get(r)); err != nil {
			return err
		}
		for _, c := range Even.Get(r) {
			if slices.Contains(Odd.Get(r), c) {
				return ruleErrorf("even cells", "%s is marked both odd and even", cellName(v.n, c))
			}
		}
		return nil
	},
	clashes: func(g Grid, r *Rules, out []Clash) []Clash {
		n := g.N()
		for _, f := range []struct {
			cs   []int32
			odd  bool
			word string
		}{{Odd.Get(r), true, "odd"}, {Even.Get(r), false, "even"}} {
			for _, c := range f.cs {
				if v := g.Cells[c]; v != 0 && (v%2 == 1) != f.odd {
					x := cellOf(n, c)
					out = append(out, Clash{Unit: f.word, Digit: int(v), A: x, B: x,
						Detail: x.String() + " holds " + itoa(int(v)) + ", but it is marked " + f.word})
				}
			}
		}
		return out
	},
	lower: func(s Shape, r *Rules, l *Lowered) {
		n := s.N()
		odd := digitMask(n, func(d int) bool { return d%2 == 1 })
		for _, c := range Odd.Get(r) {
			l.Masks = append(l.Masks, Mask{c, odd})
		}
		for _, c := range Even.Get(r) {
			l.Masks = append(l.Masks, Mask{c, digitMask(n, func(d int) bool { return true }) &^ odd})
		}
	},
	random: randomParity,
	draw: func(s Shape, r *Rules, d *Drawing) {
		d.Circles = append(d.Circles, Odd.Get(r)...)
		d.Squares = append(d.Squares, Even.Get(r)...)
	},
	titles: map[string]string{"odd-even": "Odd-even"},
	text: func(all []Grid) []string {
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
func randomParity(rng *rand.Rand, s Shape, sol []uint8, r *Rules) {
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
func readParityCells(in *fpIn, r *Rules) error {
	for row, line := range in.cells {
		for c, cell := range line {
			raw, ok := cell["parity"]
			if !ok || !present(raw) {
				continue
			}
			var v string
			if decodeValue(raw, &v) != nil {
				return fpErr("r%dc%d: \"parity\": want \"Odd\" or \"Even\", not %s", row+1, c+1, cutText(raw))
			}
			switch i := int32(row*in.n + c); strings.ToLower(v) {
			case "odd":
				Odd.Set(r, append(Odd.Get(r), i))
			case "even":
				Even.Set(r, append(Even.Get(r), i))
			default:
				return fpErr("r%dc%d: \"parity\": want \"Odd\" or \"Even\", not %s", row+1, c+1, cutText(raw))
			}
		}
	}
	return nil
}
