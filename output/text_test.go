package output

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
)

// The -update flag may be registered by another test file of the package.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files in testdata")
	}
}

func textUpdate() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

func TestParseFormat(t *testing.T) {
	tests := []struct {
		in   string
		want Format
	}{
		{"line", FormatLine},
		{"grid", FormatGrid},
		{"sdm", FormatSDM},
		{"SDK", FormatSDK},
		{" json ", FormatJSON},
		{"ISS", FormatISS},
	}
	for _, tt := range tests {
		got, err := ParseFormat(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseFormat(%q) = %v, %v, want %v", tt.in, got, err, tt.want)
		}
		if back, err := ParseFormat(got.String()); err != nil || back != got {
			t.Errorf("ParseFormat(%q) = %v, %v, want %v", got.String(), back, err, got)
		}
	}
	for _, in := range []string{"", "pdf", "lines", "Format(3)"} {
		got, err := ParseFormat(in)
		want := fmt.Sprintf("unknown format %q: want one of line, grid, sdm, sdk, json, fpuzzles, fpuzzles-url, iss", in)
		if err == nil || err.Error() != want || !errors.Is(err, ErrFormat) {
			t.Errorf("ParseFormat(%q) = %v, %v, want error %q", in, got, err, want)
		}
	}
	if s := Format(0).String(); s != "Format(0)" {
		t.Errorf("Format(0).String() = %q, want %q", s, "Format(0)")
	}
}

// mustParse reads one puzzle of the given shape.
func mustParse(t testing.TB, s string, shape grid.Shape) grid.Grid {
	t.Helper()
	g, err := formats.ParseWith(s, formats.ReadOptions{Shape: shape})
	if err != nil {
		t.Fatalf("ParseWith(%q, %v) = %v", s, shape, err)
	}
	return g
}

