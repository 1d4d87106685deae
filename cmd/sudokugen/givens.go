package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/verify"
	"github.com/sudokugen/sudokugen/worker"
)

type givensOptions struct {
	io   *streams
	in   inputFlags
	pool poolFlags
	listing
	minimal    bool
	keep       string
	countLimit int
	files      []string
}

func newGivensCmd(s *streams) *cobra.Command {
	opts := givensOptions{io: s}
	cmd := &cobra.Command{
		Use:   "givens [FILE...]",
		Short: "Tell which givens a puzzle needs, which to add, and which clash",
		Long: `Givens reads puzzles, classic or with rules, from the files (or standard input)
and says, by verdict, what their givens do:

  unique     each given is needed (without it the puzzle has a second
             solution, shown as the witness) or redundant (the puzzle stays
             unique without it); --minimal prints instead a minimal set of
             the givens that keeps the puzzle unique
  multiple   givens to add, one after another, each with the count of
             solutions once it is in, until the puzzle is unique: each time
             the cell and digit held by the fewest solutions (at least one),
             which cuts the count the most; past --count-limit solutions the
             cell with the most true candidates, with its rarest digit
  none       a smallest set of givens whose removal lets a solution exist
             (fewest givens; found breadth first over the givens of the
             puzzle's unsolvable cores, and said to be smallest only when
             that search ended within its budget), and a minimal core of
             givens that has no solution on its own

--minimal tries the givens for removal in reading order (r1c1, r1c2, ...,
then row 2, ...), keeping those named by --keep, and removes each one whose
removal leaves the puzzle unique: no given of the result can go.

Every answer rests on verdicts proved as verify proves them.

Puzzles are spread over worker processes (--workers) and answered in input
order; --timeout and --max-memory bound each puzzle's work. A puzzle
stopped by them is reported as timeout or memory, with what was decided
before the stop (the verdict, the givens' roles, the suggestions) marked
partial.`,
		Example: `  sudokugen givens puzzle.txt
  sudokugen givens --minimal --keep r1c1,r5c5 puzzle.txt
  sudokugen givens --json 'https://www.f-puzzles.com/?load=...'`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.files = args
			return runGivens(cmd.Context(), opts)
		},
	}
	opts.in.register(cmd)
	opts.pool.register(cmd)
	opts.listing.register(cmd)
	fl := cmd.Flags()
	fl.BoolVar(&opts.minimal, "minimal", false, "print a minimal set of the givens that keeps a unique puzzle unique")
	fl.StringVar(&opts.keep, "keep", "", "with --minimal, givens to keep, such as r1c1,r5c5")
	fl.IntVar(&opts.countLimit, "count-limit", 1000, "count solutions up to this many when suggesting givens (at least 2)")
	return cmd
}

