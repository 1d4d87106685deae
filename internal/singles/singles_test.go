package singles

import (
	"math/bits"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// full returns a valid full 9x9 grid: row r is the first row shifted by
// 3*(r%3) + r/3.
func full() []uint8 {
	cells := make([]uint8, 81)
	for r := range 9 {
		for c := range 9 {
			cells[r*9+c] = uint8((r%3*3+r/3+c)%9 + 1)
		}
	}
	return cells
}

// start returns the candidates of cells (0 for empty) after the naked
// singles of their givens, with every unit dirty, and whether that held.
func start(p *Propagator, cells []uint8) ([]uint64, bool) {
	cand := make([]uint64, len(cells))
	for i := range cand {
		cand[i] = p.Full
	}
	for i, v := range cells {
		if v != 0 && !p.Assign(cand, int32(i), 1<<(v-1)) {
			return cand, false
		}
	}
	p.MarkAll()
	return cand, true
}

func TestSinglesRestoreGrid(t *testing.T) {
	sol := full()
	p := New(grid.Shape{BoxRows: 3, BoxCols: 3}.Units())
	// Emptying one cell per unit's worth leaves each forced: a whole box
	// and a whole row empty are still filled by singles.
	cells := append([]uint8(nil), sol...)
	for i := range 9 {
		cells[i] = 0               // row 1
		cells[(i/3+3)*9+3+i%3] = 0 // the centre box
	}
	cand, ok := start(&p, cells)
	if !ok || !p.Hidden(cand) {
		t.Fatal("singles found a contradiction in a puzzle with a solution")
	}
	for i, m := range cand {
		if bits.OnesCount64(m) != 1 || m != 1<<(sol[i]-1) {
			t.Fatalf("cell %d: candidates %b, want digit %d alone", i, m, sol[i])
		}
	}
	if p.Dirty != [2]uint64{} {
		t.Errorf("units still dirty after Hidden: %b", p.Dirty)
	}
}

func TestSinglesContradictions(t *testing.T) {
	p := New(grid.Shape{BoxRows: 3, BoxCols: 3}.Units())
	// Two 5s in the first row: the second one's naked single fails.
	cells := make([]uint8, 81)
	cells[0], cells[8] = 5, 5
	if _, ok := start(&p, cells); ok {
		t.Error("two 5s in a row: Assign found no contradiction")
	}
	// The first row's digit of cell 0 has no place left in the row.
	sol := full()
	cand, ok := start(&p, sol)
	if !ok || !p.Hidden(cand) {
		t.Fatal("a full valid grid: contradiction found")
	}
	cand[0] = 1 << (sol[1] - 1)
	p.MarkAll()
	if p.Hidden(cand) {
		t.Error("a digit with no place in the first row: Hidden found no contradiction")
	}
	// Restrict to digits the cell no longer has.
	cand, _ = start(&p, sol)
	if p.Restrict(cand, 1, 1<<(sol[0]-1)) {
		t.Error("Restrict to a digit the cell cannot hold: no contradiction")
	}
	// Restrict that leaves two digits narrows the cell and marks its
	// units, without propagating.
	cand, _ = start(&p, make([]uint8, 81))
	p.Dirty = [2]uint64{}
	if !p.Restrict(cand, 0, 0b11) || cand[0] != 0b11 || cand[1] != p.Full || p.Dirty == [2]uint64{} {
		t.Errorf("Restrict of an empty grid's cell 0 to digits 1 and 2: ok, cell 0 %b, cell 1 %b, dirty %b", cand[0], cand[1], p.Dirty)
	}
}
