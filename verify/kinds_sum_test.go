package verify

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

var sumKindsFull = flag.Bool("sumkinds", false, "check 200 puzzles of each kind of sums (arrows, little killers...), not a sample")

// The kinds of sums, checked two ways: for each, puzzles (random instances
// on random solutions with some of their digits given; with -sumkinds,
// 200 of each, and 10 generated ones of the kinds that generate makes) get
// their verdict, and
//   - cadical, on an encoding written here from the puzzle's f-puzzles
//     JSON alone (one-hot partial sums, sharing nothing with the kinds'
//     order encoding), agrees: the solution is a model, and the puzzle is
//     unique exactly when the solution's blocking clause makes it
//     unsatisfiable;
//   - each proof of a unique verdict by propagation or search is a DRAT
//     proof that gridtest's checker accepts.
func TestSumKindsIndependently(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed (Debian package cadical): the independent check of the kinds of sums needs it")
	}
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 30))
	each := 6
	switch {
	case *sumKindsFull:
		each = 200
	case testing.Short():
		each = 2
	}
	gen := generate.New()
	generated := map[string]string{"arrow": "arrow", "little killer": "little-killer", "sandwich": "sandwich",
		"X-sum": "xsum", "skyscraper": "skyscraper", "region sum line": "region-sum-line"}
	for _, k := range grid.Table() {
		kind := k.Name
		if sumKindNames[kind] == "" {
			continue
		}
		t.Run(kind, func(t *testing.T) {
			seen := map[string]int{}
			made := 0
			if _, ok := generated[kind]; ok && *sumKindsFull {
				made = 10
			}
			for i := range each + made {
				var g, sol grid.Grid
				if name := generated[kind]; i < made {
					v, err := generate.ParseVariant(name)
					if err != nil {
						t.Fatal(err)
					}
					p, err := gen.Puzzle(seed, i, generate.Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}, Variant: v})
					if err != nil {
						t.Fatalf("%s %d: %v", name, i, err)
					}
					g, sol = p.Grid, p.Solution
				} else {
					c := gridtest.NewKindCase(rng, k, []int{4, 6, 9})
					if !slices.Contains(c.Kept.Names(), sumKindNames[kind]) {
						continue // no instance the solution keeps
					}
					g = grid.Grid{Shape: c.Shape, Cells: make([]uint8, len(c.Sol)), Rules: c.Kept}
					for x, d := range c.Sol {
						if rng.IntN(2) > 0 {
							g.Cells[x] = d
						}
					}
					sol = grid.Grid{Shape: c.Shape, Cells: c.Sol, Rules: c.Kept}
				}
				seen[checkSumPuzzle(t, fmt.Sprintf("%s %d", kind, i), g, sol)]++
			}
			t.Logf("%s: %v", kind, seen)
		})
	}
}

// sumKindNames are the kinds of sums, by the names of the table, and the
// variant names of their rules.
var sumKindNames = map[string]string{"arrow": "arrow", "little killer": "little-killer", "sandwich": "sandwich",
	"region sum line": "region-sum-line", "zipper line": "zipper", "X-sum": "xsum", "skyscraper": "skyscraper",
	"double arrow": "double-arrow"}

// checkSumPuzzle checks g (whose rules sol keeps) both ways, and returns
// the verdict and its proof.
func checkSumPuzzle(t *testing.T, name string, g, sol grid.Grid) string {
	t.Helper()
	r := Puzzle(g, Options{})
	e, err := independentCNF(g)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !e.keeps(t, sol) {
		t.Fatalf("%s: the solution breaks the independent encoding of %s", name, g)
	}
	unique := gridtest.Unsat(t, e.nv, append(e.cnf, e.block(g, sol)))
	if (r.Status == Unique) != unique || r.Status != Unique && r.Status != Multiple {
		t.Fatalf("%s: verify says %v (%v), cadical on the independent encoding unique: %v; puzzle %s", name, r.Status, r.Err, unique, g)
	}
	if r.Status == Unique && r.Solutions[0].String() != sol.String() {
		t.Fatalf("%s: unique with %s, want %s", name, r.Solutions[0], sol)
	}
	if r.Status == Unique {
		checkRulesProof(t, name, g, r)
		return "unique by " + r.Proof.String()
	}
	return r.Status.String()
}

// indep builds the independent encoding: variable (c, d) is c*N+d for
// cell c (row-major, 0-based) and digit d, auxiliary ones after.
type indep struct {
	n      int
	nv     int
	cnf    [][]int
	region []int // the region of each cell
	old    reading
}

