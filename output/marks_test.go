package output

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
)

// The pencil marks are drawn, one per digit of each empty cell's mask, in
// SVG and in PNG.
func TestWriteMarks(t *testing.T) {
	g, err := formats.Parse(".........9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1....")
	if err != nil {
		t.Fatal(err)
	}
	marks := make([]uint64, 81)
	want := 0
	for i, d := range g.Cells {
		if d == 0 {
			marks[i] = uint64(i%7 + 1)
			want += map[int]int{1: 1, 2: 1, 3: 2, 4: 1, 5: 2, 6: 2, 7: 3}[i%7+1]
		}
	}
	var svg bytes.Buffer
	if err := WriteSVGMarks(&svg, Puzzle{Grid: g}, nil, marks); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(svg.String(), "<text "); got != want {
		t.Errorf("%d pencil marks in the SVG, want %d", got, want)
	}
	if !strings.HasSuffix(strings.TrimSpace(svg.String()), "</svg>") {
		t.Errorf("the SVG does not end with </svg>")
	}
	var plain, marked bytes.Buffer
	if err := WritePNG(&plain, Puzzle{Grid: g}, nil, 360); err != nil {
		t.Fatal(err)
	}
	if err := WritePNGMarks(&marked, Puzzle{Grid: g}, nil, 360, marks); err != nil {
		t.Fatal(err)
	}
	a, err := png.Decode(&plain)
	if err != nil {
		t.Fatal(err)
	}
	b, err := png.Decode(&marked)
	if err != nil {
		t.Fatal(err)
	}
	if b.Bounds() != a.Bounds() {
		t.Fatalf("bounds %v, want %v", b.Bounds(), a.Bounds())
	}
	// the marks darken pixels of empty cells only: r1c1 (marks) and r2c1
	// (the given 9) as in the plain image
	darker := func(x0, y0 int) (n int) {
		for y := y0 + 3; y < y0+36; y++ {
			for x := x0 + 3; x < x0+36; x++ {
				pa, _, _, _ := a.At(x, y).RGBA()
				pb, _, _, _ := b.At(x, y).RGBA()
				if pb < pa {
					n++
				}
			}
		}
		return n
	}
	if darker(9, 9) == 0 {
		t.Errorf("no pencil mark drawn in r1c1")
	}
	if n := darker(9, 9+39); n != 0 {
		t.Errorf("%d pixels changed in the given's cell r2c1", n)
	}
}
