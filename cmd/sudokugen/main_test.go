package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/worker"
)

// The pool starts workers as copies of the running executable, which under
// go test is the test binary: serve as a worker when asked to.
func TestMain(m *testing.M) {
	if os.Getenv(workerEnv) == "1" {
		if err := worker.Serve(os.Stdin, os.Stdout); err != nil {
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func dataFile(t *testing.T, name string) string { return gridtest.Path(t, name) }

// cli runs the command line with stdin and returns stdout, stderr and the
// exit code.
func cli(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &streams{In: strings.NewReader(stdin), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

// writeFile writes content to a file in a test directory and returns its path.
func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
