package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// A published 9x9 jigsaw (janko.at Chaos-Sudoku 249, see
// verify/testdata/variants) and its solution, whose boxes repeat digits:
// read as a classic puzzle it would have no solution.
const (
	jigsawGivens   = "......7.....4..........6.......5......3.......2.......1................9.......8."
	jigsawRegions  = "ABCCDDDDDABBCCCCCDAEBBBBBCDAEEEEFBCDAAAGEFFFDHHAGEEEFFIHAGGGGGFIHHHHHHGFIIIIIIIGF"
	jigsawSolution = "645392718537481296492516873271853964713928645928164357189647532864735129356279481"
)

func jigsawGrid(t *testing.T) grid.Grid {
	t.Helper()
	g, err := formats.Parse(jigsawGivens)
	if err != nil {
		t.Fatal(err)
	}
	num := map[byte]uint8{}
	reg := make([]uint8, 81)
	for i := range 81 {
		if _, ok := num[jigsawRegions[i]]; !ok {
			num[jigsawRegions[i]] = uint8(len(num))
		}
		reg[i] = num[jigsawRegions[i]]
	}
	g.Rules = grid.NewRules(grid.Regions.Of(reg))
	return g
}

// Every command given a variant puzzle gives the right answer for its
// rules (draws it with its rules), or refuses it with a clear error: never
// a classic reading of it.
func TestEveryCommandOnAVariant(t *testing.T) {
	g := jigsawGrid(t)
	fp, err := formats.MarshalFPuzzles(g)
	if err != nil {
		t.Fatal(err)
	}
	link, _ := formats.FPuzzlesLink(g)
	dir := t.TempDir()
	fpFile := filepath.Join(dir, "jigsaw.json")
	os.WriteFile(fpFile, append(fp, '\n'), 0o644)
	// the same puzzle with one given less has several solutions
	h := g.Clone()
	h.Cells[6] = 0
	multi, _ := formats.MarshalFPuzzles(h)

	tests := []struct {
		name    string
		stdin   string
		args    []string
		code    int
		want    []string // in stdout
		wantErr []string // in stderr
		notWant string   // not in stdout
	}{
		{"verify", "", []string{"verify", "-q", fpFile}, exitOK, []string{"jigsaw.json:1: unique"}, nil, ""},
		{"verify link", link + "\n", []string{"verify", "-q", "--json"}, exitOK, []string{`"status":"unique"`, `"solution":"` + jigsawSolution}, nil, ""},
		{"verify multiple", string(multi) + "\n", []string{"verify", "-q"}, exitNotOK, []string{"multiple: at least 2 solutions"}, nil, ""},
		{"verify count", string(multi) + "\n", []string{"verify", "-q", "--count-limit", "1000"}, exitNotOK, []string{"multiple: exactly"}, nil, ""},
		{"solve", "", []string{"solve", "-q", fpFile}, exitOK, []string{jigsawSolution}, nil, ""},
		{"solve all", string(multi) + "\n", []string{"solve", "-q", "--all", "--count-limit", "0"}, exitOK, []string{"\n"}, nil, ""},
		{"rate", "", []string{"rate", "-q", fpFile}, exitOK, []string{"(jigsaw puzzle, "}, nil, " 0.0"},
		{"rate explain", "", []string{"rate", "-q", "--explain", fpFile}, exitOK, []string{"    1. r", "(jigsaw puzzle, "}, nil, ""},
		{"rate json", "", []string{"rate", "-q", "--json", fpFile}, exitOK, []string{`"variant":"jigsaw"`, `"coarse":true`, `"score":null`, `"logic":{"solved":`}, nil, ""},
		{"cnf", "", []string{"cnf", fpFile}, exitOK, []string{"c variant: jigsaw", "jigsaw region"}, nil, ""},
		{"cnf unique-check", "", []string{"cnf", "--unique-check", fpFile}, exitOK, []string{"c uniqueness check", jigsawSolution}, nil, ""},
		{"canon", "", []string{"canon", fpFile}, exitNotOK, nil, []string{"variant puzzles have no canonical form"}, ""},
		{"book", "", []string{"book", "-q", fpFile, "-o", filepath.Join(dir, "b.pdf")}, exitOK, nil, nil, ""},
		{"book svg", "", []string{"book", "-q", "--format", "svg", fpFile}, exitOK, []string{"<desc>jigsaw</desc>"}, nil, ""},
		{"generate pdf", "", []string{"generate", "-q", "--variant", "x", "--format", "pdf", "-o", filepath.Join(dir, "g.pdf")}, exitOK, nil, nil, ""},
		{"generate line", "", []string{"generate", "--variant", "killer", "--format", "line"}, exitUsage, nil, []string{"--format line cannot hold the rules of killer puzzles"}, ""},
		{"generate SDK", "", []string{"generate", "--variant", "x", "--format", "SDK"}, exitUsage, nil, []string{"--format SDK cannot hold the rules of x puzzles", "use json, fpuzzles, fpuzzles-url, iss or pdf"}, ""},
		{"generate difficulty", "", []string{"generate", "--variant", "jigsaw", "--difficulty", "hard"}, exitUsage, nil, []string{"--difficulty is for classic puzzles"}, ""},
		{"generate bad", "", []string{"generate", "--variant", "jigsaw,disjoint"}, exitUsage, nil, []string{"do not combine"}, ""},
		{"generate unknown", "", []string{"generate", "--variant", "spiral"}, exitUsage, nil, []string{`unknown variant "spiral"`}, ""},
		{"generate json", "", []string{"generate", "-q", "--variant", "jigsaw", "--seed", "3", "-n", "2"}, exitOK, []string{`"variant":"jigsaw"`, `"rules":{"regions":`}, nil, ""},
		{"generate fpuzzles", "", []string{"generate", "-q", "--variant", "killer", "--seed", "3", "--format", "fpuzzles"}, exitOK, []string{`"killercage":[`}, nil, ""},
		{"generate check", "", []string{"generate", "-q", "--variant", "jigsaw", "--seed", "3", "--check", "sat"}, exitOK, []string{`"variant":"jigsaw"`}, nil, ""},
		{"generate url", "", []string{"generate", "-q", "--variant", "x", "--seed", "3", "--format", "fpuzzles-url"}, exitOK, []string{formats.FPuzzlesURL}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := cli(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Fatalf("%v: exit %d, want %d\nstdout %s\nstderr %s", tt.args, code, tt.code, out, errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("%v: stdout %q, want %q in it", tt.args, out, w)
				}
			}
			for _, w := range tt.wantErr {
				if !strings.Contains(errOut, w) {
					t.Errorf("%v: stderr %q, want %q in it", tt.args, errOut, w)
				}
			}
			if tt.notWant != "" && strings.Contains(out, tt.notWant) {
				t.Errorf("%v: stdout %q has %q", tt.args, out, tt.notWant)
			}
		})
	}
}

