package formats_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	. "github.com/sudokugen/sudokugen/formats"
	. "github.com/sudokugen/sudokugen/grid"
)

// addSeeds adds the testdata files and a few lines of the shared data.
func addSeeds(f *testing.F) {
	files, _ := filepath.Glob("testdata/*")
	for _, file := range files {
		if strings.HasSuffix(file, ".golden") {
			continue
		}
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b, uint8(0))
		}
	}
	for _, name := range []string{"royle17/puzzles.txt", "4x4/all_grids.txt", "large/16x16.unique.txt", "large/25x25.multi.txt", "invalid/sudopedia.tsv"} {
		b, err := os.ReadFile(filepath.Join(sharedData, name))
		if err != nil {
			continue // the shared data is optional here
		}
		lines := bytes.SplitAfter(b, []byte("\n"))
		f.Add(bytes.Join(lines[:min(3, len(lines))], nil), uint8(0))
	}
	f.Add([]byte(fourRow), uint8(1))
	f.Add([]byte("[[1,0,0,4],[0,2,0,1],[0,0,0,2],[0,4,0,0]]\n{\"puzzle\":\"x\"}"), uint8(2))
	f.Add([]byte("|1 2|3 4|\n|3 4|1 2|\n+---+---+\n|2 1|4 3|\n|4 3|2 1|\n"), uint8(3))
	f.Add([]byte("{\"puzzle\" \"x\"}\n\n[1,0,0,4,0,2,0,1,0,0,0,2,0,4,0,0]]\n"), uint8(0))
	// Fields, headers, comments after a puzzle and marked solutions.
	f.Add([]byte("puzzle,solution\r\n1..4.2.1...2.4..,1234341221434321\r\nname,rating\n"), uint8(0))
	f.Add([]byte("id\tpuzzle\n7\t\"1..4.2.1...2.4..\"\t1.2\n:0000:x:1..4.2.1...2.4..:::\n"), uint8(1))
	f.Add([]byte("1..4.2.1...2.4.. #1 Easy\nab12 1**4X2x1...2.4.. 3.5\n1,2,3,4\n3,4,1,2\n"), uint8(8))
	f.Add([]byte("# solution 1\n*----*\n|1234|\n\n# puzzle 2\n[Solution]\n1234\n[Puzzle]\n1..4.2.1...2.4..\n"), uint8(4))
}

// fuzzOptions picks reader options from one byte, so the fuzzer also
// explores fixed shapes, custom alphabets and short line limits.
func fuzzOptions(k uint8) ReadOptions {
	var opts ReadOptions
	switch k % 4 {
	case 1:
		opts.Shape = Shape{BoxRows: 2, BoxCols: 2}
	case 2:
		opts.Shape = Shape{BoxRows: 3, BoxCols: 2}
	case 3:
		opts.Shape = Shape{BoxRows: 3, BoxCols: 3}
	}
	if k&4 != 0 {
		opts.MaxLineBytes = 40
	}
	if k&8 != 0 {
		a, _ := ParseAlphabet("0-9A-Z")
		opts.Alphabet = &a
	}
	return opts
}

func FuzzReader(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, k uint8) {
		opts := fuzzOptions(k)
		rd := NewReader(bytes.NewReader(data), "fuzz", opts)
		for i := 0; ; i++ {
			if i > len(data)+1 {
				t.Fatalf("more than %d records from %d bytes", i, len(data))
			}
			rec, err := rd.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("Read: I/O error from a bytes.Reader: %v", err)
			}
			if rec.Index != i || rec.Line < 1 {
				t.Fatalf("record %d: Index %d, Line %d", i, rec.Index, rec.Line)
			}
			if len(rec.Text) > MaxText || !utf8.ValidString(rec.Text) {
				t.Fatalf("record %d: Text %q: longer than %d bytes or not UTF-8", i, rec.Text, MaxText)
			}
			if rec.Err != nil {
				var pe *ParseError
				if !errors.As(rec.Err, &pe) || pe.Line < 1 || pe.Column < 0 || pe.File != "fuzz" {
					t.Fatalf("record %d: error %#v, want a *ParseError with a line", i, rec.Err)
				}
				if msg := rec.Err.Error(); !utf8.ValidString(msg) || strings.ContainsAny(msg, "\x00\n") {
					t.Fatalf("record %d: message %q is not one line of text", i, msg)
				}
				continue
			}
			g := rec.Grid
			if err := g.Shape.Validate(); err != nil || len(g.Cells) != g.Shape.Cells() {
				t.Fatalf("record %d: grid %v with %d cells: %v", i, g.Shape, len(g.Cells), err)
			}
			if opts.Shape != (Shape{}) && g.Shape != opts.Shape {
				t.Fatalf("record %d: shape %v, want %v", i, g.Shape, opts.Shape)
			}
			for c, v := range g.Cells {
				if int(v) > g.N() {
					t.Fatalf("record %d: cell %d holds %d in a grid of size %d", i, c, v, g.N())
				}
				if line, col := rec.Where(c); line < rec.Line || col < 0 {
					t.Fatalf("record %d: Where(%d) = %d, %d before the record's line %d", i, c, line, col, rec.Line)
				}
			}
		}
		if _, err := rd.Read(); err != io.EOF {
			t.Fatalf("Read after io.EOF = %v, want io.EOF again", err)
		}
	})
}

func FuzzRoundtrip(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, k uint8) {
		opts := fuzzOptions(k)
		opts.MaxLineBytes = 0
		rd := NewReader(bytes.NewReader(data), "", opts)
		for {
			rec, err := rd.Read()
			if err != nil {
				break
			}
			if rec.Err != nil {
				continue
			}
			g := rec.Grid
			a := DefaultAlphabet(g.N())
			if opts.Alphabet != nil {
				a = *opts.Alphabet
			}
			s := g.Format(a)
			back, err := ParseWith(s, ReadOptions{Shape: g.Shape, Alphabet: opts.Alphabet})
			if err != nil {
				t.Fatalf("ParseWith(%q, %v) = %v, want %v", s, g.Shape, err, g)
			}
			if !back.Equal(g) {
				t.Fatalf("ParseWith(%q, %v) = %v, want %v", s, g.Shape, back, g)
			}
			rows := strings.Join(g.Rows(a), "\n")
			back, err = ParseWith(rows, ReadOptions{Shape: g.Shape, Alphabet: opts.Alphabet})
			if err != nil || !back.Equal(g) {
				t.Fatalf("ParseWith(%q, %v) = %v, %v, want %v", rows, g.Shape, back, err, g)
			}
		}
	})
}
