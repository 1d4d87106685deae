// Package grid holds Sudoku grids of any box shape, their units, and the
// table of the kinds of variant rules.
//
// A grid of size N has N rows and N columns split into boxes of R rows and
// C columns, with N = R*C. Cells hold 0 for empty or a digit from 1 to N.
//
// A prime size (5, 7, 11, 13...) has no box shape: its grids exist only as
// jigsaws, whose regions stand for the boxes. Their shape is the shape
// without boxes, 1xN (see Boxless and RegionShape). Shape.Validate refuses
// it with an error that wraps ErrNoBoxes ("a 7x7 grid has no boxes: give
// its jigsaw regions"), so that whatever needs boxes refuses such a grid;
// Shape.ValidateWith, Rules.Validate and the readers take it when the rules
// give regions. Every other size keeps its boxes, jigsaws included.
//
// A variant puzzle is a Grid whose Rules is not nil. Rules hold the data
// of every kind the same way, under typed keys (Key); rules validate
// against a shape with errors that name the rule (RuleError), give
// rule-aware unit tables (Rules.Units), check a full grid (Rules.Check),
// and name the variants they make (Rules.Name); Clashes, Solves and Equal
// honour them. UnmarshalRules and MarshalRules read and write their JSON
// form; package formats reads puzzles and writes f-puzzles.
//
// The kinds themselves (killer cages, thermometers, whispers...) are
// package rules, which fills the table (Register), and everything about
// rules walks the table: the readers and writers (a field no kind reads is
// an error that names it), validation, the direct check, the plain
// constraints that the encoding and the search take (Rules.Lower), what
// the rules imply (Imply), the marks that draw them (Rules.Draw), their
// sentences (RulesText) and the variants that generate makes (Layouts).
// kind.go says why the table is here and the kinds are not.
package grid

import (
	"errors"
	"fmt"
	"strings"
)

// The supported sizes. MaxN is bounded by the one-character alphabet
// 1-9, A-Z, a-z; JSON input has no such bound but is held to the same one.
const (
	MinN = 4
	MaxN = 36
)

// Shape is the box shape of a grid: boxes of BoxRows rows and BoxCols columns.
// The grid has N = BoxRows*BoxCols rows and columns.
type Shape struct {
	BoxRows, BoxCols int
}

// N returns the number of rows (and columns, and digits) of the grid.
func (s Shape) N() int { return s.BoxRows * s.BoxCols }

// Cells returns the number of cells, N*N.
func (s Shape) Cells() int { n := s.N(); return n * n }

// String returns the shape as "RxC".
func (s Shape) String() string { return fmt.Sprintf("%dx%d", s.BoxRows, s.BoxCols) }

// Validate reports whether s is a supported shape with boxes. A shape
// without boxes (see Boxless) is refused with an error that wraps
// ErrNoBoxes: only a jigsaw has one (see ValidateWith).
func (s Shape) Validate() error {
	if s.Boxless() && BoxlessSize(s.BoxCols) {
		return noBoxes(s.BoxCols)
	}
	if s.BoxRows < 2 || s.BoxCols < 2 {
		return fmt.Errorf("box %s: boxes need at least 2 rows and 2 columns", s)
	}
	// Each side is bounded before they are multiplied: 5x3689348814741910325
	// would otherwise wrap around to a size of 9.
	if s.BoxRows > MaxN/2 || s.BoxCols > MaxN/2 {
		return fmt.Errorf("box %s gives a size above the supported %d", s, MaxN)
	}
	if n := s.N(); n < MinN || n > MaxN {
		return fmt.Errorf("box %s gives size %d, outside the supported %d to %d", s, n, MinN, MaxN)
	}
	return nil
}

// ValidateWith reports whether s is a supported shape for a grid with
// rules r: a shape Validate takes, or, when r has jigsaw regions, the
// shape without boxes of a size that has no box shape (see RegionShape).
func (s Shape) ValidateWith(r *Rules) error {
	if s.Boxless() && r != nil && Regions.Get(r) != nil && BoxlessSize(s.BoxCols) {
		return nil
	}
	return s.Validate()
}

