package formats_test

import (
	"encoding/json"
	"strings"
	"testing"

	. "github.com/sudokugen/sudokugen/formats"
)

// The pencil marks go into the empty cells, and the puzzle reads back the
// same.
func TestMarshalFPuzzlesMarks(t *testing.T) {
	g, err := Parse("1" + strings.Repeat(".", 77) + "2.3")
	if err != nil {
		t.Fatal(err)
	}
	marks := make([]uint64, 81)
	marks[0], marks[1], marks[80] = 1, 0b110, 1<<2
	data, err := MarshalFPuzzlesMarks(g, marks)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseFPuzzles(data)
	if err != nil || !back.Equal(g) {
		t.Fatalf("ParseFPuzzles(%s) = %v, %v; want %v", data, back, err, g)
	}
	var obj struct {
		Grid [][]struct {
			Value int   `json:"value"`
			Marks []int `json:"centerPencilMarks"`
		} `json:"grid"`
	}
	if err := json.Unmarshal(data, &obj); err != nil {
		t.Fatal(err)
	}
	if m := obj.Grid[0][1].Marks; len(m) != 2 || m[0] != 2 || m[1] != 3 {
		t.Errorf("r1c2 marks %v, want [2 3]", m)
	}
	if m := obj.Grid[0][0].Marks; m != nil || obj.Grid[0][0].Value != 1 {
		t.Errorf("r1c1: value %d, marks %v; want the given 1 without marks", obj.Grid[0][0].Value, m)
	}
	if m := obj.Grid[0][2].Marks; m == nil || len(m) != 0 {
		t.Errorf("r1c3 marks %v, want none", m)
	}
}
