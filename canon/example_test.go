package canon_test

import (
	"fmt"

	"github.com/sudokugen/sudokugen/canon"
	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
)

func ExampleForm() {
	a, _ := formats.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	// b is a with the digits 3 and 5 swapped, then the first two rows
	b := grid.New(a.Shape)
	swap := map[int]int{3: 5, 5: 3}
	for r := range 9 {
		for c := range 9 {
			d := a.At([]int{1, 0, 2, 3, 4, 5, 6, 7, 8}[r], c)
			if s, ok := swap[d]; ok {
				d = s
			}
			b.Set(r, c, d)
		}
	}
	fa, _ := canon.Form(a)
	fb, _ := canon.Form(b)
	fmt.Println(fa)
	fmt.Println(fa.Equal(fb))
	// Output:
	// ........1.....2.34156...27......8.......51..232974......16..9....34..7..28.91.45.
	// true
}
