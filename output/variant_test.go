package output

import (
	"bytes"
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rules"
)

// The variant puzzles of these tests are made here from their rules: a
// solution is found by a small backtracking search over the rules' units
// and peers, and the constraints that depend on digits (cage sums, dots,
// letters, thermometers, parities) are read off that solution, so that
// every puzzle is printable: its solution keeps its rules. They need not
// be unique; the drawing does not depend on it.

// jigsawRows is a jigsaw layout of nine connected regions of nine cells.
var jigsawRows = []string{
	"AABBBBBCC",
	"AADBBBCCC",
	"ADDDBECCF",
	"ADDEEECCF",
	"AADDEEFFF",
	"AGGDEFFIF",
	"GGGHEEFII",
	"GHHHHHIII",
	"GGGHHHIII",
}

func jigsawRegions() []uint8 {
	var out []uint8
	for _, row := range jigsawRows {
		for _, c := range row {
			out = append(out, uint8(c-'A'))
		}
	}
	return out
}

// fill returns a full grid of shape sh that keeps the units and peers of
// rules r, the digits tried in an order drawn from rng, filling the cell
// with the fewest candidates first; ok is false when none is found.
func fill(sh grid.Shape, r *grid.Rules, rng *rand.Rand) (grid.Grid, bool) {
	g := grid.New(sh)
	n := sh.N()
	u := r.Units(sh)
	full := uint64(1)<<(n+1) - 2
	cand := make([]uint64, n*n)
	for i := range cand {
		cand[i] = full
	}
	// a search that takes long is started again with other digit orders:
	// some orders take seconds, most milliseconds
	nodes := 0
	var try func(cand []uint64, left int) bool
	try = func(cand []uint64, left int) bool {
		if left == 0 {
			return true
		}
		if nodes++; nodes > 5000 {
			return false
		}
		best, fewest := -1, n+1
		for i, v := range g.Cells {
			if k := bits.OnesCount64(cand[i]); v == 0 && k < fewest {
				best, fewest = i, k
			}
		}
		only := cand[best]
		if fewest > 1 {
			// a digit with one place left in a unit goes there
			if c, d, ok := hiddenSingle(g, u, cand); ok {
				best, only = c, 1<<d
			}
		}
		for _, d := range rng.Perm(n) {
			d++
			if only&(1<<d) == 0 {
				continue
			}
			next := slices.Clone(cand)
			for _, j := range u.Peers[best] {
				next[j] &^= 1 << d
			}
			g.Cells[best] = uint8(d)
			if placeable(g, u, next) && try(next, left-1) {
				return true
			}
		}
		g.Cells[best] = 0
		return false
	}
	for range 100 {
		nodes = 0
		clear(g.Cells)
		if try(cand, n*n) {
			return g, true
		}
	}
	return g, false
}

// placeable reports whether every unit of u still has a place for each
// digit it lacks, given the candidates cand of the empty cells of g.
func placeable(g grid.Grid, u *grid.RuleUnits, cand []uint64) bool {
	for _, unit := range u.Units {
		var have, can uint64
		for _, c := range unit {
			if v := g.Cells[c]; v != 0 {
				have |= 1 << v
			} else {
				can |= cand[c]
			}
		}
		if have|can != uint64(1)<<(u.N+1)-2 {
			return false
		}
	}
	return true
}

// hiddenSingle returns a cell of g and a digit that has no other place in
// one of the units of u, given the candidates cand of the empty cells.
func hiddenSingle(g grid.Grid, u *grid.RuleUnits, cand []uint64) (int, int, bool) {
	for _, unit := range u.Units {
		for d := 1; d <= u.N; d++ {
			place, count := -1, 0
			for _, c := range unit {
				if g.Cells[c] == uint8(d) {
					count = 2 // placed already
					break
				}
				if g.Cells[c] == 0 && cand[c]&(1<<d) != 0 {
					place = int(c)
					count++
				}
			}
			if count == 1 {
				return place, d, true
			}
		}
	}
	return 0, 0, false
}

