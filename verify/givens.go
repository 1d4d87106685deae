package verify

import (
	"context"
	"math/bits"
	"slices"

	"github.com/sudokugen/sudokugen/grid"
)

// What a setter asks of the givens of a puzzle, by its verdict:
//
//   - unique: which givens are needed (the puzzle without one has a second
//     solution, the witness) and which are redundant (it stays unique);
//     and a minimal set of givens that keeps it unique (Minimal);
//   - multiple: which givens to add, one after another, to make it unique
//     (Suggest);
//   - none: a smallest set of givens whose removal lets a solution exist
//     (Conflict).
//
// Every answer rests on verdicts of Check, each proved as Check proves it.

// GivenRole says what one given of a unique puzzle does.
type GivenRole struct {
	Cell  int   // row-major
	Digit uint8 //
	// Needed is true when the puzzle without this given has a second
	// solution, Witness (one other than the puzzle's solution); false
	// when the puzzle stays unique without it, proved by Proof.
	Needed  bool
	Witness grid.Grid
	Proof   Proof
}

// Roles returns the role of each given of the unique puzzle g whose
// solution is sol, in reading order; ctx's error when it is done first.
func (v *Verifier) Roles(ctx context.Context, g, sol grid.Grid) ([]GivenRole, error) {
	return v.roles(ctx, g, sol, nil)
}

// roles is Roles, calling step (when not nil) with the roles so far after
// each one is decided.
func (v *Verifier) roles(ctx context.Context, g, sol grid.Grid, step func([]GivenRole)) ([]GivenRole, error) {
	var out []GivenRole
	for i, d := range g.Cells {
		if d == 0 {
			continue
		}
		q := g.Clone()
		q.Cells[i] = 0
		r := v.CheckContext(ctx, q, Options{})
		if r.Status == Unknown {
			return out, r.Err
		}
		role := GivenRole{Cell: i, Digit: d, Needed: r.Status == Multiple, Proof: r.Proof}
		if role.Needed {
			for _, s := range r.Solutions {
				if !s.Equal(sol) {
					role.Witness = s
					break
				}
			}
		}
		out = append(out, role)
		if step != nil {
			step(out)
		}
	}
	return out, nil
}

// Minimal returns a minimal subset of the givens of the unique puzzle g
// that keeps it unique, keeping those in keep: the others are tried for
// removal one by one in reading order (r1c1, r1c2, ... rNcN), and each
// goes when the puzzle without it is still unique. One pass is enough:
// a given that had to stay when it was tried still has to once fewer
// givens are left, since removing givens only adds solutions. So no given
// of the result can go.
func (v *Verifier) Minimal(ctx context.Context, g grid.Grid, keep []int) (grid.Grid, error) {
	return v.minimal(ctx, g, keep, nil)
}

// minimal is Minimal, calling step (when not nil) after each given tried
// with the puzzle so far: still unique, the givens tried so far that can
// go gone, those not tried yet still there.
func (v *Verifier) minimal(ctx context.Context, g grid.Grid, keep []int, step func(grid.Grid)) (grid.Grid, error) {
	cur := g.Clone()
	for i, d := range g.Cells {
		if d == 0 || slices.Contains(keep, i) {
			continue
		}
		cur.Cells[i] = 0
		r := v.CheckContext(ctx, cur, Options{})
		if r.Status == Unknown {
			return g, r.Err
		}
		if r.Status != Unique {
			cur.Cells[i] = d
		}
		if step != nil {
			step(cur)
		}
	}
	return cur, nil
}

// Suggestion is a given to add, and the count of solutions once it and
// the suggestions before it are in.
type Suggestion struct {
	Cell  int
	Digit uint8
	Count int
	Exact bool
}

