package rules

import (
	"strconv"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/sumcnf"
)

// skyscraperKind is skyscrapers: a number beside a row or a column says
// how many of its digits are seen from that side, a digit being seen when
// it is higher than every digit before it. f-puzzles writes them as
// "skyscraper": [{"cell": "R0C3", "value": "3"}], the JSON form as
// "skyscrapers": [{"cell": "r0c3", "value": 3}].
var skyscraperKind = edgeClueKind(edgeSpec{
	name: "skyscraper", variant: "skyscraper", title: "Skyscrapers",
	fp: "skyscraper", js: "skyscrapers", iss: "Skyscraper", issSides: true,
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
	lower:     lowerSkyscraper,
	sentence:  "A number with an arrowhead beside a row or a column says how many of its digits are seen from that side, higher digits hiding the lower ones behind them.",
	mark:      grid.OutsideInward,
	generated: true,
	count:     skyscraperCount,
})

// lowerSkyscraper says that value digits of line are seen: a digit is
// seen when it is above the highest before it, kept in the order
// encoding.
func lowerSkyscraper(e *sumcnf.Enc, line []int32, value int) {
	n := e.N
	high := e.Digit(line[0])
	terms := make([]sumcnf.Ord, 1, len(line))
	terms[0] = sumcnf.Ord{Vals: []int{1}} // the first digit is always seen
	for i := 1; i < len(line); i++ {
		d := e.Digit(line[i])
		seen := e.L.AuxVar()
		for v := 1; v <= n; v++ {
			x := e.L.CellVar(line[i], v)
			e.Clause(-x, high.GE(v), seen)
			e.Clause(-x, sumcnf.Neg(high.GE(v)), -seen)
			// the same on the bounds: seen exactly when the digit is
			// above the highest before it, so that a bound on either
			// reads at once (a 9 before a cell hides it)
			e.Clause(-seen, sumcnf.Neg(high.GE(v)), d.GE(v+1))
			e.Clause(seen, sumcnf.Neg(d.GE(v)), high.GE(v))
		}
		terms = append(terms, sumcnf.FlagOrd(seen).Of(line[i]))
		if i == len(line)-1 {
			break
		}
		next := e.Fresh(1, n)
		for v := 2; v <= n; v++ {
			e.Clause(sumcnf.Neg(high.GE(v)), next.GE(v))
			e.Clause(sumcnf.Neg(d.GE(v)), next.GE(v))
			e.Clause(sumcnf.Neg(next.GE(v)), high.GE(v), d.GE(v))
		}
		high = next
	}
	e.SumIs(terms, value)
	if len(line) == e.N {
		skyscraperCaps(e, line, value)
		// the N hides everything behind it
		e.L.Places = append(e.L.Places, grid.Place{Unit: line, Digit: e.N})
	}
}

// skyscraperCaps says how high the first cells of a full line may be:
// value digits seen means value-1 higher ones after the cell at p, when p
// is among the first value, so it is at most N-value+1+p (the N itself
// no nearer than the value-th cell); a 1 puts the N first. The order
// encoding says it only once the digits after it are known.
func skyscraperCaps(e *sumcnf.Enc, line []int32, value int) {
	n := e.N
	name := func(p int) string { return grid.CellName(n, line[p]) }
	facts := e.L.KeepsFacts()
	if value == 1 {
		e.Clause(e.L.CellVar(line[0], n)) // one seen: the N is first
	}
	if value == 1 && facts {
		e.L.Facts = append(e.L.Facts, grid.Fact{Cells: line[:1], Not: (uint64(1)<<(n-1) - 1),
			Words: "only the first digit is seen, so " + name(0) + " is " + strconv.Itoa(n)})
	}
	for p := 0; p < value-1 && p < len(line); p++ {
		for v := n - value + 2 + p; v <= n; v++ {
			e.Clause(-e.L.CellVar(line[p], v))
		}
		if !facts {
			continue
		}
		higher := strconv.Itoa(value-1-p) + " higher digits are"
		if value-1-p == 1 {
			higher = "1 higher digit is"
		}
		e.L.Facts = append(e.L.Facts, grid.Fact{Cells: line[p : p+1], Not: (uint64(1)<<n - 1) &^ (uint64(1)<<(n-value+1+p) - 1),
			Words: "at least " + higher + " seen after " + name(p) + ", so it is at most " + strconv.Itoa(n-value+1+p)})
	}
}
