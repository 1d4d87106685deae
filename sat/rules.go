package sat

import (
	"fmt"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/sumcnf"
)

// The encoding of a variant puzzle's rules (grid.Rules) extends the
// classic one: the same cell variables, numbered the same way, and the
// same "exactly one" groups for the cells, rows and columns, with the
// regions of a jigsaw in place of the boxes. Each further constraint adds
// clauses, in a fixed order, and cage sums add auxiliary variables after
// the N^3 cell variables. A classic puzzle (nil rules) gets Clauses alone.
//
// Besides the rules as stated, the CNF states what they imply
// (grid.Imply): the cage sums of the 45 rule (innies and outies of
// units and of windows of rows or columns), two cells whose sum those fix,
// and the law of leftovers of jigsaw regions. These hold in every solution
// of the rules, so they change no verdict, and they let unit propagation
// make the deductions that solvers of killers and jigsaws make by hand.
//
// Every constraint is encoded so that unit propagation on its clauses
// removes exactly the candidates that the variant search (package
// internal/rulesearch) removes for it, so a verdict that the search reaches
// without a guess is a unit propagation refutation of this CNF, and one it
// reaches by running to its end a DPLL refutation, as for classic puzzles
// (see package verify). The auxiliary variables are numbered as that
// search numbers its decisions on cage sums: after the N^3 cell
// variables, per cage with a sum (the rules' in their order, then the
// implied ones), N variables u(d), then one y(j) per digit set.

// RuleCNF is the CNF of a variant's rules, without the givens.
type RuleCNF struct {
	Clauses [][]int
	// Vars is the number of variables: the N^3 cell variables, then the
	// auxiliary variables of the cage sums.
	Vars int
	// Parts says, in order, which clauses encode what, for the comment
	// lines of DIMACS: each a description and the number of clauses.
	Parts []Part
	// Implied says which clauses encode each constraint that the rules
	// imply (grid.Imply), in order; none in a PlainRuleClauses.
	Implied []Span
	// Lowered, Units and Imply are the rules' lowering, their units and
	// the constraints they imply (grid.ImplyWith), as the encoding made
	// them, for a caller that needs them too; nil for classic rules.
	Lowered *grid.Lowered
	Units   *grid.RuleUnits
	Imply   *grid.Implied
}

// Span is the clauses Clauses[From:To] of a RuleCNF that encode one
// constraint the rules imply: of What, the Index-th of its list in
// grid.Implied.
type Span struct {
	What     Implication
	Index    int
	From, To int
}

// Wide reports whether span sp of c encodes a constraint implied by a
// group of two units or more (grid.Implied.WideCages and WideSums, and
// every leftover pair).
func (c *RuleCNF) Wide(sp Span) bool {
	switch sp.What {
	case ImpliedCage:
		return c.Imply.WideCages[sp.Index]
	case ImpliedSum:
		return c.Imply.WideSums[sp.Index]
	case ImpliedSame:
		return true
	}
	return false
}

// Implication is a kind of constraint the rules imply.
type Implication int

const (
	// ImpliedPeers are the clauses that the digits of the cage with a sum
	// Index, of the rules, leave the cells that see the whole cage
	// (grid.Implied.Peers).
	ImpliedPeers Implication = iota
	// ImpliedCage is every clause of grid.Implied.Cages[Index], its
	// auxiliary variables and the cells that see it.
	ImpliedCage
	// ImpliedSum is grid.Implied.Sums[Index].
	ImpliedSum
	// ImpliedSame is grid.Implied.Same[Index].
	ImpliedSame
)

// Part is a run of clauses of a RuleCNF that encode one kind of rule.
type Part struct {
	What  string
	Count int
}

// RuleClauses returns the CNF of the rules of shape s with rules r. Nil or
// empty rules give Clauses(s), NumVars(N) and one part.
func RuleClauses(s grid.Shape, r *grid.Rules) *RuleCNF {
	return ruleClauses(s, r, false)
}

// PlainRuleClauses returns the CNF of the rules of shape s with rules r as
// they are stated, without the clauses they only imply: no implied cage,
// pair sum or leftover (grid.Imply), and no clause that a cage's digits
// leave the cells that see the whole cage. The variables are numbered as
// in RuleClauses, Vars the same, so that a model, or a proof of the search,
// names the same variables in both; those of the implied cages appear in
// no clause. This is the CNF a reader can check against the puzzle's text;
// RuleClauses holds its consequences too. For a classic puzzle the two are
// the same.
func PlainRuleClauses(s grid.Shape, r *grid.Rules) *RuleCNF {
	return ruleClauses(s, r, true)
}

