package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// This file checks the certificates of verify --proof with a small DRAT
// checker of its own, which shares no code with the encoder: it takes the
// expected CNF from gridtest.CNF, built from the rules as stated, checks that the written CNF is
// that one (the same clauses), then checks every lemma of the proof by
// reverse unit propagation (RUP) and requires the empty clause at the end.

// readClauses reads DIMACS clauses (or DRAT lines, with "d" deletions
// kept as a leading 0 marker) from text.
func readClauses(t *testing.T, text string) (clauses [][]int, deleted []bool) {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == 'c' || line[0] == 'p' {
			continue
		}
		del := strings.HasPrefix(line, "d ")
		line = strings.TrimPrefix(line, "d ")
		var c []int
		for _, f := range strings.Fields(line) {
			l, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("bad literal %q in %q", f, line)
			}
			if l == 0 {
				break
			}
			c = append(c, l)
		}
		clauses = append(clauses, c)
		deleted = append(deleted, del)
	}
	return clauses, deleted
}

func clauseKey(c []int) string {
	s := append([]int(nil), c...)
	sort.Ints(s)
	return fmt.Sprint(s)
}

// rupChecker holds a clause database with occurrence lists for unit
// propagation.
type rupChecker struct {
	nv      int
	clauses [][]int
	live    []bool
	occ     map[int][]int // literal -> clauses that hold it
}

func newRUP(nv int, cnf [][]int) *rupChecker {
	k := &rupChecker{nv: nv, occ: make(map[int][]int)}
	for _, c := range cnf {
		k.add(c)
	}
	return k
}

func (k *rupChecker) add(c []int) {
	k.clauses = append(k.clauses, c)
	k.live = append(k.live, true)
	for _, l := range c {
		k.occ[l] = append(k.occ[l], len(k.clauses)-1)
	}
}

func (k *rupChecker) remove(c []int) {
	key := clauseKey(c)
	for i, d := range k.clauses {
		if k.live[i] && clauseKey(d) == key {
			k.live[i] = false
			return
		}
	}
}

// conflict reports whether unit propagation from the negation of lemma
// reaches a conflict: the lemma is RUP.
func (k *rupChecker) conflict(lemma []int) bool {
	val := make([]int8, k.nv+1)
	var queue []int
	assign := func(l int) bool { // false on a conflict
		v, s := l, int8(1)
		if l < 0 {
			v, s = -l, -1
		}
		if val[v] == s {
			return true
		}
		if val[v] == -s {
			return false
		}
		val[v] = s
		queue = append(queue, l)
		return true
	}
	truth := func(l int) int8 {
		if l < 0 {
			return -val[-l]
		}
		return val[l]
	}
	for _, l := range lemma {
		if !assign(-l) {
			return true
		}
	}
	for i, c := range k.clauses { // units of the database
		if k.live[i] && len(c) == 1 && !assign(c[0]) {
			return true
		}
		if k.live[i] && len(c) == 0 {
			return true
		}
	}
	for len(queue) > 0 {
		l := queue[0]
		queue = queue[1:]
		for _, ci := range k.occ[-l] { // clauses where l made a literal false
			if !k.live[ci] {
				continue
			}
			free, unit, sat := 0, 0, false
			for _, m := range k.clauses[ci] {
				switch truth(m) {
				case 1:
					sat = true
				case 0:
					free++
					unit = m
				}
			}
			switch {
			case sat:
			case free == 0:
				return true
			case free == 1:
				if !assign(unit) {
					return true
				}
			}
		}
	}
	return false
}

// checkDRAT checks proof against cnf: every lemma RUP, and the empty
// clause derived. It returns why not, or "".
func checkDRAT(nv int, cnf, proof [][]int, deleted []bool) string {
	k := newRUP(nv, cnf)
	for i, lemma := range proof {
		if deleted[i] {
			k.remove(lemma)
			continue
		}
		if !k.conflict(lemma) {
			return fmt.Sprintf("lemma %d %v is not RUP", i+1, lemma)
		}
		if len(lemma) == 0 {
			return ""
		}
		k.add(lemma)
	}
	return "no empty clause"
}

