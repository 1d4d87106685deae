package rules_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rules"
)

var nine = grid.Shape{BoxRows: 3, BoxCols: 3}

// lineSolution is a full 9x9 grid for the tests of lines.
const lineSolution = "891752436675843192324169857967421385453687219218935764186574923739216548542398671"

func fullGrid(t *testing.T, r *grid.Rules) grid.Grid {
	t.Helper()
	g, err := formats.Parse(lineSolution)
	if err != nil {
		t.Fatal(err)
	}
	g.Rules = r
	return g
}

func mustRules(t *testing.T, js string) *grid.Rules {
	t.Helper()
	r, err := grid.UnmarshalRules([]byte(js), nine)
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	if err := r.Validate(nine); err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return r
}

// TestLineRulesCheck holds the direct check of each kind of lines against
// lines of the solution above that keep their rule and lines that break it.
//
//	8 9 1 | 7 5 2 | 4 3 6
//	6 7 5 | 8 4 3 | 1 9 2
//	3 2 4 | 1 6 9 | 8 5 7
//	------+-------+------
//	9 6 7 | 4 2 1 | 3 8 5
//	4 5 3 | 6 8 7 | 2 1 9
//	2 1 8 | 9 3 5 | 7 6 4
func TestLineRulesCheck(t *testing.T) {
	tests := []struct {
		rules string
		holds bool
	}{
		{`{"whispers": [{"cells": ["r1c3", "r1c4", "r2c4", "r3c4"]}]}`, false},                         // 1 7 8: 7 and 8 too close
		{`{"whispers": [{"cells": ["r1c3", "r1c4", "r2c3"]}]}`, false},                                 // 1 7 5
		{`{"whispers": [{"cells": ["r1c3", "r1c4"]}, {"cells": ["r3c4", "r3c5"], "value": 4}]}`, true}, // 1 7; 1 6 differ by 5
		{`{"whispers": [{"cells": ["r2c2", "r3c3"], "value": 3}]}`, true},                              // 7 4
		{`{"whispers": [{"cells": ["r2c2", "r3c3"], "value": 4}]}`, false},
		{`{"renban": [["r1c4", "r2c4", "r2c5"]]}`, false},                              // 7 8 4
		{`{"renban": [["r3c4", "r2c5", "r2c6", "r1c6"]]}`, true},                       // 1 4 3 2
		{`{"renban": [["r1c1", "r2c2", "r1c2"]]}`, true},                               // 8 7 9
		{`{"palindrome": [["r1c2", "r2c3", "r3c2"]]}`, false},                          // 9 5 2
		{`{"palindrome": [["r2c3", "r3c3", "r4c2"]]}`, false},                          // 5 4 6
		{`{"palindrome": [["r1c3", "r2c4", "r3c4"]]}`, true},                           // 1 8 1
		{`{"between_lines": [["r1c2", "r2c3", "r3c2"]]}`, true},                        // 9 > 5 > 2
		{`{"between_lines": [["r1c3", "r2c3", "r3c3"]]}`, false},                       // 1 5 4: 5 not below 4
		{`{"entropic_lines": [["r1c3", "r2c3", "r3c2", "r4c3"]]}`, false},              // 1 5 2: 1 and 2 both low
		{`{"entropic_lines": [["r1c3", "r2c3", "r1c4", "r2c4"]]}`, false},              // 1 5 7 8: 8 and 7 both high, but 8 should be low
		{`{"entropic_lines": [["r3c4", "r2c5", "r1c4", "r1c3"]]}`, true},               // 1 4 7 1
		{`{"modular_lines": [["r3c4", "r2c5", "r1c4", "r1c3"]]}`, false},               // 1 4: same remainder
		{`{"modular_lines": [["r1c1", "r1c2", "r1c3"]]}`, true},                        // 8 9 1: remainders 2 0 1
		{`{"modular_lines": [["r1c1", "r1c2", "r1c3", "r1c4"]]}`, false},               // 8 and 7 three apart, remainders 2 and 1
		{`{"nabner": [["r1c3", "r2c3", "r3c4"]]}`, false},                              // 1 5 1
		{`{"nabner": [["r1c3", "r2c3", "r1c4"]]}`, true},                               // 1 5 7
		{`{"slow_thermometers": [["r3c4", "r2c5", "r2c4"]]}`, true},                    // 1 4 8
		{`{"slow_thermometers": [["r2c4", "r2c5"]]}`, false},                           // 8 4
		{`{"slow_thermometers": [["r3c3", "r4c4", "r4c5"]]}`, false},                   // 4 4 2
		{`{"slow_thermometers": [["r3c2", "r3c3", "r4c4", "r5c4"]]}`, true},            // 2 4 4 6: equal across boxes
		{`{"clone": [{"cells": ["r1c1", "r1c2"], "clone": ["r2c4", "r5c9"]}]}`, true},  // 8 9, 8 9
		{`{"clone": [{"cells": ["r1c1", "r1c2"], "clone": ["r5c9", "r2c4"]}]}`, false}, // 8 9, 9 8
	}
	for _, tt := range tests {
		r := mustRules(t, tt.rules)
		err := r.Check(fullGrid(t, r))
		if (err == nil) != tt.holds {
			t.Errorf("%s: check %v, want holds %v", tt.rules, err, tt.holds)
		}
	}
}