// Boxless reports whether s is the shape of a grid without boxes: one row
// by N columns, the shape of a jigsaw of a size that has no box shape (5,
// 7, 11, 13 and the other primes). Its regions take the place of the
// boxes; without them it is not a puzzle.
func (s Shape) Boxless() bool { return s.BoxRows == 1 }

// ErrShape reports a size that has no supported box shape.
var ErrShape = errors.New("unsupported grid size")

// ErrNoBoxes reports a grid of a size without a box shape (a prime size)
// that has no jigsaw regions to stand for the boxes. Errors that wrap it
// also wrap ErrShape.
var ErrNoBoxes = errors.New("grid without boxes")

// noBoxes is the error of a grid of size N without boxes and without
// regions.
type noBoxes int

func (e noBoxes) Error() string {
	return fmt.Sprintf("a %dx%d grid has no boxes: give its jigsaw regions", int(e), int(e))
}

// BoxlessError returns the error of a grid of size n without boxes and
// without regions; it matches ErrNoBoxes and ErrShape.
func BoxlessError(n int) error { return noBoxes(n) }

// Is makes the error match ErrNoBoxes and ErrShape.
func (e noBoxes) Is(target error) bool { return target == ErrNoBoxes || target == ErrShape }

// boxlessSize reports whether n is a supported size without a box shape
// (a prime): a size only jigsaws have.
func BoxlessSize(n int) bool {
	if n < MinN || n > MaxN {
		return false
	}
	for r := Isqrt(n); r >= 2; r-- {
		if n%r == 0 {
			return false
		}
	}
	return true
}

// RegionShape returns the shape of a jigsaw of size n: ShapeOf(n) when n
// has a box shape, else the shape without boxes, 1xN (see Boxless).
func RegionShape(n int) (Shape, error) {
	if BoxlessSize(n) {
		return Shape{BoxRows: 1, BoxCols: n}, nil
	}
	return ShapeOf(n)
}

// ShapeOf returns the default box shape for size n: square boxes when n is a
// perfect square, otherwise the most nearly square boxes with fewer rows than
// columns (6 -> 2x3, 12 -> 3x4). A prime size has none: its error wraps
// ErrNoBoxes (see RegionShape for jigsaws).
func ShapeOf(n int) (Shape, error) {
	if n < MinN || n > MaxN {
		return Shape{}, fmt.Errorf("%w: %d (supported: %d to %d)", ErrShape, n, MinN, MaxN)
	}
	for r := Isqrt(n); r >= 2; r-- {
		if n%r == 0 {
			return Shape{BoxRows: r, BoxCols: n / r}, nil
		}
	}
	return Shape{}, noBoxes(n)
}

// ShapeOfCells returns the default shape for a grid of the given number of
// cells (81 -> 3x3), or an error when cells is not N*N for a supported N.
func ShapeOfCells(cells int) (Shape, error) {
	n := Isqrt(cells)
	if n*n != cells {
		return Shape{}, fmt.Errorf("%w: %d cells is not a square number", ErrShape, cells)
	}
	return ShapeOf(n)
}

// ParseShape parses a box shape "RxC" (such as "2x3") or a plain size
// ("9", "16"), which takes the default shape for that size. Numbers of any
// length are refused cleanly, never wrapped around.
func ParseShape(s string) (Shape, error) {
	t := strings.TrimSpace(strings.ToLower(s))
	if a, b, ok := strings.Cut(t, "x"); ok {
		r, ok1 := parseSide(a)
		c, ok2 := parseSide(b)
		if !ok1 || !ok2 {
			return Shape{}, fmt.Errorf("box %q: want RxC with R and C from 2 to %d, such as 3x3 or 2x3", s, MaxN/2)
		}
		sh := Shape{BoxRows: r, BoxCols: c}
		if err := sh.Validate(); err != nil {
			return Shape{}, err
		}
		return sh, nil
	}
	n, ok := parseSide(t)
	if !ok {
		return Shape{}, fmt.Errorf("size %q: want a number from %d to %d such as 9, or a box shape such as 3x3", s, MinN, MaxN)
	}
	return ShapeOf(n)
}

