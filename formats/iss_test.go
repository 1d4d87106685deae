package formats_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	. "github.com/sudokugen/sudokugen/formats"
	. "github.com/sudokugen/sudokugen/grid"
)

// issPuzzle returns a JSON Lines object of a puzzle of size n with the
// givens (cell name to symbol, "r1c5": "5") and the "rules" object given
// as JSON, and a "box" when box is not "".
func issPuzzle(n int, box string, givens map[string]byte, rules string) string {
	cells := []byte(strings.Repeat(".", n*n))
	for name, sym := range givens {
		var r, c int
		fmt.Sscanf(name, "r%dc%d", &r, &c)
		cells[(r-1)*n+c-1] = sym
	}
	s := `{"puzzle":"` + string(cells) + `"`
	if box != "" {
		s += `,"box":"` + box + `"`
	}
	if rules != "" {
		s += `,"rules":{` + rules + `}`
	}
	return s + "}"
}

// issCells returns the JSON array of the cells from (r, c) on in steps of
// (dr, dc), k of them.
func issCells(r, c, dr, dc, k int) string {
	var out []string
	for range k {
		out = append(out, fmt.Sprintf(`"r%dc%d"`, r, c))
		r, c = r+dr, c+dc
	}
	return "[" + strings.Join(out, ",") + "]"
}

