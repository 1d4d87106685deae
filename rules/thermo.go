package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/sudokugen/sudokugen/grid"
)

// thermoKind is thermometers (Rules.Thermos), bulb first: the digits
// strictly increase along each one. f-puzzles writes them as
// "thermometer", entries whose "lines" each are one; the JSON form as
// "thermos", lists of cells.
var thermoKind = &grid.Kind{
	Name: "thermometer",
	Has:  func(r *grid.Rules) bool { return len(Thermos.Get(r)) > 0 },
	Equal: func(a, b *grid.Rules) bool {
		return slices.EqualFunc(Thermos.Get(a), Thermos.Get(b), func(x, y []int32) bool { return slices.Equal(x, y) })
	},
	Names: func(r *grid.Rules, out []string) []string {
		if len(Thermos.Get(r)) > 0 {
			out = append(out, "thermo")
		}
		return out
	},
	FPFields: []string{"thermometer"},
	ReadFP: func(in *grid.FPIn, r *grid.Rules) error {
		entries, err := in.List("thermometer")
		if err != nil {
			return err
		}
		for j, e := range entries {
			lines, err := fpLines(in, fmt.Sprintf("thermometer %d", j+1), e)
			if err != nil {
				return err
			}
			Thermos.Set(r, append(Thermos.Get(r), keepLines(lines, 2)...))
		}
		return nil
	},
	WriteISS: func(o *grid.ISSOut, r *grid.Rules) error {
		for _, t := range Thermos.Get(r) {
			o.Add("Thermo", o.Cells(t)...)
		}
		return nil
	},
	WriteFP: func(o *grid.FPOut, r *grid.Rules) error {
		if len(Thermos.Get(r)) == 0 {
			return nil
		}
		out := make([]map[string][][]string, len(Thermos.Get(r)))
		for i, t := range Thermos.Get(r) {
			out[i] = map[string][][]string{"lines": {o.Names(t)}}
		}
		o.Field("thermometer", out)
		return nil
	},
	JSONFields: []string{"thermos"},
	ReadJSON: func(in *grid.JSONIn, r *grid.Rules) error {
		var thermos [][]string
		if _, err := in.Decode("thermos", &thermos, `an array of thermometers, each an array of cells from the bulb, such as [["r1c1", "r1c2"]]`); err != nil {
			return err
		}
		for k, t := range thermos {
			cells, err := in.Cells(fmt.Sprintf("thermometer %d", k+1), t)
			if err != nil {
				return err
			}
			Thermos.Set(r, append(Thermos.Get(r), keepLines([][]int32{cells}, 2)...))
		}
		return nil
	},
	WriteJSON: func(o *grid.JSONOut, r *grid.Rules) error {
		if len(Thermos.Get(r)) > 0 {
			out := make([][]string, len(Thermos.Get(r)))
			for i, t := range Thermos.Get(r) {
				out[i] = o.Names(t)
			}
			o.Field("thermos", out)
		}
		return nil
	},
	Validate: func(v *grid.Validation, r *grid.Rules) error {
		n := v.N
		for k, t := range Thermos.Get(r) {
			rule := func() string { return fmt.Sprintf("thermometer %d (%s)", k+1, cellList(n, t)) }
			if err := v.InGrid(rule, t); err != nil {
				return err
			}
			if len(t) < 2 || len(t) > n {
				return grid.RuleErrorf(rule(), "%d cells, want 2 to %d", len(t), n)
			}
			for j := 1; j < len(t); j++ {
				if !grid.Adjacent(n, t[j-1], t[j], true) {
					return grid.RuleErrorf(rule(), "%s does not touch %s: not a chain", grid.CellName(n, t[j]), grid.CellName(n, t[j-1]))
				}
			}
		}
		return nil
	},
	Clashes: thermoClashes,
	Lower: func(s grid.Shape, r *grid.Rules, l *grid.Lowered) {
		for _, t := range Thermos.Get(r) {
			label := "thermometer " + lineName(s.N(), t)
			for i := 1; i < len(t); i++ {
				l.Links = append(l.Links, grid.Link{A: t[i-1], B: t[i], Rel: increases, Label: label})
			}
			if l.KeepsFacts() {
				thermoFacts(s.N(), t, label, l)
			}
		}
	},
	Layouts: []grid.Layout{{Name: "thermometer", Aliases: []string{"thermo", "thermometers", "thermos"},
		Gloss: "random thermometers of 3 to 6 cells drawn from the solution, then givens removed to minimal",
		After: func(rng *rand.Rand, full grid.Grid, r *grid.Rules) {
			Thermos.Set(r, append(Thermos.Get(r), layoutThermos(rng, full.N(), full.Cells, thermoCount(rng, full.N()))...))
		}}},
	Random: randomThermos,
	Draw:   func(s grid.Shape, r *grid.Rules, d *grid.Drawing) { d.Tubes = append(d.Tubes, Thermos.Get(r)...) },
	Titles: map[string]string{"thermo": "Thermo"},
	Text: func(all []grid.Grid) []string {
		for _, g := range all {
			if g.Rules != nil && len(Thermos.Get(g.Rules)) > 0 {
				return []string{"Along each thermometer the digits increase, from the bulb to the other end."}
			}
		}
		return nil
	},
}

