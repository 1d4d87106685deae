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
	pathPage
	solutionPage
)

// page is one planned page: its kind, the section it opens (sectionPage),
// and the puzzles on it (indexes into book.puzzles) with their layout;
// a page of solving paths holds the lines from one place to another.
type page struct {
	kind     pageKind
	section  int
	layout   layout
	frame    puzzleFrame
	puzzles  []int
	from, to pathPos
}

// section is a run of puzzles of one level (or variant, or both) in book
// order.
type section struct {
	name        string
	first, last int // puzzle numbers
	page        int // page number of its heading (or its first page)
	order       []int
	rules       string // the rules paragraph of a variant book's section
}

// levelRank orders the levels the rater gives, easiest first; other
// levels come after them, and puzzles without a level last.
var levelRank = map[string]int{"easy": 0, "medium": 1, "hard": 2, "expert": 3, "extreme": 4}

// sectionsOf groups the puzzles into sections, in book order. Without
// Sections and without variant puzzles it is one section of every puzzle
// in the order given. Sections groups them by level, easiest first and by
// score within; a book with variant puzzles has a section per variant
// too, in the order the variants first come, each with its rules. Either
// way the puzzles are then numbered in book order.
func (b *book) sectionsOf() []section {
	all := make([]int, len(b.puzzles))
	for i := range all {
		all[i] = i
	}
	if !b.headings {
		return []section{{name: "Puzzles", order: all, first: b.puzzles[0].Number, last: b.puzzles[len(all)-1].Number}}
	}
	type group struct {
		section
		variant int // order of the variant's first puzzle
		title   string
		level   string
	}
	var out []group
	byKey := map[[2]string]int{}
	variants := map[string]int{}
	for _, i := range all {
		p := b.puzzles[i]
		key := [2]string{}
		if b.variants {
			key[0] = p.Grid.Rules.Name()
		}
		if b.opts.Sections {
			key[1] = p.Level
		}
		k, ok := byKey[key]
		if !ok {
			v, seen := variants[key[0]]
			if !seen {
				v = len(variants)
				variants[key[0]] = v
			}
			k = len(out)
			byKey[key] = k
			out = append(out, group{variant: v, title: variantTitle(p.Grid.Rules), level: key[1]})
		}
		out[k].order = append(out[k].order, i)
	}
	rank := func(s group) (int, float64) {
		r, ok := levelRank[strings.ToLower(s.level)]
		switch {
		case s.level == "":
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
	if b.opts.Sections {
		slices.SortStableFunc(out, func(x, y group) int {
			rx, sx := rank(x)
			ry, sy := rank(y)
			return cmp.Or(cmp.Compare(x.variant, y.variant), cmp.Compare(rx, ry), cmp.Compare(sx, sy), strings.Compare(x.level, y.level))
		})
	}
	n := 0
	sections := make([]section, len(out))
	for k := range out {
		s := &out[k].section
		if b.opts.Sections {
			slices.SortStableFunc(s.order, func(x, y int) int {
				return cmp.Compare(b.puzzles[x].Score, b.puzzles[y].Score)
			})
		}
		for _, i := range s.order {
			n++
			b.puzzles[i].Number = n
		}
		s.first, s.last = b.puzzles[s.order[0]].Number, n
		var names []string
		if b.variants {
			names = append(names, out[k].title)
			grids := make([]grid.Grid, len(s.order))
			for j, i := range s.order {
				grids[j] = b.puzzles[i].Grid
			}
			s.rules = rulesText(grids)
		}
		if b.opts.Sections {
			names = append(names, sectionTitle(out[k].level))
		}
		s.name = strings.Join(names, " · ")
		sections[k] = *s
	}
	return sections
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

// planPages lays out the front matter, the sections, the solving paths
// and the solutions. Sections, the solving paths and the solutions start
// on right-hand (odd) pages, and the book has an even number of pages.
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
		if b.headings {
			b.pages = append(b.pages, page{kind: sectionPage, section: k})
		}
		b.fill(puzzlePage, s.order, nil, func(n int, _ float64) (layout, puzzleFrame) {
			f := b.puzzleFrame(c, n)
			return f.layout, f
		})
	}
	b.pathsPage = 0
	if b.opts.Paths {
		b.startRight()
		b.pathsPage = len(b.pages) + 1
		b.planPaths(c)
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
				if slices.ContainsFunc(p.Grid.Rules.Draw(p.Grid.Shape).Cages, func(c grid.Cage) bool { return c.Sum != 0 }) {
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