// variantKind names one variant the tests draw, and the rules it adds to
// a solution.
type variantKind struct {
	name string
	// base are the rules the solution is searched with (regions, extra
	// groups, anti-king, anti-knight); more adds those read off it.
	base func(sh grid.Shape) *grid.Rules
	more func(r *grid.Rules, sol grid.Grid, rng *rand.Rand)
}

func extraRules(kinds ...grid.GroupKind) func(sh grid.Shape) *grid.Rules {
	return func(sh grid.Shape) *grid.Rules {
		r := grid.NewRules()
		for _, k := range kinds {
			switch k {
			case grid.GroupDiagonal:
				rules.Extra.Set(r, append(rules.Extra.Get(r), grid.Group{Kind: k, Cells: grid.Diagonal(sh.N())}))
			case grid.GroupAntiDiagonal:
				rules.Extra.Set(r, append(rules.Extra.Get(r), grid.Group{Kind: k, Cells: grid.AntiDiagonal(sh.N())}))
			case grid.GroupWindow:
				for _, w := range grid.Windows(sh) {
					rules.Extra.Set(r, append(rules.Extra.Get(r), grid.Group{Kind: k, Cells: w}))
				}
			case grid.GroupDisjoint:
				for _, d := range grid.DisjointGroups(sh) {
					rules.Extra.Set(r, append(rules.Extra.Get(r), grid.Group{Kind: k, Cells: d}))
				}
			}
		}
		return r
	}
}

// variantKinds are the variants drawn, alone and in the combinations
// books print.
var variantKinds = []variantKind{
	{"killer", nil, addCages},
	{"jigsaw", jigsawBase, nil},
	{"x", extraRules(grid.GroupDiagonal, grid.GroupAntiDiagonal), nil},
	{"hyper", extraRules(grid.GroupWindow), nil},
	{"extra-region", nil, addExtraRegion},
	{"disjoint", extraRules(grid.GroupDisjoint), nil},
	{"odd-even", nil, addParity},
	{"kropki", nil, addDots},
	{"xv", nil, addXV},
	{"thermo", nil, addThermos},
	{"anti-king", func(grid.Shape) *grid.Rules { return grid.NewRules(rules.AntiKing.Of(true)) }, nil},
	{"anti-knight", func(grid.Shape) *grid.Rules { return grid.NewRules(rules.AntiKnight.Of(true)) }, nil},
	{"killer-x", extraRules(grid.GroupDiagonal, grid.GroupAntiDiagonal), addCages},
	{"jigsaw-x", func(sh grid.Shape) *grid.Rules {
		r := extraRules(grid.GroupDiagonal, grid.GroupAntiDiagonal)(sh)
		grid.Regions.Set(r, jigsawRegions())
		return r
	}, nil},
	{"killer-hyper", extraRules(grid.GroupWindow), addCages},
	{"jigsaw-killer", jigsawBase, addCages},
	{"everything", extraRules(grid.GroupWindow), func(r *grid.Rules, sol grid.Grid, rng *rand.Rand) {
		addParity(r, sol, rng)
		addDots(r, sol, rng)
		addXV(r, sol, rng)
		addThermos(r, sol, rng)
	}},
}

func jigsawBase(sh grid.Shape) *grid.Rules {
	if sh.N() != 9 {
		return grid.NewRules()
	}
	return grid.NewRules(grid.Regions.Of(jigsawRegions()))
}

// variantPuzzle returns a puzzle of kind v on shape sh: a solution with
// v's rules and, with givens, about a third of its cells given.
func variantPuzzle(t testing.TB, v variantKind, sh grid.Shape, seed uint64, givens bool) Puzzle {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	r := grid.NewRules()
	if v.base != nil {
		r = v.base(sh)
	}
	sol, ok := fill(sh, r, rng)
	if !ok {
		t.Fatalf("%s %s: no grid keeps the rules", v.name, sh)
	}
	if v.more != nil {
		v.more(r, sol, rng)
	}
	if err := r.Validate(sh); err != nil {
		t.Fatalf("%s %s: %v", v.name, sh, err)
	}
	g := grid.New(sh)
	g.Rules = r
	if givens {
		for i := range g.Cells {
			if rng.IntN(3) == 0 {
				g.Cells[i] = sol.Cells[i]
			}
		}
	}
	sol.Rules = r
	if !g.Solves(sol) {
		t.Fatalf("%s %s: the solution breaks the rules", v.name, sh)
	}
	return Puzzle{Grid: g, Solution: &sol, Level: v.name}
}

