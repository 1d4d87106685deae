// Package singles propagates naked and hidden singles on candidate
// bitmasks, one uint64 per cell with bit d-1 for digit d: the unit
// propagation that the searches of packages generate and verify both run
// at every node. The tests' independent counter (grid/gridtest) shares
// none of it.
package singles

import (
	"math/bits"

	"github.com/sudokugen/sudokugen/grid"
)

// Propagator holds the scratch state of propagation on grids of one shape.
// It is for one goroutine at a time.
type Propagator struct {
	Units *grid.Units
	Full  uint64 // every digit's bit
	// Dirty holds the units whose candidates changed since Hidden last
	// looked at them, as bits (3*36 units at most): Hidden looks at those
	// only, which reaches the same state as sweeping them all.
	Dirty  [2]uint64
	unitOf [][2]uint64 // the units of each cell, as bits
	queue  []int32
}

// New returns a Propagator for grids whose units are u.
func New(u *grid.Units) Propagator {
	p := Propagator{Units: u, Full: uint64(1)<<u.N - 1, unitOf: make([][2]uint64, len(u.Of))}
	for i, of := range u.Of {
		for _, k := range of {
			p.unitOf[i][k/64] |= 1 << (k % 64)
		}
	}
	return p
}

// Touch marks the units of cell i dirty.
func (p *Propagator) Touch(i int32) {
	p.Dirty[0] |= p.unitOf[i][0]
	p.Dirty[1] |= p.unitOf[i][1]
}

// MarkAll marks every unit dirty.
func (p *Propagator) MarkAll() {
	for k := range p.Units.Cells {
		p.Dirty[k/64] |= 1 << (k % 64)
	}
}

// Restrict narrows cell i to the digits in mask, and propagates when that
// leaves one; false on a contradiction.
func (p *Propagator) Restrict(cand []uint64, i int32, mask uint64) bool {
	m := cand[i] & mask
	if m == 0 {
		return false
	}
	if m&(m-1) == 0 {
		return p.Assign(cand, i, m)
	}
	cand[i] = m
	p.Touch(i)
	return true
}

// Assign fixes cell i to the single digit in mask and propagates naked
// singles along peers; false on a contradiction.
func (p *Propagator) Assign(cand []uint64, i int32, mask uint64) bool {
	if cand[i]&mask == 0 {
		return false
	}
	cand[i] = mask
	p.Touch(i)
	p.queue = append(p.queue[:0], i)
	for len(p.queue) > 0 {
		c := p.queue[len(p.queue)-1]
		p.queue = p.queue[:len(p.queue)-1]
		m := cand[c]
		for _, q := range p.Units.Peers[c] {
			if cand[q]&m == 0 {
				continue
			}
			cand[q] &^= m
			p.Touch(q)
			switch bits.OnesCount64(cand[q]) {
			case 0:
				return false
			case 1:
				p.queue = append(p.queue, q)
			}
		}
	}
	return true
}

// Hidden places every digit that has one place left in a dirty unit, with
// its naked singles, until no unit is dirty; false on a contradiction (a
// digit with no place in a unit, or a naked single's). After a
// contradiction some units may still be marked dirty.
func (p *Propagator) Hidden(cand []uint64) bool {
	for {
		w := 0
		if p.Dirty[0] == 0 {
			if p.Dirty[1] == 0 {
				return true
			}
			w = 1
		}
		b := bits.TrailingZeros64(p.Dirty[w])
		p.Dirty[w] &^= 1 << b
		unit := p.Units.Cells[64*w+b]
		var once, twice, fixed uint64
		for _, c := range unit {
			m := cand[c]
			twice |= once & m
			once |= m
			if m&(m-1) == 0 {
				fixed |= m
			}
		}
		if once != p.Full {
			return false
		}
		hidden := once &^ twice &^ fixed
		for hidden != 0 {
			d := hidden & -hidden
			hidden &^= d
			for _, c := range unit {
				if cand[c]&d != 0 {
					if !p.Assign(cand, c, d) {
						return false
					}
					break
				}
			}
		}
	}
}
