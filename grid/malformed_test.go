package grid_test

import (
	"strings"
	"testing"

	. "github.com/sudokugen/sudokugen/grid"
)

func TestMalformed(t *testing.T) {
	box := Shape{BoxRows: 3, BoxCols: 3}
	prime := Shape{BoxRows: 1, BoxCols: 5}
	rows := make([]uint8, 25) // the rows of a 5x5 grid as its regions
	for i := range rows {
		rows[i] = uint8(i / 5)
	}
	tests := []struct {
		name string
		g    Grid
		want string // "" for no error
	}{
		{"empty 9x9", New(box), ""},
		{"short", Grid{Shape: box, Cells: make([]uint8, 80)}, "80 cells for a 9x9 grid, want 81"},
		{"digit", func() Grid { g := New(box); g.Cells[12] = 10; return g }(), "r2c4 holds 10, more than 9"},
		{"box of one row", Grid{Shape: Shape{BoxRows: 1, BoxCols: 9}, Cells: make([]uint8, 81)}, "need at least 2 rows"},
		{"prime without regions", Grid{Shape: prime, Cells: make([]uint8, 25)}, "no boxes"},
		{"prime jigsaw", Grid{Shape: prime, Cells: make([]uint8, 25), Rules: NewRules(Regions.Of(rows))}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.g.Malformed()
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Malformed() = %v, want nil", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("Malformed() = %v, want an error saying %q", err, tt.want)
			}
		})
	}
}