// Generated variants read back as themselves and verify unique with
// their solution, in every format that holds rules; the same run with one
// worker and two gives the same bytes.
func TestGenerateVariantsReadBack(t *testing.T) {
	for _, v := range []string{"killer", "pure-killer", "jigsaw", "x", "hyper", "jigsaw,x", "x,hyper", "disjoint", "anti-king", "anti-knight"} {
		t.Run(v, func(t *testing.T) {
			one, _, code := cli(t, "", "generate", "-q", "--variant", v, "--seed", "11", "-n", "3", "--solutions", "--workers", "1")
			two, errOut, code2 := cli(t, "", "generate", "-q", "--variant", v, "--seed", "11", "-n", "3", "--solutions", "--workers", "2")
			if code != exitOK || code2 != exitOK || one != two {
				t.Fatalf("--workers 1 and 2: exit %d and %d, outputs differ: %v\n%s", code, code2, one != two, errOut)
			}
			for _, format := range []string{"json", "fpuzzles", "fpuzzles-url"} {
				out, _, _ := cli(t, "", "generate", "-q", "--variant", v, "--seed", "11", "-n", "3", "--format", format)
				res, errOut, code := cli(t, out, "verify", "-q", "--json")
				if code != exitOK {
					t.Fatalf("%s: verify exit %d: %s %s", format, code, res, errOut)
				}
				lines := strings.Split(strings.TrimSpace(res), "\n")
				var sols []string
				for _, l := range strings.Split(strings.TrimSpace(one), "\n") {
					var p struct{ Solution string }
					json.Unmarshal([]byte(l), &p)
					sols = append(sols, p.Solution)
				}
				for i, l := range lines {
					var r struct {
						Status, Solution string
					}
					json.Unmarshal([]byte(l), &r)
					if r.Status != "unique" || r.Solution != sols[i] {
						t.Fatalf("%s: puzzle %d: %s, solution %s; want unique, %s", format, i, r.Status, r.Solution, sols[i])
					}
				}
			}
		})
	}
}