// neighbours returns the cells beside cell i (sharing a side), in the
// order up, right, down, left.
func neighbours(n int, i int32) []int32 {
	r, c := int(i)/n, int(i)%n
	var out []int32
	for _, d := range [][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}} {
		if rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < n && cc >= 0 && cc < n {
			out = append(out, int32(rr*n+cc))
		}
	}
	return out
}

// addCages cuts the grid into killer cages of 1 to 5 cells without a
// repeated digit, each with its sum.
func addCages(r *grid.Rules, sol grid.Grid, rng *rand.Rand) {
	n := sol.N()
	caged := make([]bool, n*n)
	for _, start := range rng.Perm(n * n) {
		if caged[start] {
			continue
		}
		size := 2 + rng.IntN(4)
		if rng.IntN(12) == 0 {
			size = 1
		}
		cells := []int32{int32(start)}
		caged[start] = true
		for len(cells) < size {
			var next []int32
			for _, c := range cells {
				for _, nb := range neighbours(n, c) {
					if !caged[nb] && !slices.ContainsFunc(cells, func(x int32) bool { return sol.Cells[x] == sol.Cells[nb] }) {
						next = append(next, nb)
					}
				}
			}
			if len(next) == 0 {
				break
			}
			nb := next[rng.IntN(len(next))]
			caged[nb] = true
			cells = append(cells, nb)
		}
		sum := 0
		for _, c := range cells {
			sum += int(sol.Cells[c])
		}
		rules.Cages.Set(r, append(rules.Cages.Get(r), grid.Cage{Cells: cells, Sum: sum}))
	}
}

// addExtraRegion adds a connected extra region of distinct digits, as
// large as it grows (up to N cells).
func addExtraRegion(r *grid.Rules, sol grid.Grid, rng *rand.Rand) {
	n := sol.N()
	cells := []int32{int32(n + 2)}
	for len(cells) < n {
		var next []int32
		for _, c := range cells {
			for _, nb := range neighbours(n, c) {
				if !slices.Contains(cells, nb) && !slices.ContainsFunc(cells, func(x int32) bool { return sol.Cells[x] == sol.Cells[nb] }) {
					next = append(next, nb)
				}
			}
		}
		if len(next) == 0 {
			break
		}
		cells = append(cells, next[rng.IntN(len(next))])
	}
	rules.Extra.Set(r, append(rules.Extra.Get(r), grid.Group{Kind: grid.GroupRegion, Cells: cells}))
}

// addParity marks about one cell in six odd or even, as its digit is.
func addParity(r *grid.Rules, sol grid.Grid, rng *rand.Rand) {
	for i, v := range sol.Cells {
		if rng.IntN(6) != 0 {
			continue
		}
		if v%2 == 1 {
			rules.Odd.Set(r, append(rules.Odd.Get(r), int32(i)))
		} else {
			rules.Even.Set(r, append(rules.Even.Get(r), int32(i)))
		}
	}
}

// pairs calls f for every two cells side by side, left-right then
// top-bottom.
func pairs(n int, f func(p grid.Pair)) {
	for i := range n * n {
		if i%n < n-1 {
			f(grid.Pair{int32(i), int32(i + 1)})
		}
		if i/n < n-1 {
			f(grid.Pair{int32(i), int32(i + n)})
		}
	}
}

// addDots puts a kropki dot on about half the pairs whose digits allow
// one: white for consecutive digits, black for one twice the other.
func addDots(r *grid.Rules, sol grid.Grid, rng *rand.Rand) {
	pairs(sol.N(), func(p grid.Pair) {
		a, b := int(sol.Cells[p[0]]), int(sol.Cells[p[1]])
		if rng.IntN(2) == 0 {
			return
		}
		switch {
		case a == 2*b || b == 2*a:
			rules.Black.Set(r, append(rules.Black.Get(r), p))
		case a-b == 1 || b-a == 1:
			rules.White.Set(r, append(rules.White.Get(r), p))
		}
	})
}