func ruleClauses(s grid.Shape, r *grid.Rules, plain bool) *RuleCNF {
	n := s.N()
	if r.Empty() {
		c := baseClauses(s)
		return &RuleCNF{Clauses: c, Vars: NumVars(n), Parts: []Part{{"classic rules", len(c)}}}
	}
	e := &encoder{n: n, vars: NumVars(n), seen: make([]uint64, (n*n*n*n+63)/64), plain: plain}
	// the classic clauses, and as many again for the cages and leftovers
	// of a killer or a jigsaw (20,000 in all for a 9x9 killer)
	base := 4 * n * n * (1 + n*(n-1)/2)
	l := r.Lower(s)
	if grid.Regions.Get(r) != nil || len(l.Sums) > 0 {
		base *= 2
	}
	e.out = make([][]int, 0, base)
	e.cnf = &RuleCNF{}
	e.units(s, r)
	e.mark(s, r)
	e.groups(l)
	e.moves(l)
	e.masks(l)
	e.links(l)
	units := r.UnitsOf(s, l)
	imp := grid.ImplyWith(s, r, units, l.Sums)
	e.sums(l.Sums, imp)
	if !plain {
		e.implied(imp)
	}
	e.own(l)
	e.cnf.Clauses, e.cnf.Vars, e.cnf.Parts = e.out, e.vars, e.parts
	e.cnf.Lowered, e.cnf.Units, e.cnf.Imply = l, units, imp
	return e.cnf
}

// encoder builds a RuleCNF.
type encoder struct {
	n     int
	vars  int
	out   [][]int
	parts []Part
	seen  []uint64 // bit a*N*N+b: cells a < b whose digits are already kept apart
	arena []int    // the literals of the clauses, in runs that e.out slices
	buf   []int    // scratch for a clause being built
	start int      // clauses at the start of the current part
	plain bool     // the rules as stated: no implied clause (PlainRuleClauses)
	cnf   *RuleCNF // its Implied, as the clauses come
}