// thermoClashes reports givens that cannot sit where they are on a
// thermometer, and two givens that do not increase along one.
func thermoClashes(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash {
	n := g.N()
	for k, t := range Thermos.Get(r) {
		for a, ca := range t {
			va := int(g.Cells[ca])
			if va == 0 {
				continue
			}
			if va < a+1 || va > n-(len(t)-1-a) {
				x := grid.CellOf(n, ca)
				out = append(out, grid.Clash{Unit: "thermometer", Index: k, Digit: va, A: x, B: x,
					Detail: fmt.Sprintf("%s holds %d, which cannot be cell %d of the %d of thermometer %d", x, va, a+1, len(t), k+1)})
				continue
			}
			for b := a + 1; b < len(t); b++ {
				if vb := int(g.Cells[t[b]]); vb != 0 && vb-va < b-a {
					x, y := grid.CellOf(n, ca), grid.CellOf(n, t[b])
					out = append(out, grid.Clash{Unit: "thermometer", Index: k, Digit: vb, A: x, B: y,
						Detail: fmt.Sprintf("%s holds %d and %s holds %d: thermometer %d must increase from one to the other", x, va, y, vb, k+1)})
				}
			}
		}
	}
	return out
}

// increases is the relation of two consecutive cells of a thermometer.
var increases = &grid.Relation{Allows: func(a, b int) bool { return a < b }}

// randomThermos adds a few chains of touching cells along which sol's
// digits increase (any chain when sol is nil).
func randomThermos(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
	n := s.N()
	for range 1 + rng.IntN(3) {
		t := []int32{int32(rng.IntN(n * n))}
		for len(t) < n && rng.IntN(4) > 0 {
			last := t[len(t)-1]
			nb := KingNeighbours(n, last)
			z := nb[rng.IntN(len(nb))]
			if slices.Contains(t, z) || sol != nil && sol[z] <= sol[last] {
				break
			}
			t = append(t, z)
		}
		if len(t) >= 2 {
			Thermos.Set(r, append(Thermos.Get(r), t))
		}
	}
}

// thermoCount is how many thermometers the layout draws: on 9x9, 4 to 6.
func thermoCount(rng *rand.Rand, n int) int { return max(1, n/2) + rng.IntN(n/4+1) }

// layoutThermos draws up to count thermometers of 3 to 6 cells (at most
// n-1) from the full grid cells, no cell in two: each from a random bulb
// along a random chain of touching cells whose digits increase, kept when
// it reaches the length drawn for it. They come bulb first, sorted by
// their bulbs.
func layoutThermos(rng *rand.Rand, n int, cells []uint8, count int) [][]int32 {
	used := make([]bool, n*n)
	hi := min(6, n-1)
	if hi < 3 {
		return nil
	}
	var out [][]int32
	for try := 0; try < 30*count && len(out) < count; try++ {
		want := 3 + rng.IntN(hi-2)
		t := []int32{int32(rng.IntN(n * n))}
		if used[t[0]] || int(cells[t[0]]) > n-want+1 {
			continue
		}
		for len(t) < want {
			last := t[len(t)-1]
			var next []int32
			for _, z := range KingNeighbours(n, last) {
				// room above the next digit for the cells still to come
				if !used[z] && cells[z] > cells[last] && int(cells[z]) <= n-(want-len(t)-1) {
					next = append(next, z)
				}
			}
			if len(next) == 0 {
				break
			}
			t = append(t, next[rng.IntN(len(next))])
		}
		if len(t) < want {
			continue
		}
		for _, c := range t {
			used[c] = true
		}
		out = append(out, t)
	}
	slices.SortFunc(out, func(a, b []int32) int { return int(a[0] - b[0]) })
	return out
}

// Thermos are thermometers, bulb first: the digits strictly increase
// along each one. Consecutive cells touch, diagonally or not.
var Thermos = grid.NewKey[[][]int32]("thermos")

// thermoFacts says how high and how low each cell of thermometer t may be
// for the cells before and after it, which rise: the cell at place i
// (from the bulb, 0) is i+1 to N-(len-1-i).
func thermoFacts(n int, t []int32, label string, l *grid.Lowered) {
	k := len(t)
	if k < 2 || k > n {
		return
	}
	for i, c := range t {
		lo, hi := i+1, n-(k-1-i)
		var why string
		switch {
		case i == 0:
			why = cellsWord(k-1) + " after it, so it is at most " + strconv.Itoa(hi)
		case i == k-1:
			why = cellsWord(k-1) + " before it, so it is at least " + strconv.Itoa(lo)
		default:
			why = cellsWord(i) + " before it and " + cellsWord(k-1-i) + " after it, so it is " + strconv.Itoa(lo) + " to " + strconv.Itoa(hi)
		}
		full := uint64(1)<<n - 1
		keep := full &^ (uint64(1)<<(lo-1) - 1) & (uint64(1)<<hi - 1)
		l.Facts = append(l.Facts, grid.Fact{Cells: t[i : i+1], Not: full &^ keep, Label: label,
			Words: grid.CellName(n, c) + " has " + why})
	}
}

// cellsWord writes a count of cells: "1 cell", "3 cells".
func cellsWord(k int) string {
	if k == 1 {
		return "1 cell"
	}
	return strconv.Itoa(k) + " cells"
}
