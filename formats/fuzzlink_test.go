package formats_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	. "github.com/sudokugen/sudokugen/formats"

	"github.com/sudokugen/sudokugen/internal/lzstring"
	"github.com/sudokugen/sudokugen/internal/lzstring/lztest"
)

// goTypeName matches what only Go's own messages say: type names of this
// package and of Go, which a user who wrote f-puzzles JSON cannot act on.
var goTypeName = regexp.MustCompile(`Go (struct|value)|\bgrid\.[A-Za-z]|\b(fp[A-Z]\w*|rulesJSON)\b|\[\][a-z]|\bu?int(8|16|32|64)?\b|\bfloat(32|64)\b|json\.RawMessage|map\[`)

// maxFuzzAlloc bounds what reading one input may allocate.
const maxFuzzAlloc = 100 << 20

// FuzzLinks reads arbitrary f-puzzles JSON and links: as they are, and
// compressed into a link (so that the fuzzer's changes reach the JSON
// inside links too). Never a panic, never more than 100 MB allocated for
// one input, and no Go type name in any error.
//
// The Go type names are what the readers' own messages must leave out;
// SUDOKUGEN_FUZZ_GONAMES=0 leaves that check out, to fuzz for the rest
// alone.
func FuzzLinks(f *testing.F) {
	files, _ := filepath.Glob("../verify/testdata/variants/fpuzzles/*.json")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		var c bytes.Buffer
		if err := json.Compact(&c, data); err != nil {
			f.Fatalf("%s: %v", name, err)
		}
		f.Add(c.Bytes(), false)
		f.Add(c.Bytes(), true)
		f.Add([]byte(FPuzzlesURL+lzstring.CompressToBase64(c.String())), false)
	}
	if links, err := os.Open("../output/testdata/text-fpuzzles-url.golden"); err == nil {
		sc := bufio.NewScanner(links)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "http") {
				f.Add([]byte(sc.Text()), false)
			}
		}
		links.Close()
	}
	for _, s := range []string{
		FPuzzlesURL, "https://sudokupad.app/fpuzzles", "https://sudokupad.app/4p8x8rd1vx", "https://sudokupad.app/sclN4Ig",
		FPuzzlesURL + lztest.Bomb(2000, '{'),
	} {
		f.Add([]byte(s), false)
	}
	goNames := os.Getenv("SUDOKUGEN_FUZZ_GONAMES") != "0"
	f.Fuzz(func(t *testing.T, data []byte, asLink bool) {
		in := data
		if asLink {
			in = []byte(FPuzzlesURL + lzstring.CompressToBase64(string(data)))
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var errs []error
		if _, err := ParseFPuzzles(in); err != nil {
			errs = append(errs, err)
		}
		if _, err := ParseFPuzzlesLink(string(in)); err != nil {
			errs = append(errs, err)
		}
		rd := NewReader(bytes.NewReader(in), "fuzz", ReadOptions{})
		for {
			rec, err := rd.Read()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if rec.Err != nil {
				errs = append(errs, rec.Err)
			}
		}
		runtime.ReadMemStats(&after)
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > maxFuzzAlloc {
			t.Fatalf("reading %d bytes allocated %d bytes, more than %d", len(in), alloc, maxFuzzAlloc)
		}
		if !goNames {
			return
		}
		for _, err := range errs {
			if m := goTypeName.FindString(err.Error()); m != "" {
				t.Fatalf("error %q names a Go type (%q)", err, m)
			}
		}
	})
}
