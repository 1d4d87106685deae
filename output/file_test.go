package output

import (
	"os"
	"path/filepath"
	"testing"
)

func TestFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Aborted: the old file stays, no temporary file is left.
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("partial")
	f.Abort()
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Fatalf("after Abort the file holds %q, want %q", b, "old")
	}
	// Committed: the new file replaces the old one whole.
	f, err = Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("new")
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Fatalf("before Commit the file holds %q, want %q", b, "old")
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	f.Abort() // no effect after Commit
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Fatalf("after Commit the file holds %q, want %q", b, "new")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("%d files in the folder, want only out.txt", len(entries))
	}
	if _, err := Create(filepath.Join(dir, "no", "such", "dir", "x")); err == nil {
		t.Fatal("Create in a missing folder succeeded")
	}
}
