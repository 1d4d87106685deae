package output_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

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
	var buf bytes.Buffer
	if err := output.WriteSVG(&buf, output.Puzzle{Number: 7, Grid: puzzle}, nil); err != nil {
		fmt.Println(err)
	}
	svg := buf.String()
	first, _, _ := strings.Cut(svg, "\n")
	fmt.Println(first)
	fmt.Println(strings.Count(svg, "<path "), "symbol paths,", strings.Count(svg, "<use "), "givens,", strings.Count(svg, "<line "), "lines")
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="168" height="168" viewBox="0 0 168 168">
	// 3 symbol paths, 6 givens, 6 lines
}