// Suggest returns givens to add to the puzzle g, one after another, until
// it is unique, with the count after each, counting up to limit
// (at least 2). Each is chosen greedily on the solutions of the puzzle so
// far:
//
//   - when the count is exact (below limit), every solution is at hand,
//     and the cell and digit held by the fewest of them, at least one, is
//     added: it cuts the count the most while keeping a solution;
//   - past limit, the cell with the most true candidates (ties: the first
//     in reading order) takes the digit held by the fewest of the first
//     limit solutions.
//
// It returns nothing for a puzzle that is not multiple.
func (v *Verifier) Suggest(ctx context.Context, g grid.Grid, limit int) ([]Suggestion, error) {
	return v.suggest(ctx, g, limit, nil)
}

// suggest is Suggest, calling step (when not nil) with the suggestions so
// far after each one.
func (v *Verifier) suggest(ctx context.Context, g grid.Grid, limit int, step func([]Suggestion)) ([]Suggestion, error) {
	limit = max(limit, 2)
	n := g.N()
	cur := g.Clone()
	var out []Suggestion
	for range len(g.Cells) {
		// the solutions of cur, up to limit, tallied per cell and digit
		tally := make([]int, len(g.Cells)*n)
		count, all, err := Each(ctx, cur, limit, func(s grid.Grid) error {
			for i, d := range s.Cells {
				tally[i*n+int(d)-1]++
			}
			return nil
		})
		if err != nil {
			return out, err
		}
		if count < 2 {
			return out, nil
		}
		best, bestCount := -1, 0
		if all {
			for k, t := range tally {
				if t > 0 && t < count && (best < 0 || t < bestCount) {
					best, bestCount = k, t
				}
			}
		} else {
			c := v.Candidates(ctx, cur, CandidateOptions{CountLimit: 2})
			if c.Status == Unknown {
				return out, c.Err
			}
			cell := -1
			for i, m := range c.Masks {
				if cur.Cells[i] == 0 && (cell < 0 || bits.OnesCount64(m) > bits.OnesCount64(c.Masks[cell])) {
					cell = i
				}
			}
			for m := c.Masks[cell]; m != 0; m &= m - 1 {
				k := cell*n + bits.TrailingZeros64(m)
				if best < 0 || tally[k] < bestCount {
					best, bestCount = k, tally[k]
				}
			}
		}
		if best < 0 {
			return out, nil // cannot be: two solutions differ somewhere
		}
		cur.Cells[best/n] = uint8(best%n + 1)
		r := v.CheckContext(ctx, cur, Options{CountLimit: limit})
		if r.Status == Unknown {
			return out, r.Err
		}
		out = append(out, Suggestion{Cell: best / n, Digit: uint8(best%n + 1), Count: r.Count, Exact: r.Exact()})
		if step != nil {
			step(out)
		}
		if r.Status != Multiple {
			return out, nil
		}
	}
	return out, nil
}

// Conflict is a set of givens of a puzzle without a solution whose
// removal lets a solution exist.
type Conflict struct {
	// Cells are the givens to remove, in reading order.
	Cells []int
	// Smallest is true when no set of fewer givens would do: the search
	// below ran to its end within its budget.
	Smallest bool
	// Core is a minimal set of givens (with the rules) that has no
	// solution on its own: every removal that helps takes one of them.
	Core []int
	// RulesAlone is true when the rules have no solution even without
	// givens: no removal of givens helps.
	RulesAlone bool
	// Checks is the number of verdicts the search asked for.
	Checks int
}

// conflictBudget is the most verdicts Conflict asks for in its search of a
// smallest set.
var conflictBudget = 3000

// Conflict finds a smallest set of givens of g, a puzzle without a
// solution, whose removal lets a solution exist. "Smallest" is in number
// of givens. The search is Reiter's hitting set tree, breadth first: every
// such set must take a given of each unsolvable core of the givens (a
// minimal subset with no solution, found by deletion: drop each given in
// turn, in reading order, while the rest still has no solution), so the
// sets of one given are those of the core of g, those of two extend each
// of them by a given of the core of what is left, and so on; the first
// set found whose removal leaves a solution is a smallest one. When the
// budget of verdicts runs out first, the set returned is found greedily
// (remove a given of each core in turn until a solution exists) and
// Smallest is false.
func (v *Verifier) Conflict(ctx context.Context, g grid.Grid) (Conflict, error) {
	return v.conflict(ctx, g, nil)
}

