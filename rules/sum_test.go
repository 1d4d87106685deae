package rules_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
)

// fp9 is an empty 9x9 f-puzzles grid with the fields extra.
func fp9(extra string) string {
	row := "[" + strings.Repeat("{},", 8) + "{}]"
	return `{"size":9,"grid":[` + strings.Repeat(row+",", 8) + row + `]` + extra + `}`
}

// A pill reads its digits in the order given, as SudokuSolver does: the
// same cells listed the other way round are another number.
func TestPillReadsInOrder(t *testing.T) {
	sol := "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	full, err := formats.Parse(sol)
	if err != nil {
		t.Fatal(err)
	}
	// r1c1 r1c2 hold 1 2; r2c1..r2c3 hold 4 5 6 (15), r3c1 r3c2 hold 7 8
	for _, c := range []struct {
		pill string
		line string
		ok   bool
	}{
		{`"R1C1","R1C2"`, `"R2C2","R3C2"`, false},       // 12 against 5+8=13
		{`"R1C1","R1C2"`, `"R2C1","R3C2"`, true},        // 12 = 4+8
		{`"R1C2","R1C1"`, `"R2C1","R3C2"`, false},       // 21 against 12
		{`"R1C2","R1C1"`, `"R2C3","R2C2"`, false},       // 21 against 11
		{`"R1C2","R1C1"`, `"R2C3","R3C2","R3C1"`, true}, // 21 = 6+8+7
	} {
		start := strings.Split(c.pill, ",")[1]
		g, err := formats.ParseFPuzzles([]byte(fp9(`,"arrow":[{"cells":[` + c.pill + `],"lines":[[` + start + `,` + c.line + `]]}]`)))
		if err != nil {
			t.Fatalf("pill %s line %s: %v", c.pill, c.line, err)
		}
		full.Rules = g.Rules
		if got := full.Rules.Check(full) == nil; got != c.ok {
			t.Errorf("pill %s, line %s: the check says %v, want %v (%v)", c.pill, c.line, got, c.ok, full.Rules.Check(full))
		}
	}
}

// Each kind of sums refuses what cannot hold, saying where and what, and
// passes over clues without a number as SudokuSolver does.
func TestSumKindsRefuse(t *testing.T) {
	for _, c := range []struct{ extra, want string }{
		{`,"arrow":[{"cells":["R1C1"],"lines":[["R1C1","R1C2","R1C3","R1C4","R1C5","R1C6","R1C7","R1C8","R1C9","R2C9","R2C8"]]}]`, "10 cells add up to 10 to 90"},
		{`,"arrow":[{"cells":["R1C1"],"lines":[["R1C2","R1C3"]]}]`, "not in its circle"},
		{`,"arrow":[{"cells":["R1C1","R2C2"],"lines":[["R1C1","R1C2"]]}]`, "not a run"},
		{`,"arrow":[{"cells":["R1C1"],"lines":[["R1C1","R3C3"]]}]`, "does not start beside"},
		{`,"littlekillersum":[{"cell":"R0C1","direction":"UR","value":"5"}]`, "points away"},
		{`,"littlekillersum":[{"cell":"R1C1","direction":"DR","value":"5"}]`, "not just outside"},
		{`,"littlekillersum":[{"cell":"R0C0","direction":"DR","value":"82"}]`, "sum 82"},
		{`,"littlekillersum":[{"cell":"R0C0","direction":"DX","value":"8"}]`, "direction"},
		{`,"sandwichsum":[{"cell":"R0C1","value":"36"}]`, "0 to 35"},
		{`,"sandwichsum":[{"cell":"R1C1","value":"3"}]`, "not beside a row or a column"},
		{`,"xsum":[{"cell":"R0C0","value":"3"}]`, "not beside"},
		{`,"skyscraper":[{"cell":"R10C3","value":"10"}]`, "1 to 9"},
		{`,"skyscraper":[{"cell":"R10C3","value":"x"}]`, "not a whole number"},
		{`,"zipperline":[{"lines":[["R1C1","R3C3"]]}]`, "not a chain"},
		{`,"doublearrow":[{"lines":[[]]}]`, "want at least 3"}, // one of 2 constrains nothing (TestDegenerateForms)
		{`,"regionsumline":[{"lines":[["R1C1","R1C1"]]}]`, "listed twice"},
	} {
		_, err := formats.ParseFPuzzles([]byte(fp9(c.extra)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.extra, err, c.want)
		}
	}
	// clues without a number are marks without a rule
	g, err := formats.ParseFPuzzles([]byte(fp9(`,"sandwichsum":[{"cell":"R0C1","value":""}],"littlekillersum":[{"cell":"R0C1","direction":"DR","value":"0"}]`)))
	if err != nil || g.Rules != nil {
		t.Errorf("clues without a number: %v, rules %v", err, g.Rules)
	}
	// a pill on a grid above 9x9 is refused: its number has no decimal
	// reading there
	row := "[" + strings.Repeat("{},", 15) + "{}]"
	big := `{"size":16,"grid":[` + strings.Repeat(row+",", 15) + row + `],"arrow":[{"cells":["R1C1","R1C2"],"lines":[["R1C2","R2C3"]]}]}`
	if _, err := formats.ParseFPuzzles([]byte(big)); err == nil || !strings.Contains(err.Error(), "up to 9x9") {
		t.Errorf("a pill on 16x16: %v", err)
	}
}

