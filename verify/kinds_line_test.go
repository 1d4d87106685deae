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

// linePuzzles are puzzles of SudokuSolver's tests (SudokuTests/Puzzles.cs)
// whose rules these kinds and the earlier ones hold, as f-puzzles links,
// with their published solutions.
var linePuzzles = []struct{ name, link, solution string }{
	{`"Hay Fever" by G (thermometer, between line, kropki)`,
		"https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCALhNAbO8QAkBDATwAIAxGANxgCcRVCBXNACwHt68BxBkWpjjAw0CEAEEADpKxkAdpwC2hLKTBMAJuwDWTUgKEA6UuKzs5Ac1Js6i9opF0wyUhogXMYUhDkBjWjCEwqQAZrT21qwwpABGgjHGACLunqTmpFg+MF6+5nIwvhiWkbb2jrReikxgaLHRMSIA7jAwcpHswXFYMaRyTIoNFcYA6qyY0VpoOXkFtblywr4sEDSuKVOkhHIasViEvtqu7Bvz+YVrHhuNmKybpACM8ABM+oQY7MYAcsebWKqTXkIAVIHhockMfAstAgGgQAG04cAAL7IZGolFozEY7HogC6yEROKx6JJxOR+MJpKJ1KpFLJNPpeIJjJZ1LpDI5tOZnNZTMpvNZ7KpwsF+PQUVodgcaDo8NAmXyYHhcJAACUABwAYXVfFViE1iBAuNxGJACuyyrVAHZNU9dVr7rr9XbjabzUr4Ai1U9NVbdfdtbqfYbXaizVkPV6NYHUNG/bGbQA2XU2gCsKc1ABYjSaw+7LdGdQmY2rE77dany7HM+XQ/KIwWfXbYwGAMxBrO61ua9N18OKxu2ruax3Voexyvtvv5z0q1VN/1D11itwhEJ0Vq+XCIkBbv6R0s9jO9017rAH1WV5MT2unmD7+GH6/WzXJ3OgM8XsvP1Vlv0msVaDeCB2DlXd73PR9VW7Zs1W7Kc7wfT1vU1dtY3go0kTFBo0GaVpzTAmcowXdDUN1GtsxvdNY2/DN4zVLUdWnBtZxfWDfzIm9KLVGtqLg18O3/ACkSAA===",
		"197256384352841769684793125275369841418527693936184572821975436549638217763412958"},
	{`"Dotween" by Jodawo (between lines, kropki)`,
		"https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCALhNAbO8QBEB7NAdxhgDsRUBDAVzQAtCAnBEAKUIBMaTDqIFnRxgYadgDlWAWxpYABAGU63QgGs6C4aIU0ADvqwBPAHQAdCpcl0ZAIxgswerIQoBzPQvMgAQuLJKBQAZCAoYHwUZOjA0BUYaADcYL0T5OhSHUnIKBSYUtKwM50IAMzzGFIpbBycFNwVMZwBjCBZm0WQFCmJGig6YiGSLKwpfLBpm9QUAaRZCfXUIBSI0ZzDuCGaaNBhnGgUARngAJm0diEIFLMDc/IVN9ybTBWk4+UVxyem5haWV4j7FgpJ7JCgjSwAdUYmBSv0Wy1W6wom22u2c91IV2aMCwWCBKWabjEzQYQxgLzeLkU0Nhs3mCIBaz0wIUoMopkEMPcjCwEB5aAAwm5SnzmmsEKV5GJUO4WBBuAgANpK4AAX2Q6s1Gq1up1+u1AF1kKqDXrtRbzerjabLWb7XabVaHc6jSbXR77U6XT7He7fZ63bbA57vXbw6HjSBNqVSo5KDjlaAcXiwMqQAAlABsgoAzIJs4KACwgQ06kAp/Hpwsl1AZgDsxdL5crafgSszjdrnbzzc1FdxVfbmZz+brjfzZf7rerJ0F9YLc4AHH3k4O2x2M4d54ud1O16nq9uTruT2WoywLgJ2weh5ui4KAKwFx9P1cDw/DjOv591nPP/cPzvTMHzHECm0AmcvxzLMCxzBdIPXasH1gusHwQlskK/XNBVQ8DYMQz9NxwvCMxwjDpyw4idzQvdMKIzMl17OsmLPejgIzJiwIzRBe0IjjeJXFjBRXc9UBuHI+XCJMQCkvZlWo39wKU783z/NSewAwC5I3TdX2419u1UlTX1I18EO0sJ5PbajuIfIyfzg3CC0bCzyx0hSRybcdmMYwUTzrXjDlLSzwl0/CC3I3chMzbdEBC9yrPCjM53iutl13Bd0ucw1QuslU/OC4SAr87imJLXLErCzzCxihsRILJisr8gi8uSucjLnbicJKjMHzPc81SAA=",
		"134578629625439781879612453496381275213745896758926314567893142942167538381254967"},
	{`"159" by zetamath (renban, kropki)`,
		"https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCALhNAbO8QEYBWREVAQwFc0ALAewCcERY0yBbMm0keinMGGiYA5BhywACXvwkAzBhLAUAJrQDWFZFJgA7AEZkdWw8olr6tAA5qIEspctYAngDpuAc3oRlCANq/QdwgAN10ABV0AYwgsAFkyejUwBB0+LABfZECQ8KiY+MTk+FSsDKyQINCdCJ1ouISklLTM7KqauoLG4ubyytza/IaikrLW/o6hptKWipzqvPrCqdHZtoXO4Z6x+YHFrpH0gF1kANXxwaXu6d659ov9rbOdicuDm7XdjeWZvuf7zeu2zuewBK1+wK+VzBt3WkyhPxhnzhB2Op3BsNej3RSMxgKeEORWMRLweeOxJNBCI+FO+73OINpQIxpOh1P+31RTJxLKp9Mhby5NPhdL+DOFgvZ4vxzMpIoJuNZfMJZOJkpRJwlYoF0u5ss1/KJbK1hqVCt5ooNKqNlsVFuVtvlPM5OqF2vJapNdrNcpljJdHqtpp5Pt1fvdxsDXqdGv9EYdvql4Zt5sdetjyZDrs9qbDqrjKYT6rReYz+vtBdDiZL5czAfjlbd1e9Zeb6fLzqTNZbwe7ac7rf7PbbA6bQ8HfdHlMOxx4ugMOj8oCwEB0MCK/hAACV8ABhABM3G3O4AzIfdwAWM87wggaczZer9e+Le7gBsV4A7FeABxXkh38oHzXPxn03Pcd1/VAwJ3EgoOPGDD3PBCAKXFdgPgDdN3gr84IgxC8Kgwg8JQkAgKfLdXx3HCKJ3d8oI/WjD2/RiSLIkCt0QRioM46jN04yCOOQw57zQ8i+P3Q9ONPVjRPYzdmIPKDmOk4TANkjDQM4/AmJ3bT6N0w9KO0mTHzkhjFJoizN0o09CJPW9VNQ0yNK3Ii9NciSoKQqz4IPEz0Mw3d3Og4L4OCpDjMc0j1Mw8CrPA2yt3gxLNyQlSROc2Kd0vKDwJvXKuK3cCv38sT4LorckIqzciPfUq5Pg/LKuvQ8iKa6yWrvGdlAgWRZBgegolwU5IhgUp1w82CPN/YSZ3oTgIFoRcQFG8a/C3BjgvM28ZlWrAJvkqjJKO2bUCA5a2Jco9gvA0KDK8gzp1QWgqCAncmAAYgAIQABl+37uAAd28Lh4B+lw90IDKAtAozD02nTgq0hzntetD3rwb6/uxoGQeoBBwch6GxLc1rPOanyJKekAXuwdHPv+nHUGB5RQcJqG1My0Ddys3cUovK8b2p2m3oZ7GAeZvGCYhjmnJhl9CqPXjdwEo9/xnEX6cxxmJZAFm2Zl4m5Liw8EsPZL8JU1G6dXDGQCxxncdZ/GwcNzn5Zq+yoJswzyc3bbhbR22xcdyXnelon3bEhSdKtmmg5gO2HaZvWpddyO5bEzirKklH45txOQ5T/WXfZo2rvAnKipagrquKvPNeD7XxZ+p2DYz6Kuer1XwKmrCEIe9XrdF5vQ9T8P09lzuPew82COa1WiJmjWE6TnXW7D9up8uzDGvw9q2t9oWV4LteW7b0u3czhrFaqsm6pPkf7fXi+I+3mLYaO73FYY6rmIf4eWtn7n03pfDuO9NKKx4sdVWnEh75yfsnXWJc37l0Cn7PmV4q5HmPoApu9sACi+Afo/QAGKkNfq7c8qBZAWDYJuQw7gwBqAAMq0CwKERg8A0C8BgGg7mitdzK3nmrBuq9PpEJIeQyh4NqEgFobQehjDmFsI4QNBAPCKB8KjsbERvc559yQvAxuhdMaSLIRQ0B0s5EKKUToJhrD2GcI0bw/hSUv7uNVkhRexFH5AI+uY6RViqE0LoQw+xKinHqO4a4nRV1KK8UotVX+OkAEIP8YEyx48DY2LCcoxxaiuGaO0dfK6nFqrQO4iIuBYjT4SOIRYmRLhcmKPCQ41RziYlaLceJHO9lA51LMQ0oJ2TL4tLse0qJRTYmlMwjHJS/S/H4ICcMrJKCQnyLyREgpnTik9ORgsra90aKRTwaYwhqymnjLaZEwpLjulxMwttb+VkfZ2TjiYpOmSrmhNafkjp0S9mPNAqTOyVlvJzz8ks85KypFrLTrI35Ezbm7JmdPMSQVTbHP7uFR60KvmXOCYizZfztkAumQ82ZoETYFRShbB6HzxFDLhT8klyKdmArRRA6u2C8pYrridfF9SWVEuaUim5HKKUlPRTfaqd87JpM+cKxporrn/Kmfc6V3L+7tSQgfGuNFcHpOWd81V4r1V3K6Xw7qEAwBkD0DgZQWBaBBEiH4GcxTIgmG8JwNcVgMC0B0OuYSQA===",
		"153428796298675431467931582386152974972843165514769823639517248745286319821394657"},
}

// TestLinePuzzlesFromSudokuSolver verifies real puzzles with between lines
// and renban: each unique, with its published solution, and its proof
// passes the DRAT checker.
func TestLinePuzzlesFromSudokuSolver(t *testing.T) {
	for _, p := range linePuzzles {
		g, err := grid.ParseFPuzzlesLink(p.link)
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		r := Puzzle(g, Options{})
		if r.Status != Unique || r.Solutions[0].String() != p.solution {
			t.Fatalf("%s: %v, want unique with solution %s", p.name, r.Status, p.solution)
		}
		checkCertificate(t, p.name, g, r)
	}
}
