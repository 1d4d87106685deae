package grid

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"sync"
)

// RuleUnits are the rule-aware unit tables of a variant grid: the groups
// that hold every digit once, the other groups whose digits all differ,
// and each cell's peers. Every package that works on candidates of a
// variant takes its tables from here. A RuleUnits must not be modified.
type RuleUnits struct {
	N int
	// Units lists the groups of N cells that hold every digit once: rows
	// 0..N-1, columns N..2N-1, regions (or boxes) 2N..3N-1, then the extra
	// groups of N cells, in the order of Rules.Extra.
	Units [][]int32
	// Distinct lists the other groups whose digits all differ: extra
	// groups of fewer than N cells, then the cages of two cells or more.
	Distinct [][]int32
	// Of gives, for each cell, the indices in Units of its units.
	Of [][]int32
	// Peers lists, for each cell, every other cell that must hold another
	// digit: those sharing a unit or a distinct group with it, and those a
	// king's or a knight's move away under AntiKing or AntiKnight. Each
	// cell once, in increasing order.
	Peers [][]int32
	// Labels names each unit and each distinct group for messages, such as
	// "row 1", "region 3", "diagonal", "window 2" or "cage 4".
	Labels, DistinctLabels []string
}

// Units returns the unit tables of rules r on shape s, which r must be
// valid for (see Validate). Nil rules give the classic units.
func (r *Rules) Units(s Shape) *RuleUnits { return r.units(s, nil, true) }

// UnitsOf is Units with l, the rules' Lower on s, already made.
func (r *Rules) UnitsOf(s Shape, l *Lowered) *RuleUnits { return r.units(s, l, true) }

// units is Units, with l the rules' lowering (made bare when nil) and
// with Peers left out unless peers is set: the direct check needs the
// groups alone, and the peers cost the most.
func (r *Rules) units(s Shape, l *Lowered, peers bool) *RuleUnits {
	if r != nil && l == nil {
		l = r.lowerBare(s)
	}
	if (r == nil || Regions.Get(r) == nil) && (l == nil || len(l.Groups) == 0 && len(l.Moves) == 0) {
		// the shape's own units: the same for every puzzle of its rules
		k := shapeUnitsKey{s, peers}
		if u, ok := shapeUnits.Load(k); ok {
			return u.(*RuleUnits)
		}
		u, _ := shapeUnits.LoadOrStore(k, r.buildUnits(s, l, peers))
		return u.(*RuleUnits)
	}
	if Regions.Get(r) == nil && len(l.Moves) == 0 && !slices.ContainsFunc(l.Groups, func(g LabelledGroup) bool { return g.Unit }) {
		return withDistinct((*Rules)(nil).units(s, nil, peers), l.Groups, peers)
	}
	return r.buildUnits(s, l, peers)
}

// withDistinct is buildUnits for rules whose groups are all distinct
// groups (cages, renban lines) and that add no regions or moves: the
// units of their shape, shared, and the peers of the cells outside the
// groups too; only the groups' cells get peers of their own. A renban
// check built all of them, a third of its bytes.
func withDistinct(base *RuleUnits, groups []LabelledGroup, peers bool) *RuleUnits {
	n := base.N
	u := &RuleUnits{N: n, Units: base.Units, Of: base.Of, Labels: base.Labels, Peers: base.Peers}
	in, count := make([]bool, n*n), 0
	u.Distinct, u.DistinctLabels = make([][]int32, 0, len(groups)), make([]string, 0, len(groups))
	for _, g := range groups {
		u.Distinct = append(u.Distinct, g.Cells)
		u.DistinctLabels = append(u.DistinctLabels, g.Label)
		for _, c := range g.Cells {
			if !in[c] {
				in[c], count = true, count+1
			}
		}
	}
	if !peers {
		return u
	}
	u.Peers = slices.Clone(base.Peers)
	set := make([]uint64, (n*n+63)/64)
	all := make([]int32, 0, count*3*n) // room for a cell's units and a little more
	for i := range n * n {
		if !in[i] {
			continue
		}
		for _, j := range base.Peers[i] {
			set[j/64] |= 1 << (j % 64)
		}
		for _, g := range u.Distinct {
			if slices.Contains(g, int32(i)) {
				for _, j := range g {
					set[j/64] |= 1 << (j % 64)
				}
			}
		}
		all, u.Peers[i] = drainPeers(set, i, all)
	}
	return u
}

