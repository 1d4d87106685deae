package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/output"
	"github.com/sudokugen/sudokugen/rate"
	"github.com/sudokugen/sudokugen/worker"
)

type generateOptions struct {
	io         *streams // where the command reads and writes
	count      int
	size       string
	box        string
	seed       string
	start      int
	pool       poolFlags
	symmetry   generate.Symmetry
	order      generate.Order
	clues      int
	maxSolves  int
	format     string
	solutions  bool
	output     string
	quiet      bool
	book       bookFlags
	difficulty string
	score      string
	mix        string
	exclude    []string
	check      string   // --check: "" or "sat"
	variant    string   // --variant: killer, jigsaw, x, hyper...
	formatSet  bool     // --format was given
	needs      []string // --needs: technique names
	// shard and afterOthers: see shard.go
	shard       shardFlag
	afterOthers bool
}

func newGenerateCmd(s *streams) *cobra.Command {
	opts := generateOptions{io: s}
	cmd := &cobra.Command{
		Use:   "generate",
		Short: "Generate puzzles that have exactly one solution",
		Long: `Generate makes puzzles with exactly one solution: it fills a random grid with
the SAT solver, then removes clues one at a time in a random order, keeping a
removal only when the solver proves that no other solution appears. Without
--symmetry or --clues the puzzles are minimal: no clue can be removed. From
20x20 up, without --clues, the clues go row by row (the rows in a random
order; see --order), which makes minimal giants a matter of seconds; the
rows taken first end up with few clues. 36x36 grids get one solve for removal unless
--max-solves says otherwise, so they are unique but not quite minimal.

Puzzle i depends only on the seed, i and the options, so a run can be
repeated with --seed, and split over machines with --start: the parts of
"-n 100" are "--start 0 -n 50" and "--start 50 -n 50", byte for byte.

Puzzles stream out in order as they are made. With -o the file is written
whole: when the run stops early (Ctrl-C, --timeout, a failed worker) it
holds the complete puzzles made so far and standard error names the --start
that continues (text formats), or it is not written at all (pdf, or a write
that fails). --solutions marks each solution so that readers skip it: after
a tab (line, sdm), in a [Solution] section (sdk), under "# solution N"
(grid), or as the "solution" field (json).

` + wrapWords("--variant makes variant puzzles: "+generate.VariantNames(true)+
			", and combinations such as jigsaw,x or killer,hyper. They are", 76) + `
minimal, proved unique by the SAT solver, and written as json (with their
rules), fpuzzles (f-puzzles JSON, one per line), fpuzzles-url (a link that
opens in f-puzzles), iss (a constraint string of Interactive-Sudoku-Solver,
one per line, for its page and its solver; a rule it cannot state with the
same meaning, such as kropki-negative's, is an error that names it, and
grids go up to 16x16) or pdf (a book that draws every rule: cages, regions,
diagonals, windows, and a page of rules opening each section); the other
formats cannot hold their rules. Variants have the level of their logical solve (see rate), no
--difficulty, --score, --needs or --mix yet.`,
		Example: `  sudokugen generate -n 10
  sudokugen generate -n 500 --seed 42 --symmetry rot180 --solutions -o book.txt
  sudokugen generate --size 16 -n 2 --format grid
  sudokugen generate -n 150 --format pdf --page 6x9 --title "Sudoku" -o book.pdf
  sudokugen generate --variant killer -n 20 --format fpuzzles-url
  sudokugen generate --variant arrow,killer -n 20 --format iss
  sudokugen generate --variant jigsaw --size 7 -n 40 --format pdf -o jigsaw7.pdf
  sudokugen generate --variant jigsaw,x -n 60 --format pdf --page 6x9 --sections -o jigsaw-x.pdf`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.formatSet = cmd.Flags().Changed("format")
			return runGenerate(cmd.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.IntVarP(&opts.count, "count", "n", 1, "number of puzzles")
	fl.StringVar(&opts.variant, "variant", "", "variant puzzles: "+generate.VariantNames(false)+", or several joined by commas (jigsaw,x); written as json unless --format says fpuzzles, fpuzzles-url, iss or pdf")
	fl.StringVar(&opts.size, "size", "9", "grid size, 4 to 36 (boxes square, or nearest to square; a prime size has no boxes and makes jigsaws only)")
	fl.StringVar(&opts.box, "box", "", "box shape RxC, such as 2x3 for 6x6 or 3x4 for 12x12")
	fl.StringVar(&opts.seed, "seed", "", "seed of the run (default: random, printed on stderr)")
	fl.IntVar(&opts.start, "start", 0, "index of the first puzzle, to split a run over machines")
	fl.Var(&opts.shard, "shard", "make part I of N of the run (0-based; auto/N reads JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID); the parts joined in order are the whole run")
	fl.StringSliceVar(&opts.needs, "needs", nil, "techniques the puzzles' rating must use, by the names rate gives (x-wing, naked pair, xy-wing, swordfish, locked candidates...); several allowed")
	fl.StringVar(&opts.check, "check", "", "sat: decide every step of generation again with the SAT solver and fail on any difference (same output, slower)")
	fl.Var(&opts.symmetry, "symmetry", "clue pattern: none, rot180, rot90, mirror, flip, diagonal")
	fl.Var(&opts.order, "order", "order of clue removal: random (clues evenly spread), rows (row by row: fewer clues and much faster on large grids, uneven rows), auto (rows from 20x20 up without --clues, else random)")
	fl.IntVar(&opts.clues, "clues", 0, "stop removing clues at this many (easier puzzles); 0: minimal")
	fl.IntVar(&opts.maxSolves, "max-solves", 0, "SAT solves allowed per grid for removing clues; past it the puzzle stays unique but may not be minimal (0: no bound below 36x36, 1 from 36x36 up; -1: no bound)")
	fl.StringVarP(&opts.format, "format", "f", "line", "output format: "+strings.Join(output.FormatNames(output.Formats()), ", ")+", pdf")
	fl.BoolVar(&opts.solutions, "solutions", false, "print each puzzle's solution too")
	fl.StringVarP(&opts.output, "output", "o", "", "write to this file instead of standard output")
	fl.BoolVarP(&opts.quiet, "quiet", "q", false, "no seed, progress or summary on stderr")
	fl.StringVar(&opts.difficulty, "difficulty", "", "level to aim at: easy, medium, hard, expert, extreme")
	fl.StringVar(&opts.score, "score", "", "Sudoku Explainer score range to aim at, such as 2.5..4.0 (or 7.0.. for at least 7.0)")
	fl.StringVar(&opts.mix, "mix", "", "puzzles of several levels, such as easy:20,medium:20,hard:20,expert:10 (replaces -n; a PDF gets a section per level)")
	fl.StringSliceVar(&opts.exclude, "exclude", nil, "never make a puzzle equivalent to one in these files (earlier volumes), nor two equivalent puzzles in one run")
	opts.pool.register(cmd)
	opts.book.register(cmd)
	return cmd
}

// seedOf parses the --seed flag, or draws a random seed.
func seedOf(s string) (uint64, bool, error) {
	if s == "" {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return uint64(time.Now().UnixNano()), true, nil
		}
		return binary.LittleEndian.Uint64(b[:]) >> 1, true, nil
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, false, usageError("--seed %q: want a whole number from 0 to %d", s, uint64(1<<64-1))
	}
	return v, false, nil
}

func (o *generateOptions) shape() (grid.Shape, error) {
	if o.box != "" {
		sh, err := grid.ParseShape(o.box)
		if err != nil {
			return sh, usageError("--box: %v", err)
		}
		return sh, nil
	}
	sh, err := parseSize(o.size)
	if err != nil {
		return sh, usageError("--size: %v", err)
	}
	return sh, nil
}

func runGenerate(ctx context.Context, opts generateOptions) error {
	s := opts.io
	pl, err := opts.plan()
	if err != nil {
		return err
	}
	if err := applyShard(&opts, os.Getenv); err != nil {
		return err
	}
	gen, format, pdf, seed := pl.gen, pl.format, pl.pdf, pl.seed
	parts, seen, err := opts.distinct(&gen, gen.Shape, s.In)
	if err != nil {
		return err
	}
	if pl.random && !opts.quiet {
		fmt.Fprintf(s.Err, "sudokugen: seed %d (repeat this run with --seed %d)\n", seed, seed)
	}
	pool, err := newPool(opts.pool)
	if err != nil {
		return err
	}
	defer pool.Close()
	k := 0
	next := func() (worker.Job, bool, error) {
		if k == opts.count {
			return worker.Job{}, false, nil
		}
		t := worker.Job{Index: opts.start + k, Kind: worker.Generate, Seed: seed, Gen: gen}
		k++
		return t, true, nil
	}
	run := runner(pool, next, seen, parts, gen, seed, opts.start)
	prog := newProgress(s.Err, opts.quiet, "puzzles")
	prog.total = opts.count
	made := 0
	start := time.Now()
	var genErr error
	check := func(o worker.Result) error {
		if o.Err != nil {
			genErr = fmt.Errorf("puzzle index %d: %w", o.Index, o.Err)
			return genErr
		}
		made++
		prog.tick(made)
		return nil
	}
	report := func() {
		prog.done()
		if !opts.quiet && made > 0 {
			el := time.Since(start)
			fmt.Fprintf(s.Err, "%s in %.2fs (%.1f puzzles/s)\n", countPuzzles(made), el.Seconds(), float64(made)/el.Seconds())
		}
	}

	if pdf {
		var puzzles []output.Puzzle
		err := run(ctx, func(o worker.Result) error {
			if err := check(o); err != nil {
				return err
			}
			sol := o.Puzzle.Solution
			puzzles = append(puzzles, output.Puzzle{Number: o.Index + 1, Grid: o.Puzzle.Grid, Solution: &sol,
				Level: o.Puzzle.Level, Score: o.Puzzle.Score})
			return nil
		})
		report()
		if err != nil {
			return generateError(err, genErr)
		}
		return opts.book.write(ctx, s, opts.output, puzzles, opts.solutions)
	}

	// Text: records go out whole, so a run that stops early leaves only
	// complete puzzles behind, on stdout or in the -o file, and says so.
	kept, err := writeKeptRecords(opts.output, s.Out, func(commit func() error, w io.Writer) error {
		tw := output.NewTextWriter(w, format, output.TextOptions{Solutions: opts.solutions})
		sep := opts.afterOthers && (format == output.FormatGrid || format == output.FormatSDK)
		err := run(ctx, func(o worker.Result) error {
			if err := check(o); err != nil {
				return err
			}
			if sep {
				// the blank line the writer puts between puzzles
				sep = false
				if _, err := io.WriteString(w, "\n"); err != nil {
					return err
				}
			}
			sol := o.Puzzle.Solution
			e := output.Puzzle{Number: o.Index + 1, Grid: o.Puzzle.Grid, Solution: &sol, Level: o.Puzzle.Level, Score: o.Puzzle.Score}
			if err := tw.Write(e); err != nil {
				made-- // made, but not written (iss refuses rules it cannot state)
				return err
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			return commit()
		})
		report()
		return generateError(err, genErr)
	})
	if err != nil && kept && made > 0 {
		return stoppedEarly(ctx, s, opts, made, seen == nil, err)
	}
	return err
}

// stoppedEarly says where the complete puzzles of a run that stopped early
// are, and how to continue it (unless --exclude skips indexes, so that no
// --start does), and returns the error to report: none more for an
// interruption, which this says.
func stoppedEarly(ctx context.Context, s *streams, opts generateOptions, made int, continuable bool, err error) error {
	where := "written"
	if opts.output != "" && opts.output != "-" {
		where = "kept in " + opts.output
	}
	what := "stopped early"
	if ctx.Err() != nil {
		what = "interrupted"
		err = &exitError{code: exitSignal} // reported here
	}
	fmt.Fprintf(s.Err, "sudokugen: %s: the %d complete puzzles made are %s", what, made, where)
	if continuable {
		fmt.Fprintf(s.Err, "; continue with --start %d -n %d", opts.start+made, opts.count-made)
	}
	fmt.Fprintln(s.Err)
	return err
}

// generatePlan is what the flags of generate ask for, checked.
type generatePlan struct {
	gen    generate.Options
	format output.Format // text formats
	pdf    bool
	seed   uint64
	random bool // the seed was drawn, not given
}

// plan checks the flags and turns them into a plan. It reads what the
// flags name, such as the --front file, into o, so o must be the options
// the run goes on with.
func (o *generateOptions) plan() (generatePlan, error) {
	var pl generatePlan
	if o.count < 0 {
		return pl, usageError("-n must not be negative")
	}
	if o.start < 0 {
		return pl, usageError("--start must not be negative")
	}
	if o.clues < 0 {
		return pl, usageError("--clues must not be negative")
	}
	if err := o.pool.validate(); err != nil {
		return pl, err
	}
	sh, err := o.shape()
	if err != nil {
		return pl, err
	}
	if o.clues > sh.Cells() {
		return pl, usageError("--clues %d is more than the %d cells of a %dx%d grid", o.clues, sh.Cells(), sh.N(), sh.N())
	}
	variant, err := generate.ParseVariant(o.variant)
	if err != nil {
		return pl, usageError("--variant: %v", err)
	}
	if !variant.IsZero() {
		if err := o.variantFlags(variant); err != nil {
			return pl, err
		}
	}
	pl.pdf = o.format == "pdf"
	if !pl.pdf {
		if pl.format, err = textFormat(o.format, sh); err != nil {
			return pl, err
		}
	} else if err := o.book.validate(); err != nil {
		return pl, err
	}
	if pl.seed, pl.random, err = seedOf(o.seed); err != nil {
		return pl, err
	}
	// only JSON and PDF show the score: the others may leave it out
	scored := pl.pdf || pl.format == output.FormatJSON
	pl.gen = generate.Options{Shape: sh, Symmetry: o.symmetry, Clues: o.clues, MaxSolves: o.maxSolves, Order: o.order,
		Rate: scored, Unrated: !scored, Variant: variant}
	if sh.Boxless() && !variant.MakesRegions() {
		return pl, usageError("--size %d: a %dx%d grid has no boxes, so only jigsaw puzzles are made at that size (--variant jigsaw)", sh.N(), sh.N(), sh.N())
	}
	if !variant.IsZero() {
		pl.gen.Unrated = false
		if err := pl.gen.Validate(); err != nil {
			return pl, usageError("--variant %s: %v", variant, err)
		}
	}
	if pl.gen.MinScore, pl.gen.MaxScore, err = rate.ParseTarget(o.difficulty, o.score, "--difficulty", "--score"); err != nil {
		return pl, usageError("%v", err)
	}
	if o.maxSolves < -1 {
		return pl, usageError("--max-solves %d: want a number of solves, 0 for the default, or -1 for no bound", o.maxSolves)
	}
	if pl.gen.Check, err = checkMode(o.check); err != nil {
		return pl, err
	}
	for _, name := range o.needs {
		need, err := generate.ParseNeed(name)
		if err != nil {
			return pl, usageError("--needs: %v", err)
		}
		pl.gen.Needs = append(pl.gen.Needs, need)
	}
	return pl, nil
}

// textFormat returns the text format named name for grids of shape sh:
// iss takes grids up to 16x16.
func textFormat(name string, sh grid.Shape) (output.Format, error) {
	f, err := output.ParseFormat(name)
	switch {
	case err != nil:
		return f, usageError("--format: %v, pdf", err)
	case f == output.FormatISS && sh.N() > grid.ISSMaxN:
		return f, usageError("--format iss: a %dx%d grid: Interactive-Sudoku-Solver takes grids up to %dx%d", sh.N(), sh.N(), grid.ISSMaxN, grid.ISSMaxN)
	}
	return f, nil
}

// variantFlags checks the flags of a run of variant puzzles: a format
// that holds their rules (json by default), and none of the flags that
// only classic puzzles have.
func (o *generateOptions) variantFlags(v generate.Variant) error {
	if !o.formatSet {
		o.format = "json"
	}
	if f, err := output.ParseFormat(o.format); err == nil && !f.HoldsRules() {
		return usageError("--format %s cannot hold the rules of %s puzzles (they would read back as classic ones): use %s or pdf",
			o.format, v, strings.Join(output.FormatNames(output.RulesFormats()), ", "))
	}
	for _, f := range []struct {
		set  bool
		name string
	}{{o.difficulty != "", "--difficulty"}, {o.score != "", "--score"}, {len(o.needs) > 0, "--needs"},
		{o.mix != "", "--mix"}, {len(o.exclude) > 0, "--exclude"}} {
		if f.set {
			return usageError("%s is for classic puzzles: the rating and canonical forms know rows, columns and boxes only, not the rules of %s puzzles", f.name, v)
		}
	}
	return nil
}

// parts returns the levels and counts of the run: those of --mix, or one
// part of -n puzzles with the score range of gen.
func (o *generateOptions) parts(gen generate.Options) ([]mixPart, error) {
	if o.mix == "" {
		return []mixPart{{count: o.count, lo: gen.MinScore, hi: gen.MaxScore}}, nil
	}
	if o.difficulty != "" || o.score != "" {
		return nil, usageError("--mix sets the levels: it cannot be used with --difficulty or --score")
	}
	return parseMix(o.mix)
}

// distinct sets up a run of --mix levels or with --exclude: the parts of
// the run, and the set of forms to avoid (nil for a plain run). A mixed
// run rates every puzzle and lays out a PDF in sections.
func (o *generateOptions) distinct(gen *generate.Options, sh grid.Shape, stdin io.Reader) ([]mixPart, seenForms, error) {
	parts, err := o.parts(*gen)
	if err != nil || o.mix == "" && o.exclude == nil {
		return parts, nil, err
	}
	if o.mix != "" {
		gen.Rate, gen.MinScore, gen.MaxScore = true, 0, 0
		o.book.sections = true
		o.count = 0
		for _, p := range parts {
			o.count += p.count
		}
	}
	seen, err := loadExcluded(o.exclude, stdin, sh, 10_000_000)
	return parts, seen, err
}

// generateError turns a failed run into the error to report.
func generateError(err, genErr error) error {
	switch {
	case err == nil:
		return nil
	case genErr != nil && errors.Is(err, genErr):
		return &exitError{code: exitNotOK, err: genErr}
	}
	return err
}

// wrapWords breaks s into lines of at most width bytes, between words.
func wrapWords(s string, width int) string {
	var b strings.Builder
	line := 0
	for _, w := range strings.Fields(s) {
		if line > 0 && line+1+len(w) > width {
			b.WriteByte('\n')
			line = 0
		} else if line > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += len(w)
	}
	return b.String()
}
