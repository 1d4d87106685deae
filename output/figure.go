package output

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// figure is the drawing of a variant puzzle's rules: its cell and region
// lines and a mark for every constraint, as a list of shapes in cell units,
// (0, 0) the top left corner of the grid and (N, N) the bottom right. The
// PDF, SVG and PNG writers each paint the same list in order, then draw the
// digits where digitAt puts them. Classic puzzles have no figure: their
// writers draw them as they always have.
//
// The marks follow the conventions of puzzle books and of SudokuPad, in
// greys that print in black and white:
//   - windows of hyper puzzles and extra regions are shaded;
//   - odd cells hold a grey circle, even cells a grey square;
//   - thermometers are a thick grey line through their cells, with a bulb
//     on the first;
//   - diagonals are thin grey lines from corner to corner;
//   - thin lines part the cells of a region (jigsaw or box), thick ones
//     the regions;
//   - killer cages are dashed outlines inset from the cell borders, with
//     the sum small in the cage's first cell in reading order, on a patch
//     of the cell's shade that breaks the outline at its corner;
//   - kropki dots sit on the edge between their cells, hollow (white) or
//     filled (black), and X and V are letters on the edge;
//   - lines through the centres of cells are thin and dark (with an open
//     arrowhead on arrows), wide and pale, medium and mid-grey, or dashed,
//     under the grid lines and the digits;
//   - rings are hollow circles round a cell, or pills round a straight run
//     of cells, over the lines;
//   - clues outside the grid sit in a margin of one cell round it, a small
//     diagonal arrow beside those that point along a diagonal;
//   - corner clues are small digits in a white circle on the point where
//     four cells meet; notes are small text in a cell's top-left corner.
//
// Anti-king, anti-knight and disjoint groups have no mark: unmarked names
// them for a caption.
type figure struct {
	n      int
	shapes []shape
	// margin is the room, in cells, the figure takes round the grid on
	// every side: one when it has clues outside the grid, else none.
	margin int
	// keepOut holds, for each cell with a cage sum, the patch under the
	// sum, which the cell's digit stays clear of.
	keepOut map[int]rect
}

// rect is a rectangle in cell units.
type rect struct{ x0, y0, x1, y1 float64 }

type shapeKind uint8

const (
	fillShape   shapeKind = iota // paths are closed polygons, filled
	strokeShape                  // paths are lines, stroked
	circleShape                  // a circle of radius r around at
	textShape                    // text with its baseline origin at at
)

// pen says how wide a stroke is: the writer's thin or thick grid line, or
// width cells wide.
type pen uint8

const (
	penCells pen = iota
	penThin
	penThick
)

// noTone is a shape with no fill or no stroke; other tones run from 0
// (black) to 1 (white).
const noTone = -1.0

// shape is one mark of a figure.
type shape struct {
	kind   shapeKind
	paths  [][]pt  // polygons or lines
	closed bool    // a stroke returns to its start
	fill   float64 // tone of the fill, or noTone
	stroke float64 // tone of the stroke, or noTone
	pen    pen
	width  float64 // stroke width in cells, for penCells
	dash   float64 // length of dashes and of the gaps between them, in cells; 0 for a solid line
	round  bool    // round caps and joins; else square caps and mitred joins for thick lines, butt caps for others
	at     pt      // centre of a circle, baseline origin of text
	r      float64 // radius of a circle
	text   string  // bold text; its ink box at size 1 is fontMetrics.textInk(text)
	size   float64 // font size of text, in cells
}

// Sizes and tones of the marks, in cells.
const (
	shadeTone = 0.88 // windows and extra regions
	// the outline of a shaded region that shares an edge with another:
	// inset, so that two neighbours show two lines where they meet
	shadeEdgeTone  = 0.2
	shadeEdgeWidth = 0.05
	shadeEdgeInset = 0.08
	markTone       = 0.78 // odd circles and even squares
	oddRadius      = 0.40
	evenSide       = 0.76
	tubeTone       = 0.62
	tubeWidth      = 0.22
	bulbRadius     = 0.34
	diagTone       = 0.5
	diagWidth      = 0.035
	cageInset      = 0.10 // from the cell border to the middle of the dashed line
	cageWidth      = 0.02
	cageDash       = 0.09
	cageLabel      = 0.28  // the least size of a cage sum
	maxLabel       = 0.36  // the most it is raised to, to reach a size in points
	labelPad       = 0.035 // the patch around a cage sum's ink
	labelGap       = 0.04  // between the patch and the cell's digit
	dotRadius      = 0.12
	dotWidth       = 0.03
	letterSize     = 0.36
	smallSize      = 0.22 // given pencil marks
)

// figureOptions are what the writer knows that the figure depends on: the
// size of cage sums in cells, which it raises to reach a size in points on
// small cells.
type figureOptions struct {
	labelSize float64 // 0: cageLabel
}

