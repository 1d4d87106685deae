package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/worker"
	"github.com/sudokugen/sudokugen/verify"
)

type verifyOptions struct {
	in   inputFlags
	pool poolFlags
	listing
	countLimit int
	files      []string
	solve      bool // the solve command: print solutions, not verdicts
}

func newVerifyCmd(s *streams) *cobra.Command {
	var opts verifyOptions
	cmd := &cobra.Command{
		Use:   "verify [FILE...]",
		Short: "Tell for each puzzle whether it has exactly one solution",
		Long: `Verify reads puzzles from the files (or standard input, or "-") and prints one
verdict per puzzle, in input order:

  unique     exactly one solution
  multiple   two or more; two differing solutions are shown as the witness
  none       no solution
  invalid    malformed, or givens that clash (both cells are named)

Puzzles may be one per line (81 symbols, "." or "0" for empty), multi-line
grids with or without separators (.sdk, .ss, pasted grids), .sdm, or JSON
(an array of rows, 0 for empty). The size is told from the number of cells.

Exit status: 0 when every puzzle is unique, 1 when any is not, 2 for a
usage or I/O error.`,
		Example: `  sudokugen verify puzzles.txt
  sudokugen verify --json < puzzles.txt
  sudokugen verify --count-limit 1000 --size 4 empty4x4.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.files = args
			return runVerify(cmd.Context(), s, opts)
		},
	}
	opts.in.register(cmd)
	opts.pool.register(cmd)
	opts.listing.register(cmd)
	cmd.Flags().IntVar(&opts.countLimit, "count-limit", 2, "count solutions up to this many (at least 2)")
	return cmd
}

func runVerify(ctx context.Context, s *streams, opts verifyOptions) error {
	if opts.countLimit < 2 {
		return usageError("--count-limit must be at least 2, not %d", opts.countLimit)
	}
	ro, pool, err := setup(opts.in, opts.pool)
	if err != nil {
		return err
	}
	defer pool.Close()
	sum := newSummary()
	verb := "checked"
	if opts.solve {
		verb = "solved"
	}
	prog := newProgress(s.Err, opts.quiet, verb)
	rs := newRecords(opts.files, s.In, ro, opts.in.maxCount)
	err = writeRecords(opts.output, s.Out, func(commit func() error, out io.Writer) error {
		return checkAll(ctx, rs, pool, opts.countLimit, func(c checked) error {
			sum.add(c.status())
			prog.tick(sum.total)
			var err error
			switch {
			case opts.json:
				err = writeJSON(out, c)
			case opts.solve:
				err = writeSolution(out, c)
			default:
				_, err = fmt.Fprintln(out, plainVerdict(c))
			}
			if err != nil {
				return err
			}
			return commit()
		})
	})
	prog.done()
	return finish(s, sum, rs, opts.quiet, err)
}

// finish prints the summary and picks the exit code of a run that checked
// puzzles.
func finish(s *streams, sum *summary, rs *records, quiet bool, err error) error {
	if err != nil {
		return err
	}
	for _, name := range rs.empty {
		fmt.Fprintf(s.Err, "sudokugen: %s: no puzzles found\n", name)
	}
	if !quiet {
		fmt.Fprintln(s.Err, sum)
	}
	if !sum.allUnique() || len(rs.empty) > 0 {
		return &exitError{code: exitNotOK}
	}
	return nil
}

// plainVerdict is the readable line for one record: where, what, and why.
func plainVerdict(c checked) string {
	where := fmt.Sprintf("%s:%d", c.file, c.rec.Line)
	if c.rec.Err != nil {
		var pe *grid.ParseError
		if errors.As(c.rec.Err, &pe) {
			if pe.Column == 0 {
				return fmt.Sprintf("%s:%d: invalid: %v", pe.File, pe.Line, pe.Err)
			}
			return fmt.Sprintf("%s:%d:%d: invalid: %v", pe.File, pe.Line, pe.Column, pe.Err)
		}
		return fmt.Sprintf("%s: invalid: %v", where, c.rec.Err)
	}
	if c.err != nil {
		return fmt.Sprintf("%s: %s: %v", where, c.status(), c.err)
	}
	r := c.result
	if r.Err != nil && r.Status != verify.Invalid {
		return fmt.Sprintf("%s: error: %s: %v", where, r.Status, r.Err)
	}
	switch r.Status {
	case verify.Unique:
		return where + ": unique"
	case verify.None:
		return where + ": none: no solution"
	case verify.Multiple:
		return fmt.Sprintf("%s: multiple: %s; %s", where, countText(r), difference(r.Solutions))
	case verify.Invalid:
		if len(r.Clashes) > 0 {
			cl := r.Clashes[0]
			n := c.rec.Grid.N()
			line, col := c.rec.Where(cl.B.Row*n + cl.B.Col)
			msg := cl.String()
			if len(r.Clashes) > 1 {
				msg += fmt.Sprintf(" (and %d more)", len(r.Clashes)-1)
			}
			if col > 0 {
				return fmt.Sprintf("%s:%d:%d: invalid: %s", c.file, line, col, msg)
			}
			return fmt.Sprintf("%s: invalid: %s", where, msg)
		}
		return fmt.Sprintf("%s: invalid: %v", where, r.Err)
	}
	return where + ": " + r.Status.String()
}

func countText(r verify.Result) string {
	if r.Exact() {
		return fmt.Sprintf("exactly %d solutions", r.Count)
	}
	return fmt.Sprintf("at least %d solutions", r.Count)
}

// difference names the first cell where two solutions differ.
func difference(sols []grid.Grid) string {
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
	return fmt.Sprintf("two solutions differ in %d cells, first at %s (%d or %d)", diff, cell, a.Cells[first], b.Cells[first])
}

// jsonVerdict is the JSON object printed per puzzle.
type jsonVerdict struct {
	Index     int      `json:"index"`
	File      string   `json:"file"`
	Line      int      `json:"line"`
	Puzzle    string   `json:"puzzle"`
	Status    string   `json:"status"`
	Count     int      `json:"count"`
	Exact     bool     `json:"count_exact"`
	Solution  *string  `json:"solution"`
	Solutions []string `json:"solutions"`
	Clashes   []string `json:"clashes,omitempty"`
	Error     *string  `json:"error"`
}

func writeJSON(w io.Writer, c checked) error {
	v := jsonVerdict{Index: c.rec.Index, File: c.file, Line: c.rec.Line, Puzzle: c.rec.Text, Status: c.status(), Solutions: []string{}}
	if c.rec.Err == nil {
		v.Puzzle = c.rec.Grid.String()
	}
	setErr := func(e error) { msg := e.Error(); v.Error = &msg }
	switch {
	case c.rec.Err != nil:
		setErr(c.rec.Err)
	case c.err != nil:
		setErr(c.err)
	default:
		r := c.result
		v.Count, v.Exact = r.Count, r.Exact()
		for _, sol := range r.Solutions {
			v.Solutions = append(v.Solutions, sol.String())
		}
		if r.Status == verify.Unique {
			v.Solution = &v.Solutions[0]
		}
		for _, cl := range r.Clashes {
			v.Clashes = append(v.Clashes, cl.String())
		}
		if r.Err != nil {
			setErr(r.Err)
		}
	}
	return writeJSONLine(w, v)
}

// writeJSONLine writes v as one line of JSON, without escaping <, > and &
// (file names such as <stdin> stay readable).
func writeJSONLine(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

func errorsIsTimeout(err error) bool { return errors.Is(err, worker.ErrTimeout) }