// addXV puts an X or a V on every pair whose digits add up to 10 or 5.
func addXV(r *grid.Rules, sol grid.Grid, _ *rand.Rand) {
	pairs(sol.N(), func(p grid.Pair) {
		switch int(sol.Cells[p[0]]) + int(sol.Cells[p[1]]) {
		case 10:
			rules.X.Set(r, append(rules.X.Get(r), p))
		case 5:
			rules.V.Set(r, append(rules.V.Get(r), p))
		}
	})
}

// addThermos adds up to four thermometers of 3 to 6 cells that do not
// cross, each following increasing digits through touching cells.
func addThermos(r *grid.Rules, sol grid.Grid, rng *rand.Rand) {
	n := sol.N()
	used := make([]bool, n*n)
	for _, start := range rng.Perm(n * n) {
		if len(rules.Thermos.Get(r)) == 4 {
			return
		}
		if used[start] || sol.Cells[start] > 4 {
			continue
		}
		t := []int32{int32(start)}
		for len(t) < 6 {
			last := t[len(t)-1]
			var next []int32
			for _, nb := range rules.KingNeighbours(n, last) {
				if !used[nb] && !slices.Contains(t, nb) && sol.Cells[nb] > sol.Cells[last] {
					next = append(next, nb)
				}
			}
			if len(next) == 0 {
				break
			}
			t = append(t, next[rng.IntN(len(next))])
		}
		if len(t) >= 3 {
			for _, c := range t {
				used[c] = true
			}
			rules.Thermos.Set(r, append(rules.Thermos.Get(r), t))
		}
	}
}

// variantBook returns a 9x9 puzzle of each test variant, with givens in
// every other one, levels "easy" and "hard" in turn and solutions.
func variantBook(t testing.TB) []Puzzle {
	var out []Puzzle
	for k, v := range variantKinds {
		p := variantPuzzle(t, v, grid.Shape{BoxRows: 3, BoxCols: 3}, uint64(k), k%2 == 0)
		p.Level = []string{"easy", "hard"}[k%2]
		p.Number = k + 1
		out = append(out, p)
	}
	return out
}

// A variant puzzle is refused by every text writer that cannot hold its
// rules, and written with them by those that can; the drawings draw it.
func TestVariantWriters(t *testing.T) {
	g := grid.New(grid.Shape{BoxRows: 3, BoxCols: 3})
	g.Cells[0] = 5
	g.Rules = grid.NewRules(rules.Extra.Of([]grid.Group{{Kind: grid.GroupDiagonal, Cells: grid.Diagonal(9)}}))
	p := Puzzle{Number: 1, Grid: g}
	for _, f := range Formats() {
		var b bytes.Buffer
		tw := NewTextWriter(&b, f, TextOptions{})
		err := tw.Write(p)
		tw.Flush()
		text := b.String()
		if f == FormatFPuzzlesURL {
			back, err := formats.ParseFPuzzlesLink(strings.TrimSpace(text))
			if err != nil || !back.Equal(g) {
				t.Errorf("%s: link reads back as %v, %v", f, back, err)
			}
			text = "diagonal"
		}
		switch {
		case f.HoldsRules() && (err != nil || !strings.Contains(text, "iagonal")):
			t.Errorf("%s: %v, %q: want the puzzle with its diagonal", f, err, b.String())
		case !f.HoldsRules() && !errors.Is(err, ErrRulesLost):
			t.Errorf("%s: %v, want ErrRulesLost", f, err)
		}
	}
	var b bytes.Buffer
	if err := WriteSVG(&b, p, nil); err != nil || !strings.Contains(b.String(), "<desc>diagonal</desc>") {
		t.Errorf("WriteSVG = %v, want the diagonal puzzle drawn", err)
	}
	if err := WritePNG(&b, p, nil, 200); err != nil {
		t.Errorf("WritePNG = %v, want the diagonal puzzle drawn", err)
	}
	if err := WriteBook(&b, []Puzzle{p}, BookOptions{}); err != nil {
		t.Errorf("WriteBook = %v, want the diagonal puzzle drawn", err)
	}
}