// conflict is Conflict, calling step (when not nil) with the conflict so
// far once its first core is found.
func (v *Verifier) conflict(ctx context.Context, g grid.Grid, step func(Conflict)) (Conflict, error) {
	cs := &conflictSearch{v: v, ctx: ctx, g: g}
	c := &cs.c
	empty := grid.Grid{Shape: g.Shape, Cells: make([]uint8, len(g.Cells)), Rules: g.Rules}
	if ok, err := cs.solvable(nil); err != nil || ok {
		return *c, err
	}
	if r := v.CheckContext(ctx, empty, Options{}); r.Status == None {
		c.RulesAlone = true
		return *c, nil
	}
	first, err := cs.core(nil)
	if err != nil {
		return *c, err
	}
	c.Core = first
	if step != nil {
		step(*c)
	}
	if found, err := cs.smallest(first); found || err != nil {
		return *c, err
	}
	err = cs.greedy()
	return *c, err
}

// conflictSearch is the state of Conflict's search on the puzzle g: the
// answer so far, with its count of verdicts.
type conflictSearch struct {
	v   *Verifier
	ctx context.Context
	g   grid.Grid
	c   Conflict
}

// solvable reports whether g without the givens remove has a solution.
func (cs *conflictSearch) solvable(remove []int) (bool, error) {
	q := cs.g.Clone()
	for _, x := range remove {
		q.Cells[x] = 0
	}
	cs.c.Checks++
	r := cs.v.CheckContext(cs.ctx, q, Options{})
	if r.Status == Unknown {
		return false, r.Err
	}
	return r.Status == Unique || r.Status == Multiple, nil
}

// core returns a minimal subset of the givens left after remove that has
// no solution.
func (cs *conflictSearch) core(remove []int) ([]int, error) {
	keep := cs.g.Clone()
	for _, x := range remove {
		keep.Cells[x] = 0
	}
	var out []int
	for i, d := range keep.Cells {
		if d == 0 {
			continue
		}
		keep.Cells[i] = 0
		cs.c.Checks++
		r := cs.v.CheckContext(cs.ctx, keep, Options{})
		if r.Status == Unknown {
			return nil, r.Err
		}
		if r.Status != None {
			keep.Cells[i] = d // needed for the conflict
			out = append(out, i)
		}
	}
	return out, nil
}

// conflictKey is the key of a set of givens in the maps of smallest.
func conflictKey(s []int) string {
	b := make([]byte, 0, 2*len(s))
	for _, x := range s {
		b = append(b, byte(x>>8), byte(x))
	}
	return string(b)
}

// smallest runs the breadth-first search over the sets to remove, each
// taking one given of the core of what the set before it left, first the
// core of g; it reports whether it found a set, a smallest one, before
// the budget ran out.
func (cs *conflictSearch) smallest(first []int) (bool, error) {
	level := [][]int{nil}
	cores := map[string][]int{"": first}
	for len(level) > 0 && cs.c.Checks < conflictBudget {
		var next [][]int
		seen := map[string]bool{}
		for _, set := range level {
			k := cores[conflictKey(set)]
			if k == nil {
				var err error
				if k, err = cs.core(set); err != nil {
					return false, err
				}
				cores[conflictKey(set)] = k
			}
			var found bool
			var err error
			if next, found, err = cs.extend(set, k, seen, next); found || err != nil {
				return found, err
			}
			if cs.c.Checks >= conflictBudget {
				break
			}
		}
		level = next
	}
	return false, nil
}

