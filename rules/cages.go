package rules

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/sudokugen/sudokugen/grid"
)

// cageKind is killer cages (Rules.Cages): their digits differ and add up
// to their sum, when they have one. f-puzzles writes them as "killercage"
// with the sum as a string "value"; the JSON form as "cages" with a number
// "sum". A cage without a sum leaves the value out, and a value of 0 is
// read as no sum, as SudokuSolver (KillerCageConstraint.cs) and
// Interactive-Sudoku-Solver read it; it is written back without one.
// Cells of a cage need not touch: SudokuSolver and f-puzzles take any
// cells, and so does this reader. Cages may overlap,
// as SudokuSolver and Interactive-Sudoku-Solver allow: each is its own
// group of distinct digits with its own sum, and a cell in two cages keeps
// both (the 45 rule of Imply reads only the cages that overlap no other).
var cageKind = &grid.Kind{
	Name: "killer cage",
	Has:  func(r *grid.Rules) bool { return len(Cages.Get(r)) > 0 },
	Equal: func(a, b *grid.Rules) bool {
		return slices.EqualFunc(Cages.Get(a), Cages.Get(b), func(x, y grid.Cage) bool { return x.Sum == y.Sum && slices.Equal(x.Cells, y.Cells) })
	},
	Names: func(r *grid.Rules, out []string) []string {
		if len(Cages.Get(r)) == 0 {
			return out
		}
		for _, c := range Cages.Get(r) {
			if c.Sum != 0 {
				return append(out, "killer")
			}
		}
		return append(out, "cages")
	},
	FPFields:   []string{"killercage"},
	ReadFP:     readCagesFP,
	WriteFP:    writeCagesFP,
	WriteISS:   writeCagesISS,
	JSONFields: []string{"cages"},
	ReadJSON:   readCagesJSON,
	WriteJSON: func(o *grid.JSONOut, r *grid.Rules) error {
		if len(Cages.Get(r)) == 0 {
			return nil
		}
		type cageJSON struct {
			Cells []string `json:"cells"`
			Sum   int      `json:"sum,omitempty"`
		}
		out := make([]cageJSON, len(Cages.Get(r)))
		for i, c := range Cages.Get(r) {
			out[i] = cageJSON{o.Names(c.Cells), c.Sum}
		}
		o.Field("cages", out)
		return nil
	},
	Validate: validateCages,
	Clashes:  cageClashes,
	Lower: func(s grid.Shape, r *grid.Rules, l *grid.Lowered) {
		l.Groups = slices.Grow(l.Groups, len(Cages.Get(r)))
		l.Sums = slices.Grow(l.Sums, len(Cages.Get(r)))
		for k, c := range Cages.Get(r) {
			if len(c.Cells) > 1 {
				l.Groups = append(l.Groups, grid.LabelledGroup{Cells: c.Cells, Label: "cage " + itoa(k+1), Unit: false})
			}
		}
		for _, c := range Cages.Get(r) {
			if c.Sum != 0 {
				l.Sums = append(l.Sums, c)
			}
		}
	},
	Layouts: []grid.Layout{{Name: "killer", Gloss: "random cages with their sums over the grid, then givens removed to minimal",
		Split: splitCage, PureGloss: "no givens: cages split until they alone are unique",
		After: func(rng *rand.Rand, full grid.Grid, r *grid.Rules) { Cages.Set(r, layoutCages(rng, full)) },
		Refuse: func(s grid.Shape, with []string) error {
			if s.N() > MaxKillerN {
				return fmt.Errorf("killer puzzles are made up to %dx%d", MaxKillerN, MaxKillerN)
			}
			return nil
		}}},
	Random: randomCages,
	Draw:   func(s grid.Shape, r *grid.Rules, d *grid.Drawing) { d.Cages = append(d.Cages, Cages.Get(r)...) },
	Titles: map[string]string{"killer": "Killer", "cages": "Cages"},
	Text: func(all []grid.Grid) []string {
		var sums, plain bool
		for _, g := range all {
			if g.Rules != nil {
				for _, c := range Cages.Get(g.Rules) {
					sums = sums || c.Sum != 0
					plain = plain || c.Sum == 0
				}
			}
		}
		var s []string
		if sums {
			s = append(s, "The digits in each dashed cage add up to the small number in its corner, and no digit repeats within a cage.")
		}
		if plain {
			s = append(s, "No digit repeats within a dashed cage.")
		}
		return s
	},
}

