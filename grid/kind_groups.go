package grid

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// groupKind is the extra groups whose digits all differ (Rules.Extra): the
// diagonals of X puzzles, the windows of hyper puzzles, disjoint groups
// and extra regions. f-puzzles writes the diagonals as "diagonal-" (r1c1
// to rNcN) and "diagonal+" (rNc1 to r1cN), the disjoint groups as
// "disjointgroups", and windows and extra regions alike as "extraregion"
// (windows are recognised again); the JSON form lists them all in "extra"
// with their "kind".
var groupKind = &Kind{
	name: "extra group",
	has:  func(r *Rules) bool { return len(Extra.Get(r)) > 0 },
	equal: func(a, b *Rules) bool {
		return slices.EqualFunc(Extra.Get(a), Extra.Get(b), func(x, y Group) bool { return x.Kind == y.Kind && slices.Equal(x.Cells, y.Cells) })
	},
	names:      groupNames,
	fpFields:   []string{"diagonal+", "diagonal-", "disjointgroups", "extraregion"},
	readFP:     readGroupsFP,
	writeFP:    writeGroupsFP,
	jsonFields: []string{"extra"},
	readJSON:   readGroupsJSON,
	writeJSON: func(o *jsonOut, r *Rules) error {
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
			out = append(out, groupJSON{groupKindJSON[g.Kind], o.names(g.Cells)})
		}
		o.field("extra", out)
		return nil
	},
	validate: validateGroups,
	clashes:  func(g Grid, r *Rules, out []Clash) []Clash { return out }, // repeats: see ruleClashes
	lower: func(s Shape, r *Rules, l *Lowered) {
		seen := map[GroupKind]int{}
		for _, g := range Extra.Get(r) {
			seen[g.Kind]++
			label := g.Kind.String() + " " + itoa(seen[g.Kind])
			if g.Kind == GroupDiagonal || g.Kind == GroupAntiDiagonal {
				label = g.Kind.String()
			}
			l.Groups = append(l.Groups, LabelledGroup{g.Cells, label, len(g.Cells) == s.N()})
		}
	},
	layouts: []Layout{
		{Name: "x", Aliases: []string{"diagonal", "sudokux"}, Gloss: "both diagonals", Fixed: func(s Shape, r *Rules) {
			Extra.Set(r, append(Extra.Get(r), Group{GroupDiagonal, Diagonal(s.N())}, Group{GroupAntiDiagonal, AntiDiagonal(s.N())}))
		}},
		{Name: "hyper", Aliases: []string{"windoku"}, Gloss: "windows", Fixed: func(s Shape, r *Rules) {
			for _, w := range Windows(s) {
				Extra.Set(r, append(Extra.Get(r), Group{GroupWindow, w}))
			}
		}, Refuse: func(s Shape, with []string) error {
			n := s.N()
			switch {
			case s.Boxless():
				return fmt.Errorf("a %dx%d grid has no boxes, so no room for hyper windows", n, n)
			case len(Windows(s)) == 0:
				return fmt.Errorf("a %s grid has no room for hyper windows", s)
			}
			return nil
		}},
		{Name: "disjoint", Gloss: "disjoint groups", Fixed: func(s Shape, r *Rules) {
			for _, d := range DisjointGroups(s) {
				Extra.Set(r, append(Extra.Get(r), Group{GroupDisjoint, d}))
			}
		}, Refuse: func(s Shape, with []string) error {
			if slices.Contains(with, "jigsaw") {
				return fmt.Errorf("variants jigsaw and disjoint do not combine: disjoint groups follow the boxes, which a jigsaw has none of")
			}
			return nil
		}},
	},
	random: randomGroups,
	draw:   drawGroups,
	titles: map[string]string{"x": "X", "diagonal": "Diagonal", "hyper": "Hyper", "disjoint": "Disjoint groups",
		"extra-regions": "Extra regions"},
	text: groupText,
}

var groupKindJSON = [...]string{"region", "diagonal", "anti-diagonal", "window", "disjoint"}

func groupNames(r *Rules, out []string) []string {
	var kinds [len(groupKindNames)]int
	for _, g := range Extra.Get(r) {
		if int(g.Kind) < len(kinds) {
			kinds[g.Kind]++
		}
	}
	switch d := kinds[GroupDiagonal] + kinds[GroupAntiDiagonal]; {
	case kinds[GroupDiagonal] > 0 && kinds[GroupAntiDiagonal] > 0:
		out = append(out, "x")
	case d > 0:
		out = append(out, "diagonal")
	}
	if kinds[GroupWindow] > 0 {
		out = append(out, "hyper")
	}
	if kinds[GroupDisjoint] > 0 {
		out = append(out, "disjoint")
	}
	if kinds[GroupRegion] > 0 {
		out = append(out, "extra-regions")
	}
	return out
}