// verify --proof writes, for variants too, a CNF and a DRAT proof that a
// checker of the test's own accepts, and verify --solver proves variants
// with an outside solver.
func TestVariantProofs(t *testing.T) {
	g := jigsawGrid(t)
	fp, _ := formats.MarshalFPuzzles(g)
	killer, _, _ := cli(t, "", "generate", "-q", "--variant", "killer", "--seed", "5", "-n", "3", "--format", "fpuzzles")
	easyX, _, _ := cli(t, "", "generate", "-q", "--variant", "x", "--seed", "5", "-n", "3", "--format", "fpuzzles", "--clues", "40")
	in := string(fp) + "\n" + killer + easyX
	dir := t.TempDir()
	out, errOut, code := cli(t, in, "verify", "-q", "--json", "--proof", dir)
	if code != exitOK {
		t.Fatalf("verify --proof: exit %d: %s %s", code, out, errOut)
	}
	proofs := map[string]int{}
	for i, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r struct{ Proof string }
		json.Unmarshal([]byte(l), &r)
		proofs[r.Proof]++
		cnfText, err1 := os.ReadFile(filepath.Join(dir, strconv.Itoa(i)+".cnf"))
		drat, err2 := os.ReadFile(filepath.Join(dir, strconv.Itoa(i)+".drat"))
		if err1 != nil || err2 != nil {
			t.Fatalf("puzzle %d: %v %v", i, err1, err2)
		}
		cnf, err1 := gridtest.ReadDRAT(strings.NewReader(string(cnfText)))
		proof, err2 := gridtest.ReadDRAT(strings.NewReader(string(drat)))
		if err1 != nil || err2 != nil {
			t.Fatalf("puzzle %d: %v %v", i, err1, err2)
		}
		nv := 0
		for _, line := range strings.Split(string(cnfText), "\n") {
			if strings.HasPrefix(line, "p cnf ") {
				nv, _ = strconv.Atoi(strings.Fields(line)[2])
			}
		}
		if _, err := gridtest.CheckDRAT(nv, gridtest.Clauses(cnf), proof); err != nil {
			t.Fatalf("puzzle %d (proof %s): %v", i, r.Proof, err)
		}
	}
	if proofs["search"] == 0 || proofs["propagation"] == 0 {
		t.Errorf("proofs %v: want some of each kind", proofs)
	}
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical not installed (Debian package cadical): --solver not tried")
	}
	out, errOut, code = cli(t, in, "verify", "-q", "--json", "--solver", "cadical -q")
	if code != exitOK || strings.Count(out, `"proof":"outside"`) != 7 {
		t.Fatalf("verify --solver cadical: exit %d, %s %s", code, out, errOut)
	}
}

// Books of variants: generate --format pdf and book lay out variant puzzles
// with a section per variant (and level) opening on a page of rules, and
// the text of the pages says so; book checks them first, as it checks
// classic ones.
func TestVariantBooks(t *testing.T) {
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext not installed (Debian package poppler-utils)")
	}
	dir := t.TempDir()
	text := func(path string) string {
		t.Helper()
		out, err := exec.Command(pdftotext, path, "-").CombinedOutput()
		if err != nil {
			t.Fatalf("pdftotext %s: %v\n%s", path, err, out)
		}
		return strings.Join(strings.Fields(string(out)), " ")
	}
	gen := filepath.Join(dir, "killer.pdf")
	if out, errOut, code := cli(t, "", "generate", "-q", "--variant", "killer", "--seed", "4", "-n", "3", "--format", "pdf",
		"--sections", "--solutions", "--page", "6x9", "-o", gen); code != exitOK {
		t.Fatalf("generate --variant killer --format pdf: exit %d: %s %s", code, out, errOut)
	}
	got := text(gen)
	for _, want := range []string{"Contents", "Killer · ", "dashed cage add up to the small number", "Puzzle 3", "Solutions"} {
		if !strings.Contains(got, want) {
			t.Errorf("generate --variant killer --format pdf --sections: no %q in the text:\n%.600s", want, got)
		}
	}

	// a mixed input: a jigsaw, killer puzzles, a classic puzzle
	killer, _, _ := cli(t, "", "generate", "-q", "--variant", "killer", "--seed", "4", "-n", "2", "--format", "fpuzzles")
	fp, _ := formats.MarshalFPuzzles(jigsawGrid(t))
	variants, classic := filepath.Join(dir, "variants.json"), filepath.Join(dir, "classic.txt")
	os.WriteFile(variants, []byte(string(fp)+"\n"+killer), 0o644)
	os.WriteFile(classic, []byte("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"), 0o644)
	book := filepath.Join(dir, "mixed.pdf")
	if out, errOut, code := cli(t, "", "book", "-q", "-o", book, variants, classic); code != exitOK {
		t.Fatalf("book of variants: exit %d: %s %s", code, out, errOut)
	}
	got = text(book)
	for _, want := range []string{"Jigsaw Puzzle 1", "region outlined in bold", "Killer Puzzles 2–3", "Classic Puzzle 4", "Solutions"} {
		if !strings.Contains(got, want) {
			t.Errorf("book of variants: no %q in the text:\n%.800s", want, got)
		}
	}
	// a variant with a second solution is refused, as a classic one is
	h := jigsawGrid(t)
	h.Cells[6] = 0
	multi, _ := formats.MarshalFPuzzles(h)
	if _, errOut, code := cli(t, string(multi)+"\n", "book", "-q", "-o", filepath.Join(dir, "multi.pdf")); code != exitNotOK || !strings.Contains(errOut, "multiple") {
		t.Errorf("book of a jigsaw with two solutions: exit %d, %s; want it refused", code, errOut)
	}
}

