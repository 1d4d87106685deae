package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// groupKind is the extra groups whose digits all differ (Rules.Extra): the
// diagonals of X puzzles, the windows of hyper puzzles, disjoint groups
// and extra regions. f-puzzles writes the diagonals as "diagonal-" (r1c1
// to rNcN) and "diagonal+" (rNc1 to r1cN), the disjoint groups as
// "disjointgroups", and windows and extra regions alike as "extraregion"
// (windows are recognised again); the JSON form lists them all in "extra"
// with their "kind".
var groupKind = &grid.Kind{
	Name: "extra group",
	Has:  func(r *grid.Rules) bool { return len(Extra.Get(r)) > 0 },
	Equal: func(a, b *grid.Rules) bool {
		return slices.EqualFunc(Extra.Get(a), Extra.Get(b), func(x, y grid.Group) bool { return x.Kind == y.Kind && slices.Equal(x.Cells, y.Cells) })
	},
	Names:      groupNames,
	FPFields:   []string{"diagonal+", "diagonal-", "disjointgroups", "extraregion"},
	ReadFP:     readGroupsFP,
	WriteFP:    writeGroupsFP,
	WriteISS:   writeGroupsISS,
	JSONFields: []string{"extra"},
	ReadJSON:   readGroupsJSON,
	WriteJSON: func(o *grid.JSONOut, r *grid.Rules) error {
		if len(Extra.Get(r)) == 0 {
			return nil
		}
		type groupJSON struct {
			Kind  string   `json:"kind"`
			Cells []string `json:"cells"`
		}
		out := make([]groupJSON, 0, len(Extra.Get(r)))
		for _, g := range Extra.Get(r) {
			if int(g.Kind) >= len(groupKindJSON) {
				return fmt.Errorf("unknown kind of group %d", g.Kind)
			}
			out = append(out, groupJSON{groupKindJSON[g.Kind], o.Names(g.Cells)})
		}
		o.Field("extra", out)
		return nil
	},
	Validate: validateGroups,
	Clashes:  func(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash { return out }, // repeats: see ruleClashes
	Lower: func(s grid.Shape, r *grid.Rules, l *grid.Lowered) {
		seen := map[grid.GroupKind]int{}
		for _, g := range Extra.Get(r) {
			seen[g.Kind]++
			label := g.Kind.String() + " " + itoa(seen[g.Kind])
			if g.Kind == grid.GroupDiagonal || g.Kind == grid.GroupAntiDiagonal {
				label = g.Kind.String()
			}
			l.Groups = append(l.Groups, grid.LabelledGroup{Cells: g.Cells, Label: label, Unit: len(g.Cells) == s.N()})
		}
	},
	Layouts: []grid.Layout{
		{Name: "x", Aliases: []string{"diagonal", "sudokux"}, Gloss: "both diagonals", Fixed: func(s grid.Shape, r *grid.Rules) {
			Extra.Set(r, append(Extra.Get(r), grid.Group{Kind: grid.GroupDiagonal, Cells: grid.Diagonal(s.N())}, grid.Group{Kind: grid.GroupAntiDiagonal, Cells: grid.AntiDiagonal(s.N())}))
		}},
		{Name: "hyper", Aliases: []string{"windoku"}, Gloss: "windows", Fixed: func(s grid.Shape, r *grid.Rules) {
			for _, w := range grid.Windows(s) {
				Extra.Set(r, append(Extra.Get(r), grid.Group{Kind: grid.GroupWindow, Cells: w}))
			}
		}, Refuse: func(s grid.Shape, with []string) error {
			n := s.N()
			switch {
			case s.Boxless():
				return fmt.Errorf("a %dx%d grid has no boxes, so no room for hyper windows", n, n)
			case len(grid.Windows(s)) == 0:
				return fmt.Errorf("a %s grid has no room for hyper windows", s)
			}
			return nil
		}},
		{Name: "disjoint", Gloss: "disjoint groups", Fixed: func(s grid.Shape, r *grid.Rules) {
			for _, d := range grid.DisjointGroups(s) {
				Extra.Set(r, append(Extra.Get(r), grid.Group{Kind: grid.GroupDisjoint, Cells: d}))
			}
		}, Refuse: func(s grid.Shape, with []string) error {
			if slices.Contains(with, "jigsaw") {
				return fmt.Errorf("variants jigsaw and disjoint do not combine: disjoint groups follow the boxes, which a jigsaw has none of")
			}
			return nil
		}},
	},
	Random: randomGroups,
	Draw:   drawGroups,
	Titles: map[string]string{"x": "X", "diagonal": "Diagonal", "hyper": "Hyper", "disjoint": "Disjoint groups",
		"extra-regions": "Extra regions"},
	Text: groupText,
}

// writeGroupsISS writes a whole diagonal as ISS's Diagonal (-1 from r1c1
// down to rNcN, 1 from r1cN down to rNc1) and any other group as its
// AllDifferent: a window, a disjoint group or an extra region holds no
// digit twice, which is all AllDifferent says.
func writeGroupsISS(o *grid.ISSOut, r *grid.Rules) error {
	for _, g := range Extra.Get(r) {
		switch {
		case g.Kind == grid.GroupDiagonal && slices.Equal(g.Cells, grid.Diagonal(o.N)):
			o.Add("Diagonal", "-1")
		case g.Kind == grid.GroupAntiDiagonal && slices.Equal(g.Cells, grid.AntiDiagonal(o.N)):
			o.Add("Diagonal", "1")
		default:
			o.Add("AllDifferent", o.Cells(g.Cells)...)
		}
	}
	return nil
}

var groupKindJSON = [...]string{"region", "diagonal", "anti-diagonal", "window", "disjoint"}

func groupNames(r *grid.Rules, out []string) []string {
	var kinds [grid.GroupKinds]int
	for _, g := range Extra.Get(r) {
		if int(g.Kind) < len(kinds) {
			kinds[g.Kind]++
		}
	}
	switch d := kinds[grid.GroupDiagonal] + kinds[grid.GroupAntiDiagonal]; {
	case kinds[grid.GroupDiagonal] > 0 && kinds[grid.GroupAntiDiagonal] > 0:
		out = append(out, "x")
	case d > 0:
		out = append(out, "diagonal")
	}
	if kinds[grid.GroupWindow] > 0 {
		out = append(out, "hyper")
	}
	if kinds[grid.GroupDisjoint] > 0 {
		out = append(out, "disjoint")
	}
	if kinds[grid.GroupRegion] > 0 {
		out = append(out, "extra-regions")
	}
	return out
}

func readGroupsFP(in *grid.FPIn, r *grid.Rules) error {
	n := in.N
	var diagMinus, diagPlus, disjoint bool
	for _, f := range []struct {
		k string
		p *bool
	}{{"diagonal-", &diagMinus}, {"diagonal+", &diagPlus}, {"disjointgroups", &disjoint}} {
		var err error
		if *f.p, err = in.Flag(f.k); err != nil {
			return err
		}
	}
	if diagMinus {
		Extra.Set(r, append(Extra.Get(r), grid.Group{Kind: grid.GroupDiagonal, Cells: grid.Diagonal(n)}))
	}
	if diagPlus {
		Extra.Set(r, append(Extra.Get(r), grid.Group{Kind: grid.GroupAntiDiagonal, Cells: grid.AntiDiagonal(n)}))
	}
	regs, err := in.List("extraregion")
	if err != nil {
		return err
	}
	var extra [][]int32
	for k, e := range regs {
		c, err := in.CellList(fmt.Sprintf("extra region %d: \"cells\"", k+1), e["cells"])
		if err != nil {
			return err
		}
		extra = append(extra, c)
	}
	for _, w := range grid.Windows(in.Shape) {
		for k, e := range extra {
			if e != nil && sameSet(e, w) {
				Extra.Set(r, append(Extra.Get(r), grid.Group{Kind: grid.GroupWindow, Cells: w}))
				extra[k] = nil
				break
			}
		}
	}
	if disjoint {
		for _, d := range grid.DisjointGroups(in.Shape) {
			Extra.Set(r, append(Extra.Get(r), grid.Group{Kind: grid.GroupDisjoint, Cells: d}))
		}
	}
	for _, e := range extra {
		if e != nil {
			Extra.Set(r, append(Extra.Get(r), grid.Group{Kind: grid.GroupRegion, Cells: e}))
		}
	}
	return nil
}

func writeGroupsFP(o *grid.FPOut, r *grid.Rules) error {
	var extraRegions []map[string][]string
	disjoint := 0
	for _, grp := range Extra.Get(r) {
		switch grp.Kind {
		case grid.GroupDiagonal:
			o.Field("diagonal-", true)
		case grid.GroupAntiDiagonal:
			o.Field("diagonal+", true)
		case grid.GroupDisjoint:
			disjoint++
		case grid.GroupWindow, grid.GroupRegion:
			extraRegions = append(extraRegions, map[string][]string{"cells": o.Names(grp.Cells)})
		}
	}
	if disjoint > 0 {
		if disjoint != o.N {
			return fmt.Errorf("f-puzzles holds disjoint groups only all together")
		}
		o.Field("disjointgroups", true)
	}
	if len(extraRegions) > 0 {
		o.Field("extraregion", extraRegions)
	}
	return nil
}

func readGroupsJSON(in *grid.JSONIn, r *grid.Rules) error {
	var groups []struct {
		Kind  string   `json:"kind"`
		Cells []string `json:"cells"`
	}
	if _, err := in.Decode("extra", &groups, `an array of groups such as {"kind": "diagonal", "cells": ["r1c1", ...]}`); err != nil {
		return err
	}
	for k, g := range groups {
		kind := -1
		for i, name := range groupKindJSON {
			if strings.EqualFold(g.Kind, name) {
				kind = i
			}
		}
		if kind < 0 {
			return fmt.Errorf("rules: extra group %d: kind %q, want region, diagonal, anti-diagonal, window or disjoint", k+1, g.Kind)
		}
		cells, err := in.Cells(fmt.Sprintf("extra group %d", k+1), g.Cells)
		if err != nil {
			return err
		}
		Extra.Set(r, append(Extra.Get(r), grid.Group{Kind: grid.GroupKind(kind), Cells: cells}))
	}
	return nil
}

func validateGroups(v *grid.Validation, r *grid.Rules) error {
	n, s := v.N, v.Shape
	for k, g := range Extra.Get(r) {
		rule := func() string { return fmt.Sprintf("%s %d", g.Kind, k+1) }
		if err := v.InGrid(rule, g.Cells); err != nil {
			return err
		}
		if int(g.Kind) >= grid.GroupKinds {
			return grid.RuleErrorf(rule(), "unknown kind of group %d", int(g.Kind))
		}
		if s.Boxless() && (g.Kind == grid.GroupWindow || g.Kind == grid.GroupDisjoint) {
			return grid.RuleErrorf(rule(), "a %dx%d grid has no boxes, so no %ss", n, n, g.Kind)
		}
		if len(g.Cells) < 2 || len(g.Cells) > n {
			return grid.RuleErrorf(rule(), "%d cells, want 2 to %d", len(g.Cells), n)
		}
		if want := kindCells(s, g.Kind, g.Cells); want != nil && !sameSet(want, g.Cells) {
			return grid.RuleErrorf(rule(), "cells %s are not a %s of a %s grid", cellList(n, g.Cells), g.Kind, s)
		}
	}
	return nil
}

func groupText(all []grid.Grid) []string {
	var diag, anti, window, disjoint, fullRegion, partRegion bool
	for _, g := range all {
		if g.Rules == nil {
			continue
		}
		for _, grp := range Extra.Get(g.Rules) {
			switch grp.Kind {
			case grid.GroupDiagonal:
				diag = true
			case grid.GroupAntiDiagonal:
				anti = true
			case grid.GroupWindow:
				window = true
			case grid.GroupDisjoint:
				disjoint = true
			case grid.GroupRegion:
				// an extra region of N cells holds every digit
				full := len(grp.Cells) == g.N()
				fullRegion = fullRegion || full
				partRegion = partRegion || !full
			}
		}
	}
	var s []string
	switch {
	case diag && anti:
		s = append(s, "Each of the two long diagonals, drawn in grey, holds each digit once too.")
	case diag || anti:
		s = append(s, "The long diagonal drawn in grey holds each digit once too.")
	}
	if window {
		s = append(s, "So does each of the shaded windows.")
	}
	if fullRegion {
		s = append(s, "Each shaded region holds each digit once too.")
	}
	if partRegion {
		s = append(s, "No digit repeats within a shaded region.")
	}
	if disjoint {
		s = append(s, "Cells in the same place within their boxes (the top left cell of every box, say) hold different digits.")
	}
	return s
}

// randomGroups adds, at random, the diagonals, the windows and the
// disjoint groups that sol keeps, and an extra region of cells whose
// digits in sol differ.
func randomGroups(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
	n := s.N()
	distinct := func(cells []int32) bool {
		var seen uint64
		for _, c := range cells {
			if sol != nil {
				if seen&(1<<sol[c]) != 0 {
					return false
				}
				seen |= 1 << sol[c]
			}
		}
		return true
	}
	try := func(k grid.GroupKind, cells []int32) {
		if rng.IntN(3) == 0 && distinct(cells) {
			Extra.Set(r, append(Extra.Get(r), grid.Group{Kind: k, Cells: cells}))
		}
	}
	try(grid.GroupDiagonal, grid.Diagonal(n))
	try(grid.GroupAntiDiagonal, grid.AntiDiagonal(n))
	if !s.Boxless() {
		for _, w := range grid.Windows(s) {
			try(grid.GroupWindow, w)
		}
		if rng.IntN(4) == 0 {
			all := true
			for _, d := range grid.DisjointGroups(s) {
				all = all && distinct(d)
			}
			if all {
				for _, d := range grid.DisjointGroups(s) {
					Extra.Set(r, append(Extra.Get(r), grid.Group{Kind: grid.GroupDisjoint, Cells: d}))
				}
			}
		}
	}
	cells := []int32{int32(rng.IntN(n * n))}
	size := 2 + rng.IntN(n-1)
	for _, c := range rng.Perm(n * n) {
		if len(cells) == size {
			break
		}
		if !slices.Contains(cells, int32(c)) && distinct(append(slices.Clone(cells), int32(c))) {
			cells = append(cells, int32(c))
		}
	}
	if len(cells) >= 2 {
		Extra.Set(r, append(Extra.Get(r), grid.Group{Kind: grid.GroupRegion, Cells: cells}))
	}
}

// drawGroups shades the windows and extra regions, draws the diagonals
// from corner to corner, and leaves disjoint groups unmarked.
func drawGroups(s grid.Shape, r *grid.Rules, d *grid.Drawing) {
	n := s.N()
	disjoint := false
	for _, g := range Extra.Get(r) {
		switch g.Kind {
		case grid.GroupWindow, grid.GroupRegion:
			d.Shaded = append(d.Shaded, g.Cells)
		case grid.GroupDiagonal:
			d.CornerLines = append(d.CornerLines, [2][2]int{{0, 0}, {n, n}})
		case grid.GroupAntiDiagonal:
			d.CornerLines = append(d.CornerLines, [2][2]int{{n, 0}, {0, n}})
		case grid.GroupDisjoint:
			disjoint = true
		}
	}
	if disjoint {
		d.Unmarked = append(d.Unmarked, "disjoint groups")
	}
}

// Extra are further groups whose digits all differ: the diagonals of
// X puzzles, the windows of hyper puzzles, disjoint groups, extra
// regions. A group of N cells holds every digit once.
var Extra = grid.NewKey[[]grid.Group]("extra")
