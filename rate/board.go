package rate

import (
	"math/bits"
	"sync"

	"github.com/sudokugen/sudokugen/grid"
)

// Unit types, in the order the solver scans them (boxes first).
const (
	boxUnit = iota
	rowUnit
	colUnit
)

// geom is the fixed layout of one shape: units and peers.
type geom struct {
	shape grid.Shape
	n, nc int
	// units[t*n+i] lists the cells of unit i of type t, in reading order.
	units [][]int32
	// cellUnit[c][t] is the unit of type t that holds cell c.
	cellUnit [][3]int32
	// peers[c] lists the other cells of c's box, then row, then column,
	// each once; peerType[c][k] is the unit type peers[c][k] came from.
	peers    [][]int32
	peerType [][]uint8
	// cellIdx[c][t] is c's position in its unit of type t; peerMask[c][t]
	// holds the positions in that unit of the peers that peers[c] lists
	// under type t
	cellIdx  [][3]uint8
	peerMask [][3]uint64
	// cross[u][t] lists the units of type t that meet unit u (of
	// another type), with the positions of their common cells in each
	cross [][3][]crossing
	// peerSet[c] holds peers[c] as a set, on grids small enough for a
	// cellSet (nil otherwise)
	peerSet []cellSet
	// scan lists the units in the order the solver scans them
	scan []int
	// scratch keeps the memory of finished solves (*scratch) for the
	// next puzzle of this shape
	scratch sync.Pool
	// searches keeps the counting searches (*search.Search) of this
	// shape, one per solve in flight
	searches sync.Pool
}

// crossing is where unit v meets another unit u: the positions of the
// common cells in u and in v.
type crossing struct {
	v        int32
	inU, inV uint64
}

var geoms sync.Map // grid.Shape -> *geom

// gridKind maps rate's unit types to grid's kinds of unit.
var gridKind = [3]int{boxUnit: grid.BoxUnit, rowUnit: grid.RowUnit, colUnit: grid.ColUnit}

func geomOf(s grid.Shape) *geom {
	if g, ok := geoms.Load(s); ok {
		return g.(*geom)
	}
	n := s.N()
	g := &geom{shape: s, n: n, nc: n * n}
	gu := s.Units()
	g.unitsFrom(gu)
	g.orderPeers(gu)
	g.positionTables()
	g.crossings()
	if n*n <= 128 {
		g.peerSet = make([]cellSet, n*n)
		for c, ps := range g.peers {
			for _, p := range ps {
				g.peerSet[c].add(int(p))
			}
		}
	}
	g.scan = g.scanUnits()
	act, _ := geoms.LoadOrStore(s, g)
	return act.(*geom)
}

// unitsFrom takes the units and the cell-to-unit map from grid's tables,
// renumbered into rate's order of unit types: boxes, rows, columns. The
// cell lists are shared with grid.
func (g *geom) unitsFrom(gu *grid.Units) {
	n := g.n
	g.units = make([][]int32, 3*n)
	for t, k := range gridKind {
		copy(g.units[t*n:(t+1)*n], gu.Cells[k*n:(k+1)*n])
	}
	g.cellUnit = make([][3]int32, g.nc)
	for c, of := range gu.Of {
		for t, k := range gridKind {
			g.cellUnit[c][t] = of[k] - int32(k*n) + int32(t*n)
		}
	}
}

// orderPeers lists each cell's peers the way the solver visits them: its
// box in reading order, then grid's peers outside the box, which come row
// first, then column.
func (g *geom) orderPeers(gu *grid.Units) {
	g.peers = make([][]int32, g.nc)
	g.peerType = make([][]uint8, g.nc)
	for c := range g.peers {
		ps := make([]int32, 0, len(gu.Peers[c]))
		ts := make([]uint8, 0, len(gu.Peers[c]))
		box := g.cellUnit[c][boxUnit]
		for _, p := range g.units[box] {
			if int(p) != c {
				ps, ts = append(ps, p), append(ts, boxUnit)
			}
		}
		for _, p := range gu.Peers[c] {
			switch {
			case g.cellUnit[p][boxUnit] == box:
			case g.cellUnit[p][rowUnit] == g.cellUnit[c][rowUnit]:
				ps, ts = append(ps, p), append(ts, rowUnit)
			default:
				ps, ts = append(ps, p), append(ts, colUnit)
			}
		}
		g.peers[c], g.peerType[c] = ps, ts
	}
}

