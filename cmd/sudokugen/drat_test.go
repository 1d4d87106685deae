package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
	"github.com/sudokugen/sudokugen/sat"
)

// This file checks the certificates of verify --proof with the DRAT
// checker of package gridtest, which shares no code with the encoder nor
// with the search: it takes the expected CNF from gridtest.CNF, built from
// the rules as stated, checks that the written CNF is that one (the same
// clauses), then checks every lemma of the proof by reverse unit
// propagation (RUP) and requires the empty clause.

var proofAll = flag.Bool("proof-all", false, "TestVerifyProofCertificates on 2,000 royle17, all of top1465, 200 16x16, 20 25x25 and 100 puzzles with no solution")

// nonePuzzles returns k puzzles with no solution: royle17 puzzles, each
// with one more clue that differs from its unique solution there (any
// solution would be one of the puzzle without that clue).
func nonePuzzles(t *testing.T, k int) string {
	t.Helper()
	ps, ss := gridtest.Lines(t, "royle17/puzzles.txt"), gridtest.Lines(t, "royle17/solutions.txt")
	var out strings.Builder
	for i := 0; k > 0; i += 7 {
		p, sol := []byte(ps[i]), ss[i]
		for c := (i * 13) % 81; ; c = (c + 1) % 81 {
			if p[c] != '.' {
				continue
			}
			d := byte('1' + (int(sol[c]-'1')+1+i%8)%9) // not sol[c]
			q := append([]byte(nil), p...)
			q[c] = d
			if len(gridtest.Line(t, string(q)).Clashes()) == 0 {
				out.Write(q)
				out.WriteByte('\n')
				k--
			}
			break
		}
	}
	return out.String()
}

// generated returns k minimal puzzles of size n made by generate.
func generated(t *testing.T, n, k int) string {
	t.Helper()
	out, errOut, code := cli(t, "", "generate", "-q", "--size", fmt.Sprint(n), "-n", fmt.Sprint(k), "--seed", "22", "--workers", "2")
	if code != 0 {
		t.Fatalf("generate: exit %d: %s", code, errOut)
	}
	return out
}

// Every certificate written by verify --proof passes the checker:
// royle17 and top1465 samples (unique by propagation and by search), 16x16
// and 25x25 puzzles, and puzzles with no solution; a search proof fails
// without its empty clause or two sibling lemmas, and passes without one
// lemma, as unit propagation says (gridtest.CheckTreeMutations).
func TestVerifyProofCertificates(t *testing.T) {
	// The 16x16 and 25x25 puzzles of the shared data are settled by
	// propagation all but one; minimal ones made by generate need the
	// search.
	in := sampleLines(t, "royle17/puzzles.txt", 500, 100) +
		sampleLines(t, "tdoku/top1465.txt", 25, 60) +
		sampleLines(t, "large/16x16.unique.txt", 100, 4) + generated(t, 16, 1) +
		sampleLines(t, "large/25x25.unique.txt", 1000, 1) +
		"12345678.........9" + strings.Repeat(".", 63) + "\n" + // none by propagation
		nonePuzzles(t, 20)
	mutate := 20 // check the mutations of every mutate-th search proof
	switch {
	case *proofAll:
		in = sampleLines(t, "royle17/puzzles.txt", 24, 2000) +
			sampleLines(t, "tdoku/top1465.txt", 1, 1465) +
			sampleLines(t, "large/16x16.unique.txt", 8, 100) + generated(t, 16, 100) +
			sampleLines(t, "large/25x25.unique.txt", 68, 10) + generated(t, 25, 10) +
			nonePuzzles(t, 100)
	case testing.Short():
		in = sampleLines(t, "royle17/puzzles.txt", 2000, 20) +
			sampleLines(t, "tdoku/top1465.txt", 100, 10) +
			sampleLines(t, "large/16x16.unique.txt", 400, 2) +
			"12345678.........9" + strings.Repeat(".", 63) + "\n" +
			nonePuzzles(t, 5)
		mutate = 5
	}
	dir := t.TempDir()
	out, errOut, code := cli(t, in, "verify", "--workers", "0", "--proof", dir, "--json")
	if code != 1 { // the none puzzles
		t.Fatalf("verify --proof: exit %d: %s", code, errOut)
	}
	kinds := map[string]int{}
	sizes := map[string][2]int{} // lines, bytes of the proofs of each kind
	searches := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var v certVerdict
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatal(err)
		}
		check := v.Proof == "search" && searches%mutate == 0
		if v.Proof == "search" {
			searches++
		}
		kind, lines, size := checkCertificate(t, dir, v, check)
		if n := len(v.Puzzle); kind != "" && n != 81 {
			kind = fmt.Sprintf("%dx%d %s", isqrt(n), isqrt(n), kind)
		}
		if kind != "" {
			kinds[kind]++
			sz := sizes[kind]
			sizes[kind] = [2]int{sz[0] + lines, sz[1] + size}
		}
	}
	for kind, n := range kinds {
		t.Logf("%d certificates %s: %.1f lines, %.0f bytes of proof on average", n, kind,
			float64(sizes[kind][0])/float64(n), float64(sizes[kind][1])/float64(n))
	}
	for _, want := range []string{"unique by propagation", "unique by search", "none by propagation", "none by search",
		"16x16 unique by search", "25x25 unique by search"} {
		if kinds[want] == 0 && !testing.Short() {
			t.Errorf("no certificate %s in the sample: %v", want, kinds)
		}
	}
}

