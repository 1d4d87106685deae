package formats_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/sudokugen/sudokugen/formats"
)

func ExampleParse() {
	g, err := formats.Parse(`
+-----+-----+
| 1 . | . 4 |
| . 2 | . 1 |
+-----+-----+
| . . | . 2 |
| . 4 | . . |
+-----+-----+`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Shape, g.Givens(), g)

	_, err = formats.Parse("1..4.2.1...2.4.Z")
	fmt.Println(err)
	// Output:
	// 2x2 6 1..4.2.1...2.4..
	// line 1, column 16: symbol 'Z' is not a digit of a 4x4 grid
}

func ExampleNewReader() {
	in := `# two good puzzles and a bad one
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7
{"puzzle": [[1,0,0,4],[0,2,0,1],[0,0,0,2],[0,4,0,0]]}
`
	rd := formats.NewReader(strings.NewReader(in), "puzzles.txt", formats.ReadOptions{})
	for {
		rec, err := rd.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err) // an I/O error: reading cannot go on
			return
		}
		if rec.Err != nil {
			fmt.Println(rec.Index, rec.Err)
			continue
		}
		fmt.Println(rec.Index, rec.Line, rec.Grid.Shape, rec.Grid.Givens())
	}
	// Output:
	// 0 2 3x3 30
	// 1 puzzles.txt:3:1: 80 cells, want 64 (8x8) or 81 (9x9)
	// 2 4 2x2 6
}

// A CSV file with a header: the puzzle column is read, the solution column
// skipped, and a mistyped puzzle is reported for its own field.
func ExampleNewReader_csv() {
	in := "id,puzzle,solution\r\n" +
		"7,1..4.2.1...2.4..,1324423131422413\r\n" +
		"8,1..4.2.1...2.4.,1324423131422413\r\n"
	rd := formats.NewReader(strings.NewReader(in), "kaggle.csv", formats.ReadOptions{})
	for {
		rec, err := rd.Read()
		if err != nil {
			break
		}
		if rec.Err != nil {
			fmt.Println(rec.Err)
			continue
		}
		fmt.Println(rec.Line, rec.Grid)
	}
	// Output:
	// 2 1..4.2.1...2.4..
	// kaggle.csv:3:3: the puzzle in field 2 of 3 has 15 cells, want 16 (4x4) or more
}
