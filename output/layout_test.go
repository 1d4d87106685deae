package output

import (
	"fmt"
	"math"
	"testing"
)

// Puzzle pages use the page: on every trim size and layout, the rows of
// grids are spread evenly down the text area and the columns across it
// (the space left over is shared by the gaps and the two ends, no end
// band larger than a gap), gaps are never under the least gap, and a page
// with fewer puzzles than its layout holds is spread the same way over
// the whole page, its last row centred, not left at the top.
func TestPagesUsePage(t *testing.T) {
	const tol = 0.01
	for _, name := range PageSizeNames() {
		ps, _ := ParsePageSize(name)
		for _, large := range []bool{false, true} {
			for _, k := range []int{1, 2, 4, 6} {
				if large && k > 2 {
					continue
				}
				c := content(ps, marginsFor(Gutter(0)), 1)
				f := puzzleFrameFor(c, k, large)
				a := gridArea(c)
				for n := 1; n <= f.layout.cap(); n++ {
					t.Run(fmt.Sprintf("%s/large=%v/%d/%d", name, large, k, n), func(t *testing.T) {
						pl := f.places(c, n)
						if len(pl) != n {
							t.Fatalf("%d places for %d puzzles", len(pl), n)
						}
						// Rows: the tops of their labels.
						var tops []float64
						for i, p := range pl {
							if i%f.layout.cols == 0 {
								tops = append(tops, p.y-1.6*p.label)
							}
						}
						block := f.side + 1.6*f.label
						top := tops[0] - a.y
						bottom := a.y + a.h - (tops[len(tops)-1] + block)
						gap := math.Inf(1)
						for i := 1; i < len(tops); i++ {
							gap = min(gap, tops[i]-tops[i-1]-block)
						}
						if len(tops) > 1 && gap < minGap(a)-tol {
							t.Errorf("rows %.1fpt apart, less than the least gap %.1f", gap, minGap(a))
						}
						if math.Abs(top-bottom) > tol || top < -tol {
							t.Errorf("band above the rows %.1fpt, below %.1fpt: not centred", top, bottom)
						}
						if len(tops) > 1 && top > gap+tol {
							t.Errorf("band above the rows %.1fpt, more than the %.1fpt between them: not spread evenly", top, gap)
						}
						// Each row centred across the width, the full ones
						// spread like the rows.
						for r := 0; r*f.layout.cols < n; r++ {
							row := pl[r*f.layout.cols : min(n, (r+1)*f.layout.cols)]
							left := row[0].x - a.x
							right := a.x + a.w - (row[len(row)-1].x + f.side)
							if math.Abs(left-right) > tol || left < -tol {
								t.Errorf("row %d: %.1fpt left of it, %.1fpt right: not centred", r+1, left, right)
							}
							for i := 1; i < len(row); i++ {
								g := row[i].x - row[i-1].x - f.side
								if g < minGap(a)-tol || (len(row) == f.layout.cols && left > g+tol) {
									t.Errorf("row %d: gap %.1fpt, side bands %.1fpt", r+1, g, left)
								}
							}
						}
					})
				}
			}
		}
	}
}
