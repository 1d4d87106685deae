package gridtest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// ISSDefault is where the tests and .ci/bench.sh look for a snapshot of
// Interactive-Sudoku-Solver when the ISS environment variable names none.
const ISSDefault = "/work/.mirror/sigh+Interactive-Sudoku-Solver"

// ISS is Interactive-Sudoku-Solver (github.com/sigh/Interactive-Sudoku-
// Solver), a solver written independently of this project, run on its own
// constraint strings by .ci/iss/solve.mjs under node: an oracle for the
// writer of that format.
type ISS struct {
	node, script, dir string
}

// ISSAnswer is what ISS says of one constraint string: the number of its
// solutions, counted up to 2, and the first one, or Err, ISS's message
// when it refuses the string; CPU is the processor time it took.
type ISSAnswer struct {
	Count    int
	Solution []uint8
	CPU      time.Duration
	Err      string
}

// NeedISS returns ISS, skipping the test when node or a snapshot of ISS is
// not there. The snapshot is the ISS environment variable, or ISSDefault:
// a checkout (a directory holding js/sudoku_parser.js), a bare git
// repository, or a folder holding one as repo; from git, its HEAD is
// extracted into a directory of the test.
func NeedISS(tb testing.TB) *ISS {
	tb.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		tb.Skip("node is not installed: the checks against Interactive-Sudoku-Solver need it (Debian package nodejs)")
	}
	src := os.Getenv("ISS")
	if src == "" {
		src = ISSDefault
	}
	mod, ok := moduleDir()
	if !ok {
		tb.Skip("go.mod not found above the working directory: .ci/iss/solve.mjs is beside it")
	}
	script := filepath.Join(mod, ".ci", "iss", "solve.mjs")
	if _, err := os.Stat(script); err != nil {
		tb.Fatalf("the program that runs ISS: %v", err)
	}
	if _, err := os.Stat(filepath.Join(src, "js", "sudoku_parser.js")); err == nil {
		return &ISS{node: node, script: script, dir: src}
	}
	gitDir := src
	if _, err := os.Stat(filepath.Join(src, "repo")); err == nil {
		gitDir = filepath.Join(src, "repo")
	}
	if _, err := os.Stat(filepath.Join(gitDir, "HEAD")); err != nil {
		tb.Skipf("no snapshot of Interactive-Sudoku-Solver at %s (set ISS to a checkout or a bare git repository of it)", src)
	}
	dir := tb.TempDir()
	archive := exec.Command("git", "--git-dir="+gitDir, "archive", "HEAD", "js", "package.json")
	tar := exec.Command("tar", "-x", "-C", dir)
	var archiveErr, tarErr bytes.Buffer
	archive.Stderr, tar.Stderr = &archiveErr, &tarErr
	pipe, err := archive.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	tar.Stdin = pipe
	if err := tar.Start(); err != nil {
		tb.Skipf("tar: %v", err)
	}
	if err := archive.Run(); err != nil {
		tar.Wait()
		tb.Skipf("git archive of %s: %v: %s", gitDir, err, archiveErr.String())
	}
	if err := tar.Wait(); err != nil {
		tb.Fatalf("tar: %v: %s", err, tarErr.String())
	}
	return &ISS{node: node, script: script, dir: dir}
}

// Solve has ISS solve each of the constraint strings, in one run of node,
// and returns its answers in their order. It fails the test when node
// fails or takes more than timeout.
func (s *ISS) Solve(tb testing.TB, puzzles []string, timeout time.Duration) []ISSAnswer {
	tb.Helper()
	for _, p := range puzzles {
		if strings.ContainsAny(p, "\n\r") {
			tb.Fatalf("a constraint string holds a line break: %q", p)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, s.node, s.script, s.dir)
	cmd.Stdin = strings.NewReader(strings.Join(puzzles, "\n") + "\n")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		tb.Fatalf("node %s: %v: %s", s.script, err, errb.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != len(puzzles) {
		tb.Fatalf("ISS answered %d lines for %d puzzles: %s", len(lines), len(puzzles), errb.String())
	}
	answers := make([]ISSAnswer, len(lines))
	for i, line := range lines {
		a, err := parseISSAnswer(line)
		if err != nil {
			tb.Fatalf("ISS's answer %d, %q: %v", i+1, line, err)
		}
		answers[i] = a
	}
	return answers
}

// parseISSAnswer reads a line of .ci/iss/solve.mjs: the count, the
// solution ("-" for none; digits, or numbers between commas) and the
// milliseconds, or "error", the message and the milliseconds.
func parseISSAnswer(line string) (ISSAnswer, error) {
	f := strings.Split(line, "\t")
	if len(f) != 3 {
		return ISSAnswer{}, fmt.Errorf("%d fields, want 3", len(f))
	}
	ms, err := strconv.ParseFloat(f[2], 64)
	if err != nil {
		return ISSAnswer{}, err
	}
	a := ISSAnswer{CPU: time.Duration(ms * float64(time.Millisecond))}
	if f[0] == "error" {
		a.Err = f[1]
		return a, nil
	}
	if a.Count, err = strconv.Atoi(f[0]); err != nil {
		return ISSAnswer{}, err
	}
	if f[1] == "-" {
		return a, nil
	}
	digits := strings.Split(f[1], ",")
	if len(digits) == 1 {
		digits = strings.Split(f[1], "")
	}
	for _, d := range digits {
		v, err := strconv.Atoi(d)
		if err != nil || v < 1 || v > 255 {
			return ISSAnswer{}, fmt.Errorf("digit %q", d)
		}
		a.Solution = append(a.Solution, uint8(v))
	}
	return a, nil
}