// drawRules returns the marks of g's rules; tests put marks of their own
// in its place.
var drawRules = func(g grid.Grid) *grid.Drawing { return g.Rules.Draw(g.Shape) }

// newFigure returns the figure of g's rules, or nil for a classic puzzle.
// The rules must be valid for g's shape.
func newFigure(g grid.Grid, o figureOptions) (*figure, error) {
	r := g.Rules
	if r.Empty() {
		return nil, nil
	}
	m, err := boldMetrics()
	if err != nil {
		return nil, err
	}
	textInk := func(s string) inkBox { return m.textInk(s) }
	n := g.N()
	f := &figure{n: n, keepOut: map[int]rect{}}
	label := clamp(o.labelSize, cageLabel, maxLabel)
	if o.labelSize == 0 {
		label = cageLabel
	}

	d := drawRules(g)
	if len(d.Outside) > 0 {
		f.margin = 1
	}

	// shading: the tone of each cell's background
	tone := make([]float64, n*n)
	for i := range tone {
		tone[i] = 1
	}
	if len(d.Shaded) > 0 {
		shaded := make([]bool, n*n)
		for _, grp := range d.Shaded {
			for _, c := range grp {
				shaded[c] = true
				tone[c] = shadeTone
			}
		}
		f.add(shape{kind: fillShape, paths: cellLoops(shaded, n), fill: shadeTone, stroke: noTone})
		if loops := touchingLoops(d.Shaded, n); loops != nil {
			f.add(shape{kind: strokeShape, paths: loops, closed: true, fill: noTone, stroke: shadeEdgeTone, width: shadeEdgeWidth})
		}
	}

	// odd circles and even squares
	for _, c := range d.Circles {
		f.add(shape{kind: circleShape, at: cellCentre(n, c), r: oddRadius, fill: markTone, stroke: noTone})
	}
	if len(d.Squares) > 0 {
		var squares [][]pt
		for _, c := range d.Squares {
			m := cellCentre(n, c)
			h := evenSide / 2
			squares = append(squares, []pt{{m.x - h, m.y - h}, {m.x + h, m.y - h}, {m.x + h, m.y + h}, {m.x - h, m.y + h}})
		}
		f.add(shape{kind: fillShape, paths: squares, fill: markTone, stroke: noTone})
	}

	// tubes (thermometers): the bulbs, then the tubes
	for _, t := range d.Tubes {
		f.add(shape{kind: circleShape, at: cellCentre(n, t[0]), r: bulbRadius, fill: tubeTone, stroke: noTone})
	}
	if len(d.Tubes) > 0 {
		var tubes [][]pt
		for _, t := range d.Tubes {
			line := make([]pt, len(t))
			for k, c := range t {
				line[k] = cellCentre(n, c)
			}
			tubes = append(tubes, line)
		}
		f.add(shape{kind: strokeShape, paths: tubes, fill: noTone, stroke: tubeTone, width: tubeWidth, round: true})
	}

	// lines from corner to corner (diagonals), under the lines through cells:
	// an arrow along a diagonal keeps its shaft
	var diags [][]pt
	for _, l := range d.CornerLines {
		diags = append(diags, []pt{{float64(l[0][1]), float64(l[0][0])}, {float64(l[1][1]), float64(l[1][0])}})
	}
	if diags != nil {
		f.add(shape{kind: strokeShape, paths: diags, fill: noTone, stroke: diagTone, width: diagWidth})
	}

	// lines through cells (under the digits), then the rings over them
	f.lines(d.Lines)
	f.rings(d.Rings, tone)

	f.regionLines(g)
	f.cages(d.Cages, tone, label, textInk)
	f.edges(d, textInk)
	f.corners(d.Corners, textInk)
	f.outside(d.Outside, textInk)
	f.notes(d.Notes, tone, textInk)
	f.small(d.Small, textInk)
	return f, nil
}

