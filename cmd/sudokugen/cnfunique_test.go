package main

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

var uniqueCheckAll = flag.Bool("unique-check-all", false, "run the unique-check CNF test on the issue's full sample (2,000 royle17, 500 top1465, 200 16x16 puzzles; about 9 minutes)")

// runSolver runs a Debian SAT solver on cnf and returns its exit code and
// output.
func runSolver(t *testing.T, name, cnf string) (int, string) {
	t.Helper()
	cmd := exec.Command(name)
	cmd.Stdin = strings.NewReader(cnf)
	var out bytes.Buffer
	cmd.Stdout = &out
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), out.String()
	}
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return 0, out.String()
}

// The --unique-check CNF of a unique puzzle is UNSAT under picosat and
// cadical; with one clue of a 17-clue puzzle removed it is SAT, and the
// model decodes to a second solution.
func TestCNFUniqueCheck(t *testing.T) {
	sets := []struct {
		file  string
		count int
	}{
		{"royle17/puzzles.txt", 2000},
		{"tdoku/top1465.txt", 500},
		{"large/16x16.unique.txt", 200},
	}
	seed := uint64(20261122)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 13))
	for _, solver := range []string{"picosat", "cadical"} {
		t.Run(solver, func(t *testing.T) {
			needSolver(t, solver)
			for _, set := range sets {
				lines := strings.Fields(sampleLines(t, set.file, 1, 1<<30))
				n := set.count / 10
				switch {
				case *uniqueCheckAll:
					n = set.count
				case testing.Short():
					n = set.count / 50
				}
				for k := 0; k < n; k++ {
					p := lines[rng.IntN(len(lines))]
					cnf, errOut, code := cli(t, p, "cnf", "--unique-check")
					if code != 0 {
						t.Fatalf("cnf --unique-check %s: exit %d: %s", p, code, errOut)
					}
					if got, _ := runSolver(t, solver, cnf); got != 20 {
						t.Fatalf("%s: %s on the unique-check CNF exits %d, want 20 (UNSAT)", p, solver, got)
					}
				}
			}
			royle := strings.Fields(sampleLines(t, "royle17/puzzles.txt", 1, 1<<30))
			for k := 0; k < 20; k++ {
				p := []byte(royle[rng.IntN(len(royle))])
				i := rng.IntN(len(p))
				for p[i] == '.' {
					i = rng.IntN(len(p))
				}
				p[i] = '.'
				cnf, _, _ := cli(t, string(p), "cnf", "--unique-check")
				first := strings.SplitN(cnf, "\n", 3)[1][2:] // "c <solution>"
				code, out := runSolver(t, solver, cnf)
				if code != 10 {
					t.Fatalf("%s: %s exits %d, want 10 (SAT)", p, solver, code)
				}
				second, errOut, mcode := cli(t, out, "model", "--puzzle", string(p))
				second = strings.TrimSpace(second)
				if mcode != 0 || second == first || len(second) != 81 {
					t.Fatalf("%s: model gives %q (exit %d, %s), want a second solution besides %s", p, second, mcode, errOut, first)
				}
			}
		})
	}
}

// cnf writes a variant's rules as stated, and with --implied the clauses
// they imply as well: on generated killers and jigsaws both unique-check
// CNFs are UNSAT under cadical, the plain one has no implied part and
// fewer clauses, and both name their own rules' hash.
func TestCNFImplied(t *testing.T) {
	needSolver(t, "cadical")
	clauses := func(cnf string) int {
		for _, l := range strings.Split(cnf, "\n") {
			if f := strings.Fields(l); len(f) == 4 && f[0] == "p" {
				n, err := strconv.Atoi(f[3])
				if err != nil {
					t.Fatalf("header %q: %v", l, err)
				}
				return n
			}
		}
		t.Fatalf("no header in\n%.500s", cnf)
		return 0
	}
	hash := func(cnf string) string {
		_, rest, _ := strings.Cut(cnf, "c rules sha256:")
		h, _, _ := strings.Cut(rest, " ")
		return h
	}
	for _, v := range []string{"killer", "jigsaw"} {
		out, errOut, code := cli(t, "", "generate", "-q", "--variant", v, "-n", "2", "--seed", "5", "--workers", "0")
		if code != 0 {
			t.Fatalf("generate --variant %s: exit %d: %s", v, code, errOut)
		}
		for _, p := range strings.Split(strings.TrimSpace(out), "\n") {
			plain, errOut, code := cli(t, p, "cnf", "--unique-check")
			if code != 0 {
				t.Fatalf("%s: cnf --unique-check: exit %d: %s", v, code, errOut)
			}
			full, errOut, code := cli(t, p, "cnf", "--unique-check", "--implied")
			if code != 0 {
				t.Fatalf("%s: cnf --unique-check --implied: exit %d: %s", v, code, errOut)
			}
			if strings.Contains(plain, "implied by the rules") || !strings.Contains(plain, "without the clauses they imply") {
				t.Errorf("%s: the plain CNF's comments:\n%.1500s", v, plain)
			}
			if !strings.Contains(full, "implied by the rules") {
				t.Errorf("%s: the CNF with --implied has no implied part:\n%.1500s", v, full)
			}
			if a, b := clauses(plain), clauses(full); a >= b {
				t.Errorf("%s: %d plain clauses, %d with --implied", v, a, b)
			}
			if hash(plain) == "" || hash(plain) == hash(full) {
				t.Errorf("%s: rules hashes %q and %q", v, hash(plain), hash(full))
			}
			for _, cnf := range []string{plain, full} {
				if got, _ := runSolver(t, "cadical", cnf); got != 20 {
					t.Fatalf("%s: cadical on the unique-check CNF exits %d, want 20 (UNSAT)", v, got)
				}
			}
		}
	}
}
