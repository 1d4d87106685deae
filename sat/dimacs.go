package sat

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/sudokugen/sudokugen/grid"
)

// WriteDIMACS writes the CNF of puzzle g in DIMACS format: comment lines
// that name the encoding, the variable numbering and the hash of the rule
// clauses, the "p cnf" header, the rule clauses of Clauses (RuleClauses
// for a variant), one unit clause per given, then the extra clauses, if
// any (such as Blocking(g, solution), which makes the CNF unsatisfiable
// exactly when g has no other solution). Any SAT solver that reads DIMACS
// can solve the result; a model maps back to the grid through Decode or
// ReadModel. To write many CNFs, a DIMACS keeps the text of the last
// rules.
func WriteDIMACS(w io.Writer, g grid.Grid, extra ...[]int) error {
	var d DIMACS
	return d.Write(w, g, extra...)
}

// DIMACS writes the CNFs of puzzles as WriteDIMACS does, keeping the text
// of the rule clauses of the last shape and rules it wrote, so that a run
// of puzzles that share them (every classic puzzle of a size, X or hyper
// puzzles) writes each CNF with a copy. The zero value is ready to use;
// a DIMACS is for one goroutine at a time, and the rules of the puzzles
// it writes must not change after.
type DIMACS struct {
	// Plain writes a variant's rules as stated (PlainRuleClauses), not
	// with the clauses they imply (RuleClauses). Set it before the first
	// Write.
	Plain bool

	plain bool // the Plain that the fields below are of
	shape grid.Shape
	rules *grid.Rules
	ok    bool   // shape and rules hold what the fields below are of
	about []byte // the comment lines on the encoding, its hash the last
	text  []byte // the rule clauses, one per line
	count int    // how many rule clauses
	vars  int
	buf   []byte
}

// RulesHash returns the hash that the CNF of puzzles of shape s with rules
// r names in its comment line "c rules sha256:...": the SHA-256 of its rule
// clauses as WriteDIMACS writes them, one per line ("1 2 3 0\n"), in
// hexadecimal. Two CNFs with the same rule clauses show the same hash, the
// classic puzzles of a size among them, whatever their givens.
func RulesHash(s grid.Shape, r *grid.Rules) string {
	var d DIMACS
	d.prepare(grid.Grid{Shape: s, Rules: r})
	return d.hash()
}

// PlainRulesHash is RulesHash of the CNF a DIMACS with Plain set writes:
// the rules as stated (PlainRuleClauses). For a classic puzzle it is
// RulesHash.
func PlainRulesHash(s grid.Shape, r *grid.Rules) string {
	d := DIMACS{Plain: true}
	d.prepare(grid.Grid{Shape: s, Rules: r})
	return d.hash()
}

// hash returns the hash of the prepared rules.
func (d *DIMACS) hash() string {
	sum := sha256.Sum256(d.text)
	return hex.EncodeToString(sum[:])
}

// prepare makes the text of g's rules, unless it has it already.
func (d *DIMACS) prepare(g grid.Grid) {
	if d.ok && d.plain == d.Plain && d.shape == g.Shape && d.rules.Equal(g.Rules) {
		return
	}
	n := g.N()
	var b bytes.Buffer
	var rules [][]int
	if g.HasRules() {
		cnf := RuleClauses(g.Shape, g.Rules)
		if d.Plain {
			cnf = PlainRuleClauses(g.Shape, g.Rules)
		}
		rules, d.vars = cnf.Clauses, cnf.Vars
		b.WriteString(cnf.describe(g.Rules))
		if d.Plain {
			b.WriteString("c the rules as stated, without the clauses they imply\n")
		} else {
			b.WriteString("c the rules, and clauses they imply (consequences, not rules)\n")
		}
	} else {
		rules, d.vars = baseClauses(g.Shape), NumVars(n)
		b.WriteString("c encoding: each cell holds exactly one digit; each row, column and box holds\n")
		b.WriteString("c each digit exactly once; \"at most one\" as pairwise binary clauses\n")
	}
	fmt.Fprintf(&b, "c variable %d*%d*(r-1) + %d*(c-1) + d is true when row r, column c holds d (1-based)\n", n, n, n)
	d.text = d.text[:0]
	for _, c := range rules {
		d.text = appendClause(d.text, c)
	}
	d.count = len(rules)
	fmt.Fprintf(&b, "c rules sha256:%s (of the %d rule clauses below, as written)\n", d.hash(), d.count)
	d.about = b.Bytes()
	d.shape, d.rules, d.ok, d.plain = g.Shape, g.Rules, true, d.Plain
}

