package verify

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/rules"
	"github.com/sudokugen/sudokugen/sat"
)

// readTSV returns the rows of a tab-separated file with a header, as maps.
func readTSV(t *testing.T, path string) []map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var head []string
	var out []map[string]string
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if head == nil {
			head = fields
			continue
		}
		row := map[string]string{}
		for i, h := range head {
			if i < len(fields) {
				row[h] = fields[i]
			}
		}
		out = append(out, row)
	}
	return out
}

// realVariants reads the killer and jigsaw puzzles of testdata/variants:
// the puzzles with their rules, and their published solutions.
func realVariants(t *testing.T) (puzzles, solutions []grid.Grid, ids []string) {
	sh := grid.Shape{BoxRows: 3, BoxCols: 3}
	for _, row := range readTSV(t, "testdata/variants/killer.tsv") {
		g, err := formats.Parse(row["givens"])
		if err != nil {
			t.Fatalf("%s: %v", row["id"], err)
		}
		r := grid.NewRules()
		for _, c := range strings.Split(row["cages"], ";") {
			sum, cells, _ := strings.Cut(c, ":")
			s, err := strconv.Atoi(sum)
			if err != nil {
				t.Fatalf("%s: cage %q", row["id"], c)
			}
			var cage grid.Cage
			cage.Sum = s
			for _, name := range strings.Split(cells, ",") {
				x, err := grid.ParseCell(name, 9)
				if err != nil {
					t.Fatalf("%s: %v", row["id"], err)
				}
				cage.Cells = append(cage.Cells, x)
			}
			rules.Cages.Set(r, append(rules.Cages.Get(r), cage))
		}
		if err := r.Validate(sh); err != nil {
			t.Fatalf("%s: %v", row["id"], err)
		}
		g.Rules = r
		sol, err := formats.Parse(row["solution"])
		if err != nil {
			t.Fatalf("%s: solution: %v", row["id"], err)
		}
		puzzles, solutions, ids = append(puzzles, g), append(solutions, sol), append(ids, row["id"])
	}
	for _, row := range readTSV(t, "testdata/variants/jigsaw.tsv") {
		n, _ := strconv.Atoi(row["size"])
		shape, err := grid.RegionShape(n) // 5x5 has no boxes: only regions
		if err != nil {
			t.Fatalf("%s: %v", row["id"], err)
		}
		g, err := formats.ParseWith(row["givens"], formats.ReadOptions{Shape: shape})
		if err != nil {
			t.Fatalf("%s: %v", row["id"], err)
		}
		letters := row["regions"]
		num := map[byte]uint8{}
		regions := make([]uint8, len(letters))
		for i := range len(letters) {
			if _, ok := num[letters[i]]; !ok {
				num[letters[i]] = uint8(len(num))
			}
			regions[i] = num[letters[i]]
		}
		g.Rules = grid.NewRules(grid.Regions.Of(regions))
		if err := g.Rules.Validate(shape); err != nil {
			t.Fatalf("%s: %v", row["id"], err)
		}
		sol, err := formats.ParseWith(row["solution"], formats.ReadOptions{Shape: shape})
		if err != nil {
			t.Fatalf("%s: solution: %v", row["id"], err)
		}
		puzzles, solutions, ids = append(puzzles, g), append(solutions, sol), append(ids, row["id"])
	}
	return puzzles, solutions, ids
}

// Published killer and jigsaw puzzles are unique, with their published
// solution, and each verdict carries its proof.
func TestRealVariants(t *testing.T) {
	puzzles, solutions, ids := realVariants(t)
	killers, jigsaws, boxless := 0, 0, 0
	for i, g := range puzzles {
		r := Puzzle(g, Options{})
		if r.Status != Unique || !r.Solutions[0].Equal(grid.Grid{Shape: g.Shape, Cells: solutions[i].Cells, Rules: g.Rules}) {
			t.Errorf("%s: %v (%v), solution %v; want unique with %s", ids[i], r.Status, r.Err, r.Solutions, solutions[i])
			continue
		}
		if r.Proof != Propagation && r.Proof != SAT && r.Proof != Search {
			t.Errorf("%s: unique without a proof (%v)", ids[i], r.Proof)
		}
		// gophersat's word too, on the whole variant CNF
		if !sat.Unique(g, r.Solutions[0]) {
			t.Errorf("%s: gophersat finds a second solution", ids[i])
		}
		if len(rules.Cages.Get(g.Rules)) > 0 {
			killers++
		} else {
			jigsaws++
		}
		if g.Boxless() {
			boxless++
			t.Logf("%s: %dx%d jigsaw without boxes unique (proof %v) with its published solution %s", ids[i], g.N(), g.N(), r.Proof, solutions[i])
		}
	}
	if killers < 10 || jigsaws < 10 || boxless < 2 {
		t.Errorf("%d killers and %d jigsaws (%d without boxes) from outside, want at least 10 of each and 2 without boxes", killers, jigsaws, boxless)
	}
	t.Logf("%d killers and %d jigsaws (%d without boxes) unique with their published solutions", killers, jigsaws, boxless)
}

