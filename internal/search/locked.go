package search

import "math/bits"

// locked removes candidates by locked candidates: when a digit's places in
// a box all lie in one row (or column), the digit goes nowhere else in that
// row (column); when its places in a row (column) all lie in one box, it
// goes nowhere else in that box. changed reports a removal, ok false a
// contradiction. With a tracer, each removal is refuted before it is made
// (see the package doc).
func (g *general) locked(s *Search, cand []uint64) (changed, ok bool) {
	u := g.Units
	n := u.N
	br, bc := u.Shape.BoxRows, u.Shape.BoxCols
	for b := 0; b < n; b++ {
		box := u.Cells[2*n+b]
		// box rows: cells k*bc .. k*bc+bc-1 of the box
		if ch, ok := g.lockLines(s, cand, box, br, bc, bc, 1, 0, int32(2*n+b)); !ok {
			return false, false
		} else if ch {
			changed = true
		}
		// box columns: cells k, k+bc, k+2*bc...
		if ch, ok := g.lockLines(s, cand, box, bc, br, 1, bc, 1, int32(2*n+b)); !ok {
			return false, false
		} else if ch {
			changed = true
		}
	}
	for line := 0; line < 2*n; line++ {
		cells := u.Cells[line]
		seg := bc // a row crosses boxes in segments of bc cells
		if line >= n {
			seg = br
		}
		if ch, ok := g.lockBoxes(s, cand, cells, seg, int32(line)); !ok {
			return false, false
		} else if ch {
			changed = true
		}
	}
	return changed, true
}

// lockLines looks at a box as k lines (box rows or box columns) of length
// cells: cell j of line i is box[i*start+j*step]. A digit whose open
// places in the box lie in one line is removed from that line's unit (of
// the given kind: 0 rows, 1 columns) outside the box.
func (g *general) lockLines(s *Search, cand []uint64, box []int32, k, length, start, step, kind int, boxUnit int32) (changed, ok bool) {
	var parts [36]uint64 // the open digits of each line
	for i := range k {
		for j := range length {
			parts[i] |= unsettled(cand[box[i*start+j*step]])
		}
	}
	for i, m := range onlyIn(parts[:k]) {
		if m == 0 {
			continue
		}
		for _, c := range g.Units.Cells[g.Units.Of[box[i*start]][kind]] {
			if g.Units.Of[c][2] != boxUnit && cand[c]&m != 0 {
				changed = true
				if !g.eliminate(s, cand, c, m) {
					return changed, false
				}
			}
		}
	}
	return changed, true
}

// lockBoxes looks at a row or column as segments of seg cells, one per box
// it crosses. A digit whose open places in the line lie in one segment is
// removed from that segment's box outside the line.
func (g *general) lockBoxes(s *Search, cand []uint64, cells []int32, seg int, line int32) (changed, ok bool) {
	var parts [36]uint64 // the open digits of each segment
	k := len(cells) / seg
	for i := range k {
		for _, c := range cells[i*seg : (i+1)*seg] {
			parts[i] |= unsettled(cand[c])
		}
	}
	kind := 0
	if int(line) >= g.Units.N {
		kind = 1
	}
	for i, m := range onlyIn(parts[:k]) {
		if m == 0 {
			continue
		}
		for _, c := range g.Units.Cells[g.Units.Of[cells[i*seg]][2]] {
			if g.Units.Of[c][kind] != line && cand[c]&m != 0 {
				changed = true
				if !g.eliminate(s, cand, c, m) {
					return changed, false
				}
			}
		}
	}
	return changed, true
}

// eliminate removes the digits m from cell c, refuting each with the
// tracer first; false on a contradiction.
func (g *general) eliminate(s *Search, cand []uint64, c int32, m uint64) bool {
	if s.Trace != nil {
		for r := cand[c] & m; r != 0; r &= r - 1 {
			s.refute(Decision{Cell: c, Digit: uint8(bits.TrailingZeros64(r) + 1)})
		}
	}
	return g.Restrict(cand, c, cand[c]&^m)
}

// unsettled returns the candidates m of a cell when there are several, and
// nothing for a settled cell.
func unsettled(m uint64) uint64 {
	if m&(m-1) != 0 {
		return m
	}
	return 0
}

// onlyIn keeps in each of parts the digits that no other part has.
func onlyIn(parts []uint64) []uint64 {
	var once, twice uint64
	for _, m := range parts {
		twice |= once & m
		once |= m
	}
	for i := range parts {
		parts[i] &= once &^ twice
	}
	return parts
}
