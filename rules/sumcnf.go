package rules

// The sums of the rules that add digits (arrows, little killers,
// sandwiches, X-sums, skyscrapers, region sum lines, zippers, double
// arrows) are written as plain clauses (Lowered.Clauses) in the order
// encoding: an integer x from lo to hi has one auxiliary variable
// "x >= v" for each v from lo+1 to hi, and x+y=z has, for each value a of
// x and b of y, the clauses
//
//	x >= a  and  y >= b  imply  z >= a+b
//	x <= a  and  y <= b  imply  z <= a+b
//
// (the order encoding of addition). A sum of several terms is a chain of
// partial sums. Unit propagation on these clauses narrows each partial
// sum to bounds in both directions, from the cells up to the total and
// from the total back down to the cells, and a full grid fixes every
// auxiliary variable. A partial sum is kept only up to a cap (the most
// that the other side of an equation can be, plus one), so the number of
// variables is at most the number of terms times the cap, and the number
// of clauses that times N.

import (
	"slices"

	"github.com/sudokugen/sudokugen/grid"
)

// Constant literals: a literal that is always true or always false, which
// the clause builder folds away.
const (
	litTrue  = 1 << 30
	litFalse = -litTrue
)

// ord is an integer in the order encoding: vals are the values it may
// take, in increasing order, and ge(v) the literal "it is at least v"
// (litTrue for v at most the least value, litFalse above the greatest).
type ord struct {
	vals []int
	at   func(v int) int // for vals[0] < v <= the last of vals
}

func (o ord) lo() int { return o.vals[0] }
func (o ord) hi() int { return o.vals[len(o.vals)-1] }

// ge returns the literal "o >= v".
func (o ord) ge(v int) int {
	switch {
	case v <= o.lo():
		return litTrue
	case v > o.hi():
		return litFalse
	}
	return o.at(v)
}

// sumEnc writes the clauses of sums into a Lowered, keeping the order
// encoding of each cell's digit that it has made, so that a cell in two
// sums of one kind has one.
type sumEnc struct {
	l      *grid.Lowered
	n      int
	digits map[int32]ord
	buf    []int // room for the clauses' literals, so that each is no allocation of its own
}

func newSumEnc(s grid.Shape, l *grid.Lowered) *sumEnc {
	return &sumEnc{l: l, n: s.N(), digits: map[int32]ord{}}
}

// clause adds the clause of lits, folding the constants: none when a
// literal is always true; a contradiction (a variable and its negation)
// when every literal is always false. A literal given twice is written
// once: the two terms of a sum may share literals (an X-sum's do), and a
// checker that watches two literals of each clause may then watch one
// literal twice, miss the clause's unit and refuse a sound proof.
// gophersat drops the copy as it loads a CNF, so its proofs rest on the
// clause without it.
func (e *sumEnc) clause(lits ...int) {
	if e.l.Bare() {
		return
	}
	if cap(e.buf)-len(e.buf) < len(lits) {
		e.buf = make([]int, 0, max(1024, len(lits)))
	}
	at := len(e.buf)
	for _, l := range lits {
		switch l {
		case litTrue:
			e.buf = e.buf[:at]
			return
		case litFalse:
			continue
		}
		if slices.Contains(e.buf[at:], l) {
			continue
		}
		e.buf = append(e.buf, l)
	}
	out := e.buf[at:len(e.buf):len(e.buf)]
	if len(out) == 0 {
		v := e.l.AuxVar()
		e.l.Clauses = append(e.l.Clauses, []int{v}, []int{-v})
		return
	}
	e.l.Clauses = append(e.l.Clauses, out)
}

// neg negates a literal, constants included.
func neg(l int) int { return -l }