// appendClause appends clause c as a DIMACS line.
func appendClause(b []byte, c []int) []byte {
	lits := literalText()
	for _, l := range c {
		if k := l + maxListed; k >= 0 && k < len(lits) {
			b = append(b, lits[k]...)
			continue
		}
		b = strconv.AppendInt(b, int64(l), 10)
		b = append(b, ' ')
	}
	return append(b, '0', '\n')
}

// maxListed bounds the literals whose text literalText holds: every one of
// a 9x9 CNF, auxiliary variables and all. Copying the text of a literal
// took half the time of formatting it, and the rule clauses of a killer
// or jigsaw are 250 KB of it, written afresh for each puzzle.
const maxListed = 1 << 13

// literalText returns the text of each literal l from -maxListed to
// maxListed, followed by a space, at l+maxListed.
var literalText = sync.OnceValue(func() []string {
	out := make([]string, 2*maxListed+1)
	for i := range out {
		out[i] = strconv.Itoa(i-maxListed) + " "
	}
	return out
})

// Write writes the CNF of puzzle g with the extra clauses (see
// WriteDIMACS).
func (d *DIMACS) Write(w io.Writer, g grid.Grid, extra ...[]int) error {
	return d.write(w, g, extra, nil)
}

// WriteAssuming is Write with, after the extra clauses, the clauses
// assumed: clauses that the rules imply and that a proof takes on trust,
// not derived from the rules (see verify.Result.Assumed), named so in a
// comment line.
func (d *DIMACS) WriteAssuming(w io.Writer, g grid.Grid, assumed [][]int, extra ...[]int) error {
	return d.write(w, g, extra, assumed)
}

func (d *DIMACS) write(w io.Writer, g grid.Grid, extra, assumed [][]int) error {
	if g.Boxless() {
		// without regions its boxes would be its rows
		if err := g.Shape.ValidateWith(g.Rules); err != nil {
			return err
		}
	}
	d.prepare(g)
	n := g.N()
	givens := Givens(g)
	b := d.buf[:0]
	if g.Boxless() {
		b = fmt.Appendf(b, "c Sudoku %dx%d without boxes, %d givens: %s\n", n, n, len(givens), g)
	} else {
		b = fmt.Appendf(b, "c Sudoku %dx%d with %s boxes, %d givens: %s\n", n, n, g.Shape, len(givens), g)
	}
	b = append(b, d.about...)
	b = fmt.Appendf(b, "c rule clauses 1-%d, then one unit clause per given", d.count)
	if len(extra) > 0 {
		b = fmt.Appendf(b, ", then %d more", len(extra))
	}
	if len(assumed) > 0 {
		b = fmt.Appendf(b, ", then %d that the rules imply, assumed: taken on trust, not derived in the proof", len(assumed))
	}
	b = fmt.Appendf(b, "\np cnf %d %d\n", d.vars, d.count+len(givens)+len(extra)+len(assumed))
	if _, err := w.Write(b); err != nil {
		return err
	}
	if _, err := w.Write(d.text); err != nil {
		return err
	}
	b = b[:0]
	for _, l := range givens {
		b = strconv.AppendInt(b, int64(l), 10)
		b = append(b, ' ', '0', '\n')
	}
	for _, c := range extra {
		b = appendClause(b, c)
	}
	for _, c := range assumed {
		b = appendClause(b, c)
	}
	d.buf = b
	_, err := w.Write(b)
	return err
}

// ErrUnsat is returned by ReadModel when the solver's answer says the CNF
// has no model.
var ErrUnsat = errors.New("the solver reports UNSATISFIABLE")

// ErrNoAnswer is returned by ReadModel when the input holds no model and
// no verdict, or the solver says it does not know.
var ErrNoAnswer = errors.New("the solver's output holds no model")

// ErrModelSize is returned by ReadModel, asked to tell the grid's size
// from the model, when the highest variable is not N*N*N for a size N from
// grid.MinN to grid.MaxN.
var ErrModelSize = errors.New("the grid's size cannot be told from the model")