// cages draws killer cages: the dashed outlines, then the sums on their
// patches of the cells' tone.
func (f *figure) cages(cages []grid.Cage, tone []float64, label float64, textInk func(string) inkBox) {
	n := f.n
	if len(cages) == 0 {
		return
	}
	var loops [][]pt
	in := make([]bool, n*n)
	depth := cageDepths(cages, n)
	for k, c := range cages {
		clear(in)
		for _, x := range c.Cells {
			in[x] = true
		}
		for _, l := range cellLoops(in, n) {
			loops = append(loops, insetLoop(l, cageInset*float64(1+depth[k])))
		}
	}
	f.add(shape{kind: strokeShape, paths: loops, closed: true, fill: noTone, stroke: 0, width: cageWidth, dash: cageDash})
	// f-puzzles and SudokuSolver take a cage whose cells touch only at a
	// corner: a dashed stroke across the corner joins its outlines, so
	// that it reads as one cage
	if links := cornerLinks(cages, depth, n); len(links) > 0 {
		f.add(shape{kind: strokeShape, paths: links, fill: noTone, stroke: 0, width: cageWidth, dash: cageDash})
	}
	for k, c := range cages {
		if c.Sum == 0 {
			continue
		}
		first := slices.Min(c.Cells)
		// a cage that overlaps one drawn before takes the first of its
		// cells without a sum, so that both sums show
		for _, x := range slices.Sorted(slices.Values(c.Cells)) {
			if _, taken := f.keepOut[int(x)]; !taken {
				first = x
				break
			}
		}
		s := strconv.Itoa(c.Sum)
		ink := textInk(s)
		inset := cageInset * float64(1+depth[k])
		corner := pt{float64(int(first)%n) + inset - 0.015, float64(int(first)/n) + inset - 0.015}
		patch := rect{corner.x - labelPad, corner.y - labelPad,
			corner.x + (ink.maxX-ink.minX)*label + labelPad, corner.y + (ink.maxY-ink.minY)*label + labelPad}
		f.add(shape{kind: fillShape, paths: [][]pt{patch.corners()}, fill: tone[first], stroke: noTone})
		f.add(shape{kind: textShape, text: s, size: label, at: pt{corner.x - ink.minX*label, corner.y - ink.minY*label}, fill: 0, stroke: noTone})
		f.keepOut[int(first)] = patch
	}
}

// cageDepths returns, per cage, how far inside its cells' borders its
// outline runs, in insets: 0 for a cage that shares no cell with one
// before it, else one more than the deepest of those it shares cells with
// (at most 2), so that the outlines of overlapping cages nest and stay
// apart.
func cageDepths(cages []grid.Cage, n int) []int {
	depth := make([]int, len(cages))
	at := make([]int, n*n) // 1 + the deepest cage so far on each cell
	for k, c := range cages {
		for _, x := range c.Cells {
			depth[k] = max(depth[k], at[x])
		}
		depth[k] = min(depth[k], 2)
		for _, x := range c.Cells {
			at[x] = max(at[x], depth[k]+1)
		}
	}
	return depth
}

// cornerLinks returns, for each two cells of a cage that touch only at a
// corner (no other cell of the cage shares that corner), a segment
// between the corners of their inset outlines, each cage's outline inset
// as deep as depth (see cageDepths) says.
func cornerLinks(cages []grid.Cage, depth []int, n int) [][]pt {
	var out [][]pt
	for k, c := range cages {
		inset := cageInset * float64(1+depth[k])
		in := map[int32]bool{}
		for _, x := range c.Cells {
			in[x] = true
		}
		for _, a := range c.Cells {
			r, col := int(a)/n, int(a)%n
			for _, dc := range []int{-1, 1} {
				b := int32((r+1)*n + col + dc)
				if r+1 >= n || col+dc < 0 || col+dc >= n || !in[b] || in[int32((r+1)*n+col)] || in[a+int32(dc)] {
					continue
				}
				// the shared corner, and the outlines' corners beside it
				x, y := float64(col)+float64(max(dc, 0)), float64(r+1)
				d := float64(dc)
				out = append(out, []pt{{x - d*inset, y - inset}, {x + d*inset, y + inset}})
			}
		}
	}
	return out
}

// edges draws the marks on edges: dots, then letters on white patches.
func (f *figure) edges(d *grid.Drawing, textInk func(string) inkBox) {
	n := f.n
	for _, dot := range d.Dots {
		if dot.Filled {
			f.add(shape{kind: circleShape, at: edgeMiddle(n, dot.Pair), r: dotRadius, fill: 0, stroke: noTone})
		} else {
			f.add(shape{kind: circleShape, at: edgeMiddle(n, dot.Pair), r: dotRadius, fill: 1, stroke: 0, width: dotWidth})
		}
	}
	for _, l := range d.Letters {
		ink := textInk(l.Text)
		w, h := (ink.maxX-ink.minX)*letterSize, (ink.maxY-ink.minY)*letterSize
		m := edgeMiddle(n, l.Pair)
		patch := rect{m.x - w/2 - labelPad, m.y - h/2 - labelPad, m.x + w/2 + labelPad, m.y + h/2 + labelPad}
		f.add(shape{kind: fillShape, paths: [][]pt{patch.corners()}, fill: 1, stroke: noTone})
		at := pt{m.x - (ink.minX+ink.maxX)/2*letterSize, m.y - (ink.minY+ink.maxY)/2*letterSize}
		f.add(shape{kind: textShape, text: l.Text, size: letterSize, at: at, fill: 0, stroke: noTone})
	}
}

