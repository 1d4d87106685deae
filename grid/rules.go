package grid

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// GroupKind says what an extra group of cells is.
type GroupKind uint8

const (
	// GroupRegion is an extra region given cell by cell (f-puzzles'
	// "extraregion").
	GroupRegion GroupKind = iota
	// GroupDiagonal is the main diagonal, r1c1 to rNcN.
	GroupDiagonal
	// GroupAntiDiagonal is the other diagonal, rNc1 to r1cN.
	GroupAntiDiagonal
	// GroupWindow is a window of a hyper (windoku) puzzle: the box-sized
	// block of cells one cell in from a corner of four boxes.
	GroupWindow
	// GroupDisjoint is the cells at one position within their boxes.
	GroupDisjoint
)

var groupKindNames = [...]string{"extra region", "diagonal", "anti-diagonal", "window", "disjoint group"}

// GroupKinds is the number of kinds of groups.
const GroupKinds = len(groupKindNames)

// String names the kind of group, as error messages do.
func (k GroupKind) String() string {
	if int(k) < len(groupKindNames) {
		return groupKindNames[k]
	}
	return fmt.Sprintf("GroupKind(%d)", int(k))
}

// Group is an extra group of cells whose digits all differ.
type Group struct {
	Kind  GroupKind
	Cells []int32
}

// Cage is a killer cage: cells whose digits all differ and add up to Sum
// (no sum when Sum is 0).
type Cage struct {
	Cells []int32
	Sum   int
}

// Pair is two orthogonally adjacent cells joined by a dot or a letter.
type Pair [2]int32

// Empty reports whether r adds nothing to the classic rules (or is nil).
func (r *Rules) Empty() bool {
	if r == nil {
		return true
	}
	for _, k := range kinds {
		if k.Has(r) {
			return false
		}
	}
	return true
}

// Equal reports whether r and o are the same rules, nil and empty rules
// alike. The order of groups, cages, cells and pairs counts.
func (r *Rules) Equal(o *Rules) bool {
	if r.Empty() || o.Empty() {
		return r.Empty() == o.Empty()
	}
	for _, k := range kinds {
		if !k.Equal(r, o) {
			return false
		}
	}
	return true
}

// Region returns the region of cell i in a grid of shape s: its jigsaw
// region, or its box when the rules have none (or are nil).
func (r *Rules) Region(s Shape, i int) int {
	if r != nil && Regions.Get(r) != nil {
		return int(Regions.Get(r)[i])
	}
	n := s.N()
	return (i/n/s.BoxRows)*(n/s.BoxCols) + i%n/s.BoxCols
}

// ErrRules is wrapped by every error of Rules.Validate.
var ErrRules = errors.New("invalid rules")

// RuleError is a rule that cannot hold in a grid: what is wrong, and which
// rule (such as "cage 3 (r1c1 r1c2)").
type RuleError struct {
	Rule string // the rule at fault, such as "cage 3 (r1c1 r1c2)" or "region 2"
	Msg  string // what is wrong with it
}

func (e *RuleError) Error() string { return e.Rule + ": " + e.Msg }

// Unwrap returns ErrRules.
func (e *RuleError) Unwrap() error { return ErrRules }