// span records that the clauses from on encode the Index-th implied
// constraint of kind what.
func (e *encoder) span(what Implication, index, from int) {
	if len(e.out) > from {
		e.cnf.Implied = append(e.cnf.Implied, Span{what, index, from, len(e.out)})
	}
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
	if grid.Regions.Get(r) == nil {
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
				e.mark2(int32(a), int32(b))
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
	if a == b || e.marked(a, b) {
		return
	}
	e.mark2(a, b)
	n := e.n
	for d := 1; d <= n; d++ {
		e.clause(-e.x(a, d), -e.x(b, d))
	}
}

// mark2 records that cells a < b are kept apart; marked reports it.
func (e *encoder) mark2(a, b int32) {
	k := int(a)*e.n*e.n + int(b)
	e.seen[k/64] |= 1 << (k % 64)
}

func (e *encoder) marked(a, b int32) bool {
	k := int(a)*e.n*e.n + int(b)
	return e.seen[k/64]&(1<<(k%64)) != 0
}

// clause adds a clause of the literals lits, kept in e.arena rather than a
// slice of its own: a killer's CNF has thousands of short clauses.
func (e *encoder) clause(lits ...int) {
	if cap(e.arena)-len(e.arena) < len(lits) {
		e.arena = make([]int, 0, max(1<<14, 2*len(lits)))
	}
	start := len(e.arena)
	e.arena = append(e.arena, lits...)
	e.out = append(e.out, e.arena[start:len(e.arena):len(e.arena)])
}

// x is the variable of cell c holding digit d.
func (e *encoder) x(c int32, d int) int { return Var(e.n, int(c)/e.n, int(c)%e.n, d) }

// groups encodes the groups whose digits differ (extra groups, cages):
// for each digit, the binary clauses that no two cells of the group hold
// it, and for a unit (a group of N cells that holds every digit) the
// clause that some cell does.
func (e *encoder) groups(l *grid.Lowered) {
	for _, g := range l.Groups {
		if g.Unit {
			for d := 1; d <= e.n; d++ {
				c := e.buf[:0]
				for _, x := range g.Cells {
					c = append(c, e.x(x, d))
				}
				e.clause(c...)
				e.buf = c
			}
		}
		for i, a := range g.Cells {
			for _, b := range g.Cells[i+1:] {
				e.apart(a, b)
			}
		}
	}
	e.part("each extra group (diagonal, window, disjoint group, extra region) and each cage holds no digit twice, and a group of N cells each digit once")
}

// moves encodes the moves whose cells differ (anti-king, anti-knight):
// for each cell, each move from it and each digit, the clause that not
// both hold it.
func (e *encoder) moves(l *grid.Lowered) {
	n := e.n
	for i := range n * n {
		r, c := i/n, i%n
		for _, m := range l.Moves {
			for _, st := range m.Steps {
				if y, x := r+st[0], c+st[1]; y >= 0 && y < n && x >= 0 && x < n {
					e.apart(int32(i), int32(y*n+x))
				}
			}
		}
	}
	var units []string
	for _, m := range l.Moves {
		units = append(units, m.Unit)
	}
	e.part("cells a move apart hold different digits (" + strings.Join(units, ", ") + ")")
}

// masks encodes cells that hold only some digits (odd, even, pencil
// marks): one unit clause per digit left out, that the cell does not
// hold it.
func (e *encoder) masks(l *grid.Lowered) {
	for _, m := range l.Masks {
		for d := 1; d <= e.n; d++ {
			if m.Digits&(1<<(d-1)) == 0 {
				e.clause(-e.x(m.Cell, d))
			}
		}
	}
	e.part("cells that hold only some digits (odd, even, pencil marks)")
}

// support adds, for each digit d of cell a, the clause that a does not
// hold d or b holds a digit that ok allows beside it: unit propagation on
// these clauses is arc consistency between the two cells.
func (e *encoder) support(a, b int32, ok func(da, db int) bool) {
	for da := 1; da <= e.n; da++ {
		c := append(e.buf[:0], -e.x(a, da))
		for db := 1; db <= e.n; db++ {
			if ok(da, db) {
				c = append(c, e.x(b, db))
			}
		}
		e.clause(c...)
		e.buf = c
	}
}

// links encodes the relations between two cells (kropki dots, X and V,
// thermometers): for each link, each cell and each of its digits, the
// clause that the cell does not hold the digit or the other cell holds
// one that fits it (a unit clause when none does). So a digit leaves a
// cell exactly when no digit left in the other fits it.
func (e *encoder) links(l *grid.Lowered) {
	for _, k := range l.Links {
		f := k.Rel.Allows
		e.support(k.A, k.B, f)
		e.support(k.B, k.A, func(b, a int) bool { return f(a, b) })
	}
	e.part("two cells whose digits are related (a dot, a letter, a line): each digit of a cell needs a fitting digit in the other")
}

// sums encodes the sum of each cage with one, and of the cages those
// sums imply, as the sets of digits that make it (see sumcnf.Cages).
func (e *encoder) sums(cages []grid.Cage, imp *grid.Implied) {
	n := e.n
	sumcnf.Cages(cageOut{e}, n, cages, imp, e.plain)
	if e.plain {
		e.part("cage sums: each cage holds one of the digit sets of its sum (auxiliary variables from " + fmt.Sprint(NumVars(n)+1) + ", some of them used only by the clauses the rules imply, left out here)")
		return
	}
	e.part("cage sums, given and implied: each cage holds one of the digit sets of its sum (auxiliary variables from " + fmt.Sprint(NumVars(n)+1) + ")")
}

// implied encodes the other constraints the rules imply (see
// grid.Imply): for two cells whose digits add up to a sum, the clauses
// of support (see pairs) between them, so a digit leaves one cell when the
// other has not the digit that completes the sum; for two sets of cells
// that hold the same digits (the law of leftovers), for each cell a of one
// and each digit d, the clause x(a,d) -> OR over the cells b of the other
// of x(b,d), so a digit leaves one side when the other has no place left
// for it.
func (e *encoder) implied(imp *grid.Implied) {
	for k, p := range imp.Sums {
		start := len(e.out)
		e.support(p.A, p.B, p.Allows)
		e.support(p.B, p.A, p.Allows)
		e.span(ImpliedSum, k, start)
	}
	for k, l := range imp.Same {
		start := len(e.out)
		for _, side := range [2][2][]int32{{l.A, l.B}, {l.B, l.A}} {
			for _, a := range side[0] {
				for d := 1; d <= e.n; d++ {
					c := append(e.buf[:0], -e.x(a, d))
					for _, b := range side[1] {
						c = append(c, e.x(b, d))
					}
					e.clause(c...)
					e.buf = c
				}
			}
		}
		e.span(ImpliedSame, k, start)
	}
	e.part("implied by the rules: two cells whose sum the cages fix, and the law of leftovers of jigsaw regions")
}

// own adds the clauses that kinds give as they are (grid.Lowered.Clauses),
// their auxiliary variables moved after those of the sums, as the variant
// search numbers them too.
func (e *encoder) own(l *grid.Lowered) {
	cells := NumVars(e.n)
	shift := e.vars - cells
	for _, c := range l.Clauses {
		out := append(e.buf[:0], c...)
		for i, lit := range out {
			switch {
			case lit > cells:
				out[i] = lit + shift
			case lit < -cells:
				out[i] = lit - shift
			}
		}
		e.clause(out...)
		e.buf = out
	}
	e.vars += l.Aux
	e.part("the kinds' own clauses")
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

// cageOut is the encoder as sumcnf.Cages writes to it.
type cageOut struct{ e *encoder }

func (o cageOut) Clause(lits ...int)      { o.e.clause(lits...) }
func (o cageOut) Cell(c int32, d int) int { return o.e.x(c, d) }
func (o cageOut) Len() int                { return len(o.e.out) }

func (o cageOut) Vars(k int) int {
	first := o.e.vars + 1
	o.e.vars += k
	return first
}

func (o cageOut) Implied(peers bool, k, from int) {
	if peers {
		o.e.span(ImpliedPeers, k, from)
	} else {
		o.e.span(ImpliedCage, k, from)
	}
}