func isqrt(n int) int {
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// certVerdict is what checkCertificate reads of a verify --json line.
type certVerdict struct {
	Index     int
	Puzzle    string
	Status    string
	Proof     string
	Assumed   int
	LeftOut   int    `json:"left_out"`
	Written   string `json:"proof_written"`
	Solutions []string
}

// checkCertificate checks the certificate verify --proof wrote into dir for
// verdict v, and returns its kind ("unique by search", "" for none
// written) and the length of its proof in lines and bytes. With mutate,
// a search proof is also checked with parts taken out.
func checkCertificate(t *testing.T, dir string, v certVerdict, mutate bool) (kind string, lines, size int) {
	t.Helper()
	cnfText, err1 := os.ReadFile(filepath.Join(dir, fmt.Sprint(v.Index)+".cnf"))
	dratText, err2 := os.ReadFile(filepath.Join(dir, fmt.Sprint(v.Index)+".drat"))
	if v.Status != "unique" && v.Status != "none" {
		if err1 == nil || err2 == nil {
			t.Errorf("puzzle %d: %s, but a certificate was written", v.Index, v.Status)
		}
		return "", 0, 0
	}
	if err1 != nil || err2 != nil {
		t.Fatalf("puzzle %d: %v %v", v.Index, err1, err2)
	}
	g := gridtest.Line(t, v.Puzzle)
	n := g.N()
	var sol *grid.Grid
	if v.Status == "unique" {
		g := gridtest.Line(t, v.Solutions[0])
		sol = &g
	}
	want := gridtest.CNF(g, sol)
	got, err := gridtest.ReadDRAT(bytes.NewReader(cnfText))
	if err != nil {
		t.Fatalf("puzzle %d: the CNF: %v", v.Index, err)
	}
	if err := gridtest.SameClauses(gridtest.Clauses(got), want); err != nil {
		t.Fatalf("puzzle %d: the CNF: %v", v.Index, err)
	}
	proof, err := gridtest.ReadDRAT(bytes.NewReader(dratText))
	if err != nil {
		t.Fatalf("puzzle %d: the proof: %v", v.Index, err)
	}
	if mutate && len(proof) <= 2000 { // each mutation is a check of its own
		err = gridtest.CheckTreeMutations(n*n*n, want, proof)
	} else {
		_, err = gridtest.CheckDRAT(n*n*n, want, proof)
	}
	if err != nil {
		t.Fatalf("puzzle %d (%s by %s): the proof: %v", v.Index, v.Status, v.Proof, err)
	}
	return v.Status + " by " + v.Proof, len(proof), len(dratText)
}

// --proof puts every certificate in place whole, in batches, and leaves no
// temporary file behind: after a normal run, after a run stopped by a bad
// input file (the verdicts before it and their proofs stand), and it is a
// usage error when the folder cannot be written.
func TestVerifyProofFiles(t *testing.T) {
	in := sampleLines(t, "royle17/puzzles.txt", 97, proofBatch/2+30) // more files than a batch
	dir := t.TempDir()
	countFiles := func() (proofs, temps int) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".tmp") {
				temps++
			} else {
				proofs++
			}
		}
		return proofs, temps
	}
	n := strings.Count(in, "\n")
	if _, errOut, code := cli(t, in, "verify", "-q", "--workers", "0", "--proof", dir); code != 0 {
		t.Fatalf("verify --proof: exit %d: %s", code, errOut)
	}
	if proofs, temps := countFiles(); proofs != 2*n || temps != 0 {
		t.Errorf("after %d unique puzzles: %d files, %d temporary; want %d and none", n, proofs, temps, 2*n)
	}
	dir = t.TempDir()
	file := filepath.Join(t.TempDir(), "puzzles.txt")
	if err := os.WriteFile(file, []byte(sampleLines(t, "royle17/puzzles.txt", 1000, 5)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, code := cli(t, "", "verify", "-q", "--workers", "0", "--proof", dir, file, "no/such/file.txt")
	if proofs, temps := countFiles(); code != 2 || proofs != 10 || temps != 0 {
		t.Errorf("stopped by a missing file: exit %d, %d files, %d temporary; want exit 2, 10 and none", code, proofs, temps)
	}
	ro := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	if os.Getuid() != 0 { // root writes anywhere
		if _, errOut, code := cli(t, easy+"\n", "verify", "--proof", ro); code != 2 || !strings.Contains(errOut, "0.cnf") {
			t.Errorf("--proof into a read-only folder: exit %d, %q; want exit 2 naming the file", code, errOut)
		}
	}
}

// verify --proof writes the certificates of variant verdicts too: the
// variant's CNF (with the clauses its rules imply) and the search's tree as
// DRAT, which the checker accepts and which unit propagation alone does
// not replace.
func TestVerifyProofVariants(t *testing.T) {
	var in strings.Builder
	for _, v := range []string{"killer", "jigsaw", "pure-killer", "x"} {
		out, errOut, code := cli(t, "", "generate", "-q", "--variant", v, "-n", "3", "--seed", "23", "--workers", "2")
		if code != 0 {
			t.Fatalf("generate --variant %s: exit %d: %s", v, code, errOut)
		}
		in.WriteString(out)
	}
	dir := t.TempDir()
	out, errOut, code := cli(t, in.String(), "verify", "--workers", "0", "--proof", dir, "--json")
	if code != 0 {
		t.Fatalf("verify --proof: exit %d: %s", code, errOut)
	}
	kinds := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var v certVerdict
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatal(err)
		}
		cnfText, err1 := os.ReadFile(filepath.Join(dir, fmt.Sprint(v.Index)+".cnf"))
		dratText, err2 := os.ReadFile(filepath.Join(dir, fmt.Sprint(v.Index)+".drat"))
		if err1 != nil || err2 != nil {
			t.Fatalf("puzzle %d (%s by %s): %v %v", v.Index, v.Status, v.Proof, err1, err2)
		}
		if !strings.Contains(string(cnfText), "c variant: ") || !strings.Contains(string(cnfText), "c the rules as stated, without the clauses they imply\n") {
			t.Errorf("puzzle %d: the CNF has no variant comment, or not the rules as stated", v.Index)
		}
		if got := strings.Contains(string(cnfText), " that the rules imply, assumed"); got != (v.Assumed > 0) {
			t.Errorf("puzzle %d: %d clauses assumed, and the CNF says it assumes some: %v", v.Index, v.Assumed, got)
		}
		cnf, err := gridtest.ReadDRAT(bytes.NewReader(cnfText))
		if err != nil {
			t.Fatalf("puzzle %d: the CNF: %v", v.Index, err)
		}
		proof, err := gridtest.ReadDRAT(bytes.NewReader(dratText))
		if err != nil {
			t.Fatalf("puzzle %d: the proof: %v", v.Index, err)
		}
		nv := 0
		for _, c := range gridtest.Clauses(cnf) {
			for _, l := range c {
				nv = max(nv, l, -l)
			}
		}
		clauses := gridtest.Clauses(cnf)
		if _, err := gridtest.CheckDRAT(nv, clauses, proof); err != nil {
			t.Errorf("puzzle %d (%s by %s): the proof: %v", v.Index, v.Status, v.Proof, err)
		}
		// the rules as stated have less unit propagation than the search,
		// which uses what they imply: a refutation by propagation alone
		// may need the proof's derivations
		if gridtest.Refutes(nv, clauses) && v.Proof != "propagation" {
			t.Errorf("puzzle %d: %s by %s, but unit propagation alone refutes its CNF", v.Index, v.Status, v.Proof)
		}
		kinds[v.Status+" by "+v.Proof]++
	}
	if kinds["unique by search"] == 0 {
		t.Errorf("no variant certificate by search: %v", kinds)
	}
	t.Logf("certificates %v", kinds)
}

