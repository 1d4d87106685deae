package generate_test

import (
	"fmt"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
)

func ExampleGenerator_Puzzle() {
	g := generate.New()
	opts := generate.Options{Shape: grid.Shape{BoxRows: 2, BoxCols: 2}}
	for i := range 3 {
		p, err := g.Puzzle(2026, i, opts)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(p.Index, p.Grid, p.Solution)
	}
	// Output:
	// 0 2...13....3....2 2413132442313142
	// 1 ...1..2..4.....3 4231132434122143
	// 2 .2.....1....24.. 1234432131422413
}

func ExampleGenerator_Puzzle_symmetry() {
	g := generate.New()
	p, err := g.Puzzle(1, 0, generate.Options{
		Shape:    grid.Shape{BoxRows: 3, BoxCols: 3},
		Symmetry: generate.Rot180,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for r := range 9 {
		fmt.Println(p.Grid.String()[9*r : 9*r+9])
	}
	// Output:
	// 2.7..8...
	// .9....73.
	// .1..67...
	// ...8..6.5
	// 7...5...9
	// 5.6..1...
	// ...48..9.
	// .85....6.
	// ...6..4.1
}

func ExampleParseSymmetry() {
	s, err := generate.ParseSymmetry("rot90")
	fmt.Println(s, err)
	_, err = generate.ParseSymmetry("spiral")
	fmt.Println(err)
	// Output:
	// rot90 <nil>
	// unknown symmetry "spiral" (want none, rot180, rot90, mirror, flip, diagonal)
}
