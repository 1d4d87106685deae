package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// tinyDisk mounts a 64 KB tmpfs, or skips the test when that is not
// allowed here (not root, no tmpfs).
func tinyDisk(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a 64 KB tmpfs (needs root): %v: %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v: %s", dir, err, out)
		}
	})
	return dir
}

// sameFiles checks that dir holds exactly the file name with content want.
func sameFiles(t *testing.T, dir, name, want string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 1 || names[0] != name {
		t.Errorf("%s holds %q, want only %s", dir, names, name)
	}
	got, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil || string(got) != want {
		t.Errorf("%s = %q, %v, want %q as before the run", name, cut(string(got)), err, want)
	}
}

func cut(s string) string {
	if len(s) > 80 {
		return s[:40] + "..." + s[len(s)-40:]
	}
	return s
}

// TestOutputWholeOnFullDisk replays -o on a 64 KB disk: the run fails, and
// the earlier file is left as it was, with no partial file beside it.
func TestOutputWholeOnFullDisk(t *testing.T) {
	royle := dataFile(t, "royle17/puzzles.txt")
	dir := tinyDisk(t)
	prev := filepath.Join(dir, "prev.txt")
	for _, args := range [][]string{
		// Long records fill the disk after a few hundred puzzles.
		{"verify", "-q", "--workers", "0", "--json", royle},
		{"solve", "-q", "--workers", "0", "--json", royle},
		{"rate", "-q", "--explain", royle},
		{"generate", "-q", "--seed", "1", "-n", "3000", "--workers", "0", "--format", "grid", "--solutions"},
	} {
		t.Run(args[0], func(t *testing.T) {
			if err := os.WriteFile(prev, []byte("keep\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			_, stderr, code := cli(t, "", append(args, "-o", prev)...)
			if code != 2 || !strings.Contains(stderr, "write "+prev+": no space left on device") {
				t.Errorf("%v -o %s: exit %d, stderr %q, want exit 2 and no space left", args, prev, code, stderr)
			}
			sameFiles(t, dir, "prev.txt", "keep\n")
		})
	}
}

// TestOutputKeptOnFailure replays runs that fail for another reason than
// the disk: the file stays as it was, unless generate made complete
// puzzles, which it keeps and says so.
func TestOutputKeptOnFailure(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "f.txt")
	five := writeFile(t, "five.txt", strings.Join(fiveRoyle(t), "\n")+"\n")
	for _, args := range [][]string{
		{"generate", "--seed", "1", "-n", "20", "--timeout", "1ms", "--workers", "1"},
		{"verify", "--max-puzzles", "3", five},
		{"solve", "--max-puzzles", "3", five},
		{"rate", "--max-puzzles", "3", five},
	} {
		t.Run(args[0], func(t *testing.T) {
			if err := os.WriteFile(f, []byte("old\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			_, stderr, code := cli(t, "", append(args, "-o", f)...)
			if code == 0 {
				t.Errorf("%v -o f: exit 0, want a failure; stderr %q", args, stderr)
			}
			sameFiles(t, dir, "f.txt", "old\n")
		})
	}
}

func fiveRoyle(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(dataFile(t, "royle17/puzzles.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(string(b), "\n")[:5]
}

// TestGenerateStoppedKeepsWhole stops a generate run part way: the file
// holds complete puzzles, the same as a run of that many, and standard
// error names the --start that continues.
func TestGenerateStoppedKeepsWhole(t *testing.T) {
	f := filepath.Join(t.TempDir(), "f.txt")
	if err := os.WriteFile(f, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	var out, errb bytes.Buffer
	code := run(ctx, []string{"generate", "--seed", "4", "-n", "1000000", "--workers", "0", "-o", f},
		&streams{In: strings.NewReader(""), Out: &out, Err: &errb})
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	if code == 0 {
		t.Fatalf("generate -n 1000000 stopped after 0.5s: exit 0")
	}
	if string(b) == "old\n" {
		if strings.Contains(errb.String(), "--start") {
			t.Errorf("file left as it was, but stderr %q names a --start", errb.String())
		}
		t.Skip("no puzzle made before the stop")
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	for i, l := range lines {
		if len(l) != 81 {
			t.Fatalf("line %d of the kept file = %q, want a whole puzzle", i+1, l)
		}
	}
	want := fmt.Sprintf("--start %d -n %d", len(lines), 1000000-len(lines))
	if !strings.Contains(errb.String(), want) {
		t.Errorf("stderr %q, want it to name %q", errb.String(), want)
	}
	k := min(len(lines), 5)
	fresh, _, _ := cli(t, "", "generate", "--seed", "4", "-n", strconv.Itoa(k), "--workers", "0", "-q")
	if got := strings.Join(lines[:k], "\n") + "\n"; got != fresh {
		t.Errorf("kept puzzles\n%s\nwant those of a run of %d\n%s", got, k, fresh)
	}
}

// TestVerdictsBeforeInputError replays an input error after the first
// puzzles: the verdicts decided before it are printed.
func TestVerdictsBeforeInputError(t *testing.T) {
	five := writeFile(t, "five.txt", strings.Join(fiveRoyle(t), "\n")+"\n")
	for _, tc := range []struct {
		args  []string
		lines int
		err   string
	}{
		{[]string{"verify", five, "no/such/file.txt"}, 5, "no/such/file.txt"},
		{[]string{"verify", "--max-puzzles", "3", five}, 3, "more than 3 puzzles"},
		{[]string{"verify", "--workers", "2", "--max-puzzles", "3", five}, 3, "more than 3 puzzles"},
		{[]string{"solve", "--max-puzzles", "3", five}, 3, "more than 3 puzzles"},
		{[]string{"rate", "--max-puzzles", "3", five}, 3, "more than 3 puzzles"},
	} {
		stdout, stderr, code := cli(t, "", tc.args...)
		got := strings.Count(stdout, "\n")
		if code != 2 || got != tc.lines || !strings.Contains(stderr, tc.err) {
			t.Errorf("%v: exit %d, %d lines %q, stderr %q; want exit 2, %d lines and %q", tc.args, code, got, stdout, stderr, tc.lines, tc.err)
		}
	}
}

// failReader fails the test that reads it.
type failReader struct{ t *testing.T }

func (r failReader) Read([]byte) (int, error) {
	r.t.Errorf("input read before the flags were checked")
	return 0, os.ErrClosed
}

// TestUsageUpFront replays flags that did nothing, or something else than
// asked, or failed only after the work: each is a usage error before any.
func TestUsageUpFront(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join("..", "..", "formats", "testdata", "plain.txt")
	sixteen := dataFile(t, "large/16x16.unique.txt")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"verify", "-o", dir}, "is a folder"},
		{[]string{"rate", "-o", dir}, "is a folder"},
		{[]string{"solve", "-o", filepath.Join(dir, "no", "such.txt")}, "no such file"},
		{[]string{"generate", "-n", "100000", "-o", dir}, "is a folder"},
		{[]string{"book", "-o", dir}, "is a folder"},
		{[]string{"generate", "--size", "9", "--box", "2x3"}, "--size 9 does not match --box 2x3"},
		{[]string{"generate", "--start", "9223372036854775807", "-n", "2"}, "would pass 9223372036854775807"},
		{[]string{"generate", "--page", "a4"}, "--page applies to PDF books only"},
		{[]string{"generate", "--title", "Sudoku", "--format", "grid"}, "--title applies to PDF books only"},
		{[]string{"generate", "--per-page", "2", "--format", "json"}, "--per-page applies to PDF books only"},
		{[]string{"generate", "--size", "16", "--format", "pdf", "--per-page", "6", "-o", filepath.Join(dir, "b.pdf")}, "a page holds at most 2 16x16 puzzles"},
		{[]string{"book", "--format", "svg", "--page", "6x9", big}, "--page applies to PDF books only"},
		{[]string{"book", "--format", "png", "--sections", "-o", filepath.Join(dir, "p.png"), big}, "--sections applies to PDF books only"},
		{[]string{"book", "--pixels", "500", "-o", filepath.Join(dir, "b.pdf"), big}, "--pixels applies to PNG images only"},
		{[]string{"generate", "--large-print"}, "--large-print applies to PDF books only"},
		{[]string{"generate", "--order", "diag"}, `unknown order "diag" (want auto, random, rows)`},
		{[]string{"generate", "--max-solves", "-2"}, "--max-solves -2: want a number of solves, 0 for the default, or -1 for no bound"},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), tc.args, &streams{In: failReader{t}, Out: &out, Err: &errb})
		if code != 2 || !strings.Contains(errb.String(), tc.want) || out.Len() > 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want a usage error with %q", tc.args, code, out.String(), errb.String(), tc.want)
		}
	}
	// A book learns the size from its input: the check comes after it.
	lines := strings.Join(strings.Split(readFile(t, sixteen), "\n")[:3], "\n")
	_, stderr, code := cli(t, lines, "book", "--per-page", "4", "--workers", "0", "-o", filepath.Join(dir, "b.pdf"))
	if code != 2 || !strings.Contains(stderr, "a page holds at most 2 16x16 puzzles") {
		t.Errorf("book --per-page 4 of 16x16 puzzles: exit %d, stderr %q, want a usage error", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "b.pdf")); err == nil {
		t.Errorf("book --per-page 4 of 16x16 puzzles wrote b.pdf")
	}
	// The largest index is still a puzzle.
	if _, stderr, code := cli(t, "", "generate", "--start", "9223372036854775807", "-n", "1", "--seed", "1", "--workers", "0", "-q"); code != 0 {
		t.Errorf("generate --start 9223372036854775807 -n 1: exit %d, stderr %q", code, stderr)
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestWitnessAlphabet replays a 16x16 witness, whose digits were printed in
// decimal ("2 or 11"): they are in the grid's alphabet.
func TestWitnessAlphabet(t *testing.T) {
	multi := strings.Join(strings.Split(readFile(t, dataFile(t, "large/16x16.multi.txt")), "\n")[:20], "\n")
	tests := []struct {
		name, in string
		args     []string
		symbols  string
	}{
		{"16x16", multi, nil, "123456789ABCDEFG"},
		{"custom alphabet", emptyRow, []string{"--alphabet", "a-i"}, "abcdefghi"},
	}
	witness := regexp.MustCompile(`\((\S+) or (\S+)\)`)
	for _, tt := range tests {
		stdout, stderr, _ := cli(t, tt.in, append([]string{"verify", "--workers", "0"}, tt.args...)...)
		found := 0
		for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
			m := witness.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			found++
			for _, d := range m[1:] {
				if len(d) != 1 || !strings.Contains(tt.symbols, d) {
					t.Errorf("%s: witness %q: digit %q is not a symbol of %s", tt.name, line, d, tt.symbols)
				}
			}
		}
		if found == 0 {
			t.Errorf("%s: no witness in %q (stderr %q)", tt.name, stdout, stderr)
		}
	}
}

// TestOutputAlphabet: with --alphabet, the puzzle and solutions of verify
// --json and the solutions of solve are written in the input's symbols,
// not in the default ones.
func TestOutputAlphabet(t *testing.T) {
	letters := strings.NewReplacer("1", "A", "2", "B", "3", "C", "4", "D", "5", "E", "6", "F", "7", "G", "8", "H", "9", "I")
	in, sol := letters.Replace(easy), letters.Replace(easySol)
	stdout, stderr, code := cli(t, in+"\n", "verify", "--json", "--alphabet", "ABCDEFGHI", "--workers", "0", "-q")
	if code != 0 {
		t.Fatalf("verify --json --alphabet: exit %d: %s", code, stderr)
	}
	var v struct {
		Puzzle   string `json:"puzzle"`
		Solution string `json:"solution"`
	}
	if err := json.Unmarshal([]byte(stdout), &v); err != nil {
		t.Fatalf("verify --json: %v: %q", err, stdout)
	}
	if v.Puzzle != in || v.Solution != sol {
		t.Errorf("verify --json --alphabet ABCDEFGHI = puzzle %q, solution %q; want %q, %q", v.Puzzle, v.Solution, in, sol)
	}
	stdout, _, _ = cli(t, in+"\n", "solve", "--alphabet", "ABCDEFGHI", "--workers", "0", "-q")
	if got := strings.TrimSpace(stdout); got != sol {
		t.Errorf("solve --alphabet ABCDEFGHI = %q, want %q", got, sol)
	}
}

// TestRateUnratedMessage replays "not rated: more than one solution: not
// rated": the reason is said once, and a clash names its digit and cells.
func TestRateUnratedMessage(t *testing.T) {
	tests := []struct{ in, want string }{
		{"8.........95.......76.........426798...571243...893165......916....3.487....1.532", "<stdin>:1: not rated: more than one solution\n"},
		{".4.1..35.............2.5......4.89..26.....12.5.3....7..4...16.6....7....1..8..2.", "<stdin>:1: not rated: digit 2 repeats in row 5 (r5c1 and r5c9)\n"},
	}
	for _, tt := range tests {
		stdout, _, code := cli(t, tt.in+"\n", "rate", "-q")
		if stdout != tt.want || code != 1 {
			t.Errorf("rate %s = %q, exit %d, want %q, exit 1", tt.in, stdout, code, tt.want)
		}
	}
}

// --max-solves -1 lifts the bound at every size; below 36x36 that is the
// default, so the puzzles are the same bytes.
func TestMaxSolvesNoBound(t *testing.T) {
	def, stderr, code := cli(t, "", "generate", "--size", "16", "-n", "2", "--seed", "4", "--workers", "0", "-q")
	if code != 0 {
		t.Fatalf("generate --size 16: exit %d, stderr %q", code, stderr)
	}
	lifted, stderr, code := cli(t, "", "generate", "--size", "16", "-n", "2", "--seed", "4", "--workers", "0", "-q", "--max-solves", "-1")
	if code != 0 {
		t.Fatalf("generate --size 16 --max-solves -1: exit %d, stderr %q", code, stderr)
	}
	if def != lifted || len(def) != 2*257 {
		t.Fatalf("--max-solves -1 gave %q, the default %q; want the same two puzzles", lifted, def)
	}
}

// A clash names its digit by the symbol the input used: A on 16x16, and
// the --alphabet's symbol, in the verdict line and in --json's clashes and
// error.
func TestClashAlphabet(t *testing.T) {
	tests := []struct {
		name, in string
		args     []string
		want     string
	}{
		{"16x16", "AA" + strings.Repeat(".", 254) + "\n", nil, "digit A repeats in row 1 (r1c1 and r1c2)"},
		{"custom alphabet", "bb" + strings.Repeat(".", 79) + "\n", []string{"--alphabet", "a-i"}, "digit b repeats in row 1 (r1c1 and r1c2)"},
	}
	for _, tt := range tests {
		for _, json := range []bool{false, true} {
			args := append([]string{"verify", "--workers", "0"}, tt.args...)
			if json {
				args = append(args, "--json")
			}
			stdout, stderr, code := cli(t, tt.in, args...)
			if code == 0 || !strings.Contains(stdout, tt.want) {
				t.Errorf("%s (json %v): exit %d, stdout %q, stderr %q; want %q", tt.name, json, code, stdout, stderr, tt.want)
			}
			if json && !strings.Contains(stdout, `"error":"givens clash: `+tt.want+` (and 1 more)"`) {
				t.Errorf("%s: --json error field in %q, want the clash in the input's symbols", tt.name, stdout)
			}
		}
	}
}

// The closing lines of generate, verify and rate count one puzzle in the
// singular.
func TestOnePuzzleInWords(t *testing.T) {
	_, stderr, code := cli(t, "", "generate", "-n", "1", "--seed", "1")
	if code != 0 || !strings.HasPrefix(stderr, "1 puzzle in ") {
		t.Errorf("generate -n 1: exit %d, stderr %q, want a line that starts \"1 puzzle in\"", code, stderr)
	}
	puzzle, _, _ := cli(t, "", "generate", "-q", "-n", "1", "--seed", "1")
	for _, cmd := range []string{"verify", "rate"} {
		if _, stderr, _ := cli(t, puzzle, cmd); !strings.Contains(stderr, "\n1 puzzle: ") && !strings.HasPrefix(stderr, "1 puzzle: ") {
			t.Errorf("%s of one puzzle: stderr %q, want a line that starts \"1 puzzle:\"", cmd, stderr)
		}
	}
	_, stderr, code = cli(t, "", "generate", "-n", "2", "--seed", "1")
	if code != 0 || !strings.HasPrefix(stderr, "2 puzzles in ") {
		t.Errorf("generate -n 2: exit %d, stderr %q, want a line that starts \"2 puzzles in\"", code, stderr)
	}
}
