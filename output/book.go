package output

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/sudokugen/sudokugen/grid"
)

// Puzzle is one puzzle of a book or for a TextWriter.
type Puzzle struct {
	Number   int        // printed label, 1-based; 0 numbers it by its position in the book or among those written
	Grid     grid.Grid  // the puzzle (givens)
	Solution *grid.Grid // nil: not printed in the solutions section
	Level    string     // difficulty label, "" when unknown (e.g. "hard")
	Score    float64    // difficulty score, 0 when unknown
	Path     *Path      // its solve by logic, for BookOptions.Paths; nil: none known
}

// BookOptions controls the layout of a PDF book. The zero value gives an A4
// book with the default number of puzzles per page and no title page.
type BookOptions struct {
	Title     string         // "": no title page
	Page      string         // page size for ParsePageSize; "": a4
	PerPage   int            // puzzles per page: 1, 2, 4 or 6 (1 or 2 in large print); 0: the default for the size
	Solutions bool           // print a solutions section at the back
	Alphabet  *grid.Alphabet // symbols for digits; nil: the default alphabet of each size
	Created   time.Time      // document date; zero: SOURCE_DATE_EPOCH if set, else DefaultCreated

	// Sections groups the puzzles by Level, easiest first, each section
	// opening with a heading page and ordered by Score within, and adds a
	// table of contents. Puzzles are then numbered in book order. A book
	// with variant puzzles has a section per variant either way (per
	// variant and level with Sections), each heading page giving the
	// variant's rules.
	Sections bool
	// Front is plain text for a copyright or notes page after the title
	// page; "": none.
	Front string
	// LargePrint prints one or two puzzles a page (two when they still
	// fit), with symbols of at least 24 points up to 9x9 grids.
	LargePrint bool
	// Paths adds a section of solving paths after the puzzles, before the
	// solutions: each puzzle's solve by logic (Puzzle.Path) step by step.
	Paths bool
}

// DefaultCreated is the document date of a book whose options give none and
// whose environment sets no SOURCE_DATE_EPOCH. A fixed date keeps the output
// byte-identical from run to run.
var DefaultCreated = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// ErrNoPuzzles is returned when a book is asked for with no puzzles in it.
var ErrNoPuzzles = errors.New("book has no puzzles")

// PuzzleError reports a puzzle that cannot be printed. Index is its 0-based
// position in the slice given to WriteBook.
type PuzzleError struct {
	Index  int
	Number int
	Err    error
}

func (e *PuzzleError) Error() string {
	return fmt.Sprintf("puzzle %d (number %d): %v", e.Index+1, e.Number, e.Err)
}

func (e *PuzzleError) Unwrap() error { return e.Err }

// perPageChoices are the layouts a puzzle page can have.
var perPageChoices = []int{1, 2, 4, 6}

// MaxPerPage returns the most puzzles of size n printed on one page, so that
// symbols stay legible: 6 up to 9x9, 4 up to 12x12, 2 up to 16x16 and 1 for
// larger grids. A larger BookOptions.PerPage is lowered to this cap.
func MaxPerPage(n int) int {
	switch {
	case n <= 9:
		return 6
	case n <= 12:
		return 4
	case n <= 16:
		return 2
	}
	return 1
}

func checkPerPage(k int, large bool) error {
	if large && k > 2 {
		return fmt.Errorf("%d puzzles per page: large print holds 1 or 2", k)
	}
	for _, c := range perPageChoices {
		if k == c || k == 0 {
			return nil
		}
	}
	return fmt.Errorf("%d puzzles per page: want 1, 2, 4 or 6", k)
}

// createdDate returns the document date for opts.
func createdDate(opts BookOptions) (time.Time, error) {
	if !opts.Created.IsZero() {
		return opts.Created.UTC(), nil
	}
	if s, ok := os.LookupEnv("SOURCE_DATE_EPOCH"); ok && s != "" {
		sec, err := strconv.ParseInt(s, 10, 64)
		if err != nil || sec < 0 {
			return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH=%q: want a non-negative number of seconds", s)
		}
		return time.Unix(sec, 0).UTC(), nil
	}
	return DefaultCreated, nil
}

// checkPuzzle reports why p cannot be printed with alphabet a (nil for the
// default alphabet), or nil.
func checkPuzzle(p Puzzle, a *grid.Alphabet) error {
	g := p.Grid
	if err := g.Malformed(); err != nil {
		return err
	}
	n := g.N()
	if err := g.Rules.Validate(g.Shape); err != nil {
		return err
	}
	if a != nil && a.Size() < n {
		return fmt.Errorf("alphabet %q has %d symbols, a %dx%d grid needs %d", a.String(), a.Size(), n, n, n)
	}
	if p.Number < 0 {
		return fmt.Errorf("number %d: want 1 or more (0 numbers by position)", p.Number)
	}
	if s := p.Solution; s != nil {
		if s.Shape != g.Shape || len(s.Cells) != len(g.Cells) {
			return fmt.Errorf("solution is %s boxes with %d cells, puzzle is %s with %d", s.Shape, len(s.Cells), g.Shape, len(g.Cells))
		}
		if !g.Solves(*s) {
			return errors.New("solution is not a valid filled grid that keeps the givens")
		}
	}
	return nil
}

// WriteBook writes puzzles as a PDF book to w. Puzzles are printed in order;
// a page holds puzzles of one size only. See the package documentation for
// the layout.
func WriteBook(w io.Writer, puzzles []Puzzle, opts BookOptions) error {
	return WriteBookContext(context.Background(), w, puzzles, opts)
}

// WriteBookContext is WriteBook, stopping with ctx's error, having
// written nothing, when ctx is done before the last page is laid out.
func WriteBookContext(ctx context.Context, w io.Writer, puzzles []Puzzle, opts BookOptions) error {
	b, err := newBook(puzzles, opts)
	if err != nil {
		return fmt.Errorf("write book: %w", err)
	}
	if err := b.render(ctx, w); err != nil {
		return fmt.Errorf("write book: %w", err)
	}
	return nil
}

// WriteBookFile writes the book to path. It writes a temporary file in the
// same directory, syncs it and renames it over path, so an interrupted run
// never leaves a partial book behind; on any error the temporary file is
// removed and path is untouched.
func WriteBookFile(path string, puzzles []Puzzle, opts BookOptions) error {
	return WriteBookFileContext(context.Background(), path, puzzles, opts)
}

// WriteBookFileContext is WriteBookFile, leaving path untouched when ctx
// is done before the book is laid out (see WriteBookContext).
func WriteBookFileContext(ctx context.Context, path string, puzzles []Puzzle, opts BookOptions) error {
	f, err := Create(path)
	if err != nil {
		return fmt.Errorf("write book: %w", err)
	}
	defer f.Abort()
	if err := WriteBookContext(ctx, f, puzzles, opts); err != nil {
		return err
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("write book: %w", err)
	}
	return nil
}
