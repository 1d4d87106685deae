package verify

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/sat"
)

// independentCNF encodes puzzle g from the meaning of its rules, written
// here and sharing nothing with the kinds' clauses: a variable per cell
// and digit (cell c holds d: c*N+d), auxiliary ones after. The rules come
// from their JSON form, read strictly, so that a rule this encoding does
// not know is an error and not a rule left out; the kinds of sums from
// the puzzle's f-puzzles JSON (see indep.sums).
func independentCNF(g grid.Grid) (*indep, error) {
	return independentCNFReading(g, reading{})
}

// reading names readings that the references do not make, for the check
// that this encoding tells them apart (TestIndependentReadingsMutated);
// the zero value is the references' reading, the only one other tests use.
type reading struct {
	// regionPerBox adds up all the cells of a region sum line in a
	// region together, however often the line enters it (SudokuSolver's
	// reading before its commit 13ba37f, 2023).
	regionPerBox bool
	// ownDotOnly exempts a pair from nonconsecutive for a white dot alone
	// and from the negative ratio for a black dot alone.
	ownDotOnly bool
}

// independentCNFReading is independentCNF under the readings of old.
func independentCNFReading(g grid.Grid, old reading) (*indep, error) {
	var r jsonRules
	if g.Rules != nil {
		data, err := grid.MarshalRules(g.Rules, g.N())
		if err != nil {
			return nil, err
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil {
			return nil, fmt.Errorf("the rules %s: %w", data, err)
		}
	}
	e := newIndep(g, r.Regions)
	e.old = old
	if r.Arrows != nil || r.LittleKillers != nil || r.Sandwiches != nil || r.RegionSumLines != nil ||
		r.Zippers != nil || r.XSums != nil || r.Skyscrapers != nil || r.DoubleArrows != nil {
		fp, err := formats.MarshalFPuzzles(g)
		if err != nil {
			return nil, err
		}
		if err := e.sums(fp); err != nil {
			return nil, err
		}
	}
	if err := e.rules(&r); err != nil {
		return nil, fmt.Errorf("the rules of %s: %w", g, err)
	}
	return e, nil
}

// newIndep starts the encoding of g: each cell one digit, each row,
// column and region each digit once (regions, by rows of region numbers
// from 1, or the boxes of g's shape when nil), and the givens.
func newIndep(g grid.Grid, regions [][]int) *indep {
	n := g.N()
	e := &indep{n: n, nv: n * n * n, region: make([]int, n*n)}
	for c := range n * n {
		row, col := c/n, c%n
		e.region[c] = (row/g.BoxRows)*(n/g.BoxCols) + col/g.BoxCols
		if regions != nil {
			e.region[c] = regions[row][col] - 1
		}
		if d := int(g.Cells[c]); d != 0 {
			e.cnf = append(e.cnf, []int{e.x(c, d)})
		}
	}
	one := func(lits []int) {
		e.cnf = append(e.cnf, lits)
		for i := range lits {
			for j := i + 1; j < len(lits); j++ {
				e.cnf = append(e.cnf, []int{-lits[i], -lits[j]})
			}
		}
	}
	for c := range n * n {
		var l []int
		for d := 1; d <= n; d++ {
			l = append(l, e.x(c, d))
		}
		one(l)
	}
	for d := 1; d <= n; d++ {
		for i := range n {
			var row, col, reg []int
			for j := range n {
				row = append(row, e.x(i*n+j, d))
				col = append(col, e.x(j*n+i, d))
			}
			for c := range n * n {
				if e.region[c] == i {
					reg = append(reg, e.x(c, d))
				}
			}
			one(row)
			one(col)
			one(reg)
		}
	}
	return e
}

// jsonRules is the JSON form of the rules: every field of every kind.
type jsonRules struct {
	// jigsaw regions: rows of region numbers from 1
	Regions [][]int
	// the kinds of sums, read from the f-puzzles form by indep.sums
	Arrows, Sandwiches, Zippers, Skyscrapers json.RawMessage
	XSums                                    json.RawMessage `json:"x_sums"`
	LittleKillers                            json.RawMessage `json:"little_killers"`
	RegionSumLines                           json.RawMessage `json:"region_sum_lines"`
	DoubleArrows                             json.RawMessage `json:"double_arrows"`

	Extra []struct {
		Kind  string
		Cells []string
	}
	Cages []struct {
		Cells []string
		Sum   int
	}
	Odd, Even          []string
	White, Black, X, V [][]string
	Thermos            [][]string
	AntiKing           bool         `json:"anti_king"`
	AntiKnight         bool         `json:"anti_knight"`
	PencilMarks        []cellDigits `json:"pencil_marks"`
	Nonconsecutive     bool
	Whispers           []struct {
		Cells []string
		Value int
	}
	Renban, Palindrome, Nabner [][]string
	Betweenline                [][]string `json:"between_lines"`
	Entropicline               [][]string `json:"entropic_lines"`
	Modularline                [][]string `json:"modular_lines"`
	Slowthermometer            [][]string `json:"slow_thermometers"`
	Clone                      []struct{ Cells, Clone []string }
	Maximum, Minimum           []string
	Quadruples                 []cellDigits
	Negative                   []string
	Rowindexer                 [][]string `json:"row_indexers"`
	Columnindexer              [][]string `json:"column_indexers"`
	Boxindexer                 [][]string `json:"box_indexers"`
}

// cellDigits is a pencil mark (a cell) or a quadruple (four cells) and
// its digits.
type cellDigits struct {
	Cell   string
	Cells  []string
	Digits []int
}

// rules adds the clauses of every kind of r but the sums.
func (e *indep) rules(r *jsonRules) error {
	n := e.n
	var bad error
	cell := func(name string) int {
		c, err := grid.ParseCell(name, n)
		if err != nil && bad == nil {
			bad = err
		}
		return int(c)
	}
	cells := func(names []string) []int {
		var out []int
		for _, s := range names {
			out = append(out, cell(s))
		}
		return out
	}
	e.groups(r, cells)
	e.pairs(r, cell, cells)
	if err := e.negatives(r, cell); err != nil {
		return err
	}
	e.lines(r, cells)
	e.cellKinds(r, cell)
	return bad
}

// groups adds the clauses of extra groups, cages and odd and even cells.
func (e *indep) groups(r *jsonRules, cells func([]string) []int) {
	n := e.n
	// SudokuSolver/Constraints/DiagonalPositiveGroupConstraint.cs,
	// DiagonalNegativeGroupConstraint.cs, DisjointGroupsConstraint.cs,
	// ExtraRegionConstraint.cs: no digit twice in the group.
	for _, g := range r.Extra {
		e.differ(cells(g.Cells), len(g.Cells) == n)
	}
	// SudokuSolver/Constraints/KillerCageConstraint.cs (one per
	// "killercage" entry, SolverFactory.cs), ISS sudoku_builder.js case
	// 'Cage': each cage its own group of different digits and its own sum,
	// none when the sum is 0 or absent; cages may overlap, and a cell in
	// two obeys both.
	for _, cg := range r.Cages {
		cs := cells(cg.Cells)
		e.differ(cs, false)
		if cg.Sum != 0 {
			e.equalTo(e.sum(e.digits(cs)), cg.Sum)
		}
	}
	// SudokuSolver/Constraints/OddConstraint.cs, EvenConstraint.cs
	for _, c := range cells(r.Odd) {
		e.only(c, func(d int) bool { return d%2 == 1 })
	}
	for _, c := range cells(r.Even) {
		e.only(c, func(d int) bool { return d%2 == 0 })
	}
}

// pairs adds the clauses of the marks between two cells, thermometers,
// the anti-king and anti-knight moves, and pencil marks.
func (e *indep) pairs(r *jsonRules, cell func(string) int, cells func([]string) []int) {
	n := e.n
	// SudokuSolver/Constraints/DifferenceConstraint.cs (white, default
	// value 1), RatioConstraint.cs (black, default 2), SumConstraint.cs (X
	// 10, V 5), through OrthogonalValueConstraint.cs: the marked pair obeys
	// its mark.
	for _, p := range r.White {
		e.forbid(cell(p[0]), cell(p[1]), func(a, b int) bool { return a-b != 1 && b-a != 1 })
	}
	for _, p := range r.Black {
		e.forbid(cell(p[0]), cell(p[1]), func(a, b int) bool { return a != 2*b && b != 2*a })
	}
	for _, p := range r.X {
		e.forbid(cell(p[0]), cell(p[1]), func(a, b int) bool { return a+b != 10 })
	}
	for _, p := range r.V {
		e.forbid(cell(p[0]), cell(p[1]), func(a, b int) bool { return a+b != 5 })
	}
	// SudokuSolver/Constraints/ThermometerConstraint.cs: digits increase
	// strictly from the bulb.
	for _, t := range r.Thermos {
		cs := cells(t)
		for i := 1; i < len(cs); i++ {
			e.forbid(cs[i-1], cs[i], func(a, b int) bool { return a >= b })
		}
	}
	moves := func(steps [][2]int) {
		for c := range n * n {
			for _, st := range steps {
				if r2, c2 := c/n+st[0], c%n+st[1]; r2 >= 0 && r2 < n && c2 >= 0 && c2 < n {
					e.forbid(c, r2*n+c2, func(a, b int) bool { return a == b })
				}
			}
		}
	}
	// SudokuSolver/Constraints/KingConstraint.cs, KnightConstraint.cs
	if r.AntiKing {
		moves([][2]int{{1, -1}, {1, 0}, {1, 1}, {0, 1}})
	}
	if r.AntiKnight {
		moves([][2]int{{1, 2}, {1, -2}, {2, 1}, {2, -1}})
	}
	// SolverFactory.cs: givenPencilMarks keep only those digits (KeepMask)
	for _, pm := range r.PencilMarks {
		e.only(cell(pm.Cell), func(d int) bool { return slices.Contains(pm.Digits, d) })
	}
}

// negatives adds the clauses of the rules on the neighbours no mark
// joins: nonconsecutive and the negative constraints. As SudokuSolver
// reads them (SudokuSolver/Constraints/OrthogonalValueConstraint.cs,
// InitLinks with GetRelatedConstraints; DifferenceConstraint.cs,
// RatioConstraint.cs, SumConstraint.cs; the import in SolverFactory.cs):
// a pair with a mark of a kind obeys that mark alone; a white and a black
// dot are both kropki dots, so either exempts its pair from
// nonconsecutive (the negative of white dots) and from the negative
// ratio; an X or a V exempts its pair from the negative XV and from
// nothing else, and no kropki dot exempts a pair from the negative XV.
// ISS's StrictKropki (js/solver/sudoku_builder.js _strictAdjHandlers)
// exempts a pair with either dot too.
func (e *indep) negatives(r *jsonRules, cell func(string) int) error {
	n := e.n
	// the pairs of neighbours that none of the marks joins
	unmarked := func(marks ...[][]string) [][2]int {
		joined := map[[2]int]bool{}
		for _, ps := range marks {
			for _, p := range ps {
				a, b := cell(p[0]), cell(p[1])
				joined[[2]int{min(a, b), max(a, b)}] = true
			}
		}
		var out [][2]int
		for c := range n * n {
			for _, o := range []int{c + 1, c + n} {
				if (o == c+1 && o%n == 0) || o >= n*n || joined[[2]int{c, o}] {
					continue
				}
				out = append(out, [2]int{c, o})
			}
		}
		return out
	}
	white, black := [][][]string{r.White, r.Black}, [][][]string{r.Black, r.White}
	if e.old.ownDotOnly {
		white, black = white[:1], black[:1]
	}
	if r.Nonconsecutive {
		for _, p := range unmarked(white...) {
			e.forbid(p[0], p[1], func(a, b int) bool { return a-b == 1 || b-a == 1 })
		}
	}
	for _, neg := range r.Negative {
		switch neg {
		case "ratio":
			for _, p := range unmarked(black...) {
				e.forbid(p[0], p[1], func(a, b int) bool { return a == 2*b || b == 2*a })
			}
		case "xv":
			// f-puzzles' negative XV is both sums at once ("neg5;neg10")
			for _, p := range unmarked(r.X, r.V) {
				e.forbid(p[0], p[1], func(a, b int) bool { return a+b == 10 || a+b == 5 })
			}
		default:
			return fmt.Errorf("negative constraint %q", neg)
		}
	}
	return nil
}

// lines adds the clauses of the kinds of lines: each forbids the digits
// of two (or three) of its cells that its rule does not allow together.
// A loop is written as a line whose last cell is its first; SudokuSolver
// reads the list as written (Constraint.cs ParseCells keeps the repeat),
// which for whispers, thermometers, palindromes and the lines of classes
// is the loop's reading; renban and nabner lines are sets of cells, so
// a loop is its cells once each.
func (e *indep) lines(r *jsonRules, cells func([]string) []int) {
	n := e.n
	// SudokuSolver/Constraints/WhispersConstraint.cs: cells next on the
	// line differ by at least the value, (N+1)/2 when none is given
	// (SolverFactory.cs passes f-puzzles' "value" on).
	for _, l := range r.Whispers {
		diff := l.Value
		if diff == 0 {
			diff = (n + 1) / 2
		}
		cs := cells(l.Cells)
		for i := 1; i < len(cs); i++ {
			e.forbid(cs[i-1], cs[i], func(x, y int) bool { return x-y < diff && y-x < diff })
		}
	}
	// SudokuSolver/Constraints/RenbanConstraint.cs: the cells hold
	// different digits (its Group) that make a run of consecutive ones.
	for _, l := range r.Renban {
		cs := distinct(cells(l))
		m := len(cs)
		for i := range cs {
			for j := i + 1; j < m; j++ {
				// a set of m consecutive digits: no two alike, none m or more apart
				e.forbid(cs[i], cs[j], func(x, y int) bool { return x == y || x-y >= m || y-x >= m })
			}
		}
	}
	// SudokuSolver/Constraints/PalindromeConstraint.cs: cell i holds the
	// digit of cell n-1-i.
	for _, l := range r.Palindrome {
		cs := cells(l)
		for i, j := 0, len(cs)-1; i < j; i, j = i+1, j-1 {
			e.forbid(cs[i], cs[j], func(x, y int) bool { return x != y })
		}
	}
	e.betweenLines(r.Betweenline, cells)
	e.classLines(r, cells)
}

// distinct returns cells without repeats, in their first order.
func distinct(cells []int) []int {
	var out []int
	for _, c := range cells {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// betweenLines adds the clauses of between lines (SudokuSolver/Constraints/
// BetweenLineConstraint.cs): each cell between the two ends holds a digit
// strictly between theirs; a line of two cells or fewer says nothing.
func (e *indep) betweenLines(lines [][]string, cells func([]string) []int) {
	n := e.n
	for _, l := range lines {
		cs := cells(l)
		if len(cs) < 3 {
			continue
		}
		a, b := cs[0], cs[len(cs)-1]
		for _, c := range cs[1 : len(cs)-1] {
			// every triple of digits of the two ends and a cell between
			// that does not lie strictly between them
			for x := 1; x <= n; x++ {
				for y := 1; y <= n; y++ {
					for z := 1; z <= n; z++ {
						if !(x < z && z < y || y < z && z < x) {
							e.cnf = append(e.cnf, []int{-e.x(a, x), -e.x(b, y), -e.x(c, z)})
						}
					}
				}
			}
		}
	}
}

// classLines adds the clauses of entropic, modular and nabner lines, slow
// thermometers and clones.
func (e *indep) classLines(r *jsonRules, cells func([]string) []int) {
	n := e.n
	// SudokuSolver/Constraints/EntropicLineConstraint.cs and
	// ModularLineConstraint.cs (InitLinks): two cells of the line whose
	// places differ by a multiple of 3 hold digits of one class, any other
	// two of different classes (so a line of two cells holds two classes,
	// and a loop must have a multiple of 3 cells). Classes: low, middle,
	// high runs of digits; remainders divided by 3.
	for _, f := range []struct {
		lines [][]string
		class func(int) int
	}{{r.Entropicline, entropicClass(n)}, {r.Modularline, func(d int) int { return d % 3 }}} {
		for _, l := range f.lines {
			cs := cells(l)
			for i := range cs {
				for j := i + 1; j < len(cs); j++ {
					same := (j-i)%3 == 0
					e.forbid(cs[i], cs[j], func(x, y int) bool { return (f.class(x) == f.class(y)) != same })
				}
			}
		}
	}
	// SudokuSolver/Constraints/NabnerConstraint.cs: no two cells of the
	// line hold equal or consecutive digits.
	for _, l := range r.Nabner {
		cs := distinct(cells(l))
		for i := range cs {
			for j := i + 1; j < len(cs); j++ {
				e.forbid(cs[i], cs[j], func(x, y int) bool { return x-y <= 1 && y-x <= 1 })
			}
		}
	}
	// SudokuSolver/Constraints/SlowThermometerConstraint.cs: digits never
	// decrease from the bulb.
	for _, l := range r.Slowthermometer {
		cs := cells(l)
		for i := 1; i < len(cs); i++ {
			e.forbid(cs[i-1], cs[i], func(x, y int) bool { return y < x })
		}
	}
	// SudokuSolver/Constraints/CloneConstraint.cs (SolverFactory.cs pairs
	// cells[i] with cloneCells[i]): the two cells hold the same digit.
	for _, l := range r.Clone {
		a, b := cells(l.Cells), cells(l.Clone)
		for i := range a {
			e.forbid(a[i], b[i], func(x, y int) bool { return x != y })
		}
	}
}

// entropicClass returns the class (low, middle, high) of digits 1 to n:
// three runs of digits in order, the middle one the odd size when n
// leaves 1 over after threes, the outer ones when it leaves 2.
func entropicClass(n int) func(int) int {
	lo := (n + 1) / 3 // 3 on 9x9, 2 on 6x6 and 7x7, 3 on 8x8
	if n%3 == 1 {
		lo = n / 3
	}
	return func(d int) int {
		switch {
		case d <= lo:
			return 0
		case d > n-lo:
			return 2
		}
		return 1
	}
}

// cellKinds adds the clauses of minimum and maximum cells, quadruples and
// indexers.
func (e *indep) cellKinds(r *jsonRules, cell func(string) int) {
	n := e.n
	beside := func(c int) []int {
		var out []int
		row, col := c/n, c%n
		for _, st := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			if rr, cc := row+st[0], col+st[1]; rr >= 0 && rr < n && cc >= 0 && cc < n {
				out = append(out, rr*n+cc)
			}
		}
		return out
	}
	// SudokuSolver/Constraints/MaximumConstraint.cs, MinimumConstraint.cs:
	// a marked cell is above (below) each orthogonal neighbour that is
	// not marked too.
	for _, f := range []struct {
		names []string
		bad   func(a, b int) bool
	}{{r.Maximum, func(a, b int) bool { return a <= b }}, {r.Minimum, func(a, b int) bool { return a >= b }}} {
		var marked []int
		for _, nm := range f.names {
			marked = append(marked, cell(nm))
		}
		for _, c := range marked {
			for _, o := range beside(c) {
				if !slices.Contains(marked, o) {
					e.forbid(c, o, f.bad)
				}
			}
		}
	}
	e.quadruples(r.Quadruples, cell)
	e.indexers(r, cell)
}

// quadruples adds the clauses of quadruples (SudokuSolver/Constraints/
// QuadrupleConstraint.cs, ISS 'Quad'): each digit of the clue, as
// many times as it is written, among the four cells.
func (e *indep) quadruples(qs []cellDigits, cell func(string) int) {
	for _, q := range qs {
		var cs []int
		for _, nm := range q.Cells {
			cs = append(cs, cell(nm))
		}
		// digit d written k times: no 5-k of the four cells all lack d
		for _, d := range q.Digits {
			k := 0
			for _, w := range q.Digits {
				if w == d {
					k++
				}
			}
			if k == 1 {
				var cl []int
				for _, c := range cs {
					cl = append(cl, e.x(c, d))
				}
				e.cnf = append(e.cnf, cl)
				continue
			}
			for skip := range cs { // any three of them hold d
				var cl []int
				for j, c := range cs {
					if j != skip {
						cl = append(cl, e.x(c, d))
					}
				}
				e.cnf = append(e.cnf, cl)
			}
		}
	}
}

// indexers adds the clauses of row, column and box indexers
// (SudokuSolver/Constraints/IndexerConstraint.cs: TargetCell of
// RowIndexerConstraint, ColIndexerConstraint, BoxIndexerConstraint, a
// region's cells in row-major order).
func (e *indep) indexers(r *jsonRules, cell func(string) int) {
	n := e.n
	// indexers: cell (row, col) of a column indexer holds d exactly when
	// (row, d) holds col; of a row indexer, when (d, col) holds row; of a
	// box indexer, the p-th of its region, when the d-th cell holds p
	regions := make([][]int, n)
	for c, k := range e.region {
		regions[k] = append(regions[k], c)
	}
	for k, lists := range [][][]string{r.Columnindexer, r.Rowindexer, r.Boxindexer} {
		for _, list := range lists {
			for _, nm := range list {
				c := cell(nm)
				row, col := c/n, c%n
				for d := 1; d <= n; d++ {
					var to, w int
					switch k {
					case 0:
						to, w = row*n+d-1, col+1
					case 1:
						to, w = (d-1)*n+col, row+1
					default:
						reg := regions[e.region[c]]
						to, w = reg[d-1], slices.Index(reg, c)+1
					}
					e.cnf = append(e.cnf, []int{-e.x(c, d), e.x(to, w)}, []int{e.x(c, d), -e.x(to, w)})
				}
			}
		}
	}
}

// differ says the digits of cells differ; all, that each digit is among
// them too (a group of N cells).
func (e *indep) differ(cells []int, all bool) {
	for d := 1; d <= e.n; d++ {
		if all {
			var cl []int
			for _, c := range cells {
				cl = append(cl, e.x(c, d))
			}
			e.cnf = append(e.cnf, cl)
		}
		for i, a := range cells {
			for _, b := range cells[i+1:] {
				e.cnf = append(e.cnf, []int{-e.x(a, d), -e.x(b, d)})
			}
		}
	}
}

// forbid says cells p and q may not hold a and b when bad(a, b).
func (e *indep) forbid(p, q int, bad func(a, b int) bool) {
	for a := 1; a <= e.n; a++ {
		for b := 1; b <= e.n; b++ {
			if bad(a, b) {
				e.cnf = append(e.cnf, []int{-e.x(p, a), -e.x(q, b)})
			}
		}
	}
}

// only says cell c holds a digit that ok allows.
func (e *indep) only(c int, ok func(d int) bool) {
	for d := 1; d <= e.n; d++ {
		if !ok(d) {
			e.cnf = append(e.cnf, []int{-e.x(c, d)})
		}
	}
}

// digits returns the one-hot digits of cells, as terms of a sum.
func (e *indep) digits(cells []int) []term {
	var out []term
	for _, c := range cells {
		out = append(out, e.digit(c))
	}
	return out
}

// keeps reports whether cadical finds the full grid sol a model of the
// encoding (its auxiliary variables free).
func (e *indep) keeps(t *testing.T, sol grid.Grid) bool {
	t.Helper()
	var units []int
	for c, d := range sol.Cells {
		units = append(units, e.x(c, int(d)))
	}
	sat, _ := gridtest.Cadical(t, e.nv, e.cnf, units...)
	return sat
}

// block returns the clause that forbids the digits of sol in the empty
// cells of g.
func (e *indep) block(g, sol grid.Grid) []int {
	var out []int
	for c, d := range sol.Cells {
		if g.Cells[c] == 0 {
			out = append(out, -e.x(c, int(d)))
		}
	}
	return out
}

// checkRulesProof checks the proof of verdict r on g (unique or none), whatever
// its kind (propagation, search, or gophersat's certified solve), with
// the DRAT checker of package gridtest on the CNF of its certificate.
func checkRulesProof(t *testing.T, name string, g grid.Grid, r Result) {
	t.Helper()
	var cnfText, dratText bytes.Buffer
	if err := WriteCertificate(&cnfText, &dratText, g, r); err != nil {
		t.Fatalf("%s: WriteCertificate: %v", name, err)
	}
	cnf, err := gridtest.ReadDRAT(&cnfText)
	if err != nil {
		t.Fatalf("%s: the CNF: %v", name, err)
	}
	proof, err := gridtest.ReadDRAT(&dratText)
	if err != nil {
		t.Fatalf("%s: the proof: %v", name, err)
	}
	nv := sat.RuleClauses(g.Shape, g.Rules).Vars
	if _, err := gridtest.CheckDRAT(nv, gridtest.Clauses(cnf), proof); err != nil {
		data, _ := formats.MarshalFPuzzles(g) // the puzzle whole, to replay it
		t.Fatalf("%s (%s): %v by %v, %d lemmas: the DRAT checker refuses the proof: %v; the puzzle: %s", name, g.Rules.Name(), r.Status, r.Proof, len(proof), err, data)
	}
}
