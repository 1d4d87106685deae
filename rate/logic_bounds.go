package rate

import (
	"math/bits"

	"github.com/sudokugen/sudokugen/grid"
)

// Sum bounds: a rule that states a sum (grid.LinearSum: an arrow, a
// little killer, the parts of an equal-sum line) read as a person reads
// it first, by the least and the most each side can make. "Arrow r1c1
// (shaft r1c2-r1c4): the shaft adds up to at least 6, so r1c1 is at
// least 6."

// linRule is a rule of the solve that states a sum.
type linRule struct {
	grid.LinearSum
	seen quiet
}

// span is the least and the most a set of cells can add up to.
type span struct{ lo, hi int }

// boundsStep finds a digit of a cell of a sum rule that the least or the
// most the rule's other cells can make leaves out.
func (lg *logic) boundsStep() (vhint, bool) {
	for k := range lg.lins {
		r := &lg.lins[k]
		if lg.unchanged(r.Cells, r.seen) {
			continue
		}
		for i := range r.Cells {
			if h, ok := lg.boundCell(r, i); ok {
				return h, true
			}
		}
		lg.remember(r.Cells, &r.seen)
	}
	return vhint{}, false
}

// boundCell is boundsStep on cell i of r: its weight times its digit is
// the total less the other cells' part, so lies within the bounds of
// that part.
func (lg *logic) boundCell(r *linRule, i int) (vhint, bool) {
	x, w := r.Cells[i], r.Weights[i]
	if lg.val[x] != 0 {
		return vhint{}, false
	}
	// the other side (weights of the other sign) and the rest of x's side
	var other, rest []int32
	var otherW, restW []int
	for j, c := range r.Cells {
		switch {
		case j == i:
		case (r.Weights[j] > 0) == (w > 0):
			rest, restW = append(rest, c), append(restW, abs(r.Weights[j]))
		default:
			other, otherW = append(other, c), append(otherW, abs(r.Weights[j]))
		}
	}
	t := r.Total
	if w < 0 {
		t = -t
	}
	o, rs := lg.spanOf(other, otherW), lg.spanOf(rest, restW)
	lo, hi := t+o.lo-rs.hi, t+o.hi-rs.lo
	aw := abs(w)
	var below, above uint64
	for m := lg.cand[x]; m != 0; m &= m - 1 {
		d := bits.TrailingZeros64(m) + 1
		switch {
		case aw*d < lo:
			below |= 1 << (d - 1)
		case aw*d > hi:
			above |= 1 << (d - 1)
		}
	}
	bad := below | above
	if bad == 0 || bad == lg.cand[x] {
		return vhint{}, false
	}
	side := 0 // the side of x: 0 for weights above 0
	if w < 0 {
		side = 1
	}
	var why []string
	if len(other) > 0 {
		name, verb := lg.partWords(r.Sides[1-side], "", other, false)
		why = append(why, name+" "+verb+" "+spanWords(o, below != 0, above != 0))
	}
	if len(rest) > 0 {
		name, verb := lg.partWords(r.Sides[side], "the rest of ", rest, len(other) == 0)
		why = append(why, name+" "+verb+" "+spanWords(rs, above != 0, below != 0))
	}
	text := capital(r.Label) + ": " + joinWords(why) + ", so " + cellName(lg.n, x) + " " + lg.boundWords(lo, hi, aw, below != 0, above != 0)
	return vhint{tech: SumBounds, place: -1, elims: elimsOf(x, bad), cells: r.Cells, text: text}, true
}

// partWords names cells, a part of a side of a sum rule named side, and
// gives the verb that says its total: the cell ("is"), the side's name
// (with prefix when the part is not all of it, "the rest of the shaft"),
// the cells as a sum ("adds up to"), or "the other 5 cells" ("add up
// to") when they are many and all the rule's cells but one (all when
// whole).
func (lg *logic) partWords(side, prefix string, cells []int32, whole bool) (name, verb string) {
	switch {
	case len(cells) == 1:
		return cellName(lg.n, cells[0]), "is"
	case side != "":
		return prefix + side, "adds up to"
	case whole && len(cells) > 3:
		return "the other " + itoa(len(cells)) + " cells", "add up to"
	}
	return sumWords(lg.n, cells), "adds up to"
}