// positionTables fills cellIdx and peerMask.
func (g *geom) positionTables() {
	n := g.n
	g.cellIdx = make([][3]uint8, g.nc)
	g.peerMask = make([][3]uint64, g.nc)
	for t := 0; t < 3; t++ {
		for u := t * n; u < (t+1)*n; u++ {
			for i, c := range g.units[u] {
				g.cellIdx[c][t] = uint8(i)
			}
		}
	}
	for c := range g.peers {
		for k, p := range g.peers[c] {
			t := g.peerType[c][k]
			g.peerMask[c][t] |= 1 << g.cellIdx[p][t]
		}
	}
}

// crossings fills cross: for each unit and each other unit type, the
// units of that type it meets, in the order its cells reach them.
func (g *geom) crossings() {
	n := g.n
	g.cross = make([][3][]crossing, 3*n)
	for u, cells := range g.units {
		for t := 0; t < 3; t++ {
			if t == u/n {
				continue
			}
			for i, c := range cells {
				v := g.cellUnit[c][t]
				k := -1
				for j, x := range g.cross[u][t] {
					if x.v == v {
						k = j
					}
				}
				if k < 0 {
					g.cross[u][t] = append(g.cross[u][t], crossing{v: v})
					k = len(g.cross[u][t]) - 1
				}
				x := &g.cross[u][t][k]
				x.inU |= 1 << i
				x.inV |= 1 << g.cellIdx[c][t]
			}
		}
	}
}

// sees reports whether distinct cells a and b share a unit.
func (g *geom) sees(a, b int) bool {
	ua, ub := g.cellUnit[a], g.cellUnit[b]
	return ua[0] == ub[0] || ua[1] == ub[1] || ua[2] == ub[2]
}

// unitName names a unit in plain words, 1-based: "box 6", "row 4".
func (g *geom) unitName(u int) string {
	return [3]string{"box ", "row ", "column "}[u/g.n] + itoa(u%g.n+1)
}

func itoa(i int) string {
	if i < 10 && i >= 0 {
		return string(rune('0' + i))
	}
	var b [20]byte
	p := len(b)
	neg := i < 0
	if neg {
		i = -i
	}
	for i > 0 {
		p--
		b[p] = byte('0' + i%10)
		i /= 10
	}
	if neg {
		p--
		b[p] = '-'
	}
	return string(b[p:])
}

// board is the solving state: digits placed and candidates left. Candidate
// digit d (1..N) of cell c is bit d-1 of cand[c]; placed cells have no
// candidates.
type board struct {
	*geom
	val  []uint8
	cand []uint64
	left int // empty cells
}

// place puts digit d in cell c and removes d from its peers.
func (b *board) place(c, d int) {
	b.val[c] = uint8(d)
	b.cand[c] = 0
	b.left--
	m := ^(uint64(1) << (d - 1))
	for _, p := range b.peers[c] {
		b.cand[p] &= m
	}
}

// positions returns the bit set of positions (indexes into the unit) of
// digit d in unit u.
func (b *board) positions(u, d int) uint64 {
	var m uint64
	bit := uint64(1) << (d - 1)
	for i, c := range b.units[u] {
		if b.cand[c]&bit != 0 {
			m |= 1 << i
		}
	}
	return m
}

func (b *board) has(c, d int) bool { return b.cand[c]>>(d-1)&1 != 0 }

func popcount(m uint64) int { return bits.OnesCount64(m) }

// digitsOf lists the digits of a candidate mask, ascending.
func digitsOf(m uint64) []int {
	out := make([]int, 0, popcount(m))
	for m != 0 {
		out = append(out, bits.TrailingZeros64(m)+1)
		m &= m - 1
	}
	return out
}

func lowDigit(m uint64) int { return bits.TrailingZeros64(m) + 1 }
