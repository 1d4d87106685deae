package output

import "math"

// Sizes below are in PostScript points (1/72 inch), the unit of the PDF.
const (
	solutionGap   = 12   // space between solution slots
	minSolCell    = 10.0 // smallest cell of a solution grid when several share a page
	largeSolCell  = 16.0 // the same in large print
	cageSolCell   = 14.0 // the same for killer puzzles, whose cage sums need room
	maxSolCols    = 5
	maxSolRows    = 6
	symbolScale   = 0.62 // symbol size as a fraction of the cell
	largeScale    = 0.78 // the same in large print
	largeSymbol   = 24.0 // the least symbol size of a large-print puzzle
	headingSize   = 10.0 // the "Solutions" heading at the top of solution pages
	headingHeight = 20.0 // the band it takes above the solution grids
)

// layout is a table of slots on a page.
type layout struct{ cols, rows int }

func (l layout) cap() int { return l.cols * l.rows }

// arrangements lists the tables a page of k puzzles may use.
func arrangements(k int) []layout {
	var out []layout
	for cols := 1; cols <= k; cols++ {
		if k%cols == 0 {
			out = append(out, layout{cols, k / cols})
		}
	}
	return out
}

// slots returns the slot rectangles of l in c, row by row.
func (l layout) slots(c box, gap float64) []box {
	w := (c.w - float64(l.cols-1)*gap) / float64(l.cols)
	h := (c.h - float64(l.rows-1)*gap) / float64(l.rows)
	out := make([]box, 0, l.cap())
	for r := range l.rows {
		for col := range l.cols {
			out = append(out, box{x: c.x + float64(col)*(w+gap), y: c.y + float64(r)*(h+gap), w: w, h: h})
		}
	}
	return out
}

func clamp(v, lo, hi float64) float64 { return max(lo, min(hi, v)) }

func solutionLabelSize(slotW float64) float64 { return clamp(slotW/14, 6, 9) }

// gridSide returns the side of the grid in a slot with a label line above it.
func gridSide(s box, labelSize float64) float64 {
	return min(s.w, s.h-1.6*labelSize)
}

// solutionLayout picks the most solution grids of size n that fit in c with
// cells of at least minCell, preferring larger grids among layouts of the
// same count; one per page when none fits.
func solutionLayout(n int, c box, minCell float64) layout {
	best, bestSide := layout{1, 1}, 0.0
	for cols := 1; cols <= maxSolCols; cols++ {
		for rows := 1; rows <= maxSolRows; rows++ {
			l := layout{cols, rows}
			s := l.slots(c, solutionGap)[0]
			side := gridSide(s, solutionLabelSize(s.w))
			if side/float64(n) < minCell {
				continue
			}
			if l.cap() > best.cap() || (l.cap() == best.cap() && side > bestSide) {
				best, bestSide = l, side
			}
		}
	}
	return best
}

// placement is where one puzzle goes: the top left corner and side of its
// grid, and the size of the label above it.
type placement struct {
	x, y, side, label float64
}

// puzzleFrame is the layout of a puzzle page: the table, and the grid side
// and label size that every slot shares.
type puzzleFrame struct {
	layout      layout
	side, label float64
	scale       float64 // symbol size as a fraction of the cell
}

// minGap is the least space between puzzles on a page with text area c;
// maxGap the most that spreading them out may leave.
func minGap(c box) float64 { return max(18, 0.08*c.w) }
func maxGap(c box) float64 { return max(minGap(c), 0.15*c.w) }

func puzzleLabelSize(slotW float64, large bool) float64 {
	if large {
		return clamp(slotW/18, 12, 16)
	}
	return clamp(slotW/20, 7, 12)
}

// puzzleFrameFor returns the table for k puzzles in c whose grids are the
// largest, among every arrangement of k slots.
func puzzleFrameFor(c box, k int, large bool) puzzleFrame {
	c = gridArea(c)
	best := puzzleFrame{side: -1}
	gap := minGap(c)
	for _, l := range arrangements(k) {
		w := (c.w - float64(l.cols-1)*gap) / float64(l.cols)
		h := (c.h - float64(l.rows-1)*gap) / float64(l.rows)
		ls := puzzleLabelSize(w, large)
		if side := min(w, h-1.6*ls); side > best.side+0.01 {
			best = puzzleFrame{layout: l, side: side, label: ls}
		}
	}
	best.scale = symbolScale
	if large {
		best.scale = largeScale
	}
	return best
}

// largePrintPerPage returns 2 when two grids of size n fit in c with
// symbols of at least largeSymbol points, else 1.
func largePrintPerPage(c box, n int) int {
	f := puzzleFrameFor(c, 2, true)
	if f.side/float64(n)*f.scale >= largeSymbol {
		return 2
	}
	return 1
}

// gridArea is text area c less room for the half of a grid's outer line
// that lies outside the grid, so that no ink crosses into the margins.
func gridArea(c box) box {
	const d = 1.5
	return box{x: c.x + d, y: c.y + d, w: c.w - 2*d, h: c.h - 2*d}
}

// spread places count items of length item in length total with gaps of
// at least lo and at most hi, centred; it returns the offset of the first
// item and the gap.
func spread(total, item float64, count int, lo, hi float64) (start, gap float64) {
	if count > 1 {
		gap = clamp((total-float64(count)*item)/float64(count-1), lo, hi)
	}
	used := float64(count)*item + float64(count-1)*gap
	return math.Max(0, (total-used)/2), gap
}

// places returns where the puzzles of a page with frame f go in c, row by
// row: the grids spread across the width and down the height, so that a
// page whose grids are limited by its width leaves no empty band.
func (f puzzleFrame) places(c box) []placement {
	c = gridArea(c)
	block := f.side + 1.6*f.label
	x0, gx := spread(c.w, f.side, f.layout.cols, minGap(c), maxGap(c))
	y0, gy := spread(c.h, block, f.layout.rows, minGap(c), maxGap(c))
	out := make([]placement, 0, f.layout.cap())
	for r := range f.layout.rows {
		for col := range f.layout.cols {
			out = append(out, placement{
				x:     c.x + x0 + float64(col)*(f.side+gx),
				y:     c.y + y0 + float64(r)*(block+gy) + 1.6*f.label,
				side:  f.side,
				label: f.label,
			})
		}
	}
	return out
}