// digit returns the order encoding of the digit of cell c: 1 to N, with
// "c >= v" tied to the cell's variables.
func (e *sumEnc) digit(c int32) ord {
	if o, ok := e.digits[c]; ok {
		return o
	}
	n := e.n
	ge := make([]int, n+1) // ge[v] for v = 2..n
	for v := 2; v <= n; v++ {
		ge[v] = e.l.AuxVar()
	}
	x := func(d int) int { return e.l.CellVar(c, d) }
	for v := 2; v <= n; v++ {
		// c holds v: at least v; c holds v-1: not at least v
		e.clause(-x(v), ge[v])
		e.clause(-x(v-1), -ge[v])
		if v < n {
			e.clause(-ge[v+1], ge[v])
		}
		at := []int{-ge[v]}
		below := []int{ge[v]}
		for d := 1; d <= n; d++ {
			if d >= v {
				at = append(at, x(d))
			} else {
				below = append(below, x(d))
			}
		}
		e.clause(at...)
		e.clause(below...)
	}
	vals := make([]int, n)
	for i := range vals {
		vals[i] = i + 1
	}
	o := ord{vals: vals, at: func(v int) int { return ge[v] }}
	e.digits[c] = o
	return o
}

// scaled returns o times w (w > 0): the digit of a pill's cell.
func scaled(o ord, w int) ord {
	vals := make([]int, len(o.vals))
	for i, v := range o.vals {
		vals[i] = v * w
	}
	return ord{vals: vals, at: func(v int) int { return o.ge((v + w - 1) / w) }}
}

// flagOrd returns a 0 or 1 that is 1 when literal g is true.
func flagOrd(g int) ord {
	return ord{vals: []int{0, 1}, at: func(int) int { return g }}
}

// gated returns o when literal g is true and 0 when it is false; o's
// values are above 0.
func (e *sumEnc) gated(g int, o ord) ord {
	vals := append([]int{0}, o.vals...)
	lits := map[int]int{}
	for _, v := range o.vals {
		if v == o.lo() {
			// at least the least value of o: exactly when g holds
			lits[v] = g
			continue
		}
		t := e.l.AuxVar()
		e.clause(-t, g)
		e.clause(-t, o.ge(v))
		e.clause(t, -g, neg(o.ge(v)))
		lits[v] = t
	}
	return ord{vals: vals, at: func(v int) int {
		// the least value of o at least v
		for _, w := range o.vals {
			if w >= v {
				return lits[w]
			}
		}
		return litFalse
	}}
}

// add returns x+y, kept up to cap: a sum above cap reads as cap.
func (e *sumEnc) add(x, y ord, cap int) ord { return e.addIn(x, y, x.lo()+y.lo(), cap, true) }

// fresh returns a new integer from lo to hi, its literals chained so that
// "at least v+1" implies "at least v".
func (e *sumEnc) fresh(lo, hi int) ord {
	ge := make([]int, hi-lo+1) // ge[v-lo] for v = lo+1..hi
	for v := lo + 1; v <= hi; v++ {
		ge[v-lo] = e.l.AuxVar()
		if v > lo+1 {
			e.clause(-ge[v-lo], ge[v-lo-1])
		}
	}
	vals := make([]int, hi-lo+1)
	for i := range vals {
		vals[i] = lo + i
	}
	return ord{vals: vals, at: func(v int) int { return ge[v-lo] }}
}

// sum returns the sum of terms (at least one), kept up to cap.
func (e *sumEnc) sum(terms []ord, cap int) ord {
	z := terms[0]
	for _, t := range terms[1:] {
		z = e.add(z, t, cap)
	}
	return z
}

