package search

import "math/bits"

// The search on the classic 9x9 grid keeps, per digit, the cells where the
// digit may still go as three 27-bit bands (rows 1-3, 4-6, 7-9; bit
// 9*(row%3)+column), as tdoku and JCZSolve do, and the cells not yet
// placed. Placing a digit is a dozen word operations, naked singles come
// from counting the digits of all the cells of a band at once, and hidden
// singles from the rows, boxes and columns of each digit's bands, looked
// at again only when they changed. It visits the same tree as the general
// search (the same propagation, which is unit propagation, the same
// branching cell and the same order of digits), so the two count the same
// nodes and find the same solutions in the same order; only the cost per
// node differs.

// board is the state of a 9x9 search.
type board struct {
	f  [3][9]uint32 // f[b][d]: the cells of band b where digit d+1 may go, placed ones included
	un [3]uint32    // the cells of each band not yet placed
	// seen holds f as hidden last looked at it: a digit's band that has
	// not changed since has no hidden single and no empty unit.
	seen [3][9]uint32
	// nk holds the bands where a cell lost a candidate since naked last
	// looked at them.
	nk uint8
}

const (
	band     = 1<<27 - 1
	rowBits  = 1<<9 - 1
	boxBits0 = 7 | 7<<9 | 7<<18 // the first box of a band
	boxBits1 = boxBits0 << 3
	boxBits2 = boxBits0 << 6
)

var (
	// bandPeers[i] holds the cells of bit i's band that share its row or
	// its box, itself excluded.
	bandPeers [27]uint32
	// colOf[i] holds the three cells of bit i's column in a band.
	colOf [27]uint32
	// others[b] holds the two bands other than b.
	others = [3][2]uint8{{1, 2}, {0, 2}, {0, 1}}
)

func init() {
	for i := range 27 {
		r, c := i/9, i%9
		colOf[i] = 1<<c | 1<<(c+9) | 1<<(c+18)
		for j := range 27 {
			if j != i && (j/9 == r || j%9/3 == c/3) {
				bandPeers[i] |= 1 << j
			}
		}
	}
}

// nine is the scratch state of the 9x9 search.
type nine struct {
	st  [82]board // the state per depth
	sol [81]uint8
}

func newNine() *nine { return new(nine) }

// place puts digit d (0-based) in bit i of band b: the cell leaves the
// other digits and the unplaced cells, and d leaves the cell's peers.
func (bd *board) place(b, i, d int) {
	bit := uint32(1) << (i & 31)
	row := &bd.f[b]
	row[0] &^= bit
	row[1] &^= bit
	row[2] &^= bit
	row[3] &^= bit
	row[4] &^= bit
	row[5] &^= bit
	row[6] &^= bit
	row[7] &^= bit
	row[8] &^= bit
	row[d] = (row[d] | bit) &^ bandPeers[i]
	bd.un[b] &^= bit
	// d leaves the cell's column in the other bands; naked looks again
	// at the bands where a cell lost it
	col := colOf[i]
	o := &others[b]
	o1, o2 := o[0], o[1]
	x1, x2 := bd.f[o1][d], bd.f[o2][d]
	c1, c2 := x1&col, x2&col
	bd.f[o1][d], bd.f[o2][d] = x1^c1, x2^c2
	bd.nk |= 1<<b | uint8((c1|-c1)>>31)<<o1 | uint8((c2|-c2)>>31)<<o2
}

// naked places every unplaced cell with one candidate left, until there
// is none; false on a contradiction (a cell with none).
func (bd *board) naked() bool {
	for bd.nk != 0 {
		b := bits.TrailingZeros8(bd.nk)
		bd.nk &^= 1 << b
		un := bd.un[b]
		if un == 0 {
			continue
		}
		// the cells with one candidate or more, two or more: unrolled,
		// since a loop here cost 8 % more instructions and a quarter
		// more mispredicted branches in all (cachegrind, royle17)
		row := &bd.f[b]
		once := row[0]
		twice := once & row[1]
		once |= row[1]
		twice |= once & row[2]
		once |= row[2]
		twice |= once & row[3]
		once |= row[3]
		twice |= once & row[4]
		once |= row[4]
		twice |= once & row[5]
		once |= row[5]
		twice |= once & row[6]
		once |= row[6]
		twice |= once & row[7]
		once |= row[7]
		twice |= once & row[8]
		once |= row[8]
		if un&^once != 0 {
			return false
		}
		single := un & once &^ twice
		if single == 0 {
			continue
		}
		// the digit of each single, from the bits of the digit's index
		d0 := row[1] | row[3] | row[5] | row[7]
		d1 := row[2] | row[3] | row[6] | row[7]
		d2 := row[4] | row[5] | row[6] | row[7]
		d3 := row[8]
		for ; single != 0; single &= single - 1 {
			i := bits.TrailingZeros32(single)
			d := int(d0>>i&1 | d1>>i&1<<1 | d2>>i&1<<2 | d3>>i&1<<3)
			if row[d]&(1<<i) == 0 {
				return false // its digit went to a single placed just now
			}
			bd.place(b, i, d)
		}
	}
	return true
}

