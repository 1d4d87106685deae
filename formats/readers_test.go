package formats_test

import (
	"regexp"
	"strings"
	"testing"

	. "github.com/sudokugen/sudokugen/formats"
	. "github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rules"
)

// empty4 is an empty 4x4 f-puzzles grid, for the fields that follow it.
const empty4 = `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`

// A field of our JSON objects that no reader knows is an error naming it,
// and a "variant" name must agree with the rules: a misspelt "rules" must
// not give a classic verdict.
func TestJSONObjectFields(t *testing.T) {
	p := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	bad := []struct{ in, want string }{
		{`{"puzzle":"` + p + `","variant":"x","rule":{"extra":[{"kind":"diagonal","cells":["r1c1"]}]}}`, `unknown field "rule"`},
		{`{"puzzle":"` + p + `","variant":"x"}`, `"variant" is "x" but the object has no "rules"`},
		{`{"puzzle":"` + p + `","variant":"killer","rules":{"anti_king":true}}`, `"variant" is "killer" but the rules given are anti-king`},
		{`{"puzzle":"` + p + `","rules":{"anti_kings":true}}`, `unknown field "anti_kings"`},
		{`{"puzzle":"` + p + `","rules":{"anti_king":1}}`, `"anti_king": want true or false, found the number`},
		{`{"puzzle":"` + p + `","rules":{"cages":[{"cells":["r1c1"],"sum":-1}]}}`, `"sum" is -1, want a whole number, 0 for none`},
		{`{"puzzle":"` + p + `","rules":{"cages":[{"cells":["r1c1"],"summ":3}]}}`, `unknown field "summ"`},
		{`{"puzzle":"` + p + `","rules":{"odd":"r1c1"}}`, `"odd": want an array of cells such as ["r1c1"], found a string`},
		{`{"puzzle":"` + p + `","solution":"x"}`, `"solution" has 1 symbols, want 81`},
	}
	for _, b := range bad {
		_, err := Parse(b.in)
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("Parse(%s) = %v, want an error with %q", b.in, err, b.want)
		}
	}
	// what our commands print beside a puzzle is read past, and a
	// "variant" that names the rules is taken
	for _, in := range []string{
		`{"index":0,"puzzle":"` + p + `","clues":30,"level":"easy","score":1.2,"solution":"` + wikiSolution + `"}`,
		`{"puzzle":"` + p + `","variant":"anti-king","rules":{"anti_king":true}}`,
		`{"puzzle":"` + p + `","variant":"classic"}`,
	} {
		if _, err := Parse(in); err != nil {
			t.Errorf("Parse(%s) = %v", in, err)
		}
	}
}

// A cage sum of 0 is no sum, as SudokuSolver and Interactive-Sudoku-Solver
// read it, in f-puzzles and in our form; a cage without a value is read
// and written back without one.
func TestCageSumZero(t *testing.T) {
	for _, in := range []string{
		empty4 + `,"killercage":[{"cells":["R1C1","R1C2"],"value":"0"}]}`,
		empty4 + `,"killercage":[{"cells":["R1C1","R1C2"],"value":0}]}`,
	} {
		g, err := ParseFPuzzles([]byte(in))
		if err != nil || len(rules.Cages.Get(g.Rules)) != 1 || rules.Cages.Get(g.Rules)[0].Sum != 0 {
			t.Errorf("ParseFPuzzles(%s) = %+v, %v; want a cage without a sum", in, g.Rules, err)
		}
	}
	p := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	if g, err := Parse(`{"puzzle":"` + p + `","rules":{"cages":[{"cells":["r1c1"],"sum":0}]}}`); err != nil || rules.Cages.Get(g.Rules)[0].Sum != 0 {
		t.Errorf("our form, sum 0: %v", err)
	}
	g, err := ParseFPuzzles([]byte(empty4 + `,"killercage":[{"cells":["R1C1","R1C2"]}]}`))
	if err != nil || len(rules.Cages.Get(g.Rules)) != 1 || rules.Cages.Get(g.Rules)[0].Sum != 0 {
		t.Fatalf("a cage without a value: %+v, %v", g.Rules, err)
	}
	data, err := MarshalFPuzzles(g)
	if err != nil || strings.Contains(string(data), `"value"`) {
		t.Fatalf("written back: %s, %v; want no value", data, err)
	}
}

// goTypes matches what encoding/json says of Go types.
var goTypes = regexp.MustCompile(`Go (struct|value)|of type|grid\.|fpC|rulesJSON|\[\]int|json: |\buint8\b|\bint\b|\bbool\b|\bfloat64\b`)

