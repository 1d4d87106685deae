package sat

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/rules"
)

var hashLine = regexp.MustCompile(`(?m)^c rules sha256:([0-9a-f]{64}) \(of the (\d+) rule clauses below, as written\)$`)

// ruleHash returns the hash a CNF names, after checking that it is the
// SHA-256 of the rule clauses that follow the header, as the comment says.
func ruleHash(t *testing.T, cnf string) string {
	t.Helper()
	m := hashLine.FindStringSubmatch(cnf)
	if m == nil {
		t.Fatalf("no rules hash in\n%.600s", cnf)
	}
	k, _ := strconv.Atoi(m[2])
	_, body, _ := strings.Cut(cnf, "\np cnf ")
	lines := strings.SplitAfter(body, "\n")[1 : 1+k]
	sum := sha256.Sum256([]byte(strings.Join(lines, "")))
	if got := hex.EncodeToString(sum[:]); got != m[1] {
		t.Fatalf("the CNF names the rules hash %s; its %d rule clauses hash to %s", m[1], k, got)
	}
	return m[1]
}

// Every CNF names the hash of its rule clauses: one for every classic
// puzzle of a size, whatever its givens and extra clauses; the same for
// the same rules, another for other rules. A DIMACS that writes many CNFs
// writes each as WriteDIMACS does alone.
func TestRulesHash(t *testing.T) {
	lines := gridtest.Lines(t, "royle17/puzzles.txt")[:3]
	sols := gridtest.Lines(t, "royle17/solutions.txt")[:3]
	sh := grid.Shape{BoxRows: 3, BoxCols: 3}
	killer := func(sum int) *grid.Rules {
		return grid.NewRules(rules.Cages.Of([]grid.Cage{{Cells: []int32{0, 1}, Sum: sum}, {Cells: []int32{9, 10, 11}, Sum: 9}}))
	}
	var puzzles []grid.Grid
	var extra [][][]int
	for i, l := range lines {
		g := gridtest.Line(t, l)
		sol := gridtest.Line(t, sols[i])
		puzzles = append(puzzles, g, g)
		extra = append(extra, nil, [][]int{Blocking(g, sol)})
	}
	for _, sum := range []int{3, 3, 4} {
		g := grid.New(sh)
		g.Rules = killer(sum)
		g.Cells[80] = byte(sum)
		puzzles = append(puzzles, g)
		extra = append(extra, nil)
	}
	var d DIMACS
	var hashes []string
	for i, g := range puzzles {
		var alone, many bytes.Buffer
		if err := WriteDIMACS(&alone, g, extra[i]...); err != nil {
			t.Fatal(err)
		}
		if err := d.Write(&many, g, extra[i]...); err != nil {
			t.Fatal(err)
		}
		if alone.String() != many.String() {
			t.Fatalf("puzzle %d: a DIMACS writes another CNF than WriteDIMACS", i)
		}
		h := ruleHash(t, alone.String())
		if want := RulesHash(g.Shape, g.Rules); h != want {
			t.Errorf("puzzle %d: the CNF names %s, RulesHash gives %s", i, h, want)
		}
		hashes = append(hashes, h)
	}
	for i := 1; i < 6; i++ {
		if hashes[i] != hashes[0] {
			t.Errorf("classic puzzle %d: rules hash %s, puzzle 0's %s", i, hashes[i], hashes[0])
		}
	}
	if hashes[6] != hashes[7] || hashes[6] == hashes[8] || hashes[6] == hashes[0] {
		t.Errorf("killer hashes %v: want the first two alike, the third and the classic one different", hashes[6:])
	}
	if h := RulesHash(grid.Shape{BoxRows: 2, BoxCols: 2}, nil); h == hashes[0] {
		t.Errorf("4x4 and 9x9 classic rules share the hash %s", h)
	}
}
