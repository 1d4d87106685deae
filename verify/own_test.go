package verify

import (
	"errors"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
)

// WithOwn never lets a verdict stand that a solution the direct check
// accepts contradicts: none, or unique with another solution, become
// errors that wrap ErrDisagree; a solution that breaks a rule is told and
// the verdict kept.
func TestWithOwn(t *testing.T) {
	const sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	g, err := formats.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	own := []uint8(strings.Repeat("\x00", 81))
	for i := range own {
		own[i] = sol[i] - '0'
	}
	other := g.Clone()
	copy(other.Cells, own)
	other.Cells[80] = 1 // not a solution, only another grid
	broken := append([]uint8(nil), own...)
	broken[2], broken[3] = broken[3], broken[2] // r1c3 and r1c4: columns 3 and 4 repeat
	tests := []struct {
		name     string
		r        Result
		own      []uint8
		wantOwn  Own
		disagree bool
	}{
		{"no own solution", Result{Status: None}, nil, NoOwn, false},
		{"holds, unique with it", Result{Status: Unique, Solutions: []grid.Grid{{Shape: g.Shape, Cells: own}}}, own, OwnHolds, false},
		{"holds, multiple", Result{Status: Multiple}, own, OwnHolds, false},
		{"holds, none", Result{Status: None}, own, OwnHolds, true},
		{"holds, unique with another", Result{Status: Unique, Solutions: []grid.Grid{other}}, own, OwnHolds, true},
		{"breaks", Result{Status: None}, broken, OwnBreaks, false},
	}
	for _, tt := range tests {
		r := WithOwn(g, tt.own, tt.r)
		if r.Own != tt.wantOwn || errors.Is(r.Err, ErrDisagree) != tt.disagree || (r.OwnErr != nil) != (tt.wantOwn == OwnBreaks) {
			t.Errorf("%s: own %v, err %v, own err %v; want own %v, a disagreement %v", tt.name, r.Own, r.Err, r.OwnErr, tt.wantOwn, tt.disagree)
		}
	}
}
