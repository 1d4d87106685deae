// Package output writes puzzles for people: text listings and print-ready
// PDF puzzle books.
//
// # Text
//
// A TextWriter (NewTextWriter) writes puzzles, and optionally their
// solutions, one Entry at a time in one of the Formats: line (one puzzle a
// line, '.' for empty), grid (a pretty grid with box lines), sdm (one a
// line, '0' for empty), sdk (SadMan rows) and json (JSON Lines with the
// puzzle, its rows, clue count, and level and score when known). What it
// writes, grid.NewReader reads back to the same grids.
//
// File writes a file whole or not at all: a temporary file beside it,
// synced and renamed into place by Commit, removed by Abort.
//
// # PDF books
//
// WriteBook and WriteBookFile lay out a slice of Puzzle values as a book:
//
//   - an optional title page (BookOptions.Title);
//   - the puzzles in order, 1, 2, 4 or 6 to a page (BookOptions.PerPage),
//     each labelled "Puzzle N" with its difficulty level, score and clue
//     count on the same line;
//   - with BookOptions.Solutions, a solutions section at the back with
//     smaller grids numbered to match, the givens in bold;
//   - page numbers on every page but the title page.
//
// Page sizes are A4, US Letter and 6x9 inch trade paperback (ParsePageSize).
// The inside margin is wider than the outside one and alternates sides
// with the page, odd pages being right-hand pages, so the book can be
// bound.
//
// Grids are vector drawings with thin cell lines and thick box lines; line
// widths and symbol sizes scale with the cell. Givens are bold and centred
// in their cells. Every size from 4x4 to 36x36 is supported; to keep the
// symbols legible a page holds at most 6 grids up to 9x9, 4 up to 12x12,
// 2 up to 16x16 and 1 beyond that (MaxPerPage); a larger PerPage is lowered
// to that cap. A page holds grids of one size only. Solution pages hold as
// many grids as fit with cells of at least 10 points (up to 5 across and 6
// down), and at least one.
//
// A long title is wrapped (and, past half a page, cut short with "…").
// The Go fonts (golang.org/x/image/font/gofont) are embedded as subsets,
// as print services require; they cover Latin, Greek and Cyrillic, and a
// character of a title or level that they lack is printed as '?'. The output is byte-identical for the same
// input: the document date is BookOptions.Created, else the time given by
// the SOURCE_DATE_EPOCH environment variable, else DefaultCreated.
//
// WriteBookFile writes to a temporary file next to the target and renames
// it into place, so an interrupted run never leaves a partial book.
//
// WriteSVG draws a single puzzle as an SVG image.
package output
