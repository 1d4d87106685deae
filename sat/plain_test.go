package sat

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/rules"
)

// The plain CNF of a variant holds the rules as stated: on 4x4 grids of
// every kind, a Latin square with its cell variables set as unit clauses
// is refuted by unit propagation (every auxiliary variable follows from
// the cells) exactly when it breaks the rules, as grid's own check says.
func TestPlainRuleClausesCounts(t *testing.T) {
	sh := grid.Shape{BoxRows: 2, BoxCols: 2}
	jig := []uint8{0, 0, 1, 1, 0, 2, 1, 1, 0, 2, 3, 3, 2, 2, 3, 3}
	rules := map[string]*grid.Rules{
		"jigsaw":  grid.NewRules(grid.Regions.Of(jig)),
		"killer":  grid.NewRules(rules.Cages.Of([]grid.Cage{{Cells: []int32{0, 1}, Sum: 3}, {Cells: []int32{5, 6, 10}, Sum: 9}, {Cells: []int32{15}, Sum: 4}})),
		"cover":   grid.NewRules(rules.Cages.Of([]grid.Cage{{Cells: []int32{0, 1, 4}, Sum: 7}, {Cells: []int32{2, 3}, Sum: 5}})),
		"thermo":  grid.NewRules(rules.Thermos.Of([][]int32{{0, 5, 10}})),
		"several": grid.NewRules(grid.Regions.Of(jig), rules.Odd.Of([]int32{3}), rules.Cages.Of([]grid.Cage{{Cells: []int32{12, 13}, Sum: 7}}), rules.White.Of([]grid.Pair{{9, 10}})),
	}
	all := gridtest.LatinSquares(4)
	for name, r := range rules {
		t.Run(name, func(t *testing.T) {
			plain := PlainRuleClauses(sh, r)
			if full := RuleClauses(sh, r); plain.Vars != full.Vars {
				t.Fatalf("plain CNF of %d variables, the full one %d", plain.Vars, full.Vars)
			}
			keep := 0
			for _, cells := range all {
				g := grid.Grid{Shape: sh, Cells: cells}
				cnf := slices.Clip(plain.Clauses)
				for i, d := range cells {
					cnf = append(cnf, []int{Var(4, i/4, i%4, int(d))})
				}
				ok := r.Check(g) == nil
				if ok {
					keep++
				}
				if refuted := gridtest.Refutes(plain.Vars, cnf); refuted == ok {
					t.Fatalf("grid %s: keeps the rules %v, refuted %v", g, ok, refuted)
				}
			}
			if keep == 0 || keep == len(all) {
				t.Fatalf("%d of %d grids keep the rules: the case tells nothing", keep, len(all))
			}
		})
	}
}

// On a 9x9 killer whose cages imply more (innies, pair sums, the cells
// that see a cage), the plain CNF is the full one less the implied
// clauses, with the same variables, and a DIMACS with Plain writes it and
// names its own hash.
func TestPlainRuleClausesKiller(t *testing.T) {
	sol := gridtest.Line(t, gridtest.Lines(t, "royle17/solutions.txt")[0])
	r := grid.NewRules()
	for row := range 9 {
		for c := 0; c+1 < 8; c += 2 {
			a, b := int32(row*9+c), int32(row*9+c+1)
			rules.Cages.Set(r, append(rules.Cages.Get(r), grid.Cage{Cells: []int32{a, b}, Sum: int(sol.Cells[a] + sol.Cells[b])}))
		}
	}
	g := grid.New(sol.Shape)
	g.Rules = r
	imp := grid.Imply(g.Shape, r)
	if len(imp.Cages) == 0 && len(imp.Sums) == 0 {
		t.Fatal("the cages imply nothing: the case tells nothing")
	}
	plain, full := PlainRuleClauses(g.Shape, r), RuleClauses(g.Shape, r)
	if plain.Vars != full.Vars || len(plain.Clauses) >= len(full.Clauses) {
		t.Fatalf("plain: %d variables, %d clauses; full: %d, %d", plain.Vars, len(plain.Clauses), full.Vars, len(full.Clauses))
	}
	// every plain clause is in the full CNF, as many times
	count := map[string]int{}
	for _, c := range full.Clauses {
		count[clauseKey(c)]++
	}
	for _, c := range plain.Clauses {
		if k := clauseKey(c); count[k] == 0 {
			t.Fatalf("plain clause %v is not in the full CNF", c)
		} else {
			count[k]--
		}
	}
	// the full CNF less its spans of implied clauses is the plain one
	var rest [][]int
	at := 0
	for _, sp := range full.Implied {
		if sp.From < at || sp.To <= sp.From {
			t.Fatalf("span %+v after clause %d", sp, at)
		}
		rest = append(rest, full.Clauses[at:sp.From]...)
		at = sp.To
	}
	rest = append(rest, full.Clauses[at:]...)
	if err := gridtest.SameClauses(rest, plain.Clauses); err != nil {
		t.Errorf("the full CNF less its implied spans: %v", err)
	}
	if len(plain.Implied) != 0 {
		t.Errorf("the plain CNF has %d implied spans", len(plain.Implied))
	}
	// the solution keeps the plain rules, and the blocking clause of it
	// leaves a CNF with no other solution (cadical agrees, in the tests of
	// cmd/sudokugen); here: unit propagation does not refute the solution
	cnf := slices.Clip(plain.Clauses)
	for i, d := range sol.Cells {
		cnf = append(cnf, []int{Var(9, i/9, i%9, int(d))})
	}
	if gridtest.Refutes(plain.Vars, cnf) {
		t.Fatal("the plain CNF refutes the solution")
	}
	checkPlainDIMACS(t, g, plain)
}

// checkPlainDIMACS checks that a DIMACS with Plain writes the plain CNF of
// g's rules and names its own hash, and the full one RulesHash.
func checkPlainDIMACS(t *testing.T, g grid.Grid, plain *RuleCNF) {
	t.Helper()
	r := g.Rules
	d := DIMACS{Plain: true}
	var b, f bytes.Buffer
	if err := d.Write(&b, g); err != nil {
		t.Fatal(err)
	}
	if err := WriteDIMACS(&f, g); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	if !strings.Contains(text, "without the clauses they imply") || strings.Contains(text, "implied by the rules") {
		t.Errorf("plain DIMACS comments:\n%.1500s", text)
	}
	if h := ruleHash(t, text); h != PlainRulesHash(g.Shape, r) || h == RulesHash(g.Shape, r) {
		t.Errorf("plain DIMACS names hash %s; PlainRulesHash %s, RulesHash %s", h, PlainRulesHash(g.Shape, r), RulesHash(g.Shape, r))
	}
	if ruleHash(t, f.String()) != RulesHash(g.Shape, r) {
		t.Error("the full DIMACS does not name RulesHash")
	}
	lemmas, err := gridtest.ReadDRAT(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if err := gridtest.SameClauses(gridtest.Clauses(lemmas), plain.Clauses); err != nil {
		t.Errorf("plain DIMACS: %v", err)
	}
}

func clauseKey(c []int) string {
	s := slices.Clone(c)
	slices.Sort(s)
	var b strings.Builder
	for _, l := range s {
		b.WriteString(strings.TrimSpace(string(appendClause(nil, []int{l}))))
		b.WriteByte(',')
	}
	return b.String()
}