// The strings below are written from ISS's own description of its format
// (js/README.md: ".Type~arg~cell~cell", givens ".~R1C5_1"; the types and
// their arguments in js/sudoku_constraint.js, their meaning in
// js/solver/sudoku_builder.js), not from the writer's output.
func TestMarshalISS(t *testing.T) {
	tests := []struct {
		name, puzzle, want string
	}{
		// 4x4 boxes are ISS's 2x2: only the shape and the givens
		{"classic 4x4", issPuzzle(4, "2x2", map[string]byte{"r1c1": '1', "r1c4": '4', "r2c2": '2', "r2c4": '1', "r3c4": '2', "r4c2": '4'}, ""),
			".Shape~4x4.~R1C1_1~R1C4_4~R2C2_2~R2C4_1~R3C4_2~R4C2_4"},
		// ISS's 6x6 boxes are 2 rows of 3: boxes of 3 rows of 2 go as a
		// jigsaw layout, region numbers row by row
		{"6x6 of 3x2 boxes", issPuzzle(6, "3x2", map[string]byte{"r1c1": '1'}, ""),
			".Shape~6x6.Jigsaw~001122001122001122334455334455334455.NoBoxes.~R1C1_1"},
		{"6x6 of 2x3 boxes", issPuzzle(6, "2x3", map[string]byte{"r6c6": '6'}, ""),
			".Shape~6x6.~R6C6_6"},
		// rows and columns above 9 in base 17: 10 is a, 16 is g
		{"16x16 names", issPuzzle(16, "4x4", map[string]byte{"r10c16": 'G', "r16c1": 'A'}, ""),
			".Shape~16x16.~RaCg_16~RgC1_10"},
		{"jigsaw 5x5", issPuzzle(5, "", map[string]byte{"r1c1": '1'},
			`"regions":[[1,1,1,2,2],[1,1,2,2,2],[3,3,3,4,4],[3,5,3,4,4],[5,5,5,5,4]]`),
			".Shape~5x5.~R1C1_1.Jigsaw~0001100111222332423344443.NoBoxes"},
		// a cage without a sum is ISS's sum 0; odd, even and pencil marks
		// are givens of several digits
		{"killer, groups, parity, pencil marks", issPuzzle(9, "", map[string]byte{"r1c5": '5'},
			`"extra":[{"kind":"diagonal","cells":`+issCells(1, 1, 1, 1, 9)+`},{"kind":"anti-diagonal","cells":`+issCells(9, 1, -1, 1, 9)+`},`+
				`{"kind":"window","cells":["r2c2","r2c3","r2c4","r3c2","r3c3","r3c4","r4c2","r4c3","r4c4"]}],`+
				`"cages":[{"cells":["r1c1","r1c2"],"sum":3},{"cells":["r2c1","r3c1","r3c2"]}],`+
				`"odd":["r5c5"],"even":["r9c9","r8c8"],"pencil_marks":[{"cell":"r1c9","digits":[1,2]}]`),
			".~R1C5_5.Diagonal~-1.Diagonal~1.AllDifferent~R2C2~R2C3~R2C4~R3C2~R3C3~R3C4~R4C2~R4C3~R4C4" +
				".Cage~3~R1C1~R1C2.Cage~0~R2C1~R3C1~R3C2.~R5C5_1_3_5_7_9~R9C9_2_4_6_8~R8C8_2_4_6_8.~R1C9_1_2"},
		{"pairs and moves", issPuzzle(9, "", nil,
			`"white":[["r1c1","r1c2"]],"black":[["r2c1","r3c1"]],"x":[["r4c4","r4c5"]],"v":[["r5c5","r6c5"]],`+
				`"anti_king":true,"anti_knight":true,"negative":["xv"]`),
			".WhiteDot~R1C1~R1C2.BlackDot~R2C1~R3C1.X~R4C4~R4C5.V~R5C5~R6C5.AntiKing.AntiKnight.StrictXV"},
		// nonconsecutive with every black dot given is ISS's strict kropki
		{"strict kropki", issPuzzle(9, "", nil, `"black":[["r1c1","r1c2"]],"nonconsecutive":true,"negative":["ratio"]`),
			".BlackDot~R1C1~R1C2.StrictKropki"},
		{"nonconsecutive", issPuzzle(9, "", nil, `"nonconsecutive":true`), ".AntiConsecutive"},
		// a whisper's value is written (5 by default on 9x9) and its loop
		// as it is listed, the closing pair too; a renban loop its cells
		// once; a clone one pair of cells at a time
		{"lines", issPuzzle(9, "", nil,
			`"thermos":[["r1c1","r1c2","r1c3"]],`+
				`"whispers":[{"cells":["r2c1","r2c2","r3c2","r3c1","r2c1"]},{"cells":["r4c1","r4c2"],"value":4}],`+
				`"renban":[["r5c1","r5c2","r6c2","r6c1","r5c1"]],"palindrome":[["r7c1","r7c2","r7c3"]],`+
				`"between_lines":[["r8c1","r8c2","r8c3"]],"entropic_lines":[["r9c1","r9c2","r9c3"]],`+
				`"modular_lines":[["r1c5","r1c6","r1c7"]],"clone":[{"cells":["r2c5","r2c6"],"clone":["r4c5","r4c6"]}]`),
			".Thermo~R1C1~R1C2~R1C3.Whisper~5~R2C1~R2C2~R3C2~R3C1~R2C1.Whisper~4~R4C1~R4C2.Renban~R5C1~R5C2~R6C2~R6C1" +
				".Palindrome~R7C1~R7C2~R7C3.Between~R8C1~R8C2~R8C3.Entropic~R9C1~R9C2~R9C3.Modular~3~R1C5~R1C6~R1C7" +
				".SameValues~2~R2C5~R4C5.SameValues~2~R2C6~R4C6"},
		// a maximum is greater than each neighbour (up, left, right,
		// down), a minimum less; a quadruple by its top-left cell; the
		// column indexers are ISS's C, the row indexers its R
		{"cell rules", issPuzzle(9, "", nil,
			`"maximum":["r1c1"],"minimum":["r5c5"],"quadruples":[{"cells":["r3c3","r2c3","r3c2","r2c2"],"digits":[1,1,2]}],`+
				`"row_indexers":[["r1c5"]],"column_indexers":[["r9c1","r9c2"]]`),
			".GreaterThan~R1C1~R1C2.GreaterThan~R1C1~R2C1" +
				".GreaterThan~R4C5~R5C5.GreaterThan~R5C4~R5C5.GreaterThan~R5C6~R5C5.GreaterThan~R6C5~R5C5" +
				".Quad~R2C2~1~1~2.Indexing~C~R9C1~R9C2.Indexing~R~R1C5"},
		// a little killer by the first cell of ISS's list of its diagonal
		// (R1C1 for the main one, R1C9 for the other), a corner's as a
		// sum; a sandwich by its row or column from either end; an X-sum
		// and a skyscraper in the place of their end; a region sum loop
		// from the start of a segment
		{"sums", issPuzzle(9, "", nil,
			`"arrows":[{"circle":["r1c1"],"line":["r1c2","r1c3"]},{"circle":["r3c1","r3c2"],"line":["r4c3","r5c3"]}],`+
				`"little_killers":[{"cell":"r10c10","direction":"UL","sum":45},{"cell":"r0c10","direction":"DL","sum":20},{"cell":"r0c2","direction":"DL","sum":5}],`+
				`"sandwiches":[{"cell":"r3c10","value":10},{"cell":"r10c4","value":0}],`+
				`"region_sum_lines":[["r3c3","r3c4","r2c4","r2c3","r3c3"]],"zippers":[["r7c7","r7c8","r7c9"]],`+
				`"x_sums":[{"cell":"r2c0","value":15},{"cell":"r2c10","value":6},{"cell":"r10c7","value":9}],`+
				`"skyscrapers":[{"cell":"r0c5","value":3}],"double_arrows":[["r9c4","r9c5","r9c6"]]`),
			".Arrow~R1C1~R1C2~R1C3.PillArrow~2~R3C1~R3C2~R4C3~R5C3" +
				".LittleKiller~45~R1C1.LittleKiller~20~R1C9.Sum~5~R1C1.Sandwich~10~R3.Sandwich~0~C4" +
				".RegionSumLine~R2C3~R3C3~R3C4~R2C4.Zipper~R7C7~R7C8~R7C9" +
				".XSum~R2~15~.XSum~R2~~6.XSum~C7~~9.Skyscraper~C5~3~.DoubleArrow~R9C4~R9C5~R9C6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Parse(tt.puzzle)
			if err != nil {
				t.Fatalf("Parse(%s) = %v", tt.puzzle, err)
			}
			got, err := MarshalISS(g)
			if err != nil || got != tt.want {
				t.Errorf("MarshalISS(%s) =\n\t%q, %v\nwant\n\t%q", tt.puzzle, got, err, tt.want)
			}
		})
	}
}

