package output_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pdfcpu/pdfcpu/pkg/api"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/output"
)

// examplePuzzle returns a 4x4 puzzle and its solution.
func examplePuzzle() (grid.Grid, grid.Grid) {
	sh := grid.Shape{BoxRows: 2, BoxCols: 2}
	puzzle, solution := grid.New(sh), grid.New(sh)
	copy(puzzle.Cells, []uint8{
		1, 0, 0, 4,
		0, 4, 0, 0,
		0, 0, 2, 0,
		2, 0, 0, 1,
	})
	copy(solution.Cells, []uint8{
		1, 2, 3, 4,
		3, 4, 1, 2,
		4, 1, 2, 3,
		2, 3, 4, 1,
	})
	return puzzle, solution
}

func ExampleWriteBook() {
	puzzle, solution := examplePuzzle()
	book := []output.Puzzle{{Number: 1, Grid: puzzle, Solution: &solution, Level: "easy"}}

	var buf bytes.Buffer
	err := output.WriteBook(&buf, book, output.BookOptions{
		Title:     "Tiny Sudoku",
		Page:      "6x9",
		Solutions: true,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	api.DisableConfigDir() // pdfcpu: no config files in the user's home
	pages, err := api.PageCount(bytes.NewReader(buf.Bytes()), nil)
	fmt.Printf("%s, %d pages (title, blank, puzzle, blank, solution, blank), %v\n", buf.Bytes()[:8], pages, err)
	// Output:
	// %PDF-1.3, 6 pages (title, blank, puzzle, blank, solution, blank), <nil>
}

func ExampleWriteBookFile() {
	puzzle, _ := examplePuzzle()
	dir, err := os.MkdirTemp("", "book")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	path := filepath.Join(dir, "book.pdf")
	err = output.WriteBookFile(path, []output.Puzzle{{Grid: puzzle}}, output.BookOptions{PerPage: 1})
	fmt.Println(err)
	// A failed write leaves the old file and no partial one.
	err = output.WriteBookFile(path, nil, output.BookOptions{})
	fmt.Println(err)
	entries, _ := os.ReadDir(dir)
	fmt.Println(len(entries), entries[0].Name())
	// Output:
	// <nil>
	// write book: book has no puzzles
	// 1 book.pdf
}

func ExampleParsePageSize() {
	for _, s := range []string{"A4", "letter", "6x9in", "b5"} {
		p, err := output.ParsePageSize(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: %.2f x %.2f in\n", p.Name, p.Width/72, p.Height/72)
	}
	// Output:
	// a4: 8.27 x 11.69 in
	// letter: 8.50 x 11.00 in
	// 6x9: 6.00 x 9.00 in
	// page size "b5": want one of a4, a5, letter, 5x8, 5.5x8.5, 6x9, 7x10, 8x10, 8.25x11, 8.5x11, or WxH in inches or mm such as 6.14x9.21 or 148x210mm
}

func ExampleWriteSVG() {
	puzzle, _ := examplePuzzle()
	if err := output.WriteSVG(os.Stdout, output.Puzzle{Number: 7, Grid: puzzle}, nil); err != nil {
		fmt.Println(err)
	}
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" width="168" height="168" viewBox="0 0 168 168">
	// <title>Puzzle 7</title>
	// <rect width="168" height="168" fill="white"/>
	// <g stroke="black" stroke-width="1">
	// <line x1="44" y1="4" x2="44" y2="164"/>
	// <line x1="4" y1="44" x2="164" y2="44"/>
	// <line x1="124" y1="4" x2="124" y2="164"/>
	// <line x1="4" y1="124" x2="164" y2="124"/>
	// </g>
	// <g stroke="black" stroke-width="3" stroke-linecap="square">
	// <line x1="84" y1="4" x2="84" y2="164"/>
	// <line x1="4" y1="84" x2="164" y2="84"/>
	// <rect x="4" y="4" width="160" height="160" fill="none"/>
	// </g>
	// <g font-family="Go, sans-serif" font-weight="bold" font-size="24.8" text-anchor="middle" dominant-baseline="central">
	// <text x="24" y="24">1</text>
	// <text x="144" y="24">4</text>
	// <text x="64" y="64">4</text>
	// <text x="104" y="104">2</text>
	// <text x="24" y="144">2</text>
	// <text x="144" y="144">1</text>
	// </g>
	// </svg>
}
