package main

// The service and the command line agree: the same puzzles give the same
// fields and the same choice of what goes in a book.

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
)

// A clash (5 twice in box 5), a puzzle with several solutions, and one
// with none (Sudopedia's invalid test cases).
const (
	clashBox   = "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87"
	twoSols    = ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87."
	unsolvable = "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3.."
)

func TestServiceAgreesWithCLI(t *testing.T) {
	srv := startServer(t, "--workers", "1")
	postBody := func(path, ctype, body string) (*http.Response, []byte) {
		t.Helper()
		resp, err := http.Post(srv.url+path, ctype, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, b
	}

	t.Run("rate", func(t *testing.T) {
		fp, err := formats.MarshalFPuzzles(jigsawGrid(t))
		if err != nil {
			t.Fatal(err)
		}
		stdout, stderr, code := cli(t, string(fp)+"\n", "rate", "--json")
		if code != 0 {
			t.Fatalf("rate --json: exit %d: %s", code, stderr)
		}
		var cliLine map[string]any
		if err := json.Unmarshal([]byte(stdout), &cliLine); err != nil {
			t.Fatalf("rate --json: %v: %s", err, stdout)
		}
		_, b := postBody("/v1/rate", "text/plain", string(fp))
		var resp struct{ Results []map[string]any }
		if err := json.Unmarshal(b, &resp); err != nil || len(resp.Results) != 1 {
			t.Fatalf("/v1/rate: %v: %s", err, b)
		}
		svc := resp.Results[0]
		for _, field := range []string{"variant", "coarse", "level"} {
			if cliLine[field] == nil || cliLine[field] != svc[field] {
				t.Errorf("%s: rate --json says %v, /v1/rate %v", field, cliLine[field], svc[field])
			}
		}
	})

	t.Run("book allow-nonunique", func(t *testing.T) {
		in := clashBox + "\n" + twoSols + "\n" + unsolvable + "\n"
		path := filepath.Join(t.TempDir(), "book.pdf")
		_, stderr, code := cli(t, in, "book", "--allow-nonunique", "--levels=false", "-o", path)
		if code != 1 || !strings.Contains(stderr, "2 puzzles laid out") || !strings.Contains(stderr, "<stdin>:1:40: invalid") {
			t.Fatalf("book --allow-nonunique: exit %d, stderr %q; want exit 1, 2 puzzles laid out and the invalid one told", code, stderr)
		}
		cliPDF, _ := os.ReadFile(path)
		resp, b := postBody("/v1/book?allow_nonunique=true&levels=false", "text/plain", in)
		if resp.StatusCode != 200 || !bytes.HasPrefix(b, []byte("%PDF-")) {
			t.Fatalf("/v1/book?allow_nonunique=true: %d %.200s, want 200 with a PDF", resp.StatusCode, b)
		}
		if got := resp.Header.Get("X-Sudokugen-Skipped"); got != "0" {
			t.Errorf("X-Sudokugen-Skipped = %q, want 0", got)
		}
		// the same puzzles laid out: the same pages, the same count of
		// pages
		if n, m := bytes.Count(cliPDF, []byte("/Type /Page\n")), bytes.Count(b, []byte("/Type /Page\n")); n != m || n == 0 {
			t.Errorf("the book has %d pages from the command line, %d from the service", n, m)
		}
		resp, b = postBody("/v1/book?allow_nonunique=true", "text/plain", clashBox+"\n")
		if resp.StatusCode != 422 {
			t.Errorf("/v1/book?allow_nonunique=true with only an invalid puzzle = %d %.200s, want 422", resp.StatusCode, b)
		}
		_, _, code = cli(t, clashBox+"\n", "book", "--allow-nonunique", "-o", path)
		if code != 1 {
			t.Errorf("book --allow-nonunique with only an invalid puzzle: exit %d, want 1", code)
		}
	})
}

// book --format svg ends as the PDF path does: a puzzle without one
// solution is not a success, even when --allow-nonunique draws it.
func TestBookImageExit(t *testing.T) {
	for _, args := range [][]string{
		{"book", "--format", "svg"},
		{"book", "--format", "svg", "--allow-nonunique"},
		{"book", "--allow-nonunique", "-o", filepath.Join(t.TempDir(), "b.pdf")},
	} {
		stdout, stderr, code := cli(t, unsolvable+"\n", args...)
		if code != 1 || !strings.Contains(stderr, "none") {
			t.Errorf("%s with a puzzle with no solution: exit %d, stderr %q; want exit 1 saying none", strings.Join(args, " "), code, stderr)
		}
		drawn := strings.HasPrefix(stdout, "<svg")
		if slices.Contains(args, "svg") && drawn != slices.Contains(args, "--allow-nonunique") {
			t.Errorf("%s: drawn %v", strings.Join(args, " "), drawn)
		}
	}
}