// The proofs made by worker processes are the ones made in this process,
// byte for byte, with the same verdicts; --proof-cnf=false leaves the CNFs
// out.
func TestVerifyProofWorkers(t *testing.T) {
	in := sampleLines(t, "royle17/puzzles.txt", 250, 200) + sampleLines(t, "tdoku/top1465.txt", 70, 20) + nonePuzzles(t, 5)
	here, procs := t.TempDir(), t.TempDir()
	want, errOut, code := cli(t, in, "verify", "--workers", "0", "--proof", here, "--json")
	if code != 1 {
		t.Fatalf("verify --proof: exit %d: %s", code, errOut)
	}
	got, errOut, code := cli(t, in, "verify", "--workers", "2", "--proof", procs, "--proof-cnf=false", "--json")
	if code != 1 {
		t.Fatalf("verify --workers 2 --proof --proof-cnf=false: exit %d: %s", code, errOut)
	}
	if got != want {
		t.Fatalf("verdicts with worker processes differ:\n%s\nwant\n%s", got, want)
	}
	entries, err := os.ReadDir(procs)
	if err != nil {
		t.Fatal(err)
	}
	n := strings.Count(in, "\n")
	if len(entries) != n {
		t.Errorf("%d files for %d verdicts of unique or none, want one each", len(entries), n)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".drat") {
			t.Errorf("%s: want .drat files only", e.Name())
			continue
		}
		a, err := os.ReadFile(filepath.Join(procs, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(here, e.Name()))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s: the worker's proof differs from this process's (%v)", e.Name(), err)
		}
	}
}

