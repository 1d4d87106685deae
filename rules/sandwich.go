package rules

import (
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/sumcnf"
)

// sandwichKind is sandwich sums: a number beside a row or a column is the
// sum of the digits strictly between its 1 and its N (0 when they touch).
// f-puzzles writes them as "sandwichsum": [{"cell": "R0C3", "value":
// "10"}], the JSON form as "sandwiches": [{"cell": "r0c3", "value": 10}].
var sandwichKind = edgeClueKind(edgeSpec{
	name: "sandwich", variant: "sandwich", title: "Sandwich",
	fp: "sandwichsum", js: "sandwiches", iss: "Sandwich",
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
	// its clauses are many: the search's probes of a sandwich start late
	late: true,
})

// lowerSandwich says that the digits of line strictly between its 1 and
// its N add up to value: a cell is between them when exactly one of them
// comes before it and it is neither.
func lowerSandwich(e *sumcnf.Enc, line []int32, value int) {
	n := e.N
	x := func(i, d int) int { return e.L.CellVar(line[i], d) }
	one, top := sumcnf.LitFalse, sumcnf.LitFalse // 1, N before cell i
	terms := make([]sumcnf.Ord, 0, len(line))
	gates := make([]int, len(line))
	for i := range line {
		gates[i] = sumcnf.LitFalse
		if i > 0 && i < n-1 {
			b := e.L.AuxVar()
			e.Clause(-b, -x(i, 1))
			e.Clause(-b, -x(i, n))
			e.Clause(-b, one, top)
			e.Clause(-b, sumcnf.Neg(one), sumcnf.Neg(top))
			e.Clause(b, sumcnf.Neg(one), top, x(i, 1), x(i, n))
			e.Clause(b, one, sumcnf.Neg(top), x(i, 1), x(i, n))
			// between the 1 and the N, a cell holds neither
			terms = append(terms, e.Gated(b, sumcnf.Within(e.Digit(line[i]), 2, n-1)))
			gates[i] = b
		}
		one, top = e.Or(one, x(i, 1)), e.Or(top, x(i, n))
	}
	e.SumIs(terms, value)
	// the same sum as a set of different digits
	e.DistinctSum(e.DigitsAmong(line, gates), line, value, nil)
	if len(line) == n {
		sandwichGaps(e, line, value)
		e.L.Places = append(e.L.Places, grid.Place{Unit: line, Digit: 1}, grid.Place{Unit: line, Digit: n})
	}
}

// sandwichGaps says where the 1 and the N of a full line cannot both be:
// k cells apart when no k different digits between them add up to value.
// The sums alone say it only once the cells between are known.
func sandwichGaps(e *sumcnf.Enc, line []int32, value int) {
	n := e.N
	for i := range line {
		for j := i + 1; j < len(line); j++ {
			if k := j - i - 1; !sandwichFits(n, k, value) {
				e.Clause(-e.L.CellVar(line[i], 1), -e.L.CellVar(line[j], n))
				e.Clause(-e.L.CellVar(line[i], n), -e.L.CellVar(line[j], 1))
			}
		}
	}
}

// sandwichFits reports whether k different digits from 2 to n-1 can add
// up to value: any total from the k smallest to the k largest can.
func sandwichFits(n, k, value int) bool {
	lo, hi := 0, 0
	for d := range k {
		lo += 2 + d
		hi += n - 1 - d
	}
	return k <= n-2 && lo <= value && value <= hi
}
