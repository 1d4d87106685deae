package generate

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/search"
	"github.com/sudokugen/sudokugen/internal/singles"
	"github.com/sudokugen/sudokugen/sat"
)

// board is a grid with the digits of each row, column and box kept as bit
// sets (bit d for digit d; sizes go up to 36, so 64 bits are enough), which
// makes the candidates of a cell a few machine operations.
type board struct {
	*layout
	cells         []uint8
	row, col, box []uint64
}

// layout is what a board needs to know about its shape; it is the same for
// every grid of the shape, so boards of one shape share it.
type layout struct {
	shape grid.Shape
	n     int
	all   uint64  // bits 1..n
	at    []where // the row, column and box of each cell
	units [][]int // the cells of each row, then each column, then each box
	// search and unavoid are scratch state: a layout is used by one
	// goroutine at a time (the Generator's lock sees to it).
	search *searcher
	// unavoid holds the unavoidable sets of the grid being made (see
	// findUnavoidable), reused from grid to grid.
	unavoid *unavoidable
	// forced is the propagation of the grid being filled.
	forced *forced
}

// where locates a cell; tables of it spare the divisions that finding the
// row and column of a cell index costs, in the hottest loops of removal.
type where struct{ row, col, box int32 }

func newLayout(sh grid.Shape) *layout {
	n := sh.N()
	l := &layout{shape: sh, n: n, all: (uint64(1)<<n - 1) << 1, at: make([]where, n*n), search: newSearcher(sh.Units())}
	l.forced = newForced(l)
	g := grid.New(sh)
	l.units = make([][]int, 3*n)
	for i := range l.at {
		r, c := i/n, i%n
		b := g.Box(r, c)
		l.at[i] = where{int32(r), int32(c), int32(b)}
		l.units[r] = append(l.units[r], i)
		l.units[n+c] = append(l.units[n+c], i)
		l.units[2*n+b] = append(l.units[2*n+b], i)
	}
	return l
}

func (l *layout) newBoard() *board {
	n := l.n
	return &board{
		layout: l,
		cells:  make([]uint8, n*n),
		row:    make([]uint64, n),
		col:    make([]uint64, n),
		box:    make([]uint64, n),
	}
}

// place puts digit d in empty cell i.
func (b *board) place(i, d int) {
	bit := uint64(1) << d
	b.cells[i] = uint8(d)
	w := b.at[i]
	b.row[w.row] |= bit
	b.col[w.col] |= bit
	b.box[w.box] |= bit
}

// clear empties cell i.
func (b *board) clear(i int) {
	bit := uint64(1) << b.cells[i]
	b.cells[i] = 0
	w := b.at[i]
	b.row[w.row] &^= bit
	b.col[w.col] &^= bit
	b.box[w.box] &^= bit
}

// seen returns the digits already in the row, column and box of cell i.
func (b *board) seen(i int) uint64 {
	w := b.at[i]
	return b.row[w.row] | b.col[w.col] | b.box[w.box]
}

// candidates returns the digits that cell i could hold without repeating
// one of its row, column or box.
func (b *board) candidates(i int) uint64 { return b.all &^ b.seen(i) }

// forced keeps, beside a board being filled, its candidates after naked
// and hidden singles: the unit propagation that the searches run
// (package singles), here kept up to date one decision at a time. For an
// empty cell of the board, its candidates are those the board gives: on
// this encoding the singles remove no digit but those placed in a peer.
type forced struct {
	singles.Propagator
	cand []uint64 // bit d-1 for digit d
	ok   bool     // false after a contradiction, until reset
}

func newForced(l *layout) *forced {
	return &forced{Propagator: singles.New(l.shape.Units()), cand: make([]uint64, l.n*l.n)}
}

// reset propagates the digits of b from scratch.
func (f *forced) reset(b *board) {
	for i := range f.cand {
		f.cand[i] = f.Full
	}
	f.Dirty = [2]uint64{}
	f.ok = true
	for i, v := range b.cells {
		if v != 0 && !f.Assign(f.cand, int32(i), 1<<(v-1)) {
			f.ok = false
			return
		}
	}
	f.MarkAll()
	f.ok = f.Hidden(f.cand)
}

// decide propagates digit d placed in cell i.
func (f *forced) decide(i, d int) {
	f.ok = f.ok && f.Assign(f.cand, int32(i), 1<<(d-1)) && f.Hidden(f.cand)
}

// fill places on b, in reading order, the cells that the singles settled
// and b has empty, and appends them to placed; false, placing nothing,
// after a contradiction: a cell without candidates or a digit without a
// place in some unit, so that the grid has no completion.
func (f *forced) fill(b *board, placed []int) ([]int, bool) {
	if !f.ok {
		return placed, false
	}
	for i, v := range b.cells {
		if m := f.cand[i]; v == 0 && m&(m-1) == 0 {
			b.place(i, bits.TrailingZeros64(m)+1)
			placed = append(placed, i)
		}
	}
	return placed, true
}

