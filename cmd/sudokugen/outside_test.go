package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// needSolver skips the test when the Debian solver name is absent.
func needSolver(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Skipf("%s not installed (apt-get install %s): skipping", name, name)
	}
}

// script writes an executable shell script and returns its path.
func script(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "solver.sh")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func sampleLines(t *testing.T, name string, every, max int) string {
	t.Helper()
	data, err := os.ReadFile(dataFile(t, name))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if i%every == 0 && len(out) < max {
			out = append(out, strings.Fields(line)[0])
		}
	}
	return strings.Join(out, "\n") + "\n"
}

// verify --solver gives the default verdicts and witnesses on royle17,
// serg_multi and sudopedia samples, with picosat and with cadical.
func TestVerifySolverAgrees(t *testing.T) {
	royle := sampleLines(t, "royle17/puzzles.txt", 1000, 30)
	serg := sampleLines(t, "tdoku/serg_multi.counts.tsv", 500, 20)
	serg = serg[strings.IndexByte(serg, '\n')+1:] // the header
	sudo := ""
	data, err := os.ReadFile(dataFile(t, "invalid/sudopedia.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if f := strings.Split(line, "\t"); len(f) >= 2 && len(f[1]) == 81 {
			sudo += f[1] + "\n"
		}
	}
	for _, solver := range []string{"picosat", "cadical"} {
		t.Run(solver, func(t *testing.T) {
			needSolver(t, solver)
			for name, in := range map[string]string{"royle17": royle, "serg_multi": serg, "sudopedia": sudo} {
				want, _, wcode := cli(t, in, "verify", "--workers", "0", "--count-limit", "200", "--json")
				got, errOut, code := cli(t, in, "verify", "--solver", solver, "--count-limit", "200", "--json")
				if code != wcode {
					t.Errorf("%s: exit %d, want %d (%s)", name, code, wcode, errOut)
				}
				wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
				if len(wl) != len(gl) {
					t.Fatalf("%s: %d verdicts, want %d", name, len(gl), len(wl))
				}
				for i := range wl {
					// The same verdict and witnesses; only the proof differs.
					w := strings.NewReplacer(`"proof":"propagation",`, "", `"proof":"search",`, "", `"proof":"sat",`, "").Replace(wl[i])
					g := strings.Replace(gl[i], `"proof":"outside",`, "", 1)
					if g != w {
						t.Errorf("%s line %d:\n got %s\nwant %s", name, i+1, g, w)
					}
				}
			}
		})
	}
}

// A solver that lies, crashes or hangs gets a clear error, never a verdict.
func TestVerifySolverMisbehaves(t *testing.T) {
	const puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
	for _, tc := range []struct {
		name, body, want string
	}{
		{"crash", "kill -SEGV $$\n", "signal: segmentation fault"},
		{"wrong exit", "cat >/dev/null; echo oops >&2; exit 3\n", "exited with status 3, not 10 (SAT) or 20 (UNSAT): oops"},
		{"model breaks the rules", "cat >/dev/null; echo 's SATISFIABLE'; echo 'v 1 2 0'; exit 10\n", "model is unreadable"},
		{"model breaks the givens", "cat >/dev/null; echo s SATISFIABLE; i=0; while [ $i -lt 81 ]; do r=$((i/9)); c=$((i%9)); d=$(( (r*3 + r/3 + c) % 9 + 1 )); echo \"v $((i*9+d))\"; i=$((i+1)); done; echo 'v 0'; exit 10\n", "breaks the puzzle's givens"},
		{"says unsat wrongly", "cat >/dev/null; exit 20\n", `without saying "s UNSATISFIABLE"`},
		{"hangs", "exec sleep 30\n", "deadline exceeded"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			solver := script(t, tc.body)
			// A solver that answers at once gets time to spare on a loaded
			// machine; the one that hangs is cut off after a second.
			timeout := "10s"
			if tc.name == "hangs" {
				timeout = "1s"
			}
			out, errOut, code := cli(t, puzzle, "verify", "--solver", solver, "--timeout", timeout)
			if code == 0 || !strings.Contains(out, "error") || !strings.Contains(out, tc.want) {
				t.Errorf("exit %d, output %q (stderr %q); want an error saying %q", code, out, errOut, tc.want)
			}
			if strings.Contains(out, "unique") || strings.Contains(out, "none") {
				t.Errorf("a verdict from a misbehaving solver: %q", out)
			}
		})
	}
}
