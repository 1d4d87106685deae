// Package canon computes a canonical form of a Sudoku puzzle: one
// representative of all the puzzles that are the same up to the moves that
// keep every grid valid. Two puzzles are equivalent exactly when their
// canonical forms are equal, so a collection is deduplicated by comparing
// forms (or sorting them: `sudokugen canon | sort -u`).
//
// The moves are: relabelling the digits; permuting the rows within a band
// and the bands; permuting the columns within a stack and the stacks; and,
// for square boxes, transposing. Boxes of R rows and C columns with R != C
// are not transposed, since that would change their shape.
//
// The form is the puzzle whose clue pattern, read row by row with an empty
// cell before a clue, comes first among all the equivalent puzzles, and among
// those with that pattern, whose digits read row by row come first, digits
// being numbered 1, 2, 3... in the order they first appear.
package canon

import (
	"errors"
	"fmt"
	"sync"

	"github.com/sudokugen/sudokugen/grid"
)

// ErrSymmetric is returned for a grid with so many symmetries that
// finding its form would take longer than the search allows (a nearly
// full 16x16 grid or larger). No 9x9 grid comes near the bound.
var ErrSymmetric = errors.New("too symmetric to put in canonical form")

// ErrVariant is the error of Form for a variant puzzle (with grid.Rules):
// its equivalences are those that keep its rules too, which Form does not
// know.
var ErrVariant = errors.New("variant puzzles have no canonical form")

// Bounds on the search. A 9x9 grid needs at most 2,592 candidates (every
// arrangement of the rows, both ways round) and 3,359,232 arrangements of
// a full grid.
const (
	maxCandidates = 1 << 15
	maxTries      = 1 << 23
)

// Form returns the canonical form of g: equal for every puzzle equivalent to
// g, different for every other. g must have a valid shape; its digits are
// taken as they are (a grid with clashes has a form too).
func Form(g grid.Grid) (grid.Grid, error) {
	if g.HasRules() {
		return grid.Grid{}, fmt.Errorf("canonical form: %w (%s)", ErrVariant, g.Rules.Name())
	}
	if err := g.Shape.Validate(); err != nil {
		return grid.Grid{}, fmt.Errorf("canonical form: %w", err)
	}
	if len(g.Cells) != g.Shape.Cells() {
		return grid.Grid{}, fmt.Errorf("canonical form: %d cells for shape %s", len(g.Cells), g.Shape)
	}
	out := grid.New(g.Shape)
	if g.Givens() == 0 {
		return out, nil
	}
	s := newSearch(g)
	defer searches.Put(s)
	if err := s.patterns(); err != nil {
		return grid.Grid{}, fmt.Errorf("canonical form: %w", err)
	}
	if err := s.digits(); err != nil {
		return grid.Grid{}, fmt.Errorf("canonical form: %w", err)
	}
	copy(out.Cells, s.best)
	return out, nil
}

// Equivalent reports whether a and b are the same puzzle up to the moves of
// the package documentation.
func Equivalent(a, b grid.Grid) (bool, error) {
	if a.Shape != b.Shape {
		return false, nil
	}
	fa, err := Form(a)
	if err != nil {
		return false, err
	}
	fb, err := Form(b)
	if err != nil {
		return false, err
	}
	return fa.Equal(fb), nil
}

// candidate is a partial arrangement: the view (1 for transposed), the
// source rows placed so far, and for each source column the clue pattern
// of those rows, the first row in the highest bit.
type candidate struct {
	view  int
	rows  [grid.MaxN]int8
	n     int
	bands uint64 // source bands already used
	key   [grid.MaxN]uint64
}

type search struct {
	n, r, c int         // size, box rows (band height), box columns (stack width)
	views   [][]uint8   // the cells, and when boxes are square the cells transposed
	flip    []uint8     // storage of the transposed cells
	beam    []candidate // the arrangements whose pattern so far is the least
	next    []candidate
	best    []uint8 // the least digit string found so far
	have    bool
	tries   int
	cur     []uint8
}

// searches keeps the buffers of finished searches for the next ones.
var searches = sync.Pool{New: func() any { return new(search) }}

