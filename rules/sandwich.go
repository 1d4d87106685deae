package rules

import "github.com/sudokugen/sudokugen/grid"

// sandwichKind is sandwich sums: a number beside a row or a column is the
// sum of the digits strictly between its 1 and its N (0 when they touch).
// f-puzzles writes them as "sandwichsum": [{"cell": "R0C3", "value":
// "10"}], the JSON form as "sandwiches": [{"cell": "r0c3", "value": 10}].
var sandwichKind = edgeClueKind(edgeSpec{
	name: "sandwich", variant: "sandwich", title: "Sandwich",
	fp: "sandwichsum", js: "sandwiches",
	rangeOf: func(n int) (int, int) { return 0, n*(n+1)/2 - 1 - n },
	of: func(n int, digits []uint8) int {
		in, sum := false, 0
		for _, d := range digits {
			if int(d) == 1 || int(d) == n {
				in = !in
				continue
			}
			if in {
				sum += int(d)
			}
		}
		return sum
	},
	lower:     lowerSandwich,
	sentence:  "A plain number beside a row or a column is the sum of the digits between the 1 and the highest digit in it.",
	generated: true,
})

// lowerSandwich says that the digits of line strictly between its 1 and
// its N add up to value: a cell is between them when exactly one of them
// comes before it and it is neither.
func lowerSandwich(e *sumEnc, line []int32, value int) {
	n := e.n
	x := func(i, d int) int { return e.l.CellVar(line[i], d) }
	one, top := litFalse, litFalse // 1, N before cell i
	var terms []ord
	for i := range line {
		if i > 0 && i < n-1 {
			b := e.l.AuxVar()
			e.clause(-b, -x(i, 1))
			e.clause(-b, -x(i, n))
			e.clause(-b, one, top)
			e.clause(-b, neg(one), neg(top))
			e.clause(b, neg(one), top, x(i, 1), x(i, n))
			e.clause(b, one, neg(top), x(i, 1), x(i, n))
			terms = append(terms, e.gated(b, e.digit(line[i])))
		}
		one, top = e.or(one, x(i, 1)), e.or(top, x(i, n))
	}
	e.equalConst(e.sum(terms, value+1), value)
	if len(line) == n {
		e.l.Places = append(e.l.Places, grid.Place{Unit: line, Digit: 1}, grid.Place{Unit: line, Digit: n})
	}
}
