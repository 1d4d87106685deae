package formats

import (
	"fmt"
	"strconv"

	"github.com/sudokugen/sudokugen/grid"
)

// The constraint strings of Interactive-Sudoku-Solver (ISS:
// github.com/sigh/Interactive-Sudoku-Solver), which its page reads from a
// link (?q=...) or pasted text, and its solver takes:
//
//	.Shape~6x6.~R1C1_5~R2C3_1.Cage~10~R1C1~R1C2.Thermo~R3C1~R3C2~R3C3
//
// one constraint after each dot: its type, then its arguments after
// tildes (see grid.ISSOut). The grid's shape comes first when it is not
// 9x9; then its boxes, written as a jigsaw layout when ISS's own boxes of
// that size are another shape (ISS makes a 6x6 of 2x3 boxes, two rows of
// three cells); then the givens; then the rules of each kind of the
// table, as ISS's types of the same meaning (Kind.WriteISS). A rule that
// no type of ISS states exactly is refused, never written with another
// meaning: the error is an *grid.ISSError (errors.Is grid.ErrISS) that
// names the kind and says why. There is no reader: sudokugen writes the
// format, for ISS.

// MarshalISS returns g, with its rules, as an ISS constraint string. It
// fails for a grid above 16x16, the largest ISS takes, and for rules ISS
// cannot state (see grid.ISSError).
func MarshalISS(g grid.Grid) (string, error) {
	n := g.N()
	if len(g.Cells) != n*n {
		return "", fmt.Errorf("%d cells for a %dx%d grid", len(g.Cells), n, n)
	}
	if n > grid.ISSMaxN {
		return "", grid.ISSRefuse("grid", "a %dx%d grid: ISS takes grids up to %dx%d", n, n, grid.ISSMaxN, grid.ISSMaxN)
	}
	r := g.Rules
	if r == nil {
		r = grid.NewRules()
	}
	if g.Shape.Boxless() && grid.Regions.Get(r) == nil {
		return "", grid.BoxlessError(n)
	}
	o := grid.NewISSOut(g.Shape)
	if n != 9 {
		o.Add("Shape", strconv.Itoa(n)+"x"+strconv.Itoa(n))
	}
	if grid.Regions.Get(r) == nil && !issBoxes(g.Shape) {
		regions := make([]uint8, n*n)
		for i := range regions {
			regions[i] = uint8(r.Region(g.Shape, i))
		}
		o.Layout(regions)
	}
	var givens []string
	for i, v := range g.Cells {
		if v != 0 {
			givens = append(givens, o.Value(int32(i), int(v)))
		}
	}
	if len(givens) > 0 {
		o.Add("", givens...)
	}
	for _, k := range grid.Table() {
		if err := k.WriteISS(o, r); err != nil {
			return "", err
		}
	}
	return o.String(), nil
}

// issBoxes reports whether ISS's boxes of a grid of the size of s are
// the boxes of s. ISS gives a grid of size n boxes of h rows and n/h
// columns, h the greatest divisor of n from 2 up to its square root
// (js/cell_geometry.js, boxDimsForSize), and none when n has no such
// divisor (a prime size: such a grid here always has jigsaw regions).
func issBoxes(s grid.Shape) bool {
	n := s.N()
	for h := grid.Isqrt(n); h >= 2; h-- {
		if n%h == 0 {
			return s.BoxRows == h && s.BoxCols == n/h
		}
	}
	return false
}