func (e *indep) aux() int { e.nv++; return e.nv }

func (e *indep) x(c, d int) int { return c*e.n + d }

// term is a one-hot integer: opts[i] is true when it is vals[i], exactly
// one of them.
type term struct {
	lits []int
	vals []int
}

func (e *indep) digit(c int) term {
	var t term
	for d := 1; d <= e.n; d++ {
		t.lits = append(t.lits, e.x(c, d))
		t.vals = append(t.vals, d)
	}
	return t
}

// sum returns the one-hot sum of terms: s(k, v) is true when the first k
// terms add up to v, forced forward and kept to one value per k.
func (e *indep) sum(terms []term) term {
	if len(terms) == 0 {
		zero := e.aux()
		e.cnf = append(e.cnf, []int{zero})
		return term{lits: []int{zero}, vals: []int{0}}
	}
	p := e.prefixSums(terms)
	return p[len(p)-1]
}

// prefixSums returns the one-hot sums of the first 1, 2, ... terms, one
// chain for them all (see sum).
func (e *indep) prefixSums(terms []term) []term {
	var out []term
	cur := term{lits: []int{0}, vals: []int{0}} // literal 0: always true
	for _, t := range terms {
		var next term
		at := map[int]int{} // value -> literal
		for _, v := range cur.vals {
			for _, w := range t.vals {
				if _, ok := at[v+w]; !ok {
					at[v+w] = e.aux()
					next.vals = append(next.vals, v+w)
					next.lits = append(next.lits, at[v+w])
				}
			}
		}
		for k, v := range cur.vals {
			for i, w := range t.vals {
				cl := []int{-t.lits[i], at[v+w]}
				if cur.lits[k] != 0 {
					cl = append(cl, -cur.lits[k])
				}
				e.cnf = append(e.cnf, cl)
			}
		}
		for i := range next.lits {
			for j := i + 1; j < len(next.lits); j++ {
				e.cnf = append(e.cnf, []int{-next.lits[i], -next.lits[j]})
			}
		}
		out = append(out, next)
		cur = next
	}
	return out
}

// is returns the literal that t is v (0 when it never is).
func (t term) is(v int) int {
	for i, w := range t.vals {
		if w == v {
			return t.lits[i]
		}
	}
	return 0
}

// equalTo says t is v, unless one of the literals unless is true.
func (e *indep) equalTo(t term, v int, unless ...int) {
	for i, w := range t.vals {
		if w != v {
			e.cnf = append(e.cnf, append([]int{-t.lits[i]}, unless...))
		}
	}
}

// equal says a and b take the same value.
func (e *indep) equal(a, b term) {
	for i, v := range a.vals {
		if l := b.is(v); l != 0 {
			e.cnf = append(e.cnf, []int{-a.lits[i], l})
		} else {
			e.cnf = append(e.cnf, []int{-a.lits[i]})
		}
	}
	for i, v := range b.vals {
		if a.is(v) == 0 {
			e.cnf = append(e.cnf, []int{-b.lits[i]})
		}
	}
}

var cellRE = regexp.MustCompile(`^R(\d+)C(\d+)$`)

// rc reads a cell R1C1 as 0-based row and column.
func rc(s string) (int, int) {
	m := cellRE.FindStringSubmatch(s)
	if m == nil {
		panic("cell " + s)
	}
	r, _ := strconv.Atoi(m[1])
	c, _ := strconv.Atoi(m[2])
	return r - 1, c - 1
}

// sums adds the kinds of sums of the f-puzzles puzzle data.
func (e *indep) sums(data []byte) error {
	var p fpSums
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	e.arrows(p)
	e.outsideSums(p)
	e.lineSums(p)
	return nil
}

// fpSums is the f-puzzles form of the kinds of sums.
type fpSums struct {
	Arrow []struct {
		Cells []string   `json:"cells"`
		Lines [][]string `json:"lines"`
	} `json:"arrow"`
	LittleKiller []struct {
		Cell, Direction, Value string
	} `json:"littlekillersum"`
	Sandwich   []struct{ Cell, Value string } `json:"sandwichsum"`
	XSum       []struct{ Cell, Value string } `json:"xsum"`
	Skyscraper []struct{ Cell, Value string } `json:"skyscraper"`
	RegionSum  []struct{ Lines [][]string }   `json:"regionsumline"`
	Zipper     []struct{ Lines [][]string }   `json:"zipperline"`
	Double     []struct{ Lines [][]string }   `json:"doublearrow"`
}