// givensReport is what givens says about one puzzle; also its JSON.
type givensReport struct {
	Index  int    `json:"index"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	Puzzle string `json:"puzzle"`
	Status string `json:"status"`
	Error  string `json:"error,omitempty"`
	// Partial is set when the work stopped early (status timeout or
	// memory): Verdict is then the puzzle's verdict if it was decided,
	// and the lists hold what was decided before the stop.
	Partial     bool             `json:"partial,omitempty"`
	Verdict     string           `json:"verdict,omitempty"`
	Needed      []givenJSON      `json:"needed,omitempty"`
	Redundant   []givenJSON      `json:"redundant,omitempty"`
	Minimal     string           `json:"minimal,omitempty"`
	Suggestions []suggestionJSON `json:"suggestions,omitempty"`
	Remove      []string         `json:"remove,omitempty"`
	Smallest    bool             `json:"smallest,omitempty"`
	Core        []string         `json:"core,omitempty"`
	RulesAlone  bool             `json:"rules_alone,omitempty"`
}

type givenJSON struct {
	Cell    string `json:"cell"`
	Digit   string `json:"digit"`
	Witness string `json:"witness,omitempty"`
	Proof   string `json:"proof,omitempty"`
}

type suggestionJSON struct {
	Cell  string `json:"cell"`
	Digit string `json:"digit"`
	Count int    `json:"count"`
	Exact bool   `json:"count_exact"`
}

func runGivens(ctx context.Context, opts givensOptions) error {
	s := opts.io
	if opts.countLimit < 2 {
		return usageError("--count-limit must be at least 2, not %d", opts.countLimit)
	}
	if opts.keep != "" && !opts.minimal {
		return usageError("--keep goes with --minimal")
	}
	ro, pool, err := setup(opts.in, opts.pool)
	if err != nil {
		return err
	}
	defer pool.Close()
	rs := newRecords(opts.files, s.In, ro, opts.in.maxCount)
	bad := 0
	jobFor := func(rec formats.Record, file string) (worker.Job, error) {
		keep, err := keepCells(opts.keep, rec.Grid)
		if err != nil {
			return worker.Job{}, &exitError{code: exitUsage, err: fmt.Errorf("%s:%d: --keep: %w", file, rec.Line, err)}
		}
		return worker.Job{Index: rec.Index, Kind: worker.Givens, Grid: rec.Grid, CountLimit: opts.countLimit, Minimal: opts.minimal, Keep: keep}, nil
	}
	err = writeRecords(opts.output, s.Out, func(commit func() error, out io.Writer) error {
		err := runEach(ctx, rs, pool, jobFor, func(it item) error {
			rec, file := it.rec, it.file
			where := fmt.Sprintf("%s:%d", file, rec.Line)
			if rec.Err != nil {
				bad++
				fmt.Fprintf(s.Err, "sudokugen: %s\n", parseErrorLine(where, rec.Err))
				return nil
			}
			alpha := grid.DefaultAlphabet(rec.Grid.N())
			if ro.Alphabet != nil {
				alpha = *ro.Alphabet
			}
			rep := givensOf(rec.Grid, alpha, it.res)
			rep.Index, rep.File, rep.Line = rec.Index, file, rec.Line
			if rep.Status != "unique" {
				bad++
			}
			if err := writeGivens(out, where, rep, opts.json); err != nil {
				return err
			}
			return commit()
		})
		if err == nil {
			err = rs.err()
		}
		return err
	})
	if err != nil {
		return err
	}
	return rs.verdict(s.Err, bad)
}

// writeGivens writes one report, as JSON or as text.
func writeGivens(out io.Writer, where string, rep givensReport, asJSON bool) error {
	if !asJSON {
		_, err := io.WriteString(out, givensText(where, rep))
		return err
	}
	data, err := json.Marshal(rep)
	if err != nil {
		return err
	}
	_, err = out.Write(append(data, '\n'))
	return err
}

// keepCells reads --keep for grid g: cells that hold givens.
func keepCells(spec string, g grid.Grid) ([]int, error) {
	if spec == "" {
		return nil, nil
	}
	var out []int
	for _, name := range strings.Split(spec, ",") {
		c, err := grid.ParseCell(name, g.N())
		if err != nil {
			return nil, err
		}
		if g.Cells[c] == 0 {
			return nil, fmt.Errorf("%s is not a given", strings.TrimSpace(name))
		}
		out = append(out, int(c))
	}
	return out, nil
}

// givensOf is the report on puzzle g, in alphabet a, from the result of
// its Givens job: a job stopped at its timeout or memory bound gives what
// it had decided, marked partial.
func givensOf(g grid.Grid, a grid.Alphabet, job worker.Result) givensReport {
	n := g.N()
	cell := func(i int) string { return grid.Cell{Row: i / n, Col: i % n}.String() }
	digit := func(d uint8) string { return string(a.Symbol(int(d))) }
	rep := givensReport{Puzzle: g.Format(a)}
	res := job.Givens
	rep.Status = res.Status.String()
	if res.Err != nil {
		rep.Error = res.Err.Error()
	}
	if job.Err != nil {
		rep.Status, rep.Error = "error", job.Err.Error()
		switch {
		case errors.Is(job.Err, worker.ErrTimeout):
			rep.Status = "timeout"
		case errors.Is(job.Err, worker.ErrMemory):
			rep.Status = "memory"
		}
		if job.Partial {
			rep.Partial = true
			if res.Status != verify.Unknown {
				rep.Verdict = res.Status.String()
			}
		}
	}
	if res.Minimal != nil {
		rep.Minimal = res.Minimal.Format(a)
	}
	for _, role := range res.Roles {
		j := givenJSON{Cell: cell(role.Cell), Digit: digit(role.Digit)}
		if role.Needed {
			j.Witness = role.Witness.Format(a)
			rep.Needed = append(rep.Needed, j)
		} else {
			j.Proof = role.Proof.String()
			rep.Redundant = append(rep.Redundant, j)
		}
	}
	for _, sg := range res.Suggestions {
		rep.Suggestions = append(rep.Suggestions, suggestionJSON{Cell: cell(sg.Cell), Digit: digit(sg.Digit), Count: sg.Count, Exact: sg.Exact})
	}
	if c := res.Conflict; c != nil {
		for _, x := range c.Cells {
			rep.Remove = append(rep.Remove, cell(x))
		}
		for _, x := range c.Core {
			rep.Core = append(rep.Core, cell(x))
		}
		rep.Smallest, rep.RulesAlone = c.Smallest, c.RulesAlone
	}
	return rep
}

// givensText writes a report as text.
func givensText(where string, rep givensReport) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", where, rep.Status)
	if rep.Error != "" {
		fmt.Fprintf(&b, ": %s", rep.Error)
	}
	switch {
	case rep.Partial:
		b.WriteString(partialSummary(rep))
	case rep.Status == "timeout", rep.Status == "memory":
		b.WriteString(" (nothing decided)")
	}
	b.WriteString("\n")
	if rep.Minimal != "" {
		fmt.Fprintf(&b, "minimal: %s\n", rep.Minimal)
	}
	for _, g := range rep.Needed {
		fmt.Fprintf(&b, "  %s %s  needed     without it also %s\n", g.Cell, g.Digit, g.Witness)
	}
	for _, g := range rep.Redundant {
		fmt.Fprintf(&b, "  %s %s  redundant  (unique without it, by %s)\n", g.Cell, g.Digit, g.Proof)
	}
	if (rep.Status == "unique" || rep.Verdict == "unique") && rep.Minimal == "" {
		fmt.Fprintf(&b, "  %d needed, %d redundant\n", len(rep.Needed), len(rep.Redundant))
	}
	for i, s := range rep.Suggestions {
		count := fmt.Sprintf("%d solutions", s.Count)
		switch {
		case s.Count == 1:
			count = "unique"
		case !s.Exact:
			count = fmt.Sprintf("at least %d solutions", s.Count)
		}
		fmt.Fprintf(&b, "  add %d: %s %s  -> %s\n", i+1, s.Cell, s.Digit, count)
	}
	switch {
	case rep.RulesAlone:
		b.WriteString("  the rules have no solution even without givens\n")
	case rep.Remove != nil:
		what := "a smallest set"
		if !rep.Smallest {
			what = "a set (not proved smallest: the search ran out of budget)"
		}
		fmt.Fprintf(&b, "  remove %s to let a solution exist: %s (%s)\n", strings.Join(rep.Remove, " "), what, plural(len(rep.Remove), "1 given", fmt.Sprintf("%d givens", len(rep.Remove))))
		fmt.Fprintf(&b, "  a minimal core of givens with no solution: %s\n", strings.Join(rep.Core, " "))
	case rep.Core != nil:
		fmt.Fprintf(&b, "  a minimal core of givens with no solution: %s\n", strings.Join(rep.Core, " "))
	}
	return b.String()
}

// partialSummary says what a report stopped early holds.
func partialSummary(rep givensReport) string {
	switch {
	case rep.Verdict == "":
		return " (partial: no verdict yet)"
	case rep.Minimal != "":
		return fmt.Sprintf(" (partial: %s; the givens below are unique but not yet minimal)", rep.Verdict)
	case rep.Verdict == "unique":
		return fmt.Sprintf(" (partial: unique; the roles of %d givens decided)", len(rep.Needed)+len(rep.Redundant))
	case rep.Verdict == "multiple":
		return fmt.Sprintf(" (partial: multiple; %s so far)", plural(len(rep.Suggestions), "1 suggestion", fmt.Sprintf("%d suggestions", len(rep.Suggestions))))
	}
	return fmt.Sprintf(" (partial: %s; the search for givens to remove did not end)", rep.Verdict)
}
