package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/sat"
)

type modelOptions struct {
	in     inputFlags
	puzzle string
	files  []string
}

func newModelCmd(s *streams) *cobra.Command {
	var opts modelOptions
	cmd := &cobra.Command{
		Use:   "model [FILE]",
		Short: "Turn a SAT solver's model of a sudokugen CNF back into a grid",
		Long: `Model reads a SAT solver's answer to a CNF written by sudokugen cnf (from FILE,
or standard input), as picosat, cadical, kissat and cryptominisat5 print it
("s SATISFIABLE" and "v ..." lines, also pasted on one line) or as minisat
writes its result file ("SAT" and a line of literals). Only the "v" lines,
or when there are none the bare lines of literals, are the model: comment
lines and any other lines are skipped. It prints the grid the model
describes, on one line.

The size is told from the highest variable (9x9 uses 1 to 729) unless --size
says it. The grid must keep the rules, and with --puzzle it must also keep
that puzzle's givens; an UNSATISFIABLE answer exits with status 1.`,
		Example: `  sudokugen cnf puzzle.txt | picosat | sudokugen model
  sudokugen cnf --unique-check puzzle.txt | cadical | sudokugen model --puzzle "$(cat puzzle.txt)"`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.files = args
			return runModel(cmd.Context(), s, opts)
		},
	}
	opts.in.register(cmd)
	cmd.Flags().StringVar(&opts.puzzle, "puzzle", "", "the puzzle whose givens the model must keep")
	return cmd
}

// maxModelBytes bounds what model reads: a 36x36 model is under 400 KB.
const maxModelBytes = 64 << 20

func runModel(_ context.Context, s *streams, opts modelOptions) error {
	ro, err := opts.in.readOptions()
	if err != nil {
		return err
	}
	name, in := "<stdin>", s.In
	if len(opts.files) == 1 && opts.files[0] != "-" {
		name = opts.files[0]
		f, err := os.Open(name)
		if err != nil {
			return &exitError{code: exitUsage, err: err}
		}
		defer f.Close()
		in = f
	}
	data, err := io.ReadAll(io.LimitReader(in, maxModelBytes+1))
	if err != nil {
		return &exitError{code: exitUsage, err: fmt.Errorf("%s: %w", name, err)}
	}
	if len(data) > maxModelBytes {
		return &exitError{code: exitUsage, err: fmt.Errorf("%s: more than %d bytes: not a model", name, maxModelBytes)}
	}
	var puzzle *grid.Grid
	if opts.puzzle != "" {
		p, err := formats.ParseWith(opts.puzzle, ro)
		if err != nil {
			return usageError("--puzzle: %v", err)
		}
		puzzle = &p
	}
	g, err := decodeModel(data, ro, puzzle)
	if err != nil {
		return &exitError{code: exitNotOK, err: fmt.Errorf("%s: %w", name, err)}
	}
	_, err = fmt.Fprintln(s.Out, g.String())
	return err
}

// decodeModel reads a model for the shape of puzzle, or of --size, or the
// one its highest variable tells, and checks it against the rules and the
// puzzle's givens.
func decodeModel(data []byte, ro formats.ReadOptions, puzzle *grid.Grid) (grid.Grid, error) {
	shape := ro.Shape
	if puzzle != nil {
		shape = puzzle.Shape
	}
	g, err := sat.ReadModel(bytes.NewReader(data), shape)
	if errors.Is(err, sat.ErrModelSize) {
		return grid.Grid{}, fmt.Errorf("%w: say the size with --size", err)
	}
	if err != nil {
		return grid.Grid{}, err
	}
	if puzzle != nil {
		g.Rules = puzzle.Rules // a variant's model keeps its rules
	}
	if cl := g.Clashes(); len(cl) > 0 {
		return grid.Grid{}, fmt.Errorf("the model breaks the rules: %s", cl[0])
	}
	if puzzle != nil && !puzzle.Solves(g) {
		return grid.Grid{}, fmt.Errorf("the model does not keep the puzzle's givens")
	}
	return g, nil
}
