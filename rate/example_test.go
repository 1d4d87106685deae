package rate_test

import (
	"fmt"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rate"
)

func parse(s string) grid.Grid {
	g := grid.New(grid.Shape{BoxRows: 3, BoxCols: 3})
	for i := 0; i < len(s); i++ {
		if s[i] >= '1' && s[i] <= '9' {
			g.Cells[i] = s[i] - '0'
		}
	}
	return g
}

func ExamplePuzzle() {
	g := parse("..982..5.68...3.9.........8.5..8...47..1.9..53...6..1.5.........4.2...61.1..357..")
	res := rate.Puzzle(g, rate.Options{})
	fmt.Println(res.Score, res.Level, res.Solved)
	for _, c := range res.Counts {
		fmt.Printf("%s: %d\n", c.Technique, c.Count)
	}
	// Output:
	// 2.5 medium true
	// full house: 20
	// hidden single in a box: 30
	// hidden single in a line: 3
	// direct hidden pair: 1
	// direct hidden triple: 1
}

func ExampleStep_String() {
	g := parse("..982..5.68...3.9.........8.5..8...47..1.9..53...6..1.5.........4.2...61.1..357..")
	res := rate.Puzzle(g, rate.Options{Explain: true})
	fmt.Println(res.Steps[0])
	for _, s := range res.Steps {
		if s.Place == nil {
			fmt.Println(s)
			break
		}
	}
	// Output:
	// r4c4 must be 3: it is the only place for a 3 in box 5
	// direct hidden pair 2, 7 on r4c6, r6c6 in box 5: remove 4 from r6c6
}

func ExampleBelow() {
	// SE 2.5: it needs a direct hidden triple
	g := parse("..982..5.68...3.9.........8.5..8...47..1.9..53...6..1.5.........4.2...61.1..357..")
	fmt.Println(rate.Below(g, 2.5), rate.Below(g, 2.6))
	// Output:
	// false true
}

func ExampleBelowSolved() {
	// A generator knows the solution of the puzzle it made, and spares
	// the ratings the count of solutions.
	g := parse("..982..5.68...3.9.........8.5..8...47..1.9..53...6..1.5.........4.2...61.1..357..")
	sol := parse("479821356681753492235496178156387924728149635394562817567914283943278561812635749")
	fmt.Println(rate.BelowSolved(g, sol, 7.6), rate.Puzzle(g, rate.Options{Solution: sol}).Score)
	// Output:
	// true 2.5
}
