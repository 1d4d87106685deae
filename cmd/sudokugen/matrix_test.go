package main

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of the command matrix")

// matrixCase is one command line of the golden matrix. Cases with pool set
// run at --workers 0, 1 and 2 and must print the same bytes at each.
type matrixCase struct {
	name   string
	args   []string
	pool   bool // takes --workers
	binary bool // stdout is a PDF: the golden file holds its sha256
	slow   bool // skipped with -short
}

func m(name string, pool bool, args ...string) matrixCase {
	return matrixCase{name: name, args: args, pool: pool}
}

func matrixCases() []matrixCase {
	in := func(name string) string { return filepath.Join("testdata", "matrix", name) }
	cases := []matrixCase{
		m("verify_mixed9", true, "verify", "-q", in("mixed9.txt")),
		m("verify_mixed9_json", true, "verify", "-q", "--json", in("mixed9.txt")),
		m("verify_sixteen", true, "verify", "-q", in("sixteen.txt")),
		m("verify_count_empty4", true, "verify", "-q", "--count-limit", "1000", in("empty4.txt")),
		m("verify_count_mixed9", true, "verify", "-q", "--count-limit", "50", in("mixed9.txt")),
		m("solve_mixed9", true, "solve", "-q", in("mixed9.txt")),
		m("solve_mixed9_json", true, "solve", "-q", "--json", in("mixed9.txt")),
		m("rate_rated", false, "rate", "-q", in("rated.txt")),
		m("rate_rated_json", false, "rate", "-q", "--json", in("rated.txt")),
		m("rate_explain", false, "rate", "-q", "--explain", "--max-puzzles", "2", in("rated.txt")),
		m("cnf_first", false, "cnf", in("book.txt")),
		m("generate_4x4", true, "generate", "-q", "--seed", "4", "-n", "6", "--size", "4", "--solutions"),
		m("generate_6x6", true, "generate", "-q", "--seed", "6", "-n", "6", "--size", "6", "--format", "grid"),
		m("generate_9x9_json", true, "generate", "-q", "--seed", "9", "-n", "4", "--format", "json"),
		m("generate_9x9_clues", true, "generate", "-q", "--seed", "9", "-n", "4", "--clues", "30", "--start", "7"),
		m("generate_16x16", true, "generate", "-q", "--seed", "16", "-n", "1", "--size", "16"),
		{name: "generate_25x25", args: []string{"generate", "-q", "--seed", "25", "-n", "1", "--size", "25"}, pool: true, slow: true},
		{name: "generate_pdf", args: []string{"generate", "-q", "--seed", "3", "-n", "4", "--format", "pdf", "--title", "Matrix"}, pool: true, binary: true},
		{name: "book_pdf", args: []string{"book", "-q", "--title", "Matrix", in("book.txt")}, pool: true, binary: true},
		m("book_svg", true, "book", "-q", "--format", "svg", "--max-puzzles", "1", in("book.txt")),
	}
	for _, sym := range []string{"none", "rot180", "rot90", "mirror", "flip", "diagonal"} {
		cases = append(cases, m("generate_9x9_"+sym, true, "generate", "-q", "--seed", "1", "-n", "3", "--symmetry", sym))
	}
	for _, level := range []string{"easy", "medium", "hard", "expert", "extreme"} {
		cases = append(cases, m("generate_9x9_"+level, true, "generate", "-q", "--seed", "2", "-n", "2", "--difficulty", level, "--format", "json"))
	}
	return cases
}

// TestCommandMatrix runs a matrix of command lines and compares what each
// prints (stdout, stderr with -q, and the exit code) with its golden file,
// at every worker count: the engine must not change a byte.
func TestCommandMatrix(t *testing.T) {
	for _, tc := range matrixCases() {
		t.Run(tc.name, func(t *testing.T) {
			if tc.slow && testing.Short() {
				t.Skip("slow case (skipped with -short)")
			}
			workers := []string{""}
			if tc.pool {
				workers = []string{"0", "1", "2"}
			}
			golden := filepath.Join("testdata", "golden", tc.name+".golden")
			for _, w := range workers {
				args := tc.args
				if w != "" {
					args = append(append([]string(nil), args...), "--workers", w)
				}
				got := matrixRun(t, tc, args)
				if *update && (w == "" || w == "0") {
					if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run with -update to create it)", err)
				}
				if got != string(want) {
					t.Errorf("sudokugen %s:\n%s\nwant (%s):\n%s", strings.Join(args, " "), got, golden, want)
				}
			}
		})
	}
}

// matrixRun runs one command line and renders what it printed.
func matrixRun(t *testing.T, tc matrixCase, args []string) string {
	t.Helper()
	out, errOut, code := cli(t, "", args...)
	if tc.binary {
		out = fmt.Sprintf("%d bytes, sha256 %x\n", len(out), sha256.Sum256([]byte(out)))
	}
	return fmt.Sprintf("exit %d\n-- stderr --\n%s-- stdout --\n%s", code, errOut, out)
}