func newSearch(g grid.Grid) *search {
	n := g.N()
	s := searches.Get().(*search)
	s.n, s.r, s.c = n, g.BoxRows, g.BoxCols
	s.views = append(s.views[:0], g.Cells)
	if g.BoxRows == g.BoxCols {
		s.flip = resize(s.flip, len(g.Cells))
		for r := range n {
			for c := range n {
				s.flip[c*n+r] = g.Cells[r*n+c]
			}
		}
		s.views = append(s.views, s.flip)
	}
	s.best = resize(s.best, len(g.Cells))
	s.cur = resize(s.cur, len(g.Cells))
	s.have, s.tries = false, 0
	return s
}

// resize returns b with length n, reusing its storage when it can.
func resize(b []uint8, n int) []uint8 {
	if cap(b) < n {
		return make([]uint8, n)
	}
	return b[:n]
}

// patterns keeps, row by row, the arrangements of rows whose clue pattern
// is the least. For a fixed order of rows, the least pattern over column
// moves sorts the columns of each stack by their patterns and then the
// stacks by theirs, so the first k rows of the result depend only on the
// first k rows chosen: the search keeps every arrangement that ties.
func (s *search) patterns() error {
	s.beam = s.beam[:0]
	for v := range s.views {
		s.beam = append(s.beam, candidate{view: v})
	}
	for k := range s.n {
		s.next = s.next[:0]
		var least uint64
		for i := range s.beam {
			cd := &s.beam[i]
			for _, src := range s.choices(cd, k) {
				ext := *cd
				s.place(&ext, src)
				row := s.resultRow(&ext)
				switch {
				case len(s.next) > 0 && row > least:
					continue
				case len(s.next) == 0 || row < least:
					least = row
					s.next = s.next[:0]
				}
				if len(s.next) >= maxCandidates {
					return ErrSymmetric
				}
				s.next = append(s.next, ext)
			}
		}
		s.beam, s.next = s.next, s.beam
	}
	return nil
}

// choices returns the source rows that may come k-th: any row of an unused
// band at the start of a band, else the unused rows of the current band.
func (s *search) choices(cd *candidate, k int) []int {
	var out [grid.MaxN]int
	m := 0
	if k%s.r == 0 {
		for b := range s.c {
			if cd.bands&(1<<b) != 0 {
				continue
			}
			for i := range s.r {
				out[m] = b*s.r + i
				m++
			}
		}
		return out[:m]
	}
	band := int(cd.rows[k-1]) / s.r
	for i := range s.r {
		src := band*s.r + i
		if !cd.used(src) {
			out[m] = src
			m++
		}
	}
	return out[:m]
}

func (cd *candidate) used(src int) bool {
	for i := range cd.n {
		if int(cd.rows[i]) == src {
			return true
		}
	}
	return false
}

func (s *search) place(cd *candidate, src int) {
	cells := s.views[cd.view][src*s.n : (src+1)*s.n]
	for c, v := range cells {
		cd.key[c] <<= 1
		if v != 0 {
			cd.key[c] |= 1
		}
	}
	cd.rows[cd.n] = int8(src)
	cd.n++
	cd.bands |= 1 << (src / s.r)
}

// order returns the columns of cd in the order that makes its pattern the
// least: each stack's columns sorted by pattern, the stacks sorted by theirs.
func (s *search) order(cd *candidate, cols, out []int) []int {
	var stacks [grid.MaxN]int
	for st := range s.r {
		stacks[st] = st
		part := cols[st*s.c : (st+1)*s.c]
		for i := range part {
			part[i] = st*s.c + i
		}
		for i := 1; i < len(part); i++ {
			for j := i; j > 0 && cd.key[part[j]] < cd.key[part[j-1]]; j-- {
				part[j], part[j-1] = part[j-1], part[j]
			}
		}
	}
	for i := 1; i < s.r; i++ {
		for j := i; j > 0 && s.stackLess(cd, cols, stacks[j], stacks[j-1]); j-- {
			stacks[j], stacks[j-1] = stacks[j-1], stacks[j]
		}
	}
	out = out[:0]
	for _, st := range stacks[:s.r] {
		out = append(out, cols[st*s.c:(st+1)*s.c]...)
	}
	return out
}

// stackCompare compares the patterns of stacks a and b, their columns sorted
// in cols, read row by row.
func (s *search) stackCompare(cd *candidate, cols []int, a, b int) int {
	pa, pb := cols[a*s.c:(a+1)*s.c], cols[b*s.c:(b+1)*s.c]
	for bit := cd.n - 1; bit >= 0; bit-- {
		for i := range pa {
			x, y := cd.key[pa[i]]>>bit&1, cd.key[pb[i]]>>bit&1
			if x != y {
				if x < y {
					return -1
				}
				return 1
			}
		}
	}
	return 0
}