// Jigsaws of prime sizes, which have no boxes: generated ones read back
// from every format that holds rules and verify unique with their
// solution; a grid of such a size without regions, and what needs boxes
// on one, are refused with a clear error.
func TestPrimeJigsaws(t *testing.T) {
	for _, size := range []string{"5", "7"} {
		one, errOut, code := cli(t, "", "generate", "-q", "--variant", "jigsaw", "--size", size, "--seed", "11", "-n", "4", "--solutions", "--workers", "2")
		if code != exitOK || strings.Contains(one, `"box"`) {
			t.Fatalf("%sx%s: exit %d, %s (want no \"box\")\n%s", size, size, code, one, errOut)
		}
		var sols []string
		for _, l := range strings.Split(strings.TrimSpace(one), "\n") {
			var p struct{ Solution string }
			json.Unmarshal([]byte(l), &p)
			sols = append(sols, p.Solution)
		}
		for _, format := range []string{"json", "fpuzzles", "fpuzzles-url", "pdf"} {
			out, errOut, code := cli(t, "", "generate", "-q", "--variant", "jigsaw", "--size", size, "--seed", "11", "-n", "4", "--format", format)
			if code != exitOK {
				t.Fatalf("%sx%s %s: exit %d: %s", size, size, format, code, errOut)
			}
			if format == "pdf" {
				if !strings.HasPrefix(out, "%PDF-") {
					t.Errorf("%sx%s: not a PDF", size, size)
				}
				continue
			}
			res, errOut, code := cli(t, out, "verify", "-q", "--json")
			if code != exitOK {
				t.Fatalf("%sx%s %s: verify exit %d: %s %s", size, size, format, code, res, errOut)
			}
			for i, l := range strings.Split(strings.TrimSpace(res), "\n") {
				var r struct{ Status, Solution string }
				json.Unmarshal([]byte(l), &r)
				if r.Status != "unique" || r.Solution != sols[i] {
					t.Errorf("%sx%s %s: puzzle %d: %s, solution %s; want unique, %s", size, size, format, i, r.Status, r.Solution, sols[i])
				}
			}
		}
	}
	refusals := []struct {
		stdin string
		args  []string
		code  int
		want  string // in stdout and stderr
	}{
		{"", []string{"generate", "--size", "7"}, exitUsage, "--size 7: a 7x7 grid has no boxes, so only jigsaw puzzles are made at that size"},
		{"", []string{"generate", "--size", "5", "--variant", "x"}, exitUsage, "a 5x5 grid has no boxes"},
		{"", []string{"generate", "--size", "7", "--variant", "jigsaw,hyper"}, exitUsage, "no room for hyper windows"},
		{"2......3.5.....3.4......3\n", []string{"verify"}, exitNotOK, "<stdin>:1:1: invalid: 25 cells: a 5x5 grid has no boxes: give its jigsaw regions"},
		{"2......3.5.....3.4......3\n", []string{"verify", "--size", "5"}, exitNotOK, "a 5x5 grid has no boxes: give its jigsaw regions"},
		{"2......3.5.....3.4......3\n", []string{"cnf", "--size", "5"}, exitNotOK, "a 5x5 grid has no boxes"},
	}
	for _, tt := range refusals {
		out, errOut, code := cli(t, tt.stdin, tt.args...)
		if code != tt.code || !strings.Contains(out+errOut, tt.want) {
			t.Errorf("%v: exit %d, %s%s; want exit %d and %q", tt.args, code, out, errOut, tt.code, tt.want)
		}
	}
}