// small writes digits small along the top of their cells (given pencil
// marks), clear of the cage sums; the cell's digit stays clear of them.
func (f *figure) small(marks []grid.Mask, textInk func(string) inkBox) {
	n := f.n
	for _, m := range marks {
		var b strings.Builder
		for d := 1; d <= n; d++ {
			if m.Digits&(1<<(d-1)) != 0 {
				b.WriteString(strconv.Itoa(d))
			}
		}
		s := b.String()
		ink := textInk(s)
		size := min(smallSize, 0.8/max(ink.maxX-ink.minX, 0.01))
		x0, y0 := float64(int(m.Cell)%n), float64(int(m.Cell)/n)
		if p, ok := f.keepOut[int(m.Cell)]; ok {
			y0 = p.y1 - cageInset
		}
		at := pt{x0 + 0.5 - (ink.minX+ink.maxX)/2*size, y0 + 0.12 - ink.minY*size}
		f.add(shape{kind: textShape, text: s, size: size, at: at, fill: 0.3, stroke: noTone})
		patch := rect{x0 + 0.1, y0 + 0.1, x0 + 0.9, at.y + ink.maxY*size + labelGap}
		if p, ok := f.keepOut[int(m.Cell)]; ok {
			patch.y0 = p.y0
		}
		f.keepOut[int(m.Cell)] = patch
	}
}

// unmarked names the rules of g that a figure has no mark for, for a
// caption, in alphabetical order: anti-king, anti-knight, disjoint
// groups...
func unmarked(g grid.Grid) []string {
	if g.Rules == nil {
		return nil
	}
	out := g.Rules.Draw(g.Shape).Unmarked
	slices.Sort(out)
	return out
}

func (f *figure) add(s shape) { f.shapes = append(f.shapes, s) }

// bounds returns the corners of the box that holds s's points, circle or
// text (measured with m), in cells, not counting the width of strokes.
func (s shape) bounds(m *fontMetrics) (lo, hi pt) {
	lo, hi = pt{math.Inf(1), math.Inf(1)}, pt{math.Inf(-1), math.Inf(-1)}
	add := func(p pt) {
		lo = pt{min(lo.x, p.x), min(lo.y, p.y)}
		hi = pt{max(hi.x, p.x), max(hi.y, p.y)}
	}
	switch s.kind {
	case circleShape:
		add(pt{s.at.x - s.r, s.at.y - s.r})
		add(pt{s.at.x + s.r, s.at.y + s.r})
	case textShape:
		ink := m.textInk(s.text)
		add(pt{s.at.x + ink.minX*s.size, s.at.y + ink.minY*s.size})
		add(pt{s.at.x + ink.maxX*s.size, s.at.y + ink.maxY*s.size})
	default:
		for _, p := range s.paths {
			for _, q := range p {
				add(q)
			}
		}
	}
	if lo.x > hi.x {
		return pt{}, pt{}
	}
	return lo, hi
}

func (r rect) corners() []pt { return []pt{{r.x0, r.y0}, {r.x1, r.y0}, {r.x1, r.y1}, {r.x0, r.y1}} }

// cellCentre returns the centre of cell c of a grid of size n.
func cellCentre(n int, c int32) pt {
	return pt{float64(int(c)%n) + 0.5, float64(int(c)/n) + 0.5}
}

// edgeMiddle returns the middle of the edge between the two cells of p.
func edgeMiddle(n int, p grid.Pair) pt {
	a, b := cellCentre(n, p[0]), cellCentre(n, p[1])
	return pt{(a.x + b.x) / 2, (a.y + b.y) / 2}
}

// regionLines adds the cell lines of g: thin between cells of one region,
// thick between regions (the boxes, or the jigsaw regions), each line
// drawn in runs as long as possible, and the frame.
func (f *figure) regionLines(g grid.Grid) {
	n := g.N()
	region := make([]int, n*n)
	for i := range region {
		region[i] = g.Rules.Region(g.Shape, i)
	}
	var thin, thick [][]pt
	// run walks line k (vertical when down) from 0 to n, one cell edge at
	// a time, and cuts it into runs of one kind.
	run := func(k int, down bool) {
		start, kind := 0, false
		for j := 0; j <= n; j++ {
			var t bool
			if j < n {
				a, b := j*n+k-1, j*n+k // left and right of the edge
				if !down {
					a, b = (k-1)*n+j, k*n+j // above and below
				}
				t = region[a] != region[b]
			}
			if j > 0 && (j == n || t != kind) {
				seg := []pt{{float64(k), float64(start)}, {float64(k), float64(j)}}
				if !down {
					seg = []pt{{float64(start), float64(k)}, {float64(j), float64(k)}}
				}
				if kind {
					thick = append(thick, seg)
				} else {
					thin = append(thin, seg)
				}
				start = j
			}
			kind = t
		}
	}
	for k := 1; k < n; k++ {
		run(k, true)
		run(k, false)
	}
	fn := float64(n)
	f.add(shape{kind: strokeShape, paths: thin, fill: noTone, stroke: 0, pen: penThin})
	f.add(shape{kind: strokeShape, paths: thick, fill: noTone, stroke: 0, pen: penThick})
	f.add(shape{kind: strokeShape, paths: [][]pt{{{0, 0}, {fn, 0}, {fn, fn}, {0, fn}}}, closed: true, fill: noTone, stroke: 0, pen: penThick})
}