// Errors are in the formats' own words: never a Go type name; a size
// written 9.0 is 9.
func TestFormatWords(t *testing.T) {
	ins := []string{
		`{"size":4,"grid":[[{"region":0.5},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`,
		`{"size":4,"grid":[[{"region":"a"},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`,
		`{"size":4,"grid":[[1,2,3,4],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`,
		`{"size":4,"grid":{"a":1}}`,
		`{"size":"4","grid":[]}`,
		empty4 + `,"killercage":{"cells":["R1C1"]}}`,
		empty4 + `,"killercage":[{"cells":"R1C1"}]}`,
		empty4 + `,"killercage":[3]}`,
		empty4 + `,"antiking":"yes"}`,
		empty4 + `,"thermometer":[{"lines":"R1C1"}]}`,
		empty4 + `,"xv":[{"cells":["R1C1",5],"value":"X"}]}`,
		empty4 + `,"odd":[{"cell":7}]}`,
		`{"size":4,"grid":[[{"value":1.5,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`,
		`{"size":4,"grid":[[{"given":"yes"},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`,
	}
	for _, in := range ins {
		_, err := ParseFPuzzles([]byte(in))
		if err == nil {
			t.Errorf("ParseFPuzzles(%s) = nil, want an error", in)
			continue
		}
		if goTypes.MatchString(err.Error()) {
			t.Errorf("ParseFPuzzles(%s) = %v: Go's words", in, err)
		}
	}
	p := "1..............2"
	for _, rules := range []string{
		`{"anti_king":"yes"}`, `{"cages":[{"cells":"r1c1"}]}`, `{"cages":[{"cells":["r1c1"],"sum":"3"}]}`,
		`{"regions":[[1,1,2,2.5]]}`, `{"thermos":[[1,2]]}`, `{"white":[["r1c1"]]}`, `[1]`, `{"extra":[{"kind":1}]}`,
	} {
		_, err := Parse(`{"puzzle":"` + p + `","rules":` + rules + `}`)
		if err == nil {
			t.Errorf("rules %s: no error", rules)
			continue
		}
		if goTypes.MatchString(err.Error()) {
			t.Errorf("rules %s: %v: Go's words", rules, err)
		}
	}
	g, err := ParseFPuzzles([]byte(`{"size":4.0,"grid":[[{"value":1.0,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`))
	if err != nil || g.N() != 4 || g.Cells[0] != 1 {
		t.Fatalf("size 4.0: %v, %v", g, err)
	}
}