var (
	proofFolder   = flag.String("proof-folder", "", "TestProofFolder: the --proof folder of a run to check")
	proofVerdicts = flag.String("proof-verdicts", "", "TestProofFolder: the --json output of that run")
	proofPuzzles  = flag.String("proof-puzzles", "", "TestProofFolder: the puzzles of that run (one file)")
)

// TestProofFolder checks every certificate of a run of verify --proof
// --json, given its folder, its output and its input (-proof-folder,
// -proof-verdicts, -proof-puzzles):
// a classic one against the CNF that gridtest builds from the rules, a
// variant's against the CNF written beside it; the CNFs with their rules'
// hash, unless the run had --proof-cnf=false. It is for the checks of
// whole runs, on the data sets of the benchmarks:
//
//	sudokugen verify --proof /dev/shm/p --json puzzles.txt > verdicts.jsonl
//	go test ./cmd/sudokugen -run TestProofFolder -proof-folder /dev/shm/p \
//	  -proof-verdicts verdicts.jsonl -proof-puzzles puzzles.txt
func TestProofFolder(t *testing.T) {
	if *proofFolder == "" || *proofVerdicts == "" || *proofPuzzles == "" {
		t.Skip("no -proof-folder, -proof-verdicts and -proof-puzzles")
	}
	out, err := os.ReadFile(*proofVerdicts)
	if err != nil {
		t.Fatal(err)
	}
	puzzles := readProofPuzzles(t)
	kinds := map[string]int{}
	assumed, assumedUnchecked := 0, 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var v certVerdict
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatal(err)
		}
		dratText, err := os.ReadFile(filepath.Join(*proofFolder, fmt.Sprint(v.Index)+".drat"))
		if v.Status != "unique" && v.Status != "none" {
			if err == nil {
				t.Errorf("puzzle %d: %s, but a proof was written", v.Index, v.Status)
			}
			continue
		}
		if err != nil {
			t.Fatalf("puzzle %d: %v", v.Index, err)
		}
		g, ok := puzzles[v.Index]
		if !ok || g.Rules.Empty() && g.String() != v.Puzzle {
			t.Fatalf("puzzle %d: not %s in %s", v.Index, v.Puzzle, *proofPuzzles)
		}
		var sol *grid.Grid
		if v.Status == "unique" {
			s := g.Clone()
			p, err := formats.Parse(v.Solutions[0])
			if err != nil {
				t.Fatalf("puzzle %d: its solution: %v", v.Index, err)
			}
			s.Cells = p.Cells
			sol = &s
		}
		cnfText, cnfErr := os.ReadFile(filepath.Join(*proofFolder, fmt.Sprint(v.Index)+".cnf"))
		cnf, nv := folderCNF(t, g, sol, v, cnfText, cnfErr)
		if cnf == nil {
			assumedUnchecked++
			continue
		}
		if g.HasRules() && cnfErr == nil {
			assumed += v.Assumed
		}
		proof, err := gridtest.ReadDRAT(bytes.NewReader(dratText))
		if err != nil {
			t.Fatalf("puzzle %d: the proof: %v", v.Index, err)
		}
		if _, err := gridtest.CheckDRAT(nv, cnf, proof); err != nil {
			t.Errorf("puzzle %d (%s by %s): the proof: %v", v.Index, v.Status, v.Proof, err)
		}
		if v.LeftOut > 0 {
			// the proof written is of a search without the implied
			// constraints, or gophersat's
			kinds[v.Status+" by "+v.Proof+", written by "+v.Written+" without some implied constraints"]++
			continue
		}
		kinds[v.Status+" by "+v.Proof]++
	}
	t.Logf("%s: proofs checked: %v; variants against the plain CNF, %d implied clauses assumed", *proofFolder, kinds, assumed)
	if assumedUnchecked > 0 {
		t.Errorf("%d variant proofs assume implied clauses and have no CNF that holds them (--proof-cnf=false): not checked", assumedUnchecked)
	}
}