// cellLoops returns the outlines of the cells set in in (a grid of size n)
// as closed loops of lattice points, each corner once, turning so that the
// cells are on the right (clockwise on the page, y growing downwards;
// holes turn the other way). Cells that touch only at a corner get loops
// of their own.
func cellLoops(in []bool, n int) [][]pt {
	type vertex struct{ x, y int }
	type edge struct{ from, to vertex }
	set := func(r, c int) bool { return r >= 0 && r < n && c >= 0 && c < n && in[r*n+c] }
	out := map[vertex][]vertex{}
	var order []edge // edges in a fixed order, so that the loops are too
	for i, ok := range in {
		if !ok {
			continue
		}
		r, c := i/n, i%n
		tl, tr, br, bl := vertex{c, r}, vertex{c + 1, r}, vertex{c + 1, r + 1}, vertex{c, r + 1}
		for _, e := range []struct {
			open bool
			edge edge
		}{{!set(r-1, c), edge{tl, tr}}, {!set(r, c+1), edge{tr, br}}, {!set(r+1, c), edge{br, bl}}, {!set(r, c-1), edge{bl, tl}}} {
			if e.open {
				out[e.edge.from] = append(out[e.edge.from], e.edge.to)
				order = append(order, e.edge)
			}
		}
	}
	used := map[edge]bool{}
	var loops [][]pt
	for _, e0 := range order {
		if used[e0] {
			continue
		}
		var loop []vertex
		e := e0
		for !used[e] {
			used[e] = true
			loop = append(loop, e.from)
			dx, dy := e.to.x-e.from.x, e.to.y-e.from.y
			// prefer the right turn, then straight on, then the left
			next := e.to
			for _, d := range [][2]int{{-dy, dx}, {dx, dy}, {dy, -dx}} {
				to := vertex{e.to.x + d[0], e.to.y + d[1]}
				if slices.Contains(out[e.to], to) && !used[edge{e.to, to}] {
					next = to
					break
				}
			}
			if next == e.to {
				break
			}
			e = edge{e.to, next}
		}
		// keep the corners only
		var l []pt
		for k, v := range loop {
			p, q := loop[(k+len(loop)-1)%len(loop)], loop[(k+1)%len(loop)]
			if (v.x-p.x)*(q.y-v.y) != (v.y-p.y)*(q.x-v.x) {
				l = append(l, pt{float64(v.x), float64(v.y)})
			}
		}
		loops = append(loops, l)
	}
	return loops
}

// insetLoop moves each side of loop (a loop of cellLoops, its cells on the
// right of each side) by d towards its cells.
func insetLoop(loop []pt, d float64) []pt {
	out := make([]pt, len(loop))
	right := func(a, b pt) pt {
		dx, dy := b.x-a.x, b.y-a.y
		l := math.Hypot(dx, dy)
		return pt{-dy / l, dx / l}
	}
	for k, v := range loop {
		p, q := loop[(k+len(loop)-1)%len(loop)], loop[(k+1)%len(loop)]
		a, b := right(p, v), right(v, q)
		out[k] = pt{v.x + d*(a.x+b.x), v.y + d*(a.y+b.y)}
	}
	return out
}

// digitAt returns where the digit of cell i goes, in cells: the centre of
// its ink and its size as a fraction of size, given the ink box ink of its
// symbol at size 1 and its size in cells. A digit is centred in its cell;
// one that would touch a cage sum moves down as far as it must and, when
// the cage's outline leaves too little room for that, shrinks into the
// room below the sum.
func (f *figure) digitAt(i int, ink inkBox, size float64) (cx, cy, scale float64) {
	n := 1
	if f != nil {
		n = f.n
	}
	col, row := float64(i%n), float64(i/n)
	cx, cy, scale = col+0.5, row+0.5, 1
	if f == nil {
		return
	}
	k, ok := f.keepOut[i]
	if !ok {
		return
	}
	w, h := (ink.maxX-ink.minX)*size, (ink.maxY-ink.minY)*size
	box := rect{cx - w/2, cy - h/2, cx + w/2, cy + h/2}
	k = rect{k.x0 - col, k.y0 - row, k.x1 - col + labelGap, k.y1 - row + labelGap}
	box = rect{box.x0 - col, box.y0 - row, box.x1 - col, box.y1 - row}
	if box.x0 >= k.x1 || box.y0 >= k.y1 {
		return
	}
	// the digit moves down as far as it must, within the cage's outline,
	// or shrinks into the room under the sum
	lim := 1 - cageInset - labelGap
	if down := k.y1 - box.y0; box.y1+down <= lim {
		return cx, cy + down, 1
	}
	scale = min(1, (lim-k.y1)/h)
	return cx, row + (k.y1+lim)/2, scale
}