// extend tries set with each given of its core k in turn, those not seen
// yet on this level: it reports whether one lets a solution exist, which
// becomes the answer, and else appends them to next, until the budget runs
// out.
func (cs *conflictSearch) extend(set, k []int, seen map[string]bool, next [][]int) ([][]int, bool, error) {
	for _, x := range k {
		child := append(slices.Clone(set), x)
		slices.Sort(child)
		ck := conflictKey(child)
		if seen[ck] {
			continue
		}
		seen[ck] = true
		ok, err := cs.solvable(child)
		if err != nil {
			return next, false, err
		}
		if ok {
			cs.c.Cells, cs.c.Smallest = child, true
			return next, true, nil
		}
		next = append(next, child)
		if cs.c.Checks >= conflictBudget {
			break
		}
	}
	return next, false, nil
}

// greedy finds a set to remove by taking a given of each core in turn
// until a solution exists.
func (cs *conflictSearch) greedy() error {
	var set []int
	for {
		k, err := cs.core(set)
		if err != nil {
			return err
		}
		if len(k) == 0 {
			return nil // cannot be: the rules alone have a solution
		}
		set = append(set, k[0])
		ok, err := cs.solvable(set)
		if err != nil {
			return err
		}
		if ok {
			slices.Sort(set)
			cs.c.Cells = set
			return nil
		}
	}
}

// GivensOptions say what Givens looks for.
type GivensOptions struct {
	// Minimal asks a unique puzzle for a minimal set of its givens (see
	// Minimal), keeping those in Keep, rather than the role of each.
	Minimal bool
	Keep    []int
	// CountLimit bounds the counts of Suggest (at least 2).
	CountLimit int
	// Progress, when not nil, is called with what Givens has found so
	// far each time it decides more: the verdict, a given's role, a given
	// tried for Minimal (Minimal then holds the puzzle so far: unique,
	// though not yet minimal), a suggestion, or the first core of a
	// conflict. What it is given shares memory with the work still going
	// on: read it during the call, or copy it.
	Progress func(GivensResult)
}

// GivensResult is what Givens found, by the puzzle's verdict.
type GivensResult struct {
	Result // the verdict on the puzzle
	// Roles of the givens of a unique puzzle, or Minimal with
	// GivensOptions.Minimal.
	Roles   []GivenRole
	Minimal *grid.Grid
	// Suggestions for a puzzle with several solutions.
	Suggestions []Suggestion
	// Conflict for a puzzle without a solution.
	Conflict *Conflict
}

// Givens answers, for puzzle g, the question its verdict raises (see
// GivensResult); when ctx is done first, what was found so far and ctx's
// error.
func (v *Verifier) Givens(ctx context.Context, g grid.Grid, opts GivensOptions) (GivensResult, error) {
	res := GivensResult{Result: v.CheckContext(ctx, g, Options{})}
	progress := opts.Progress
	if progress == nil {
		progress = func(GivensResult) {}
	}
	progress(res)
	var err error
	switch res.Status {
	case Unique:
		if opts.Minimal {
			var m grid.Grid
			if m, err = v.minimal(ctx, g, opts.Keep, func(cur grid.Grid) {
				p := res
				p.Minimal = &cur
				progress(p)
			}); err == nil {
				res.Minimal = &m
			}
			break
		}
		res.Roles, err = v.roles(ctx, g, res.Solutions[0], func(r []GivenRole) {
			p := res
			p.Roles = r
			progress(p)
		})
	case Multiple:
		res.Suggestions, err = v.suggest(ctx, g, opts.CountLimit, func(s []Suggestion) {
			p := res
			p.Suggestions = s
			progress(p)
		})
	case None:
		var c Conflict
		c, err = v.conflict(ctx, g, func(c Conflict) {
			p := res
			p.Conflict = &c
			progress(p)
		})
		res.Conflict = &c
	}
	return res, err
}
