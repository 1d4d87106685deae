package verify

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"slices"
	"testing"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/sat"
)

var lineKinds = flag.Bool("lines200", false, "check 200 puzzles of every kind of lines (whispers, renban...), not a sample")

// lineRules are the kinds of lines, and whether generate makes them.
var lineRules = []struct {
	kind      string
	generated bool
}{
	{"whispers", true}, {"renban", true}, {"palindrome", true}, {"betweenline", false},
	{"entropicline", false}, {"modularline", false}, {"nabner", false}, {"slowthermometer", false}, {"clone", false},
}

// TestLineKinds checks puzzles of every kind of lines, 9x9: generated ones
// for the kinds generate makes, and for the others random lines on a
// random solution with givens added from it until the puzzle is unique,
// then taken out down to minimal.
// Each is unique by the verifier, its proof passes the DRAT checker of
// package gridtest on the CNF the certificate states, and cadical finds no
// second solution under an encoding of the lines written here, from their
// rules, which the solution keeps.
func TestLineKinds(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("the puzzles with lines are checked with cadical, which is not installed (Debian package cadical)")
	}
	each := 4
	if *lineKinds {
		each = 200
	} else if testing.Short() {
		each = 1
	}
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 30))
	sh := grid.Shape{BoxRows: 3, BoxCols: 3}
	gen := generate.New()
	kinds := map[string]*grid.Kind{}
	for _, k := range grid.Table() {
		kinds[k.Name()] = k
	}
	for _, lr := range lineRules {
		t.Run(lr.kind, func(t *testing.T) {
			lines, givens, proofs := 0, 0, map[Proof]int{}
			for i := range each {
				var g, sol grid.Grid
				if lr.generated {
					v, err := generate.ParseVariant(lr.kind)
					if err != nil {
						t.Fatal(err)
					}
					p, err := gen.Puzzle(seed, i, generate.Options{Shape: sh, Variant: v})
					if err != nil {
						t.Fatalf("puzzle %d: %v", i, err)
					}
					g, sol = p.Grid, p.Solution
				} else {
					g, sol = randomLinePuzzle(t, gen, rng, seed, i, kinds[lr.kind])
				}
				name := fmt.Sprintf("%s %d (%s)", lr.kind, i, g)
				if len(g.Rules.LineClues(lr.kind)) == 0 {
					t.Fatalf("%s: no lines", name)
				}
				lines += len(g.Rules.LineClues(lr.kind))
				givens += g.Givens()
				r := Puzzle(g, Options{})
				if r.Status != Unique || !slices.Equal(r.Solutions[0].Cells, sol.Cells) {
					t.Fatalf("%s: %v, want unique with solution %s", name, r.Status, sol)
				}
				proofs[r.Proof]++
				checkCertificate(t, name, g, r)
				cnf := gridtest.CNF(g, &sol)
				own := lineClauses(t, g)
				if !keptBy(own, sol) {
					t.Fatalf("%s: the solution breaks the lines' own clauses", name)
				}
				if !unsatByCadical(t, append(cnf, own...), 9*9*9) {
					t.Fatalf("%s: cadical finds a second solution", name)
				}
			}
			t.Logf("%d puzzles, %.1f lines and %.1f givens each, proofs %v", each, float64(lines)/float64(each), float64(givens)/float64(each), proofs)
		})
	}
}

// randomLinePuzzle returns a puzzle of kind k: random lines of it that a
// random solution keeps, then givens from the solution, in random order,
// until the verifier finds it unique.
func randomLinePuzzle(t *testing.T, gen *generate.Generator, rng *rand.Rand, seed uint64, i int, k *grid.Kind) (grid.Grid, grid.Grid) {
	t.Helper()
	p, err := gen.Puzzle(seed^0x11e5, i, generate.Options{Shape: grid.Shape{BoxRows: 3, BoxCols: 3}})
	if err != nil {
		t.Fatal(err)
	}
	sol := p.Solution
	r := &grid.Rules{}
	for range 6 {
		k.Random(rng, sol.Shape, sol.Cells, r)
	}
	g := grid.New(sol.Shape)
	g.Rules = r
	if r.Empty() {
		t.Fatalf("%s: no random lines on %s", k.Name(), sol)
	}
	// the first givens without asking: puzzles with few are slow to settle
	for k, x := range rng.Perm(len(g.Cells)) {
		if k >= 20 && Puzzle(g, Options{}).Status == Unique {
			break
		}
		g.Cells[x] = sol.Cells[x]
	}
	// then givens taken out while it stays unique, so that the lines count
	for _, x := range rng.Perm(len(g.Cells)) {
		if d := g.Cells[x]; d != 0 {
			g.Cells[x] = 0
			if Puzzle(g, Options{}).Status != Unique {
				g.Cells[x] = d
			}
		}
	}
	return g, sol
}

