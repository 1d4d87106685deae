package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// The family of pairs: marks on the edge between two orthogonally
// adjacent cells that relate their digits (kropki dots, X and V), each
// kind two marks of the family; and the negative constraints, which say
// that the pairs without a mark are not so related (negative, and
// nonconsecutive for white dots).

// pairMark is one mark of a pair kind: its pairs, under key, join two
// cells whose digits rel allows.
type pairMark struct {
	key grid.Key[[]grid.Pair]
	// what names a mark in messages ("white dot"), json its field in the
	// JSON form ("white"); fp is its field in f-puzzles ("difference"),
	// fpValue its "value" there ("1"), written only when the field holds
	// more than one mark ("xv": "X" or "V"); iss its type in
	// Interactive-Sudoku-Solver ("WhiteDot"), which means the same.
	what, json, fp, fpValue, iss string
	rel                          *grid.Relation
	// draw adds the mark on pair p to d; sentence says the rule in a book.
	draw     func(d *grid.Drawing, p grid.Pair)
	sentence string
}

// pairKind returns the row of the table of a kind of two marks, named
// name (its variant name too) and titled title, with the layouts given.
func pairKind(name, title string, marks [2]pairMark, layouts []grid.Layout) *grid.Kind {
	has := func(r *grid.Rules) bool { return len(marks[0].key.Get(r))+len(marks[1].key.Get(r)) > 0 }
	fpFields := []string{marks[0].fp}
	shared := marks[1].fp == marks[0].fp // one field, the marks told by their values
	if !shared {
		fpFields = append(fpFields, marks[1].fp)
	}
	return &grid.Kind{
		Name: name,
		Has:  has,
		Equal: func(a, b *grid.Rules) bool {
			return slices.Equal(marks[0].key.Get(a), marks[0].key.Get(b)) && slices.Equal(marks[1].key.Get(a), marks[1].key.Get(b))
		},
		Names:    variantNames(has, name),
		FPFields: fpFields,
		ReadFP: func(in *grid.FPIn, r *grid.Rules) error {
			for _, f := range fpFields {
				if err := readPairsFP(in, r, f, marks[:]); err != nil {
					return err
				}
			}
			return nil
		},
		WriteFP: func(o *grid.FPOut, r *grid.Rules) error {
			for _, f := range fpFields {
				var list []map[string]any
				for _, m := range marks {
					if m.fp == f {
						value := ""
						if shared {
							value = m.fpValue
						}
						list = append(list, o.Pairs(m.key.Get(r), value)...)
					}
				}
				if len(list) > 0 {
					o.Field(f, list)
				}
			}
			return nil
		},
		WriteISS: func(o *grid.ISSOut, r *grid.Rules) error {
			for _, m := range marks {
				for _, p := range m.key.Get(r) {
					o.Add(m.iss, o.Cell(p[0]), o.Cell(p[1]))
				}
			}
			return nil
		},
		JSONFields: []string{marks[0].json, marks[1].json},
		ReadJSON: func(in *grid.JSONIn, r *grid.Rules) error {
			for _, m := range marks {
				pairs, err := in.Pairs(m.json, m.what)
				if err != nil {
					return err
				}
				m.key.Set(r, pairs)
			}
			return nil
		},
		WriteJSON: func(o *grid.JSONOut, r *grid.Rules) error {
			for _, m := range marks {
				o.Pairs(m.json, m.key.Get(r))
			}
			return nil
		},
		Validate: func(v *grid.Validation, r *grid.Rules) error {
			for _, m := range marks {
				if err := pairsOK(v, m.what, m.key.Get(r)); err != nil {
					return err
				}
			}
			return nil
		},
		Clashes: func(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash {
			for _, m := range marks {
				out = pairClashes(g, m.what, m.key.Get(r), m.rel.Allows, out)
			}
			return out
		},
		Lower: func(s grid.Shape, r *grid.Rules, l *grid.Lowered) {
			for _, m := range marks {
				pairLinks(l, m.key.Get(r), m.rel, m.what)
			}
		},
		Layouts: layouts,
		Random: func(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
			marks[0].key.Set(r, randomPairs(rng, s.N(), 1+rng.IntN(s.N()), sol, marks[0].rel.Allows))
			marks[1].key.Set(r, randomPairs(rng, s.N(), rng.IntN(s.N()), sol, marks[1].rel.Allows))
		},
		Draw: func(s grid.Shape, r *grid.Rules, d *grid.Drawing) {
			for _, m := range marks {
				for _, p := range m.key.Get(r) {
					m.draw(d, p)
				}
			}
		},
		Titles: map[string]string{name: title},
		Text: func(all []grid.Grid) []string {
			var s []string
			for _, m := range marks {
				if slices.ContainsFunc(all, func(g grid.Grid) bool { return len(m.key.Get(g.Rules)) > 0 }) {
					s = append(s, m.sentence)
				}
			}
			return s
		},
	}
}

// readPairsFP reads the pairs of f-puzzles field k: entries of two
// "cells", whose "value", when given, must be that of one of the marks of
// field k; an entry goes to the mark of its value.
func readPairsFP(in *grid.FPIn, r *grid.Rules, k string, marks []pairMark) error {
	var values []string
	for _, m := range marks {
		if m.fp == k {
			values = append(values, m.fpValue)
		}
	}
	entries, err := in.List(k)
	if err != nil {
		return err
	}
	for j, e := range entries {
		what := fmt.Sprintf("%s %d", k, j+1)
		v := strings.ToUpper(grid.FPString(e["value"]))
		if v == "" && len(values) == 1 {
			v = values[0]
		}
		if !slices.Contains(values, v) {
			if len(values) == 1 {
				return grid.Unsupportedf([]string{k}, "f-puzzles: %s has value %s; only %s is supported", what, grid.FPString(e["value"]), values[0])
			}
			return grid.FPErrorf("%s has value %q, want %s", what, grid.FPString(e["value"]), strings.Join(values, " or "))
		}
		cs, err := in.CellList(what+": \"cells\"", e["cells"])
		if err != nil {
			return err
		}
		if len(cs) != 2 {
			return grid.FPErrorf("%s has %d cells, want 2", what, len(cs))
		}
		dst := marks[slices.IndexFunc(marks, func(m pairMark) bool { return m.fp == k && m.fpValue == v })].key
		dst.Set(r, append(dst.Get(r), grid.Pair{cs[0], cs[1]}))
	}
	return nil
}

// pairsOK checks pairs of orthogonally adjacent cells, named what 1, what
// 2...
func pairsOK(v *grid.Validation, what string, pairs []grid.Pair) error {
	for k, pr := range pairs {
		rule := func() string { return what + " " + itoa(k+1) }
		if err := v.InGrid(rule, pr[:]); err != nil {
			return err
		}
		if !grid.Adjacent(v.N, pr[0], pr[1], false) {
			return grid.RuleErrorf(rule(), "%s and %s are not orthogonally adjacent", grid.CellName(v.N, pr[0]), grid.CellName(v.N, pr[1]))
		}
	}
	return nil
}

// pairClashes appends the pairs whose two givens allows does not accept,
// named what 1, what 2...
func pairClashes(g grid.Grid, what string, pairs []grid.Pair, allows func(a, b int) bool, out []grid.Clash) []grid.Clash {
	n := g.N()
	for k, p := range pairs {
		a, b := int(g.Cells[p[0]]), int(g.Cells[p[1]])
		if a != 0 && b != 0 && !allows(a, b) {
			ca, cb := grid.CellOf(n, p[0]), grid.CellOf(n, p[1])
			out = append(out, grid.Clash{Unit: what, Index: k, Digit: b, A: ca, B: cb,
				Detail: fmt.Sprintf("%s holds %d and %s holds %d, which %s %d between them does not allow", ca, a, cb, b, what, k+1)})
		}
	}
	return out
}

// pairLinks adds to l the links of pairs on which allows holds, both ways.
// label names them for a person's steps.
func pairLinks(l *grid.Lowered, pairs []grid.Pair, rel *grid.Relation, label string) {
	for _, p := range pairs {
		l.Links = append(l.Links, grid.Link{A: p[0], B: p[1], Rel: rel, Label: label})
	}
}

// randomPairs returns up to k random pairs of orthogonally adjacent cells
// of a grid of size n, no pair twice, whose digits in sol ok accepts (any
// pair when sol is nil).
func randomPairs(rng *rand.Rand, n, k int, sol []uint8, ok func(a, b int) bool) []grid.Pair {
	var out []grid.Pair
	seen := map[grid.Pair]bool{}
	for try := 0; try < 20*k && len(out) < k; try++ {
		a := int32(rng.IntN(n * n))
		nb := orthogonal(n, a)
		b := nb[rng.IntN(len(nb))]
		if seen[grid.Pair{a, b}] || seen[grid.Pair{b, a}] || sol != nil && !ok(int(sol[a]), int(sol[b])) {
			continue
		}
		seen[grid.Pair{a, b}] = true
		out = append(out, grid.Pair{a, b})
	}
	return out
}

// somePairs returns up to k pairs of orthogonally adjacent cells of the
// full grid cells, drawn at random among those whose digits rel accepts
// and that marks does not hold, in row-major order.
func somePairs(rng *rand.Rand, n int, cells []uint8, marks []grid.Pair, rel func(a, b int) bool, k int) []grid.Pair {
	all := missingPairs(n, cells, marks, rel)
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	out := all[:min(k, len(all))]
	slices.SortFunc(out, func(a, b grid.Pair) int {
		if a[0] != b[0] {
			return int(a[0] - b[0])
		}
		return int(a[1] - b[1])
	})
	return out
}

// markAll gives each of marks, in order, every pair of the full grid
// cells that it allows and that none of marks holds yet: the marks of a
// negative constraint, all given.
func markAll(n int, cells []uint8, r *grid.Rules, marks ...pairMark) {
	for _, m := range marks {
		var held []grid.Pair
		for _, o := range marks {
			held = append(held, o.key.Get(r)...)
		}
		m.key.Set(r, append(m.key.Get(r), missingPairs(n, cells, held, m.rel.Allows)...))
	}
}

// marked returns the pairs of r that the marks join, in their order.
func marked(r *grid.Rules, marks ...pairMark) []grid.Pair {
	var out []grid.Pair
	for _, m := range marks {
		out = append(out, m.key.Get(r)...)
	}
	return out
}

// unmarked returns the pairs of orthogonally adjacent cells of a grid of
// size n that none of the marks joins, in row-major order.
func unmarked(n int, marks ...[]grid.Pair) []grid.Pair {
	joined := map[grid.Pair]bool{}
	for _, list := range marks {
		for _, p := range list {
			joined[p] = true
			joined[grid.Pair{p[1], p[0]}] = true
		}
	}
	var out []grid.Pair
	for i := range int32(n * n) {
		if int(i)%n < n-1 && !joined[grid.Pair{i, i + 1}] {
			out = append(out, grid.Pair{i, i + 1})
		}
		if int(i)+n < n*n && !joined[grid.Pair{i, i + int32(n)}] {
			out = append(out, grid.Pair{i, i + int32(n)})
		}
	}
	return out
}

// missingPairs returns the pairs of orthogonally adjacent cells of the
// full grid cells whose digits rel accepts and that marks does not hold
// yet, in row-major order.
func missingPairs(n int, cells []uint8, marks []grid.Pair, rel func(a, b int) bool) []grid.Pair {
	var out []grid.Pair
	for _, p := range unmarked(n, marks) {
		if rel(int(cells[p[0]]), int(cells[p[1]])) {
			out = append(out, p)
		}
	}
	return out
}

// notDotted returns the pairs of orthogonally adjacent cells of a grid of
// size n that no kropki dot of r joins, white or black, in row-major
// order: the pairs the nonconsecutive rule and the negative ratio rule
// bind. A dot of either colour exempts its pair from both, as
// SudokuSolver reads them (SudokuSolver/SolverFactory.cs: white dots
// override the black dots' negative constraint, and black dots the
// white's, since both are kropki dots): a strict kropki puzzle may put a
// black dot on a 1 and a 2.
func notDotted(n int, r *grid.Rules) []grid.Pair { return notMarked(n, r, whiteDot, blackDot) }

// notMarked returns the pairs of orthogonally adjacent cells of a grid of
// size n that none of the marks of r joins, in row-major order.
func notMarked(n int, r *grid.Rules, marks ...pairMark) []grid.Pair {
	return unmarked(n, marked(r, marks...))
}

// giveWay drops the pairs of mark a that mark b joins too, either way.
func giveWay(r *grid.Rules, a, b pairMark) {
	a.key.Set(r, slices.DeleteFunc(a.key.Get(r), func(p grid.Pair) bool {
		return slices.Contains(b.key.Get(r), p) || slices.Contains(b.key.Get(r), grid.Pair{p[1], p[0]})
	}))
}
