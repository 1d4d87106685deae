package output

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// Every kind of the table is drawn as SVG and PNG, and laid out in a book,
// on random instances: no kind's marks fail on any writer (an arrow once
// divided by the size of an empty shape when the caption asked for the
// rules that have no mark).
func TestEveryKindDraws(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 29))
	for _, k := range grid.Table() {
		for range 3 {
			c := gridtest.NewKindCase(rng, k, []int{4, 6, 9})
			if c.Kept.Empty() {
				continue
			}
			givens := make([]uint8, len(c.Sol))
			copy(givens, c.Sol[:len(c.Sol)/3])
			p := Puzzle{Grid: grid.Grid{Shape: c.Shape, Cells: givens, Rules: c.Kept}}
			var svg, png, pdf bytes.Buffer
			if err := WriteSVG(&svg, p, nil); err != nil {
				t.Fatalf("%s: svg: %v", k.Name, err)
			}
			if err := WritePNG(&png, p, nil, 300); err != nil {
				t.Fatalf("%s: png: %v", k.Name, err)
			}
			if err := WriteBook(&pdf, []Puzzle{p}, BookOptions{}); err != nil {
				t.Fatalf("%s: book: %v", k.Name, err)
			}
			if svg.Len() == 0 || png.Len() == 0 || pdf.Len() == 0 {
				t.Fatalf("%s: an empty picture", k.Name)
			}
		}
	}
}
