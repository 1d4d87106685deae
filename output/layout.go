package output

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

// minGap is the least space between two puzzles on a page with text area
// c: a quarter inch, or a twentieth of the width on wider pages. Grids
// are as large as the page allows with that gap in the direction that
// limits them; the space left over in the other goes to spreading them.
func minGap(c box) float64 { return max(18, 0.05*c.w) }

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

// spread places count items of length item in length total, evenly: the
// space left over is shared equally between the gaps and the two ends,
// unless that would make a gap smaller than lo; then the gaps are lo and
// the ends share the rest. It returns the offset of the first item and
// the gap.
func spread(total, item float64, count int, lo float64) (start, gap float64) {
	free := total - float64(count)*item
	if count < 2 {
		return max(0, free/2), 0
	}
	if even := free / float64(count+1); even >= lo {
		return even, even
	}
	return max(0, (free-float64(count-1)*lo)/2), lo
}

// places returns where the n puzzles of a page with frame f go in c, row
// by row. The rows holding them are spread evenly down the page and the
// columns across it, so that the page has no empty band; a row with fewer
// puzzles than the frame's columns (the last of a short page, the end of
// a section) is centred with the same spacing, and a short page's rows
// are spread over the whole page, not left at its top. Grids keep the
// frame's side on every page.
func (f puzzleFrame) places(c box, n int) []placement {
	c = gridArea(c)
	n = min(n, f.layout.cap())
	cols := f.layout.cols
	rows := (n + cols - 1) / cols
	block := f.side + 1.6*f.label
	_, gx := spread(c.w, f.side, cols, minGap(c))
	y0, gy := spread(c.h, block, rows, minGap(c))
	out := make([]placement, 0, n)
	for r := range rows {
		inRow := min(cols, n-r*cols)
		width := float64(inRow)*f.side + float64(inRow-1)*gx
		x0 := (c.w - width) / 2
		for col := range inRow {
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
