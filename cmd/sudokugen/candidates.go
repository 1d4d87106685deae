package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/output"
	"github.com/sudokugen/sudokugen/verify"
	"github.com/sudokugen/sudokugen/worker"
)

type candidatesOptions struct {
	io   *streams
	in   inputFlags
	pool poolFlags
	listing
	countLimit int
	format     string // text, fpuzzles, svg
	proof      string
	files      []string
}

func newCandidatesCmd(s *streams) *cobra.Command {
	opts := candidatesOptions{io: s}
	cmd := &cobra.Command{
		Use:   "candidates [FILE...]",
		Short: "Show the true candidates of each cell: the digits it holds in some solution",
		Long: `Candidates reads puzzles, classic or with rules, from the files (or standard
input) and prints, for each empty cell, its true candidates: the digits that
cell holds in at least one solution. It also counts the solutions, up to
--count-limit.

Each solution found puts all its digits in; a digit no solution has put in
yet is settled by a search of the puzzle with that digit assumed in its
cell. A digit is left out only when that search has run to its end, or
gophersat has proved it where the search's budget ran out: an absent
candidate is a proof, and --proof DIR writes each one as DRAT
(DIR/<index>-r<R>c<C>-<digit>.cnf, the puzzle's CNF with that digit's unit
clause, and .drat, its refutation).

Formats: text (a grid of candidate sets, the default), --json (one object per
puzzle: "candidates", N*N strings row-major, each the digits of that cell in
the grid's alphabet, a given's cell its digit; "count", "count_exact"),
--format fpuzzles (the puzzle with the candidates as centre pencil marks, for
f-puzzles or SudokuPad), --format svg or png (the grid drawn with them, one
image per puzzle: give one puzzle, and -o FILE).

Puzzles are spread over worker processes (--workers) and answered in input
order. Puzzles are read in every form verify reads (lines, grids, JSON Lines,
f-puzzles JSON and links, SudokuPad links). Exit status: 0 when every puzzle
has a solution, 1 when any has none or is invalid, 2 for a usage error.`,
		Example: `  sudokugen candidates puzzle.txt
  sudokugen candidates --json --count-limit 1000 < puzzles.txt
  sudokugen candidates --format fpuzzles 'https://www.f-puzzles.com/?load=...'
  sudokugen candidates --proof proofs/ puzzle.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.files = args
			return runCandidates(cmd.Context(), opts)
		},
	}
	opts.in.register(cmd)
	opts.pool.register(cmd)
	opts.listing.register(cmd)
	fl := cmd.Flags()
	fl.IntVar(&opts.countLimit, "count-limit", 1000, "count solutions up to this many (at least 2)")
	fl.StringVar(&opts.format, "format", "text", "text, fpuzzles, svg or png (--json for JSON Lines); an image holds one puzzle")
	fl.StringVar(&opts.proof, "proof", "", "write DIR/<index>-r<R>c<C>-<digit>.cnf and .drat, a DRAT proof, for every candidate that is out")
	return cmd
}

func runCandidates(ctx context.Context, opts candidatesOptions) error {
	s := opts.io
	if err := opts.check(); err != nil {
		return err
	}
	run := candidatesRun{opts: opts}
	defer func() {
		// after the pools' close, so no worker writes a proof any more
		if run.proofs != nil {
			run.proofs.abort()
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
	if opts.proof != "" {
		// The proofs of a puzzle's candidates run on a pool of their own,
		// spread over its workers, while the first pool waits for them:
		// a job of the first cannot wait for jobs of its own pool.
		if run.proofPool, err = newPool(opts.pool); err != nil {
			return err
		}
		defer run.proofPool.Close()
		run.proofs = newProofWriter(opts.proof, true)
	}
	rs := newRecords(opts.files, s.In, ro, opts.in.maxCount)
	run.alphabet = ro.Alphabet
	err = writeRecords(opts.output, s.Out, func(commit func() error, out io.Writer) error {
		job := worker.Job{Kind: worker.Candidates, CountLimit: opts.countLimit}
		err := runAll(ctx, rs, pool, job, func(it item) error {
			if err := run.write(ctx, out, it); err != nil {
				return err
			}
			return commit()
		})
		if run.proofs != nil {
			// the proofs of the puzzles that went out, even when the run
			// stops early
			if perr := run.proofs.flush(); err == nil {
				err = perr
			}
		}
		if err == nil {
			err = rs.err()
		}
		return err
	})
	if err != nil {
		return err
	}
	rs.sayEmpty(s.Err)
	if !opts.quiet {
		fmt.Fprintf(s.Err, "%d %s, %d without a solution or not read\n", run.total, plural(run.total, "puzzle", "puzzles"), run.bad)
	}
	if run.bad > 0 || len(rs.empty) > 0 {
		return &exitError{code: exitNotOK}
	}
	return nil
}

// check refuses flags that do not go together.
func (opts candidatesOptions) check() error {
	if opts.countLimit < 2 {
		return usageError("--count-limit must be at least 2, not %d", opts.countLimit)
	}
	switch opts.format {
	case "text", "fpuzzles", "svg", "png":
	default:
		return usageError("--format must be text, fpuzzles, svg or png, not %q", opts.format)
	}
	if opts.json && opts.format != "text" {
		return usageError("--json and --format %s are two formats: choose one", opts.format)
	}
	return nil
}

// candidatesRun writes the answers of candidates, counting the puzzles and
// those without a solution or not read.
type candidatesRun struct {
	opts       candidatesOptions
	alphabet   *grid.Alphabet // --alphabet, nil for the default
	bad, total int
	// with --proof, the pool that makes the proofs and their writer
	proofPool *worker.Pool
	proofs    *proofWriter
}

// write writes the answer on one puzzle, and its proofs with --proof.
func (run *candidatesRun) write(ctx context.Context, out io.Writer, it item) error {
	opts, s := run.opts, run.opts.io
	run.total++
	rec, file := it.rec, it.file
	where := fmt.Sprintf("%s:%d", file, rec.Line)
	if rec.Err != nil {
		run.bad++
		fmt.Fprintf(s.Err, "sudokugen: %s\n", parseErrorLine(where, rec.Err))
		return nil
	}
	c := it.res.Candidates
	stop := ""
	if it.res.Err != nil {
		// the job failed (a timeout): what it had settled, or nothing,
		// said so
		stop = stopStatus(it.res.Err)
		if !it.res.Partial {
			c = verify.Candidates{}
		}
		c.Status, c.Err = verify.Unknown, it.res.Err
	}
	if c.Status == verify.Invalid || c.Status == verify.Unknown || c.Status == verify.None {
		run.bad++
	}
	alpha := grid.DefaultAlphabet(rec.Grid.N())
	if run.alphabet != nil {
		alpha = *run.alphabet
	}
	ans := candidatesAnswer{g: rec.Grid, c: c, alpha: alpha, stop: stop}
	var err error
	switch {
	case opts.json:
		err = writeCandidatesJSON(out, rec, file, ans)
	case opts.format == "fpuzzles":
		err = writeCandidatesFPuzzles(out, s.Err, where, ans)
	case opts.format == "svg", opts.format == "png":
		err = writeCandidatesImage(out, s.Err, where, ans, opts.format)
	default:
		err = writeCandidatesText(out, where, ans)
	}
	if err != nil {
		return err
	}
	if run.proofs != nil && c.Out != nil && stop == "" {
		return run.writeProofs(ctx, rec, c)
	}
	return nil
}

// writeProofs writes the proof of every candidate of rec that c has out,
// made on the proof pool, and put in place as they come, in order.
func (run *candidatesRun) writeProofs(ctx context.Context, rec formats.Record, c verify.Candidates) error {
	n := rec.Grid.N()
	k := 0 // the next candidate, cell*N + digit-1
	next := func() (worker.Job, bool, error) {
		for k < len(c.Out) && c.Out[k] == verify.NoProof {
			k++
		}
		if k == len(c.Out) {
			return worker.Job{}, false, nil
		}
		j := worker.Job{Index: k, Kind: worker.CandidateProof, Grid: rec.Grid, Cell: k / n, Digit: uint8(k%n + 1), ProofTemp: run.proofs.temp}
		k++
		return j, true, nil
	}
	err := run.proofPool.Run(ctx, next, func(r worker.Result) error { return run.proofs.candidate(rec, r) })
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// candidatesAnswer is the answer on one puzzle: the puzzle g, its
// candidates c in alphabet alpha, and stop, the status of a job stopped
// early ("timeout", "memory", "error"; "" when it ran to its end). A job
// stopped early has the candidates it had settled when its worker last
// reported, or none.
type candidatesAnswer struct {
	g     grid.Grid
	c     verify.Candidates
	alpha grid.Alphabet
	stop  string
}

// partial reports whether the answer holds what a job stopped early had
// settled.
func (a candidatesAnswer) partial() bool { return a.stop != "" && a.c.Masks != nil }

// strings returns each cell's true candidates in the answer's alphabet;
// in a partial answer, the digits proved in, then "?" for a cell not
// settled.
func (a candidatesAnswer) strings() []string {
	out := make([]string, len(a.c.Masks))
	for i, m := range a.c.Masks {
		var b []byte
		for ; m != 0; m &= m - 1 {
			b = append(b, a.alpha.Symbol(bits.TrailingZeros64(m)+1))
		}
		if a.partial() && !a.c.CellSettled(a.g, i) {
			b = append(b, '?')
		}
		out[i] = string(b)
	}
	return out
}

// cellsSettled counts the empty cells of a partial answer whose every
// digit is decided, and the empty cells.
func (a candidatesAnswer) cellsSettled() (settled, empty int) {
	for i, d := range a.g.Cells {
		if d == 0 {
			empty++
			if a.c.CellSettled(a.g, i) {
				settled++
			}
		}
	}
	return settled, empty
}

// stopStatus is the status of a job stopped early by err.
func stopStatus(err error) string {
	switch {
	case errors.Is(err, worker.ErrTimeout):
		return "timeout"
	case errors.Is(err, worker.ErrMemory):
		return "memory"
	}
	return "error"
}

// statusLine says what the true candidates rest on: the verdict and the
// count, or how far a job stopped early got.
func (a candidatesAnswer) statusLine() string {
	c := a.c
	if a.stop != "" {
		if !a.partial() {
			return fmt.Sprintf("%s: %v (nothing settled)", a.stop, c.Err)
		}
		settled, empty := a.cellsSettled()
		return fmt.Sprintf("%s: %v (partial: %d of %d candidates settled, %d of %d empty cells; %s; a cell's digits are those proved in, ? marks a cell not settled)",
			a.stop, c.Err, c.Settled, c.Open, settled, empty, plural(c.Count, "1 solution found", fmt.Sprintf("%d solutions found", c.Count)))
	}
	return statusLine(c)
}

// statusLine says what the true candidates rest on: the verdict and the
// count.
func statusLine(c verify.Candidates) string {
	switch c.Status {
	case verify.Invalid, verify.Unknown:
		return fmt.Sprintf("%s: %v", c.Status, c.Err)
	case verify.None:
		return "none: no solution, so no candidates"
	case verify.Unique:
		return "unique: exactly 1 solution"
	}
	if c.Exact() {
		return fmt.Sprintf("multiple: exactly %d solutions", c.Count)
	}
	return fmt.Sprintf("multiple: at least %d solutions", c.Count)
}

// writeCandidatesText writes the verdict and a grid of candidate sets,
// each cell as wide as the widest, boxes apart.
func writeCandidatesText(w io.Writer, where string, ans candidatesAnswer) error {
	g, c := ans.g, ans.c
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", where, ans.statusLine())
	if c.Masks == nil || c.Status == verify.None {
		_, err := io.WriteString(w, b.String())
		return err
	}
	strs := ans.strings()
	width := 1
	for _, s := range strs {
		width = max(width, len(s))
	}
	n := g.N()
	for r := range n {
		if r > 0 && !g.Boxless() && r%g.BoxRows == 0 {
			for col := range n {
				if col > 0 && col%g.BoxCols == 0 {
					b.WriteString("-+")
				}
				b.WriteString(strings.Repeat("-", width+1))
			}
			b.WriteString("\n")
		}
		start := b.Len()
		for col := range n {
			if col > 0 && !g.Boxless() && col%g.BoxCols == 0 {
				b.WriteString(" |")
			}
			s := strs[r*n+col]
			if s == "" {
				s = "-"
			}
			fmt.Fprintf(&b, " %-*s", width, s)
		}
		line := strings.TrimRight(b.String()[start:], " ")
		b2 := b.String()[:start] + line + "\n"
		b.Reset()
		b.WriteString(b2)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

type jsonCandidates struct {
	Index      int      `json:"index"`
	File       string   `json:"file"`
	Line       int      `json:"line"`
	Puzzle     string   `json:"puzzle"`
	Status     string   `json:"status"`
	Error      string   `json:"error,omitempty"`
	Candidates []string `json:"candidates"`
	Count      int      `json:"count"`
	CountExact bool     `json:"count_exact"`
	Searches   int      `json:"searches"`
	SATCalls   int      `json:"sat_calls"`
	// A job stopped early: "candidates" holds the digits proved in, "?"
	// after a cell not settled; the counts say how far it got.
	Partial      bool `json:"partial,omitempty"`
	Settled      int  `json:"settled,omitempty"`
	Open         int  `json:"open,omitempty"`
	CellsSettled int  `json:"cells_settled,omitempty"`
}

func writeCandidatesJSON(w io.Writer, rec formats.Record, file string, ans candidatesAnswer) error {
	c, a := ans.c, ans.alpha
	j := jsonCandidates{Index: rec.Index, File: file, Line: rec.Line, Puzzle: rec.Grid.Format(a), Status: c.Status.String(),
		Candidates: ans.strings(), Count: c.Count, CountExact: c.Exact(), Searches: c.Searches, SATCalls: c.SATCalls}
	if ans.stop != "" {
		j.Status = ans.stop
	}
	if ans.partial() {
		j.Partial, j.Settled, j.Open = true, c.Settled, c.Open
		j.CellsSettled, _ = ans.cellsSettled()
	}
	if c.Err != nil {
		j.Error = c.Err.Error()
	}
	data, err := json.Marshal(j)
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

func writeCandidatesFPuzzles(w, errw io.Writer, where string, ans candidatesAnswer) error {
	g, c := ans.g, ans.c
	if c.Masks == nil || ans.stop != "" {
		// pencil marks cannot tell a partial answer's open cells
		fmt.Fprintf(errw, "sudokugen: %s: %s\n", where, ans.statusLine())
		return nil
	}
	data, err := formats.MarshalFPuzzlesMarks(g, c.Masks)
	if err != nil {
		fmt.Fprintf(errw, "sudokugen: %s: f-puzzles: %v\n", where, err)
		return nil
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// writeCandidatesImage draws the grid with its true candidates as pencil
// marks, as SVG or as a PNG of 1080 pixels.
func writeCandidatesImage(w, errw io.Writer, where string, ans candidatesAnswer, format string) error {
	g, c, a := ans.g, ans.c, ans.alpha
	if c.Masks == nil || ans.stop != "" {
		fmt.Fprintf(errw, "sudokugen: %s: %s\n", where, ans.statusLine())
		return nil
	}
	var b bytes.Buffer
	write := func() error { return output.WriteSVGMarks(&b, output.Puzzle{Grid: g}, &a, c.Masks) }
	if format == "png" {
		write = func() error { return output.WritePNGMarks(&b, output.Puzzle{Grid: g}, &a, 1080, c.Masks) }
	}
	if err := write(); err != nil {
		fmt.Fprintf(errw, "sudokugen: %s: %v\n", where, err)
		return nil
	}
	_, err := w.Write(b.Bytes())
	return err
}