// sumIs says that terms (at least one) add up to k, through partial sums
// that each keep only the values from which the terms left can still
// reach k: the i-th at least k minus the most the terms after it can add,
// at most k minus the least. The same solutions as equalConst of sum,
// with fewer clauses, and unit propagation cuts a partial sum that can
// no longer reach k at once: on 400 generated little killer puzzles,
// 2,965 clauses a puzzle against 4,754, the same search nodes, and a
// sixth less time.
func (e *sumEnc) sumIs(terms []ord, k int) {
	restLo, restHi := make([]int, len(terms)+1), make([]int, len(terms)+1)
	for i := len(terms) - 1; i >= 0; i-- {
		restLo[i] = restLo[i+1] + terms[i].lo()
		restHi[i] = restHi[i+1] + terms[i].hi()
	}
	z := terms[0]
	for i := range terms {
		if i > 0 {
			z = e.addWithin(z, terms[i], k-restHi[i+1], k-restLo[i+1])
		}
		// the bounds of the partial sum, as clauses on its literals (for
		// the first term, a digit, its own; then those addWithin kept)
		e.clause(z.ge(k - restHi[i+1]))
		e.clause(neg(z.ge(k - restLo[i+1] + 1)))
	}
}

// addWithin returns x+y, which must lie from lo to hi: a sum of x and y
// outside that has no value, so their clauses forbid it.
func (e *sumEnc) addWithin(x, y ord, lo, hi int) ord { return e.addIn(x, y, lo, hi, false) }

// addIn returns x+y from lo to hi: with saturate, a sum above hi reads as
// hi (add); without, a sum outside has no value (addWithin).
func (e *sumEnc) addIn(x, y ord, lo, hi int, saturate bool) ord {
	lo, hi = max(lo, x.lo()+y.lo()), min(hi, x.hi()+y.hi())
	switch {
	case lo <= hi:
	case saturate:
		lo = hi
	default:
		// no sum fits: the first clause below forbids every one
		hi = lo
	}
	z := e.fresh(lo, hi)
	for i, a := range x.vals {
		nextA := litFalse
		if i+1 < len(x.vals) {
			nextA = x.ge(x.vals[i+1])
		}
		for j, b := range y.vals {
			nextB := litFalse
			if j+1 < len(y.vals) {
				nextB = y.ge(y.vals[j+1])
			}
			top := a + b
			if saturate {
				top = min(top, hi)
			}
			// x >= a and y >= b: z >= a+b (saturated, or false past
			// hi); x <= a and y <= b: z <= a+b (false below lo)
			e.clause(neg(x.ge(a)), neg(y.ge(b)), z.ge(top))
			e.clause(nextA, nextB, neg(z.ge(a+b+1)))
		}
	}
	return z
}

// digits returns the order encodings of the digits of cells.
func (e *sumEnc) cells(cells []int32) []ord {
	out := make([]ord, len(cells))
	for i, c := range cells {
		out[i] = e.digit(c)
	}
	return out
}

// equal says x = y.
func (e *sumEnc) equal(x, y ord) {
	for v := min(x.lo(), y.lo()) + 1; v <= max(x.hi(), y.hi())+1; v++ {
		a, b := x.ge(v), y.ge(v)
		if a == b {
			continue
		}
		e.clause(neg(a), b)
		e.clause(a, neg(b))
	}
}

// equalConst says x = k.
func (e *sumEnc) equalConst(x ord, k int) {
	e.clause(x.ge(k))
	e.clause(neg(x.ge(k + 1)))
}

// sumsEqual says the digits of each group of cells add up to the same
// total (digits may repeat within a group).
func (e *sumEnc) sumsEqual(groups [][]int32) {
	if len(groups) < 2 {
		return
	}
	capacity := 1 << 30
	for _, g := range groups {
		capacity = min(capacity, len(g)*e.n+1)
	}
	first := e.sum(e.cells(groups[0]), capacity)
	for _, g := range groups[1:] {
		e.equal(first, e.sum(e.cells(g), capacity))
	}
}

// or returns a literal that is true exactly when a or b is.
func (e *sumEnc) or(a, b int) int {
	switch {
	case a == litFalse:
		return b
	case b == litFalse:
		return a
	case a == litTrue || b == litTrue:
		return litTrue
	}
	o := e.l.AuxVar()
	e.clause(-a, o)
	e.clause(-b, o)
	e.clause(-o, a, b)
	return o
}
