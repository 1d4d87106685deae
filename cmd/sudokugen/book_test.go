package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBook(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, "in.txt", easy+"\n"+easy+"\n")
	path := filepath.Join(dir, "book.pdf")
	_, stderr, code := cli(t, "", "book", in, "--page", "6x9", "--title", "Test", "-o", path)
	if code != 0 {
		t.Fatalf("book: exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(path)
	if err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) || !bytes.Contains(b, []byte("%%EOF")) {
		t.Fatalf("book.pdf is not a whole PDF (%d bytes, %v)", len(b), err)
	}

	// A book with a puzzle that is not unique is refused, and the file
	// already there is left alone.
	bad := writeFile(t, "bad.txt", easy+"\n"+emptyRow+"\n")
	_, stderr, code = cli(t, "", "book", bad, "-o", path)
	if code != 1 || !strings.Contains(stderr, "bad.txt:2: multiple") || !strings.Contains(stderr, "no book written") {
		t.Fatalf("book with a non-unique puzzle: exit %d, stderr %q", code, stderr)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, b) {
		t.Fatal("a refused book changed the file already there")
	}
	_, _, code = cli(t, "", "book", bad, "--allow-nonunique", "-o", filepath.Join(dir, "any.pdf"))
	if code != 1 {
		t.Fatalf("--allow-nonunique: exit %d, want 1 (a book written, but not every puzzle unique)", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "any.pdf")); err != nil {
		t.Fatalf("--allow-nonunique wrote no book: %v", err)
	}

	// The same input gives the same bytes.
	again := filepath.Join(dir, "again.pdf")
	cli(t, "", "book", in, "--page", "6x9", "--title", "Test", "-o", again)
	if b2, _ := os.ReadFile(again); !bytes.Equal(b, b2) {
		t.Fatal("the same input gave a different PDF")
	}

	stdout, _, code := cli(t, easy+"\n", "book", "--format", "svg")
	if code != 0 || !strings.HasPrefix(stdout, "<svg") {
		t.Fatalf("--format svg: exit %d, %.40q", code, stdout)
	}
}

func TestGeneratePDFAndDifficulty(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.pdf")
	if _, stderr, code := cli(t, "", "generate", "-n", "7", "--seed", "3", "--workers", "0", "--format", "pdf", "-o", path, "--solutions"); code != 0 {
		t.Fatalf("generate --format pdf: exit %d: %s", code, stderr)
	}
	if b, err := os.ReadFile(path); err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatalf("no PDF written: %v", err)
	}
	for _, level := range []string{"easy", "medium", "hard", "expert", "extreme"} {
		stdout, stderr, code := cli(t, "", "generate", "-n", "3", "--seed", "5", "--workers", "0", "--difficulty", level, "-q")
		if code != 0 {
			t.Fatalf("--difficulty %s: exit %d: %s", level, code, stderr)
		}
		rated, _, _ := cli(t, stdout, "rate", "-q")
		if n := strings.Count(rated, ": "+level+" "); n != 3 {
			t.Fatalf("--difficulty %s: rated\n%s", level, rated)
		}
	}
	if _, _, code := cli(t, "", "generate", "--difficulty", "nightmare"); code != 2 {
		t.Fatalf("unknown difficulty: exit %d, want 2", code)
	}
	if _, _, code := cli(t, "", "generate", "--score", "5..3"); code != 2 {
		t.Fatalf("empty score range: exit %d, want 2", code)
	}
}