// TestLineRulesFPuzzles reads lines of every kind from f-puzzles, as
// SudokuSolver's format has them, and refuses bad ones saying where.
func TestLineRulesFPuzzles(t *testing.T) {
	cells := `"grid": [` + strings.Repeat(`[{},{},{},{},{},{},{},{},{}],`, 8) + `[{},{},{},{},{},{},{},{},{}]]`
	doc := `{"size": 9, ` + cells + `,
		"whispers": [{"lines": [["R1C1", "R1C2", "R2C3"]]}, {"lines": [["R5C5", "R5C6"], ["R6C6", "R7C6"]], "value": "4"}],
		"renban": [{"lines": [["R9C1", "R9C2"]]}],
		"palindrome": [{"lines": [["R8C1", "R8C2", "R8C3"]]}],
		"betweenline": [{"lines": [["R4C1", "R4C2", "R4C3"]]}],
		"entropicline": [{"lines": [["R3C7", "R3C8"]]}],
		"modularline": [{"lines": [["R2C7", "R2C8"]]}],
		"nabner": [{"lines": [["R1C7", "R1C8"]]}],
		"slowthermometer": [{"lines": [["R7C8", "R8C8"]]}],
		"clone": [{"cells": ["R9C9"], "cloneCells": ["R1C9"]}]}`
	g, err := formats.ParseFPuzzles([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	r := g.Rules
	w := rules.LineClues(r, "whispers")
	if len(w) != 3 || w[0].Value != 0 || w[1].Value != 4 || w[2].Value != 4 || !slices.Equal(w[0].Cells, []int32{0, 1, 11}) {
		t.Errorf("whispers %v, want three lines, the last two of value 4", w)
	}
	for _, k := range []string{"renban", "palindrome", "betweenline", "entropicline", "modularline", "nabner", "slowthermometer", "clone"} {
		if len(rules.LineClues(r, k)) != 1 {
			t.Errorf("%s: %v, want one", k, rules.LineClues(r, k))
		}
	}
	if c := rules.LineClues(r, "clone"); len(c) == 1 && (c[0].Cells[0] != 80 || c[0].Clone[0] != 8) {
		t.Errorf("clone %v, want r9c9 with r1c9", c)
	}
	want := []string{"whispers", "renban", "palindrome", "between", "entropic", "modular", "nabner", "slowthermo", "clone"}
	if got := r.Names(); !slices.Equal(got, want) {
		t.Errorf("names %v, want %v", got, want)
	}
	bad := []struct{ field, want string }{
		{`"renban": [{"lines": [["R1C1", "R1C2"]], "value": "3"}]`, `renban 1 has a "value"`},
		{`"whispers": [{"lines": [["R1C1", "R1C2"]], "value": "x"}]`, `whispers 1: "value" "x" is not a whole number`},
		{`"whispers": [{"lines": [["R1C1", "R1C3"]]}]`, "r1c3 does not touch r1c1"},
		{`"whispers": [{"lines": [["R1C1", "R1C2"]], "value": "9"}]`, "value 9 cannot be kept"},
		{`"renban": [{"lines": [["R1C1", "R1C2", "R1C3", "R1C4", "R1C5", "R1C6", "R1C7", "R1C8", "R1C9", "R2C9"]]}]`, "10 cells, want 2 to 9"},
		{`"betweenline": [{"lines": [[]]}]`, "0 cells, want 3 to 9"}, // one of 2 constrains nothing (TestDegenerateForms)
		{`"clone": [{"cells": ["R1C1", "R1C2"], "cloneCells": ["R9C9"]}]`, "want as many"},
		{`"clone": [{"cells": ["R1C1"], "cloneCells": ["R1C1"]}]`, "in both"},
		{`"nabner": [{"lines": [["R1C1", "R1C2", "R2C2", "R1C2"]]}]`, "r1c2 is listed twice"},
		{`"palindrome": [{"lines": [["R1C1", "R1C2", "R2C2", "R2C1", "R1C1"]]}]`, "r1c1 is listed twice: a palindrome cannot be a loop"},
		{`"entropicline": [{"lines": [["R1C1", "R1C2", "R2C2", "R2C1", "R1C1"]]}]`, "a loop of 4 cells"},
		{`"renban": [{"lines": [["R1C1", "R1C2", "R1C3", "R1C4", "R1C5", "R1C6", "R1C7", "R1C8", "R1C9", "R2C9", "R1C1"]]}]`, "10 cells, want 2 to 9"},
	}
	for _, b := range bad {
		_, err := formats.ParseFPuzzles([]byte(`{"size": 9, ` + cells + `, ` + b.field + `}`))
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%s: %v, want an error saying %q", b.field, err, b.want)
		}
	}
}

// TestLineRulesDrawing looks at the marks each kind of lines draws.
func TestLineRulesDrawing(t *testing.T) {
	r := mustRules(t, `{"whispers": [{"cells": ["r1c1", "r1c2"]}, {"cells": ["r2c1", "r2c2"], "value": 4}],
		"renban": [["r3c1", "r3c2"]], "palindrome": [["r4c1", "r4c2"]], "betweenline": [["r5c1", "r5c2", "r5c3"]],
		"entropicline": [["r6c1", "r6c2"]], "modularline": [["r7c1", "r7c2"]], "nabner": [["r8c1", "r8c2"]],
		"slowthermometer": [["r9c1", "r9c2"]], "clone": [{"cells": ["r1c9"], "clone": ["r9c9"]}]}`)
	d := r.Draw(nine)
	styles := map[int32]grid.LineStyle{}
	for _, l := range d.Lines {
		styles[l.Cells[0]] = l.Style
	}
	wantStyles := map[int32]grid.LineStyle{0: grid.LineWide, 9: grid.LineWide, 18: grid.LineWide, 27: grid.LineMedium, 36: grid.LineMedium,
		45: grid.LineDashed, 54: grid.LineDashed, 63: grid.LineDashed}
	if !maps.Equal(styles, wantStyles) {
		t.Errorf("line styles %v, want %v", styles, wantStyles)
	}
	notes := map[int32]string{}
	for _, n := range d.Notes {
		notes[n.Cell] = n.Text
	}
	wantNotes := map[int32]string{9: "d4", 18: "R", 45: "E", 54: "M", 63: "N", 72: "slow", 8: "A", 80: "A"}
	if !maps.Equal(notes, wantNotes) {
		t.Errorf("notes %v, want %v", notes, wantNotes)
	}
	if !slices.EqualFunc(d.Rings, [][]int32{{36}, {38}}, slices.Equal) {
		t.Errorf("rings %v, want the between line's ends", d.Rings)
	}
	if !slices.EqualFunc(d.Tubes, [][]int32{{72, 73}}, slices.Equal) || !slices.Contains(d.Unmarked, "slow thermometers") {
		t.Errorf("tubes %v and caption %v, want the slow thermometer's", d.Tubes, d.Unmarked)
	}
	if !slices.EqualFunc(d.Shaded, [][]int32{{8}, {80}}, slices.Equal) {
		t.Errorf("shaded %v, want the clone's cells", d.Shaded)
	}
	text := grid.RulesText([]grid.Grid{{Shape: nine, Rules: r}})
	for _, w := range []string{"whisper", "renban", "palindrome", "circles", "entropic", "modular", "nabner", "slow", "clones"} {
		if !strings.Contains(text, w) {
			t.Errorf("the rules text does not say %q: %s", w, text)
		}
	}
}

// A loop, a line whose last cell is its first as f-puzzles writes one, is
// read by the kinds that have a reading of it, written back as it came,
// and checked around: a whisper's closing pair is a pair of the line, a
// renban's or a nabner's cells are each counted once, an entropic loop of
// six cells holds any three in a row around it.
func TestLineLoops(t *testing.T) {
	row := "[" + strings.TrimSuffix(strings.Repeat("{},", 9), ",") + "]"
	cells := `"grid": [` + strings.TrimSuffix(strings.Repeat(row+",", 9), ",") + `]`
	square := `["R1C1", "R1C2", "R2C2", "R2C1", "R1C1"]`
	six := `["R1C1", "R1C2", "R1C3", "R2C3", "R2C2", "R2C1", "R1C1"]`
	tests := []struct {
		field string
		sol   string // the digits of the loop's cells, in the order of the line
		clash bool
	}{
		{`"whispers": [{"lines": [` + square + `]}]`, "1728", false},
		{`"whispers": [{"lines": [` + square + `]}]`, "3827", true}, // 7 beside 3 across the closing pair
		{`"renban": [{"lines": [` + square + `]}]`, "3546", false},
		{`"renban": [{"lines": [` + square + `]}]`, "3547", true},
		{`"nabner": [{"lines": [` + square + `]}]`, "1357", false},
		{`"entropicline": [{"lines": [` + six + `]}]`, "147258", false},
		{`"entropicline": [{"lines": [` + six + `]}]`, "147285", true},
	}
	for _, tt := range tests {
		data := `{"size": 9, ` + cells + `, ` + tt.field + `}`
		g, err := formats.ParseFPuzzles([]byte(data))
		if err != nil {
			t.Errorf("%s: %v", tt.field, err)
			continue
		}
		out, err := formats.MarshalFPuzzles(g)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := formats.ParseFPuzzles(out); err != nil || !back.Rules.Equal(g.Rules) {
			t.Errorf("%s: written as %s, read back %v", tt.field, out, err)
		}
		order := []string{"R1C1", "R1C2", "R2C2", "R2C1"}
		if len(tt.sol) == 6 {
			order = []string{"R1C1", "R1C2", "R1C3", "R2C3", "R2C2", "R2C1"}
		}
		h := g.Clone()
		for i, name := range order {
			var r, c int
			fmt.Sscanf(name, "R%dC%d", &r, &c)
			h.Set(r-1, c-1, int(tt.sol[i]-'0'))
		}
		if got := len(h.Clashes()) > 0; got != tt.clash {
			t.Errorf("%s with %s: clashes %v, want a clash %v", tt.field, tt.sol, h.Clashes(), tt.clash)
		}
	}
}

// Overlapping killer cages are read, written back as they came, and each
// checked on its own: a given repeated in one of them is a clash.
func TestOverlappingCages(t *testing.T) {
	row := "[" + strings.TrimSuffix(strings.Repeat("{},", 9), ",") + "]"
	cells := `"grid": [` + strings.TrimSuffix(strings.Repeat(row+",", 9), ",") + `]`
	data := `{"size": 9, ` + cells + `, "killercage": [{"cells": ["R1C3", "R1C4"], "value": "9"}, {"cells": ["R1C3", "R2C4"], "value": "10"}]}`
	g, err := formats.ParseFPuzzles([]byte(data))
	if err != nil || len(rules.Cages.Get(g.Rules)) != 2 {
		t.Fatalf("ParseFPuzzles: %v, %v", g.Rules, err)
	}
	out, err := formats.MarshalFPuzzles(g)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := formats.ParseFPuzzles(out); err != nil || !back.Rules.Equal(g.Rules) {
		t.Errorf("written as %s, read back %v", out, err)
	}
	h := g.Clone()
	h.Set(0, 2, 4)
	h.Set(0, 3, 5)
	h.Set(1, 3, 6)
	if cl := h.Clashes(); len(cl) != 0 {
		t.Errorf("4 5 / 6 keeps both cages, got clashes %v", cl)
	}
	// r1c3 and r2c4 share no row, column or box: only the second cage
	// keeps them apart
	h.Set(0, 2, 5)
	h.Set(0, 3, 4)
	h.Set(1, 3, 5)
	if cl := h.Clashes(); len(cl) != 1 || !strings.Contains(fmt.Sprint(cl[0]), "repeats in cage 2") {
		t.Errorf("r1c3 and r2c4 both 5 in cage 2: clashes %v, want that one", cl)
	}
}
