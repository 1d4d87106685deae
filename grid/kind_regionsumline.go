package grid

// regionSumLineKind is region sum lines: the cells of a line in each
// region (box, or jigsaw region) it passes through add up to the same
// total. As SudokuSolver reads them, a region's part is all the line's
// cells in it, even when the line leaves the region and comes back. A
// line in one region says nothing. f-puzzles writes them as
// "regionsumline": [{"lines": [[cells]]}], the JSON form as
// "region_sum_lines".
var regionSumLineKind = equalSumLineKind(sumLineSpec{
	name: "region sum line", variant: "region-sum-line", title: "Region sum lines",
	fp: "regionsumline", js: "region_sum_lines", min: 2,
	groups: func(s Shape, r *Rules, line []int32) [][]int32 {
		var out [][]int32
		of := map[int]int{}
		for _, c := range line {
			k := r.Region(s, int(c))
			j, ok := of[k]
			if !ok {
				j = len(out)
				of[k] = j
				out = append(out, nil)
			}
			out[j] = append(out[j], c)
		}
		return out
	},
	draw: func(line []int32, d *Drawing) {
		d.Lines = append(d.Lines, Line{Cells: line, Style: LineThin})
	},
	sentence: "Along a thin line without circles (a region sum line), the digits in each box it passes through add up to the same total.",
})