// parseSide reads a whole number of at most a few digits, so that no
// product of two of them can overflow; larger numbers are not sizes.
func parseSide(s string) (int, bool) {
	if s == "" || len(s) > 4 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// Isqrt returns the integer square root of n: the side of a square grid
// of n cells when n is a square.
func Isqrt(n int) int {
	if n <= 0 {
		return 0
	}
	r := 1
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// Grid is a Sudoku grid. Cells is row-major: the cell in row r and column c
// (0-based) is Cells[r*N+c]; 0 is empty, 1..N a digit.
//
// Rules, when not nil, make the grid a variant puzzle (killer, jigsaw, X,
// hyper...): see Rules. Nil is a classic puzzle, whose regions are the
// boxes of the shape. Every method here honours the rules.
type Grid struct {
	Shape
	Cells []uint8
	Rules *Rules
}

// New returns an empty grid of the given shape.
func New(s Shape) Grid {
	return Grid{Shape: s, Cells: make([]uint8, s.Cells())}
}

// At returns the digit in row r, column c (0-based), 0 when empty.
func (g Grid) At(r, c int) int { return int(g.Cells[r*g.N()+c]) }

// Set puts digit d (0 to clear) in row r, column c.
func (g Grid) Set(r, c, d int) { g.Cells[r*g.N()+c] = uint8(d) }

// Box returns the index of the box holding row r, column c, counted
// row-major from 0. A grid without boxes (see Boxless) has none: Box
// returns the row, which only its regions' Rules.Region replaces.
func (g Grid) Box(r, c int) int {
	return (r/g.BoxRows)*(g.N()/g.BoxCols) + c/g.BoxCols
}

// Clone returns a copy of g with cells of its own; the rules, which never
// change, are shared.
func (g Grid) Clone() Grid {
	return Grid{Shape: g.Shape, Cells: append([]uint8(nil), g.Cells...), Rules: g.Rules}
}

// HasRules reports whether g has rules beyond the classic ones.
func (g Grid) HasRules() bool { return !g.Rules.Empty() }

// Givens returns the number of filled cells.
func (g Grid) Givens() int {
	n := 0
	for _, v := range g.Cells {
		if v != 0 {
			n++
		}
	}
	return n
}

// Full reports whether every cell is filled.
func (g Grid) Full() bool { return g.Givens() == len(g.Cells) }

// Equal reports whether g and h have the same shape, cells and rules.
func (g Grid) Equal(h Grid) bool {
	if g.Shape != h.Shape || len(g.Cells) != len(h.Cells) || !g.Rules.Equal(h.Rules) {
		return false
	}
	for i := range g.Cells {
		if g.Cells[i] != h.Cells[i] {
			return false
		}
	}
	return true
}

// Cell names a cell by 0-based row and column.
type Cell struct{ Row, Col int }

// String returns the cell in the r1c1 notation, 1-based.
func (c Cell) String() string { return fmt.Sprintf("r%dc%d", c.Row+1, c.Col+1) }

// Clash is a digit that appears twice in one row, column or box, or, on a
// variant puzzle, in a region, an extra group or a cage, or givens that
// break another rule (Detail says how).
type Clash struct {
	Unit  string // "row", "column", "box", "region", "cage", "diagonal"...
	Index int    // 0-based index of the row, column, box, region, group or cage
	Digit int
	A, B  Cell // the two cells, or the one cell twice
	// Detail describes a clash that is not a repeated digit, such as
	// "r1c1 holds 4, but it is marked odd"; "" for a repeat.
	Detail string
}

// String describes the clash, naming the digit by its symbol in the
// default alphabet (10 is A on 16x16).
func (c Clash) String() string {
	if c.Detail != "" {
		return c.Detail
	}
	if c.Digit < 1 || c.Digit > len(defaultSymbols) {
		return fmt.Sprintf("digit %d repeats in %s (%s and %s)", c.Digit, c.unit(), c.A, c.B)
	}
	return c.Format(DefaultAlphabet(len(defaultSymbols)))
}

// Format describes the clash as String does, naming the digit by its
// symbol in a, the alphabet the grid was read with.
func (c Clash) Format(a Alphabet) string {
	if c.Detail != "" {
		return c.Detail
	}
	return fmt.Sprintf("digit %c repeats in %s (%s and %s)", a.Symbol(c.Digit), c.unit(), c.A, c.B)
}

// unit names the unit of the clash with its number: "row 1", "box 3";
// a diagonal has none.
func (c Clash) unit() string {
	if c.Unit == "diagonal" || c.Unit == "anti-diagonal" {
		return c.Unit
	}
	return fmt.Sprintf("%s %d", c.Unit, c.Index+1)
}

// ClashesIn is Clashes for a grid with rules whose units u holds (from
// Rules.Units or UnitsOf, for g's shape): a caller that has them spares
// the lowering of the rules that Clashes does to find the groups.
func (g Grid) ClashesIn(u *RuleUnits) []Clash {
	if g.Rules == nil {
		return g.Clashes()
	}
	return g.ruleClashes(u)
}

// Clashes returns every pair of givens that break the rules, in row-major
// order of the second cell, at most one per unit and digit. A grid whose
// cells do not fit its shape has none.
func (g Grid) Clashes() []Clash {
	if g.Rules != nil {
		return g.ruleClashes(nil)
	}
	n := g.N()
	if g.Shape.Validate() != nil || len(g.Cells) != n*n {
		return nil
	}
	// The box of each column within a band of boxes; no division per cell.
	var colBox [MaxN]int
	for c := 0; c < n; c++ {
		colBox[c] = c / g.BoxCols
	}
	across := n / g.BoxCols
	if !g.clashes(colBox[:n], across) {
		return nil
	}
	var out []Clash
	// first[unit kind][unit index][digit] = 1 + cell index of the first sighting
	seen := make([]int32, 3*n*(n+1))
	for r := 0; r < n; r++ {
		row := g.Cells[r*n : r*n+n]
		band := (r / g.BoxRows) * across
		for c, v := range row {
			if v == 0 {
				continue
			}
			units := [3]int{r, c, band + colBox[c]}
			for k, u := range units {
				slot := (k*n+u)*(n+1) + int(v)
				switch prev := seen[slot]; {
				case prev == 0:
					seen[slot] = int32(r*n + c + 1)
				case prev > 0:
					p := int(prev - 1)
					out = append(out, Clash{
						Unit:  [3]string{"row", "column", "box"}[k],
						Index: u,
						Digit: int(v),
						A:     Cell{p / n, p % n},
						B:     Cell{r, c},
					})
					seen[slot] = -1 // report each unit and digit once
				}
			}
		}
	}
	return out
}

// clashes reports whether some digit repeats in a unit, on bitmasks and
// without allocating: most grids checked have no clash. colBox and across
// are as in Clashes.
func (g Grid) clashes(colBox []int, across int) bool {
	n := g.N()
	var rows, cols, boxes [MaxN]uint64
	for r := 0; r < n; r++ {
		band := (r / g.BoxRows) * across
		for c, v := range g.Cells[r*n : r*n+n] {
			if v == 0 {
				continue
			}
			bit, b := uint64(1)<<v, band+colBox[c]
			if (rows[r]|cols[c]|boxes[b])&bit != 0 {
				return true
			}
			rows[r] |= bit
			cols[c] |= bit
			boxes[b] |= bit
		}
	}
	return false
}

// Solves reports whether full grid s is a valid solution that agrees with
// every given of g.
func (g Grid) Solves(s Grid) bool {
	if g.Rules != nil {
		return g.solvesRules(s)
	}
	if s.Shape != g.Shape || len(s.Cells) != len(g.Cells) || !s.Full() || len(s.Clashes()) > 0 {
		return false
	}
	for i, v := range g.Cells {
		if v != 0 && s.Cells[i] != v {
			return false
		}
	}
	for _, v := range s.Cells {
		if int(v) > s.N() {
			return false
		}
	}
	return true
}

// String returns g on one line in the default alphabet, '.' for empty cells.
func (g Grid) String() string {
	a := DefaultAlphabet(g.N())
	b := make([]byte, len(g.Cells))
	for i, v := range g.Cells {
		b[i] = a.Symbol(int(v))
	}
	return string(b)
}
