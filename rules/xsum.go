package rules

import (
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/sumcnf"
)

// xsumKind is X-sums: a number beside a row or a column is the sum of the
// first X digits from that side, X being the first of them. f-puzzles
// writes them as "xsum": [{"cell": "R0C3", "value": "10"}], the JSON form
// as "x_sums" (and reads "xsums", its name before): [{"cell": "r0c3",
// "value": 10}].
var xsumKind = edgeClueKind(edgeSpec{
	name: "X-sum", variant: "xsum", title: "X-sums",
	fp: "xsum", js: "x_sums", jsOld: "xsums", iss: "XSum", issSides: true,
	rangeOf: func(n int) (int, int) { return 1, n * (n + 1) / 2 },
	of: func(n int, digits []uint8) int {
		sum := 0
		for _, d := range digits[:digits[0]] {
			sum += int(d)
		}
		return sum
	},
	lower: func(e *sumcnf.Enc, line []int32, value int) {
		first := e.Digit(line[0])
		terms := []sumcnf.Ord{first}
		gates := []int{sumcnf.LitTrue}
		for i := 1; i < len(line); i++ {
			// cell i counts when the first digit is more than i
			terms = append(terms, e.Gated(first.GE(i+1), e.Digit(line[i])))
			gates = append(gates, first.GE(i+1))
		}
		e.SumIs(terms, value)
		// the same sum as a set of different digits, X of them
		e.DistinctSum(e.DigitsAmong(line, gates), value, &first)
	},
	sentence:  "A number in a square beside a row or a column is the sum of the first X digits from that side, X being the first of them.",
	mark:      grid.OutsideBoxed,
	generated: true,
	count:     xsumCount,
})