// checkCertificate checks the proof of unique verdict r with the DRAT
// checker of package gridtest, on the CNF of the certificate.
func checkCertificate(t *testing.T, name string, g grid.Grid, r Result) {
	t.Helper()
	var cnfText, dratText bytes.Buffer
	if err := WriteCertificate(&cnfText, &dratText, g, r); err != nil {
		t.Fatalf("%s: WriteCertificate: %v", name, err)
	}
	cnf, err := gridtest.ReadDRAT(&cnfText)
	if err != nil {
		t.Fatalf("%s: the CNF: %v", name, err)
	}
	proof, err := gridtest.ReadDRAT(&dratText)
	if err != nil {
		t.Fatalf("%s: the proof: %v", name, err)
	}
	nv := sat.RuleClauses(g.Shape, g.Rules).Vars
	if _, err := gridtest.CheckDRAT(nv, gridtest.Clauses(cnf), proof); err != nil {
		t.Fatalf("%s: unique by %v, %d lemmas: %v", name, r.Proof, len(proof), err)
	}
}

// lineClauses encodes the lines of g's rules from their rules, cell (r, c)
// holding d being variable 81r + 9c + d: each forbids the digits of two
// (or three) of its cells that its rule does not allow together. Only 9x9.
func lineClauses(t *testing.T, g grid.Grid) [][]int {
	n := g.N()
	if n != 9 {
		t.Fatalf("lineClauses is for 9x9, not %dx%d", n, n)
	}
	v := func(c int32, d int) int { return int(c)*9 + d }
	var out [][]int
	forbid := func(a, b int32, bad func(x, y int) bool) {
		for x := 1; x <= 9; x++ {
			for y := 1; y <= 9; y++ {
				if bad(x, y) {
					out = append(out, []int{-v(a, x), -v(b, y)})
				}
			}
		}
	}
	r := g.Rules
	third := func(d int) int { return (d - 1) / 3 } // low, middle, high
	for _, l := range r.LineClues("whispers") {
		diff := l.Value
		if diff == 0 {
			diff = 5
		}
		for i := 1; i < len(l.Cells); i++ {
			forbid(l.Cells[i-1], l.Cells[i], func(x, y int) bool { return x-y < diff && y-x < diff })
		}
	}
	for _, l := range r.LineClues("renban") {
		m := len(l.Cells)
		for i := range l.Cells {
			for j := i + 1; j < m; j++ {
				// a set of m consecutive digits: no two alike, none m or more apart
				forbid(l.Cells[i], l.Cells[j], func(x, y int) bool { return x == y || x-y >= m || y-x >= m })
			}
		}
	}
	for _, l := range r.LineClues("palindrome") {
		for i, j := 0, len(l.Cells)-1; i < j; i, j = i+1, j-1 {
			forbid(l.Cells[i], l.Cells[j], func(x, y int) bool { return x != y })
		}
	}
	for _, l := range r.LineClues("betweenline") {
		a, b := l.Cells[0], l.Cells[len(l.Cells)-1]
		for _, c := range l.Cells[1 : len(l.Cells)-1] {
			for x := 1; x <= 9; x++ {
				for y := 1; y <= 9; y++ {
					for z := 1; z <= 9; z++ {
						if !(x < z && z < y || y < z && z < x) {
							out = append(out, []int{-v(a, x), -v(b, y), -v(c, z)})
						}
					}
				}
			}
		}
	}
	// entropic and modular lines: any three cells in a row are of three
	// classes, so cells one or two apart are of different ones
	for kind, class := range map[string]func(int) int{"entropicline": third, "modularline": func(d int) int { return d % 3 }} {
		for _, l := range r.LineClues(kind) {
			for i := range l.Cells {
				for j := i + 1; j < len(l.Cells) && j <= i+2; j++ {
					forbid(l.Cells[i], l.Cells[j], func(x, y int) bool { return class(x) == class(y) })
				}
			}
		}
	}
	for _, l := range r.LineClues("nabner") {
		for i := range l.Cells {
			for j := i + 1; j < len(l.Cells); j++ {
				forbid(l.Cells[i], l.Cells[j], func(x, y int) bool { return x-y <= 1 && y-x <= 1 })
			}
		}
	}
	for _, l := range r.LineClues("slowthermometer") {
		for i := 1; i < len(l.Cells); i++ {
			forbid(l.Cells[i-1], l.Cells[i], func(x, y int) bool { return y < x })
		}
	}
	for _, l := range r.LineClues("clone") {
		for i := range l.Cells {
			forbid(l.Cells[i], l.Clone[i], func(x, y int) bool { return x != y })
		}
	}
	return out
}

// keptBy reports whether every clause holds for the digits of sol.
func keptBy(cnf [][]int, sol grid.Grid) bool {
	n := sol.N()
	return !slices.ContainsFunc(cnf, func(cl []int) bool {
		return !slices.ContainsFunc(cl, func(l int) bool {
			x, d := (abs(l)-1)/n, (abs(l)-1)%n+1
			return (int(sol.Cells[x]) == d) == (l > 0)
		})
	})
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// unsatByCadical reports whether cadical finds cnf, over nv variables,
// unsatisfiable.
func unsatByCadical(t *testing.T, cnf [][]int, nv int) bool {
	t.Helper()
	var b bytes.Buffer
	fmt.Fprintf(&b, "p cnf %d %d\n", nv, len(cnf))
	for _, cl := range cnf {
		for _, l := range cl {
			fmt.Fprintf(&b, "%d ", l)
		}
		b.WriteString("0\n")
	}
	cmd := exec.Command("cadical", "-q", "-n")
	cmd.Stdin = &b
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee) && ee.ExitCode() == 20:
		return true
	case errors.As(err, &ee) && ee.ExitCode() == 10:
		return false
	}
	t.Fatalf("cadical: %v", err)
	return false
}
