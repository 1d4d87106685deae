package rules_test

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
	"github.com/sudokugen/sudokugen/sat"
)

// The "Miracle" rules (anti-king, anti-knight, nonconsecutive) leave the
// empty 9x9 grid exactly 72 solutions: 9 placements of the 1 times 8
// digit relabellings that keep the pattern (a known count). Counted by the
// variant search, and by cadical on the CNF, one blocking clause per
// solution found.
func TestMiracleCount(t *testing.T) {
	g, err := formats.Parse(`{"puzzle":"` + strings.Repeat(".", 81) + `","rules":{"anti_king":true,"anti_knight":true,"nonconsecutive":true}}`)
	if err != nil {
		t.Fatal(err)
	}
	if g.Rules.Name() != "anti-king,anti-knight,nonconsecutive" {
		t.Fatalf("name %q", g.Rules.Name())
	}
	s := rulesearch.New(rulesearch.NewModel(g.Shape, g.Rules))
	seen := map[string]bool{}
	res := s.Count(g.Cells, 1000, 0, nil, func(cand []uint64) bool {
		sol := grid.Grid{Shape: g.Shape, Cells: rulesearch.Cells(cand)}
		if err := g.Rules.Check(sol); err != nil {
			t.Errorf("search solution %s breaks the rules: %v", sol, err)
		}
		seen[sol.String()] = true
		return true
	})
	if !res.Complete || res.Count != 72 || len(seen) != 72 {
		t.Fatalf("variant search: %d solutions (%d distinct), complete %v; want 72", res.Count, len(seen), res.Complete)
	}
	if testing.Short() {
		t.Skip("-short: the count is checked by the search alone (cadical takes 15 s)")
	}
	cadical, err := exec.LookPath("cadical")
	if err != nil {
		t.Skip("cadical not installed: the count is checked by the search alone")
	}
	cnf := sat.RuleClauses(g.Shape, g.Rules)
	clauses := cnf.Clauses
	count := 0
	for ; count <= 72; count++ {
		var in bytes.Buffer
		fmt.Fprintf(&in, "p cnf %d %d\n", cnf.Vars, len(clauses))
		for _, c := range clauses {
			for _, l := range c {
				fmt.Fprintf(&in, "%d ", l)
			}
			in.WriteString("0\n")
		}
		cmd := exec.Command(cadical, "-q")
		cmd.Stdin = &in
		out, _ := cmd.Output()
		if code := cmd.ProcessState.ExitCode(); code == 20 {
			break
		} else if code != 10 {
			t.Fatalf("cadical exit %d: %s", code, out)
		}
		sol := make([]uint8, 81)
		var block []int
		for _, f := range strings.Fields(strings.ReplaceAll(string(out), "v", "")) {
			var l int
			if _, err := fmt.Sscan(f, &l); err != nil || l <= 0 || l > 729 {
				continue
			}
			c, d := (l-1)/9, (l-1)%9+1
			sol[c] = uint8(d)
			block = append(block, -l)
		}
		str := grid.Grid{Shape: g.Shape, Cells: sol}.String()
		if !seen[str] {
			t.Fatalf("cadical's solution %s is not one of the search's", str)
		}
		clauses = append(clauses, block)
	}
	if count != 72 {
		t.Fatalf("cadical: %d solutions, want 72", count)
	}
}

// A kropki dot of either colour exempts its pair from nonconsecutive and
// from the negative ratio rule alike, as SudokuSolver reads them
// (SolverFactory.cs: both are kropki dots): a black dot on a 1 and a 2
// under nonconsecutive, and a white one under negative ratio, hold; the
// same digits on a pair without a dot break the rule.
func TestKropkiDotsExemptFromBothNegatives(t *testing.T) {
	givens := "12" + strings.Repeat(".", 79)
	tests := []struct {
		rules string
		want  string // a word of the clash, "" for none
	}{
		{`"nonconsecutive":true,"black":[["r1c1","r1c2"]]`, ""},
		{`"nonconsecutive":true,"white":[["r1c1","r1c2"]]`, ""},
		{`"nonconsecutive":true,"black":[["r2c1","r2c2"]]`, "consecutive"},
		{`"negative":["ratio"],"white":[["r1c1","r1c2"]]`, ""},
		{`"negative":["ratio"],"black":[["r1c1","r1c2"]]`, ""},
		{`"negative":["ratio"],"white":[["r2c1","r2c2"]]`, "ratio 1:2"},
		{`"negative":["ratio"],"nonconsecutive":true,"black":[["r1c1","r1c2"]]`, ""},
	}
	for _, tt := range tests {
		g, err := formats.Parse(`{"puzzle":"` + givens + `","rules":{` + tt.rules + `}}`)
		if err != nil {
			t.Fatalf("%s: %v", tt.rules, err)
		}
		clashes := g.Clashes()
		switch {
		case tt.want == "" && len(clashes) > 0:
			t.Errorf("%s: Clashes() = %v, want none", tt.rules, clashes)
		case tt.want != "" && (len(clashes) != 1 || !strings.Contains(clashes[0].Detail, tt.want)):
			t.Errorf("%s: Clashes() = %v, want one with %q", tt.rules, clashes, tt.want)
		}
	}
}