func (b *board) grid() grid.Grid {
	return grid.Grid{Shape: b.shape, Cells: append([]uint8(nil), b.cells...)}
}

// givens appends one positive literal per filled cell to lits.
func (b *board) givens(lits []int) []int {
	n := b.n
	for i, v := range b.cells {
		if v != 0 {
			lits = append(lits, sat.Var(n, i/n, i%n, int(v)))
		}
	}
	return lits
}

// fillNodes bounds the search that decides whether a partial grid can be
// completed before the solver is asked.
const fillNodes = 2000

// completable reports whether the partial grid cells can be completed to
// a full grid: a fact, which the search settles within its budget or else
// the solver. With check, the solver decides it in every case, and a
// search that says otherwise is an error (ErrCheck).
func completable(s *sat.Solver, l *layout, cells []uint8, check bool) (bool, error) {
	res := l.search.complete(cells, fillNodes)
	if res != search.Unknown && !check {
		return res == search.Found, nil
	}
	n := l.n
	lits := make([]int, 0, len(cells))
	for i, v := range cells {
		if v != 0 {
			lits = append(lits, sat.Var(n, i/n, i%n, int(v)))
		}
	}
	ok := s.Solve(lits)
	if res != search.Unknown && ok != (res == search.Found) {
		return ok, fmt.Errorf("%w: whether the grid %s can be completed: fast path %v, solver %v",
			ErrCheck, grid.Grid{Shape: l.shape, Cells: cells}, res == search.Found, ok)
	}
	return ok, nil
}

// randomBoxes fills boxes that share no band and no stack, the diagonal
// ones, with random permutations of the digits, and checks that the grid
// can still be completed (see completable). It returns false if even the
// first box alone cannot be completed (which cannot happen).
//
// The boxes constrain each other only through other cells, so on the usual
// shapes any choice can be completed: for 3x3 boxes this is the classic
// observation that the diagonal boxes are independent. It fails on some
// shapes (on 4x4 grids only 12 of the 24 fillings of the second box fit the
// first), so when the check says no, the boxes are placed again one at a
// time, each drawn until the check accepts it or a few draws fail, in which
// case it is left empty.
func randomBoxes(s *sat.Solver, b *board, rng *rand.Rand, check bool) (bool, error) {
	sh, n := b.shape, b.n
	k := min(n/sh.BoxRows, n/sh.BoxCols)
	put := func(box int) {
		r0, c0 := box*sh.BoxRows, box*sh.BoxCols
		for j, d := range rng.Perm(n) {
			b.place((r0+j/sh.BoxCols)*n+c0+j%sh.BoxCols, d+1)
		}
	}
	unput := func(box int) {
		r0, c0 := box*sh.BoxRows, box*sh.BoxCols
		for j := range n {
			b.clear((r0+j/sh.BoxCols)*n + c0 + j%sh.BoxCols)
		}
	}
	for box := range k {
		put(box)
	}
	if sh.BoxRows == 3 && sh.BoxCols == 3 && !check {
		// The three diagonal boxes of a 9x9 grid can always be completed,
		// whatever their digits, so the solve that would say so is
		// skipped: it was 30% of the time of making a minimal puzzle. (Were
		// it ever wrong, fill would end with an error, never with a wrong
		// grid: its chain step checks every decision it keeps.)
		return true, nil
	}
	if ok, err := completable(s, b.layout, b.cells, check); ok || err != nil {
		return ok, err
	}
	for box := 1; box < k; box++ {
		unput(box)
	}
	for box := 1; box < k; box++ {
		for try := 0; ; try++ {
			put(box)
			ok, err := completable(s, b.layout, b.cells, check)
			if err != nil {
				return false, err
			}
			if ok {
				break
			}
			unput(box)
			if try == 7 {
				break
			}
		}
	}
	return completable(s, b.layout, b.cells, check)
}

// shuffle returns a random image of full grid g under transforms that keep
// every Sudoku valid: digits relabelled, bands reordered and the rows
// within each band, stacks reordered and the columns within each stack,
// and, when the boxes are square, a transposition.
func shuffle(g grid.Grid, rng *rand.Rand) grid.Grid {
	sh, n := g.Shape, g.N()
	rows := lines(rng, n/sh.BoxRows, sh.BoxRows)
	cols := lines(rng, n/sh.BoxCols, sh.BoxCols)
	relabel := rng.Perm(n)
	transpose := sh.BoxRows == sh.BoxCols && rng.IntN(2) == 1
	out := grid.New(sh)
	for r := range n {
		for c := range n {
			v := relabel[g.At(rows[r], cols[c])-1] + 1
			if transpose {
				out.Set(c, r, v)
			} else {
				out.Set(r, c, v)
			}
		}
	}
	return out
}