// folderCNF returns the CNF that the proof of verdict v on puzzle g (with
// solution sol for unique) refutes, and its number of variables, checking
// the CNF written for it, cnfText, unless cnfErr says there is none: a
// classic one's is gridtest's; a variant's holds the rules as stated
// (sat.PlainRuleClauses), the givens, the blocking clause, then the
// clauses the proof assumes (--json's "assumed"), each one that the rules
// imply. Nil for a variant's proof that assumes clauses and has no CNF.
func folderCNF(t *testing.T, g grid.Grid, sol *grid.Grid, v certVerdict, cnfText []byte, cnfErr error) ([][]int, int) {
	t.Helper()
	if !g.HasRules() {
		cnf := gridtest.CNF(g, sol)
		if cnfErr == nil {
			checkFolderCNF(t, g, v, cnfText, cnf)
		}
		return cnf, sat.NumVars(g.N())
	}
	rc := sat.PlainRuleClauses(g.Shape, g.Rules)
	cnf := slices.Clip(rc.Clauses)
	for _, l := range sat.Givens(g) {
		cnf = append(cnf, []int{l})
	}
	if sol != nil {
		cnf = append(cnf, sat.Blocking(g, *sol))
	}
	if cnfErr != nil {
		if v.Assumed > 0 {
			return nil, 0
		}
		return cnf, rc.Vars
	}
	written, err := gridtest.ReadDRAT(bytes.NewReader(cnfText))
	if err != nil {
		t.Fatalf("puzzle %d: the CNF: %v", v.Index, err)
	}
	got := gridtest.Clauses(written)
	if len(got) != len(cnf)+v.Assumed {
		t.Fatalf("puzzle %d: the CNF has %d clauses, want %d and %d assumed", v.Index, len(got), len(cnf), v.Assumed)
	}
	implied := impliedClauses(g)
	for _, c := range got[len(cnf):] {
		if !implied[fmt.Sprint(c)] {
			t.Fatalf("puzzle %d: the CNF assumes %v, no clause the rules imply", v.Index, c)
		}
	}
	cnf = append(cnf, got[len(cnf):]...)
	checkFolderCNF(t, g, v, cnfText, cnf)
	return cnf, rc.Vars
}

// checkFolderCNF checks that the CNF cnfText written for the proof of
// verdict v on g holds the clauses want and names its rules' hash.
func checkFolderCNF(t *testing.T, g grid.Grid, v certVerdict, cnfText []byte, want [][]int) {
	t.Helper()
	written, err := gridtest.ReadDRAT(bytes.NewReader(cnfText))
	if err != nil {
		t.Fatalf("puzzle %d: the CNF: %v", v.Index, err)
	}
	if err := gridtest.SameClauses(gridtest.Clauses(written), want); err != nil {
		t.Fatalf("puzzle %d: the CNF: %v", v.Index, err)
	}
	if h := "c rules sha256:" + sat.PlainRulesHash(g.Shape, g.Rules) + " "; !bytes.Contains(cnfText, []byte(h)) {
		t.Errorf("puzzle %d: the CNF does not name its rules' hash %q", v.Index, h)
	}
}

// impliedClauses returns the clauses that the rules of g imply, as sat
// encodes them (the spans of RuleCNF.Implied), by their text.
func impliedClauses(g grid.Grid) map[string]bool {
	rc := sat.RuleClauses(g.Shape, g.Rules)
	out := map[string]bool{}
	for _, sp := range rc.Implied {
		for _, c := range rc.Clauses[sp.From:sp.To] {
			out[fmt.Sprint(c)] = true
		}
	}
	return out
}

// readProofPuzzles reads the puzzles of -proof-puzzles by their index.
func readProofPuzzles(t *testing.T) map[int]grid.Grid {
	in, err := os.Open(*proofPuzzles)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	puzzles := map[int]grid.Grid{}
	for r := formats.NewReader(in, *proofPuzzles, formats.ReadOptions{}); ; {
		rec, err := r.Read()
		if err != nil {
			break
		}
		puzzles[rec.Index] = rec.Grid
	}
	return puzzles
}
