package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// verdictsOf runs verify --json on a file and returns "status puzzle" for
// each puzzle, or "error ..." for a bad record.
func verdictsOf(t *testing.T, args ...string) []string {
	t.Helper()
	stdout, stderr, code := cli(t, "", append([]string{"verify", "--json", "-q", "--workers", "0"}, args...)...)
	if code == 2 {
		t.Fatalf("verify %v: exit 2: %s", args, stderr)
	}
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var v struct {
			Status string `json:"status"`
			Puzzle string `json:"puzzle"`
			Error  string `json:"error"`
		}
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("verify %v: line %q: %v", args, line, err)
		}
		msg := v.Error
		if i := strings.Index(msg, ": "); v.Status == "invalid" && i >= 0 {
			msg = msg[strings.LastIndex(msg, ": ")+2:] // the problem without its place
		}
		out = append(out, v.Status+" "+v.Puzzle+" "+msg)
	}
	return out
}

// TestVerifyFormats checks that every format file in formats/testdata gets
// the verdicts of the same puzzles written one per line.
func TestVerifyFormats(t *testing.T) {
	dir := filepath.Join("..", "..", "formats", "testdata")
	want := verdictsOf(t, filepath.Join(dir, "plain.txt"))
	if len(want) != 6 {
		t.Fatalf("plain.txt: %d verdicts, want 6: %q", len(want), want)
	}
	for _, file := range []string{"exchange.txt", "annotated.txt", "hodoku.txt", "puzzles.csv", "kaggle.csv", "qqwing.csv", "stars.txt", "commas.txt"} {
		t.Run(file, func(t *testing.T) {
			got := verdictsOf(t, filepath.Join(dir, file))
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("verify %s =\n\t%s\nwant the verdicts of plain.txt\n\t%s", file, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
			}
		})
	}
}

// TestSolutionsReadBack replays generate --solutions -o f, then verify f
// and book f: they see f's puzzles and nothing else, in every format.
func TestSolutionsReadBack(t *testing.T) {
	for _, format := range []string{"line", "grid", "sdm", "sdk", "json"} {
		t.Run(format, func(t *testing.T) {
			dir := t.TempDir()
			f := filepath.Join(dir, "f.txt")
			if _, stderr, code := cli(t, "", "generate", "-n", "3", "--seed", "7", "--workers", "0", "-q", "--solutions", "--format", format, "-o", f); code != 0 {
				t.Fatalf("generate: exit %d: %s", code, stderr)
			}
			plain, stderr, code := cli(t, "", "generate", "-n", "3", "--seed", "7", "--workers", "0", "-q")
			if code != 0 {
				t.Fatalf("generate: exit %d: %s", code, stderr)
			}
			got := verdictsOf(t, f)
			puzzles := strings.Fields(plain)
			if len(got) != len(puzzles) {
				t.Fatalf("verify %s file with solutions = %d verdicts, want %d: %q", format, len(got), len(puzzles), got)
			}
			for i, p := range puzzles {
				if want := "unique " + p + " "; got[i] != want {
					t.Errorf("verify %s file, puzzle %d = %q, want %q", format, i+1, got[i], want)
				}
			}
			_, stderr, code = cli(t, "", "book", "-o", filepath.Join(dir, "b.pdf"), f)
			if code != 0 || !strings.Contains(stderr, "3 puzzles laid out") {
				t.Errorf("book %s file with solutions: exit %d, stderr %q, want 3 puzzles laid out", format, code, stderr)
			}
		})
	}
}

// TestHugeBox replays --box 5x3689348814741910325, whose sides multiply to 9
// in 64 bits: a usage error for every command, never a panic or a verdict.
func TestHugeBox(t *testing.T) {
	for _, args := range [][]string{
		{"verify", "--box", "5x3689348814741910325"},
		{"solve", "--box", "5x3689348814741910325"},
		{"cnf", "--box", "5x3689348814741910325"},
		{"generate", "-n", "1", "--seed", "1", "--box", "5x3689348814741910325"},
		{"generate", "-n", "1", "--seed", "1", "--size", "18446744073709551625"},
		{"rate", "--box", "3689348814741910325x5"},
	} {
		stdout, stderr, code := cli(t, easy+"\n", args...)
		if code != 2 || !strings.Contains(stderr, "want") || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q, want a usage error", args, code, stdout, stderr)
		}
	}
}

// TestAlphabetSyntax replays --alphabet '12345678#': a puzzle line that
// starts with '#' vanished as a comment. Such alphabets are refused.
func TestAlphabetSyntax(t *testing.T) {
	in := strings.NewReplacer("9", "#").Replace(easySol) + "\n"
	for _, alpha := range []string{"12345678#", "1234567|8", "-12345678", "1234+5678", "*12345678"} {
		stdout, stderr, code := cli(t, in, "verify", "--alphabet", alpha)
		if code != 2 || !strings.Contains(stderr, "cannot be a digit") {
			t.Errorf("verify --alphabet %q: exit %d, stdout %q, stderr %q, want a usage error", alpha, code, stdout, stderr)
		}
	}
}