// sampleEntries are a 4x4, a 6x6 with 3x2 boxes and a 9x9 puzzle, the first
// and last with solutions.
func sampleEntries(t testing.TB) []Puzzle {
	p4 := mustParse(t, "1..4.2.1...2.4..", grid.Shape{BoxRows: 2, BoxCols: 2})
	s4 := mustParse(t, "1324423131422413", grid.Shape{BoxRows: 2, BoxCols: 2})
	p6 := mustParse(t, "1.....2.....3.....4.....5.....6.....", grid.Shape{BoxRows: 3, BoxCols: 2})
	p9 := mustParse(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", grid.Shape{BoxRows: 3, BoxCols: 3})
	s9 := mustParse(t, "534678912672195348198342567859761423426853791713924856961537284287419635345286179", grid.Shape{BoxRows: 3, BoxCols: 3})
	return []Puzzle{
		{Grid: p4, Solution: &s4, Number: 1},
		{Grid: p6, Number: 2},
		{Grid: p9, Solution: &s9, Number: 3},
	}
}

func writeEntries(t testing.TB, f Format, opts TextOptions, entries []Puzzle) []byte {
	t.Helper()
	var b bytes.Buffer
	w := NewTextWriter(&b, f, opts)
	for _, e := range entries {
		if err := w.Write(e); err != nil {
			t.Fatalf("Write(%v puzzle %d) = %v", f, e.Number, err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatalf("Flush() = %v", err)
	}
	return b.Bytes()
}

// TestTextGolden pins the output of every format; go test -update rewrites
// testdata/text-*.golden.
func TestTextGolden(t *testing.T) {
	for _, f := range Formats() {
		for _, sols := range []bool{false, true} {
			name := "text-" + f.String()
			if sols {
				name += "-solutions"
			}
			t.Run(name, func(t *testing.T) {
				got := writeEntries(t, f, TextOptions{Solutions: sols}, sampleEntries(t))
				file := filepath.Join("testdata", name+".golden")
				if textUpdate() {
					if err := os.WriteFile(file, got, 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(file)
				if err != nil {
					t.Fatalf("%v (run go test -update to create it)", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%v output differs from %s:\n%s\nwant\n%s", f, file, got, want)
				}
			})
		}
	}
}

// readBack reads every record of b, which must all be good.
func readBack(t testing.TB, b []byte, opts formats.ReadOptions) []grid.Grid {
	t.Helper()
	rd := formats.NewReader(bytes.NewReader(b), "out", opts)
	var out []grid.Grid
	for {
		rec, err := rd.Read()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("Read: %v", err)
		}
		if rec.Err != nil {
			t.Fatalf("Read(%q): %v", b, rec.Err)
		}
		out = append(out, rec.Grid)
	}
}

// needsShape reports whether format f needs the shape to read back grids
// of shape s: their row length is also a puzzle's cell count, or their
// boxes are not the default of their size.
func needsShape(f Format, s grid.Shape) bool {
	switch f {
	case FormatGrid, FormatJSON:
		return false
	}
	def, _ := grid.ShapeOf(s.N())
	if def != s {
		return true
	}
	_, err := grid.ShapeOfCells(s.N())
	return f == FormatSDK && err == nil
}

// checkRoundtrip writes entries in format f and reads them back.
func checkRoundtrip(t testing.TB, f Format, opts TextOptions, entries []Puzzle) {
	t.Helper()
	out := writeEntries(t, f, opts, entries)
	// Solutions are marked as such: the reader skips them.
	var want []grid.Grid
	for _, e := range entries {
		want = append(want, e.Grid)
	}
	ropts := formats.ReadOptions{Alphabet: opts.Alphabet}
	if needsShape(f, entries[0].Grid.Shape) {
		ropts.Shape = entries[0].Grid.Shape
	}
	got := readBack(t, out, ropts)
	if len(got) != len(want) {
		t.Fatalf("%v: wrote %d grids, read back %d from\n%s", f, len(want), len(got), out)
	}
	for i := range want {
		if !got[i].Equal(want[i]) {
			t.Fatalf("%v: grid %d read back as %v %v, want %v %v, from\n%s", f, i, got[i].Shape, got[i], want[i].Shape, want[i], out)
		}
	}
}

// allShapes returns every supported box shape.
func allShapes() []grid.Shape {
	var out []grid.Shape
	for r := 2; r <= grid.MaxN/2; r++ {
		for c := 2; r*c <= grid.MaxN; c++ {
			out = append(out, grid.Shape{BoxRows: r, BoxCols: c})
		}
	}
	return out
}

// randomGrid fills about fill/256 of the cells with random digits; the
// grid need not be a valid Sudoku, only well formed.
func randomGrid(rng *rand.Rand, s grid.Shape, fill uint8) grid.Grid {
	g := grid.New(s)
	for i := range g.Cells {
		if rng.IntN(256) < int(fill) {
			g.Cells[i] = uint8(1 + rng.IntN(s.N()))
		}
	}
	return g
}

func randomEntries(rng *rand.Rand, s grid.Shape, count int) []Puzzle {
	entries := make([]Puzzle, count)
	for i := range entries {
		sol := randomGrid(rng, s, 255)
		entries[i] = Puzzle{Grid: randomGrid(rng, s, uint8(rng.IntN(256))), Number: i + 1}
		if i%2 == 0 {
			entries[i].Solution = &sol
		}
	}
	return entries
}

// readableFormats returns the formats that formats.NewReader reads back: all but
// iss.
func readableFormats() []Format {
	var out []Format
	for _, f := range Formats() {
		if f.ReadBack() {
			out = append(out, f)
		}
	}
	return out
}

func TestTextRoundtrip(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	letters, err := grid.ParseAlphabet("0-9A-Za-z")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range allShapes() {
		for _, f := range readableFormats() {
			t.Run(fmt.Sprintf("%v/%v", s, f), func(t *testing.T) {
				entries := randomEntries(rng, s, 3)
				checkRoundtrip(t, f, TextOptions{}, entries)
				checkRoundtrip(t, f, TextOptions{Solutions: true}, entries)
				checkRoundtrip(t, f, TextOptions{Solutions: true, Alphabet: &letters}, entries)
			})
		}
	}
}

// TestTextRoundtripSharedData writes real puzzles of every size in every
// format and reads them back.
func TestTextRoundtripSharedData(t *testing.T) {
	files := []struct {
		puzzles, solutions string
	}{
		{"royle17/puzzles.txt", "royle17/solutions.txt"},
		{"large/16x16.unique.txt", "large/16x16.unique.solutions.txt"},
		{"large/25x25.unique.txt", "large/25x25.unique.solutions.txt"},
	}
	for _, file := range files {
		t.Run(file.puzzles, func(t *testing.T) {
			limit := 200
			if testing.Short() {
				limit = 20
			}
			ps := textDataGrids(t, file.puzzles, limit)
			ss := textDataGrids(t, file.solutions, limit)
			entries := make([]Puzzle, len(ps))
			for i := range ps {
				entries[i] = Puzzle{Grid: ps[i], Solution: &ss[i], Number: i + 1}
			}
			for _, f := range readableFormats() {
				checkRoundtrip(t, f, TextOptions{Solutions: true}, entries)
			}
		})
	}
}

// textDataGrids reads the first limit puzzles of a shared data file.
func textDataGrids(t testing.TB, name string, limit int) []grid.Grid {
	t.Helper()
	f, err := os.Open(filepath.Join("../../shared/data", name))
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("shared puzzle data not found: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd := formats.NewReader(f, name, formats.ReadOptions{})
	var out []grid.Grid
	for len(out) < limit {
		rec, err := rd.Read()
		if err == io.EOF {
			break
		}
		if err != nil || rec.Err != nil {
			t.Fatalf("Read(%s) = %v, %v", name, rec.Err, err)
		}
		out = append(out, rec.Grid)
	}
	return out
}

func FuzzTextRoundtrip(f *testing.F) {
	f.Add(uint64(1), uint8(0), uint8(0), uint8(128), false)
	f.Add(uint64(2), uint8(7), uint8(1), uint8(255), true)
	f.Add(uint64(3), uint8(40), uint8(3), uint8(0), true)
	f.Add(uint64(4), uint8(13), uint8(4), uint8(200), false)
	shapes := allShapes()
	formats := readableFormats()
	f.Fuzz(func(t *testing.T, seed uint64, shape, format, fill uint8, sols bool) {
		rng := rand.New(rand.NewPCG(seed, 2))
		s := shapes[int(shape)%len(shapes)]
		entries := randomEntries(rng, s, 1+rng.IntN(3))
		entries[0].Grid = randomGrid(rng, s, fill)
		checkRoundtrip(t, formats[int(format)%len(formats)], TextOptions{Solutions: sols}, entries)
	})
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestTextWriterErrors(t *testing.T) {
	good := sampleEntries(t)[0]
	short := grid.Grid{Shape: grid.Shape{BoxRows: 2, BoxCols: 2}, Cells: make([]uint8, 15)}
	big := good.Grid.Clone()
	big.Cells[3] = 5
	other := sampleEntries(t)[2].Grid
	tiny, err := grid.ParseAlphabet("A-D")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		format Format
		opts   TextOptions
		entry  Puzzle
		want   string
	}{
		{"unknown format", Format(9), TextOptions{}, good, "unknown format: Format(9)"},
		{"bad shape", FormatLine, TextOptions{}, Puzzle{Grid: grid.Grid{Shape: grid.Shape{BoxRows: 1, BoxCols: 4}}}, "puzzle 1: box 1x4: boxes need at least 2 rows and 2 columns"},
		{"missing cells", FormatLine, TextOptions{}, Puzzle{Grid: short, Number: 5}, "puzzle 5: 15 cells for a 4x4 grid, want 16"},
		{"digit too big", FormatJSON, TextOptions{}, Puzzle{Grid: big}, "puzzle 1: r1c4 holds 5, more than 4"},
		{"solution of another shape", FormatGrid, TextOptions{Solutions: true}, Puzzle{Grid: good.Grid, Solution: &other}, "puzzle 1: solution of shape 3x3 for a puzzle of shape 2x2"},
		{"alphabet too small", FormatSDK, TextOptions{Alphabet: &tiny}, Puzzle{Grid: other}, `puzzle 1: alphabet "ABCD" has 4 symbols, too few for a 9x9 grid`},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		w := NewTextWriter(&b, tt.format, tt.opts)
		err := w.Write(tt.entry)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: Write() = %v, want %q", tt.name, err, tt.want)
		}
		if w.Flush(); b.Len() != 0 {
			t.Errorf("%s: wrote %q after an error", tt.name, b.String())
		}
	}
	// A solution is ignored, not checked, when solutions are not asked for.
	var b bytes.Buffer
	if err := NewTextWriter(&b, FormatLine, TextOptions{}).Write(Puzzle{Grid: good.Grid, Solution: &other}); err != nil {
		t.Errorf("Write(solution of another shape, no solutions) = %v, want nil", err)
	}
	w := NewTextWriter(failWriter{}, FormatLine, TextOptions{})
	if err := w.Write(good); err != nil {
		t.Errorf("Write() to a failing writer = %v before Flush, want nil (buffered)", err)
	}
	if err := w.Flush(); err == nil || err.Error() != "disk full" {
		t.Errorf("Flush() to a failing writer = %v, want disk full", err)
	}
}

// TestSDMZero checks that sdm writes '0' for empty cells, and '.' when '0'
// is a digit of the alphabet.
func TestSDMZero(t *testing.T) {
	e := sampleEntries(t)[0]
	got := string(writeEntries(t, FormatSDM, TextOptions{}, []Puzzle{e}))
	if want := "1004020100020400\n"; got != want {
		t.Errorf("sdm = %q, want %q", got, want)
	}
	zero, err := grid.ParseAlphabet("0-3")
	if err != nil {
		t.Fatal(err)
	}
	got = string(writeEntries(t, FormatSDM, TextOptions{Alphabet: &zero}, []Puzzle{e}))
	if want := "0..3.1.0...1.3..\n"; got != want {
		t.Errorf("sdm with alphabet 0-3 = %q, want %q", got, want)
	}
}

func BenchmarkTextWriter(b *testing.B) {
	entries := sampleEntries(b)
	e := entries[2]
	for _, f := range Formats() {
		b.Run(f.String(), func(b *testing.B) {
			w := NewTextWriter(io.Discard, f, TextOptions{Solutions: true})
			b.ReportAllocs()
			for b.Loop() {
				if err := w.Write(e); err != nil {
					b.Fatal(err)
				}
			}
			w.Flush()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}

func ExampleNewTextWriter() {
	g, _ := formats.Parse("1..4.2.1...2.4..")
	s, _ := formats.Parse("1324423131422413")
	w := NewTextWriter(os.Stdout, FormatGrid, TextOptions{Solutions: true})
	if err := w.Write(Puzzle{Grid: g, Solution: &s, Number: 1}); err != nil {
		fmt.Println(err)
	}
	w.Flush()

	w = NewTextWriter(os.Stdout, FormatJSON, TextOptions{})
	w.Write(Puzzle{Grid: g, Number: 1})
	w.Flush()
	// Output:
	// # puzzle 1
	// +-----+-----+
	// | 1 . | . 4 |
	// | . 2 | . 1 |
	// +-----+-----+
	// | . . | . 2 |
	// | . 4 | . . |
	// +-----+-----+
	//
	// # solution 1
	// +-----+-----+
	// | 1 3 | 2 4 |
	// | 4 2 | 3 1 |
	// +-----+-----+
	// | 3 1 | 4 2 |
	// | 2 4 | 1 3 |
	// +-----+-----+
	// {"index":0,"box":"2x2","puzzle":"1..4.2.1...2.4..","rows":[[1,0,0,4],[0,2,0,1],[0,0,0,2],[0,4,0,0]],"clues":6}
}

func ExampleParseFormat() {
	f, err := ParseFormat("SDK")
	fmt.Println(f, err)
	_, err = ParseFormat("pdf")
	fmt.Println(err)
	// Output:
	// sdk <nil>
	// unknown format "pdf": want one of line, grid, sdm, sdk, json, fpuzzles, fpuzzles-url, iss
}
