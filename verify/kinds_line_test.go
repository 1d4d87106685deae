package verify

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/rules"
)

var lineKinds = flag.Bool("lines200", false, "check 200 generated puzzles of every kind of lines that generate makes (whispers, renban, palindrome), not a sample")

// TestGeneratedLineKinds checks generated puzzles of the kinds of lines
// that generate makes, 9x9 (TestEveryKindTwoWays checks random lines of
// every kind): each is unique by the verifier with the solution it was
// made from, its proof passes the DRAT checker of package gridtest on the
// CNF the certificate states, and cadical finds no second solution under
// the encoding written in these tests from the rules' meaning.
func TestGeneratedLineKinds(t *testing.T) {
	gridtest.NeedCadical(t)
	each := 4
	if *lineKinds {
		each = 200
	} else if testing.Short() {
		each = 1
	}
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	sh := grid.Shape{BoxRows: 3, BoxCols: 3}
	gen := generate.New()
	for _, kind := range []string{"whispers", "renban", "palindrome"} {
		t.Run(kind, func(t *testing.T) {
			v, err := generate.ParseVariant(kind)
			if err != nil {
				t.Fatal(err)
			}
			lines, givens, proofs := 0, 0, map[Proof]int{}
			for i := range each {
				p, err := gen.Puzzle(seed, i, generate.Options{Shape: sh, Variant: v})
				if err != nil {
					t.Fatalf("puzzle %d: %v", i, err)
				}
				g, sol := p.Grid, p.Solution
				name := fmt.Sprintf("%s %d (%s)", kind, i, g)
				if len(rules.LineClues(g.Rules, kind)) == 0 {
					t.Fatalf("%s: no lines", name)
				}
				lines += len(rules.LineClues(g.Rules, kind))
				givens += g.Givens()
				proofs[uniqueTwoWays(t, name, g, sol)]++
			}
			t.Logf("%d puzzles, %.1f lines and %.1f givens each, proofs %v", each, float64(lines)/float64(each), float64(givens)/float64(each), proofs)
		})
	}
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
	gridtest.SkipUnderRace(t)
	for _, p := range linePuzzles {
		g, err := formats.ParseFPuzzlesLink(p.link)
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		r := Puzzle(g, Options{})
		if r.Status != Unique || r.Solutions[0].String() != p.solution {
			t.Fatalf("%s: %v, want unique with solution %s", p.name, r.Status, p.solution)
		}
		checkRulesProof(t, p.name, g, r)
	}
}

// uniqueTwoWays checks that the generated puzzle g is unique with the
// solution sol it was made from: by the verifier, whose proof the DRAT
// checker of package gridtest must accept on the CNF its certificate
// states, and by cadical under the encoding of kinds_indep_test.go, which
// sol must keep. It returns how the verifier proved it.
func uniqueTwoWays(t *testing.T, name string, g, sol grid.Grid) Proof {
	t.Helper()
	r := Puzzle(g, Options{})
	if r.Status != Unique || !slices.Equal(r.Solutions[0].Cells, sol.Cells) {
		t.Fatalf("%s: %v, want unique with solution %s", name, r.Status, sol)
	}
	checkRulesProof(t, name, g, r)
	e, err := independentCNF(g)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !e.keeps(t, sol) {
		t.Fatalf("%s: the solution breaks the independent encoding", name)
	}
	if !gridtest.Unsat(t, e.nv, append(e.cnf, e.block(g, sol))) {
		t.Fatalf("%s: cadical finds a second solution", name)
	}
	return r.Proof
}
