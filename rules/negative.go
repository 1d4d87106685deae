package rules

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/sudokugen/sudokugen/grid"
)

// negativeKind is the negative constraints of kropki and XV: with "ratio",
// two cells side by side without a kropki dot are not in ratio 1:2 (every
// such pair has its black dot, and a white dot exempts its pair as a black
// one does: see notDotted); with "xv", two cells side by side without an X
// or a V do not add up to 10 or 5. (The negative constraint of white dots
// is the nonconsecutive kind.) f-puzzles writes them as "negative":
// ["ratio", "xv"], and so does the JSON form. Its data is a *negative in
// the rules' slot.
var negativeKind = &grid.Kind{
	Name:  "negative",
	Has:   func(r *grid.Rules) bool { n := negativeOf(r); return n.Ratio || n.XV },
	Equal: func(a, b *grid.Rules) bool { return negativeOf(a) == negativeOf(b) },
	Names: func(r *grid.Rules, out []string) []string {
		n := negativeOf(r)
		if n.Ratio {
			out = append(out, "negative-ratio")
		}
		if n.XV {
			out = append(out, "negative-xv")
		}
		return out
	},
	FPFields: []string{"negative"},
	ReadFP: func(in *grid.FPIn, r *grid.Rules) error {
		var list []string
		if raw, ok := in.Keys["negative"]; ok && string(raw) != "null" {
			if decodeValue(raw, &list) != nil {
				return grid.FPErrorf("\"negative\": want an array such as [\"ratio\", \"xv\"], not %s", grid.CutText(raw))
			}
		}
		neg, err := readNegative(list)
		if err != nil {
			return grid.Prefixed("f-puzzles: ", err, func(err error) error { return grid.FPErrorf("%v", err) })
		}
		setNegative(r, neg)
		return nil
	},
	// ISS's StrictXV is "xv"; its StrictKropki forbids both a ratio of
	// 1:2 and consecutive digits on the pairs without a dot, which is
	// "ratio" with nonconsecutive (whose writer leaves it to this one).
	WriteISS: func(o *grid.ISSOut, r *grid.Rules) error {
		neg := negativeOf(r)
		if neg.Ratio {
			if !nonconsecutive(r) {
				return grid.ISSRefuse("negative", "\"ratio\" without nonconsecutive: ISS's one negative rule of kropki dots, StrictKropki, also forbids consecutive digits on the pairs without a dot")
			}
			o.Add("StrictKropki")
		}
		if neg.XV {
			o.Add("StrictXV")
		}
		return nil
	},
	WriteFP: func(o *grid.FPOut, r *grid.Rules) error {
		if list := negativeOf(r).list(); len(list) > 0 {
			o.Field("negative", list)
		}
		return nil
	},
	JSONFields: []string{"negative"},
	ReadJSON: func(in *grid.JSONIn, r *grid.Rules) error {
		var list []string
		if _, err := in.Decode("negative", &list, `an array such as ["ratio", "xv"]`); err != nil {
			return err
		}
		neg, err := readNegative(list)
		if err != nil {
			return grid.Prefixed("rules: ", err, func(err error) error { return fmt.Errorf("rules: %w", err) })
		}
		setNegative(r, neg)
		return nil
	},
	WriteJSON: func(o *grid.JSONOut, r *grid.Rules) error {
		if list := negativeOf(r).list(); len(list) > 0 {
			o.Field("negative", list)
		}
		return nil
	},
	Validate: func(v *grid.Validation, r *grid.Rules) error { return nil },
	Clashes: func(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash {
		neg := negativeOf(r)
		n := g.N()
		check := func(pairs []grid.Pair, rel *grid.Relation, unit, why string) {
			for _, p := range pairs {
				if a, b := int(g.Cells[p[0]]), int(g.Cells[p[1]]); a != 0 && b != 0 && !rel.Allows(a, b) {
					x, y := grid.CellOf(n, p[0]), grid.CellOf(n, p[1])
					out = append(out, grid.Clash{Unit: unit, Digit: b, A: x, B: y,
						Detail: fmt.Sprintf("%s holds %d and %s holds %d: %s", x, a, y, b, why)})
				}
			}
		}
		if neg.Ratio {
			check(notDotted(n, r), notDoubleRel, "negative ratio", "neighbours without a kropki dot are not in ratio 1:2")
		}
		if neg.XV {
			check(notMarked(n, r, xMark, vMark), notXVRel, "negative XV", "neighbours without an X or a V add up to neither 10 nor 5")
		}
		return out
	},
	Lower: func(s grid.Shape, r *grid.Rules, l *grid.Lowered) {
		neg := negativeOf(r)
		if neg.Ratio {
			pairLinks(l, notDotted(s.N(), r), notDoubleRel, "negative kropki (no black dot)")
		}
		if neg.XV {
			pairLinks(l, notMarked(s.N(), r, xMark, vMark), notXVRel, "negative XV (no X or V)")
		}
	},
	Layouts: []grid.Layout{
		{Name: "kropki-negative", Aliases: []string{"negativekropki"},
			Gloss: "black dots on every pair in ratio 1:2, none elsewhere",
			After: func(rng *rand.Rand, full grid.Grid, r *grid.Rules) {
				markAll(full.N(), full.Cells, r, blackDot)
				setNegative(r, negative{Ratio: true, XV: negativeOf(r).XV})
			},
			Refuse: refuseWith("kropki-negative", "kropki")},
		{Name: "xv-negative", Aliases: []string{"negativexv"},
			Gloss: "an X or a V on every pair that adds up to 10 or 5, none elsewhere",
			After: func(rng *rand.Rand, full grid.Grid, r *grid.Rules) {
				markAll(full.N(), full.Cells, r, xMark, vMark)
				// one mark a pair: the white dots that the kropki layout drew on
				// a 2 beside a 3 give way to their Vs
				giveWay(r, whiteDot, vMark)
				setNegative(r, negative{Ratio: negativeOf(r).Ratio, XV: true})
			},
			Refuse: refuseWith("xv-negative", "xv")},
	},
	Random: func(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
		var neg negative
		n := s.N()
		if rng.IntN(3) > 0 {
			neg.Ratio = true
			if sol != nil {
				markAll(n, sol, r, blackDot)
			}
		}
		if rng.IntN(3) > 0 {
			neg.XV = true
			if sol != nil {
				markAll(n, sol, r, xMark, vMark)
			}
		}
		setNegative(r, neg)
	},
	Draw: func(s grid.Shape, r *grid.Rules, d *grid.Drawing) {
		neg := negativeOf(r)
		if neg.Ratio {
			d.Unmarked = append(d.Unmarked, "all black dots given")
		}
		if neg.XV {
			d.Unmarked = append(d.Unmarked, "all X and V given")
		}
	},
	Titles: map[string]string{"negative-ratio": "Kropki (all black dots given)", "negative-xv": "XV (all given)"},
	Text: func(all []grid.Grid) []string {
		var ratio, xv bool
		for _, g := range all {
			neg := negativeOf(g.Rules)
			ratio, xv = ratio || neg.Ratio, xv || neg.XV
		}
		var out []string
		if ratio {
			out = append(out, "All black dots are given: two cells side by side without one are not in ratio 1:2.")
		}
		if xv {
			out = append(out, "All Xs and Vs are given: two cells side by side without one add up to neither 10 nor 5.")
		}
		return out
	},
}

// negative is the data of negativeKind.
type negative struct{ Ratio, XV bool }

// list is the f-puzzles (and JSON) form of neg.
func (neg negative) list() []string {
	var out []string
	if neg.Ratio {
		out = append(out, "ratio")
	}
	if neg.XV {
		out = append(out, "xv")
	}
	return out
}

// readNegative reads the list of "negative".
func readNegative(list []string) (negative, error) {
	var neg negative
	for _, v := range list {
		switch v {
		case "ratio":
			neg.Ratio = true
		case "xv":
			neg.XV = true
		default:
			return negative{}, grid.Unsupportedf([]string{"negative"}, "\"negative\": %q is not supported, only \"ratio\" and \"xv\" (the negative of white dots is \"nonconsecutive\")", v)
		}
	}
	return neg, nil
}

// negativeOf returns the negative constraints of r (none for nil).
func negativeOf(r *grid.Rules) negative {
	if neg := negativeKey.Get(r); neg != nil {
		return *neg
	}
	return negative{}
}

// setNegative sets the negative constraints of r, which must not be
// shared yet.
func setNegative(r *grid.Rules, neg negative) {
	if neg.Ratio || neg.XV {
		negativeKey.Set(r, &neg)
	} else if negativeKey.Get(r) != nil {
		negativeKey.Set(r, nil)
	}
}

// notDoubleRel and notXVRel are the relations of two neighbours without a
// black dot, and without an X or a V.
var (
	notDoubleRel = &grid.Relation{Allows: func(a, b int) bool { return a != 2*b && b != 2*a }}
	notXVRel     = &grid.Relation{Allows: func(a, b int) bool { return a+b != 10 && a+b != 5 }}
)

// refuseWith refuses the layout name together with the layout other, which
// draws marks of the same kind.
func refuseWith(name, other string) func(s grid.Shape, with []string) error {
	return func(s grid.Shape, with []string) error {
		if slices.Contains(with, other) {
			return errors.New(name + " draws every mark of its kind: it cannot be combined with " + other)
		}
		return nil
	}
}

// negativeKey keeps the negative constraints of rules.
var negativeKey = grid.NewKey[*negative]("negative")
