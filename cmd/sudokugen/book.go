package main

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/output"
	"github.com/sudokugen/sudokugen/worker"
)

// bookFlags are the layout flags of every command that writes a PDF book.
type bookFlags struct {
	title      string
	page       string
	perPage    int
	sections   bool
	front      string // file of the copyright or notes page
	largePrint bool
	frontText  string // its text, read by validate
	steps      bool   // a section of solving paths (book --steps)
}

func (f *bookFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.title, "title", "", "PDF: title of the book, printed on a title page")
	fl.StringVar(&f.page, "page", "a4", "PDF: trim size, one of "+strings.Join(output.PageSizeNames(), ", ")+", or WxH in inches or mm (6.14x9.21, 148x210mm)")
	fl.IntVar(&f.perPage, "per-page", 0, "PDF: puzzles per page, 1, 2, 4 or 6 (default: by grid size)")
	fl.BoolVar(&f.sections, "sections", false, "PDF: a section per level (and variant), easiest first, with a contents page")
	fl.StringVar(&f.front, "front", "", "PDF: plain text file for a copyright or notes page after the title")
	fl.BoolVar(&f.largePrint, "large-print", false, "PDF: one or two puzzles a page with symbols of at least 24 points")
}

// maxFront is the largest --front file read: a page holds far less.
const maxFront = 64 << 10

func (f *bookFlags) validate() error {
	if _, err := output.ParsePageSize(f.page); err != nil {
		return usageError("--page: %v", err)
	}
	switch {
	case f.largePrint && f.perPage > 2:
		return usageError("--large-print holds 1 or 2 puzzles a page, not %d", f.perPage)
	case f.perPage != 0 && f.perPage != 1 && f.perPage != 2 && f.perPage != 4 && f.perPage != 6:
		return usageError("--per-page must be 1, 2, 4 or 6, not %d", f.perPage)
	}
	if f.front != "" {
		b, err := readSmall(f.front, maxFront)
		if err != nil {
			return usageError("--front: %v", err)
		}
		f.frontText = string(b)
	}
	return nil
}

// readSmall reads the file at path, refusing one larger than limit bytes.
func readSmall(path string, limit int64) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	b, err := io.ReadAll(io.LimitReader(fh, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s: larger than %d KiB", path, limit>>10)
	}
	if !utf8.Valid(b) {
		return nil, fmt.Errorf("%s: not UTF-8 text", path)
	}
	return b, nil
}

// write lays out the puzzles as a PDF book at path, or on stdout when
// stdout is not a terminal.
func (f *bookFlags) write(ctx context.Context, s *streams, path string, puzzles []output.Puzzle, solutions bool) error {
	if err := f.fits(puzzles); err != nil {
		return err
	}
	opts := output.BookOptions{Title: f.title, Page: f.page, PerPage: f.perPage, Solutions: solutions,
		Sections: f.sections, Front: f.frontText, LargePrint: f.largePrint, Paths: f.steps}
	if path == "" || path == "-" {
		if isTerminal(s.Out) {
			return usageError("a PDF book is not for a terminal: give -o book.pdf, or redirect the output")
		}
		w := bufio.NewWriterSize(s.Out, 64<<10)
		if err := output.WriteBookContext(ctx, w, puzzles, opts); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return &exitError{code: exitNotOK, err: err}
		}
		if err := w.Flush(); err != nil {
			return &exitError{code: exitUsage, err: fmt.Errorf("write output: %w", err)}
		}
		return nil
	}
	if err := output.WriteBookFileContext(ctx, path, puzzles, opts); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return &exitError{code: exitUsage, err: err}
	}
	return nil
}

type bookOptions struct {
	io         *streams // where the command reads and writes
	in         inputFlags
	pool       poolFlags
	book       bookFlags
	output     string
	format     string
	solutions  bool
	allowMulti bool
	levels     bool
	quiet      bool
	pixels     int
	files      []string
}

