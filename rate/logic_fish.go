package rate

import (
	"math/bits"
	"slices"

	"github.com/sudokugen/sudokugen/grid"
)

// The classic techniques past the subsets, as the logical solve of a
// variant applies them: fish on the rows and columns, which every rule
// set keeps, and the XY-wing on every pair of cells that must differ
// (units, extra groups, a king's or a knight's move alike).

// fish finds an X-wing (size 2) or a swordfish (3): a digit whose places
// in size rows lie in size columns (or the other way), so that those
// columns hold it only in those rows.
func (lg *logic) fish(size int) (vhint, bool) {
	for _, byRow := range []bool{true, false} {
		for d := 1; d <= lg.n; d++ {
			if h, ok := lg.fishOf(size, d, byRow); ok {
				return h, true
			}
		}
	}
	return vhint{}, false
}

// cellAt returns the cell of line i (a row when byRow, else a column) at
// place p along it.
func (lg *logic) cellAt(byRow bool, i, p int) int32 {
	if byRow {
		return int32(i*lg.n + p)
	}
	return int32(p*lg.n + i)
}

// fishOf is fish for digit d with the base lines rows when byRow.
func (lg *logic) fishOf(size, d int, byRow bool) (vhint, bool) {
	bit := uint64(1) << (d - 1)
	var lines []int
	var masks []uint64
	for i := range lg.n {
		var m uint64
		placed := false
		for p := range lg.n {
			c := lg.cellAt(byRow, i, p)
			if lg.cand[c]&bit != 0 {
				placed = placed || lg.val[c] != 0
				m |= 1 << p
			}
		}
		if k := bits.OnesCount64(m); !placed && k >= 2 && k <= size {
			lines, masks = append(lines, i), append(masks, m)
		}
	}
	var found vhint
	ok := combos(len(lines), size, func(pick []int) bool {
		var m uint64
		base := make([]int, 0, size)
		for _, i := range pick {
			m |= masks[i]
			base = append(base, lines[i])
		}
		if bits.OnesCount64(m) != size {
			return false
		}
		var out []elim
		var cells []int32
		for x := m; x != 0; x &= x - 1 {
			j := bits.TrailingZeros64(x)
			for i := range lg.n {
				c := lg.cellAt(byRow, i, j)
				switch {
				case lg.cand[c]&bit == 0 || lg.val[c] != 0:
				case slices.Contains(base, i):
					cells = append(cells, c)
				default:
					out = append(out, elim{c, int32(d)})
				}
			}
		}
		if len(out) == 0 {
			return false
		}
		t := fishTech[size]
		lineWord, crossWord := "rows", "columns"
		if !byRow {
			lineWord, crossWord = "columns", "rows"
		}
		var cross []int
		for x := m; x != 0; x &= x - 1 {
			cross = append(cross, bits.TrailingZeros64(x))
		}
		found = vhint{tech: t, place: -1, elims: out, cells: cells,
			text: capital(t.String()) + ": in " + lineWord + " " + numbersWords(base) + " every " + itoa(d) + " is in " +
				crossWord + " " + numbersWords(cross) + ", so " + elimWords(lg.n, out)}
		return true
	})
	return found, ok
}

// numbersWords lists lines by number from 1: "2, 5 and 7".
func numbersWords(ix []int) string {
	parts := make([]string, len(ix))
	for k, i := range ix {
		parts[k] = itoa(i + 1)
	}
	return grid.ListWords(parts, "and")
}

// xyWing finds a pivot of two digits x and y that sees a pincer of x and
// z and a pincer of y and z: whichever the pivot holds, a pincer holds z,
// so a cell that sees both pincers cannot.
func (lg *logic) xyWing() (vhint, bool) {
	for p := range lg.cand {
		pm := lg.cand[p]
		if lg.val[p] != 0 || bits.OnesCount64(pm) != 2 {
			continue
		}
		peers := lg.units.Peers[p]
		for _, a := range peers {
			am := lg.cand[a]
			if lg.val[a] != 0 || bits.OnesCount64(am) != 2 || bits.OnesCount64(am&pm) != 1 {
				continue
			}
			z := am &^ pm
			for _, b := range peers {
				bm := lg.cand[b]
				if b == a || lg.val[b] != 0 || bm != (pm&^am)|z {
					continue
				}
				if h, ok := lg.wingElims(int32(p), a, b, z); ok {
					return h, true
				}
			}
		}
	}
	return vhint{}, false
}

// wingElims is xyWing's step for pivot p and pincers a and b sharing z,
// when a cell that sees both pincers holds z.
func (lg *logic) wingElims(p, a, b int32, z uint64) (vhint, bool) {
	d := int32(bits.TrailingZeros64(z) + 1)
	var out []elim
	sa, sb := lg.peerSet[a], lg.peerSet[b]
	for w := range sa {
		for x := sa[w] & sb[w]; x != 0; x &= x - 1 {
			c := int32(w*64 + bits.TrailingZeros64(x))
			if c != p && lg.val[c] == 0 && lg.cand[c]&z != 0 {
				out = append(out, elim{c, d})
			}
		}
	}
	if len(out) == 0 {
		return vhint{}, false
	}
	n := lg.n
	text := "XY-wing: " + cellName(n, p) + " is " + digitWords(lg.cand[p], "or") + "; either way " +
		cellName(n, a) + " (" + digitWords(lg.cand[a], "or") + ") or " + cellName(n, b) + " (" + digitWords(lg.cand[b], "or") +
		") is " + itoa(int(d)) + ", so " + elimWords(n, out) + " (" + see(out) + " both)"
	return vhint{tech: XYWing, place: -1, elims: out, cells: []int32{p, a, b}, text: text}, true
}
