package rate

import (
	"encoding/json"
	"math/bits"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
)

// The logical solve of a variant puzzle: the candidates of every cell,
// from the givens (and the digits odd, even and pencil-mark cells allow),
// narrowed one step at a time by the simplest deduction available, each
// step named by the rule that makes it (see variant.go for the order and
// the scale).

// Logic is the outcome of the logical solve of a variant puzzle.
type Logic struct {
	// Solved reports whether the steps reach the solution; when not, the
	// solve is stuck where a person would have to guess, and Left holds
	// each cell's candidates (bit d-1 for digit d), row-major.
	Solved bool
	Left   []uint64
	// Hardest is the hardest step (the first of the highest score), the
	// zero Step when there was none; BreakIn the first step that is not a
	// single, nil when singles alone solve the puzzle.
	Hardest Step
	BreakIn *Step
	// Steps counts the steps.
	Steps int
}

// MarshalJSON writes l as rate --json and the service give it: solved,
// the number of steps, the hardest step and the break-in in words, and
// when stuck the candidates left, one string of digits a cell, row-major.
func (l *Logic) MarshalJSON() ([]byte, error) {
	out := struct {
		Solved  bool     `json:"solved"`
		Steps   int      `json:"steps"`
		Hardest string   `json:"hardest,omitempty"`
		BreakIn string   `json:"break_in,omitempty"`
		Left    []string `json:"left,omitempty"`
	}{Solved: l.Solved, Steps: l.Steps}
	if l.Steps > 0 {
		out.Hardest = l.Hardest.String()
	}
	if l.BreakIn != nil {
		out.BreakIn = l.BreakIn.String()
	}
	for _, m := range l.Left {
		out.Left = append(out.Left, MaskDigits(m))
	}
	return json.Marshal(out)
}

