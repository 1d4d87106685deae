package formats

import (
	"encoding/json"
	"fmt"

	"github.com/sudokugen/sudokugen/grid"
)

// MarshalFPuzzlesMarks writes g as MarshalFPuzzles does, with the digits
// of marks (one mask per cell, row-major, bit d-1 for digit d) as the
// centre pencil marks ("centerPencilMarks") of each empty cell, so that
// f-puzzles and SudokuPad show them. A given's cell keeps its digit alone.
func MarshalFPuzzlesMarks(g grid.Grid, marks []uint64) ([]byte, error) {
	if len(marks) != len(g.Cells) {
		return nil, fmt.Errorf("%d pencil marks for %d cells", len(marks), len(g.Cells))
	}
	data, err := MarshalFPuzzles(g)
	if err != nil {
		return nil, err
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return nil, err
	}
	var rows [][]map[string]json.RawMessage
	if err := json.Unmarshal(obj["grid"], &rows); err != nil {
		return nil, err
	}
	n := g.N()
	for i, m := range marks {
		if g.Cells[i] != 0 {
			continue
		}
		ds := []int{}
		for d := 1; d <= n; d++ {
			if m&(1<<(d-1)) != 0 {
				ds = append(ds, d)
			}
		}
		v, err := json.Marshal(ds)
		if err != nil {
			return nil, err
		}
		rows[i/n][i%n]["centerPencilMarks"] = v
	}
	if obj["grid"], err = json.Marshal(rows); err != nil {
		return nil, err
	}
	return json.Marshal(obj)
}