// Verdicts on variants agree with gophersat's count on the whole variant
// CNF: real killers and jigsaws with clues taken away or added, which
// makes puzzles with one solution, several and none.
func TestVariantVerdictsAgreeWithSAT(t *testing.T) {
	puzzles, solutions, ids := realVariants(t)
	seen := map[Status]int{}
	for i, g := range puzzles {
		for k := range 4 {
			q := g.Clone()
			switch k {
			case 1: // one clue of the solution more, and one of another digit
				for x, d := range q.Cells {
					if d == 0 {
						q.Cells[x] = solutions[i].Cells[x]%uint8(q.N()) + 1
						break
					}
				}
			case 2, 3: // fewer clues: take away every k-th given
				n := 0
				for x, d := range q.Cells {
					if d != 0 {
						n++
						if n%k == 0 {
							q.Cells[x] = 0
						}
					}
				}
				if k == 3 && len(rules.Cages.Get(q.Rules)) > 0 { // and a cage sum less
					q.Rules = grid.NewRules(rules.Cages.Of(rules.Cages.Get(q.Rules)[1:]))
				}
			}
			r := Puzzle(q, Options{CountLimit: 3})
			if r.Status == Invalid {
				seen[Invalid]++
				continue
			}
			want := sat.NewRules(q.Shape, q.Rules).Solutions(q, nil, 3, nil)
			if r.Count != want {
				t.Errorf("%s, change %d: %v with %d solutions, gophersat counts %d", ids[i], k, r.Status, r.Count, want)
			}
			seen[r.Status]++
		}
	}
	if seen[Unique] == 0 || seen[Multiple] == 0 || seen[None]+seen[Invalid] == 0 {
		t.Errorf("verdicts %v: want each kind", seen)
	}
	t.Logf("verdicts %v", seen)
}

// Published f-puzzles puzzles (testdata/variants/fpuzzles): those whose
// rules the model holds read the same from their link data, from a whole
// link and from their JSON, and are unique with their published solution;
// the others are refused, the error naming a constraint the model lacks
// (none is now).
func TestFPuzzlesFromOutside(t *testing.T) {
	unsupported := map[string]bool{}
	read, refused := 0, 0
	for _, row := range readTSV(t, "testdata/variants/fpuzzles/fpuzzles.tsv") {
		id := row["id"]
		data, err := os.ReadFile("testdata/variants/fpuzzles/" + id + ".json")
		if err != nil {
			t.Fatal(err)
		}
		fromJSON, errJSON := formats.ParseFPuzzles(data)
		fromData, errData := formats.ParseFPuzzlesLink(row["fpuzzles_load"])
		fromLink, errLink := formats.ParseFPuzzlesLink(formats.FPuzzlesURL + row["fpuzzles_load"])
		var lacking []string
		for _, k := range strings.Split(row["rules"], ",") {
			if unsupported[k] {
				lacking = append(lacking, k)
			}
		}
		if len(lacking) > 0 {
			for _, err := range []error{errJSON, errData, errLink} {
				if err == nil || !slices.ContainsFunc(lacking, func(k string) bool { return strings.Contains(err.Error(), strconv.Quote(k)) }) {
					t.Errorf("%s (rules %s): error %v, want one that names one of %q", id, row["rules"], err, lacking)
				}
			}
			refused++
			continue
		}
		if errJSON != nil || errData != nil || errLink != nil {
			t.Errorf("%s: errors %v, %v, %v", id, errJSON, errData, errLink)
			continue
		}
		if !fromJSON.Equal(fromData) || !fromJSON.Equal(fromLink) {
			t.Errorf("%s: the JSON gives %s (%s), the link %s (%s)", id, fromJSON, fromJSON.Rules.Name(), fromData, fromData.Rules.Name())
		}
		r := Puzzle(fromJSON, Options{})
		if r.Status != Unique || r.Solutions[0].String() != row["solution"] {
			t.Errorf("%s (%s): %v (%v), solutions %v; want unique with %s", id, fromJSON.Rules.Name(), r.Status, r.Err, r.Solutions, row["solution"])
			continue
		}
		if r.Proof == NoProof {
			t.Errorf("%s: unique without a proof", id)
		}
		if !sat.Unique(fromJSON, r.Solutions[0]) {
			t.Errorf("%s: gophersat finds a second solution", id)
		}
		t.Logf("%s: %s, unique (%s)", id, fromJSON.Rules.Name(), r.Proof)
		read++
	}
	if read < 13 || refused != 0 {
		t.Errorf("%d puzzles read and %d refused, want all 13 read", read, refused)
	}
}

