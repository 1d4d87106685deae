package sat

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// WriteDIMACS writes the CNF of puzzle g in DIMACS format: comment lines
// that name the encoding and the variable numbering, the "p cnf" header,
// the rule clauses of Clauses, one unit clause per given, then the extra
// clauses, if any (such as Blocking(g, solution), which makes the CNF
// unsatisfiable exactly when g has no other solution). Any SAT solver that
// reads DIMACS can solve the result; a model maps back to the grid through
// Decode or ReadModel.
func WriteDIMACS(w io.Writer, g grid.Grid, extra ...[]int) error {
	n := g.N()
	rules := baseClauses(g.Shape)
	nv := NumVars(n)
	givens := Givens(g)
	bw := bufio.NewWriterSize(w, 64<<10)
	if g.Variant() {
		cnf := RuleClauses(g.Shape, g.Rules)
		rules, nv = cnf.Clauses, cnf.Vars
		fmt.Fprintf(bw, "c Sudoku %dx%d with %s boxes, %d givens: %s\n", n, n, g.Shape, len(givens), g)
		bw.WriteString(cnf.describe(g.Rules))
		fmt.Fprintf(bw, "c variable %d*%d*(r-1) + %d*(c-1) + d is true when row r, column c holds d (1-based)\n", n, n, n)
	} else {
		fmt.Fprintf(bw, "c Sudoku %dx%d with %s boxes, %d givens: %s\n", n, n, g.Shape, len(givens), g)
		fmt.Fprintf(bw, "c encoding: each cell holds exactly one digit; each row, column and box holds\n")
		fmt.Fprintf(bw, "c each digit exactly once; \"at most one\" as pairwise binary clauses\n")
		fmt.Fprintf(bw, "c variable %d*%d*(r-1) + %d*(c-1) + d is true when row r, column c holds d (1-based)\n", n, n, n)
	}
	fmt.Fprintf(bw, "c rule clauses 1-%d, then one unit clause per given", len(rules))
	if len(extra) > 0 {
		fmt.Fprintf(bw, ", then %d more", len(extra))
	}
	fmt.Fprintf(bw, "\np cnf %d %d\n", nv, len(rules)+len(givens)+len(extra))
	buf := make([]byte, 0, 8*n)
	put := func(c []int) {
		buf = buf[:0]
		for _, l := range c {
			buf = strconv.AppendInt(buf, int64(l), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, '0', '\n')
		bw.Write(buf)
	}
	for _, c := range rules {
		put(c)
	}
	for _, l := range givens {
		put([]int{l})
	}
	for _, c := range extra {
		put(c)
	}
	return bw.Flush()
}

// ErrUnsat is returned by ReadModel when the solver's answer says the CNF
// has no model.
var ErrUnsat = errors.New("the solver reports UNSATISFIABLE")

// ErrNoAnswer is returned by ReadModel when the input holds no model and
// no verdict, or the solver says it does not know.
var ErrNoAnswer = errors.New("the solver's output holds no model")

// ReadModel reads a SAT solver's answer for a grid of shape s, in the
// competition format ("s SATISFIABLE" and "v ..." lines, as picosat,
// cadical and minisat -model print) or as a bare list of literals, and
// returns the grid it describes. It returns ErrUnsat for an UNSATISFIABLE
// answer, and an error when the model does not put exactly one digit in
// every cell.
//
// Variables past the cell variables, such as those of cage sums, are read
// and ignored.
func ReadModel(r io.Reader, s grid.Shape) (grid.Grid, error) {
	n := s.N()
	nv := NumVars(n)
	truth := make([]bool, nv)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	line, lits := 0, 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "c") {
			continue
		}
		// Tokens, so that the pasted one-line form ("s SATISFIABLE v 1 -2
		// ... 0") reads like the line-by-line one.
		for _, f := range strings.Fields(text) {
			switch f {
			case "s", "v", "SATISFIABLE", "SAT":
				continue
			case "UNSATISFIABLE", "UNSAT":
				return grid.Grid{}, ErrUnsat
			case "UNKNOWN", "INDETERMINATE":
				return grid.Grid{}, ErrNoAnswer
			}
			lits++
			l, err := strconv.Atoi(f)
			if err != nil {
				return grid.Grid{}, fmt.Errorf("line %d: %q is not a literal", line, f)
			}
			if l > 0 && l <= nv {
				truth[l-1] = true
			}
		}
	}
	if err := sc.Err(); err != nil {
		return grid.Grid{}, err
	}
	if lits == 0 {
		return grid.Grid{}, ErrNoAnswer
	}
	g := grid.New(s)
	for v := 1; v <= nv; v++ {
		if !truth[v-1] {
			continue
		}
		r, c, d := Decode(n, v)
		if old := g.At(r, c); old != 0 {
			return grid.Grid{}, fmt.Errorf("the model puts both %d and %d in %s", old, d, grid.Cell{Row: r, Col: c})
		}
		g.Set(r, c, d)
	}
	for i, v := range g.Cells {
		if v == 0 {
			return grid.Grid{}, fmt.Errorf("the model leaves %s empty", grid.Cell{Row: i / n, Col: i % n})
		}
	}
	return g, nil
}

// WriteUniqueCheck writes the CNF of puzzle g with the blocking clause of
// sol, one of its solutions, in DIMACS format (see WriteDIMACS), after
// comment lines that say how to read a solver's answer: UNSATISFIABLE
// proves that sol is g's only solution; a model is another solution.
func WriteUniqueCheck(w io.Writer, g, sol grid.Grid) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "c uniqueness check: the puzzle below with its solution\nc %s\n", sol)
	fmt.Fprintf(bw, "c forbidden by the last clause, which says at least one empty cell holds\n")
	fmt.Fprintf(bw, "c another digit. UNSATISFIABLE means the puzzle has exactly this one\n")
	fmt.Fprintf(bw, "c solution; a model is a second solution (decode it with sudokugen model).\n")
	if err := bw.Flush(); err != nil {
		return err
	}
	return WriteDIMACS(w, g, Blocking(g, sol))
}