// arrows adds the clauses of arrows and little killers.
func (e *indep) arrows(p fpSums) {
	n := e.n
	cell := func(s string) int { r, c := rc(s); return r*n + c }
	digits := e.digits
	// SudokuSolver/Constraints/ArrowSumConstraint.cs (SolverFactory.cs: the
	// circle or pill is "cells", each line's first cell is on the circle
	// and is left out; PillArrowStrategy.cs reads a pill as a number, its
	// cells in order): the line adds up to the circle.
	for _, a := range p.Arrow {
		var pill []term
		for i, s := range a.Cells {
			t := e.digit(cell(s))
			for j := range t.vals {
				for range len(a.Cells) - 1 - i {
					t.vals[j] *= 10
				}
			}
			pill = append(pill, t)
		}
		for _, line := range a.Lines {
			var tail []int
			for _, s := range line[1:] {
				tail = append(tail, cell(s))
			}
			e.equal(e.sum(pill), e.sum(digits(tail)))
		}
	}
	// SudokuSolver/Constraints/LittleKillerConstraint.cs: from a clue
	// outside the grid, one step along its direction enters it; the
	// diagonal's digits (repeats allowed) add up to the clue.
	for _, lk := range p.LittleKiller {
		v, _ := strconv.Atoi(lk.Value)
		r, c := rc(lk.Cell)
		dr, dc := 1, 1
		if lk.Direction[0] == 'U' {
			dr = -1
		}
		if lk.Direction[1] == 'L' {
			dc = -1
		}
		var cells []int
		for r, c = r+dr, c+dc; r >= 0 && r < n && c >= 0 && c < n; r, c = r+dr, c+dc {
			cells = append(cells, r*n+c)
		}
		e.equalTo(e.sum(digits(cells)), v)
	}
}

// outsideSums adds the clauses of the clues outside the grid: sandwiches,
// X-sums and skyscrapers.
func (e *indep) outsideSums(p fpSums) {
	n := e.n
	digits := e.digits
	// the row or column of a clue outside the grid, from the clue's side
	line := func(s string) []int {
		r, c := rc(s)
		var out []int
		for i := range n {
			switch {
			case c < 0:
				out = append(out, r*n+i)
			case c >= n:
				out = append(out, r*n+n-1-i)
			case r < 0:
				out = append(out, i*n+c)
			default:
				out = append(out, (n-1-i)*n+c)
			}
		}
		return out
	}
	// SudokuSolver/Constraints/SandwichConstraint.cs: the digits between
	// the 1 and the N of the row or column add up to the clue (0 when they
	// are side by side).
	for _, s := range p.Sandwich {
		v, _ := strconv.Atoi(s.Value)
		l := line(s.Cell)
		// for every two places of the 1 and the N, the cells between;
		// from each place, one chain of sums: a term that is always 0
		// first, so that no cells between make a sum too
		for i := range l {
			zero := e.aux()
			e.cnf = append(e.cnf, []int{zero})
			sums := e.prefixSums(append([]term{{lits: []int{zero}, vals: []int{0}}}, digits(l[i+1:])...))
			for j := i + 1; j < len(l); j++ {
				for _, ends := range [][2]int{{1, n}, {n, 1}} {
					e.equalTo(sums[j-i-1], v, -e.x(l[i], ends[0]), -e.x(l[j], ends[1]))
				}
			}
		}
	}
	// SudokuSolver/Constraints/XSumConstraint.cs: the first X cells from
	// the clue's side, X the first of them, add up to the clue.
	for _, s := range p.XSum {
		v, _ := strconv.Atoi(s.Value)
		l := line(s.Cell)
		sums := e.prefixSums(digits(l))
		for k := 1; k <= n; k++ {
			e.equalTo(sums[k-1], v, -e.x(l[0], k))
		}
	}
	for _, s := range p.Skyscraper {
		v, _ := strconv.Atoi(s.Value)
		e.skyscraper(line(s.Cell), v)
	}
}