func readCagesFP(in *grid.FPIn, r *grid.Rules) error {
	cages, err := in.List("killercage")
	if err != nil {
		return err
	}
	list := slices.Clip(Cages.Get(r))
	for j, c := range cages {
		what := fmt.Sprintf("killercage %d", j+1)
		cs, err := in.CellList(what+": \"cells\"", c["cells"])
		if err != nil {
			return err
		}
		sum := 0
		if v, ok := c["value"]; ok && string(v) != "null" && grid.FPString(v) != "" {
			s := grid.FPString(v)
			k, err := strconv.Atoi(s)
			if err != nil || k < 0 {
				return grid.FPErrorf("%s: value %q is not a sum", what, s)
			}
			sum = k // 0: no sum
		}
		list = append(list, grid.Cage{Cells: cs, Sum: sum})
	}
	if len(cages) > 0 {
		Cages.Set(r, list) // once: each set copies the rules' slots
	}
	return nil
}

func writeCagesFP(o *grid.FPOut, r *grid.Rules) error {
	if len(Cages.Get(r)) == 0 {
		return nil
	}
	cages := make([]map[string]any, 0, len(Cages.Get(r)))
	for _, c := range Cages.Get(r) {
		e := map[string]any{"cells": o.Names(c.Cells)}
		if c.Sum != 0 {
			e["value"] = strconv.Itoa(c.Sum)
		}
		cages = append(cages, e)
	}
	o.Field("killercage", cages)
	return nil
}

func readCagesJSON(in *grid.JSONIn, r *grid.Rules) error {
	var cages []struct {
		Cells []string        `json:"cells"`
		Sum   json.RawMessage `json:"sum"`
	}
	if _, err := in.Decode("cages", &cages, `an array of cages such as {"cells": ["r1c1", "r1c2"], "sum": 10}`); err != nil {
		return err
	}
	if len(cages) == 0 {
		return nil
	}
	// one list set once: setting the rules' list for each cage copied
	// the rules' slots each time
	list := slices.Grow(slices.Clip(Cages.Get(r)), len(cages))
	for k, c := range cages {
		what := func() string { return fmt.Sprintf("cage %d", k+1) }
		cells, err := in.CellsOf(what, c.Cells)
		if err != nil {
			return err
		}
		sum := 0
		if c.Sum != nil && string(c.Sum) != "null" {
			v, ok := grid.Whole(c.Sum)
			if !ok || v < 0 {
				return fmt.Errorf("rules: %s: \"sum\" is %s, want a whole number, 0 for none", what(), grid.CutText(c.Sum))
			}
			sum = v // 0: no sum
		}
		list = append(list, grid.Cage{Cells: cells, Sum: sum})
	}
	Cages.Set(r, list)
	return nil
}

func validateCages(v *grid.Validation, r *grid.Rules) error {
	n := v.N
	for k, c := range Cages.Get(r) {
		name := func() string { return fmt.Sprintf("cage %d (%s)", k+1, cellList(n, c.Cells)) }
		if err := v.InGrid(name, c.Cells); err != nil {
			return err
		}
		if len(c.Cells) == 0 || len(c.Cells) > n {
			return grid.RuleErrorf(name(), "%d cells, want 1 to %d", len(c.Cells), n)
		}
		if c.Sum < 0 {
			return grid.RuleErrorf(name(), "sum %d: want a sum above 0, or none", c.Sum)
		}
		if c.Sum != 0 {
			if n > grid.MaxSumN {
				return grid.RuleErrorf(name(), "cages with a sum are supported up to %dx%d grids", grid.MaxSumN, grid.MaxSumN)
			}
			lo, hi := grid.SumRange(n, len(c.Cells))
			if c.Sum < lo || c.Sum > hi {
				return grid.RuleErrorf(name(), "no %d distinct digits from 1 to %d add up to %d (they make %d to %d)", len(c.Cells), n, c.Sum, lo, hi)
			}
		}
	}
	return nil
}

