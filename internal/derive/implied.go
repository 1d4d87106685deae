package derive

import (
	"slices"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/sat"
)

// Plan is the derivation of the clauses that a variant puzzle's rules
// imply (the spans of sat.RuleClauses' Implied) from its rules as stated
// (sat.PlainRuleClauses) and its givens: DRAT lemmas that, put before a
// proof that uses those clauses, let a checker check it against the plain
// CNF alone.
//
// The auxiliary variables of an implied cage, u(d) "the cage holds d" and
// y(j) "the cage holds digit set j", appear in no clause of the plain CNF;
// the plan defines them by extension, as RAT lemmas whose first literal
// is the pivot: u(d) as the cage's cells holding d, y(j) as the u(d) of
// exactly set j. The clause that the cage holds one of its sets is then
// derived by a case split over the cage's cells and the digit sets of the
// cages of the rules around it, and the rest of the cage's clauses follow
// by unit propagation. Pair sums and the cells that see a cage are derived
// the same way; leftovers by a split over the cells of both sides.
type Plan struct {
	// Lemmas are the lemmas in order, each derived clause after the
	// lemmas it rests on.
	Lemmas [][]int
	// Derived are the spans whose every clause is among Lemmas; Left the
	// others, whose derivation was given up (see Deriver.Derive), and
	// which a proof must then do without.
	Derived, Left []sat.Span
	// Of holds, for each of Derived, the lemmas of its derivation:
	// Lemmas[Of[k][0]:Of[k][1]].
	Of [][2]int
}

// Implied returns the plan of puzzle g, a variant, with a budget of nodes
// for each clause derived.
func Implied(g grid.Grid, budget int) *Plan {
	s, r := g.Shape, g.Rules
	n := s.N()
	plain, full := sat.PlainRuleClauses(s, r), sat.RuleClauses(s, r)
	cnf := slices.Clip(plain.Clauses)
	for _, l := range sat.Givens(g) {
		cnf = append(cnf, []int{l})
	}
	d := New(full.Vars, cnf)
	p := &Plan{}
	units := r.Units(s)
	cages := r.Lower(s).Sums
	imp := grid.ImplyWith(s, r, units, cages)

	// the variables of the cages with a sum, the rules' then the implied
	// ones, as sat numbers them
	type vars struct{ u, y, sets int }
	var layout []vars
	next := sat.NumVars(n)
	for _, c := range append(slices.Clip(cages), imp.Cages...) {
		k := len(grid.Combinations(n, len(c.Cells), c.Sum))
		layout = append(layout, vars{next + 1, next + n + 1, k})
		next += n + k
	}
	x := func(c int32, digit int) int { return sat.Var(n, int(c)/n, int(c)%n, digit) }
	cell := func(c int32) []int {
		g := make([]int, n)
		for i := range g {
			g[i] = x(c, i+1)
		}
		return g
	}
	// cageUnits[k]: the units that cells of the rules' cage k lie in
	cageUnits := make([][]int32, len(cages))
	for k, c := range cages {
		for _, z := range c.Cells {
			for _, u := range units.Of[z] {
				if !slices.Contains(cageUnits[k], u) {
					cageUnits[k] = append(cageUnits[k], u)
				}
			}
		}
	}
	// groups returns the cells' digits, and the digit sets of the rules'
	// cages in the units around the cells: those that hold them all, or
	// when none does, those that hold any of them
	groups := func(cells []int32) [][]int {
		var out [][]int
		var around []int32
		for _, c := range cells {
			out = append(out, cell(c))
		}
		for _, u := range units.Of[cells[0]] {
			all := true
			for _, c := range cells[1:] {
				all = all && slices.Contains(units.Of[c], u)
			}
			if all {
				around = append(around, u)
			}
		}
		if len(around) == 0 {
			for _, c := range cells {
				around = append(around, units.Of[c]...)
			}
		}
		for k := range cages {
			if slices.ContainsFunc(cageUnits[k], func(u int32) bool { return slices.Contains(around, u) }) {
				v := layout[k]
				g := make([]int, v.sets)
				for j := range g {
					g[j] = v.y + j
				}
				out = append(out, g)
			}
		}
		return out
	}
	// derive derives each clause of cls, first by propagation alone
	derive := func(cls [][]int, groups [][]int) bool {
		for _, c := range cls {
			if d.Satisfied(c) {
				continue
			}
			lemmas, ok := d.Derive(c, nil, 1)
			if !ok && groups != nil {
				lemmas, ok = d.Derive(c, groups, budget)
			}
			if !ok {
				return false
			}
			p.Lemmas = append(p.Lemmas, lemmas...)
		}
		return true
	}
	define := func(c []int) {
		d.add(c)
		p.Lemmas = append(p.Lemmas, c)
	}
	for _, sp := range full.Implied {
		cls := full.Clauses[sp.From:sp.To]
		ok := false
		from := len(p.Lemmas)
		switch sp.What {
		case sat.ImpliedPeers:
			ok = derive(cls, nil)
		case sat.ImpliedCage:
			c := imp.Cages[sp.Index]
			v := layout[len(cages)+sp.Index]
			sets := grid.Combinations(n, len(c.Cells), c.Sum)
			// u(d) = some cell holds d: the clauses that name u(d) first
			// are RAT on it, a variable no clause names yet, and so is
			// the converse on -u(d), whose resolvents are tautologies
			for digit := 1; digit <= n; digit++ {
				u := v.u + digit - 1
				some := []int{-u}
				for _, z := range c.Cells {
					define([]int{u, -x(z, digit)})
					some = append(some, x(z, digit))
				}
				define(some)
			}
			// y(j) = the u(d) are set j's: likewise
			for j, set := range sets {
				y := v.y + j
				long := []int{y}
				for digit := 1; digit <= n; digit++ {
					u := v.u + digit - 1
					if set&(1<<digit) != 0 {
						define([]int{-y, u})
						long = append(long, -u)
					} else {
						define([]int{-y, -u})
						long = append(long, u)
					}
				}
				define(long)
			}
			one := make([]int, v.sets)
			for j := range one {
				one[j] = v.y + j
			}
			if ok = derive([][]int{one}, groups(c.Cells)); ok {
				ok = derive(cls, nil)
			}
		case sat.ImpliedSum:
			q := imp.Sums[sp.Index]
			ok = derive(cls, groups([]int32{q.A, q.B}))
		case sat.ImpliedSame:
			l := imp.Same[sp.Index]
			var gs [][]int
			for _, c := range slices.Concat(l.A, l.B) {
				gs = append(gs, cell(c))
			}
			ok = derive(cls, gs)
		}
		if ok {
			p.Derived = append(p.Derived, sp)
			p.Of = append(p.Of, [2]int{from, len(p.Lemmas)})
		} else {
			p.Left = append(p.Left, sp)
		}
	}
	return p
}
