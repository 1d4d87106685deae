package rulesearch

import (
	"math/bits"

	"github.com/sudokugen/sudokugen/grid"
)

// The kinds' own clauses (grid.Lowered.Clauses) are propagated by unit
// propagation, generically: a clause is looked at again whenever one of
// its literals turns false (only then can it become unit or false: a
// literal turning true leaves nothing to do), and when all its literals but one
// are false, that one is made true (a digit placed in or taken from a
// cell, or an auxiliary variable set). So the search removes what unit
// propagation on those clauses removes, as it does for the other rules,
// and a kind needs no propagation of its own unless a faster one pays.
// The auxiliary variables' values are kept per depth of the search, as
// the candidates are.

// clauseTable is the kinds' own clauses of a model.
type clauseTable struct {
	n, cells int       // N, and N^3: the last cell variable
	lits     [][]int32 // the clauses, literals numbered as in grid.Lowered
	dec      [][]olit  // the same clauses, each literal decoded (see olit)
	// per literal, the clauses that hold it, looked at again when it
	// turns false (a clause can only become unit or false then): for
	// cell i and digit d (index i*N+d-1), posCell those with "i holds d"
	// (false when d is taken from i) and negCell those with its negation
	// (false when i holds d alone); per auxiliary variable, posAux and
	// negAux
	posCell, negCell [][]int32
	posAux, negAux   [][]int32
}

// olit is a literal of an own clause decoded once, so that its value is
// read without arithmetic on the variable's number: for a cell literal,
// the cell (at) and the digit's bit; for an auxiliary variable, its index
// (at) and bit 0. neg tells a negated literal.
type olit struct {
	bit uint64
	at  int32
	neg bool
}

// newClauseTable returns the table of l's clauses, nil when it has none.
func newClauseTable(n int, l *grid.Lowered) *clauseTable {
	if len(l.Clauses) == 0 {
		return nil
	}
	t := &clauseTable{n: n, cells: n * n * n,
		posCell: make([][]int32, n*n*n), negCell: make([][]int32, n*n*n),
		posAux: make([][]int32, l.Aux), negAux: make([][]int32, l.Aux)}
	for k, c := range l.Clauses {
		lits := make([]int32, len(c))
		dec := make([]olit, len(c))
		for i, lit := range c {
			lits[i] = int32(lit)
			v := max(lit, -lit)
			var of *[]int32
			if v <= t.cells {
				of = &t.posCell[v-1]
				if lit < 0 {
					of = &t.negCell[v-1]
				}
				dec[i] = olit{bit: 1 << ((v - 1) % n), at: int32((v - 1) / n), neg: lit < 0}
			} else {
				of = &t.posAux[v-t.cells-1]
				if lit < 0 {
					of = &t.negAux[v-t.cells-1]
				}
				dec[i] = olit{at: int32(v - t.cells - 1), neg: lit < 0}
			}
			if len(*of) == 0 || (*of)[len(*of)-1] != int32(k) {
				*of = append(*of, int32(k))
			}
		}
		t.lits = append(t.lits, lits)
		t.dec = append(t.dec, dec)
	}
	return t
}

// clauseState is the state of a search's unit propagation on the own
// clauses: the clauses to look at, and the auxiliary variables' values per
// depth (1 true, -1 false, 0 open).
type clauseState struct {
	t     *clauseTable
	dirty []bool
	queue []int32
	aux   []int8   // the values at the current depth: one of saved
	saved [][]int8 // per depth
}

func (c *clauseState) init(t *clauseTable) {
	c.t = t
	if t != nil {
		c.dirty = make([]bool, len(t.lits))
	}
}

// touch queues clauses to look at.
func (c *clauseState) touch(ks []int32) {
	for _, k := range ks {
		if !c.dirty[k] {
			c.dirty[k] = true
			c.queue = append(c.queue, k)
		}
	}
}

// touchAll queues every clause.
func (c *clauseState) touchAll() {
	for k := range c.t.lits {
		if !c.dirty[k] {
			c.dirty[k] = true
			c.queue = append(c.queue, int32(k))
		}
	}
}