// Rules that ISS cannot state with their meaning here are refused, the
// error naming the kind, never written with another meaning.
func TestMarshalISSRefuses(t *testing.T) {
	tests := []struct {
		name, puzzle, kind string
	}{
		{"nabner", issPuzzle(9, "", nil, `"nabner":[["r1c1","r1c2"]]`), "nabner"},
		{"slow thermometer", issPuzzle(9, "", nil, `"slow_thermometers":[["r1c1","r1c2"]]`), "slowthermometer"},
		{"box indexer", issPuzzle(9, "", nil, `"box_indexers":[["r1c1"]]`), "indexer"},
		// a pill read right to left: ISS reads every pill left to right
		{"pill right to left", issPuzzle(9, "", nil, `"arrows":[{"circle":["r3c2","r3c1"],"line":["r4c3","r5c3"]}]`), "arrow"},
		// ISS's anti-consecutive does not exempt the pairs across a dot
		{"nonconsecutive with a dot", issPuzzle(9, "", nil, `"nonconsecutive":true,"white":[["r1c1","r1c2"]]`), "nonconsecutive"},
		// ISS's strict kropki forbids consecutive digits too
		{"negative ratio alone", issPuzzle(9, "", nil, `"negative":["ratio"]`), "negative"},
		{"sandwiches that differ", issPuzzle(9, "", nil, `"sandwiches":[{"cell":"r3c0","value":10},{"cell":"r3c10","value":11}]`), "sandwich"},
		{"entropic 6x6", issPuzzle(6, "2x3", nil, `"entropic_lines":[["r1c1","r1c2"]]`), "entropicline"},
		{"25x25", issPuzzle(25, "5x5", map[string]byte{"r1c1": '1'}, ""), "grid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Parse(tt.puzzle)
			if err != nil {
				t.Fatalf("Parse(%s) = %v", tt.puzzle, err)
			}
			got, err := MarshalISS(g)
			var ie *ISSError
			if !errors.Is(err, ErrISS) || !errors.As(err, &ie) || ie.Kind != tt.kind || !strings.Contains(err.Error(), "iss: "+tt.kind+": ") {
				t.Errorf("MarshalISS(%s) = %q, %v; want an ISSError of kind %s", tt.puzzle, got, err, tt.kind)
			}
		})
	}
}
