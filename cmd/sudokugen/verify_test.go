package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/verify"
)

const (
	easy     = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	easySol  = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	sixteen  = ".......................2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
	emptyRow = "................................................................................."
)

func TestVerifyExitCodes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		code  int
	}{
		{"unique", easy + "\n", []string{"verify"}, 0},
		{"multiple", emptyRow + "\n", []string{"verify"}, 1},
		{"one bad of two", easy + "\n" + easy[:80] + "\n", []string{"verify"}, 1},
		{"no puzzles", "", []string{"verify"}, 1},
		{"comments only", "# nothing\n\n", []string{"verify"}, 1},
		{"missing file", "", []string{"verify", "no/such/file.txt"}, 2},
		{"bad flag", "", []string{"verify", "--nope"}, 2},
		{"bad count limit", easy, []string{"verify", "--count-limit", "1"}, 2},
		{"bad box", easy, []string{"verify", "--box", "3y3"}, 2},
		{"unknown command", "", []string{"frobnicate"}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, code := cli(t, tc.stdin, tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tc.code, stderr)
			}
			if strings.Contains(stderr, "goroutine ") || strings.Contains(stderr, "panic") {
				t.Fatalf("stderr has a stack trace:\n%s", stderr)
			}
		})
	}
}

// Every kind of bad input gets a message that says where and what, and the
// good puzzles around it still get their verdicts.
func TestVerifyBadInput(t *testing.T) {
	long := strings.Repeat("1", 10<<20)
	clash := "55" + easy[2:]
	for _, tc := range []struct {
		name, bad, want string
	}{
		{"wrong length", easy[:80], "2:1: invalid: 80 cells"},
		{"unknown symbol", easy[:10] + "z" + easy[11:], "2:11: invalid: symbol 'z'"},
		{"clashing givens", clash, "2:2: invalid: digit 5 repeats in row 1 (r1c1 and r1c2)"},
		{"binary garbage", "\x00\x01\xff\xfe garbage", "2:1: invalid: binary"},
		{"ten megabyte line", long, "2:1048577: invalid: line longer than 1048576 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := writeFile(t, "in.txt", easy+"\n"+tc.bad+"\n"+easy+"\n")
			stdout, stderr, code := cli(t, "", "verify", "--workers", "0", path)
			if code != 1 {
				t.Fatalf("exit %d, want 1; stderr %s", code, stderr)
			}
			lines := strings.Split(strings.TrimSpace(stdout), "\n")
			if len(lines) != 3 {
				t.Fatalf("%d output lines, want 3:\n%s", len(lines), stdout)
			}
			if lines[0] != path+":1: unique" || lines[2] != path+":3: unique" {
				t.Errorf("the good puzzles around the bad one: %q, %q; want unique", lines[0], lines[2])
			}
			if !strings.HasPrefix(lines[1], path+":"+tc.want) {
				t.Errorf("bad record: %q, want prefix %q", lines[1], path+":"+tc.want)
			}
			if len(lines[1]) > 400 {
				t.Errorf("the message for the bad record is %d bytes long; it should not echo the input", len(lines[1]))
			}
		})
	}
}

func TestVerifyEmptyFile(t *testing.T) {
	path := writeFile(t, "empty.txt", "")
	_, stderr, code := cli(t, "", "verify", path)
	if code != 1 || !strings.Contains(stderr, path+": no puzzles found") {
		t.Fatalf("exit %d, stderr %q; want 1 and %q", code, stderr, path+": no puzzles found")
	}
}

// The output is the same, byte for byte, whatever the number of workers.
func TestVerifySameOutputForAnyWorkers(t *testing.T) {
	var in strings.Builder
	puzzles, err := os.ReadFile(dataFile(t, "royle17/puzzles.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.SplitN(string(puzzles), "\n", 301)[:300] {
		in.WriteString(line + "\n")
		switch i % 50 {
		case 7:
			in.WriteString(emptyRow + "\n")
		case 13:
			in.WriteString(line[:40] + "\n")
		case 21:
			in.WriteString("11" + line[2:] + "\n")
		}
	}
	var want string
	for _, w := range []string{"0", "1", "2", "3"} {
		for _, format := range []string{"", "--json"} {
			args := []string{"verify", "--workers", w, "--count-limit", "3"}
			if format != "" {
				args = append(args, format)
			}
			stdout, stderr, code := cli(t, in.String(), args...)
			if code != 1 {
				t.Fatalf("workers %s: exit %d, want 1; %s", w, code, stderr)
			}
			if format == "" {
				if want == "" {
					want = stdout
				} else if stdout != want {
					t.Fatalf("workers %s: output differs from workers 0", w)
				}
			}
		}
	}
	if n := strings.Count(want, ": unique\n"); n != 300 {
		t.Errorf("%d unique verdicts, want 300", n)
	}
}

func TestVerifyJSON(t *testing.T) {
	stdout, _, code := cli(t, easy+"\n"+emptyRow+"\n"+easy[:9]+"\n", "verify", "--json", "--workers", "0")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d JSON lines, want 3", len(lines))
	}
	type verdict struct {
		Index     int      `json:"index"`
		Puzzle    string   `json:"puzzle"`
		Status    string   `json:"status"`
		Solution  *string  `json:"solution"`
		Solutions []string `json:"solutions"`
		Error     *string  `json:"error"`
	}
	var v [3]verdict
	for i, l := range lines {
		if err := json.Unmarshal([]byte(l), &v[i]); err != nil {
			t.Fatalf("line %d: %v: %s", i+1, err, l)
		}
		if v[i].Index != i {
			t.Errorf("line %d: index %d", i+1, v[i].Index)
		}
	}
	if v[0].Status != "unique" || v[0].Solution == nil || *v[0].Solution != easySol {
		t.Errorf("unique puzzle: %+v", v[0])
	}
	if v[1].Status != "multiple" || len(v[1].Solutions) != 2 || v[1].Solutions[0] == v[1].Solutions[1] || v[1].Solution != nil {
		t.Errorf("multiple puzzle: %+v", v[1])
	}
	if v[2].Status != "invalid" || v[2].Error == nil {
		t.Errorf("invalid puzzle: %+v", v[2])
	}
}