func (c *clauseState) reset() {
	for _, k := range c.queue {
		c.dirty[k] = false
	}
	c.queue = c.queue[:0]
}

// useAux makes the values of depth d current: all open when fresh, else
// those of depth d-1.
func (s *Search) useAux(d int, fresh bool) {
	c := &s.clauses
	if c.t == nil {
		return
	}
	for len(c.saved) <= d {
		c.saved = append(c.saved, make([]int8, len(c.t.posAux)))
	}
	c.aux = c.saved[d]
	switch {
	case fresh:
		clear(c.aux)
	case d > 0:
		copy(c.aux, c.saved[d-1])
	}
}

// truth returns the value of literal l under cand and the auxiliary
// values: 1 true, -1 false, 0 open.
func (s *Search) truth(cand []uint64, l int32) int8 {
	t := s.own
	v, sign := l, int8(1)
	if l < 0 {
		v, sign = -l, -1
	}
	if int(v) > t.cells {
		return sign * s.clauses.aux[int(v)-t.cells-1]
	}
	m := cand[(int(v)-1)/t.n]
	bit := uint64(1) << ((int(v) - 1) % t.n)
	switch {
	case m&bit == 0:
		return -sign
	case m == bit:
		return sign
	}
	return 0
}

// unit looks at the next queued clause: when it has one literal left
// open and none true, it makes that one true; false on a conflict (every
// literal false).
func (s *Search) unit(cand []uint64) bool {
	c := &s.clauses
	k := c.queue[len(c.queue)-1]
	c.queue = c.queue[:len(c.queue)-1]
	c.dirty[k] = false
	open, last := 0, 0
	aux := c.aux
	for i, l := range s.own.dec[k] {
		var v int8
		if l.bit == 0 {
			v = aux[l.at]
		} else {
			m := cand[l.at]
			switch {
			case m&l.bit == 0:
				v = -1
			case m == l.bit:
				v = 1
			}
		}
		if l.neg {
			v = -v
		}
		switch v {
		case 1:
			return true
		case 0:
			open++
			last = i
		}
	}
	switch open {
	case 0:
		return false
	case 1:
		return s.makeTrue(cand, s.own.lits[k][last])
	}
	return true
}

// changed queues the clauses with a literal of cell i that turned false
// when its candidates went from old to m (m a subset of old, not empty).
func (s *Search) changed(i int32, old, m uint64) {
	t := s.own
	base := int(i) * t.n
	for r := old &^ m; r != 0; r &= r - 1 {
		s.clauses.touch(t.posCell[base+bits.TrailingZeros64(r)])
	}
	if m&(m-1) == 0 {
		s.clauses.touch(t.negCell[base+bits.TrailingZeros64(m)])
	}
}

// makeTrue makes open literal l true.
func (s *Search) makeTrue(cand []uint64, l int32) bool {
	t := s.own
	v := max(l, -l)
	if int(v) > t.cells {
		a := int(v) - t.cells - 1
		if l < 0 {
			s.clauses.aux[a] = -1
			s.clauses.touch(t.posAux[a])
		} else {
			s.clauses.aux[a] = 1
			s.clauses.touch(t.negAux[a])
		}
		return true
	}
	cell := int32((int(v) - 1) / t.n)
	bit := uint64(1) << ((int(v) - 1) % t.n)
	if l < 0 {
		return s.narrow(cand, cell, ^bit)
	}
	return s.narrow(cand, cell, bit)
}

// clausesHold reports whether every own clause holds on a leaf, every
// cell placed, with every auxiliary variable fixed.
func (s *Search) clausesHold(cand []uint64) bool {
	if s.own == nil {
		return true
	}
	for _, v := range s.clauses.aux {
		if v == 0 {
			return false
		}
	}
	for _, lits := range s.own.lits {
		ok := false
		for _, l := range lits {
			if s.truth(cand, l) == 1 {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}
