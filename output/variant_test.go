package output

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// A variant puzzle is refused by every writer that cannot hold its rules,
// and written with them by those that can.
func TestVariantWriters(t *testing.T) {
	g := grid.New(grid.Shape{BoxRows: 3, BoxCols: 3})
	g.Cells[0] = 5
	g.Rules = &grid.Rules{Extra: []grid.Group{{Kind: grid.GroupDiagonal, Cells: grid.Diagonal(9)}}}
	p := Puzzle{Number: 1, Grid: g}
	for _, f := range Formats() {
		var b bytes.Buffer
		tw := NewTextWriter(&b, f, TextOptions{})
		err := tw.Write(p)
		tw.Flush()
		text := b.String()
		if f == FormatFPuzzlesURL {
			back, err := grid.ParseFPuzzlesLink(strings.TrimSpace(text))
			if err != nil || !back.Equal(g) {
				t.Errorf("%s: link reads back as %v, %v", f, back, err)
			}
			text = "diagonal"
		}
		switch {
		case f.HoldsRules() && (err != nil || !strings.Contains(text, "iagonal")):
			t.Errorf("%s: %v, %q: want the puzzle with its diagonal", f, err, b.String())
		case !f.HoldsRules() && !errors.Is(err, ErrRulesLost):
			t.Errorf("%s: %v, want ErrRulesLost", f, err)
		}
	}
	var b bytes.Buffer
	if err := WriteSVG(&b, p, nil); !errors.Is(err, ErrVariant) {
		t.Errorf("WriteSVG = %v, want ErrVariant", err)
	}
	if err := WritePNG(&b, p, nil, 200); !errors.Is(err, ErrVariant) {
		t.Errorf("WritePNG = %v, want ErrVariant", err)
	}
	if err := WriteBook(&b, []Puzzle{p}, BookOptions{}); !errors.Is(err, ErrVariant) {
		t.Errorf("WriteBook = %v, want ErrVariant", err)
	}
}
