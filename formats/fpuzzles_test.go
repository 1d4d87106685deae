package formats_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	. "github.com/sudokugen/sudokugen/formats"
	. "github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rules"

	"github.com/sudokugen/sudokugen/internal/lzstring"
)

// sampleRules returns rules of every kind on a 9x9 grid, in the order the
// readers build them (diagonals, windows, disjoint groups, extra regions).
func sampleRules() map[string]*Rules {
	regions := make([]uint8, 81)
	for i := range regions {
		regions[i] = uint8((*Rules)(nil).Region(shape9, i))
	}
	regions[2], regions[3] = regions[3], regions[2] // r1c3 to box 2, r1c4 to box 1
	var windows []Group
	for _, w := range Windows(shape9) {
		windows = append(windows, Group{Kind: GroupWindow, Cells: w})
	}
	var disjoint []Group
	for _, d := range DisjointGroups(shape9) {
		disjoint = append(disjoint, Group{Kind: GroupDisjoint, Cells: d})
	}
	return map[string]*Rules{
		"x":        xRules(),
		"diagonal": NewRules(rules.Extra.Of([]Group{{Kind: GroupAntiDiagonal, Cells: AntiDiagonal(9)}})),
		"hyper":    NewRules(rules.Extra.Of(windows)),
		"disjoint": NewRules(rules.Extra.Of(disjoint)),
		"jigsaw":   NewRules(Regions.Of(regions)),
		"killer":   NewRules(rules.Cages.Of([]Cage{{Cells: []int32{0, 1, 10}, Sum: 12}, {Cells: []int32{40}, Sum: 0}, {Cells: []int32{79, 80}, Sum: 17}})),
		"extra":    NewRules(rules.Extra.Of([]Group{{Kind: GroupRegion, Cells: []int32{0, 10, 20, 30}}})),
		"odd-even": NewRules(rules.Odd.Of([]int32{0, 4}), rules.Even.Of([]int32{80})),
		"kropki":   NewRules(rules.White.Of([]Pair{{0, 1}}), rules.Black.Of([]Pair{{9, 18}, {30, 31}})),
		"xv":       NewRules(rules.X.Of([]Pair{{0, 1}}), rules.V.Of([]Pair{{2, 3}})),
		"thermo":   NewRules(rules.Thermos.Of([][]int32{{0, 10, 20, 21}, {80, 79}})),
		"moves":    NewRules(rules.AntiKing.Of(true), rules.AntiKnight.Of(true)),
		"mixed":    NewRules(Regions.Of(regions), rules.Extra.Of([]Group{{Kind: GroupDiagonal, Cells: Diagonal(9)}, windows[0]}), rules.Cages.Of([]Cage{{Cells: []int32{5, 6}, Sum: 0}}), rules.AntiKing.Of(true)),
	}
}

func TestFPuzzlesRoundTrip(t *testing.T) {
	for name, r := range sampleRules() {
		t.Run(name, func(t *testing.T) {
			if err := r.Validate(shape9); err != nil {
				t.Fatal(err)
			}
			g := mustParse(t, "5...7........5...........6"+strings.Repeat(".", 54)+"9")
			g.Rules = r
			data, err := MarshalFPuzzles(g)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseFPuzzles(data)
			if err != nil {
				t.Fatalf("ParseFPuzzles(%s) = %v", data, err)
			}
			if !back.Equal(g) {
				t.Fatalf("f-puzzles round trip:\n got %s %+v\nwant %s %+v\nJSON %s", back, back.Rules, g, g.Rules, data)
			}
			link, err := FPuzzlesLink(g)
			if err != nil {
				t.Fatal(err)
			}
			fromLink, err := ParseFPuzzlesLink(link)
			if err != nil || !fromLink.Equal(g) {
				t.Fatalf("link round trip: %v", err)
			}
			// the link decoded and encoded again is the same JSON
			js, err := lzstring.DecompressFromBase64(strings.TrimPrefix(link, FPuzzlesURL))
			if err != nil || js != string(data) {
				t.Fatalf("link data decodes to %q, %v; want %q", js, err, data)
			}
			again, _ := MarshalFPuzzles(fromLink)
			if !bytes.Equal(again, data) {
				t.Fatalf("decoded link written again:\n%s\nwant\n%s", again, data)
			}
			// our JSON form of the rules
			rj, err := MarshalRules(r, 9)
			if err != nil {
				t.Fatal(err)
			}
			r2, err := UnmarshalRules(rj, shape9)
			if err != nil || !r2.Equal(r) {
				t.Fatalf("rules JSON round trip of %s: %+v, %v", rj, r2, err)
			}
		})
	}
}