// skyscraper adds the clauses of a skyscraper clue v on line l
// (SudokuSolver/Constraints/SkyscraperConstraint.cs, the line read from
// the clue's side): v of its cells hold a digit above every digit before
// them.
func (e *indep) skyscraper(l []int, v int) {
	n := e.n
	var seen []term
	for i := range l {
		// seen: some digit d here, and none above d before
		vis := e.aux()
		var some []int
		for d := 1; d <= n; d++ {
			a := e.aux()
			e.cnf = append(e.cnf, []int{-a, e.x(l[i], d)}, []int{-a, vis})
			all := []int{a, -e.x(l[i], d)}
			for j := range i {
				for h := d + 1; h <= n; h++ {
					e.cnf = append(e.cnf, []int{-a, -e.x(l[j], h)})
					all = append(all, e.x(l[j], h))
				}
			}
			e.cnf = append(e.cnf, all)
			some = append(some, a)
		}
		e.cnf = append(e.cnf, append([]int{-vis}, some...))
		seen = append(seen, term{lits: []int{-vis, vis}, vals: []int{0, 1}})
	}
	e.equalTo(e.sum(seen), v)
}

// lineSums adds the clauses of region sum lines, zipper lines and double
// arrows.
func (e *indep) lineSums(p fpSums) {
	n := e.n
	region := e.region
	cell := func(s string) int { r, c := rc(s); return r*n + c }
	digits := e.digits
	equalGroups := func(groups [][]int) {
		for _, g := range groups[1:] {
			e.equal(e.sum(digits(groups[0])), e.sum(digits(g)))
		}
	}
	cellsOf := func(names []string) []int {
		var out []int
		for _, s := range names {
			out = append(out, cell(s))
		}
		return out
	}
	// SudokuSolver/Constraints/RegionSumLinesConstraint.cs (GetCellGroups,
	// on EqualSumsConstraint.cs) and ISS js/solver/sudoku_builder.js
	// (_regionSumLineHandlers): the region borders (boxes, or a jigsaw's
	// regions; not extra regions) cut the line, in its order, into
	// segments, and every segment adds up to the same total, two segments
	// in one region each on its own; a line in one region says nothing.
	for _, rs := range p.RegionSum {
		for _, names := range rs.Lines {
			l := cellsOf(names)
			if e.old.regionPerBox {
				equalGroups(byRegion(l, region))
				continue
			}
			if groups := segments(l, region); len(groups) > 1 {
				equalGroups(groups)
			}
		}
	}
	// SudokuSolver/Constraints/ZipperLineConstraint.cs: cells i and n-1-i
	// add up to the same total, the middle cell of an odd line alone holds
	// it; a line of one cell says nothing.
	for _, z := range p.Zipper {
		for _, names := range z.Lines {
			l := cellsOf(names)
			var groups [][]int
			if len(l) < 2 {
				continue
			}
			for i, j := 0, len(l)-1; i <= j; i, j = i+1, j-1 {
				if i == j {
					groups = append(groups, []int{l[i]})
				} else {
					groups = append(groups, []int{l[i], l[j]})
				}
			}
			equalGroups(groups)
		}
	}
	// SudokuSolver/Constraints/DoubleArrowConstraint.cs: the two ends add
	// up to the cells between them; a line of fewer than 3 cells says
	// nothing.
	for _, d := range p.Double {
		for _, names := range d.Lines {
			l := cellsOf(names)
			if len(l) < 3 {
				continue
			}
			equalGroups([][]int{{l[0], l[len(l)-1]}, l[1 : len(l)-1]})
		}
	}
}

// segments cuts line l where it crosses from one region to another. A
// loop (its last cell its first) is a cycle: the run through its first
// cell is one segment, and a loop in one region is one segment. Where a
// loop starts in the middle of a region's run, SudokuSolver, which reads
// the list as written, would count its first cell in two segments; a
// loop has no start, so this follows the loop.
func segments(l []int, region []int) [][]int {
	if len(l) > 2 && l[0] == l[len(l)-1] {
		l = l[:len(l)-1]
		at := -1
		for i := range l {
			if region[l[i]] != region[l[(i+len(l)-1)%len(l)]] {
				at = i
				break
			}
		}
		if at < 0 {
			return [][]int{l}
		}
		l = append(slices.Clone(l[at:]), l[:at]...)
	}
	var out [][]int
	for i, c := range l {
		if i == 0 || region[c] != region[l[i-1]] {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], c)
	}
	return out
}

// byRegion groups the cells of line l by region, all of a region's cells
// together: the reading that the mutation check changes back to.
func byRegion(l []int, region []int) [][]int {
	at := map[int]int{}
	var groups [][]int
	for _, c := range l {
		k, ok := at[region[c]]
		if !ok {
			k = len(groups)
			at[region[c]] = k
			groups = append(groups, nil)
		}
		groups[k] = append(groups[k], c)
	}
	return groups
}
