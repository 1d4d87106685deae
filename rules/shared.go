package rules

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// Helpers that the kinds share.

// pairLinks adds to l the links of pairs on which allows holds, both ways.
func pairLinks(l *grid.Lowered, pairs []grid.Pair, rel *grid.Relation) {
	for _, p := range pairs {
		l.Links = append(l.Links, grid.Link{A: p[0], B: p[1], Rel: rel})
	}
}

// digitMask returns the digits from 1 to n for which keep holds, as bit
// d-1 for digit d.
func digitMask(n int, keep func(d int) bool) uint64 {
	var m uint64
	for d := 1; d <= n; d++ {
		if keep(d) {
			m |= 1 << (d - 1)
		}
	}
	return m
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

// readPairsFP reads the pairs of f-puzzles field k: entries of two
// "cells", whose "value", when given, must be one of values; pick says
// which list of r a pair goes to by its value.
func readPairsFP(in *grid.FPIn, r *grid.Rules, k string, values []string, pick func(value string) grid.Key[[]grid.Pair]) error {
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
		dst := pick(v)
		dst.Set(r, append(dst.Get(r), grid.Pair{cs[0], cs[1]}))
	}
	return nil
}

// jsonValue is a JSON value kept as it is, for decodeValue.
type jsonValue = json.RawMessage

// decodeValue reads raw into v; absent (nil) is an error.
func decodeValue(raw json.RawMessage, v any) error {
	if raw == nil {
		return errors.New("absent")
	}
	return json.Unmarshal(raw, v)
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

// keeps reports whether the full grid sol keeps the constraints of one
// kind in r: the clashes of that kind alone.
func keeps(k *grid.Kind, s grid.Shape, sol []uint8, r *grid.Rules) bool {
	return len(k.Clashes(grid.Grid{Shape: s, Cells: sol}, r, nil)) == 0
}

// cellList names cells as "r1c1 r1c2 ...", at most eight of them.
func cellList(n int, cells []int32) string {
	var b strings.Builder
	for k, c := range cells {
		if k == 8 {
			fmt.Fprintf(&b, " ... (%d cells)", len(cells))
			break
		}
		if k > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(grid.CellName(n, c))
	}
	return b.String()
}

func sameSet(a, b []int32) bool {
	x := slices.Clone(a)
	y := slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// kindCells returns the cells a group of kind k must hold, for the kinds
// whose cells the shape fixes up to a choice (the window or disjoint group
// that holds cells[0]); nil for extra regions, which may be any cells.
func kindCells(s grid.Shape, k grid.GroupKind, cells []int32) []int32 {
	n := s.N()
	switch k {
	case grid.GroupDiagonal:
		return grid.Diagonal(n)
	case grid.GroupAntiDiagonal:
		return grid.AntiDiagonal(n)
	case grid.GroupWindow:
		for _, w := range grid.Windows(s) {
			if slices.Contains(w, cells[0]) {
				return w
			}
		}
		return []int32{-1} // no window holds it
	case grid.GroupDisjoint:
		for _, d := range grid.DisjointGroups(s) {
			if slices.Contains(d, cells[0]) {
				return d
			}
		}
	}
	return nil
}

// itoa is strconv.Itoa.
func itoa(k int) string { return strconv.Itoa(k) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// orthogonal returns the cells beside cell i of a grid of size n, up,
// left, right, down.
func orthogonal(n int, i int32) []int32 {
	return grid.MoveCells(n, i, [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}})
}
