package grid

import "sync"

// Units is the fixed geometry of one shape: which cells make up each row,
// column and box, the unit each cell lies in, and each cell's peers. Every
// package that works on candidates (the verifier's search, the generator's
// board, the rater) takes its tables from here. A Units is shared and must
// not be modified.
type Units struct {
	Shape Shape
	N     int
	// Cells lists the cells (row-major indices) of each unit in reading
	// order: rows 0..N-1, then columns N..2N-1, then boxes 2N..3N-1.
	Cells [][]int32
	// Of gives, for each cell, the index in Cells of its row, its column
	// and its box, in that order.
	Of [][3]int32
	// Peers lists, for each cell, the other cells of its row, then of its
	// column, then of its box, each cell once.
	Peers [][]int32
}

// Unit kinds, the order of Units.Cells and Units.Of.
const (
	RowUnit = iota
	ColUnit
	BoxUnit
)

// Units returns the unit tables of shape s, built on first use and then
// cached. s must be valid (see Validate).
func (s Shape) Units() *Units {
	if u, ok := unitCache.Load(s); ok {
		return u.(*Units)
	}
	u, _ := unitCache.LoadOrStore(s, buildUnits(s))
	return u.(*Units)
}

var unitCache sync.Map // Shape -> *Units

func buildUnits(s Shape) *Units {
	n := s.N()
	u := &Units{Shape: s, N: n, Cells: make([][]int32, 3*n), Of: make([][3]int32, n*n), Peers: make([][]int32, n*n)}
	for i := range u.Cells {
		u.Cells[i] = make([]int32, 0, n)
	}
	across := n / s.BoxCols
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			i := int32(r*n + c)
			b := (r/s.BoxRows)*across + c/s.BoxCols
			u.Of[i] = [3]int32{int32(r), int32(n + c), int32(2*n + b)}
			for _, k := range u.Of[i] {
				u.Cells[k] = append(u.Cells[k], i)
			}
		}
	}
	seen := make([]int32, n*n)
	for i := range u.Peers {
		u.Peers[i] = make([]int32, 0, 3*(n-1))
		seen[i] = int32(i) + 1
		for _, k := range u.Of[i] {
			for _, j := range u.Cells[k] {
				if seen[j] != int32(i)+1 {
					seen[j] = int32(i) + 1
					u.Peers[i] = append(u.Peers[i], j)
				}
			}
		}
	}
	return u
}