// hidden places every digit that has one place left in a row, a column or
// a box; placed reports that it placed some, ok false a contradiction (a
// digit with no place in a unit, or two hidden singles that clash).
func (bd *board) hidden() (placed, ok bool) {
	for d := range 9 {
		x0, x1, x2 := bd.f[0][d], bd.f[1][d], bd.f[2][d]
		c0, c1, c2 := x0 != bd.seen[0][d], x1 != bd.seen[1][d], x2 != bd.seen[2][d]
		if !c0 && !c1 && !c2 {
			continue
		}
		bd.seen[0][d], bd.seen[1][d], bd.seen[2][d] = x0, x1, x2
		// the rows and boxes of the bands that changed: a unit's cells,
		// when it has one, and bit 31 of empty when it has none
		var s0, s1, s2, empty uint32
		if c0 {
			s0, empty = bandSingles(x0)
		}
		if c1 {
			s, e := bandSingles(x1)
			s1, empty = s, empty|e
		}
		if c2 {
			s, e := bandSingles(x2)
			s2, empty = s, empty|e
		}
		// the columns: the nine rows folded
		a0, a1, a2 := x0|x0>>9|x0>>18, x1|x1>>9|x1>>18, x2|x2>>9|x2>>18
		t0 := x0&(x0>>9|x0>>18) | x0>>9&(x0>>18)
		t1 := x1&(x1>>9|x1>>18) | x1>>9&(x1>>18)
		t2 := x2&(x2>>9|x2>>18) | x2>>9&(x2>>18)
		once := (a0 | a1 | a2) & rowBits
		twice := (t0 | t1 | t2 | a0&a1 | a0&a2 | a1&a2) & rowBits
		if empty>>31 != 0 || once != rowBits {
			return placed, false
		}
		if cols := once &^ twice; cols != 0 {
			spread := cols | cols<<9 | cols<<18
			s0 |= x0 & spread
			s1 |= x1 & spread
			s2 |= x2 & spread
		}
		s0 &= bd.un[0]
		s1 &= bd.un[1]
		s2 &= bd.un[2]
		if s0|s1|s2 == 0 {
			continue
		}
		for b, s := range [3]uint32{s0, s1, s2} {
			for ; s != 0; s &= s - 1 {
				i := bits.TrailingZeros32(s)
				if bd.f[b][d]&(1<<i) == 0 {
					return placed, false
				}
				bd.place(b, i, d)
				placed = true
			}
		}
		if !bd.naked() {
			return placed, false
		}
	}
	return placed, true
}

// bandSingles returns the cells of band word x that are alone in their row
// or their box, and, in bit 31 of empty, whether a row or a box of the
// band has no cell at all.
func bandSingles(x uint32) (single, empty uint32) {
	r0, r1, r2 := x&rowBits, x&(rowBits<<9), x&(rowBits<<18)
	b0, b1, b2 := x&boxBits0, x&boxBits1, x&boxBits2
	empty = (r0-1)&^r0 | (r1-1)&^r1 | (r2-1)&^r2 | (b0-1)&^b0 | (b1-1)&^b1 | (b2-1)&^b2
	single = alone(r0) | alone(r1) | alone(r2) | alone(b0) | alone(b1) | alone(b2)
	return single, empty
}

// alone returns x when it has one bit, else 0 (x below 1<<31).
func alone(x uint32) uint32 {
	t := x & (x - 1)
	return x &^ uint32(int32(t|-t)>>31)
}

// propagate applies naked and hidden singles until neither places a digit;
// false on a contradiction. The board is naked-closed on entry.
func (bd *board) propagate() bool {
	for {
		placed, ok := bd.hidden()
		if !ok {
			return false
		}
		if !placed {
			return true
		}
	}
}

