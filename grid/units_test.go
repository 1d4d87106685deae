package grid_test

import (
	"slices"
	"testing"

	. "github.com/sudokugen/sudokugen/grid"
)

func TestUnits(t *testing.T) {
	for _, s := range []Shape{{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 3, BoxCols: 2}, {BoxRows: 3, BoxCols: 3}, {BoxRows: 3, BoxCols: 4}, {BoxRows: 4, BoxCols: 4}, {BoxRows: 5, BoxCols: 5}, {BoxRows: 6, BoxCols: 6}} {
		t.Run(s.String(), func(t *testing.T) {
			u := s.Units()
			n := s.N()
			if u != s.Units() {
				t.Errorf("Units() built twice, want one cached table")
			}
			if len(u.Cells) != 3*n || len(u.Of) != n*n || len(u.Peers) != n*n {
				t.Fatalf("sizes %d, %d, %d, want %d, %d, %d", len(u.Cells), len(u.Of), len(u.Peers), 3*n, n*n, n*n)
			}
			g := New(s)
			for i := 0; i < n*n; i++ {
				r, c := i/n, i%n
				want := [3]int32{int32(r), int32(n + c), int32(2*n + g.Box(r, c))}
				if u.Of[i] != want {
					t.Errorf("Of[%d] = %v, want %v", i, u.Of[i], want)
				}
				for _, k := range u.Of[i] {
					if !slices.Contains(u.Cells[k], int32(i)) {
						t.Errorf("unit %d does not list cell %d", k, i)
					}
				}
				// A peer shares a row, column or box, and is not the cell.
				var want2 []int32
				for j := 0; j < n*n; j++ {
					rj, cj := j/n, j%n
					if j != i && (rj == r || cj == c || g.Box(rj, cj) == g.Box(r, c)) {
						want2 = append(want2, int32(j))
					}
				}
				got := slices.Sorted(slices.Values(u.Peers[i]))
				if !slices.Equal(got, want2) {
					t.Errorf("Peers[%d] = %v, want %v", i, got, want2)
				}
			}
			for k, cells := range u.Cells {
				if len(cells) != n || !slices.IsSorted(cells) {
					t.Errorf("unit %d = %v, want %d cells in reading order", k, cells, n)
				}
			}
		})
	}
}