// textInk returns the ink box of s at size 1, with its baseline origin at
// (0, 0), y growing downwards. Symbols outside printable ASCII take no
// room.
func (m *fontMetrics) textInk(s string) inkBox {
	b := inkBox{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	x := 0.0
	for k := 0; k < len(s); k++ {
		c := s[k]
		if c == ' ' {
			x += m.advance[c]
			continue
		}
		if c < ' ' || c >= 127 {
			continue
		}
		g := m.ink[c]
		b = inkBox{min(b.minX, x+g.minX), min(b.minY, g.minY), max(b.maxX, x+g.maxX), max(b.maxY, g.maxY)}
		x += m.advance[c]
	}
	if b.minX > b.maxX {
		return inkBox{}
	}
	return b
}

// Sizes and tones of lines, rings and clues, in cells. Each line style
// reads apart from the others in greyscale: a thin dark line, a wide pale
// one, a medium mid-grey one, and a dashed dark one.
const (
	thinLineTone   = 0.2
	thinLineWidth  = 0.045
	wideLineTone   = 0.8
	wideLineWidth  = 0.3
	midLineTone    = 0.5
	midLineWidth   = 0.13
	dashLineTone   = 0.3
	dashLineWidth  = 0.07
	dashLineDash   = 0.1
	arrowReach     = 0.3  // from the last cell's centre to an arrowhead's tip
	arrowArm       = 0.22 // the length of each side of an arrowhead
	ringTone       = 0.25
	ringWidth      = 0.035
	ringRadius     = 0.4
	cornerRadius   = 0.27
	cornerWidth    = 0.02
	cornerSize     = 0.26 // one row of corner digits
	cornerSize2    = 0.2  // two rows
	outsideSize    = 0.45
	outsideArrowed = 0.34 // a clue with an arrow beside it
	sharedShift    = 0.22 // a clue's text from the middle of a cell it shares
	sharedWidth    = 0.4  // the widest text of a clue in a cell it shares
	noteSize       = 0.2
)

// The marks of clues outside the grid (grid.OutsideMark), in cells.
const (
	outsideMarked   = 0.38 // the text of a clue in a square or with an arrowhead
	outsideBox      = 0.64 // the side of the square
	outsideBoxWide  = 0.5  // the widest text in the square
	outsideBoxWidth = 0.035
	outsideTip      = 0.37 // from the clue's cell centre to its arrowhead's tip
	outsideHead     = 0.8  // the arrowhead's size, a line's arrowhead's being 1
	outsideBack     = 0.13 // the text, from the centre away from the grid
)

// lineStyle returns the tone, width and dash of lines of style st.
func lineStyle(st grid.LineStyle) (tone, width, dash float64) {
	switch st {
	case grid.LineWide:
		return wideLineTone, wideLineWidth, 0
	case grid.LineMedium:
		return midLineTone, midLineWidth, 0
	case grid.LineDashed:
		return dashLineTone, dashLineWidth, dashLineDash
	}
	return thinLineTone, thinLineWidth, 0
}

// lines draws lines through the centres of cells, one shape per style in
// the order of the styles' first lines, each arrow's head with its line.
func (f *figure) lines(lines []grid.Line) {
	n := f.n
	var order []grid.LineStyle
	paths := map[grid.LineStyle][][]pt{}
	for _, l := range lines {
		if len(l.Cells) == 0 {
			continue
		}
		p := make([]pt, len(l.Cells))
		for k, c := range l.Cells {
			p[k] = cellCentre(n, c)
		}
		if _, ok := paths[l.Style]; !ok {
			order = append(order, l.Style)
		}
		if l.Arrow && len(p) > 1 {
			a, b := p[len(p)-2], p[len(p)-1]
			u := unit(pt{b.x - a.x, b.y - a.y})
			tip := pt{b.x + u.x*arrowReach, b.y + u.y*arrowReach}
			p = append(p, tip)
			paths[l.Style] = append(paths[l.Style], arrowHead(tip, u))
		}
		paths[l.Style] = append(paths[l.Style], p)
	}
	for _, st := range order {
		tone, width, dash := lineStyle(st)
		f.add(shape{kind: strokeShape, paths: paths[st], fill: noTone, stroke: tone, width: width, dash: dash, round: dash == 0})
	}
}

// unit returns v scaled to length 1.
func unit(v pt) pt {
	l := math.Hypot(v.x, v.y)
	if l == 0 {
		return pt{1, 0}
	}
	return pt{v.x / l, v.y / l}
}

// arrowHead returns the two sides of an open arrowhead whose tip is at tip,
// pointing along u (of length 1), as one path through the tip.
func arrowHead(tip, u pt) []pt {
	const c, s = 0.766, 0.643 // the cosine and sine of 40 degrees
	back := pt{-u.x, -u.y}
	l := pt{back.x*c - back.y*s, back.x*s + back.y*c}
	r := pt{back.x*c + back.y*s, -back.x*s + back.y*c}
	return []pt{{tip.x + l.x*arrowArm, tip.y + l.y*arrowArm}, tip, {tip.x + r.x*arrowArm, tip.y + r.y*arrowArm}}
}

// rings draws hollow circles round single cells and pills round straight
// runs of cells, filled with the cell's shade so that the lines under them
// stop at their edge. Cells that are not a straight run get a circle each.
func (f *figure) rings(rings [][]int32, tone []float64) {
	n := f.n
	for _, ring := range rings {
		if len(ring) == 0 {
			continue
		}
		cells := slices.Clone(ring)
		slices.Sort(cells)
		if len(cells) == 1 || !straightRun(cells, n) {
			for _, c := range cells {
				f.add(shape{kind: circleShape, at: cellCentre(n, c), r: ringRadius, fill: tone[c], stroke: ringTone, width: ringWidth})
			}
			continue
		}
		p := pill(cellCentre(n, cells[0]), cellCentre(n, cells[len(cells)-1]), ringRadius)
		f.add(shape{kind: fillShape, paths: [][]pt{p}, fill: tone[cells[0]], stroke: noTone})
		f.add(shape{kind: strokeShape, paths: [][]pt{p}, closed: true, fill: noTone, stroke: ringTone, width: ringWidth})
	}
}

// straightRun reports whether cells (sorted, more than one) are a run of
// neighbours in one row or one column.
func straightRun(cells []int32, n int) bool {
	step := cells[1] - cells[0]
	if step != 1 && step != int32(n) {
		return false
	}
	for k := 1; k < len(cells); k++ {
		if cells[k]-cells[k-1] != step {
			return false
		}
	}
	return step == int32(n) || int(cells[0])/n == int(cells[len(cells)-1])/n
}

// pill returns the outline of a pill of radius r round the segment from a
// to b, which lie in a row or a column, a to b going right or down.
func pill(a, b pt, r float64) []pt {
	const steps = 16 // per half circle
	u := unit(pt{b.x - a.x, b.y - a.y})
	var out []pt
	// round b from a's right side (y down), then round a
	for _, end := range []struct {
		c    pt
		from float64
	}{{b, math.Atan2(u.y, u.x) - math.Pi/2}, {a, math.Atan2(u.y, u.x) + math.Pi/2}} {
		for k := 0; k <= steps; k++ {
			t := end.from + math.Pi*float64(k)/steps
			out = append(out, pt{end.c.x + r*math.Cos(t), end.c.y + r*math.Sin(t)})
		}
	}
	return out
}

// corners draws corner clues: a white circle on the point where four
// cells meet, with the digits small in it, in one row or two.
func (f *figure) corners(clues []grid.CornerClue, textInk func(string) inkBox) {
	for _, c := range clues {
		at := pt{float64(c.Col + 1), float64(c.Row + 1)}
		f.add(shape{kind: circleShape, at: at, r: cornerRadius, fill: 1, stroke: 0, width: cornerWidth})
		var rows []string
		for k := 0; k < len(c.Digits); k += 2 {
			var b strings.Builder
			for _, d := range c.Digits[k:min(k+2, len(c.Digits))] {
				b.WriteString(strconv.Itoa(d))
			}
			rows = append(rows, b.String())
		}
		size := cornerSize
		if len(rows) > 1 {
			size = cornerSize2
		}
		for k, s := range rows {
			ink := textInk(s)
			// the rows' middles, a row's height apart round the centre
			mid := at.y + (float64(k)-float64(len(rows)-1)/2)*size*0.9
			f.add(shape{kind: textShape, text: s, size: size, fill: 0, stroke: noTone,
				at: pt{at.x - (ink.minX+ink.maxX)/2*size, mid - (ink.minY+ink.maxY)/2*size}})
		}
	}
}

// outside writes clues outside the grid, centred in the cell they sit in
// beyond the grid's edge; a clue with a direction is smaller and moved
// back from it, a small arrow pointing along its diagonal. Two clues in
// one cell (little killers down both diagonals from it) each take the
// half of the cell on their arrow's side, along the grid's edge, so that
// their numbers do not run together. A clue's mark (grid.OutsideMark)
// tells the kinds beside rows and columns apart: a thin square round a
// smaller number, or a small arrowhead between the number, moved out, and
// the grid.
func (f *figure) outside(clues []grid.OutsideClue, textInk func(string) inkBox) {
	var arrows, boxes [][]pt
	in := map[[2]int]int{}
	for _, c := range clues {
		in[[2]int{c.Row, c.Col}]++
	}
	for _, c := range clues {
		m := pt{float64(c.Col) + 0.5, float64(c.Row) + 0.5}
		size := outsideSize
		wide := 0.8
		if c.Dir != [2]int{} {
			size = outsideArrowed
			u := pt{float64(c.Dir[1]), float64(c.Dir[0])}
			tip := pt{m.x + u.x*0.42, m.y + u.y*0.42}
			arrows = append(arrows, []pt{{m.x + u.x*0.2, m.y + u.y*0.2}, tip})
			h := arrowHead(tip, unit(u))
			for k := range h {
				// a smaller head than a line's
				h[k] = pt{tip.x + (h[k].x-tip.x)*0.5, tip.y + (h[k].y-tip.y)*0.5}
			}
			arrows = append(arrows, h)
			m = pt{m.x - u.x*0.12, m.y - u.y*0.12}
			if in[[2]int{c.Row, c.Col}] > 1 {
				if c.Row < 0 || c.Row >= f.n {
					m.x += u.x * (sharedShift + 0.12)
				} else {
					m.y += u.y * (sharedShift + 0.12)
				}
				wide = sharedWidth
			}
		}
		switch c.Mark {
		case grid.OutsideBoxed:
			size, wide = outsideMarked, outsideBoxWide
			h := outsideBox / 2
			boxes = append(boxes, []pt{{m.x - h, m.y - h}, {m.x + h, m.y - h}, {m.x + h, m.y + h}, {m.x - h, m.y + h}})
		case grid.OutsideInward:
			size = outsideMarked
			u := f.inward(c)
			tip := pt{m.x + u.x*outsideTip, m.y + u.y*outsideTip}
			h := arrowHead(tip, u)
			for k := range h {
				h[k] = pt{tip.x + (h[k].x-tip.x)*outsideHead, tip.y + (h[k].y-tip.y)*outsideHead}
			}
			arrows = append(arrows, h)
			m = pt{m.x - u.x*outsideBack, m.y - u.y*outsideBack}
		}
		ink := textInk(c.Text)
		size = min(size, wide/max(ink.maxX-ink.minX, 0.01))
		f.add(shape{kind: textShape, text: c.Text, size: size, fill: 0, stroke: noTone,
			at: pt{m.x - (ink.minX+ink.maxX)/2*size, m.y - (ink.minY+ink.maxY)/2*size}})
	}
	if arrows != nil {
		f.add(shape{kind: strokeShape, paths: arrows, fill: noTone, stroke: 0, width: thinLineWidth, round: true})
	}
	if boxes != nil {
		f.add(shape{kind: strokeShape, paths: boxes, closed: true, fill: noTone, stroke: 0, width: outsideBoxWidth})
	}
}

// inward returns the step, one cell long, from the place of clue c beside
// a row or a column into the grid.
func (f *figure) inward(c grid.OutsideClue) pt {
	switch {
	case c.Col < 0:
		return pt{1, 0}
	case c.Col >= f.n:
		return pt{-1, 0}
	case c.Row < 0:
		return pt{0, 1}
	}
	return pt{0, -1}
}

// notes writes short text small in the top-left corner of cells, on a
// patch of the cell's shade (the top-right corner when a cage sum or
// another note holds the left, or under them when the right has no room);
// the cell's digit stays clear of it. A note the cell already has (two
// slow thermometers from one bulb) is written once.
func (f *figure) notes(notes []grid.Note, tone []float64, textInk func(string) inkBox) {
	n := f.n
	written := map[grid.Note]bool{}
	for _, nt := range notes {
		if written[nt] {
			continue
		}
		written[nt] = true
		c := int(nt.Cell)
		ink := textInk(nt.Text)
		size := min(noteSize, 0.8/max(ink.maxX-ink.minX, 0.01))
		w, h := (ink.maxX-ink.minX)*size, (ink.maxY-ink.minY)*size
		left := float64(c%n) + cageInset - 0.015
		x0, y0 := left, float64(c/n)+cageInset-0.015
		prev, taken := f.keepOut[c]
		if taken {
			x0 = float64(c%n) + 1 - cageInset + 0.015 - w
			if x0-labelPad < prev.x1 {
				x0, y0 = left, prev.y1+labelPad
			}
		}
		patch := rect{x0 - labelPad, y0 - labelPad, x0 + w + labelPad, y0 + h + labelPad}
		f.add(shape{kind: fillShape, paths: [][]pt{patch.corners()}, fill: tone[c], stroke: noTone})
		f.add(shape{kind: textShape, text: nt.Text, size: size, at: pt{x0 - ink.minX*size, y0 - ink.minY*size}, fill: 0, stroke: noTone})
		if taken {
			patch = rect{min(prev.x0, patch.x0), min(prev.y0, patch.y0), max(prev.x1, patch.x1), max(prev.y1, patch.y1)}
		}
		f.keepOut[c] = patch
	}
}
