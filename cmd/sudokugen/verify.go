package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/verify"
	"github.com/sudokugen/sudokugen/worker"
)

type verifyOptions struct {
	io   *streams // where the command reads and writes
	in   inputFlags
	pool poolFlags
	listing
	countLimit int
	files      []string
	solve      bool // the solve command: print solutions, not verdicts
	solver     string
	all, any   bool // solve --all, --any
	proof      string
	proofCNF   bool   // --proof-cnf
	check      string // --check: "" or "sat"
	checkSAT   bool   // --check sat
}

func newVerifyCmd(s *streams) *cobra.Command {
	opts := verifyOptions{io: s}
	cmd := &cobra.Command{
		Use:   "verify [FILE...]",
		Short: "Tell for each puzzle whether it has exactly one solution",
		Long: `Verify reads puzzles from the files (or standard input, or "-") and prints one
verdict per puzzle, in input order:

  unique       exactly one solution
  multiple     two or more; two differing solutions are shown as the witness
  none         no solution
  invalid      malformed, or givens that clash (both cells are named)
  unsupported  a rule that sudokugen does not know (named): no verdict

A verdict of unique or none is a proof that the puzzle's CNF (see the cnf
command; for unique, with the clause that forbids its solution) has no
model: by propagation (naked and hidden singles alone, which are unit
propagation on it), by search (the candidate search ran to its end: a case
split each of whose branches propagation refutes), or by sat (gophersat,
where the search's node budget ran out). --json names it; --proof DIR
writes it as DRAT, made by the search or solve that reached the verdict,
beside the CNF it refutes (--proof-cnf=false: the proofs alone; every CNF
names the SHA-256 of its rule clauses); --check sat proves it again with
gophersat and stops at the first puzzle where the two differ.

Puzzles may be one per line (81 symbols, ".", "*", "X" or "0" for empty),
digits separated by commas, multi-line grids with or without separators
(.sdk, .ss, pasted grids), .sdm, or JSON (an array of rows, 0 for empty).
` + wrapWords("Variant puzzles (with rules of these kinds: "+strings.Join(grid.KindNames(), ", ")+
			") come as f-puzzles JSON, f-puzzles or SudokuPad links, or JSON objects with a \"rules\" field, and are verified under their rules.", 76) + `
A line may carry an id, a rating or a comment around its puzzle (the Sudoku
Exchange bank, HoDoKu), or be CSV or TSV with a header naming the puzzle
column (puzzle,solution; Kaggle's quizzes,solutions; qqwing --csv). The size
is told from the number of cells.

Exit status: 0 when every puzzle is unique, 1 when any is not, 2 for a
usage or I/O error.`,
		Example: `  sudokugen verify puzzles.txt
  sudokugen verify --json < puzzles.txt
  sudokugen verify --check sat --proof proofs/ puzzles.txt
  sudokugen verify --count-limit 1000 --size 4 empty4x4.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.files = args
			return runVerify(cmd.Context(), opts)
		},
	}
	opts.in.register(cmd)
	opts.pool.register(cmd)
	opts.listing.register(cmd)
	opts.registerSolver(cmd)
	opts.registerProof(cmd)
	cmd.Flags().IntVar(&opts.countLimit, "count-limit", 2, "count solutions up to this many (at least 2)")
	cmd.Flags().StringVar(&opts.check, "check", "", "sat: prove every unique and none verdict again with the SAT solver and fail on any difference (same output, slower)")
	return cmd
}

func runVerify(ctx context.Context, opts verifyOptions) error {
	s := opts.io
	if opts.countLimit < 2 {
		return usageError("--count-limit must be at least 2, not %d", opts.countLimit)
	}
	var err error
	if opts.checkSAT, err = checkMode(opts.check); err != nil {
		return err
	}
	var proofs *proofWriter
	defer func() {
		// after the pool's close, so no worker writes a proof any more
		if proofs != nil {
			proofs.abort()
		}
	}()
	ro, pool, err := setup(opts.in, opts.pool)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := makeProofDir(opts.proof); err != nil {
		return err
	}
	job := worker.Job{Kind: worker.Verify, CountLimit: opts.countLimit, Check: opts.checkSAT}
	if opts.proof != "" {
		proofs = newProofWriter(opts.proof, opts.proofCNF)
		job = proofs.job(job)
	}
	sum := newSummary()
	sum.anySolution = opts.any
	verb := "checked"
	if opts.solve {
		verb = "solved"
	}
	prog := newProgress(s.Err, opts.quiet, verb)
	rs := newRecords(opts.files, s.In, ro, opts.in.maxCount)
	err = writeRecords(opts.output, s.Out, func(commit func() error, out io.Writer) error {
		check := func(each func(verdict) error) error {
			return checkAll(ctx, rs, pool, job, each)
		}
		if opts.solver != "" {
			check = func(each func(verdict) error) error { return checkOutside(ctx, rs, opts, each) }
		}
		err := check(func(c verdict) error {
			if err := checkFailure(c); err != nil {
				return err
			}
			sum.add(c.status)
			sum.proved(c)
			if proofs != nil {
				if err := proofs.write(ctx, c); err != nil {
					return err
				}
			}
			prog.tick(sum.total)
			var err error
			switch {
			case opts.json:
				err = writeJSON(out, c)
			case opts.solve:
				err = writeSolution(out, c, opts.any)
			default:
				_, err = fmt.Fprintln(out, plainVerdict(c))
			}
			if err != nil {
				return err
			}
			return commit()
		})
		if proofs != nil {
			// the proofs of the verdicts that went out, even when the
			// run stops early
			if perr := proofs.flush(); err == nil {
				err = perr
			}
		}
		if err == nil {
			err = rs.err() // the file is not written; the verdicts before went out
		}
		return err
	})
	prog.done()
	return finish(s, sum, rs, opts.quiet, err)
}

// checkFailure is the error that stops a run with --check sat when the
// SAT solver does not prove verdict c again, naming the puzzle.
func checkFailure(c verdict) error {
	if errors.Is(c.result.Err, verify.ErrCheck) {
		return &exitError{code: exitNotOK, err: fmt.Errorf("%s:%d: --check sat: %w", c.file, c.rec.Line, c.result.Err)}
	}
	return nil
}

// finish prints the summary and picks the exit code of a run that checked
// puzzles.
func finish(s *streams, sum *summary, rs *records, quiet bool, err error) error {
	if err != nil && err != rs.err() {
		return err
	}
	rs.sayEmpty(s.Err)
	if !quiet {
		fmt.Fprintln(s.Err, sum)
	}
	if err != nil {
		return err // an input error, after the summary of what came before
	}
	if !sum.allSolved() || len(rs.empty) > 0 {
		return &exitError{code: exitNotOK}
	}
	return nil
}

func countText(r verify.Result) string {
	if r.Exact() {
		return fmt.Sprintf("exactly %d solutions", r.Count)
	}
	return fmt.Sprintf("at least %d solutions", r.Count)
}

// difference names the first cell where two solutions differ, and its two
// digits in the alphabet of the input (nil: the default of the size).
func difference(sols []grid.Grid, alphabet *grid.Alphabet) string {
	if len(sols) < 2 {
		return ""
	}
	a, b := sols[0], sols[1]
	n := a.N()
	diff := 0
	first := -1
	for i := range a.Cells {
		if a.Cells[i] != b.Cells[i] {
			if first < 0 {
				first = i
			}
			diff++
		}
	}
	if first < 0 {
		return ""
	}
	cell := grid.Cell{Row: first / n, Col: first % n}
	alpha := grid.DefaultAlphabet(n)
	if alphabet != nil {
		alpha = *alphabet
	}
	return fmt.Sprintf("two solutions differ in %d cells, first at %s (%c or %c)", diff, cell,
		alpha.Symbol(int(a.Cells[first])), alpha.Symbol(int(b.Cells[first])))
}