// drainPeers appends the cells of set but i to all, in increasing order,
// and clears set: it returns all and the cells appended, cell i's peers.
func drainPeers(set []uint64, i int, all []int32) ([]int32, []int32) {
	set[i/64] &^= 1 << (i % 64)
	start := len(all)
	for w, b := range set {
		for ; b != 0; b &= b - 1 {
			all = append(all, int32(w*64+bits.TrailingZeros64(b)))
		}
		set[w] = 0
	}
	return all, all[start:len(all):len(all)]
}

// shapeUnits holds the units of rules that add no group, move or regions
// of their own to those of their shape (sandwiches, skyscrapers,
// thermometers...), by shape and whether they have the peers: a RuleUnits
// is not modified, so their puzzles share one, where each check built its
// own twice (a tenth of a thermometer check's bytes).
var shapeUnits sync.Map

type shapeUnitsKey struct {
	s     Shape
	peers bool
}

// buildUnits is units, made anew.
func (r *Rules) buildUnits(s Shape, l *Lowered, peers bool) *RuleUnits {
	n := s.N()
	u := &RuleUnits{N: n, Of: make([][]int32, n*n), Peers: make([][]int32, n*n),
		Units: make([][]int32, 0, 3*n), Labels: make([]string, 0, 3*n)}
	regionWord := "box"
	if r != nil && Regions.Get(r) != nil {
		regionWord = "region"
	}
	// one backing array for the rows, columns and regions, and one for
	// the units of each cell: built once per puzzle of a jigsaw or killer
	cells := make([]int32, 3*n*n)
	of := make([]int32, 0, 3*n*n+n*n)
	for i := range n * n {
		u.Of[i] = of[len(of) : len(of) : len(of)+3]
		of = of[:len(of)+3]
	}
	add := func(cells []int32, label string) {
		k := int32(len(u.Units))
		u.Units = append(u.Units, cells)
		u.Labels = append(u.Labels, label)
		for _, c := range cells {
			u.Of[c] = append(u.Of[c], k)
		}
	}
	rows, cols, regs := cells[:n*n:n*n], cells[n*n:2*n*n:2*n*n], cells[2*n*n:]
	next := make([]int, n)
	for i := range n * n {
		rows[i] = int32(i)
		cols[i%n*n+i/n] = int32(i)
		k := r.Region(s, i)
		regs[k*n+next[k]] = int32(i)
		next[k]++
	}
	for k := range n {
		add(rows[k*n:(k+1)*n:(k+1)*n], "row "+strconv.Itoa(k+1))
	}
	for k := range n {
		add(cols[k*n:(k+1)*n:(k+1)*n], "column "+strconv.Itoa(k+1))
	}
	for k := range n {
		add(regs[k*n:(k+1)*n:(k+1)*n], regionWord+" "+strconv.Itoa(k+1))
	}
	var distinctOf [][]int32 // the distinct groups of each cell
	var steps [][][2]int
	if l != nil {
		distinctOf, steps = u.addRules(l, add)
	}
	if peers {
		u.findPeers(distinctOf, steps)
	}
	return u
}

// addRules adds the groups of l: units with add, the others to
// u.Distinct; it returns the distinct groups of each cell (nil for none)
// and the steps of the moves.
func (u *RuleUnits) addRules(l *Lowered, add func([]int32, string)) (distinctOf [][]int32, steps [][][2]int) {
	n := u.N
	for _, g := range l.Groups {
		if g.Unit {
			add(g.Cells, g.Label)
		} else {
			u.Distinct = append(u.Distinct, g.Cells)
			u.DistinctLabels = append(u.DistinctLabels, g.Label)
		}
	}
	if len(u.Distinct) > 0 {
		distinctOf = make([][]int32, n*n)
		for k, g := range u.Distinct {
			for _, c := range g {
				distinctOf[c] = append(distinctOf[c], int32(k))
			}
		}
	}
	for _, m := range l.Moves {
		steps = append(steps, m.Steps)
	}
	return distinctOf, steps
}

// findPeers fills u.Peers: for each cell, the cells of its units and of
// its distinct groups (distinctOf lists a cell's), and those the steps
// away from it.
func (u *RuleUnits) findPeers(distinctOf [][]int32, steps [][][2]int) {
	n := u.N
	// each cell's peers as a bit set, read out in increasing order
	set := make([]uint64, (n*n+63)/64)
	peers := make([]int32, 0, n*n*3*n)
	for i := range n * n {
		for _, k := range u.Of[i] {
			for _, j := range u.Units[k] {
				set[j/64] |= 1 << (j % 64)
			}
		}
		if distinctOf != nil {
			for _, k := range distinctOf[i] {
				for _, j := range u.Distinct[k] {
					set[j/64] |= 1 << (j % 64)
				}
			}
		}
		for _, steps := range steps {
			rr, cc := i/n, i%n
			for _, st := range steps {
				if y, x := rr+st[0], cc+st[1]; y >= 0 && y < n && x >= 0 && x < n {
					set[(y*n+x)/64] |= 1 << ((y*n + x) % 64)
				}
			}
		}
		peers, u.Peers[i] = drainPeers(set, i, peers)
	}
}