func readGroupsFP(in *fpIn, r *Rules) error {
	n := in.n
	var diagMinus, diagPlus, disjoint bool
	for _, f := range []struct {
		k string
		p *bool
	}{{"diagonal-", &diagMinus}, {"diagonal+", &diagPlus}, {"disjointgroups", &disjoint}} {
		var err error
		if *f.p, err = in.flag(f.k); err != nil {
			return err
		}
	}
	if diagMinus {
		Extra.Set(r, append(Extra.Get(r), Group{GroupDiagonal, Diagonal(n)}))
	}
	if diagPlus {
		Extra.Set(r, append(Extra.Get(r), Group{GroupAntiDiagonal, AntiDiagonal(n)}))
	}
	regs, err := in.list("extraregion")
	if err != nil {
		return err
	}
	var extra [][]int32
	for k, e := range regs {
		c, err := in.cellList(fmt.Sprintf("extra region %d: \"cells\"", k+1), e["cells"])
		if err != nil {
			return err
		}
		extra = append(extra, c)
	}
	for _, w := range Windows(in.shape) {
		for k, e := range extra {
			if e != nil && sameSet(e, w) {
				Extra.Set(r, append(Extra.Get(r), Group{GroupWindow, w}))
				extra[k] = nil
				break
			}
		}
	}
	if disjoint {
		for _, d := range DisjointGroups(in.shape) {
			Extra.Set(r, append(Extra.Get(r), Group{GroupDisjoint, d}))
		}
	}
	for _, e := range extra {
		if e != nil {
			Extra.Set(r, append(Extra.Get(r), Group{GroupRegion, e}))
		}
	}
	return nil
}

func writeGroupsFP(o *fpOut, r *Rules) error {
	var extraRegions []map[string][]string
	disjoint := 0
	for _, grp := range Extra.Get(r) {
		switch grp.Kind {
		case GroupDiagonal:
			o.field("diagonal-", true)
		case GroupAntiDiagonal:
			o.field("diagonal+", true)
		case GroupDisjoint:
			disjoint++
		case GroupWindow, GroupRegion:
			extraRegions = append(extraRegions, map[string][]string{"cells": o.names(grp.Cells)})
		}
	}
	if disjoint > 0 {
		if disjoint != o.n {
			return fmt.Errorf("f-puzzles holds disjoint groups only all together")
		}
		o.field("disjointgroups", true)
	}
	if len(extraRegions) > 0 {
		o.field("extraregion", extraRegions)
	}
	return nil
}

func readGroupsJSON(in *jsonIn, r *Rules) error {
	var groups []struct {
		Kind  string   `json:"kind"`
		Cells []string `json:"cells"`
	}
	if _, err := in.decode("extra", &groups, `an array of groups such as {"kind": "diagonal", "cells": ["r1c1", ...]}`); err != nil {
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
		cells, err := in.cells(fmt.Sprintf("extra group %d", k+1), g.Cells)
		if err != nil {
			return err
		}
		Extra.Set(r, append(Extra.Get(r), Group{GroupKind(kind), cells}))
	}
	return nil
}

func validateGroups(v *validation, r *Rules) error {
	n, s := v.n, v.s
	for k, g := range Extra.Get(r) {
		rule := fmt.Sprintf("%s %d", g.Kind, k+1)
		if err := v.inGrid(func() string { return rule }, g.Cells); err != nil {
			return err
		}
		if int(g.Kind) >= len(groupKindNames) {
			return ruleErrorf(rule, "unknown kind of group %d", int(g.Kind))
		}
		if s.Boxless() && (g.Kind == GroupWindow || g.Kind == GroupDisjoint) {
			return ruleErrorf(rule, "a %dx%d grid has no boxes, so no %ss", n, n, g.Kind)
		}
		if len(g.Cells) < 2 || len(g.Cells) > n {
			return ruleErrorf(rule, "%d cells, want 2 to %d", len(g.Cells), n)
		}
		if want := kindCells(s, g.Kind, g.Cells); want != nil && !sameSet(want, g.Cells) {
			return ruleErrorf(rule, "cells %s are not a %s of a %s grid", cellList(n, g.Cells), g.Kind, s)
		}
	}
	return nil
}

func groupText(all []Grid) []string {
	var diag, anti, window, disjoint, fullRegion, partRegion bool
	for _, g := range all {
		if g.Rules == nil {
			continue
		}
		for _, grp := range Extra.Get(g.Rules) {
			switch grp.Kind {
			case GroupDiagonal:
				diag = true
			case GroupAntiDiagonal:
				anti = true
			case GroupWindow:
				window = true
			case GroupDisjoint:
				disjoint = true
			case GroupRegion:
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
func randomGroups(rng *rand.Rand, s Shape, sol []uint8, r *Rules) {
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
	try := func(k GroupKind, cells []int32) {
		if rng.IntN(3) == 0 && distinct(cells) {
			Extra.Set(r, append(Extra.Get(r), Group{k, cells}))
		}
	}
	try(GroupDiagonal, Diagonal(n))
	try(GroupAntiDiagonal, AntiDiagonal(n))
	if !s.Boxless() {
		for _, w := range Windows(s) {
			try(GroupWindow, w)
		}
		if rng.IntN(4) == 0 {
			all := true
			for _, d := range DisjointGroups(s) {
				all = all && distinct(d)
			}
			if all {
				for _, d := range DisjointGroups(s) {
					Extra.Set(r, append(Extra.Get(r), Group{GroupDisjoint, d}))
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
		Extra.Set(r, append(Extra.Get(r), Group{GroupRegion, cells}))
	}
}

// drawGroups shades the windows and extra regions, draws the diagonals
// from corner to corner, and leaves disjoint groups unmarked.
func drawGroups(s Shape, r *Rules, d *Drawing) {
	n := s.N()
	disjoint := false
	for _, g := range Extra.Get(r) {
		switch g.Kind {
		case GroupWindow, GroupRegion:
			d.Shaded = append(d.Shaded, g.Cells)
		case GroupDiagonal:
			d.CornerLines = append(d.CornerLines, [2][2]int{{0, 0}, {n, n}})
		case GroupAntiDiagonal:
			d.CornerLines = append(d.CornerLines, [2][2]int{{n, 0}, {0, n}})
		case GroupDisjoint:
			disjoint = true
		}
	}
	if disjoint {
		d.Unmarked = append(d.Unmarked, "disjoint groups")
	}
}