// f-puzzles region numbers are told as the file writes them, from 0, and
// the messages say so.
func TestFPuzzlesRegionNumbers(t *testing.T) {
	for _, b := range []struct{ in, want string }{
		{`{"size":4,"grid":[[{"region":4},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, `"region" is 4, want a whole number from 0 to 3 (f-puzzles numbers regions from 0)`},
		{`{"size":4,"grid":[[{"region":0},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"region":0}]]}`, "region 0 (numbered from 0, as in the file): 5 cells, want 4"},
	} {
		_, err := ParseFPuzzles([]byte(b.in))
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("ParseFPuzzles(%s) = %v, want %q", b.in, err, b.want)
		}
	}
}

// Every field of an f-puzzles object or of its cells is read by a kind,
// cosmetic, or refused by name: given pencil marks are a rule.
func TestFPuzzlesFields(t *testing.T) {
	for _, b := range []struct{ in, want string }{
		{`{"size":4,"grid":[[{"unknownThing":3},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, `r1c1: field "unknownThing" is not supported`},
		{empty4 + `,"spiral":[{"cells":["R1C1"]}]}`, `constraint "spiral" is not supported`},
	} {
		_, err := ParseFPuzzles([]byte(b.in))
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("ParseFPuzzles(%s) = %v, want %q", b.in, err, b.want)
		}
	}
	// cosmetic fields of the object and of the cells are read past
	in := `{"size":4,"title":"t","grid":[[{"c":"#fff","centerPencilMarks":[1],"cornerPencilMarks":[2],"highlight":"x","value":3},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"line":[{"lines":[["R1C1","R1C2"]]}],"text":[]}`
	if g, err := ParseFPuzzles([]byte(in)); err != nil || g.Rules != nil {
		t.Fatalf("cosmetic fields: %+v, %v", g.Rules, err)
	}
	// given pencil marks restrict their cell
	in = `{"size":4,"grid":[[{"givenPencilMarks":[1,2]},{},{},{}],[{},{},{},{}],[{},{},{},{"givenPencilMarks":[4]}],[{},{},{},{}]]}`
	g, err := ParseFPuzzles([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Mask{{Cell: 0, Digits: 0b11}, {Cell: 11, Digits: 0b1000}}
	if got := g.Rules.Lower(g.Shape).Masks; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("pencil marks: %v, want %v", got, want)
	}
	if g.Rules.Name() != "pencil-marks" {
		t.Errorf("name %q", g.Rules.Name())
	}
	g.Cells[0] = 3
	if cl := g.Clashes(); len(cl) != 1 || !strings.Contains(cl[0].Detail, "not among its pencil marks 12") {
		t.Errorf("a given outside its pencil marks: %v", cl)
	}
}

// An f-puzzles object is one whatever the order of its fields: fields
// that our objects do not know may come before "size" and "grid".
func TestFPuzzlesFieldOrder(t *testing.T) {
	in := `{"author":"a","killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`
	g, err := Parse(in)
	if err != nil || len(rules.Cages.Get(g.Rules)) != 1 {
		t.Fatalf("Parse(%s) = %+v, %v", in, g.Rules, err)
	}
}

// wikiSolution is the solution of the puzzle of TestJSONObjectFields.
const wikiSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

// A puzzle's own solution is read from f-puzzles' "solution" (numbers or
// strings, flat or in rows) and from our objects' "solution" string; one
// with an empty cell is passed over, and one of the wrong length or with a
// symbol that is not a digit is an error that says so.
func TestOwnSolution(t *testing.T) {
	p := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	var nums, strs, rows []string
	for i, c := range wikiSolution {
		nums = append(nums, string(c))
		strs = append(strs, `"`+string(c)+`"`)
		if i%9 == 0 {
			rows = append(rows, "")
		}
		rows[len(rows)-1] += string(c)
	}
	for i, r := range rows {
		rows[i] = "[" + strings.Join(strings.Split(r, ""), ",") + "]"
	}
	row := "[" + strings.TrimSuffix(strings.Repeat("{},", 9), ",") + "]"
	empty9 := `{"size":9,"grid":[` + strings.TrimSuffix(strings.Repeat(row+",", 9), ",") + `]`
	fp := func(sol string) string { return empty9 + `,"solution":` + sol + `}` }
	good := []struct{ name, in string }{
		{"ours", `{"puzzle":"` + p + `","solution":"` + wikiSolution + `"}`},
		{"f-puzzles numbers", fp("[" + strings.Join(nums, ",") + "]")},
		{"f-puzzles strings", fp("[" + strings.Join(strs, ",") + "]")},
		{"f-puzzles rows", fp("[" + strings.Join(rows, ",") + "]")},
	}
	for _, tt := range good {
		recs := readAll(t, strings.NewReader(tt.in+"\n"), "in", ReadOptions{})
		if len(recs) != 1 || recs[0].Err != nil || string(digitsOf(recs[0].Solution)) != wikiSolution {
			t.Errorf("%s: records %+v, want one with the solution", tt.name, recs)
		}
	}
	for _, tt := range []struct{ name, in, want string }{
		{"f-puzzles partial", fp("[" + strings.Join(append([]string{"0"}, nums[1:]...), ",") + "]"), ""},
		{"ours partial", `{"puzzle":"` + p + `","solution":".` + wikiSolution[1:] + `"}`, ""},
		{"short", fp("[" + strings.Join(nums[1:], ",") + "]"), `"solution" has 80 digits, want 81`},
		{"not a digit", fp("[" + strings.Join(append([]string{"10"}, nums[1:]...), ",") + "]"), `"solution": 10 at r1c1 is not a digit from 1 to 9`},
		{"not an array", fp("{}"), `"solution": want an array of the 81 digits`},
	} {
		recs := readAll(t, strings.NewReader(tt.in+"\n"), "in", ReadOptions{})
		switch {
		case len(recs) != 1:
			t.Errorf("%s: %d records", tt.name, len(recs))
		case tt.want == "" && (recs[0].Err != nil || recs[0].Solution != nil):
			t.Errorf("%s: error %v, solution %v; want none of either", tt.name, recs[0].Err, recs[0].Solution)
		case tt.want != "" && (recs[0].Err == nil || !strings.Contains(recs[0].Err.Error(), tt.want)):
			t.Errorf("%s: error %v, want one with %q", tt.name, recs[0].Err, tt.want)
		}
	}
}

func digitsOf(sol []uint8) []byte {
	out := make([]byte, len(sol))
	for i, d := range sol {
		out[i] = '0' + d
	}
	return out
}