// cageClashes reports cages whose givens leave no way to reach their sum.
func cageClashes(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash {
	n := g.N()
	for k, c := range Cages.Get(r) {
		if c.Sum == 0 {
			continue
		}
		sum, empty := 0, 0
		for _, x := range c.Cells {
			sum += int(g.Cells[x])
			if g.Cells[x] == 0 {
				empty++
			}
		}
		lo, hi := grid.SumRange(n, empty)
		if rest := c.Sum - sum; rest < lo || rest > hi || empty == 0 && rest != 0 {
			x := grid.CellOf(n, c.Cells[0])
			out = append(out, grid.Clash{Unit: "cage", Index: k, A: x, B: x,
				Detail: fmt.Sprintf("cage %d (%s) must add up to %d, which its givens (%d) and %d empty cells cannot", k+1, cellList(n, c.Cells), c.Sum, sum, empty)})
		}
	}
	return out
}

// randomCages adds up to N cages of cells whose digits in sol differ,
// most with the sum sol gives them (with sol nil, any sum they can
// make), some without a sum.
func randomCages(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
	n := s.N()
	taken := make([]bool, n*n)
	for range n {
		start := int32(rng.IntN(n * n))
		if taken[start] {
			continue
		}
		cage := []int32{start}
		var used uint64
		if sol != nil {
			used = 1 << sol[start]
		}
		for size := 1 + rng.IntN(min(n, 5)); len(cage) < size; {
			x := cage[rng.IntN(len(cage))]
			nb := orthogonal(n, x)
			z := nb[rng.IntN(len(nb))]
			if taken[z] || slices.Contains(cage, z) || sol != nil && used&(1<<sol[z]) != 0 {
				size--
				continue
			}
			if sol != nil {
				used |= 1 << sol[z]
			}
			cage = append(cage, z)
		}
		for _, x := range cage {
			taken[x] = true
		}
		sum := 0
		if rng.IntN(4) > 0 && n <= grid.MaxSumN {
			lo, hi := grid.SumRange(n, len(cage))
			sum = lo + rng.IntN(hi-lo+1)
			if sol != nil {
				sum = 0
				for _, x := range cage {
					sum += int(sol[x])
				}
			}
		}
		Cages.Set(r, append(Cages.Get(r), grid.Cage{Cells: cage, Sum: sum}))
	}
}

// MaxKillerN is the largest size generate makes killer puzzles of.
// Measured one at a time: a 12x12 killer takes about 0.25 s (four seeds;
// 3.3 s before the implied constraints), two 16x16 killers more than two
// minutes each.
const MaxKillerN = 12

// layoutCages covers full grid g with random cages of orthogonally
// connected cells, none with a repeated digit: from each cell not yet in a
// cage, in a random order, a cage grows by random neighbours to a random
// size of 2 to 5 cells (2 to 4 below 9x9, never more than N). A cell left
// alone joins a neighbouring cage that lacks its digit and has room; else
// it stays a cage of one cell.
func layoutCages(rng *rand.Rand, g grid.Grid) []grid.Cage {
	n := g.N()
	maxSize := min(n, 5)
	if n < 9 {
		maxSize = min(n, 4)
	}
	of := make([]int, n*n)
	for i := range of {
		of[i] = -1
	}
	var cages [][]int32
	var digits []uint64
	for _, start := range rng.Perm(n * n) {
		if of[start] >= 0 {
			continue
		}
		size := 2 + rng.IntN(maxSize-1)
		cage := []int32{int32(start)}
		used := uint64(1) << g.Cells[start]
		k := len(cages)
		of[start] = k
		for len(cage) < size {
			var next []int32
			for _, y := range cage {
				for _, z := range grid.Orth(n, y) {
					if of[z] < 0 && used&(1<<g.Cells[z]) == 0 && !slices.Contains(next, z) {
						next = append(next, z)
					}
				}
			}
			if len(next) == 0 {
				break
			}
			z := next[rng.IntN(len(next))]
			of[z] = k
			used |= 1 << g.Cells[z]
			cage = append(cage, z)
		}
		cages = append(cages, cage)
		digits = append(digits, used)
	}
	// single cells join a neighbour when they can
	for k, cage := range cages {
		if len(cage) != 1 {
			continue
		}
		x := cage[0]
		for _, z := range grid.Orth(n, x) {
			j := of[z]
			if j != k && len(cages[j]) > 0 && len(cages[j]) < n && digits[j]&(1<<g.Cells[x]) == 0 {
				cages[j] = append(cages[j], x)
				digits[j] |= 1 << g.Cells[x]
				of[x] = j
				cages[k] = nil
				break
			}
		}
	}
	var out []grid.Cage
	for _, cage := range cages {
		if len(cage) == 0 {
			continue
		}
		slices.Sort(cage)
		sum := 0
		for _, y := range cage {
			sum += int(g.Cells[y])
		}
		out = append(out, grid.Cage{Cells: cage, Sum: sum})
	}
	// in reading order of their first cells, as people list them
	slices.SortFunc(out, func(a, b grid.Cage) int { return int(a.Cells[0] - b.Cells[0]) })
	return out
}

// Cages are killer cages: their digits all differ, and add up to Sum
// when Sum is not 0. Cages may overlap: a cell in two keeps both.
var Cages = grid.NewKey[[]grid.Cage]("cages")

// splitCage returns rules whose cage holding cell x is split in two
// connected parts (x's part grown from x to about half the cage); a cage
// of one cell cannot be split, and then a neighbouring cage of x's
// neighbours is split instead, which cannot happen for long: the second
// solution differs from the grid in at least two cells.
func splitCage(rng *rand.Rand, r *grid.Rules, full grid.Grid, x int32) *grid.Rules {
	n := full.N()
	nr := r.Clone()
	Cages.Set(nr, slices.Clone(Cages.Get(r)))
	k := slices.IndexFunc(Cages.Get(nr), func(c grid.Cage) bool { return slices.Contains(c.Cells, x) })
	if k < 0 || len(Cages.Get(nr)[k].Cells) < 2 {
		return nr
	}
	c := Cages.Get(nr)[k]
	in := map[int32]bool{}
	for _, y := range c.Cells {
		in[y] = true
	}
	part := []int32{x}
	taken := map[int32]bool{x: true}
	want := max(1, len(c.Cells)/2)
	for len(part) < want {
		var next []int32
		for _, y := range part {
			for _, z := range grid.Orth(n, y) {
				if in[z] && !taken[z] {
					next = append(next, z)
				}
			}
		}
		if len(next) == 0 {
			break
		}
		z := next[rng.IntN(len(next))]
		taken[z] = true
		part = append(part, z)
	}
	var rest []int32
	for _, y := range c.Cells {
		if !taken[y] {
			rest = append(rest, y)
		}
	}
	sum := func(cells []int32) int {
		s := 0
		for _, y := range cells {
			s += int(full.Cells[y])
		}
		return s
	}
	slices.Sort(part)
	Cages.Get(nr)[k] = grid.Cage{Cells: part, Sum: sum(part)}
	for _, comp := range components(n, rest) {
		Cages.Set(nr, append(Cages.Get(nr), grid.Cage{Cells: comp, Sum: sum(comp)}))
	}
	return nr
}

// components splits cells into their orthogonally connected parts, each
// sorted, in the order of their first cells.
func components(n int, cells []int32) [][]int32 {
	in := map[int32]bool{}
	for _, c := range cells {
		in[c] = true
	}
	seen := map[int32]bool{}
	var out [][]int32
	for _, c := range cells {
		if seen[c] {
			continue
		}
		comp := []int32{c}
		seen[c] = true
		for k := 0; k < len(comp); k++ {
			for _, z := range grid.Orth(n, comp[k]) {
				if in[z] && !seen[z] {
					seen[z] = true
					comp = append(comp, z)
				}
			}
		}
		slices.Sort(comp)
		out = append(out, comp)
	}
	return out
}

// writeCagesISS writes each cage as ISS's Cage, whose digits differ and
// whose sum of 0 is no sum, as here.
func writeCagesISS(o *grid.ISSOut, r *grid.Rules) error {
	for _, c := range Cages.Get(r) {
		o.Add("Cage", append([]string{strconv.Itoa(c.Sum)}, o.Cells(c.Cells)...)...)
	}
	return nil
}