// spanWords says the total of a part, with its least when least and its
// most when most: "at least 6", "3 to 7", "9".
func spanWords(s span, least, most bool) string {
	switch {
	case least && most && s.lo == s.hi:
		return itoa(s.lo)
	case least && most:
		return itoa(s.lo) + " to " + itoa(s.hi)
	case least:
		return "at least " + itoa(s.lo)
	}
	return "at most " + itoa(s.hi)
}

// boundWords says what a cell of weight w whose weighted digit lies in
// lo to hi is, with its least when least and its most when most: "is at
// least 6", "is 2 to 4", "is 8".
func (lg *logic) boundWords(lo, hi, w int, least, most bool) string {
	dlo, dhi := max(1, (lo+w-1)/w), min(lg.n, hi/w)
	switch {
	case dlo == dhi || least && most && dlo > dhi:
		return "is " + itoa(dlo)
	case least && most:
		return "is " + itoa(dlo) + " to " + itoa(dhi)
	case least:
		return "is at least " + itoa(dlo)
	}
	return "is at most " + itoa(dhi)
}

// joinWords joins the reasons with "and".
func joinWords(parts []string) string {
	if len(parts) == 0 {
		return "the total alone decides"
	}
	return grid.ListWords(parts, "and")
}

// spanOf returns the least and the most the digits of cells, each times
// its weight, can add up to: cells of one weight that see each other hold
// different digits, so such a group adds up to at least the sum of its
// size's smallest digits among its candidates (and at most the largest).
func (lg *logic) spanOf(cells []int32, weights []int) span {
	var s span
	var groups [][]int32
	var groupW []int
	for k, c := range cells {
		placed := false
		for g := range groups {
			if groupW[g] == weights[k] && lg.seesAll(c, groups[g]) {
				groups[g] = append(groups[g], c)
				placed = true
				break
			}
		}
		if !placed {
			groups, groupW = append(groups, []int32{c}), append(groupW, weights[k])
		}
	}
	for g, grp := range groups {
		lo, hi := lg.groupSpan(grp)
		s.lo += groupW[g] * lo
		s.hi += groupW[g] * hi
	}
	return s
}

// seesAll reports whether cell c sees every cell of grp.
func (lg *logic) seesAll(c int32, grp []int32) bool {
	set := lg.peerSet[c]
	for _, x := range grp {
		if set[x/64]>>(x%64)&1 == 0 {
			return false
		}
	}
	return true
}

// groupSpan returns the least and the most cells that see each other can
// add up to: each cell's least (most) digit summed, or the smallest
// (largest) digits of their candidates, one a cell, whichever is tighter.
func (lg *logic) groupSpan(grp []int32) (lo, hi int) {
	var union uint64
	for _, c := range grp {
		m := lg.cand[c]
		union |= m
		lo += bits.TrailingZeros64(m) + 1
		hi += 64 - bits.LeadingZeros64(m)
	}
	if bits.OnesCount64(union) < len(grp) {
		return lo, hi // no filling at all: other steps will say so
	}
	ds := make([]int, 0, bits.OnesCount64(union)) // from the smallest up
	for m := union; m != 0; m &= m - 1 {
		ds = append(ds, bits.TrailingZeros64(m)+1)
	}
	small, large := 0, 0
	for k := range grp {
		small += ds[k]
		large += ds[len(ds)-1-k]
	}
	return max(lo, small), min(hi, large)
}

// factStep finds a fact of one rule alone (grid.Fact: a skyscraper's
// first cells capped, no 5 on a whisper) that removes a candidate still
// there.
func (lg *logic) factStep() (vhint, bool) {
	for _, f := range lg.facts {
		var elims []elim
		for _, c := range f.Cells {
			if bad := lg.cand[c] & f.Not; bad != 0 && lg.val[c] == 0 && bad != lg.cand[c] {
				elims = append(elims, elimsOf(c, bad)...)
			}
		}
		if len(elims) > 0 {
			return vhint{tech: ClueFact, place: -1, elims: elims, cells: f.Cells, text: capital(f.Label) + ": " + f.Words}, true
		}
	}
	return vhint{}, false
}
