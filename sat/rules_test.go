package sat

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/rules"
)

// The solver of a variant's CNF counts exactly the grids that keep its
// rules, for rules of every kind, unit clauses included (parity, digits no
// pair or sum allows), whose handling gophersat's assumptions make subtle.
func TestRuleSolverCounts(t *testing.T) {
	sh := grid.Shape{BoxRows: 2, BoxCols: 2}
	jig := []uint8{0, 0, 1, 1, 0, 2, 1, 1, 0, 2, 3, 3, 2, 2, 3, 3}
	rules := map[string]*grid.Rules{
		"x":       grid.NewRules(rules.Extra.Of([]grid.Group{{Kind: grid.GroupDiagonal, Cells: grid.Diagonal(4)}, {Kind: grid.GroupAntiDiagonal, Cells: grid.AntiDiagonal(4)}})),
		"jigsaw":  grid.NewRules(grid.Regions.Of(jig)),
		"killer":  grid.NewRules(rules.Cages.Of([]grid.Cage{{Cells: []int32{0, 1}, Sum: 3}, {Cells: []int32{5, 6, 10}, Sum: 9}, {Cells: []int32{15}, Sum: 4}})),
		"parity":  grid.NewRules(rules.Odd.Of([]int32{0, 5}), rules.Even.Of([]int32{15})),
		"kropki":  grid.NewRules(rules.White.Of([]grid.Pair{{0, 1}}), rules.Black.Of([]grid.Pair{{4, 8}})),
		"xv":      grid.NewRules(rules.V.Of([]grid.Pair{{0, 1}, {2, 6}})),
		"thermo":  grid.NewRules(rules.Thermos.Of([][]int32{{0, 5, 10}})),
		"king":    grid.NewRules(rules.AntiKing.Of(true), grid.Regions.Of(jig)),
		"knight":  grid.NewRules(rules.AntiKnight.Of(true)),
		"cage":    grid.NewRules(rules.Cages.Of([]grid.Cage{{Cells: []int32{0, 5}}})),
		"extra":   grid.NewRules(rules.Extra.Of([]grid.Group{{Kind: grid.GroupRegion, Cells: []int32{1, 6, 11}}})),
		"several": grid.NewRules(grid.Regions.Of(jig), rules.Odd.Of([]int32{3}), rules.Cages.Of([]grid.Cage{{Cells: []int32{12, 13}, Sum: 7}}), rules.White.Of([]grid.Pair{{9, 10}})),
	}
	all := gridtest.LatinSquares(4)
	for name, r := range rules {
		t.Run(name, func(t *testing.T) {
			if err := r.Validate(sh); err != nil {
				t.Fatal(err)
			}
			want := 0
			for _, g := range all {
				if r.Check(grid.Grid{Shape: sh, Cells: g}) == nil {
					want++
				}
			}
			p := grid.New(sh)
			p.Rules = r
			s := NewRules(sh, r)
			for round := range 2 { // the second round on the reused solver
				got := s.Solutions(p, nil, 1000, func(sol grid.Grid) {
					if err := r.Check(sol); err != nil {
						t.Fatalf("solution %s breaks the rules: %v", sol, err)
					}
				})
				if got != want {
					t.Fatalf("round %d: %d solutions, want %d", round, got, want)
				}
			}
			var b bytes.Buffer
			if err := WriteDIMACS(&b, p); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), "c variant: ") {
				t.Fatalf("DIMACS of a variant without its comment:\n%.300s", b.String())
			}
		})
	}
}

// The classic encoding is untouched: nil and empty rules give Clauses.
func TestRuleClausesClassic(t *testing.T) {
	sh := grid.Shape{BoxRows: 3, BoxCols: 3}
	want := Clauses(sh)
	for _, r := range []*grid.Rules{nil, grid.NewRules()} {
		c := RuleClauses(sh, r)
		if c.Vars != 729 || len(c.Clauses) != len(want) || len(want) != 11988 {
			t.Fatalf("RuleClauses(%v): %d vars, %d clauses, want 729 and %d", r, c.Vars, len(c.Clauses), len(want))
		}
	}
}
