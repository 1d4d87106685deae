package search

import "math/bits"

// The search on the classic 9x9 grid keeps, per digit, the cells where the
// digit may still go as three 27-bit bands (rows 1-3, 4-6, 7-9; bit
// 9*(row%3)+column), as tdoku and JCZSolve do, and the cells not yet
// placed. Placing a digit is a dozen word operations, naked singles come
// from counting the digits of every cell of a band at once, and hidden
// singles from the rows, boxes and columns of each digit's bands. It
// visits the same tree as the general search (the same propagation, which
// is unit propagation, the same branching cell and the same order of
// digits), so the two count the same nodes and find the same solutions in
// the same order; only the cost per node differs.

// board is the state of a 9x9 search.
type board struct {
	f  [27]uint32 // f[3*d+b]: the cells of band b where digit d+1 may go, placed ones included
	un [3]uint32  // the cells of each band not yet placed
	// seen holds f as hidden last looked at it: a digit's band that has
	// not changed since has no hidden single and no empty unit.
	seen [27]uint32
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
	// colBits[c] holds the three cells of column c in a band.
	colBits [9]uint32
)

func init() {
	for c := range 9 {
		colBits[c] = 1<<c | 1<<(c+9) | 1<<(c+18)
	}
	for i := range 27 {
		r, c := i/9, i%9
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
	bit := uint32(1) << i
	f := &bd.f
	f[b] &^= bit
	f[b+3] &^= bit
	f[b+6] &^= bit
	f[b+9] &^= bit
	f[b+12] &^= bit
	f[b+15] &^= bit
	f[b+18] &^= bit
	f[b+21] &^= bit
	f[b+24] &^= bit
	k := 3 * d
	f[k+b] = (f[k+b] | bit) &^ bandPeers[i]
	col := colBits[i%9]
	bd.nk |= 1 << b
	for o := range 3 {
		if o != b && f[k+o]&col != 0 {
			f[k+o] &^= col
			bd.nk |= 1 << o
		}
	}
	bd.un[b] &^= bit
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
		f := &bd.f
		var once, twice uint32
		for k := b; k < 27; k += 3 {
			x := f[k]
			twice |= once & x
			once |= x
		}
		if un&^once != 0 {
			return false
		}
		single := un & once &^ twice
		if single == 0 {
			continue
		}
		// each single's digit, digit by digit; a single that lost its
		// digit to a single placed just now has none left
		for d := 0; d < 9 && single != 0; d++ {
			for m := f[3*d+b] & single; m != 0; m &= m - 1 {
				i := bits.TrailingZeros32(m)
				if f[3*d+b]&(1<<i) == 0 {
					return false
				}
				bd.place(b, i, d)
			}
			single &^= f[3*d+b]
		}
		if single != 0 {
			return false
		}
	}
	return true
}

// hidden places every digit that has one place left in a row, a column or
// a box; placed reports that it placed some, ok false a contradiction (a
// digit with no place in a unit, or two hidden singles that clash).
func (bd *board) hidden() (placed, ok bool) {
	for d := range 9 {
		k := 3 * d
		x0, x1, x2 := bd.f[k], bd.f[k+1], bd.f[k+2]
		if x0 == bd.seen[k] && x1 == bd.seen[k+1] && x2 == bd.seen[k+2] {
			continue
		}
		var s0, s1, s2, e uint32
		if x0 != bd.seen[k] {
			s0, e = bandSingles(x0)
		}
		if x1 != bd.seen[k+1] {
			var e1 uint32
			s1, e1 = bandSingles(x1)
			e |= e1
		}
		if x2 != bd.seen[k+2] {
			var e2 uint32
			s2, e2 = bandSingles(x2)
			e |= e2
		}
		bd.seen[k], bd.seen[k+1], bd.seen[k+2] = x0, x1, x2
		// the columns: the nine rows folded
		a0, a1, a2 := x0|x0>>9|x0>>18, x1|x1>>9|x1>>18, x2|x2>>9|x2>>18
		t0 := x0&(x0>>9|x0>>18) | x0>>9&(x0>>18)
		t1 := x1&(x1>>9|x1>>18) | x1>>9&(x1>>18)
		t2 := x2&(x2>>9|x2>>18) | x2>>9&(x2>>18)
		once := (a0 | a1 | a2) & rowBits
		twice := (t0 | t1 | t2 | a0&a1 | a0&a2 | a1&a2) & rowBits
		if e>>31 != 0 || once != rowBits {
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
				if bd.f[k+b]&(1<<i) == 0 {
					return placed, false
				}
				bd.place(b, i, d)
				placed = true
			}
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
		if !bd.naked() {
			return false
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
		var once, twice, thrice uint32
		for k := b; k < 27; k += 3 {
			x := bd.f[k] & un
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
			for d := range 9 {
				k += int(bd.f[3*d+b] >> i & 1)
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
	for d := range 9 {
		m |= uint64(bd.f[3*d+b]>>i&1) << d
	}
	return best, m
}

// run is Search.run on the classic 9x9 grid.
func (n *nine) run(s *Search, cells []uint8, x int, d uint8) {
	bd := &n.st[0]
	for k := range bd.f {
		bd.f[k] = band
	}
	bd.un = [3]uint32{band, band, band}
	bd.seen = [27]uint32{}
	bd.nk = 7
	ok := true
	for c, v := range cells {
		if v == 0 {
			continue
		}
		b, i := c/27, c%27
		if bd.f[3*int(v-1)+b]&(1<<i) == 0 {
			ok = false
			break
		}
		bd.place(b, i, int(v-1))
	}
	if ok && x >= 0 {
		if cells[x] == d {
			ok = false
		} else {
			bd.f[3*int(d-1)+x/27] &^= 1 << (x % 27)
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
		for d := range 9 {
			for b := range 3 {
				for x := bd.f[3*d+b]; x != 0; x &= x - 1 {
					n.sol[27*b+bits.TrailingZeros32(x)] = uint8(d + 1)
				}
			}
		}
		return s.solution(n.sol[:], depth+1)
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