// Every certificate written by verify --proof passes the checker: royle17
// samples (both kinds of proof), top1465, 16x16, and puzzles with no
// solution; and a proof with a line removed fails it.
func TestVerifyProofCertificates(t *testing.T) {
	k := 1
	if testing.Short() {
		k = 3
	}
	in := sampleLines(t, "royle17/puzzles.txt", 2000*k, 20) +
		sampleLines(t, "tdoku/top1465.txt", 300*k, 5) +
		"12345678.........9" + strings.Repeat(".", 63) + "\n" + // none by propagation
		sampleLines(t, "large/16x16.unique.txt", 400*k, 2)
	dir := t.TempDir()
	out, errOut, code := cli(t, in, "verify", "--workers", "0", "--proof", dir, "--json")
	if code != 1 { // the none puzzles
		t.Fatalf("verify --proof: exit %d: %s", code, errOut)
	}
	kinds := map[string]int{}
	broken := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var v certVerdict
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatal(err)
		}
		kind, caught := checkCertificate(t, dir, v)
		if kind != "" {
			kinds[kind]++
		}
		if caught {
			broken++
		}
	}
	t.Logf("certificates checked: %v; %d sat proofs caught with a lemma removed", kinds, broken)
	if kinds["unique by propagation"] == 0 || kinds["unique by sat"] == 0 || kinds["none by propagation"] == 0 {
		t.Errorf("the sample did not cover both kinds of proof and none: %v", kinds)
	}
	if broken == 0 {
		t.Errorf("no sat proof was caught with a lemma removed")
	}
}

// certVerdict is what checkCertificate reads of a verify --json line.
type certVerdict struct {
	Index     int
	Puzzle    string
	Status    string
	Proof     string
	Solutions []string
}

// checkCertificate checks the certificate verify --proof wrote into dir for
// verdict v, and returns its kind ("unique by sat", "" for none written)
// and whether, for a sat proof, removing one lemma was caught.
func checkCertificate(t *testing.T, dir string, v certVerdict) (kind string, caught bool) {
	t.Helper()
	cnfText, err1 := os.ReadFile(filepath.Join(dir, fmt.Sprint(v.Index)+".cnf"))
	dratText, err2 := os.ReadFile(filepath.Join(dir, fmt.Sprint(v.Index)+".drat"))
	if v.Status != "unique" && v.Status != "none" {
		if err1 == nil || err2 == nil {
			t.Errorf("puzzle %d: %s, but a certificate was written", v.Index, v.Status)
		}
		return "", false
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
	got, _ := readClauses(t, string(cnfText))
	if len(got) != len(want) {
		t.Fatalf("puzzle %d: the CNF has %d clauses, want %d", v.Index, len(got), len(want))
	}
	keys := map[string]int{}
	for _, c := range want {
		keys[clauseKey(c)]++
	}
	for _, c := range got {
		if keys[clauseKey(c)]--; keys[clauseKey(c)] < 0 {
			t.Fatalf("puzzle %d: clause %v is not in the expected CNF", v.Index, c)
		}
	}
	proof, del := readClauses(t, string(dratText))
	if why := checkDRAT(n*n*n, want, proof, del); why != "" {
		t.Fatalf("puzzle %d (%s by %s): the proof fails: %s", v.Index, v.Status, v.Proof, why)
	}
	// Corrupted: without its last line (the empty clause) it must fail;
	// for a sat proof with lemmas, some removal of one lemma must fail.
	if checkDRAT(n*n*n, want, proof[:len(proof)-1], del) == "" {
		t.Errorf("puzzle %d: the proof without its empty clause passes", v.Index)
	}
	if v.Proof == "sat" && len(proof) > 2 && n == 9 {
		for i := 0; i < len(proof)-1 && !caught; i++ {
			p := append(append([][]int(nil), proof[:i]...), proof[i+1:]...)
			d := append(append([]bool(nil), del[:i]...), del[i+1:]...)
			caught = checkDRAT(n*n*n, want, p, d) != ""
		}
	}
	return v.Status + " by " + v.Proof, caught
}
