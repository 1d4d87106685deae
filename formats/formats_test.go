package formats_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	. "github.com/sudokugen/sudokugen/formats"
)

// TestFormats reads each testdata file of a format puzzle people use and
// checks that it holds the puzzles of testdata/plain.txt, in order and
// nothing else.
func TestFormats(t *testing.T) {
	want := showGrids(t, "plain.txt")
	if len(want) != 6 {
		t.Fatalf("plain.txt: %d puzzles, want 6", len(want))
	}
	for _, file := range []string{
		"exchange.txt",  // the Sudoku Exchange bank: id, puzzle with 0 for empty, rating
		"annotated.txt", // a comment, a tab and text, or a rating after the puzzle
		"hodoku.txt",    // HoDoKu's library lines
		"puzzles.csv",   // CSV with a header, CRLF
		"kaggle.csv",    // Kaggle's quizzes,solutions with 0 for empty
		"qqwing.csv",    // qqwing --generate --csv --solution, as it prints it
		"stars.txt",     // '*' and 'X' for empty cells
		"commas.txt",    // digits separated by commas
	} {
		got := showGrids(t, file)
		if !equalStrings(got, want) {
			t.Errorf("Read(%s) =\n\t%s\nwant the puzzles of plain.txt\n\t%s", file, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
		}
	}
}

func showGrids(t *testing.T, file string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	for _, rec := range readAll(t, f, file, ReadOptions{}) {
		if rec.Err != nil {
			out = append(out, rec.Err.Error())
			continue
		}
		out = append(out, rec.Grid.Shape.String()+" "+rec.Grid.String())
	}
	return out
}

// TestFormatLines checks the formats line by line, mistyped lines above
// all: each gets a message about its puzzle, not about the whole line.
func TestFormatLines(t *testing.T) {
	z := strings.ReplaceAll(sudoku, ".", "0")
	tests := []struct {
		name string
		in   string
		opts ReadOptions
		want []string
	}{
		{"exchange", "0000183b305c " + z + "  1.2\n", ReadOptions{}, []string{"1: 3x3 " + sudoku}},
		{"exchange short", "0000183b305c " + z[1:] + "  1.2\n", ReadOptions{},
			[]string{"1: line 1, column 14: the puzzle in field 2 of 3 has 80 cells, want 64 (8x8) or 81 (9x9)"}},
		{"exchange long", "0000183b305c " + z + "7  1.2\n", ReadOptions{},
			[]string{"1: line 1, column 14: the puzzle in field 2 of 3 has 82 cells, want 81 (9x9) or 100 (10x10)"}},
		{"exchange bad symbol", "0000183b305c " + z[:20] + "Z" + z[21:] + "  1.2\n", ReadOptions{},
			[]string{"1: line 1, column 34: symbol 'Z' is not a digit of a 9x9 grid"}},
		{"comment after", sudoku + " #1 Easy (1.2)\n", ReadOptions{}, []string{"1: 3x3 " + sudoku}},
		{"comment after a short puzzle", sudoku[1:] + " #1 Easy (1.2)\n", ReadOptions{},
			[]string{"1: line 1, column 1: 80 cells, want 64 (8x8) or 81 (9x9)"}},
		{"rating after", sudoku + " 1.2\n", ReadOptions{}, []string{"1: 3x3 " + sudoku}},
		{"tab and text", sudoku + "\tfrom the paper, 3 May\n", ReadOptions{}, []string{"1: 3x3 " + sudoku}},
		{"tab and text, short", sudoku[1:] + "\tfrom the paper, 3 May\n", ReadOptions{},
			[]string{"1: line 1, column 1: the puzzle in field 1 of 2 has 80 cells, want 64 (8x8) or 81 (9x9)"}},
		{"hash in a word is a symbol", sudoku[:80] + "#\n", ReadOptions{},
			[]string{"1: line 1, column 81: symbol '#' is not a digit of a 9x9 grid"}},
		{"split by a space", sudoku[:40] + " " + sudoku[41:] + "\n", ReadOptions{},
			[]string{"1: line 1, column 1: 80 cells, want 64 (8x8) or 81 (9x9)"}},
		{"hodoku", ":0000:x:" + sudoku + ":::\n", ReadOptions{}, []string{"1: 3x3 " + sudoku}},
		{"hodoku with candidates", ":0100:5:" + sudoku + ":513 514::\n", ReadOptions{}, []string{"1: 3x3 " + sudoku}},
		{"hodoku short", ":0000:x:" + sudoku[1:] + ":::\n", ReadOptions{},
			[]string{"1: line 1, column 9: the puzzle in field 4 of 7 has 80 cells, want 64 (8x8) or 81 (9x9)"}},
		{"csv", "puzzle,solution\n" + sudoku + "," + strings.Repeat("1", 81) + "\r\n", ReadOptions{}, []string{"2: 3x3 " + sudoku}},
		{"csv quoted", "\"id\",\"puzzle\"\n7,\"" + sudoku + "\"\n", ReadOptions{}, []string{"2: 3x3 " + sudoku}},
		{"csv short", "quizzes,solutions\n" + z[1:] + "," + strings.Repeat("1", 81) + "\n", ReadOptions{},
			[]string{"2: line 2, column 1: the puzzle in field 1 of 2 has 80 cells, want 64 (8x8) or 81 (9x9)"}},
		{"csv column named", "id,puzzle,solution,clues,difficulty\n1," + z + "," + strings.Repeat("1", 81) + ",30,2.5\n", ReadOptions{},
			[]string{"2: 3x3 " + sudoku}},
		{"csv column named, short", "id,puzzle,solution,clues,difficulty\n1," + z[2:] + "," + strings.Repeat("1", 81) + ",30,2.5\n", ReadOptions{},
			[]string{"2: line 2, column 3: the puzzle in field 2 of 5 has 79 cells, want 64 (8x8) or 81 (9x9)"}},
		{"csv without header", sudoku + "," + strings.Repeat("1", 81) + "\n", ReadOptions{}, []string{"1: 3x3 " + sudoku}},
		{"semicolons", "Puzzle;Rating\n" + sudoku + ";1.2\n" + sudoku[1:] + ";1.2\n", ReadOptions{},
			[]string{"2: 3x3 " + sudoku, "3: line 3, column 1: the puzzle in field 1 of 2 has 80 cells, want 64 (8x8) or 81 (9x9)"}},
		{"tsv header", "puzzle\tSE_rating\n" + sudoku + "\t2.5\n", ReadOptions{}, []string{"2: 3x3 " + sudoku}},
		{"header names no puzzle column", "name,rating\n", ReadOptions{},
			[]string{"1: line 1, column 1: a header line with no column of puzzles (want one named puzzle, quizzes, sudoku or grid)"}},
		{"commas", strings.Join(strings.Split(z, ""), ",") + "\n", ReadOptions{}, []string{"1: 3x3 " + sudoku}},
		{"commas with spaces", strings.Join(strings.Split(z, ""), ", ") + "\n", ReadOptions{}, []string{"1: 3x3 " + sudoku}},
		{"commas short", strings.Join(strings.Split(z[1:], ""), ",") + "\n", ReadOptions{},
			[]string{"1: line 1, column 1: 80 cells, want 64 (8x8) or 81 (9x9)"}},
		{"comma rows", "1,2,3,4\n3,4,1,2\n2,1,4,3\n4,3,2,1\n", ReadOptions{}, []string{"1: 2x2 1234341221434321"}},
		{"tab rows", "1\t2\t3\t4\n3\t4\t1\t2\n2\t1\t4\t3\n4\t3\t2\t1\n", ReadOptions{}, []string{"1: 2x2 1234341221434321"}},
		{"stars", strings.ReplaceAll(sudoku, ".", "*"), ReadOptions{}, []string{"1: 3x3 " + sudoku}},
		{"X", strings.ReplaceAll(sudoku, ".", "X"), ReadOptions{}, []string{"1: 3x3 " + sudoku}},
		{"x is a symbol", strings.Replace(sudoku, ".", "x", 1), ReadOptions{}, []string{"1: line 1, column 3: symbol 'x' is not a digit of a 9x9 grid"}},
		{"star corners", "*----*\n|1234|\n|3412|\n|2143|\n|4321|\n*----*\n", ReadOptions{}, []string{"2: 2x2 1234341221434321"}},
		{"X a digit", "1..X.2.1...2.X..", ReadOptions{Alphabet: mustAlphabet(t, "12X4")}, []string{"1: 2x2 1..3.2.1...2.3.."}},

		// The solutions TextWriter marks are skipped.
		{"solution tab", sudoku + "\t" + strings.Repeat("1", 81) + "\n" + four + "\n", ReadOptions{}, []string{"1: 3x3 " + sudoku, "2: 2x2 " + four}},
		{"solution grid", "# puzzle 1\n" + fourRow + "\n# solution 1\n" + fourRow + "\n# puzzle 2\n" + four + "\n", ReadOptions{},
			[]string{"2: 2x2 1234341221434321", "14: 2x2 " + four}},
		{"solution grid, no blank line", "# Solution 1\n" + fourRow + "# puzzle 2\n" + four + "\n", ReadOptions{}, []string{"7: 2x2 " + four}},
		{"solution line", "# solution\n" + sudoku + "\n" + four + "\n" + four + "\n", ReadOptions{}, []string{"3: 2x2 " + four, "4: 2x2 " + four}},
		{"solution rows end", "# solution 1\n+--+--+\n|12|34|\n|34|12|\n+--+--+\n|21|43|\n|43|21|\n+--+--+\n" + four + "\n", ReadOptions{}, []string{"9: 2x2 " + four}},
		{"solution section", "[Puzzle]\n" + fourRow + "[Solution]\n" + fourRow + "\n[Puzzle]\n" + four + "\n", ReadOptions{},
			[]string{"2: 2x2 1234341221434321", "13: 2x2 " + four}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := showAll(readAll(t, strings.NewReader(tt.in), "", tt.opts))
			if !equalStrings(got, tt.want) {
				t.Errorf("Read(%q) =\n\t%s\nwant\n\t%s", cut(tt.in), strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

// TestSharedDataColumns reads the tab-separated shared sets whole: the
// reader finds the puzzle column, behind a header or a name.
func TestSharedDataColumns(t *testing.T) {
	for _, file := range []string{"rated/se_rated.tsv", "tdoku/serg_multi.counts.tsv", "invalid/sudopedia.tsv"} {
		t.Run(file, func(t *testing.T) {
			lines := countLines(t, file)
			col := 1
			if !strings.HasPrefix(file, "invalid") {
				lines, col = lines[1:], 0 // header
			}
			recs := readAll(t, openShared(t, file), file, ReadOptions{})
			if len(recs) != len(lines) {
				t.Fatalf("Read(%s) = %d records, want %d", file, len(recs), len(lines))
			}
			for i, rec := range recs {
				field := strings.Split(lines[i], "\t")[col]
				if rec.Err != nil || rec.Grid.String() != field {
					t.Fatalf("Read(%s) record %d = %v, %v, want %s", file, i, rec.Grid, rec.Err, field)
				}
			}
		})
	}
}