// The search proofs of variant verdicts, written with WriteCertificate, are
// DRAT proofs of the variant's plain CNF (the rules as stated, the givens,
// the blocking clause, and any implied clause assumed) that gridtest's
// checker accepts: the implied constraints the search used are derived
// first, every node of the search is unit propagation on the CNF with
// them, and every branch a case split on the
// literals of one clause. The puzzles are generated ones of each variant,
// the real killers and jigsaws, and each of those with a wrong digit
// added, which have no solution.
func TestVariantSearchProofs(t *testing.T) {
	gridtest.SkipUnderRace(t)
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	sh := grid.Shape{BoxRows: 3, BoxCols: 3}
	var puzzles []grid.Grid
	var names []string
	gen := generate.New()
	each := 3
	if testing.Short() {
		each = 1
	}
	for _, name := range []string{"killer", "pure-killer", "jigsaw", "x", "hyper", "jigsaw,killer", "killer,anti-knight", "disjoint,anti-king"} {
		v, err := generate.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		for i := range each {
			p, err := gen.Puzzle(seed, i, generate.Options{Shape: sh, Variant: v})
			if err != nil {
				t.Fatalf("%s %d: %v", name, i, err)
			}
			puzzles, names = append(puzzles, p.Grid), append(names, fmt.Sprintf("%s %d", name, i))
		}
	}
	real, sols, ids := realVariants(t)
	for i, g := range real {
		puzzles, names = append(puzzles, g), append(names, ids[i])
		// a wrong digit in an empty cell: no solution, the first such
		// puzzle whose propagation does not see it at once
		for x, d := range g.Cells {
			q := g.Clone()
			q.Cells[x] = sols[i].Cells[x]%uint8(q.N()) + 1
			if d == 0 && len(q.Clashes()) == 0 && Puzzle(q, Options{}).Proof == Search {
				puzzles, names = append(puzzles, q), append(names, fmt.Sprintf("%s with r%dc%d wrong", ids[i], x/9+1, x%9+1))
				break
			}
		}
	}
	seen := map[string]int{}
	assumed := 0
	for i, g := range puzzles {
		r := Puzzle(g, Options{})
		if r.Status != Unique && r.Status != None {
			continue
		}
		seen[r.Status.String()+" by "+r.Proof.String()]++
		if r.Proof != Search && r.Proof != Propagation {
			continue
		}
		assumed += checkVariantProof(t, names[i], g)
	}
	t.Logf("verdicts %v; %d implied clauses assumed", seen, assumed)
	if seen["unique by search"] == 0 || seen["none by search"] == 0 {
		t.Errorf("verdicts %v: want unique and none by the search", seen)
	}
}

// checkVariantProof checks the proof that CheckProof makes of variant g's
// verdict, by propagation or the search: WriteCertificate writes the same,
// it passes against the plain CNF (checkPlainProof), and, against the CNF
// with the implied clauses, unit propagation alone refutes that exactly
// when the verdict is by propagation, and the proof fails without its
// empty clause. It returns the number of clauses the proof assumes.
func checkVariantProof(t *testing.T, name string, g grid.Grid) int {
	t.Helper()
	var proof, cnfText, dratText bytes.Buffer
	r, err := New().CheckProof(context.Background(), g, Options{}, &proof)
	if err != nil {
		t.Fatalf("%s: CheckProof: %v", name, err)
	}
	if err := WriteCertificate(&cnfText, &dratText, g, r); err != nil {
		t.Fatalf("%s: WriteCertificate: %v", name, err)
	}
	if !bytes.Equal(proof.Bytes(), dratText.Bytes()) {
		t.Errorf("%s: %v by %v: CheckProof's proof differs from WriteCertificate's", name, r.Status, r.Proof)
	}
	checkPlainProof(t, name, g, r, cnfText.Bytes(), dratText.Bytes())
	lemmas, err := gridtest.ReadDRAT(&proof)
	if err != nil {
		t.Fatal(err)
	}
	var extra [][]int
	if r.Status == Unique {
		extra = [][]int{sat.Blocking(g, r.Solutions[0])}
	}
	var fullText bytes.Buffer
	if err := sat.WriteDIMACS(&fullText, g, extra...); err != nil {
		t.Fatal(err)
	}
	full, err := gridtest.ReadDRAT(&fullText)
	if err != nil {
		t.Fatal(err)
	}
	nv := sat.RuleClauses(g.Shape, g.Rules).Vars
	// (a search without some implied constraints, r.LeftOut, may need
	// nodes where propagation with them all needs none)
	if refuted := gridtest.Refutes(nv, gridtest.Clauses(full)); refuted != (r.Proof == Propagation) && (r.LeftOut == 0 || !refuted) {
		t.Errorf("%s: %v by %v, but unit propagation alone refutes the CNF with the implied clauses: %v", name, r.Status, r.Proof, refuted)
	}
	last := len(lemmas) - 1
	if at, err := gridtest.CheckDRAT(nv, gridtest.Clauses(full), lemmas[:last]); err == nil || at != last {
		t.Errorf("%s: %v by %v: the proof without its empty clause fails at %d (%v), want at its end", name, r.Status, r.Proof, at, err)
	}
	return len(r.Assumed)
}