// MaskDigits writes the digits of m (bit d-1 for digit d) in order, with
// the symbols of grids above 9x9: "2579", "1AG".
func MaskDigits(m uint64) string {
	var b strings.Builder
	for d := 1; m>>(d-1) != 0; d++ {
		if m&(1<<(d-1)) != 0 {
			b.WriteByte("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[d])
		}
	}
	return b.String()
}

// pairRule is a rule between two cells: digit a of cell a fits digit b
// of cell b when ab[a-1] has bit b-1 (and ba is the same from b's side).
type pairRule struct {
	a, b   int32
	ab, ba []uint64
	label  string
	tech   Technique
}

// sumRule is cells whose digits differ and add up to sum: a killer cage,
// or the innies or outies of the 45 rule (implied).
type sumRule struct {
	cells []int32
	sum   int
	sets  []uint64 // the digit sets that make the sum, bit d-1 for d
	peers []int32  // the cells outside that see every cell
	label string
	tech  Technique
	seen  quiet
}

// scopeRule is the cells of one rule that ties them beyond pairs, for
// the trials on its cells.
type scopeRule struct {
	cells []int32
	label string
	// kept are supports found before (a digit per cell), which Holds
	// tries first, and next the one to replace next
	kept [][]uint8
	next int
}

// vhint is a deduction before it is applied.
type vhint struct {
	tech  Technique
	place int32 // the cell to fill, or -1
	digit int
	elims []elim
	cells []int32 // the cells of the pattern
	text  string
}

// logic is the state of one logical solve.
type logic struct {
	shape   grid.Shape
	n       int
	full    uint64
	cand    []uint64
	val     []uint8
	left    int
	units   *grid.RuleUnits
	peerSet [][]uint64 // per cell, its peers as a bit set of cells
	links   []pairRule
	sums    []sumRule // the rules' cages, the lines' sets, then the implied cages
	lins    []linRule // the rules that state a sum
	facts   []grid.Fact
	pairs   []pairRule
	scopes  []scopeRule
	search  *rulesearch.Search
	explain bool
	steps   []Step
	counts  [numTechniques]int
	nsteps  int
	hardest Step
	breakIn *Step
	broken  bool // the solve met a contradiction: a step was wrong
	// the steps a pass of trials found that are still to give (see
	// probeStep)
	pendingProbe, pendingContra []vhint
	scratch                     []bool
}

// newLogic readies the logical solve of g, a valid variant puzzle with
// one solution, whose search s is on g's model, made from l, g's rules
// lowered, which the solve reads and leaves as they are.
func newLogic(g grid.Grid, s *rulesearch.Search, l *grid.Lowered, explain bool) *logic {
	n := g.N()
	u := s.Units
	lg := &logic{shape: g.Shape, n: n, full: uint64(1)<<n - 1, cand: make([]uint64, n*n), val: make([]uint8, n*n),
		left: n * n, units: u, search: s, explain: explain}
	for i := range lg.cand {
		lg.cand[i] = lg.full
	}
	for _, m := range l.Masks {
		lg.cand[m.Cell] &= m.Digits
	}
	words := (n*n + 63) / 64
	lg.peerSet = make([][]uint64, n*n)
	for c, ps := range u.Peers {
		set := make([]uint64, words)
		for _, p := range ps {
			set[p/64] |= 1 << (p % 64)
		}
		lg.peerSet[c] = set
	}
	lg.lowerRules(l)
	for c, v := range g.Cells {
		if v != 0 {
			lg.place(int32(c), int(v))
		}
	}
	return lg
}

// place puts digit d in cell c and takes it from c's peers.
func (lg *logic) place(c int32, d int) {
	if lg.val[c] != 0 {
		return
	}
	bit := uint64(1) << (d - 1)
	lg.val[c] = uint8(d)
	lg.cand[c] = bit
	lg.left--
	for _, p := range lg.units.Peers[c] {
		lg.cand[p] &^= bit
	}
}

// run solves until the grid is full or no step is found.
func (lg *logic) run() {
	for lg.left > 0 && !lg.broken {
		h, ok := lg.next()
		if !ok || !lg.apply(h) {
			return
		}
	}
}

// finders are the deductions in the order the solve tries them, simplest
// first.
var finders = []func(lg *logic) (vhint, bool){
	(*logic).fullHouse,
	func(lg *logic) (vhint, bool) { return lg.hiddenSingle(HiddenSingleBox) },
	func(lg *logic) (vhint, bool) { return lg.hiddenSingle(HiddenSingleLine) },
	func(lg *logic) (vhint, bool) { return lg.hiddenSingle(HiddenSingleGroup) },
	(*logic).nakedSingle,
	(*logic).factStep,
	func(lg *logic) (vhint, bool) { return lg.pairStep(lg.links) },
	(*logic).boundsStep,
	func(lg *logic) (vhint, bool) { return lg.sumStep(CageCombination) },
	func(lg *logic) (vhint, bool) { return lg.sumStep(LineSets) },
	func(lg *logic) (vhint, bool) { return lg.locked(Pointing) },
	func(lg *logic) (vhint, bool) { return lg.locked(Claiming) },
	func(lg *logic) (vhint, bool) { return lg.locked(LockedGroup) },
	func(lg *logic) (vhint, bool) { return lg.pairStep(lg.pairs) },
	func(lg *logic) (vhint, bool) { return lg.sumStep(Rule45) },
	func(lg *logic) (vhint, bool) { return lg.nakedSubset(2) },
	func(lg *logic) (vhint, bool) { return lg.fish(2) },
	func(lg *logic) (vhint, bool) { return lg.hiddenSubset(2) },
	func(lg *logic) (vhint, bool) { return lg.nakedSubset(3) },
	func(lg *logic) (vhint, bool) { return lg.fish(3) },
	func(lg *logic) (vhint, bool) { return lg.hiddenSubset(3) },
	(*logic).xyWing,
	(*logic).probeStep,
	(*logic).contradiction,
}

// next returns the simplest deduction available.
func (lg *logic) next() (vhint, bool) {
	for _, f := range finders {
		if h, ok := f(lg); ok {
			return h, true
		}
		if lg.broken {
			return vhint{}, false
		}
	}
	return vhint{}, false
}

// apply performs h and records it; it reports whether anything changed.
func (lg *logic) apply(h vhint) bool {
	changed := false
	if h.place >= 0 {
		if lg.val[h.place] != 0 || lg.cand[h.place]&(1<<(h.digit-1)) == 0 {
			return false
		}
		lg.place(h.place, h.digit)
		changed = true
	}
	for _, e := range h.elims {
		bit := uint64(1) << (e.d - 1)
		if lg.cand[e.c]&bit != 0 && lg.val[e.c] == 0 {
			if lg.cand[e.c] == bit {
				lg.broken = true // a cell left empty: never from sound steps
				return false
			}
			lg.cand[e.c] &^= bit
			changed = true
		}
	}
	if !changed {
		return false
	}
	lg.record(h)
	return true
}

// record counts step h and keeps it as a Step when explaining, and when
// it is the hardest or the break-in.
func (lg *logic) record(h vhint) {
	lg.nsteps++
	lg.counts[h.tech]++
	hard := lg.nsteps == 1 || techBase[h.tech] > int(lg.hardest.Score*10+0.5)
	first := lg.breakIn == nil && !h.tech.Single()
	if !lg.explain && !hard && !first {
		return
	}
	st := lg.stepOf(h)
	if lg.explain {
		lg.steps = append(lg.steps, st)
	}
	if hard {
		lg.hardest = st
	}
	if first {
		lg.breakIn = &st
	}
}

func (lg *logic) stepOf(h vhint) Step {
	st := Step{Technique: h.tech, Score: float64(techBase[h.tech]) / 10, shape: lg.shape, text: h.text}
	for _, c := range h.cells {
		st.Cells = append(st.Cells, grid.CellOf(lg.n, c))
	}
	if h.place >= 0 {
		st.Place = &Placement{Cell: grid.CellOf(lg.n, h.place), Digit: h.digit}
	}
	for _, e := range sortElims(h.elims) {
		st.Eliminate = append(st.Eliminate, Candidate{Cell: grid.CellOf(lg.n, e.c), Digit: int(e.d)})
	}
	return st
}

// sortElims returns es sorted by digit, then cell.
func sortElims(es []elim) []elim {
	es = append([]elim(nil), es...)
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && (es[j].d < es[j-1].d || es[j].d == es[j-1].d && es[j].c < es[j-1].c); j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
	return es
}

// outcome returns the result of the solve.
func (lg *logic) outcome() *Logic {
	out := &Logic{Solved: lg.left == 0 && !lg.broken, Hardest: lg.hardest, BreakIn: lg.breakIn, Steps: lg.nsteps}
	if !out.Solved {
		out.Left = append([]uint64(nil), lg.cand...)
	}
	return out
}

// unitTech returns the technique of a hidden single in unit u.
func (lg *logic) unitTech(u int) Technique {
	switch {
	case u < 2*lg.n:
		return HiddenSingleLine
	case u < 3*lg.n:
		return HiddenSingleBox
	}
	return HiddenSingleGroup
}

// fullHouse finds a unit with one empty cell.
func (lg *logic) fullHouse() (vhint, bool) {
	for u, cells := range lg.units.Units {
		empty, count, seen := int32(-1), 0, uint64(0)
		for _, c := range cells {
			if lg.val[c] == 0 {
				empty, count = c, count+1
			} else {
				seen |= 1 << (lg.val[c] - 1)
			}
		}
		missing := lg.full &^ seen
		if count != 1 || !single(missing) || lg.cand[empty]&missing == 0 {
			continue
		}
		d := bits.TrailingZeros64(missing) + 1
		return vhint{tech: FullHouse, place: empty, digit: d, cells: cells,
			text: cellName(lg.n, empty) + " must be " + itoa(d) + ": it is the last empty cell in " + lg.units.Labels[u]}, true
	}
	return vhint{}, false
}

// hiddenSingle finds a digit with one place left in a unit of technique t.
func (lg *logic) hiddenSingle(t Technique) (vhint, bool) {
	for u, cells := range lg.units.Units {
		if lg.unitTech(u) != t {
			continue
		}
		var once, twice, placed uint64
		for _, c := range cells {
			m := lg.cand[c]
			if lg.val[c] != 0 {
				placed |= m
				continue
			}
			twice |= once & m
			once |= m
		}
		h := once &^ twice &^ placed
		if h == 0 {
			continue
		}
		d := h & -h
		for _, c := range cells {
			if lg.val[c] == 0 && lg.cand[c]&d != 0 {
				dg := bits.TrailingZeros64(d) + 1
				return vhint{tech: t, place: c, digit: dg, cells: cells,
					text: cellName(lg.n, c) + " must be " + itoa(dg) + ": it is the only place for " + article(itoa(dg)) + " " + itoa(dg) + " in " + lg.units.Labels[u]}, true
			}
		}
	}
	return vhint{}, false
}

// nakedSingle finds an empty cell with one candidate left.
func (lg *logic) nakedSingle() (vhint, bool) {
	for c, m := range lg.cand {
		if lg.val[c] == 0 && single(m) && m != 0 {
			d := bits.TrailingZeros64(m) + 1
			return vhint{tech: NakedSingle, place: int32(c), digit: d,
				text: cellName(lg.n, int32(c)) + " must be " + itoa(d) + ": it is the only digit left for the cell"}, true
		}
	}
	return vhint{}, false
}

func single(m uint64) bool { return m&(m-1) == 0 }

func cellName(n int, c int32) string { return grid.CellName(n, c) }