func TestVerifyCountLimit(t *testing.T) {
	empty4 := strings.Repeat(".", 16)
	stdout, _, _ := cli(t, empty4+"\n", "verify", "--count-limit", "1000")
	if !strings.Contains(stdout, "multiple: exactly 288 solutions") {
		t.Fatalf("empty 4x4 with --count-limit 1000: %q, want exactly 288 solutions", stdout)
	}
	stdout, _, _ = cli(t, sixteen+"\n", "verify")
	if !strings.Contains(stdout, "multiple: at least 2 solutions") {
		t.Fatalf("16-clue puzzle: %q", stdout)
	}
}

func TestSolve(t *testing.T) {
	stdout, _, code := cli(t, easy+"\n"+emptyRow+"\n"+easy+"\n", "solve")
	want := fmt.Sprintf("%s\n# puzzle 2: <stdin>:2: multiple: ", easySol)
	if code != 1 || !strings.HasPrefix(stdout, want) || !strings.HasSuffix(stdout, easySol+"\n") {
		t.Fatalf("solve: exit %d, output\n%s", code, stdout)
	}
	stdout, _, code = cli(t, easy+"\n", "solve")
	if code != 0 || stdout != easySol+"\n" {
		t.Fatalf("solve one: exit %d, %q", code, stdout)
	}
}

func TestVerifyMaxPuzzles(t *testing.T) {
	in := strings.Repeat(easy+"\n", 40)
	for _, w := range []string{"0", "2"} {
		stdout, stderr, code := cli(t, in, "verify", "--max-puzzles", "30", "--workers", w)
		if code != 2 || strings.Count(stdout, "unique") != 30 || !strings.Contains(stderr, "more than 30 puzzles") {
			t.Fatalf("workers %s: exit %d, %d verdicts, stderr %q; want 2, the first 30 verdicts, and why", w, code, strings.Count(stdout, "unique"), stderr)
		}
		if _, _, code := cli(t, strings.Repeat(easy+"\n", 30), "verify", "--max-puzzles", "30", "--workers", w); code != 0 {
			t.Fatalf("workers %s: exactly 30 puzzles with --max-puzzles 30: exit %d, want 0", w, code)
		}
	}
}

// verify --check sat proves every unique and none verdict again with
// gophersat: the same output and exit code as without it, on worker
// processes and in this one.
func TestVerifyCheckSAT(t *testing.T) {
	in := sampleLines(t, "royle17/puzzles.txt", 2500, 20) +
		sampleLines(t, "tdoku/top1465.txt", 150, 10) +
		sampleLines(t, "large/16x16.unique.txt", 400, 2) +
		nonePuzzles(t, 5) + emptyRow + "\n" + easy[:80] + "\n"
	want, _, wcode := cli(t, in, "verify", "--workers", "0", "--json")
	for _, workers := range []string{"0", "2"} {
		got, errOut, code := cli(t, in, "verify", "--workers", workers, "--json", "--check", "sat")
		if got != want || code != wcode {
			t.Errorf("--check sat --workers %s: exit %d (%s), want %d; output differs: %v", workers, code, errOut, wcode, got != want)
		}
	}
	if _, errOut, code := cli(t, easy, "verify", "--check", "cadical"); code != 2 || !strings.Contains(errOut, `--check "cadical": want sat`) {
		t.Errorf("--check cadical: exit %d, %q; want a usage error", code, errOut)
	}
}

// A verdict that the solver does not prove again stops the run with an
// error that names the puzzle.
func TestVerifyCheckFailure(t *testing.T) {
	c := verdict{file: "puzzles.txt", rec: formats.Record{Line: 12}, status: "error",
		result: verify.Result{Status: verify.Unique, Err: fmt.Errorf("%w: unique by search, but gophersat finds another solution", verify.ErrCheck)}}
	err := checkFailure(c)
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != exitNotOK || !strings.HasPrefix(err.Error(), "puzzles.txt:12: --check sat: ") {
		t.Errorf("checkFailure = %v, want exit %d with an error naming puzzles.txt:12", err, exitNotOK)
	}
	c.result.Err = nil
	if err := checkFailure(c); err != nil {
		t.Errorf("checkFailure of a verdict without error = %v", err)
	}
}

// Verdicts come out in input order, one for each puzzle, past the point
// where the queue of records in flight drops those already out (1,024).
func TestVerifyKeepsOrderOverLongRuns(t *testing.T) {
	in := string(royleInput(t, 5000))
	stdout, stderr, code := cli(t, in, "verify", "-q", "--workers", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 5000 {
		t.Fatalf("%d verdicts, want 5000", len(lines))
	}
	for i, l := range lines {
		if want := fmt.Sprintf("<stdin>:%d: unique", i+1); l != want {
			t.Fatalf("verdict %d is %q, want %q", i+1, l, want)
		}
	}
}
