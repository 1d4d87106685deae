package rate

import (
	"slices"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// TestGeom checks the tables geomOf builds against their definitions:
// units in the order boxes, rows, columns, each cell's peers box first,
// then row, then column, and the positions the chains and the locking
// search read.
func TestGeom(t *testing.T) {
	shapes := []grid.Shape{{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 3, BoxCols: 2}, {BoxRows: 2, BoxCols: 4}, {BoxRows: 3, BoxCols: 3}, {BoxRows: 3, BoxCols: 4}, {BoxRows: 4, BoxCols: 4}, {BoxRows: 5, BoxCols: 5}}
	for _, sh := range shapes {
		t.Run(sh.String(), func(t *testing.T) {
			g := geomOf(sh)
			n := sh.N()
			gr := grid.New(sh)
			unitOf := func(c int, typ int) int {
				r, col := c/n, c%n
				return typ*n + [3]int{gr.Box(r, col), r, col}[typ]
			}
			for u := range 3 * n {
				var want []int32
				for c := range n * n {
					if unitOf(c, u/n) == u {
						want = append(want, int32(c))
					}
				}
				if !slices.Equal(g.units[u], want) {
					t.Errorf("units[%d] = %v, want %v", u, g.units[u], want)
				}
			}
			for c := range n * n {
				for typ := range 3 {
					if got, want := int(g.cellUnit[c][typ]), unitOf(c, typ); got != want {
						t.Errorf("cellUnit[%d][%d] = %d, want %d", c, typ, got, want)
					}
					if got, want := g.units[g.cellUnit[c][typ]][g.cellIdx[c][typ]], int32(c); got != want {
						t.Errorf("units[cellUnit[%d][%d]][cellIdx] = %d, want %d", c, typ, got, want)
					}
				}
				var peers []int32
				var types []uint8
				var masks [3]uint64
				for typ := range 3 {
					for i, p := range g.units[unitOf(c, typ)] {
						if int(p) != c && !slices.Contains(peers, p) {
							peers, types = append(peers, p), append(types, uint8(typ))
							masks[typ] |= 1 << i
						}
					}
				}
				if !slices.Equal(g.peers[c], peers) || !slices.Equal(g.peerType[c], types) {
					t.Errorf("peers[%d] = %v, types %v, want %v, types %v", c, g.peers[c], g.peerType[c], peers, types)
				}
				if g.peerMask[c] != masks {
					t.Errorf("peerMask[%d] = %b, want %b", c, g.peerMask[c], masks)
				}
				if g.peerSet != nil {
					for p := range n * n {
						if got, want := g.peerSet[c].has(p), slices.Contains(peers, int32(p)); got != want {
							t.Errorf("peerSet[%d].has(%d) = %v, want %v", c, p, got, want)
						}
					}
				}
			}
			checkCrossings(t, g, n, unitOf)
		})
	}
}

// checkCrossings checks the crossings geomOf builds: for each unit and
// each other type of unit, the units of that type it meets, with the
// positions of the shared cells in each.
func checkCrossings(t *testing.T, g *geom, n int, unitOf func(c, typ int) int) {
	t.Helper()
	for u, cells := range g.units {
		for typ := range 3 {
			if typ == u/n {
				continue
			}
			var want []crossing
			for i, c := range cells {
				v := int32(unitOf(int(c), typ))
				k := slices.IndexFunc(want, func(x crossing) bool { return x.v == v })
				if k < 0 {
					want = append(want, crossing{v: v})
					k = len(want) - 1
				}
				want[k].inU |= 1 << i
				want[k].inV |= 1 << slices.Index(g.units[v], c)
			}
			if !slices.Equal(g.cross[u][typ], want) {
				t.Errorf("cross[%d][%d] = %v, want %v", u, typ, g.cross[u][typ], want)
			}
		}
	}
}