func RuleErrorf(rule, format string, args ...any) error {
	return &RuleError{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

// cellName names cell i of a grid of size n as r1c1.
func CellName(n int, i int32) string { return Cell{int(i) / n, int(i) % n}.String() }

// ListWords lists parts as a sentence does, conj (such as "or" or "and")
// before the last: "3", "3 or 4", "1, 2 or 5".
func ListWords(parts []string, conj string) string {
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " " + conj + " " + parts[len(parts)-1]
}

// Validate reports the first rule of r that cannot hold in a grid of shape
// s, as a *RuleError: a cell outside the grid or listed twice, a region
// that does not have N cells, a group larger than N, a
// cage larger than N or whose sum no distinct digits make, a pair whose
// cells are not orthogonally adjacent, a thermometer that is not a chain
// of touching cells or is longer than N, or a cell both odd and even.
// Nil rules are valid.
func (r *Rules) Validate(s Shape) error {
	if r == nil {
		return nil
	}
	if err := s.ValidateWith(r); err != nil {
		return err
	}
	v := &Validation{Shape: s, N: s.N(), seen: make([]int32, s.N()*s.N())}
	for _, k := range kinds {
		if err := k.Validate(v, r); err != nil {
			return err
		}
	}
	return nil
}

// MaxSumN is the largest grid size whose cages may have a sum: the SAT
// encoding lists the digit sets of each sum, and from 17 digits up a
// cage of half the size has too many.
const MaxSumN = 16

// Combinations returns the sets of k distinct digits from 1 to n that add
// up to sum, as bit sets (bit d for digit d), in increasing order.
func Combinations(n, k, sum int) []uint64 {
	var out []uint64
	var walk func(from, k, sum int, set uint64)
	walk = func(from, k, sum int, set uint64) {
		if k == 0 {
			if sum == 0 {
				out = append(out, set)
			}
			return
		}
		for d := from; d <= n; d++ {
			// the k-1 digits after d are at least d+1..d+k-1
			if lo := d + (k-1)*(2*d+k)/2; lo > sum {
				break
			}
			if lo, hi := SumRange(n-d, k-1); sum-d < lo+(k-1)*d || sum-d > hi+(k-1)*d {
				continue
			}
			walk(d+1, k-1, sum-d, set|1<<d)
		}
	}
	walk(1, k, sum, 0)
	slices.Sort(out)
	return out
}

// SumRange returns the smallest and the largest sum of k distinct digits
// from 1 to n. Every sum between them can be made.
func SumRange(n, k int) (lo, hi int) {
	return k * (k + 1) / 2, k * (2*n - k + 1) / 2
}

// adjacent reports whether cells a and b of a grid of size n touch along
// a side, or also at a corner when diagonal is set.
func Adjacent(n int, a, b int32, diagonal bool) bool {
	ra, ca := int(a)/n, int(a)%n
	rb, cb := int(b)/n, int(b)%n
	dr, dc := abs(ra-rb), abs(ca-cb)
	if diagonal {
		return max(dr, dc) == 1
	}
	return dr+dc == 1
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Diagonal returns the cells of the main diagonal, r1c1 to rNcN.
func Diagonal(n int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(i*n + i)
	}
	return out
}

// AntiDiagonal returns the cells of the other diagonal, from rNc1 up to
// r1cN.
func AntiDiagonal(n int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = int32((n-1-i)*n + i)
	}
	return out
}

// Windows returns the windows of a hyper puzzle of shape s: blocks of the
// size of a box, one cell in from the corners where four boxes meet and
// one cell apart, as in the 9x9 windoku (r2c2, r2c6, r6c2, r6c6). A shape
// whose windows would not fit has none.
func Windows(s Shape) [][]int32 {
	n := s.N()
	var out [][]int32
	for r0 := 1; r0+s.BoxRows <= n-1; r0 += s.BoxRows + 1 {
		for c0 := 1; c0+s.BoxCols <= n-1; c0 += s.BoxCols + 1 {
			w := make([]int32, 0, n)
			for r := r0; r < r0+s.BoxRows; r++ {
				for c := c0; c < c0+s.BoxCols; c++ {
					w = append(w, int32(r*n+c))
				}
			}
			out = append(out, w)
		}
	}
	return out
}

// DisjointGroups returns the N disjoint groups of shape s: for each
// position within a box, the cells at that position in every box. A grid
// without boxes has none.
func DisjointGroups(s Shape) [][]int32 {
	if s.Boxless() {
		return nil
	}
	n := s.N()
	out := make([][]int32, n)
	for i := range n * n {
		r, c := i/n, i%n
		k := (r%s.BoxRows)*s.BoxCols + c%s.BoxCols
		out[k] = append(out[k], int32(i))
	}
	return out
}

// moves returns the cells steps away from cell i of a grid of size n, in
// the order of steps.
func MoveCells(n int, i int32, steps [][2]int) []int32 {
	r, c := int(i)/n, int(i)%n
	var out []int32
	for _, st := range steps {
		rr, cc := r+st[0], c+st[1]
		if rr >= 0 && rr < n && cc >= 0 && cc < n {
			out = append(out, int32(rr*n+cc))
		}
	}
	return out
}

// Names returns the names of the variants r makes of a puzzle, in the
// order of the table of kinds: jigsaw, x (both diagonals) or diagonal
// (one), hyper, disjoint, extra-regions, killer (cages with sums) or
// cages, odd-even, kropki, xv, thermo, anti-king, anti-knight, then the
// kinds added since. Nil or empty rules give none (classic).
func (r *Rules) Names() []string {
	if r.Empty() {
		return nil
	}
	var out []string
	for _, k := range kinds {
		out = k.Names(r, out)
	}
	return out
}

// Name returns Names joined by commas, "classic" for none.
func (r *Rules) Name() string {
	if names := r.Names(); len(names) > 0 {
		return strings.Join(names, ",")
	}
	return "classic"
}

// popcount of a digit mask.
func popcount(m uint64) int { return bits.OnesCount64(m) }