// lines returns a random order of groups*size lines in which the lines of
// each group stay together: the groups are shuffled, and the lines within
// each group.
func lines(rng *rand.Rand, groups, size int) []int {
	out := make([]int, 0, groups*size)
	for _, gi := range rng.Perm(groups) {
		for _, j := range rng.Perm(size) {
			out = append(out, gi*size+j)
		}
	}
	return out
}

// fill returns a random full grid of the solver's shape.
//
// gophersat has no randomness of its own, and a solver reused across
// puzzles holds learned clauses that steer it to a different model for the
// same input, so the grid must not depend on which model the solver
// returns. It depends only on rng and on yes-or-no facts the solver
// establishes ("can this partial grid be completed?"), which hold whatever
// its state:
//
//  1. Boxes that share no band and no stack get random permutations of the
//     digits (see randomBoxes); a solve confirms they can be completed.
//  2. From a grid known to be completable, a chain is built: fill the cells
//     that naked and hidden singles force, then give the cell with the
//     fewest candidates a random one of them, and so on until the grid is
//     full or some cell or digit has no place left. A full grid is the
//     result.
//  3. When the chain gets stuck, a binary search of solves over its
//     prefixes finds the first decision that cannot be completed; the
//     chain is cut back to just before it, that digit is ruled out for
//     that cell for good, and a new chain starts there.
//  4. The grid is shuffled by transforms that keep it valid (see shuffle).
//
// So every decision stands only when the solver agrees it can be
// completed. Checking a whole chain at once rather than each decision
// costs a few solves per grid instead of one per decision. Measured here
// against a first version that solved once per decision: 0.3 ms instead of
// 1.5 ms for 9x9, 4 ms instead of 80 ms for 16x16, 0.1 s instead of 2 s
// for 25x25.
//
// It gives up with ctx's error when ctx is done, looking at it between
// solves.
//
// With check, the solver decides again every question the search answers
// (see Options.Check), and the full grid is checked against the rules.
func fill(ctx context.Context, s *sat.Solver, l *layout, rng *rand.Rand, check bool) (grid.Grid, error) {
	b := l.newBoard()
	n := l.n
	if ok, err := randomBoxes(s, b, rng, check); err != nil {
		return grid.Grid{}, err
	} else if !ok {
		return grid.Grid{}, errors.New("random boxes cannot be completed to a full grid")
	}
	f := l.forced
	rejected := make([]uint64, n*n) // digits no completion of the grid so far has, per cell
	var trail []int                 // cells filled since the boxes, in order
	type decision struct{ cell, digit, at int }
	var chain []decision
	var prefix []uint8
	errModel := errors.New("solver and grid disagree about a completion")
	for {
		if err := ctx.Err(); err != nil {
			return grid.Grid{}, err
		}
		// Extend the grid by forced cells and random decisions until it is
		// full or stuck.
		chain = chain[:0]
		stuck := false
		f.reset(b)
		for {
			var ok bool
			if trail, ok = f.fill(b, trail); !ok {
				stuck = true
				break
			}
			x, cand := -1, uint64(0)
			for i, v := range b.cells {
				if v != 0 {
					continue
				}
				c := b.candidates(i) &^ rejected[i]
				if x < 0 || bits.OnesCount64(c) < bits.OnesCount64(cand) {
					x, cand = i, c
				}
			}
			if x < 0 {
				break
			}
			if cand == 0 {
				stuck = true
				break
			}
			d := nthBit(cand, rng.IntN(bits.OnesCount64(cand)))
			chain = append(chain, decision{x, d, len(trail)})
			b.place(x, d)
			f.decide(x, d)
			trail = append(trail, x)
		}
		if !stuck {
			g := shuffle(b.grid(), rng)
			if check && (g.Validate() != nil || g.Givens() != len(g.Cells)) {
				return grid.Grid{}, fmt.Errorf("%w: the full grid %s breaks the rules", ErrCheck, g)
			}
			return g, nil
		}
		// Some decision of the chain admits no completion. Find the first
		// one, by binary search over the prefixes of the chain (a prefix
		// that can be completed is a fact, whatever model shows it).
		if len(chain) == 0 {
			return grid.Grid{}, errModel
		}
		lo, hi := 0, len(chain)-1 // chain[:lo] is fine; chain[hi] fails
		for lo < hi && ctx.Err() == nil {
			mid := (lo + hi) / 2
			prefix = append(prefix[:0], b.cells...)
			for _, x := range trail[chain[mid].at+1:] {
				prefix[x] = 0
			}
			ok, err := completable(s, l, prefix, check)
			if err != nil {
				return grid.Grid{}, err
			}
			if ok {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		bad := chain[lo]
		for len(trail) > bad.at {
			b.clear(trail[len(trail)-1])
			trail = trail[:len(trail)-1]
		}
		rejected[bad.cell] |= 1 << bad.digit
	}
}

// nthBit returns the index of the k-th set bit of c, counting from 0.
func nthBit(c uint64, k int) int {
	for ; k > 0; k-- {
		c &= c - 1
	}
	return bits.TrailingZeros64(c)
}
