package formats_test

import (
	"testing"

	. "github.com/sudokugen/sudokugen/formats"
	. "github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rules"
)

var shape9 = Shape{BoxRows: 3, BoxCols: 3}

func mustParse(t *testing.T, s string) Grid {
	t.Helper()
	g, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func xRules() *Rules {
	return NewRules(rules.Extra.Of([]Group{{Kind: GroupDiagonal, Cells: Diagonal(9)}, {Kind: GroupAntiDiagonal, Cells: AntiDiagonal(9)}}))
}
