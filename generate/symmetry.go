package generate

import (
	"fmt"
	"slices"
	"strings"
)

// Symmetry is a pattern the clues of a puzzle keep: a cell is a clue exactly
// when every cell of its orbit under the symmetry is. The digits themselves
// follow no pattern; only the positions of the clues do.
type Symmetry int

// The symmetries of the clue pattern.
const (
	NoSymmetry Symmetry = iota // no pattern: the puzzle is minimal
	Rot180                     // unchanged by a half turn
	Rot90                      // unchanged by a quarter turn
	Mirror                     // unchanged by a left-right reflection
	Flip                       // unchanged by an up-down reflection
	Diagonal                   // unchanged by a reflection in the main diagonal
)

var symmetryNames = [...]string{
	NoSymmetry: "none",
	Rot180:     "rot180",
	Rot90:      "rot90",
	Mirror:     "mirror",
	Flip:       "flip",
	Diagonal:   "diagonal",
}

// Symmetries lists every symmetry, in the order of their values.
var Symmetries = []Symmetry{NoSymmetry, Rot180, Rot90, Mirror, Flip, Diagonal}

// String returns the name ParseSymmetry reads: "none", "rot180", "rot90",
// "mirror", "flip" or "diagonal".
func (s Symmetry) String() string {
	if s < 0 || int(s) >= len(symmetryNames) {
		return fmt.Sprintf("Symmetry(%d)", int(s))
	}
	return symmetryNames[s]
}

// valid reports whether s is one of the named symmetries.
func (s Symmetry) valid() bool { return s >= 0 && int(s) < len(symmetryNames) }

// ParseSymmetry returns the symmetry named name, ignoring case.
func ParseSymmetry(name string) (Symmetry, error) {
	return parseNamed[Symmetry]("symmetry", symmetryNames[:], name)
}

// parseNamed returns the value whose name in names is name, ignoring case
// and surrounding space; kind names the values in the error.
func parseNamed[T ~int](kind string, names []string, name string) (T, error) {
	t := strings.ToLower(strings.TrimSpace(name))
	for i, n := range names {
		if t == n {
			return T(i), nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q (want %s)", kind, name, strings.Join(names, ", "))
}

// Set parses name into s, so that a *Symmetry serves as a command-line flag
// value.
func (s *Symmetry) Set(name string) error {
	v, err := ParseSymmetry(name)
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// Type names the flag value type in usage messages.
func (s *Symmetry) Type() string { return "symmetry" }

// MarshalText returns the name of s.
func (s Symmetry) MarshalText() ([]byte, error) {
	if !s.valid() {
		return nil, fmt.Errorf("unknown symmetry %d", int(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText parses a name written by MarshalText.
func (s *Symmetry) UnmarshalText(b []byte) error { return s.Set(string(b)) }

// image returns the cell that (r, c) maps to under the k-th non-identity
// element of the symmetry group of s, in a grid of size n, and whether
// there is such an element. The groups are small: two elements, or four
// for Rot90.
func (s Symmetry) image(k, n, r, c int) (int, int, bool) {
	m := n - 1
	switch s {
	case Rot180:
		return m - r, m - c, k == 0
	case Rot90:
		switch k {
		case 0:
			return c, m - r, true
		case 1:
			return m - r, m - c, true
		case 2:
			return m - c, r, true
		}
	case Mirror:
		return r, m - c, k == 0
	case Flip:
		return m - r, c, k == 0
	case Diagonal:
		return c, r, k == 0
	}
	return 0, 0, false
}

// orbits splits the cells of a grid of size n into the orbits of s: the
// sets of cells that must be clues together. Each orbit lists its cells
// (row-major indices) in increasing order, and the orbits are in order of
// their first cell, so the result depends on s and n only.
func orbits(s Symmetry, n int) [][]int {
	seen := make([]bool, n*n)
	var out [][]int
	for i := range seen {
		if seen[i] {
			continue
		}
		orbit := []int{i}
		seen[i] = true
		r, c := i/n, i%n
		for k := 0; ; k++ {
			r2, c2, ok := s.image(k, n, r, c)
			if !ok {
				break
			}
			if j := r2*n + c2; !seen[j] {
				seen[j] = true
				orbit = append(orbit, j)
			}
		}
		slices.Sort(orbit)
		out = append(out, orbit)
	}
	return out
}
