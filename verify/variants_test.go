package verify

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
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
		g, err := grid.Parse(row["givens"])
		if err != nil {
			t.Fatalf("%s: %v", row["id"], err)
		}
		r := &grid.Rules{}
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
			r.Cages = append(r.Cages, cage)
		}
		if err := r.Validate(sh); err != nil {
			t.Fatalf("%s: %v", row["id"], err)
		}
		g.Rules = r
		sol, err := grid.Parse(row["solution"])
		if err != nil {
			t.Fatalf("%s: solution: %v", row["id"], err)
		}
		puzzles, solutions, ids = append(puzzles, g), append(solutions, sol), append(ids, row["id"])
	}
	for _, row := range readTSV(t, "testdata/variants/jigsaw.tsv") {
		n, _ := strconv.Atoi(row["size"])
		shape, err := grid.ShapeOf(n)
		if err != nil {
			t.Logf("%s: %dx%d jigsaw skipped: %v", row["id"], n, n, err)
			continue
		}
		g, err := grid.ParseWith(row["givens"], grid.ReadOptions{Shape: shape})
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
		g.Rules = &grid.Rules{Regions: regions}
		if err := g.Rules.Validate(shape); err != nil {
			t.Fatalf("%s: %v", row["id"], err)
		}
		sol, err := grid.ParseWith(row["solution"], grid.ReadOptions{Shape: shape})
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
	killers, jigsaws := 0, 0
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
		if len(g.Rules.Cages) > 0 {
			killers++
		} else {
			jigsaws++
		}
	}
	if killers < 10 || jigsaws < 10 {
		t.Errorf("%d killers and %d jigsaws from outside, want at least 10 of each", killers, jigsaws)
	}
	t.Logf("%d killers and %d jigsaws unique with their published solutions", killers, jigsaws)
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
				if k == 3 && len(q.Rules.Cages) > 0 { // and a cage sum less
					q.Rules = &grid.Rules{Cages: q.Rules.Cages[1:]}
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