func newBookCmd(s *streams) *cobra.Command {
	opts := bookOptions{io: s}
	cmd := &cobra.Command{
		Use:   "book [FILE...]",
		Short: "Lay out existing puzzles as a print-ready PDF book (or one as SVG)",
		Long: `Book reads puzzles from the files (or standard input) in any format verify
reads, checks that each has exactly one solution, and lays them out as a PDF
book: vector grids, embedded fonts, numbered puzzles, page numbers, inside
margins mirrored for binding, and the solutions at the back.

A book with a puzzle that is not unique is refused, with the list of such
puzzles, unless --allow-nonunique. The file is written whole or not at all.
With --sections the book has a section per level (rated when the input
has none), easiest first, a contents page and PDF bookmarks; --front adds
a copyright or notes page; --large-print prints one or two puzzles a page.
Margins follow print-on-demand interior rules: the inside margin grows with
the page count, sections and solutions start on right-hand pages, and the
page count is even.

With --format svg or png, the one puzzle of the input is drawn as an SVG
image or a PNG of --pixels pixels a side.

Variant puzzles (f-puzzles JSON or links, or JSON Lines with rules) are
drawn with every rule, as puzzle books draw them: regions in bold, cages
dashed with their sums, shaded groups, marks in cells and on edges, lines
through cells; a rule without a mark (such as anti-king) is named in the
puzzle's label. A book of variants has a
section per variant (per variant and level with --sections), each opening
on a page that gives its rules in plain words.`,
		Example: `  sudokugen book puzzles.txt --page 6x9 --per-page 6 --title "Sudoku Vol. 1" -o book.pdf
  sudokugen book mixed.txt --page 8.5x11 --sections --large-print --front notice.txt -o big.pdf
  sudokugen book --format svg -o puzzle.svg < puzzle.txt
  sudokugen book --format png --pixels 1080 -o puzzle.png < puzzle.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.files = args
			return runBook(cmd.Context(), opts)
		},
	}
	opts.in.register(cmd)
	opts.pool.register(cmd)
	opts.book.register(cmd)
	fl := cmd.Flags()
	fl.StringVarP(&opts.output, "output", "o", "", "write to this file instead of standard output")
	fl.StringVarP(&opts.format, "format", "f", "pdf", "pdf, or svg or png for a single puzzle")
	fl.IntVar(&opts.pixels, "pixels", 1080, "png: width and height of the image in pixels")
	fl.BoolVar(&opts.solutions, "solutions", true, "print the solutions at the back of the book")
	fl.BoolVar(&opts.allowMulti, "allow-nonunique", false, "print puzzles without exactly one solution too")
	fl.BoolVar(&opts.levels, "levels", true, "rate each puzzle and print its level and score in its label")
	fl.BoolVar(&opts.book.steps, "steps", false, "PDF: a section of solving paths before the solutions: each puzzle's solve by logic, step by step, singles in short (rates the puzzles, even with --levels=false)")
	fl.BoolVarP(&opts.quiet, "quiet", "q", false, "no progress or summary on stderr")
	return cmd
}

func runBook(ctx context.Context, opts bookOptions) error {
	s := opts.io
	if err := opts.validate(); err != nil {
		return err
	}
	ro, pool, err := setup(opts.in, opts.pool)
	if err != nil {
		return err
	}
	defer pool.Close()
	var puzzles []output.Puzzle
	var offenders []string
	sum := newSummary()
	prog := newProgress(s.Err, opts.quiet, "checked")
	rs := newRecords(opts.files, s.In, ro, opts.in.maxCount)
	err = checkAll(ctx, rs, pool, worker.Job{Kind: worker.Verify, CountLimit: 2}, func(c verdict) error {
		sum.add(c.status)
		prog.tick(sum.total)
		if c.status != "unique" {
			offenders = append(offenders, plainVerdict(c))
		}
		if c.rec.Err != nil || !output.Bookable(c.status, opts.allowMulti) {
			return nil
		}
		p := output.Puzzle{Number: c.rec.Index + 1, Grid: c.rec.Grid}
		if c.status == "unique" {
			sol := c.result.Solutions[0]
			p.Solution = &sol
		}
		puzzles = append(puzzles, p)
		return nil
	})
	prog.done()
	if err := cmp.Or(err, rs.err()); err != nil {
		return err
	}
	rs.sayEmpty(s.Err)
	for _, o := range offenders {
		fmt.Fprintln(s.Err, o)
	}
	if len(offenders) > 0 && !opts.allowMulti {
		return &exitError{code: exitNotOK, err: fmt.Errorf("%d of %d puzzles are not unique or not valid: no book written (--allow-nonunique prints the valid ones anyway)", len(offenders), sum.total)}
	}
	if len(puzzles) == 0 {
		return &exitError{code: exitNotOK, err: fmt.Errorf("no puzzles to print")}
	}
	if opts.format != "pdf" {
		if err := writeImage(s, opts, puzzles, ro.Alphabet); err != nil {
			return err
		}
		if len(offenders) > 0 {
			return &exitError{code: exitNotOK}
		}
		return nil
	}
	if opts.levels || opts.book.steps {
		if err := rateBook(ctx, pool, puzzles, opts.levels, opts.book.steps); err != nil {
			return err
		}
	}
	if err := opts.book.write(ctx, s, opts.output, puzzles, opts.solutions); err != nil {
		return err
	}
	if !opts.quiet {
		fmt.Fprintf(s.Err, "%s laid out", countPuzzles(len(puzzles)))
		if opts.output != "" {
			fmt.Fprintf(s.Err, " in %s", opts.output)
		}
		fmt.Fprintln(s.Err)
	}
	if len(offenders) > 0 {
		return &exitError{code: exitNotOK}
	}
	return nil
}

func (o *bookOptions) validate() error {
	if o.format != "pdf" && o.format != "svg" && o.format != "png" {
		return usageError("--format %q: want pdf, svg or png", o.format)
	}
	if o.pixels < output.MinPNGSize || o.pixels > output.MaxPNGSize {
		return usageError("--pixels %d: want %d to %d", o.pixels, output.MinPNGSize, output.MaxPNGSize)
	}
	// sections go by level: rate the puzzles even when told not to
	o.levels = o.levels || o.book.sections
	if o.book.steps && o.format != "pdf" {
		return usageError("--steps is for a PDF book, not --format %s", o.format)
	}
	return o.book.validate()
}

// writeImage draws the one puzzle of the input as SVG or PNG.
func writeImage(s *streams, opts bookOptions, puzzles []output.Puzzle, a *grid.Alphabet) error {
	if len(puzzles) != 1 {
		return usageError("--format %s draws one puzzle; the input has %d", opts.format, len(puzzles))
	}
	if opts.format == "png" && (opts.output == "" || opts.output == "-") && isTerminal(s.Out) {
		return usageError("a PNG image is not for a terminal: give -o puzzle.png, or redirect the output")
	}
	return writeOutput(opts.output, s.Out, func(w *bufio.Writer) error {
		if opts.format == "png" {
			return output.WritePNG(w, puzzles[0], a, opts.pixels)
		}
		return output.WriteSVG(w, puzzles[0], a)
	})
}

// rateBook rates the puzzles that have a solution on the pool and, with
// levels, puts their level and score in their labels; with steps, it
// gives each puzzle its solving path (pathOf), or a note of why there is
// none. A puzzle the rater cannot rate (or that runs past --timeout)
// keeps a label without them.
func rateBook(ctx context.Context, pool *worker.Pool, puzzles []output.Puzzle, levels, steps bool) error {
	k := 0
	next := func() (worker.Job, bool, error) {
		for ; k < len(puzzles); k++ {
			if puzzles[k].Solution != nil {
				k++
				j := worker.Job{Index: k - 1, Kind: worker.Rate, Grid: puzzles[k-1].Grid}
				if steps {
					j.Rate.Explain, j.MaxSteps = true, maxPathSteps
				}
				return j, true, nil
			}
			if steps {
				puzzles[k].Path = &output.Path{Note: "the puzzle has no single solution"}
			}
		}
		return worker.Job{}, false, nil
	}
	return pool.Run(ctx, next, func(r worker.Result) error {
		if levels && r.Err == nil && r.Rating.Solved {
			puzzles[r.Index].Level, puzzles[r.Index].Score = r.Rating.Level.String(), r.Rating.Score
		}
		if steps {
			puzzles[r.Index].Path = pathOf(r)
		}
		return nil
	})
}
