package rules

import "github.com/sudokugen/sudokugen/grid"

// doubleArrowKind is double arrows: the digits in the two circles at the
// ends of the line add up to the sum of the digits between them.
// f-puzzles writes them as "doublearrow": [{"lines": [[cells]]}], the
// JSON form as "double_arrows".
var doubleArrowKind = equalSumLineKind(sumLineSpec{
	name: "double arrow", variant: "double-arrow", title: "Double arrows",
	fp: "doublearrow", js: "double_arrows", min: 3, iss: "DoubleArrow",
	groups: func(s grid.Shape, r *grid.Rules, line []int32) [][]int32 {
		return [][]int32{{line[0], line[len(line)-1]}, line[1 : len(line)-1]}
	},
	draw: func(line []int32, d *grid.Drawing) {
		d.Lines = append(d.Lines, grid.Line{Cells: line, Style: grid.LineThin})
		d.Rings = append(d.Rings, []int32{line[0]}, []int32{line[len(line)-1]})
	},
	sentence: "The digits in the two circles of a double arrow add up to the sum of the digits on the line between them.",
})