// A classic puzzle written as f-puzzles reads back as the same classic
// puzzle, with no rules.
func TestFPuzzlesClassic(t *testing.T) {
	g := mustParse(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	data, err := MarshalFPuzzles(g)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseFPuzzles(data)
	if err != nil || !back.Equal(g) || back.Rules != nil {
		t.Fatalf("classic round trip: %s %+v %v", back, back.Rules, err)
	}
}

func TestFPuzzlesRead(t *testing.T) {
	// as f-puzzles writes it: values as strings, cosmetic fields, solver
	// entries that are not givens, regions on every cell
	in := `{"size":4,"title":"t","author":"a","ruleset":"r","highlightConflicts":true,
	"grid":[[{"value":1,"given":true,"region":0},{"region":0},{"region":1},{"region":1}],
	        [{"region":0},{"value":3,"region":0},{"region":1},{"region":1}],
	        [{"region":2},{"region":2},{"region":3},{"region":3}],
	        [{"region":2},{"region":2},{"region":3},{"value":2,"given":true,"region":3}]],
	"diagonal+":true,"killercage":[{"cells":["R1C2","R2C2"],"value":"5","outlineC":"#000"},
	{"cells":["R3C1"],"value":"3"}],"xv":[{"cells":["R4C1","R4C2"],"value":"v"}],
	"odd":[{"cell":"R1C3"}],"text":[{"cells":["R1C1"],"value":"hi"}],"line":[],"negative":[]}`
	g, err := ParseFPuzzles([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := NewRules(rules.Extra.Of([]Group{{Kind: GroupAntiDiagonal, Cells: AntiDiagonal(4)}}), rules.Cages.Of([]Cage{{Cells: []int32{1, 5}, Sum: 5}, {Cells: []int32{8}, Sum: 3}}), rules.Odd.Of([]int32{2}), rules.V.Of([]Pair{{12, 13}}))
	if g.String() != "1..............2" || !g.Rules.Equal(want) {
		t.Fatalf("ParseFPuzzles = %s %+v, want 1..............2 %+v", g, g.Rules, want)
	}
	bad := []struct{ in, want string }{
		{`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"spiral":[{"cells":["R1C1"]}]}`, `constraint "spiral" is not supported`},
		{`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"cage":[{"cells":["R1C1","R1C2"],"value":"3"}]}`, `"cage" is a cosmetic cage`},
		{`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"negative":["sum"]}`, `"negative": "sum" is not supported`},
		{`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"9"}]}`, "cage 1 (r1c1 r1c2): no 2 distinct digits from 1 to 4 add up to 9"},
		{`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"ratio":[{"cells":["R1C1","R1C2"],"value":"3"}]}`, "ratio 1 has value 3; only 2 is supported"},
		{`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C9"]}]}`, `cell "R1C9" is not in a 4x4 grid`},
		{`{"size":4,"grid":[[{"region":0},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"region":0}]]}`, "region 0 (numbered from 0, as in the file): 5 cells, want 4"},
		{`{"size":37,"grid":[]}`, "size 37"},
		{`{"size":5,"grid":[` + strings.Repeat(`[{},{},{},{},{}],`, 4) + `[{},{},{},{},{}]]}`, "a 5x5 grid has no boxes: give its jigsaw regions"},
	}
	for _, b := range bad {
		_, err := ParseFPuzzles([]byte(b.in))
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("ParseFPuzzles(%s) = %v, want an error with %q", b.in, err, b.want)
		}
	}
}

// The readers take f-puzzles objects, links in either form and their bare
// data, and our JSON objects with rules, among other puzzles.
func TestReadVariants(t *testing.T) {
	g := mustParse(t, "5...7........5...........6"+strings.Repeat(".", 54)+"9")
	g.Rules = sampleRules()["mixed"]
	data, _ := MarshalFPuzzles(g)
	link, _ := FPuzzlesLink(g)
	bare := strings.TrimPrefix(link, FPuzzlesURL)
	rules, _ := MarshalRules(g.Rules, 9)
	ours, _ := json.Marshal(map[string]any{"box": "3x3", "puzzle": g.String(), "rules": json.RawMessage(rules)})
	in := strings.Join([]string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		string(data),
		link,
		"https://sudokupad.app/fpuzzles" + bare,
		"https://www.f-puzzles.com/?load=" + strings.ReplaceAll(bare, "+", "%2B") + "&x=1",
		bare,
		string(ours),
		"https://www.f-puzzles.com/?load=N4IgnotLZ",
	}, "\n")
	rd := NewReader(strings.NewReader(in), "in", ReadOptions{})
	rec, _ := rd.Read()
	if rec.Err != nil || rec.Grid.Rules != nil {
		t.Fatalf("classic line: %v %+v", rec.Err, rec.Grid.Rules)
	}
	for k := 0; k < 6; k++ {
		rec, err := rd.Read()
		if err != nil || rec.Err != nil || !rec.Grid.Equal(g) {
			t.Fatalf("record %d: %v %v: %s %+v", k, err, rec.Err, rec.Grid, rec.Grid.Rules)
		}
	}
	rec, _ = rd.Read()
	var pe *ParseError
	if !errors.As(rec.Err, &pe) || pe.Line != 8 || !strings.Contains(rec.Err.Error(), "f-puzzles") {
		t.Fatalf("a broken link: %v, want a parse error on line 8", rec.Err)
	}
}

// FuzzFPuzzles reads arbitrary f-puzzles JSON: never a panic, and a puzzle
// read is written and read back unchanged.
func FuzzFPuzzles(f *testing.F) {
	for _, r := range sampleRules() {
		g := New(shape9)
		g.Cells[3] = 4
		g.Rules = r
		data, _ := MarshalFPuzzles(g)
		f.Add(data)
	}
	f.Add([]byte(`{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"region":3}]],"cage":[{"cells":["R1C1","R1C2"],"value":"4"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ParseFPuzzles(data)
		if err != nil {
			return
		}
		out, err := MarshalFPuzzles(g)
		if err != nil {
			return // disjoint groups apart from the others cannot be written
		}
		back, err := ParseFPuzzles(out)
		if err != nil || !back.Equal(g) {
			t.Fatalf("%s -> %s -> %v, %v", data, out, back, err)
		}
	})
}

// FuzzRulesJSON reads arbitrary rules in our JSON form: never a panic, and
// rules read are written and read back unchanged.
func FuzzRulesJSON(f *testing.F) {
	for _, r := range sampleRules() {
		data, _ := MarshalRules(r, 9)
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := UnmarshalRules(data, shape9)
		if err != nil || r == nil {
			return
		}
		out, err := MarshalRules(r, 9)
		if err != nil {
			t.Fatal(err)
		}
		back, err := UnmarshalRules(out, shape9)
		if err != nil || !back.Equal(r) {
			t.Fatalf("%s -> %s -> %+v, %v", data, out, back, err)
		}
	})
}
