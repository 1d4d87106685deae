package formats_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	. "github.com/sudokugen/sudokugen/formats"
	. "github.com/sudokugen/sudokugen/grid"

	"github.com/sudokugen/sudokugen/internal/lzstring"
	"github.com/sudokugen/sudokugen/internal/lzstring/lztest"
)

// largestFPuzzles is the f-puzzles JSON of the largest puzzle its fields
// can state, as MaxLinkUnits counts it.
func largestFPuzzles() string {
	const n = MaxN
	name := func(r, c int) string { return fmt.Sprintf(`"R%dC%d"`, r+1, c+1) }
	var b strings.Builder
	list := func(key string, items []string) {
		fmt.Fprintf(&b, `,%q:[%s]`, key, strings.Join(items, ","))
	}
	fmt.Fprintf(&b, `{"size":%d,"grid":[`, n)
	for r := range n {
		if r > 0 {
			b.WriteByte(',')
		}
		row := make([]string, n)
		for c := range row {
			row[c] = fmt.Sprintf(`{"value":%d,"given":true,"region":%d}`, n, n-1)
		}
		b.WriteString("[" + strings.Join(row, ",") + "]")
	}
	b.WriteString(`],"diagonal+":true,"diagonal-":true,"antiking":true,"antiknight":true,"disjointgroups":true`)
	var cages, odd, regions, thermos, dots, xv []string
	for r := range n {
		var row []string
		for c := range n {
			cages = append(cages, fmt.Sprintf(`{"cells":[%s],"value":"%d"}`, name(r, c), n))
			odd = append(odd, fmt.Sprintf(`{"cell":%s}`, name(r, c)))
			row = append(row, name(r, c))
		}
		regions = append(regions, `{"cells":[`+strings.Join(row, ",")+`]}`)
		thermos = append(thermos, `{"lines":[[`+strings.Join(row, ",")+`]]}`)
	}
	for r := range n {
		for c := range n {
			for _, d := range [][2]int{{0, 1}, {1, 0}} {
				if r+d[0] < n && c+d[1] < n {
					pair := name(r, c) + "," + name(r+d[0], c+d[1])
					dots = append(dots, `{"cells":[`+pair+`]}`)
					xv = append(xv, `{"cells":[`+pair+`],"value":"X"}`)
				}
			}
		}
	}
	list("killercage", cages)
	list("extraregion", regions)
	list("odd", odd)
	list("difference", dots)
	list("xv", xv)
	list("thermometer", thermos)
	fmt.Fprintf(&b, `,"title":%q,"author":%q,"ruleset":%q}`, strings.Repeat("t", 200), strings.Repeat("a", 100), strings.Repeat("r", 4000))
	return b.String()
}

// TestMaxLinkUnits: the largest puzzle decompresses within the bound, with
// room to spare for constraints still to come.
func TestMaxLinkUnits(t *testing.T) {
	js := largestFPuzzles()
	if len(js) > MaxLinkUnits*2/3 {
		t.Errorf("the largest f-puzzles JSON has %d bytes, more than two thirds of MaxLinkUnits (%d)", len(js), MaxLinkUnits)
	}
	got, err := lzstring.Decompress(context.Background(), lzstring.CompressToBase64(js), MaxLinkUnits)
	if err != nil || got != js {
		t.Fatalf("Decompress(the largest puzzle's link) = %d bytes, %v", len(got), err)
	}
	t.Logf("the largest f-puzzles JSON: %d bytes", len(js))
}

// TestLinkBomb: a link whose codes each point at the newest dictionary
// entry is refused at the bound, fast and with little memory.
func TestLinkBomb(t *testing.T) {
	link := FPuzzlesURL + lztest.Bomb(24<<10, '{')
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := ParseFPuzzlesLink(link)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "decompresses to more than") {
		t.Errorf("ParseFPuzzlesLink(bomb) = %v, want an error saying it is too large", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16*MaxLinkUnits {
		t.Errorf("ParseFPuzzlesLink(bomb) allocated %d bytes, want at most %d", alloc, 16*MaxLinkUnits)
	}
	// through the reader, as the command line and the service read links
	rd := NewReader(strings.NewReader(link+"\n"+link+"\n"), "in", ReadOptions{})
	for k := range 2 {
		rec, err := rd.Read()
		if err != nil || rec.Err == nil || !strings.Contains(rec.Err.Error(), "in:"+fmt.Sprint(k+1)+":") {
			t.Errorf("record %d of two bombs: %v, %v, want a parse error on line %d", k, err, rec.Err, k+1)
		}
	}
	// a context done stops the decompression of a long link
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	var b strings.Builder
	for i := range 100000 {
		b.WriteRune(rune(0x4e00 + i%20000))
	}
	if _, err := ParseFPuzzlesLinkContext(ctx, FPuzzlesURL+lzstring.CompressToBase64(b.String())); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("ParseFPuzzlesLinkContext past its deadline: %v, want context.DeadlineExceeded", err)
	}
}

// Links that hold no f-puzzles data get a message that says what to paste.
func TestLinkMessages(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://www.f-puzzles.com/?load=", `holds no puzzle after "load="`},
		{"https://www.f-puzzles.com/?load=&x=1", `holds no puzzle after "load="`},
		{"https://sudokupad.app/fpuzzles", `holds no puzzle after "fpuzzles"`},
		{"https://sudokupad.app/4p8x8rd1vx", `SudokuPad short link ("4p8x8rd1vx")`},
		{"https://sudokupad.app/jovi/some-title", `SudokuPad short link ("jovi/some-title")`},
		{"https://app.crackingthecryptic.com/sudoku/abcdef", `SudokuPad short link ("abcdef")`},
		{"https://beta.sudokupad.app/?puzzleid=xyz123", `SudokuPad short link ("xyz123")`},
		{"https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9liBdMooA", `SudokuPad's own format ("scl")`},
		{"https://sudokupad.app/ctcN4Igzglg", `SudokuPad's own format ("ctc")`},
		{"https://sudokupad.app/", "names no puzzle"},
	}
	for _, tt := range tests {
		_, err := ParseFPuzzlesLink(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseFPuzzlesLink(%q) = %v, want an error with %q", tt.in, err, tt.want)
			continue
		}
		if strings.Contains(tt.in, "sudokupad.app/") && !strings.Contains(tt.in, "fpuzzles") && !strings.Contains(err.Error(), Instead) {
			t.Errorf("ParseFPuzzlesLink(%q) = %v, want it to say what to paste instead", tt.in, err)
		}
		// the readers give the same message, on its line
		rd := NewReader(strings.NewReader("\n"+tt.in+"\n"), "in", ReadOptions{})
		rec, rerr := rd.Read()
		if rerr != nil || rec.Err == nil || !strings.Contains(rec.Err.Error(), "in:2:") || !strings.Contains(rec.Err.Error(), tt.want) {
			t.Errorf("reading %q: %v, %v, want the error %q on line 2", tt.in, rerr, rec.Err, tt.want)
		}
	}
}
