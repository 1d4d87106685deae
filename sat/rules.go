package sat

import (
	"fmt"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// The encoding of a variant puzzle's rules (grid.Rules) extends the
// classic one: the same cell variables, numbered the same way, and the
// same "exactly one" groups for the cells, rows and columns, with the
// regions of a jigsaw in place of the boxes. Each further constraint adds
// clauses, in a fixed order, and cage sums add auxiliary variables after
// the N^3 cell variables. A classic puzzle (nil rules) gets Clauses alone.
//
// Every constraint is encoded so that unit propagation on its clauses
// removes exactly the candidates that the variant search (package
// internal/variant) removes for it, so a verdict that the search reaches
// without a guess is a unit propagation refutation of this CNF, as for
// classic puzzles (see package verify).

// RuleCNF is the CNF of a variant's rules, without the givens.
type RuleCNF struct {
	Clauses [][]int
	// Vars is the number of variables: the N^3 cell variables, then the
	// auxiliary variables of the cage sums.
	Vars int
	// Parts says, in order, which clauses encode what, for the comment
	// lines of DIMACS: each a description and the number of clauses.
	Parts []Part
}

// Part is a run of clauses of a RuleCNF that encode one kind of rule.
type Part struct {
	What  string
	Count int
}

// RuleClauses returns the CNF of the rules of shape s with rules r. Nil or
// empty rules give Clauses(s), NumVars(N) and one part.
func RuleClauses(s grid.Shape, r *grid.Rules) *RuleCNF {
	n := s.N()
	if r.Empty() {
		c := baseClauses(s)
		return &RuleCNF{Clauses: c, Vars: NumVars(n), Parts: []Part{{"classic rules", len(c)}}}
	}
	e := &encoder{n: n, vars: NumVars(n), seen: map[[2]int32]bool{}}
	e.out = make([][]int, 0, 4*n*n*(1+n*(n-1)/2))
	e.units(s, r)
	e.mark(s, r)
	e.extra(r)
	e.cages(r)
	e.moves(r)
	e.parity(r)
	e.pairs(r)
	e.thermos(r)
	e.sums(r)
	return &RuleCNF{Clauses: e.out, Vars: e.vars, Parts: e.parts}
}

// encoder builds a RuleCNF.
type encoder struct {
	n     int
	vars  int
	out   [][]int
	parts []Part
	seen  map[[2]int32]bool // cell pairs whose digits are already kept apart
	start int               // clauses at the start of the current part
}

func (e *encoder) part(what string) {
	if k := len(e.out) - e.start; k > 0 {
		e.parts = append(e.parts, Part{what, k})
	}
	e.start = len(e.out)
}

// units encodes the cells, rows, columns and regions as the classic
// encoding does its cells, rows, columns and boxes: for each cell, and for
// each digit and unit, one clause that the group holds a true variable and
// one binary clause per pair that it holds at most one. With the boxes as
// regions these are Clauses(s), clause for clause.
func (e *encoder) units(s grid.Shape, r *grid.Rules) {
	n := e.n
	if r.Regions == nil {
		e.out = append(e.out, baseClauses(s)...)
		e.part("each cell holds one digit; each row, column and box each digit once")
		return
	}
	regions := make([][]int32, n)
	for i := range n * n {
		k := r.Region(s, i)
		regions[k] = append(regions[k], int32(i))
	}
	// the clauses share two backing arrays, one allocation each rather
	// than one per clause: this encoding is built once per jigsaw puzzle
	groups := make([]int, 4*n*n*n)
	pairs := make([]int, 0, 4*n*n*n*(n-1))
	group := func(f func(i int) int) {
		g := groups[:n:n]
		groups = groups[n:]
		for i := range g {
			g[i] = f(i)
		}
		e.out = append(e.out, g)
		for i, a := range g {
			for _, b := range g[i+1:] {
				pairs = append(pairs, -a, -b)
				e.out = append(e.out, pairs[len(pairs)-2:len(pairs):len(pairs)])
			}
		}
	}
	for c := range n * n {
		group(func(i int) int { return Var(n, c/n, c%n, i+1) })
	}
	for d := 1; d <= n; d++ {
		for row := range n {
			group(func(i int) int { return Var(n, row, i, d) })
		}
		for col := range n {
			group(func(i int) int { return Var(n, i, col, d) })
		}
		for _, reg := range regions {
			group(func(i int) int { c := int(reg[i]); return Var(n, c/n, c%n, d) })
		}
	}
	e.part("each cell holds one digit; each row, column and jigsaw region each digit once")
}

// mark records the cell pairs the units already keep apart, so that no
// later constraint repeats their clauses.
func (e *encoder) mark(s grid.Shape, r *grid.Rules) {
	n := e.n
	for a := range n * n {
		for b := a + 1; b < n*n; b++ {
			if a/n == b/n || a%n == b%n || r.Region(s, a) == r.Region(s, b) {
				e.seen[[2]int32{int32(a), int32(b)}] = true
			}
		}
	}
}

// apart adds, for every digit, the binary clause that cells a and b do not
// both hold it, unless a clause already says so.
func (e *encoder) apart(a, b int32) {
	if a > b {
		a, b = b, a
	}
	if a == b || e.seen[[2]int32{a, b}] {
		return
	}
	e.seen[[2]int32{a, b}] = true
	n := e.n
	for d := 1; d <= n; d++ {
		e.out = append(e.out, []int{-e.x(a, d), -e.x(b, d)})
	}
}

// x is the variable of cell c holding digit d.
func (e *encoder) x(c int32, d int) int { return Var(e.n, int(c)/e.n, int(c)%e.n, d) }

// extra encodes the extra groups (diagonals, windows, disjoint groups,
// extra regions): for each digit, the binary clauses that no two cells of
// the group hold it, and for a group of N cells the clause that some cell
// does (so every digit is there once).
func (e *encoder) extra(r *grid.Rules) {
	for _, g := range r.Extra {
		if len(g.Cells) == e.n {
			for d := 1; d <= e.n; d++ {
				c := make([]int, len(g.Cells))
				for i, x := range g.Cells {
					c[i] = e.x(x, d)
				}
				e.out = append(e.out, c)
			}
		}
		for i, a := range g.Cells {
			for _, b := range g.Cells[i+1:] {
				e.apart(a, b)
			}
		}
	}
	e.part("each extra group (diagonal, window, disjoint group, extra region) holds no digit twice, and each digit once when it has N cells")
}

// cages encodes the distinct digits of each cage: for each digit and pair
// of cells, the clause that not both hold it.
func (e *encoder) cages(r *grid.Rules) {
	for _, c := range r.Cages {
		for i, a := range c.Cells {
			for _, b := range c.Cells[i+1:] {
				e.apart(a, b)
			}
		}
	}
	e.part("each cage holds no digit twice")
}

// moves encodes anti-king and anti-knight: for each pair of cells a move
// apart and each digit, the clause that not both hold it.
func (e *encoder) moves(r *grid.Rules) {
	for i := range e.n * e.n {
		if r.AntiKing {
			for _, j := range grid.KingNeighbours(e.n, int32(i)) {
				e.apart(int32(i), j)
			}
		}
		if r.AntiKnight {
			for _, j := range grid.KnightNeighbours(e.n, int32(i)) {
				e.apart(int32(i), j)
			}
		}
	}
	e.part("cells a king's or a knight's move apart hold different digits")
}

// parity encodes odd and even cells: one unit clause per digit of the
// wrong parity, that the cell does not hold it.
func (e *encoder) parity(r *grid.Rules) {
	for _, c := range r.Odd {
		for d := 2; d <= e.n; d += 2 {
			e.out = append(e.out, []int{-e.x(c, d)})
		}
	}
	for _, c := range r.Even {
		for d := 1; d <= e.n; d += 2 {
			e.out = append(e.out, []int{-e.x(c, d)})
		}
	}
	e.part("odd and even cells")
}

// support adds, for each digit d of cell a, the clause that a does not
// hold d or b holds a digit that ok allows beside it: unit propagation on
// these clauses is arc consistency between the two cells.
func (e *encoder) support(a, b int32, ok func(da, db int) bool) {
	for da := 1; da <= e.n; da++ {
		c := []int{-e.x(a, da)}
		for db := 1; db <= e.n; db++ {
			if ok(da, db) {
				c = append(c, e.x(b, db))
			}
		}
		e.out = append(e.out, c)
	}
}

// pairs encodes kropki dots, X and V: for each pair, each cell and each of
// its digits, the clause that the cell does not hold the digit or the
// other cell holds one that fits it (a unit clause when none does). So a
// digit leaves a cell exactly when no digit left in the other fits it.
func (e *encoder) pairs(r *grid.Rules) {
	for _, pk := range r.PairKinds() {
		for _, p := range pk.Pairs {
			e.support(p[0], p[1], pk.Allows)
			e.support(p[1], p[0], pk.Allows)
		}
	}
	e.part("kropki dots, X and V: each digit of a cell needs a fitting digit in the other")
}

// thermos encodes each thermometer as its consecutive cells a, b with
// b > a: for each digit of a, the clause that a does not hold it or b
// holds a larger one, and for each digit of b, that b does not hold it or
// a holds a smaller one.
func (e *encoder) thermos(r *grid.Rules) {
	less := func(x, y int) bool { return x < y }
	more := func(x, y int) bool { return x > y }
	for _, t := range r.Thermos {
		for i := 1; i < len(t); i++ {
			e.support(t[i-1], t[i], less)
			e.support(t[i], t[i-1], more)
		}
	}
	e.part("thermometers: each cell holds more than the one before")
}

// sums encodes the sum of each cage with one as the sets of digits that
// make it (grid.Combinations). A cage of cells C gets auxiliary variables
// u(d), one per digit, "some cell of C holds d", and y(j), one per digit
// set S(j) of the sum, "C holds the digits of S(j)":
//
//   - x(c,d) -> u(d) for each cell c, and u(d) -> OR over c of x(c,d);
//   - OR over j of y(j): the cage holds one of the sets;
//   - y(j) -> u(d) for d in S(j), and y(j) -> -u(d) for d not in S(j);
//   - u(d) -> OR over the j with d in S(j) of y(j) (a unit clause -u(d)
//     when no set has d).
//
// The cage's cells hold distinct digits (see cages), so |C| of them from
// S(j), which has |C| digits, are S(j) itself, whose sum is the cage's.
// Unit propagation drops a set once a cell holds a digit outside it or a
// digit of it has no place left in the cage, and drops a digit from every
// cell once no set left has it.
func (e *encoder) sums(r *grid.Rules) {
	n := e.n
	for _, c := range r.Cages {
		if c.Sum == 0 {
			continue
		}
		u := e.vars + 1 // u(d) is u+d-1
		e.vars += n
		sets := grid.Combinations(n, len(c.Cells), c.Sum)
		y := e.vars + 1
		e.vars += len(sets)
		for d := 1; d <= n; d++ {
			some := []int{-(u + d - 1)}
			for _, x := range c.Cells {
				e.out = append(e.out, []int{-e.x(x, d), u + d - 1})
				some = append(some, e.x(x, d))
			}
			e.out = append(e.out, some)
		}
		one := make([]int, len(sets))
		for j, set := range sets {
			one[j] = y + j
			for d := 1; d <= n; d++ {
				if set&(1<<d) != 0 {
					e.out = append(e.out, []int{-(y + j), u + d - 1})
				} else {
					e.out = append(e.out, []int{-(y + j), -(u + d - 1)})
				}
			}
		}
		e.out = append(e.out, one)
		for d := 1; d <= n; d++ {
			c := []int{-(u + d - 1)}
			for j, set := range sets {
				if set&(1<<d) != 0 {
					c = append(c, y+j)
				}
			}
			e.out = append(e.out, c)
		}
	}
	e.part("cage sums: each cage holds one of the digit sets of its sum (auxiliary variables from " + fmt.Sprint(NumVars(n)+1) + ")")
}

// describe returns the comment lines of DIMACS for a variant's CNF.
func (c *RuleCNF) describe(r *grid.Rules) string {
	var b strings.Builder
	fmt.Fprintf(&b, "c variant: %s\n", r.Name())
	at := 1
	for _, p := range c.Parts {
		fmt.Fprintf(&b, "c clauses %d-%d: %s\n", at, at+p.Count-1, p.What)
		at += p.Count
	}
	return b.String()
}
