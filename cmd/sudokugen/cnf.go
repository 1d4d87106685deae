package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/sat"
)

type cnfOptions struct {
	io     *streams // where the command reads and writes
	in     inputFlags
	output string
	files  []string
	// uniqueCheck adds the blocking clause of a solution (solution, or the
	// first one found).
	uniqueCheck bool
	solution    string
	// implied adds the clauses a variant's rules imply (sat.RuleClauses)
	// to the rules as stated (sat.PlainRuleClauses).
	implied bool
}

func newCNFCmd(s *streams) *cobra.Command {
	opts := cnfOptions{io: s}
	cmd := &cobra.Command{
		Use:   "cnf [FILE]",
		Short: "Write the SAT encoding of a puzzle as DIMACS CNF",
		Long: `Cnf writes the puzzle (from FILE, or standard input) as a DIMACS CNF that any
SAT solver reads: the rules as clauses, then one unit clause per given.

Variable N*N*(r-1) + N*(c-1) + d is true when row r, column c holds digit d
(all 1-based), so a 9x9 puzzle uses variables 1 to 729. Each cell holds
exactly one digit, and each row, column and box holds each digit exactly
once; "at most one" is written as one binary clause per pair, which makes
11,988 rule clauses for 9x9. Comment lines at the top say the same.

For a variant puzzle (killer, jigsaw, ...) the CNF holds its rules as
stated, which a reader can check against the puzzle; cage sums add auxiliary
variables after the cell variables. With --implied it also holds clauses that
the rules imply: the cage sums of the 45 rule (innies and outies), two cells
whose sum the cages fix, the law of leftovers of jigsaw regions, and that a
cage's digits leave the cells that see the whole cage. They are consequences,
not rules: they change no answer, and they help most solvers. The variables are
numbered the same either way (those of implied cages are unused without
--implied).

With --unique-check the CNF also forbids one solution of the puzzle (the one
given with --solution, or else the first one found) by one clause over the
empty cells: any SAT solver's UNSATISFIABLE then proves the puzzle has only
that solution, and a model is a second one (sudokugen model decodes it).`,
		Example: `  sudokugen cnf puzzle.txt > puzzle.cnf && picosat puzzle.cnf
  echo '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......' | sudokugen cnf | cadical
  sudokugen cnf --unique-check puzzle.txt | picosat   # s UNSATISFIABLE: unique`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.files = args
			return runCNF(cmd.Context(), opts)
		},
	}
	opts.in.register(cmd)
	cmd.Flags().StringVarP(&opts.output, "output", "o", "", "write to this file instead of standard output")
	cmd.Flags().BoolVar(&opts.uniqueCheck, "unique-check", false, "add the clause that forbids a solution: UNSAT then means unique")
	cmd.Flags().StringVar(&opts.solution, "solution", "", "the solution to forbid with --unique-check (default: the first one found)")
	cmd.Flags().BoolVar(&opts.implied, "implied", false, "for a variant, add the clauses its rules imply (consequences that help solvers)")
	return cmd
}

func runCNF(ctx context.Context, opts cnfOptions) error {
	s := opts.io
	ro, err := opts.in.readOptions()
	if err != nil {
		return err
	}
	rs := newRecords(opts.files, s.In, ro, opts.in.maxCount)
	defer rs.close()
	rec, file, ok, err := rs.next()
	if err != nil {
		return err
	}
	if !ok {
		return &exitError{code: exitNotOK, err: fmt.Errorf("%s: no puzzle found", rs.display())}
	}
	if rec.Err != nil {
		var pe *grid.ParseError
		if errors.As(rec.Err, &pe) {
			return &exitError{code: exitNotOK, err: rec.Err}
		}
		return &exitError{code: exitNotOK, err: fmt.Errorf("%s:%d: %w", file, rec.Line, rec.Err)}
	}
	if _, _, more, _ := rs.next(); more {
		return &exitError{code: exitUsage, err: fmt.Errorf("%s holds more than one puzzle; cnf encodes one at a time", file)}
	}
	if err := rec.Grid.Shape.ValidateWith(rec.Grid.Rules); err != nil {
		// a grid without boxes and without regions has no CNF
		return &exitError{code: exitNotOK, err: fmt.Errorf("%s:%d: %w", file, rec.Line, err)}
	}
	if opts.solution != "" && !opts.uniqueCheck {
		return usageError("--solution needs --unique-check")
	}
	if opts.uniqueCheck {
		sol, err := uniqueCheckSolution(rec.Grid, opts.solution, ro)
		if err != nil {
			return err
		}
		return writeOutput(opts.output, s.Out, func(w *bufio.Writer) error {
			return sat.WriteUniqueCheckWith(w, &sat.DIMACS{Plain: !opts.implied}, rec.Grid, sol)
		})
	}
	return writeOutput(opts.output, s.Out, func(w *bufio.Writer) error {
		d := sat.DIMACS{Plain: !opts.implied}
		return d.Write(w, rec.Grid)
	})
}