func (s *search) stackLess(cd *candidate, cols []int, a, b int) bool {
	return s.stackCompare(cd, cols, a, b) < 0
}

// resultRow returns the last placed row of cd's least pattern, its first
// column in the highest bit.
func (s *search) resultRow(cd *candidate) uint64 {
	var buf, out [grid.MaxN]int
	var row uint64
	for _, c := range s.order(cd, buf[:s.n], out[:0]) {
		row = row<<1 | cd.key[c]&1
	}
	return row
}

// digits tries every arrangement that gives the least pattern: each final
// candidate with its columns in the least order, and every reordering of
// columns with the same pattern within a stack and of stacks with the same
// pattern. It keeps the least digit string.
func (s *search) digits() error {
	var buf, base [grid.MaxN]int
	for i := range s.beam {
		cd := &s.beam[i]
		cols := s.order(cd, buf[:s.n], base[:0])
		if err := s.ties(cd, cols); err != nil {
			return err
		}
	}
	return nil
}

// ties tries cd with every column order that keeps its pattern: stacks in
// cols (in their least order) that are alike may trade places, and so may
// alike columns within a stack.
func (s *search) ties(cd *candidate, cols []int) error {
	stacks := make([][]int, s.r)
	for i := range stacks {
		stacks[i] = cols[i*s.c : (i+1)*s.c]
	}
	var groups [][]int // runs of interchangeable positions
	slot := make([]int, s.r)
	for i := range slot {
		slot[i] = i
	}
	for i := 0; i < s.r; {
		j := i + 1
		for j < s.r && s.sameStack(cd, stacks[i], stacks[j]) {
			j++
		}
		if j-i > 1 {
			groups = append(groups, slot[i:j])
		}
		i = j
	}
	for _, st := range stacks {
		for i := 0; i < len(st); {
			j := i + 1
			for j < len(st) && cd.key[st[j]] == cd.key[st[i]] {
				j++
			}
			if j-i > 1 {
				groups = append(groups, st[i:j])
			}
			i = j
		}
	}
	order := make([]int, 0, s.n)
	var err error
	visit := func() {
		order = order[:0]
		for _, sl := range slot {
			order = append(order, stacks[sl]...)
		}
		if s.tries++; s.tries > maxTries {
			err = ErrSymmetric
			return
		}
		s.try(cd, order)
	}
	permuteAll(groups, visit, func() bool { return err != nil })
	return err
}

func (s *search) sameStack(cd *candidate, a, b []int) bool {
	for i := range a {
		if cd.key[a[i]] != cd.key[b[i]] {
			return false
		}
	}
	return true
}

// permuteAll calls visit once for every combination of orders of the
// groups, each group permuted in place, until stop reports true.
func permuteAll(groups [][]int, visit func(), stop func() bool) {
	if len(groups) == 0 {
		visit()
		return
	}
	g := groups[0]
	var perm func(k int)
	perm = func(k int) {
		if k == len(g) {
			permuteAll(groups[1:], visit, stop)
			return
		}
		for i := k; i < len(g) && !stop(); i++ {
			g[k], g[i] = g[i], g[k]
			perm(k + 1)
			g[k], g[i] = g[i], g[k]
		}
	}
	perm(0)
}

// try reads the grid with cd's rows and the columns cols, numbering the
// digits in order of appearance, and keeps it when it is the least so far.
// It stops reading as soon as it falls behind the best.
func (s *search) try(cd *candidate, cols []int) {
	var label [grid.MaxN + 1]uint8
	next := uint8(1)
	cells := s.views[cd.view]
	less := !s.have
	k := 0
	for i := range s.n {
		row := cells[int(cd.rows[i])*s.n:]
		for _, c := range cols {
			v := row[c]
			if v != 0 {
				if label[v] == 0 {
					label[v] = next
					next++
				}
				v = label[v]
			}
			if !less {
				switch b := s.best[k]; {
				case v > b:
					return
				case v < b:
					less = true
				}
			}
			s.cur[k] = v
			k++
		}
	}
	if less {
		s.best, s.cur = s.cur, s.best
		s.have = true
	}
}
