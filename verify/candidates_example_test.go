package verify_test

import (
	"context"
	"fmt"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/verify"
)

// The true candidates of a puzzle with 44 solutions: r1c1 holds 2, 4 or 6
// in one solution or another, and never anything else.
func ExampleTrueCandidates() {
	g, err := formats.Parse(".........9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1....")
	if err != nil {
		panic(err)
	}
	c := verify.TrueCandidates(context.Background(), g, verify.CandidateOptions{CountLimit: 100})
	fmt.Println(c.Status, c.Count, c.Exact())
	for d := 1; d <= 9; d++ {
		if c.Masks[0]&(1<<(d-1)) != 0 {
			fmt.Print(d)
		} else if c.Out[d-1] != verify.NoProof {
			fmt.Print(".")
		}
	}
	fmt.Println()
	// Output:
	// multiple 44 true
	// .2.4.6...
}
