package output

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sudokugen/sudokugen/grid"
)

type pageKind int

const (
	blankPage pageKind = iota
	titlePage
	frontPage
	contentsPage
	sectionPage
	puzzlePage
	solutionPage
)

// page is one planned page: its kind, the section it opens (sectionPage),
// and the puzzles on it (indexes into book.puzzles) with their layout.
type page struct {
	kind    pageKind
	section int
	layout  layout
	frame   puzzleFrame
	puzzles []int
}

// section is a run of puzzles of one level in book order.
type section struct {
	name        string
	first, last int // puzzle numbers
	page        int // page number of its heading (or its first page)
	order       []int
}

// levelRank orders the levels the rater gives, easiest first; other
// levels come after them, and puzzles without a level last.
var levelRank = map[string]int{"easy": 0, "medium": 1, "hard": 2, "expert": 3, "extreme": 4}

// sectionsOf groups the puzzles into sections, in book order. Without
// Sections it is one section of every puzzle in the order given.
func (b *book) sectionsOf() []section {
	all := make([]int, len(b.puzzles))
	for i := range all {
		all[i] = i
	}
	if !b.opts.Sections {
		return []section{{name: "Puzzles", order: all, first: b.puzzles[0].Number, last: b.puzzles[len(all)-1].Number}}
	}
	var out []section
	byName := map[string]int{}
	for _, i := range all {
		name := b.puzzles[i].Level
		k, ok := byName[name]
		if !ok {
			k = len(out)
			byName[name] = k
			out = append(out, section{name: name})
		}
		out[k].order = append(out[k].order, i)
	}
	rank := func(s section) (int, float64) {
		r, ok := levelRank[strings.ToLower(s.name)]
		switch {
		case s.name == "":
			r = len(levelRank) + 1
		case !ok:
			r = len(levelRank)
		}
		least := b.puzzles[s.order[0]].Score
		for _, i := range s.order {
			least = min(least, b.puzzles[i].Score)
		}
		return r, least
	}
	slices.SortStableFunc(out, func(x, y section) int {
		rx, sx := rank(x)
		ry, sy := rank(y)
		return cmp.Or(cmp.Compare(rx, ry), cmp.Compare(sx, sy), strings.Compare(x.name, y.name))
	})
	n := 0
	for k := range out {
		s := &out[k]
		slices.SortStableFunc(s.order, func(x, y int) int {
			return cmp.Compare(b.puzzles[x].Score, b.puzzles[y].Score)
		})
		for _, i := range s.order {
			n++
			b.puzzles[i].Number = n
		}
		s.first, s.last = b.puzzles[s.order[0]].Number, n
		s.name = sectionTitle(s.name)
	}
	return out
}

// sectionTitle is the heading of a section of puzzles of level name.
func sectionTitle(name string) string {
	if name == "" {
		return "Unrated"
	}
	r, size := utf8.DecodeRuneInString(name)
	return string(unicode.ToUpper(r)) + name[size:]
}

// plan lays the book out page by page with the gutter of its final page
// count: the plan is made again with a wider gutter until the count no
// longer asks for one.
func (b *book) plan() {
	b.sections = b.sectionsOf()
	gutter := Gutter(0)
	for {
		b.margins = marginsFor(gutter)
		b.planPages()
		next := Gutter(len(b.pages))
		if next <= gutter {
			return
		}
		gutter = next
	}
}

// planPages lays out the front matter, the sections and the solutions.
// Sections and the solutions start on right-hand (odd) pages, and the
// book has an even number of pages.
func (b *book) planPages() {
	b.pages = b.pages[:0]
	if b.opts.Title != "" {
		b.pages = append(b.pages, page{kind: titlePage})
	}
	if b.opts.Front != "" {
		b.pages = append(b.pages, page{kind: frontPage})
	}
	if b.opts.Sections {
		b.startRight()
		b.pages = append(b.pages, page{kind: contentsPage})
	}
	c := content(b.size, b.margins, 1)
	for k := range b.sections {
		s := &b.sections[k]
		b.startRight()
		s.page = len(b.pages) + 1
		if b.opts.Sections {
			b.pages = append(b.pages, page{kind: sectionPage, section: k})
		}
		b.fill(puzzlePage, s.order, nil, func(n int, _ float64) (layout, puzzleFrame) {
			f := b.puzzleFrame(c, n)
			return f.layout, f
		})
	}
	b.solutionsPage = 0
	if b.opts.Solutions {
		var solved []int
		for _, s := range b.sections {
			for _, i := range s.order {
				if b.puzzles[i].Solution != nil {
					solved = append(solved, i)
				}
			}
		}
		if len(solved) > 0 {
			b.startRight()
			b.solutionsPage = len(b.pages) + 1
			sc := solutionArea(c)
			minCell := minSolCell
			if b.opts.LargePrint {
				minCell = largeSolCell
			}
			// the sums of killer cages need larger cells to be read
			cellOf := func(p Puzzle) float64 {
				if p.Grid.Rules != nil && slices.ContainsFunc(p.Grid.Rules.Cages, func(c grid.Cage) bool { return c.Sum != 0 }) {
					return max(minCell, cageSolCell)
				}
				return minCell
			}
			b.fill(solutionPage, solved, cellOf, func(n int, cell float64) (layout, puzzleFrame) {
				return solutionLayout(n, sc, cell), puzzleFrame{}
			})
		}
	}
	if len(b.pages)%2 == 1 {
		b.pages = append(b.pages, page{kind: blankPage})
	}
}

// solutionArea is the part of text area c below the "Solutions" heading.
func solutionArea(c box) box {
	return gridArea(box{x: c.x, y: c.y + headingHeight, w: c.w, h: c.h - headingHeight})
}

// puzzleFrame returns the frame of a page of puzzles of size n.
func (b *book) puzzleFrame(c box, n int) puzzleFrame {
	k := MaxPerPage(n)
	if b.opts.LargePrint {
		k = min(k, largePrintPerPage(c, n))
	}
	if b.opts.PerPage > 0 {
		k = min(k, b.opts.PerPage)
	}
	return puzzleFrameFor(c, k, b.opts.LargePrint)
}

// startRight adds a blank page when the next page would be a left-hand one.
func (b *book) startRight() {
	if len(b.pages)%2 == 1 {
		b.pages = append(b.pages, page{kind: blankPage})
	}
}

// fill adds pages of kind holding the puzzles idx in order, starting a new
// page whenever the shape changes, or the least cell size that cellOf
// gives (when not nil).
func (b *book) fill(kind pageKind, idx []int, cellOf func(Puzzle) float64, layoutOf func(n int, cell float64) (layout, puzzleFrame)) {
	key := func(i int) (grid.Shape, float64) {
		p := b.puzzles[idx[i]]
		if cellOf == nil {
			return p.Grid.Shape, 0
		}
		return p.Grid.Shape, cellOf(p)
	}
	for start := 0; start < len(idx); {
		shape, cell := key(start)
		end := start
		for end < len(idx) {
			if s, c := key(end); s != shape || c != cell {
				break
			}
			end++
		}
		l, f := layoutOf(shape.N(), cell)
		for i := start; i < end; i += l.cap() {
			b.pages = append(b.pages, page{kind: kind, layout: l, frame: f, puzzles: idx[i:min(i+l.cap(), end)]})
		}
		start = end
	}
}