// ReadModel reads a SAT solver's answer for a grid of shape s and returns
// the grid it describes; for the zero Shape the size is told from the
// highest variable (N*N*N for an N x N grid, with the boxes of
// grid.ShapeOf).
//
// The model is in the "v" lines of the competition format, as picosat,
// cadical, kissat and cryptominisat5 print them (also pasted on one line
// after "s SATISFIABLE"), or, when there are no "v" lines, in lines that
// are bare lists of literals, as minisat's result file holds them after
// "SAT". The verdict is an "s" line or a bare SAT, UNSAT or INDET line.
// Comment lines ("c after reading 148988 bytes") and any other line are
// skipped. It returns ErrUnsat for an UNSATISFIABLE answer, ErrNoAnswer
// when there is no model, and an error when the model does not put
// exactly one digit in every cell.
//
// Variables past the cell variables, such as those of cage sums, are read
// and ignored.
func ReadModel(r io.Reader, s grid.Shape) (grid.Grid, error) {
	// Literals past the largest grid's variables are kept only as the
	// highest one, so memory stays the same whatever the input.
	limit := NumVars(grid.MaxN)
	if s.N() != 0 {
		limit = NumVars(s.N())
	}
	var v, bare modelLits
	v.truth, bare.truth = make([]bool, limit+1), make([]bool, limit+1)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	line := 0
	for sc.Scan() {
		line++
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		switch f := fields[0]; {
		case f == "s":
			if len(fields) < 2 {
				continue
			}
			if err := verdict(fields[1]); err != nil {
				return grid.Grid{}, err
			}
			// The one-line form: "s SATISFIABLE v 1 -2 ... v ... 0".
			if err := v.add(fields[2:], line); err != nil {
				return grid.Grid{}, err
			}
		case f == "v":
			v.seen = true
			if err := v.add(fields[1:], line); err != nil {
				return grid.Grid{}, err
			}
		case isLiteral(f):
			if err := bare.add(fields, line); err != nil {
				return grid.Grid{}, err
			}
		default:
			if len(fields) == 1 {
				if err := verdict(f); err != nil {
					return grid.Grid{}, err
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return grid.Grid{}, err
	}
	m := v
	if !v.seen && v.count == 0 {
		m = bare
	}
	if m.count == 0 {
		return grid.Grid{}, ErrNoAnswer
	}
	if s.N() == 0 {
		n := 0
		for k := grid.MinN; k <= grid.MaxN; k++ {
			if k*k*k == m.top {
				n = k
			}
		}
		var err error
		if s, err = grid.ShapeOf(n); n == 0 || err != nil {
			return grid.Grid{}, fmt.Errorf("%w: highest variable %d is not N*N*N for a grid size N from %d to %d", ErrModelSize, m.top, grid.MinN, grid.MaxN)
		}
	}
	return m.grid(s)
}

// verdict returns the error of a solver's verdict word, nil for SAT and
// for words that are no verdict.
func verdict(word string) error {
	switch word {
	case "UNSATISFIABLE", "UNSAT":
		return ErrUnsat
	case "UNKNOWN", "INDETERMINATE", "INDET":
		return ErrNoAnswer
	}
	return nil
}

// isLiteral reports whether f looks like a literal: a number, maybe negative.
func isLiteral(f string) bool {
	f = strings.TrimPrefix(f, "-")
	return f != "" && f[0] >= '0' && f[0] <= '9'
}

// modelLits gathers the literals of one kind of line.
type modelLits struct {
	truth []bool // truth[v]: v is true, for v up to the limit
	top   int    // the highest variable
	count int    // literals read, the closing 0 included
	seen  bool   // a line of this kind was there
}

// add reads the literals of fields; "v" markers of a pasted answer are
// skipped.
func (m *modelLits) add(fields []string, line int) error {
	for _, f := range fields {
		if f == "v" {
			m.seen = true
			continue
		}
		l, err := strconv.Atoi(f)
		if err != nil {
			return fmt.Errorf("line %d: %q is not a literal", line, f)
		}
		m.count++
		v := max(l, -l)
		m.top = max(m.top, v)
		if l > 0 && l < len(m.truth) {
			m.truth[l] = true
		}
	}
	return nil
}

// grid returns the grid of shape s the true literals describe.
func (m *modelLits) grid(s grid.Shape) (grid.Grid, error) {
	n := s.N()
	nv := NumVars(n)
	g := grid.New(s)
	for v := 1; v <= nv && v < len(m.truth); v++ {
		if !m.truth[v] {
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

// WriteUniqueCheckWith writes the CNF of puzzle g with the blocking clause
// of sol, one of its solutions, in DIMACS format, written by d (whose Plain
// says whether a variant's implied clauses are left out), after comment
// lines that say how to read a solver's answer: UNSATISFIABLE proves that
// sol is g's only solution; a model is another solution.
func WriteUniqueCheckWith(w io.Writer, d *DIMACS, g, sol grid.Grid) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "c uniqueness check: the puzzle below with its solution\nc %s\n", sol)
	fmt.Fprintf(bw, "c forbidden by the last clause, which says at least one empty cell holds\n")
	fmt.Fprintf(bw, "c another digit. UNSATISFIABLE means the puzzle has exactly this one\n")
	fmt.Fprintf(bw, "c solution; a model is a second solution (decode it with sudokugen model).\n")
	if err := bw.Flush(); err != nil {
		return err
	}
	return d.Write(w, g, Blocking(g, sol))
}
