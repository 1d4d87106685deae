package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rate"
	"github.com/sudokugen/sudokugen/worker"
)

type rateOptions struct {
	io *streams // where the command reads and writes
	in inputFlags
	listing
	pool    poolFlags
	explain bool
	files   []string
}

func newRateCmd(s *streams) *cobra.Command {
	opts := rateOptions{io: s}
	cmd := &cobra.Command{
		Use:   "rate [FILE...]",
		Short: "Rate how hard each puzzle is for a person, and explain the steps",
		Long: `Rate solves each puzzle the way a person does, with the easiest technique that
works at each step (singles, locked candidates, subsets, fish, wings, unique
rectangles, chains, forcing chains, and last trial and error), and scores it
on the Sudoku Explainer scale by its hardest step. It prints the level (easy,
medium, hard, expert, extreme), the score and the techniques used; --explain
prints every step in plain words.

Variant puzzles (killer, jigsaw, X, arrows...) are not rated on that scale,
whose techniques know rows, columns and boxes only: they are solved
logically, each step naming the rule it comes from (singles in every unit,
a rule between two cells such as a dot or a thermometer, a killer cage's
combinations, locked candidates, the 45 rule, pairs and triples, trials on
the cells of one rule such as an arrow, and last a contradiction one digit
deep). The level is that of the hardest step, or extreme when the solve is
stuck where a person would have to guess; the line says which, and
--explain prints the steps, the break-in (the first step beyond singles)
and, when stuck, the candidates left. No Sudoku Explainer score.

Exit status: 0 when every puzzle was rated, 1 when any could not be (no
single solution, or malformed), 2 for a usage or I/O error.`,
		Example: `  sudokugen rate puzzles.txt
  sudokugen rate --explain < puzzle.txt
  sudokugen generate -n 20 | sudokugen rate --json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.files = args
			return runRate(cmd.Context(), opts)
		},
	}
	opts.in.register(cmd)
	fl := cmd.Flags()
	opts.listing.register(cmd)
	fl.BoolVar(&opts.explain, "explain", false, "print every step of the solve")
	opts.pool.register(cmd)
	return cmd
}

type techniqueCount struct {
	Technique string  `json:"technique"`
	Score     float64 `json:"score"`
	Count     int     `json:"count"`
}

type rated struct {
	rec  formats.Record
	file string
	res  rate.Result
	err  error // the job failed: a timeout, a failed worker
}

func runRate(ctx context.Context, opts rateOptions) error {
	s := opts.io
	ro, pool, err := setup(opts.in, opts.pool)
	if err != nil {
		return err
	}
	defer pool.Close()
	rs := newRecords(opts.files, s.In, ro, opts.in.maxCount)
	sum := newSummary()
	prog := newProgress(s.Err, opts.quiet, "rated")
	job := worker.Job{Kind: worker.Rate, Rate: rate.Options{Explain: opts.explain}}
	err = writeRecords(opts.output, s.Out, func(commit func() error, out io.Writer) error {
		err := runAll(ctx, rs, pool, job, func(it item) error {
			r := rated{rec: it.rec, file: it.file, res: it.res.Rating, err: it.res.Err}
			status := "rated"
			if r.rec.Err != nil || r.err != nil || !r.res.Solved {
				status = "unrated"
			}
			sum.add(status)
			prog.tick(sum.total)
			if err := writeRated(out, r, opts); err != nil {
				return err
			}
			return commit()
		})
		if err == nil {
			err = rs.err() // the file is not written; the lines before went out
		}
		return err
	})
	prog.done()
	if err != nil && err != rs.err() {
		return err
	}
	for _, name := range rs.empty {
		fmt.Fprintf(s.Err, "sudokugen: %s: no puzzles found\n", name)
	}
	if !opts.quiet {
		fmt.Fprintf(s.Err, "%s: %d rated, %d not rated\n", countPuzzles(sum.total), sum.counts["rated"], sum.counts["unrated"])
	}
	if err != nil {
		return err // an input error, after the summary of what came before
	}
	if sum.counts["unrated"] > 0 || sum.total == 0 {
		return &exitError{code: exitNotOK}
	}
	return nil
}

// whyUnrated explains a puzzle the rater could not rate.
func whyUnrated(r rated) string {
	if r.rec.Err != nil {
		var pe *grid.ParseError
		if errors.As(r.rec.Err, &pe) {
			return pe.Err.Error()
		}
		return r.rec.Err.Error()
	}
	switch {
	case r.err != nil:
		return r.err.Error()
	case errors.Is(r.res.Err, rate.ErrMultiple):
		return "more than one solution"
	case errors.Is(r.res.Err, rate.ErrNoSolution):
		return "no solution"
	case len(r.rec.Grid.Clashes()) > 0:
		return r.rec.Grid.Clashes()[0].String()
	case r.res.Err != nil:
		return r.res.Err.Error()
	}
	return "not solved"
}

func writeRated(w io.Writer, r rated, opts rateOptions) error {
	if opts.json {
		v := struct {
			Index      int              `json:"index"`
			File       string           `json:"file"`
			Line       int              `json:"line"`
			Puzzle     string           `json:"puzzle"`
			Level      *string          `json:"level"`
			Score      *float64         `json:"score"`
			Techniques []techniqueCount `json:"techniques"`
			Steps      []string         `json:"steps,omitempty"`
			Variant    string           `json:"variant,omitempty"`
			Coarse     bool             `json:"coarse,omitempty"`
			Logic      *rate.Logic      `json:"logic,omitempty"`
			Error      *string          `json:"error"`
		}{Index: r.rec.Index, File: r.file, Line: r.rec.Line, Puzzle: r.rec.Text, Techniques: []techniqueCount{}}
		if r.rec.Err == nil {
			v.Puzzle = r.rec.Grid.String()
		}
		if r.rec.Err == nil && rate.Coarse(r.rec.Grid) {
			v.Variant, v.Coarse = r.rec.Grid.Rules.Name(), true
		}
		if r.rec.Err == nil && r.err == nil && r.res.Solved {
			level, score := r.res.Level.String(), r.res.Score
			v.Level, v.Score = &level, &score
			if r.res.Coarse {
				v.Score = nil // a variant's level is on its own scale, with no SE score
				v.Logic = r.res.Logic
			}
			for _, c := range r.res.Counts {
				v.Techniques = append(v.Techniques, techniqueCount{c.Technique.String(), c.Technique.Score(), c.Count})
			}
			for _, st := range r.res.Steps {
				v.Steps = append(v.Steps, st.String())
			}
		} else {
			msg := whyUnrated(r)
			v.Error = &msg
		}
		return writeJSONLine(w, v)
	}
	where := fmt.Sprintf("%s:%d", r.file, r.rec.Line)
	if r.rec.Err != nil || r.err != nil || !r.res.Solved {
		_, err := fmt.Fprintf(w, "%s: not rated: %s\n", where, whyUnrated(r))
		return err
	}
	if r.res.Coarse {
		return writeVariantRated(w, where, r)
	}
	var parts []string
	for _, c := range r.res.Counts {
		parts = append(parts, fmt.Sprintf("%s %d", c.Technique, c.Count))
	}
	if _, err := fmt.Fprintf(w, "%s: %s %.1f (%s)\n", where, r.res.Level, r.res.Score, strings.Join(parts, ", ")); err != nil {
		return err
	}
	for i, st := range r.res.Steps {
		if _, err := fmt.Fprintf(w, "  %3d. %s\n", i+1, st); err != nil {
			return err
		}
	}
	return nil
}

// writeVariantRated writes the rating of a variant puzzle: its level on
// the variant scale, how its logical solve went, and its steps.
func writeVariantRated(w io.Writer, where string, r rated) error {
	l := r.res.Logic
	var parts []string
	for _, c := range r.res.Counts {
		parts = append(parts, fmt.Sprintf("%s %d", c.Technique, c.Count))
	}
	how := "solved by logic"
	if l != nil && !l.Solved {
		how = "stuck: a person would have to guess"
	}
	if _, err := fmt.Fprintf(w, "%s: %s (%s puzzle, %s; %s)\n", where, r.res.Level, r.rec.Grid.Rules.Name(), how, strings.Join(parts, ", ")); err != nil {
		return err
	}
	for i, st := range r.res.Steps {
		if _, err := fmt.Fprintf(w, "  %3d. %s\n", i+1, st); err != nil {
			return err
		}
	}
	if l == nil || len(r.res.Steps) == 0 {
		return nil
	}
	if l.BreakIn != nil {
		if _, err := fmt.Fprintf(w, "  break-in: %s\n", l.BreakIn); err != nil {
			return err
		}
	}
	if l.Solved {
		_, err := fmt.Fprintf(w, "  solved by logic; hardest step: %s\n", l.Hardest)
		return err
	}
	return writeLeft(w, r.rec.Grid.N(), l.Left)
}

// writeLeft draws the candidates left in a stuck solve, one row a line.
func writeLeft(w io.Writer, n int, left []uint64) error {
	if _, err := fmt.Fprintf(w, "  stuck; candidates left:\n"); err != nil {
		return err
	}
	width := 1
	for _, m := range left {
		width = max(width, len(rate.MaskDigits(m)))
	}
	for row := range n {
		var b strings.Builder
		b.WriteString("   ")
		for col := range n {
			fmt.Fprintf(&b, " %-*s", width, rate.MaskDigits(left[row*n+col]))
		}
		if _, err := fmt.Fprintln(w, b.String()); err != nil {
			return err
		}
	}
	return nil
}
