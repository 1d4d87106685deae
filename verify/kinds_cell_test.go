package verify

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/sat"
)

// The cell and whole-grid kinds (minimum and maximum, quadruples, the
// negative constraints, indexers, killer cages without a sum), each checked
// two ways on puzzles made from random instances on random solutions,
// minimal in their givens: the verdict of unique is confirmed by cadical
// on an encoding written here from the rules' meaning (not from the kinds'
// clauses), and its proof is accepted by the tests' DRAT checker. 200
// puzzles a kind with SUDOKUGEN_LONG=1, a sample by default.
func TestCellKindsTwoWays(t *testing.T) {
	cadical, err := exec.LookPath("cadical")
	if err != nil {
		t.Skip("cadical is not installed (apt-get install cadical): the independent check needs it")
	}
	each := 6
	if testing.Short() {
		each = 3
	}
	if os.Getenv("SUDOKUGEN_LONG") != "" {
		each = 200
	}
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 30))
	kinds := map[string]*grid.Kind{}
	for _, k := range grid.Table() {
		kinds[k.Name()] = k
	}
	s := grid.Shape{BoxRows: 3, BoxCols: 3}
	dir := t.TempDir()
	for _, name := range []string{"minmax", "quadruple", "negative", "indexer", "sumless-killer"} {
		t.Run(name, func(t *testing.T) {
			proofs := map[string]int{}
			for i := range each {
				sol := gridtest.RandomSolution(rng, s)
				r := &grid.Rules{}
				if name == "sumless-killer" {
					r.Cages = sumlessCages(rng, s.N(), sol)
				} else {
					// a few instances, so that the rules say much
					for range 3 {
						kinds[name].Random(rng, s, sol, r)
					}
				}
				if err := r.Validate(s); err != nil {
					t.Fatalf("puzzle %d: %v", i, err)
				}
				g := minimalPuzzle(rng, grid.Grid{Shape: s, Cells: sol, Rules: r})
				res := Puzzle(g, Options{})
				if res.Status != Unique || !slices.Equal(res.Solutions[0].Cells, sol) {
					t.Fatalf("puzzle %d %s: %v, want unique with the solution it was made from", i, g, res.Status)
				}
				// one: the independent encoding holds the solution, and
				// no other (cadical finds the CNF with the solution
				// blocked unsatisfiable)
				cnf := independentCNF(g)
				if !satisfies(cnf, s.N(), sol) {
					t.Fatalf("puzzle %d %s (%s): its solution breaks the independent encoding", i, g, r.Name())
				}
				block := make([]int, len(sol))
				for c, d := range sol {
					block[c] = -(c*s.N() + int(d))
				}
				if sat, err := runCadical(cadical, dir, s.N(), append(cnf, block)); err != nil || sat {
					t.Fatalf("puzzle %d %s (%s): cadical finds another solution: %v %v", i, g, r.Name(), sat, err)
				}
				// two: the proof
				proofs[res.Proof.String()]++
				if res.Proof != Search && res.Proof != Propagation {
					continue
				}
				checkCellProof(t, fmt.Sprintf("puzzle %d", i), g, res)
			}
			t.Logf("%d puzzles unique by cadical on an independent encoding; proofs %v", each, proofs)
		})
	}
}

// minimalPuzzle removes givens of the full grid g, in a random order, as
// long as the puzzle stays unique: the puzzle left is minimal.
func minimalPuzzle(rng *rand.Rand, g grid.Grid) grid.Grid {
	p := g.Clone()
	for _, c := range rng.Perm(len(p.Cells)) {
		d := p.Cells[c]
		p.Cells[c] = 0
		if Puzzle(p, Options{}).Status != Unique {
			p.Cells[c] = d
		}
	}
	return p
}

// sumlessCages returns killer cages without a sum on the full grid sol:
// runs of two to four cells in a row, whose digits differ.
func sumlessCages(rng *rand.Rand, n int, sol []uint8) []grid.Cage {
	var out []grid.Cage
	used := map[int32]bool{}
	for range 4 + rng.IntN(6) {
		row, col, k := rng.IntN(n), rng.IntN(n-1), 2+rng.IntN(3)
		var cells []int32
		for c := col; c < min(n, col+k); c++ {
			cells = append(cells, int32(row*n+c))
		}
		if slices.ContainsFunc(cells, func(c int32) bool { return used[c] }) || len(cells) < 2 {
			continue
		}
		for _, c := range cells {
			used[c] = true
		}
		out = append(out, grid.Cage{Cells: cells})
	}
	return out
}

