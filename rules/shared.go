package rules

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// Helpers that the kinds share.

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

// jsonValue is a JSON value kept as it is, for decodeValue.
type jsonValue = json.RawMessage

// decodeValue reads raw into v; absent (nil) is an error.
func decodeValue(raw json.RawMessage, v any) error {
	if raw == nil {
		return errors.New("absent")
	}
	return json.Unmarshal(raw, v)
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

// oldName returns the JSONOld facet of a kind whose JSON field now was
// named old: none when old is "".
func oldName(old, now string) map[string]string {
	if old == "" {
		return nil
	}
	return map[string]string{old: now}
}

// lineName names a line or a group of cells by its ends in a person's
// steps: "r1c1-r1c4", or the one cell's name.
func lineName(n int, cells []int32) string {
	if len(cells) == 0 {
		return ""
	}
	first := grid.CellName(n, cells[0])
	if len(cells) == 1 {
		return first
	}
	return first + "-" + grid.CellName(n, cells[len(cells)-1])
}

// clueSide names the place of a clue outside a grid of size n, beside a
// row or a column, for a person's steps: "at the top of column 3".
func clueSide(n, row, col int) string {
	switch {
	case row < 0:
		return "at the top of column " + strconv.Itoa(col+1)
	case row >= n:
		return "at the bottom of column " + strconv.Itoa(col+1)
	case col < 0:
		return "left of row " + strconv.Itoa(row+1)
	}
	return "right of row " + strconv.Itoa(row+1)
}