// branch returns the first cell (row-major) with the fewest candidates,
// and its candidates (bit d-1 for digit d); -1 when every cell is placed.
func (bd *board) branch() (cell int, m uint64) {
	best, bestCount := -1, 10
	for b := range 3 {
		un := bd.un[b]
		if un == 0 {
			continue
		}
		row := &bd.f[b]
		var once, twice, thrice uint32
		for _, x := range row {
			x &= un
			thrice |= twice & x
			twice |= once & x
			once |= x
		}
		if two := twice &^ thrice; two != 0 {
			best = 27*b + bits.TrailingZeros32(two)
			break
		}
		if bestCount == 3 {
			continue // an earlier band has a cell with three
		}
		// no cell of this band has two: count each cell's candidates
		for s := un; s != 0; s &= s - 1 {
			i := bits.TrailingZeros32(s)
			k := 0
			for _, x := range row {
				k += int(x >> i & 1)
			}
			if k < bestCount {
				best, bestCount = 27*b+i, k
				if k == 3 {
					break
				}
			}
		}
	}
	if best < 0 {
		return -1, 0
	}
	b, i := best/27, uint(best%27)
	for d, x := range bd.f[b] {
		m |= uint64(x>>i&1) << d
	}
	return best, m
}

// valid reports whether bd, with every cell placed, is a solution: each
// digit once in every row, box and column, and each cell one digit. A
// digit's band with three cells, none of its rows and boxes empty, has one
// in each; three such bands that cover the nine columns have one in each;
// and 81 cells, one per digit, row and band, that cover each band, are one
// digit each.
func (bd *board) valid() bool {
	if bd.un != [3]uint32{} {
		return false
	}
	for b := range 3 {
		var cells uint32
		for _, x := range bd.f[b] {
			// a row with no cell, a box with no cell: the lane's top
			// bit of v-1 &^ v, v the three rows or the three boxes of
			// the columns the band's rows fold into
			y := x | x>>9 | x>>18
			const rows, boxes = 1 | 1<<9 | 1<<18, 1 | 1<<3 | 1<<6
			if bits.OnesCount32(x) != 3 || (x-rows)&^x&(rows<<8) != 0 || (y-boxes)&^y&(boxes<<2) != 0 {
				return false
			}
			cells |= x
		}
		if cells != band {
			return false
		}
	}
	for d := range 9 {
		x0, x1, x2 := bd.f[0][d], bd.f[1][d], bd.f[2][d]
		if (x0|x0>>9|x0>>18|x1|x1>>9|x1>>18|x2|x2>>9|x2>>18)&rowBits != rowBits {
			return false
		}
	}
	return true
}

// run is Search.run on the classic 9x9 grid.
func (n *nine) run(s *Search, cells []uint8, x int, d uint8) {
	bd := &n.st[0]
	for b := range bd.f {
		for k := range bd.f[b] {
			bd.f[b][k] = band
		}
	}
	bd.un = [3]uint32{band, band, band}
	bd.seen = [3][9]uint32{}
	bd.nk = 7
	ok := true
	for c, v := range cells {
		if v == 0 {
			continue
		}
		b, i := c/27, c%27
		if bd.f[b][v-1]&(1<<i) == 0 {
			ok = false
			break
		}
		bd.place(b, i, int(v-1))
	}
	if ok && x >= 0 {
		if cells[x] == d {
			ok = false
		} else {
			bd.f[x/27][d-1] &^= 1 << (x % 27)
		}
	}
	if !ok || !bd.naked() {
		s.res.Complete, s.res.Root = true, true
		if s.Trace != nil {
			s.refute(Decision{})
		}
		return
	}
	if !n.solve(s, 0) {
		s.res.Complete = true
	}
}

// solve is general.solve on the board of the given depth (0 for the root).
func (n *nine) solve(s *Search, depth int) (stop bool) {
	if s.node() {
		return true
	}
	bd := &n.st[depth]
	if !bd.propagate() {
		s.res.Root = depth == 0
		if s.Trace != nil {
			s.refute(Decision{})
		}
		return false
	}
	cell, m := bd.branch()
	if cell < 0 {
		if s.res.Count < 2 || s.Each != nil { // else no one reads it
			for b := range bd.f {
				for d, x := range bd.f[b] {
					for ; x != 0; x &= x - 1 {
						n.sol[27*b+bits.TrailingZeros32(x)] = uint8(d + 1)
					}
				}
			}
		}
		return s.solution(n.sol[:], bd.valid(), depth+1)
	}
	next := &n.st[depth+1]
	b, i := cell/27, cell%27
	for bit := s.first(int32(cell), m); bit != 0; bit = m & -m {
		m &^= bit
		d := bits.TrailingZeros64(bit)
		*next = *bd
		next.place(b, i, d)
		if !next.naked() {
			if s.Trace != nil {
				s.refute(Decision{Cell: int32(cell), Digit: uint8(d + 1)})
			}
			continue
		}
		s.path = append(s.path, Decision{Cell: int32(cell), Digit: uint8(d + 1)})
		stop := n.solve(s, depth+1)
		s.path = s.path[:len(s.path)-1]
		if stop {
			return true
		}
	}
	if s.Trace != nil {
		s.refute(Decision{})
	}
	return false
}