// ruleClashes returns the givens of a variant grid that break its rules:
// a digit twice in a unit, a distinct group or a cage, or twice a king's
// or knight's move apart (at most one clash per group and digit), then a
// given of the wrong parity, a dot, X or V between two givens that do not
// fit it, givens that do not increase along a thermometer, and cages whose
// givens leave no way to reach their sum. Rules that are not valid for the
// shape give one clash, saying why. u is the units of g's rules, or nil
// to work them out.
func (g Grid) ruleClashes(u *RuleUnits) []Clash {
	n := g.N()
	if g.Shape.ValidateWith(g.Rules) != nil || len(g.Cells) != n*n {
		return nil
	}
	if err := g.Rules.Validate(g.Shape); err != nil {
		return []Clash{{Detail: err.Error()}}
	}
	for _, v := range g.Cells {
		if int(v) > n {
			return nil
		}
	}
	r := g.Rules
	if u == nil {
		u = r.units(g.Shape, nil, false)
	}
	cell := func(i int32) Cell { return Cell{int(i) / n, int(i) % n} }
	var out []Clash
	repeats := func(groups [][]int32, labels []string, kind func(string) (string, int)) {
		first := make([]int32, n+1)
		for k, grp := range groups {
			clear(first)
			for _, c := range grp {
				v := g.Cells[c]
				if v == 0 {
					continue
				}
				switch p := first[v]; {
				case p == 0:
					first[v] = c + 1
				case p > 0:
					unit, index := kind(labels[k])
					out = append(out, Clash{Unit: unit, Index: index, Digit: int(v), A: cell(p - 1), B: cell(c)})
					first[v] = -1
				}
			}
		}
	}
	// split cuts a label such as "window 2" into "window" and index 1;
	// "diagonal" has index 0.
	split := func(label string) (string, int) {
		for j := len(label) - 1; j >= 0; j-- {
			if label[j] == ' ' {
				k := 0
				if _, err := fmt.Sscanf(label[j+1:], "%d", &k); err == nil {
					return label[:j], k - 1
				}
				break
			}
		}
		return label, 0
	}
	repeats(u.Units, u.Labels, split)
	repeats(u.Distinct, u.DistinctLabels, split)
	for _, k := range kinds {
		out = k.Clashes(g, r, out)
	}
	return out
}

// solvesRules is Solves for a variant grid: s is full, keeps every rule of
// g, and agrees with g's givens.
func (g Grid) solvesRules(s Grid) bool {
	if s.Shape != g.Shape || len(s.Cells) != len(g.Cells) || !s.Full() {
		return false
	}
	for i, v := range g.Cells {
		if v != 0 && s.Cells[i] != v {
			return false
		}
	}
	return g.Rules.Check(Grid{Shape: s.Shape, Cells: s.Cells}) == nil
}

// Check reports whether full grid g (its own rules ignored) keeps every
// rule of r: each unit holds every digit once, and every other constraint
// holds. The error names the first rule broken.
func (r *Rules) Check(g Grid) error {
	n := g.N()
	if err := g.Shape.ValidateWith(r); err != nil {
		return err
	}
	if len(g.Cells) != n*n {
		return fmt.Errorf("%d cells for a %dx%d grid, want %d", len(g.Cells), n, n, n*n)
	}
	for i, v := range g.Cells {
		if v == 0 || int(v) > n {
			return fmt.Errorf("%s holds %d, not a digit from 1 to %d", Cell{i / n, i % n}, v, n)
		}
	}
	if r.Empty() {
		if cl := g.Clashes(); len(cl) > 0 {
			return fmt.Errorf("%s", cl[0])
		}
		return nil
	}
	h := Grid{Shape: g.Shape, Cells: g.Cells, Rules: r}
	if cl := h.ruleClashes(nil); len(cl) > 0 {
		return fmt.Errorf("%s", cl[0].Format(DefaultAlphabet(n)))
	}
	return nil
}
