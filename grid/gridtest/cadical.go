package gridtest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// NeedCadical skips the test when Debian's cadical, the outside solver
// that the independent checks run, is not installed.
func NeedCadical(tb testing.TB) {
	tb.Helper()
	if _, err := exec.LookPath("cadical"); err != nil {
		tb.Skip("cadical is not installed (Debian package cadical; .ci/run installs it): this independent check needs it")
	}
}

// Cadical runs cadical on the clauses cnf, over variables 1..nv (or up to
// the highest one a clause names), with the unit clauses units added, and
// reports whether they are satisfiable; when they are, model holds a
// model: model[v] is the value of variable v (model[0] is unused). A
// failure to run cadical fails the test.
func Cadical(tb testing.TB, nv int, cnf [][]int, units ...int) (sat bool, model []bool) {
	tb.Helper()
	for _, cl := range cnf {
		for _, l := range cl {
			nv = max(nv, l, -l)
		}
	}
	for _, u := range units {
		nv = max(nv, u, -u)
	}
	var in bytes.Buffer
	fmt.Fprintf(&in, "p cnf %d %d\n", nv, len(cnf)+len(units))
	for _, cl := range cnf {
		for _, l := range cl {
			in.WriteString(strconv.Itoa(l))
			in.WriteByte(' ')
		}
		in.WriteString("0\n")
	}
	for _, u := range units {
		fmt.Fprintf(&in, "%d 0\n", u)
	}
	sat, out := RunCadical(tb, in.Bytes())
	if !sat {
		return false, nil
	}
	model = make([]bool, nv+1)
	seen := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "v ")
		if !ok {
			continue
		}
		for _, f := range strings.Fields(line) {
			l, err := strconv.Atoi(f)
			if err != nil || l > nv || -l > nv {
				tb.Fatalf("cadical: bad literal %q in its model", f)
			}
			if l > 0 {
				model[l] = true
			}
			if l != 0 {
				seen++
			}
		}
	}
	if seen < nv {
		tb.Fatalf("cadical: a model of %d of the %d variables", seen, nv)
	}
	return true, model
}

// RunCadical runs cadical on the DIMACS text dimacs, and reports whether
// it is satisfiable, with cadical's output (its "v" lines hold the
// model). A failure to run cadical, or an answer that is neither, fails
// the test.
func RunCadical(tb testing.TB, dimacs []byte) (sat bool, output []byte) {
	tb.Helper()
	cmd := exec.Command("cadical", "-q")
	cmd.Stdin = bytes.NewReader(dimacs)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee) && ee.ExitCode() == 20:
		return false, out.Bytes()
	case errors.As(err, &ee) && ee.ExitCode() == 10:
		return true, out.Bytes()
	}
	tb.Fatalf("cadical: %v %s", err, errOut.Bytes())
	return false, nil
}

// Unsat reports whether cadical finds cnf with the units unsatisfiable.
func Unsat(tb testing.TB, nv int, cnf [][]int, units ...int) bool {
	tb.Helper()
	sat, _ := Cadical(tb, nv, cnf, units...)
	return !sat
}
