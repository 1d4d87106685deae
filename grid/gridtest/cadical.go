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

// Cadical runs cadical on the clauses cnf with the unit clauses units
// added (see SolveCNF), failing the test when cadical does not answer.
func Cadical(tb testing.TB, nv int, cnf [][]int, units ...int) (sat bool, model []bool) {
	tb.Helper()
	sat, model, err := SolveCNF(nv, cnf, units...)
	if err != nil {
		tb.Fatal(err)
	}
	return sat, model
}

// Unsat reports whether cadical finds cnf with the units unsatisfiable,
// failing the test when cadical does not answer.
func Unsat(tb testing.TB, nv int, cnf [][]int, units ...int) bool {
	tb.Helper()
	sat, _ := Cadical(tb, nv, cnf, units...)
	return !sat
}

// RunCadical runs cadical on the DIMACS text dimacs (see SolveDIMACS),
// failing the test when cadical does not answer.
func RunCadical(tb testing.TB, dimacs []byte) (sat bool, output []byte) {
	tb.Helper()
	sat, out, err := SolveDIMACS(dimacs)
	if err != nil {
		tb.Fatal(err)
	}
	return sat, out
}

// SolveCNF runs cadical on the clauses cnf, over variables 1..nv (or up
// to the highest one a clause names), with the unit clauses units added,
// and reports whether they are satisfiable; when they are, model holds a
// model: model[v] is the value of variable v (model[0] is unused). The
// error says why cadical gave no answer. Unlike Cadical, it may run on
// any goroutine.
func SolveCNF(nv int, cnf [][]int, units ...int) (sat bool, model []bool, err error) {
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
	sat, out, err := SolveDIMACS(in.Bytes())
	if err != nil || !sat {
		return false, nil, err
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
				return false, nil, fmt.Errorf("cadical: bad literal %q in its model", f)
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
		return false, nil, fmt.Errorf("cadical: a model of %d of the %d variables", seen, nv)
	}
	return true, model, nil
}

// SolveDIMACS runs cadical on the DIMACS text dimacs, and reports whether
// it is satisfiable (exit code 10) or not (20), with cadical's output
// (its "v" lines hold the model). The error says why cadical gave
// neither answer.
func SolveDIMACS(dimacs []byte) (sat bool, output []byte, err error) {
	cmd := exec.Command("cadical", "-q")
	cmd.Stdin = bytes.NewReader(dimacs)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee) && ee.ExitCode() == 20:
		return false, out.Bytes(), nil
	case errors.As(err, &ee) && ee.ExitCode() == 10:
		return true, out.Bytes(), nil
	}
	return false, nil, fmt.Errorf("cadical: %v %s", err, bytes.TrimSpace(errOut.Bytes()))
}
