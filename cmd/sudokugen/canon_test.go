package main

import (
	"bytes"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCanonCommand checks that canon prints one form per puzzle, equal for
// a puzzle moved about and different for another, and reports a bad record
// with its place.
func TestCanonCommand(t *testing.T) {
	// easy moved: digits 1<->2 swapped, then rows 1 and 2 swapped
	moved := swapRows(relabel(easy, '1', '2'), 0, 1)
	in := writeFile(t, "in.txt", easy+"\n"+moved+"\n"+emptyRow+"\n")
	stdout, stderr, code := cli(t, "", "canon", in)
	if code != 0 {
		t.Fatalf("canon: exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 3 || lines[0] != lines[1] || lines[0] == lines[2] || len(lines[0]) != 81 {
		t.Fatalf("canon of a puzzle, the same moved, and another:\n%s", stdout)
	}
	stdout, _, _ = cli(t, easy+"\n", "canon", "--original")
	if want := lines[0] + "\t" + easy + "\n"; stdout != want {
		t.Errorf("canon --original = %q, want %q", stdout, want)
	}
	bad := writeFile(t, "bad.txt", easy+"\n"+strings.Replace(easy, ".", "z", 1)+"\n")
	stdout, stderr, code = cli(t, "", "canon", bad)
	if code != 1 || strings.Count(stdout, "\n") != 1 || !regexp.MustCompile(`bad\.txt:2:\d+: `).MatchString(stderr) {
		t.Errorf("canon with a bad record: exit %d, stdout %q, stderr %q; want exit 1, one form and the place", code, stdout, stderr)
	}
}

func relabel(s string, a, b byte) string {
	out := []byte(s)
	for i, c := range out {
		switch c {
		case a:
			out[i] = b
		case b:
			out[i] = a
		}
	}
	return string(out)
}

func swapRows(s string, r1, r2 int) string {
	out := []byte(s)
	copy(out[r1*9:r1*9+9], s[r2*9:r2*9+9])
	copy(out[r2*9:r2*9+9], s[r1*9:r1*9+9])
	return string(out)
}

// TestGenerateExclude makes a first volume, then a second with the first
// excluded and the same seed (so every puzzle of the first comes up again
// and must be replaced): the two share no canonical form, and the second
// has no two equivalent puzzles either.
func TestGenerateExclude(t *testing.T) {
	first, stderr, code := cli(t, "", "generate", "-n", "25", "--seed", "11", "--workers", "0", "-q")
	if code != 0 {
		t.Fatalf("generate: exit %d: %s", code, stderr)
	}
	vol1 := writeFile(t, "vol1.txt", first)
	second, stderr, code := cli(t, "", "generate", "-n", "25", "--seed", "11", "--workers", "0", "-q", "--exclude", vol1)
	if code != 0 {
		t.Fatalf("generate --exclude: exit %d: %s", code, stderr)
	}
	if n := strings.Count(second, "\n"); n != 25 {
		t.Fatalf("generate --exclude -n 25 printed %d puzzles", n)
	}
	forms, _, _ := cli(t, first+second, "canon")
	seen := map[string]bool{}
	for i, f := range strings.Split(strings.TrimSpace(forms), "\n") {
		if seen[f] {
			t.Errorf("puzzle %d of the two volumes repeats an earlier one (form %s)", i+1, f)
		}
		seen[f] = true
	}
	again, _, _ := cli(t, "", "generate", "-n", "25", "--seed", "11", "--workers", "2", "-q", "--exclude", vol1)
	if again != second {
		t.Errorf("generate --exclude gave different puzzles with 2 workers")
	}
	badFile := writeFile(t, "bad.txt", "12x\n")
	if _, stderr, code := cli(t, "", "generate", "-n", "1", "--exclude", badFile); code != 2 || !strings.Contains(stderr, "bad.txt:1") {
		t.Errorf("--exclude of a bad file: exit %d, %q; want 2 and the place", code, stderr)
	}
}

// TestGenerateMix makes a mixed book in one command and checks its
// sections with pdftotext.
func TestGenerateMix(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "mix.pdf")
	front := writeFile(t, "front.txt", "Copyright 2026 Example Press\n")
	_, stderr, code := cli(t, "", "generate", "--mix", "easy:3,medium:2,hard:2,expert:1", "--seed", "4", "--workers", "0",
		"--format", "pdf", "--page", "6x9", "--title", "Mixed", "--front", front, "--solutions", "-o", path)
	if code != 0 {
		t.Fatalf("generate --mix: exit %d: %s", code, stderr)
	}
	text, _, _ := cli(t, "", "generate", "--mix", "easy:3,medium:2,hard:2,expert:1", "--seed", "4", "--workers", "0", "--format", "json", "-q")
	for _, level := range []string{"easy", "medium", "hard", "expert"} {
		if !strings.Contains(text, `"level":"`+level+`"`) {
			t.Errorf("generate --mix --format json has no %s puzzle:\n%s", level, text)
		}
	}
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skipf("pdftotext not installed (Debian package poppler-utils): %v", err)
	}
	out, err := exec.Command(pdftotext, path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Copyright 2026 Example Press", "Contents", "Easy", "Medium", "Hard", "Expert", "Puzzles 1–3", "Solutions"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("mixed book has no %q", want)
		}
	}
	for _, bad := range [][]string{{"--mix", "easy:3,nightmare:2"}, {"--mix", "easy"}, {"--mix", "easy:3", "--difficulty", "hard"}} {
		if _, _, code := cli(t, "", append([]string{"generate"}, bad...)...); code != 2 {
			t.Errorf("generate %q: exit %d, want 2", bad, code)
		}
	}
}

// TestBookFlags checks the new book flags: sections, front page, large
// print, a custom trim, and PNG output.
func TestBookFlags(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, "in.txt", easy+"\n"+easy+"\n")
	front := writeFile(t, "front.txt", "Copyright 2026 Example Press\nAll rights reserved.\n")
	path := filepath.Join(dir, "book.pdf")
	_, stderr, code := cli(t, "", "book", in, "--sections", "--front", front, "--large-print", "--page", "152x229mm", "--title", "T", "-o", path)
	if code != 0 {
		t.Fatalf("book with the new flags: exit %d: %s", code, stderr)
	}
	if pdftotext, err := exec.LookPath("pdftotext"); err == nil {
		out, _ := exec.Command(pdftotext, path, "-").Output()
		for _, want := range []string{"Copyright 2026 Example Press", "Contents", "Easy", "Solutions"} {
			if !bytes.Contains(out, []byte(want)) {
				t.Errorf("book has no %q", want)
			}
		}
	}
	png1 := filepath.Join(dir, "p.png")
	if _, stderr, code := cli(t, easy+"\n", "book", "--format", "png", "--pixels", "300", "-o", png1); code != 0 {
		t.Fatalf("--format png: exit %d: %s", code, stderr)
	}
	f, err := os.Open(png1)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil || cfg.Width != 300 || cfg.Height != 300 {
		t.Errorf("--format png --pixels 300: %dx%d, %v", cfg.Width, cfg.Height, err)
	}
	for _, bad := range [][]string{
		{"--page", "9x6"}, {"--page", "b5"}, {"--large-print", "--per-page", "4"},
		{"--front", filepath.Join(dir, "missing.txt")}, {"--format", "png", "--pixels", "10"}, {"--format", "gif"},
	} {
		args := append([]string{"book", in, "-o", filepath.Join(dir, "x.pdf")}, bad...)
		if _, stderr, code := cli(t, "", args...); code != 2 {
			t.Errorf("book %q: exit %d (%s), want 2", bad, code, stderr)
		}
	}
}