// The marks of the kinds of sums: a ring (a pill for several cells) and a
// thin line with an arrowhead from the circle for arrows; clues outside
// the grid, with a direction for little killers and a mark for each kind
// beside a row or a column (plain sandwiches, X-sums in a square,
// skyscrapers with an arrowhead); lines of their own styles, and rings at
// both ends of a double arrow.
func TestSumKindsDraw(t *testing.T) {
	g, err := formats.ParseFPuzzles([]byte(fp9(`,"arrow":[{"cells":["R1C1","R1C2"],"lines":[["R1C2","R2C3","R3C3"]]}]` +
		`,"littlekillersum":[{"cell":"R0C0","direction":"DR","value":"45"}]` +
		`,"sandwichsum":[{"cell":"R3C10","value":"10"}],"xsum":[{"cell":"R0C4","value":"10"}],"skyscraper":[{"cell":"R10C4","value":"3"}]` +
		`,"regionsumline":[{"lines":[["R4C3","R4C4"]]}],"zipperline":[{"lines":[["R6C1","R6C2","R6C3"]]}],"doublearrow":[{"lines":[["R8C1","R8C2","R8C3"]]}]`)))
	if err != nil {
		t.Fatal(err)
	}
	d := g.Rules.Draw(g.Shape)
	wantRings := [][]int32{{0, 1}, {63}, {65}}
	if len(d.Rings) != len(wantRings) {
		t.Fatalf("rings %v, want %v", d.Rings, wantRings)
	}
	for i, r := range wantRings {
		if !slicesEqual(d.Rings[i], r) {
			t.Errorf("ring %d: %v, want %v", i, d.Rings[i], r)
		}
	}
	wantLines := []grid.Line{
		{Cells: []int32{1, 11, 20}, Style: grid.LineThin, Arrow: true},
		{Cells: []int32{29, 30}, Style: grid.LineThin},
		{Cells: []int32{45, 46, 47}, Style: grid.LineDashed},
		{Cells: []int32{63, 64, 65}, Style: grid.LineThin},
	}
	if len(d.Lines) != len(wantLines) {
		t.Fatalf("lines %+v, want %+v", d.Lines, wantLines)
	}
	for i, l := range wantLines {
		if !slicesEqual(d.Lines[i].Cells, l.Cells) || d.Lines[i].Style != l.Style || d.Lines[i].Arrow != l.Arrow {
			t.Errorf("line %d: %+v, want %+v", i, d.Lines[i], l)
		}
	}
	wantOut := []grid.OutsideClue{
		{Row: -1, Col: -1, Text: "45", Dir: [2]int{1, 1}},
		{Row: 2, Col: 9, Text: "10", Mark: grid.OutsidePlain},
		{Row: -1, Col: 3, Text: "10", Mark: grid.OutsideBoxed},
		{Row: 9, Col: 3, Text: "3", Mark: grid.OutsideInward},
	}
	if len(d.Outside) != len(wantOut) {
		t.Fatalf("outside %+v, want %+v", d.Outside, wantOut)
	}
	for i, o := range wantOut {
		if d.Outside[i] != o {
			t.Errorf("outside clue %d: %+v, want %+v", i, d.Outside[i], o)
		}
	}
	// a zipper's dashed line is told from the other dashed lines by its
	// letter, as they are by theirs
	if want := []grid.Note{{Cell: 45, Text: "Z"}}; !slices.Equal(d.Notes, want) {
		t.Errorf("notes %+v, want %+v", d.Notes, want)
	}
	if txt := grid.RulesText([]grid.Grid{g}); !strings.Contains(txt, "arrow") || !strings.Contains(txt, "diagonal") || !strings.Contains(txt, "zipper") {
		t.Errorf("rules text %q lacks a kind", txt)
	}
}

func slicesEqual(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
