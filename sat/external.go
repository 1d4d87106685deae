package sat

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// External is an outside SAT solver that reads DIMACS on its standard
// input and answers in the competition format: exit status 10 with
// "s SATISFIABLE" and "v" lines, or 20 for UNSATISFIABLE (picosat,
// cadical, kissat and cryptominisat5 do).
type External struct {
	// Command is the program and its arguments, such as
	// []string{"cadical", "-q"}.
	Command []string
}

// ErrSolver is the error of an outside solver that crashed, gave no
// answer, or gave a wrong one (a model that breaks the rules, the givens
// or the extra clauses).
var ErrSolver = errors.New("outside solver failed")

// maxAnswer bounds what is read of an outside solver's output.
const maxAnswer = 64 << 20

// Solve writes the CNF of puzzle g with the extra clauses, runs the solver
// on it, and returns its model as a grid, or ok false for UNSATISFIABLE.
// Every model is checked: it must keep the rules, the givens and every
// extra clause, or Solve returns ErrSolver. An UNSATISFIABLE answer is
// the solver's word. When ctx is done the solver is killed.
func (e External) Solve(ctx context.Context, g grid.Grid, extra ...[]int) (sol grid.Grid, ok bool, err error) {
	if len(e.Command) == 0 {
		return grid.Grid{}, false, fmt.Errorf("%w: no command", ErrSolver)
	}
	var cnf bytes.Buffer
	if err := WriteDIMACS(&cnf, g, extra...); err != nil {
		return grid.Grid{}, false, err
	}
	cmd := exec.CommandContext(ctx, e.Command[0], e.Command[1:]...)
	cmd.Stdin = &cnf
	out := &limitedBuffer{max: maxAnswer}
	errOut := &limitedBuffer{max: 64 << 10}
	cmd.Stdout, cmd.Stderr = out, errOut
	runErr := cmd.Run()
	name := e.Command[0]
	if ctx.Err() != nil {
		return grid.Grid{}, false, fmt.Errorf("%s: %w", name, ctx.Err())
	}
	code := -1
	var exitErr *exec.ExitError
	switch {
	case runErr == nil:
		code = 0
	case errors.As(runErr, &exitErr):
		code = exitErr.ExitCode()
		if code < 0 {
			return grid.Grid{}, false, fmt.Errorf("%w: %s: %v", ErrSolver, name, runErr)
		}
	default:
		return grid.Grid{}, false, fmt.Errorf("%w: %s: %v", ErrSolver, name, runErr)
	}
	if out.over {
		return grid.Grid{}, false, fmt.Errorf("%w: %s printed more than %d bytes", ErrSolver, name, maxAnswer)
	}
	switch code {
	case 10:
		return e.model(g, out.Bytes(), extra)
	case 20:
		if _, err := ReadModel(bytes.NewReader(out.Bytes()), g.Shape); !errors.Is(err, ErrUnsat) {
			return grid.Grid{}, false, fmt.Errorf("%w: %s exited 20 (UNSATISFIABLE) without saying \"s UNSATISFIABLE\"", ErrSolver, name)
		}
		return grid.Grid{}, false, nil
	}
	msg := lastLine(errOut.String())
	if msg == "" {
		msg = lastLine(out.String())
	}
	return grid.Grid{}, false, fmt.Errorf("%w: %s exited with status %d, not 10 (SAT) or 20 (UNSAT): %s", ErrSolver, name, code, msg)
}

// model reads and checks the model of a satisfiable answer.
func (e External) model(g grid.Grid, out []byte, extra [][]int) (grid.Grid, bool, error) {
	name := e.Command[0]
	sol, err := ReadModel(bytes.NewReader(out), g.Shape)
	if err != nil {
		return grid.Grid{}, false, fmt.Errorf("%w: %s exited 10 (SAT) but its model is unreadable: %v", ErrSolver, name, err)
	}
	sol.Rules = g.Rules // its clashes are those of the puzzle's rules
	if cl := sol.Clashes(); len(cl) > 0 {
		return grid.Grid{}, false, fmt.Errorf("%w: %s gave a model that breaks the rules: %s", ErrSolver, name, cl[0])
	}
	if !g.Solves(sol) {
		return grid.Grid{}, false, fmt.Errorf("%w: %s gave a model that breaks the puzzle's givens", ErrSolver, name)
	}
	n := g.N()
	for k, c := range extra {
		held := false
		for _, l := range c {
			v := l
			if v < 0 {
				v = -v
			}
			r, col, d := Decode(n, v)
			if (sol.At(r, col) == d) == (l > 0) {
				held = true
				break
			}
		}
		if !held {
			return grid.Grid{}, false, fmt.Errorf("%w: %s gave a model that breaks extra clause %d", ErrSolver, name, k+1)
		}
	}
	return sol, true, nil
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if s == "" {
		return "no output"
	}
	return s
}

// limitedBuffer keeps at most max bytes and notes when more came.
type limitedBuffer struct {
	bytes.Buffer
	max  int
	over bool
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.Len(); len(p) > room {
		b.over = true
		b.Buffer.Write(p[:max(room, 0)])
		return len(p), nil
	}
	return b.Buffer.Write(p)
}
