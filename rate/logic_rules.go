package rate

import (
	"math/bits"
	"slices"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// maxCageSets and maxCageCells bound the cages whose combinations the
// solve reads one by one (a person does not either): past them a cage is
// left to the trials on its cells.
const (
	maxCageSets  = 256
	maxCageCells = 10
)

// probeBudgets are the most nodes the trial of one digit on a rule's
// cells may visit, in a first pass over the scopes and, when that finds
// nothing, in a second; past it the digit stays. The second budget lets
// the solve through SudokuSolver's two sandwich puzzles, which stall
// after 18 and 66 steps with the first alone; the first keeps the passes
// that find something cheap.
var probeBudgets = [...]int{16, 128}

// lowerRules reads the rules lowered in l, and what they imply as the
// search's model holds it, into the solve's tables: the links, the cages
// and the 45 rule's sums, and the scopes of the trials on a rule's cells.
func (lg *logic) lowerRules(l *grid.Lowered) {
	n := lg.n
	tables := map[*grid.Relation][2][]uint64{}
	for _, k := range l.Links {
		t, ok := tables[k.Rel]
		if !ok {
			t = [2][]uint64{grid.RelationTable(n, k.Rel.Allows), grid.RelationTable(n, func(a, b int) bool { return k.Rel.Allows(b, a) })}
			tables[k.Rel] = t
		}
		label, pair := k.Label, cellName(n, k.A)+"-"+cellName(n, k.B)
		if !strings.HasSuffix(label, " "+pair) {
			label += " (" + pair + ")"
		}
		lg.links = append(lg.links, pairRule{a: k.A, b: k.B, ab: t[0], ba: t[1], label: label, tech: RuleLink})
	}
	imp := lg.search.Implications() // of the same rules and units
	for k, c := range l.Sums {
		lg.addSum(c, imp.Peers[k], cageLabel(n, c), CageCombination)
	}
	for k, c := range imp.Cages {
		lg.addSum(c, imp.Peers[len(l.Sums)+k], "45 rule"+why(imp.CageWhy, k)+": "+sumWords(n, c.Cells)+" = "+itoa(c.Sum), Rule45)
	}
	for k, p := range imp.Sums {
		if k < len(imp.SumWhy) && imp.SumWhy[k] == "cage" {
			continue // the cage's combinations say it all
		}
		label := "45 rule" + why(imp.SumWhy, k) + ": " + sumWords(n, []int32{p.A, p.B}) + " = " + itoa(p.Sum)
		t := grid.RelationTable(n, p.Allows)
		lg.pairs = append(lg.pairs, pairRule{a: p.A, b: p.B, ab: t, ba: t, label: label, tech: Rule45})
	}
	for _, r := range l.Linear {
		lg.lins = append(lg.lins, linRule{LinearSum: r})
	}
	lg.facts = l.Facts
	for _, ds := range l.Sets {
		lg.addSets(ds)
	}
	for _, c := range l.Sums {
		lg.addScope(c.Cells, cageLabel(n, c))
	}
	for k, sc := range l.Scopes {
		label := ""
		if k < len(l.ScopeLabels) {
			label = l.ScopeLabels[k]
		}
		lg.addScope(sc, label)
	}
	for k, d := range lg.units.Distinct {
		lg.addScope(d, lg.units.DistinctLabels[k])
	}
}

// why returns " (" + whys[k] + ")", or nothing when whys has no k-th.
func why(whys []string, k int) string {
	if k < len(whys) && whys[k] != "" {
		return " (" + whys[k] + ")"
	}
	return ""
}

// addSum adds cage c, whose outside peers are peers, named label.
func (lg *logic) addSum(c grid.Cage, peers []int32, label string, t Technique) {
	sets := grid.Combinations(lg.n, len(c.Cells), c.Sum)
	if len(c.Cells) > maxCageCells || len(sets) > maxCageSets {
		return
	}
	for k := range sets {
		sets[k] >>= 1
	}
	lg.sums = append(lg.sums, sumRule{cells: c.Cells, sum: c.Sum, sets: sets, peers: peers, label: label, tech: t})
}

// addSets adds a rule that a line's cells hold the digits of one of some
// sets, read as a cage's combinations are: the cells outside that see
// every cell of the line lose a digit every set left holds.
func (lg *logic) addSets(ds grid.DigitSets) {
	if len(ds.Cells) > maxCageCells || len(ds.Sets) > maxCageSets {
		return
	}
	var peers []int32
	for c := range lg.cand {
		x := int32(c)
		if !slices.Contains(ds.Cells, x) && lg.seesAll(x, ds.Cells) {
			peers = append(peers, x)
		}
	}
	lg.sums = append(lg.sums, sumRule{cells: ds.Cells, sets: ds.Sets, peers: peers, label: ds.Label, tech: LineSets})
}

// addScope adds the cells of a rule as a scope of trials, each set of
// cells once, with 2 to 12 cells.
func (lg *logic) addScope(cells []int32, label string) {
	if len(cells) < 2 || len(cells) > 12 {
		return
	}
	sorted := slices.Sorted(slices.Values(cells))
	for _, sc := range lg.scopes {
		if slices.Equal(slices.Sorted(slices.Values(sc.cells)), sorted) {
			return
		}
	}
	lg.scopes = append(lg.scopes, scopeRule{cells: cells, label: label})
}

// cageLabel names a killer cage: "killer cage 15 (r2c2, r2c3)".
func cageLabel(n int, c grid.Cage) string {
	if len(c.Cells) <= 4 {
		return "killer cage " + itoa(c.Sum) + " (" + cellWords(n, c.Cells) + ")"
	}
	return "killer cage " + itoa(c.Sum) + " at " + cellName(n, c.Cells[0]) + " (" + itoa(len(c.Cells)) + " cells)"
}

// pairStep finds a digit of a cell of a pair rule that no digit left in
// the other cell fits.
func (lg *logic) pairStep(rules []pairRule) (vhint, bool) {
	for k := range rules {
		p := &rules[k]
		if h, ok := lg.pairSide(p, p.a, p.b, p.ab); ok {
			return h, true
		}
		if h, ok := lg.pairSide(p, p.b, p.a, p.ba); ok {
			return h, true
		}
	}
	return vhint{}, false
}

// pairSide is pairStep for cell a of p against cell b.
func (lg *logic) pairSide(p *pairRule, a, b int32, allow []uint64) (vhint, bool) {
	if lg.val[a] != 0 {
		return vhint{}, false
	}
	var fits uint64
	for m := lg.cand[a]; m != 0; m &= m - 1 {
		d := bits.TrailingZeros64(m)
		if allow[d]&lg.cand[b] != 0 {
			fits |= 1 << d
		}
	}
	bad := lg.cand[a] &^ fits
	if bad == 0 || fits == 0 {
		return vhint{}, false
	}
	with := "with " + cellName(lg.n, b) + " " + isWords(lg.cand[b])
	if lg.cand[b] == lg.full {
		with = "whatever " + cellName(lg.n, b) + " holds" // a rule alone
	}
	text := capital(p.label) + ": " + with + ", " + cellName(lg.n, a) + " cannot be " + digitWords(bad, "or")
	return vhint{tech: p.tech, place: -1, elims: elimsOf(a, bad), cells: []int32{a, b}, text: text}, true
}

// see says who sees: "it sees" for the one cell of es, "they see" for
// several.
func see(es []elim) string {
	for _, e := range es {
		if e.c != es[0].c {
			return "they see"
		}
	}
	return "it sees"
}

// elimsOf returns the eliminations of the digits m from cell c.
func elimsOf(c int32, m uint64) []elim {
	var out []elim
	for ; m != 0; m &= m - 1 {
		out = append(out, elim{c, int32(bits.TrailingZeros64(m) + 1)})
	}
	return out
}

// sumStep finds what the combinations of a cage of technique t leave: the
// digits of its cells that no combination with a place for every digit
// has there, the digits every combination holds taken from the cells that
// see the whole cage, or such a digit with one place left in the cage.
func (lg *logic) sumStep(t Technique) (vhint, bool) {
	for k := range lg.sums {
		r := &lg.sums[k]
		if r.tech != t {
			continue
		}
		if h, ok := lg.sumRule(r); ok {
			return h, true
		}
	}
	return vhint{}, false
}

func (lg *logic) sumRule(r *sumRule) (vhint, bool) {
	if lg.unchanged(r.cells, r.seen) {
		return vhint{}, false
	}
	h, ok := lg.sumRead(r)
	if !ok {
		lg.remember(r.cells, &r.seen)
	}
	return h, ok
}

// quiet holds the candidates of a rule's cells when the rule last gave
// nothing, nil before: a rule whose cells have not changed since has
// nothing new to give (the cells that see it have only lost digits
// meanwhile), and is not read again.
type quiet []uint64

// unchanged reports whether cells still have the candidates q holds.
func (lg *logic) unchanged(cells []int32, q quiet) bool {
	if q == nil {
		return false
	}
	for i, c := range cells {
		if lg.cand[c] != q[i] {
			return false
		}
	}
	return true
}

// remember keeps the candidates of cells in q.
func (lg *logic) remember(cells []int32, q *quiet) {
	if *q == nil {
		*q = make(quiet, len(cells))
	}
	for i, c := range cells {
		(*q)[i] = lg.cand[c]
	}
}

// sumRead is sumRule without the memory of the candidates it found nothing in.
func (lg *logic) sumRead(r *sumRule) (vhint, bool) {
	k := len(r.cells)
	sup := make([]uint64, k)
	var live []uint64
	required := lg.full
	var union, placed uint64
	for _, c := range r.cells {
		union |= lg.cand[c]
		if lg.val[c] != 0 {
			placed |= lg.cand[c]
		}
	}
	for _, set := range r.sets {
		// a set with a digit no cell has, or without a digit placed, is
		// out before the search of its fillings
		if set&^union == 0 && placed&^set == 0 && lg.cageSupport(r.cells, set, sup) {
			live = append(live, set)
			required &= set
		}
	}
	if len(live) == 0 {
		return vhint{}, false
	}
	var elims []elim
	for i, c := range r.cells {
		if bad := lg.cand[c] &^ sup[i]; bad != 0 && lg.val[c] == 0 {
			elims = append(elims, elimsOf(c, bad)...)
		}
	}
	why := func() string {
		if r.tech == LineSets {
			return capital(r.label) + ": " + runsWords(live)
		}
		return capital(r.label) + ": " + combosWords(live)
	}
	if len(elims) > 0 {
		return vhint{tech: r.tech, place: -1, elims: elims, cells: r.cells, text: why() + ", so " + elimWords(lg.n, elims)}, true
	}
	var out []elim
	for _, x := range r.peers {
		if m := lg.cand[x] & required; m != 0 && lg.val[x] == 0 {
			out = append(out, elimsOf(x, m)...)
		}
	}
	if len(out) > 0 {
		return vhint{tech: r.tech, place: -1, elims: out, cells: r.cells,
			text: why() + "; each holds " + digitWords(required, "and") + ", so " + elimWords(lg.n, out) + " (" + see(out) + " the whole " + r.what() + ")"}, true
	}
	return lg.cageHidden(r, required, why)
}

// what names what r's cells are, in words: a cage, or a line.
func (r *sumRule) what() string {
	if r.tech == LineSets {
		return "line"
	}
	return "cage"
}

// cageHidden places a digit every combination of r holds in its one place
// left in the cage.
func (lg *logic) cageHidden(r *sumRule, required uint64, why func() string) (vhint, bool) {
	for m := required; m != 0; m &= m - 1 {
		d := m & -m
		at, count := int32(-1), 0
		for _, c := range r.cells {
			if lg.cand[c]&d != 0 {
				at, count = c, count+1
			}
		}
		if count == 1 && lg.val[at] == 0 {
			dg := bits.TrailingZeros64(d) + 1
			return vhint{tech: r.tech, place: at, digit: dg, cells: r.cells,
				text: why() + "; each holds " + itoa(dg) + ", and " + cellName(lg.n, at) + " is its only place in the " + r.what()}, true
		}
	}
	return vhint{}, false
}

// cageSupport reports whether the cells can hold the digits of set, one
// each, from their candidates, and marks in sup[i] each digit that cell
// i holds in one such filling.
func (lg *logic) cageSupport(cells []int32, set uint64, sup []uint64) bool {
	k := len(cells)
	var digits [64]uint64
	j := 0
	for m := set; m != 0; m &= m - 1 {
		digits[j] = m & -m
		j++
	}
	if j != k {
		return false
	}
	size := 1 << k
	if cap(lg.scratch) < 2*size {
		lg.scratch = make([]bool, 2*size)
	}
	reach, back := lg.scratch[:size], lg.scratch[size:2*size]
	clear(reach)
	clear(back)
	reach[0] = true
	for m := 0; m < size; m++ {
		i := bits.OnesCount(uint(m))
		if !reach[m] || i == k {
			continue
		}
		for d := 0; d < k; d++ {
			if m&(1<<d) == 0 && lg.cand[cells[i]]&digits[d] != 0 {
				reach[m|1<<d] = true
			}
		}
	}
	if !reach[size-1] {
		return false
	}
	back[size-1] = true
	for m := size - 2; m >= 0; m-- {
		i := bits.OnesCount(uint(m))
		for d := 0; d < k && !back[m]; d++ {
			back[m] = m&(1<<d) == 0 && lg.cand[cells[i]]&digits[d] != 0 && back[m|1<<d]
		}
	}
	for m := 0; m < size; m++ {
		i := bits.OnesCount(uint(m))
		if !reach[m] || i == k {
			continue
		}
		for d := 0; d < k; d++ {
			if m&(1<<d) == 0 && lg.cand[cells[i]]&digits[d] != 0 && back[m|1<<d] {
				sup[i] |= digits[d]
			}
		}
	}
	return true
}

// locked finds a digit whose places in a unit of technique t (Pointing:
// regions; Claiming: rows and columns; LockedGroup: the extra units) all
// see cells outside, which then cannot hold it.
func (lg *logic) locked(t Technique) (vhint, bool) {
	words := len(lg.peerSet[0])
	seen := make([]uint64, words)
	// has[d-1] is the open cells with candidate d, as a bit set of cells
	has := make([][]uint64, lg.n)
	for d := range has {
		has[d] = make([]uint64, words)
	}
	for c, m := range lg.cand {
		if lg.val[c] != 0 {
			continue
		}
		for ; m != 0; m &= m - 1 {
			has[bits.TrailingZeros64(m)][c/64] |= 1 << (c % 64)
		}
	}
	for u, cells := range lg.units.Units {
		if lg.lockTech(u) != t {
			continue
		}
		for d := uint64(1); d&lg.full != 0; d <<= 1 {
			if h, ok := lg.lockedDigit(u, cells, d, seen, has[bits.TrailingZeros64(d)]); ok {
				return h, true
			}
		}
	}
	return vhint{}, false
}

func (lg *logic) lockTech(u int) Technique {
	switch lg.unitTech(u) {
	case HiddenSingleBox:
		return Pointing
	case HiddenSingleLine:
		return Claiming
	}
	return LockedGroup
}

// lockedDigit is locked for digit bit d of unit u; seen is scratch, has
// the open cells with candidate d.
func (lg *logic) lockedDigit(u int, cells []int32, d uint64, seen, has []uint64) (vhint, bool) {
	places := 0
	for _, c := range cells {
		if lg.cand[c]&d != 0 {
			if lg.val[c] != 0 {
				return vhint{}, false
			}
			places++
		}
	}
	if places < 2 {
		return vhint{}, false
	}
	copy(seen, has)
	left := uint64(0)
	for _, c := range cells {
		if lg.cand[c]&d != 0 {
			left = 0
			for w, x := range lg.peerSet[c] {
				seen[w] &= x
				left |= seen[w]
			}
			if left == 0 {
				return vhint{}, false
			}
		}
	}
	var at []int32
	for _, c := range cells {
		if lg.cand[c]&d != 0 {
			at = append(at, c)
		}
	}
	var out []elim
	for w, x := range seen {
		for ; x != 0; x &= x - 1 {
			out = append(out, elim{int32(w*64 + bits.TrailingZeros64(x)), int32(bits.TrailingZeros64(d) + 1)})
		}
	}
	dg := itoa(bits.TrailingZeros64(d) + 1)
	text := capital(lg.lockTech(u).String()) + ": in " + lg.units.Labels[u] + " every " + dg + " is in " + cellWords(lg.n, at) +
		", so " + elimWords(lg.n, out) + " (" + see(out) + " all of them)"
	return vhint{tech: lg.lockTech(u), place: -1, elims: out, cells: at, text: text}, true
}

// groups returns the units, then the other groups whose digits differ,
// with their names.
func (lg *logic) groups(yield func(cells []int32, label string) bool) {
	for u, cells := range lg.units.Units {
		if !yield(cells, lg.units.Labels[u]) {
			return
		}
	}
	for k, cells := range lg.units.Distinct {
		if !yield(cells, lg.units.DistinctLabels[k]) {
			return
		}
	}
}

// nakedSubset finds size open cells of a group whose candidates are size
// digits: the other cells of the group cannot hold them.
func (lg *logic) nakedSubset(size int) (vhint, bool) {
	var found vhint
	ok := false
	lg.groups(func(cells []int32, label string) bool {
		var open []int32
		for _, c := range cells {
			if lg.val[c] == 0 && bits.OnesCount64(lg.cand[c]) <= size {
				open = append(open, c)
			}
		}
		combos(len(open), size, func(pick []int) bool {
			var m uint64
			for _, i := range pick {
				m |= lg.cand[open[i]]
			}
			if bits.OnesCount64(m) != size {
				return false
			}
			var in []int32
			for _, i := range pick {
				in = append(in, open[i])
			}
			var out []elim
			for _, c := range cells {
				if lg.val[c] == 0 && !slices.Contains(in, c) && lg.cand[c]&m != 0 {
					out = append(out, elimsOf(c, lg.cand[c]&m)...)
				}
			}
			if len(out) > 0 {
				t := [4]Technique{2: NakedPair, 3: NakedTriple}[size]
				found = vhint{tech: t, place: -1, elims: out, cells: in,
					text: capital(t.String()) + " " + digitWords(m, "and") + " in " + cellWords(lg.n, in) + " (" + label + "), so " + elimWords(lg.n, out)}
				ok = true
			}
			return ok
		})
		return !ok
	})
	return found, ok
}

// hiddenSubset finds size digits of a unit with size places left between
// them: those cells cannot hold other digits.
func (lg *logic) hiddenSubset(size int) (vhint, bool) {
	var found vhint
	ok := false
	for u, cells := range lg.units.Units {
		var ds []uint64
		for d := uint64(1); d&lg.full != 0; d <<= 1 {
			places := 0
			for _, c := range cells {
				if lg.cand[c]&d != 0 {
					if lg.val[c] != 0 {
						places = -100
					}
					places++
				}
			}
			if places >= 2 && places <= size {
				ds = append(ds, d)
			}
		}
		combos(len(ds), size, func(pick []int) bool {
			var m uint64
			for _, i := range pick {
				m |= ds[i]
			}
			var in []int32
			for _, c := range cells {
				if lg.cand[c]&m != 0 {
					in = append(in, c)
				}
			}
			if len(in) != size {
				return false
			}
			var out []elim
			for _, c := range in {
				out = append(out, elimsOf(c, lg.cand[c]&^m)...)
			}
			if len(out) > 0 {
				t := [4]Technique{2: HiddenPair, 3: HiddenTriple}[size]
				found = vhint{tech: t, place: -1, elims: out, cells: in,
					text: capital(t.String()) + " " + digitWords(m, "and") + " in " + cellWords(lg.n, in) + " (" + lg.units.Labels[u] + "), so " + elimWords(lg.n, out)}
				ok = true
			}
			return ok
		})
		if ok {
			return found, true
		}
	}
	return vhint{}, false
}

// keptSupports is how many supports each scope keeps for later probes.
const keptSupports = 8

// probeStep finds the digits of the cells of a rule's scope that no
// filling of the scope's other cells keeps, by a small search on those
// cells with the propagation of every rule (the probes of the variant
// search); one step takes every such digit of one scope. One pass over
// the scopes finds the steps of all of them, and the next calls give the
// rest of what it found before they search again: each is a consequence
// of the state of the pass, so of every later state, which has only lost
// candidates since.
func (lg *logic) probeStep() (vhint, bool) {
	if h, ok := lg.pop(&lg.pendingProbe); ok {
		return h, true
	}
	if len(lg.scopes) == 0 {
		return vhint{}, false
	}
	p, ok := lg.search.Restart(lg.cand)
	if !ok {
		lg.broken = true
		return vhint{}, false
	}
	for _, budget := range probeBudgets {
		for k := range lg.scopes {
			if h, ok := lg.probeScope(p, &lg.scopes[k], budget); ok {
				lg.pendingProbe = append(lg.pendingProbe, h)
			}
		}
		if h, ok := lg.pop(&lg.pendingProbe); ok {
			return h, true
		}
	}
	return vhint{}, false
}

// pop returns the first deduction of pending that still removes a
// candidate, with what it still removes, in its words; the ones before it
// and it leave pending.
func (lg *logic) pop(pending *[]vhint) (vhint, bool) {
	for len(*pending) > 0 {
		h := (*pending)[0]
		*pending = (*pending)[1:]
		var left []elim
		for _, e := range h.elims {
			if lg.val[e.c] == 0 && lg.cand[e.c]&(1<<(e.d-1)) != 0 {
				left = append(left, e)
			}
		}
		if len(left) > 0 {
			h.elims = left
			h.text = lg.trialWords(h)
			return h, true
		}
	}
	return vhint{}, false
}

// trialWords says what a trial on a rule's cells (RuleTrial, its label in
// text) or a contradiction removes.
func (lg *logic) trialWords(h vhint) string {
	var cells []int32
	bad := map[int32]uint64{}
	for _, e := range h.elims {
		if bad[e.c] == 0 {
			cells = append(cells, e.c)
		}
		bad[e.c] |= 1 << (e.d - 1)
	}
	var tried, left []string
	for _, c := range cells {
		tried = append(tried, cellName(lg.n, c)+" = "+digitWords(bad[c], "or"))
		left = append(left, cellName(lg.n, c)+" is "+digitWords(lg.cand[c]&^bad[c], "or"))
	}
	if h.tech == Contradiction {
		return elimWords(lg.n, h.elims) + ": with " + tried[0] + ", the digits the rules force lead to a contradiction"
	}
	return capital(h.text) + ": no filling of its cells keeps the rules with " + strings.Join(tried, ", or with ") + "; so " + strings.Join(left, ", ")
}

// probeScope is probeStep on scope sc, below p, the propagated state,
// with budget nodes for each digit; its text is the scope's label.
func (lg *logic) probeScope(p []uint64, sc *scopeRule, budget int) (vhint, bool) {
	open := 0
	for _, x := range sc.cells {
		if lg.val[x] == 0 {
			open++
		}
	}
	if open < 2 {
		return vhint{}, false
	}
	sup := make([]uint64, len(sc.cells))
	for _, r := range sc.kept {
		if lg.search.Holds(p, sc.cells, r) {
			for k, d := range r {
				sup[k] |= 1 << (d - 1)
			}
		}
	}
	found := make([]uint8, len(sc.cells))
	var elims []elim
	for k, x := range sc.cells {
		if lg.val[x] != 0 {
			continue
		}
		var bad uint64
		for m := lg.cand[x] &^ sup[k]; m != 0; m &= m - 1 {
			d := m & -m
			if sup[k]&d != 0 {
				continue
			}
			ok, known := lg.search.Supported(p, sc.cells, x, d, budget, sup, found)
			switch {
			case ok:
				sc.keep(found)
			case known:
				bad |= d
			}
		}
		if bad != 0 && bad != lg.cand[x] {
			elims = append(elims, elimsOf(x, bad)...)
		}
	}
	if len(elims) == 0 {
		return vhint{}, false
	}
	return vhint{tech: RuleTrial, place: -1, elims: elims, cells: sc.cells, text: sc.label}, true
}

// keep records a support of the scope, in place of the oldest past
// keptSupports.
func (sc *scopeRule) keep(found []uint8) {
	r := append([]uint8(nil), found...)
	if len(sc.kept) < keptSupports {
		sc.kept = append(sc.kept, r)
		return
	}
	sc.kept[sc.next] = r
	sc.next = (sc.next + 1) % keptSupports
}

// contradiction finds the digits of a cell that lead, by the forced
// consequences of every rule, to a contradiction: a trial one digit deep.
// As probeStep, one pass finds them in every cell, and the next calls give
// the rest.
func (lg *logic) contradiction() (vhint, bool) {
	if h, ok := lg.pop(&lg.pendingContra); ok {
		return h, true
	}
	p, ok := lg.search.Restart(lg.cand)
	if !ok {
		lg.broken = true
		return vhint{}, false
	}
	for c := range lg.cand {
		if lg.val[c] != 0 {
			continue
		}
		var bad uint64
		for m := lg.cand[c]; m != 0; m &= m - 1 {
			d := m & -m
			if p[c]&d == 0 || !lg.search.Try(p, int32(c), d) {
				bad |= d
			}
		}
		if bad != 0 && bad != lg.cand[c] {
			x := int32(c)
			lg.pendingContra = append(lg.pendingContra, vhint{tech: Contradiction, place: -1, elims: elimsOf(x, bad), cells: []int32{x}})
		}
	}
	return lg.pop(&lg.pendingContra)
}
