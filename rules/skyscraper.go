package rules

import "github.com/sudokugen/sudokugen/grid"

// skyscraperKind is skyscrapers: a number beside a row or a column says
// how many of its digits are seen from that side, a digit being seen when
// it is higher than every digit before it. f-puzzles writes them as
// "skyscraper": [{"cell": "R0C3", "value": "3"}], the JSON form as
// "skyscrapers": [{"cell": "r0c3", "value": 3}].
var skyscraperKind = edgeClueKind(edgeSpec{
	name: "skyscraper", variant: "skyscraper", title: "Skyscrapers",
	fp: "skyscraper", js: "skyscrapers",
	rangeOf: func(n int) (int, int) { return 1, n },
	of: func(n int, digits []uint8) int {
		seen, high := 0, uint8(0)
		for _, d := range digits {
			if d > high {
				seen, high = seen+1, d
			}
		}
		return seen
	},
	lower:    lowerSkyscraper,
	sentence: "A number with an arrowhead beside a row or a column says how many of its digits are seen from that side, higher digits hiding the lower ones behind them.",
	mark:     grid.OutsideInward,
})

// lowerSkyscraper says that value digits of line are seen: a digit is
// seen when it is above the highest before it, kept in the order
// encoding.
func lowerSkyscraper(e *sumEnc, line []int32, value int) {
	n := e.n
	high := e.digit(line[0])
	terms := []ord{{vals: []int{1}}} // the first digit is always seen
	for i := 1; i < len(line); i++ {
		d := e.digit(line[i])
		seen := e.l.AuxVar()
		for v := 1; v <= n; v++ {
			x := e.l.CellVar(line[i], v)
			e.clause(-x, high.ge(v), seen)
			e.clause(-x, neg(high.ge(v)), -seen)
		}
		terms = append(terms, flagOrd(seen))
		if i == len(line)-1 {
			break
		}
		next := e.fresh(1, n)
		for v := 2; v <= n; v++ {
			e.clause(neg(high.ge(v)), next.ge(v))
			e.clause(neg(d.ge(v)), next.ge(v))
			e.clause(neg(next.ge(v)), high.ge(v), d.ge(v))
		}
		high = next
	}
	e.equalConst(e.sum(terms, value+1), value)
	if len(line) == e.n {
		// the N hides everything behind it
		e.l.Places = append(e.l.Places, grid.Place{Unit: line, Digit: e.n})
	}
}
