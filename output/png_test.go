package output

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// TestWritePNG draws puzzles of several sizes and checks what is seen: the
// image has the size asked for, N+1 grid lines each way evenly spaced, ink
// in the cells of the givens and none in empty cells, and the same bytes
// from a second run.
func TestWritePNG(t *testing.T) {
	books := sizeBooks(t)
	for _, tc := range []struct {
		name string
		size int
	}{{"4x4", 64}, {"9x9", 300}, {"9x9", 1080}, {"16x16", 800}, {"36x36", 1000}} {
		p := books[tc.name][0]
		var buf bytes.Buffer
		if err := WritePNG(&buf, p, nil, tc.size); err != nil {
			t.Fatalf("WritePNG(%s, %d) = %v", tc.name, tc.size, err)
		}
		var again bytes.Buffer
		if err := WritePNG(&again, p, nil, tc.size); err != nil || !bytes.Equal(buf.Bytes(), again.Bytes()) {
			t.Errorf("WritePNG(%s, %d): two runs differ (%v)", tc.name, tc.size, err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("WritePNG(%s, %d) wrote a PNG that does not decode: %v", tc.name, tc.size, err)
		}
		g, ok := img.(*image.Gray)
		if !ok || g.Bounds().Dx() != tc.size || g.Bounds().Dy() != tc.size {
			t.Fatalf("WritePNG(%s, %d) = %T of %v, want a %d-pixel square grey image", tc.name, tc.size, img, img.Bounds(), tc.size)
		}
		checkPNGGrid(t, tc.name, g, p.Grid)
	}
}

func checkPNGGrid(t *testing.T, name string, img *image.Gray, g grid.Grid) {
	t.Helper()
	n := g.N()
	size := img.Bounds().Dx()
	rows := gridLines(img, false, size*9/10)
	cols := gridLines(img, true, size*9/10)
	if len(rows) != n+1 || len(cols) != n+1 {
		t.Fatalf("%s at %d px: %d horizontal and %d vertical lines, want %d", name, size, len(rows), len(cols), n+1)
	}
	cell := (cols[n] - cols[0]) / float64(n)
	for i := 1; i <= n; i++ {
		if d := cols[i] - cols[i-1]; math.Abs(d-cell) > 1.5 {
			t.Errorf("%s at %d px: column %d is %.1f px wide, want %.1f", name, size, i, d, cell)
		}
	}
	for i, v := range g.Cells {
		r, c := i/n, i%n
		x0, x1 := int(cols[c]+cell*0.2), int(cols[c+1]-cell*0.2)
		y0, y1 := int(rows[r]+cell*0.2), int(rows[r+1]-cell*0.2)
		ink := 0
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				if img.GrayAt(x, y).Y < 128 {
					ink++
				}
			}
		}
		if (ink > 0) != (v != 0) {
			t.Errorf("%s at %d px: cell %s holds %d, and %d dark pixels", name, size, grid.Cell{Row: r, Col: c}, v, ink)
			return
		}
	}
}

func TestWritePNGErrors(t *testing.T) {
	p := patternBook(grid.Shape{BoxRows: 3, BoxCols: 3}, 1)[0]
	for _, size := range []int{0, 63, 4097} {
		var buf bytes.Buffer
		if err := WritePNG(&buf, p, nil, size); err == nil || !strings.Contains(err.Error(), "pixels") || buf.Len() != 0 {
			t.Errorf("WritePNG(size %d) = %v with %d bytes, want an error about the size and nothing written", size, err, buf.Len())
		}
	}
	p.Grid.Cells[0] = 10
	if err := WritePNG(&bytes.Buffer{}, p, nil, 300); err == nil || !strings.Contains(err.Error(), "r1c1") {
		t.Errorf("WritePNG(10 in a 9x9) = %v, want an error naming r1c1", err)
	}
}