// checkCellProof checks the DRAT proof of a verdict of unique or none.
func checkCellProof(t *testing.T, name string, g grid.Grid, r Result) {
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
		t.Errorf("%s (%s): %v by %v: the DRAT checker refuses the proof: %v", name, g.Rules.Name(), r.Status, r.Proof, err)
	}
}

// independentCNF encodes puzzle g, written here from the meaning of each
// rule: a variable per cell and digit (cell c holds d: c*N+d), each cell
// one digit, each row, column and region each digit once, the givens, and
// the rules of the kinds this file tests and of the marks they read
// (kropki black dots, X and V). It panics on a rule it does not know.
func independentCNF(g grid.Grid) [][]int {
	n := g.N()
	r := g.Rules
	x := func(c int32, d int) int { return int(c)*n + d }
	var cnf [][]int
	differ := func(cells []int32, all bool) {
		for d := 1; d <= n; d++ {
			if all {
				cl := []int{}
				for _, c := range cells {
					cl = append(cl, x(c, d))
				}
				cnf = append(cnf, cl)
			}
			for i, a := range cells {
				for _, b := range cells[i+1:] {
					cnf = append(cnf, []int{-x(a, d), -x(b, d)})
				}
			}
		}
	}
	// forbid says cells a and b may not hold a and b when bad(a, b)
	forbid := func(p, q int32, bad func(a, b int) bool) {
		for a := 1; a <= n; a++ {
			for b := 1; b <= n; b++ {
				if bad(a, b) {
					cnf = append(cnf, []int{-x(p, a), -x(q, b)})
				}
			}
		}
	}
	regions := make([][]int32, n)
	for c := range int32(n * n) {
		cl := []int{}
		for d := 1; d <= n; d++ {
			cl = append(cl, x(c, d))
		}
		cnf = append(cnf, cl)
		for d := 1; d <= n; d++ {
			for e := d + 1; e <= n; e++ {
				cnf = append(cnf, []int{-x(c, d), -x(c, e)})
			}
		}
		reg := r.Region(g.Shape, int(c))
		regions[reg] = append(regions[reg], c)
		if g.Cells[c] != 0 {
			cnf = append(cnf, []int{x(c, int(g.Cells[c]))})
		}
	}
	for k := range n {
		var row, col []int32
		for j := range n {
			row, col = append(row, int32(k*n+j)), append(col, int32(j*n+k))
		}
		differ(row, true)
		differ(col, true)
		differ(regions[k], true)
	}
	for _, cg := range r.Cages {
		if cg.Sum != 0 {
			panic("a cage with a sum")
		}
		differ(cg.Cells, false)
	}
	for _, p := range r.Black {
		forbid(p[0], p[1], func(a, b int) bool { return a != 2*b && b != 2*a })
	}
	for _, p := range r.X {
		forbid(p[0], p[1], func(a, b int) bool { return a+b != 10 })
	}
	for _, p := range r.V {
		forbid(p[0], p[1], func(a, b int) bool { return a+b != 5 })
	}
	if len(r.White)+len(r.Odd)+len(r.Even)+len(r.Thermos)+len(r.Extra) > 0 || r.AntiKing || r.AntiKnight {
		panic("a rule this encoding does not know")
	}
	// the kinds' own data, read back through the JSON form (the test sees
	// no field of the package)
	var known struct {
		Maximum, Minimum []string
		Quadruples       []struct {
			Cells  []string
			Digits []int
		}
		Negative                              []string
		Rowindexer, Columnindexer, Boxindexer [][]string
		// read from the fields of Rules above
		Black, X, V, Cages json.RawMessage
	}
	data, err := grid.MarshalRules(r, n)
	if err != nil {
		panic(err)
	}
	if err := jsonStrict(data, &known); err != nil {
		panic(err)
	}
	cell := func(name string) int32 {
		c, err := grid.ParseCell(name, n)
		if err != nil {
			panic(err)
		}
		return c
	}
	beside := func(c int32) []int32 {
		var out []int32
		row, col := int(c)/n, int(c)%n
		for _, st := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			if rr, cc := row+st[0], col+st[1]; rr >= 0 && rr < n && cc >= 0 && cc < n {
				out = append(out, int32(rr*n+cc))
			}
		}
		return out
	}
	for _, f := range []struct {
		names []string
		bad   func(a, b int) bool
	}{{known.Maximum, func(a, b int) bool { return a <= b }}, {known.Minimum, func(a, b int) bool { return a >= b }}} {
		var marked []int32
		for _, nm := range f.names {
			marked = append(marked, cell(nm))
		}
		for _, c := range marked {
			for _, o := range beside(c) {
				if !slices.Contains(marked, o) {
					forbid(c, o, f.bad)
				}
			}
		}
	}
	for _, q := range known.Quadruples {
		// digit d written k times: no 5-k of the four cells all lack d
		for _, d := range q.Digits {
			k := 0
			for _, e := range q.Digits {
				if e == d {
					k++
				}
			}
			cells := []int32{cell(q.Cells[0]), cell(q.Cells[1]), cell(q.Cells[2]), cell(q.Cells[3])}
			if k == 1 {
				cl := []int{}
				for _, c := range cells {
					cl = append(cl, x(c, d))
				}
				cnf = append(cnf, cl)
				continue
			}
			for skip := range cells { // any three of them hold d
				cl := []int{}
				for j, c := range cells {
					if j != skip {
						cl = append(cl, x(c, d))
					}
				}
				cnf = append(cnf, cl)
			}
		}
	}
	pairs := func(marks ...[]grid.Pair) [][2]int32 {
		var out [][2]int32
		for c := range int32(n * n) {
			for _, o := range beside(c) {
				if o < c {
					continue
				}
				if !slices.ContainsFunc(marks, func(ps []grid.Pair) bool {
					return slices.Contains(ps, grid.Pair{c, o}) || slices.Contains(ps, grid.Pair{o, c})
				}) {
					out = append(out, [2]int32{c, o})
				}
			}
		}
		return out
	}
	for _, neg := range known.Negative {
		switch neg {
		case "ratio":
			for _, p := range pairs(r.Black) {
				forbid(p[0], p[1], func(a, b int) bool { return a == 2*b || b == 2*a })
			}
		case "xv":
			for _, p := range pairs(r.X, r.V) {
				forbid(p[0], p[1], func(a, b int) bool { return a+b == 10 || a+b == 5 })
			}
		default:
			panic(neg)
		}
	}
	// indexers: cell (row, col) of a column indexer holds d exactly when
	// (row, d) holds col; of a row indexer, when (d, col) holds row; of a
	// box indexer, the p-th of its region, when the d-th cell holds p
	for k, lists := range [][][]string{known.Columnindexer, known.Rowindexer, known.Boxindexer} {
		for _, list := range lists {
			for _, nm := range list {
				c := cell(nm)
				row, col := int(c)/n, int(c)%n
				for d := 1; d <= n; d++ {
					var to int32
					var w int
					switch k {
					case 0:
						to, w = int32(row*n+d-1), col+1
					case 1:
						to, w = int32((d-1)*n+col), row+1
					default:
						reg := regions[r.Region(g.Shape, int(c))]
						to, w = reg[d-1], slices.Index(reg, c)+1
					}
					cnf = append(cnf, []int{-x(c, d), x(to, w)}, []int{x(c, d), -x(to, w)})
				}
			}
		}
	}
	return cnf
}

// satisfies reports whether the full grid cells satisfies every clause.
func satisfies(cnf [][]int, n int, cells []uint8) bool {
	for _, cl := range cnf {
		ok := false
		for _, l := range cl {
			v := l
			if v < 0 {
				v = -v
			}
			c, d := (v-1)/n, (v-1)%n+1
			if (int(cells[c]) == d) == (l > 0) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// runCadical runs cadical on the CNF and tells whether it is satisfiable.
func runCadical(cadical, dir string, n int, cnf [][]int) (bool, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "p cnf %d %d\n", n*n*n, len(cnf))
	for _, cl := range cnf {
		for _, l := range cl {
			fmt.Fprintf(&b, "%d ", l)
		}
		b.WriteString("0\n")
	}
	path := filepath.Join(dir, "puzzle.cnf")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		return false, err
	}
	err := exec.Command(cadical, "-q", "-n", path).Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		switch ee.ExitCode() {
		case 10:
			return true, nil
		case 20:
			return false, nil
		}
	}
	return false, fmt.Errorf("cadical: %v", err)
}

// jsonStrict reads data into v, refusing a field v does not have, so that
// a rule the encoding does not know fails the test.
func jsonStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}
