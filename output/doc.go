// Package output writes puzzles for people: text listings, print-ready
// PDF puzzle books and images, of classic and variant puzzles.
//
// # Text
//
// A TextWriter (NewTextWriter) writes puzzles, and optionally their
// solutions, one Puzzle at a time in one of the Formats: line (one puzzle a
// line, '.' for empty), grid (a pretty grid with box lines), sdm (one a
// line, '0' for empty), sdk (SadMan rows) and json (JSON Lines with the
// puzzle, its rows, clue count, and level and score when known). What it
// writes, formats.NewReader reads back to the same grids.
//
// File writes a file whole or not at all: a temporary file beside it,
// synced and renamed into place by Commit, removed by Abort.
//
// # PDF books
//
// WriteBook and WriteBookFile lay out a slice of Puzzle values as a book a
// print-on-demand service takes as it is (no bleed):
//
//   - an optional title page (BookOptions.Title) and, on its back, an
//     optional copyright or notes page (BookOptions.Front);
//   - with BookOptions.Sections, a contents page, then a section per level,
//     easiest first (easy, medium, hard, expert, extreme, then other levels,
//     then unrated puzzles), each opening with a heading page and ordered by
//     score within; puzzles are then numbered in book order;
//   - in a book with variant puzzles, a section per variant (classic being
//     one), in the order the variants first come, and with Sections per
//     variant and level ("Killer · Hard"); each opens with a heading page
//     that gives the rules of its puzzles in a paragraph of plain words,
//     each rule by its mark on the page; puzzles are numbered in book
//     order;
//   - the puzzles, 1, 2, 4 or 6 to a page (BookOptions.PerPage), each
//     labelled "Puzzle N" with its difficulty level, score and clue count on
//     the same line; the table of each page is the one (1x4, 2x2, 4x1...)
//     that gives the largest grids with a quarter inch (or a twentieth of
//     the text width) between them, and its rows and columns are spread
//     evenly over the text area, the space left over shared equally by the
//     gaps and the two ends; a page with fewer puzzles than its table
//     holds (the last of a section) keeps the grid size, its rows spread
//     over the whole page and its last row centred;
//   - with BookOptions.Solutions, a solutions section at the back with
//     smaller grids numbered to match, the givens in bold;
//   - page numbers on every page but the title, notes, heading and blank
//     pages, and PDF bookmarks for the contents, each section (or the
//     puzzles) and the solutions.
//
// Sections, the first puzzle page and the solutions start on right-hand
// (odd) pages, with a blank page before them where needed, and the book
// has an even number of pages. No ink comes closer than 0.375 in to the
// top, bottom or outside edge (the 0.25 in the services ask for plus a
// safety allowance); the inside margin is Gutter of the final page count:
// 0.375 in up to 150 pages, 0.5 in to 300, 0.625 in to 500, 0.75 in to 700,
// 0.875 in beyond. It alternates sides with the page, odd pages being
// right-hand pages.
//
// Trim sizes (ParsePageSize) are A4, A5, US Letter, and 5x8, 5.5x8.5, 6x9,
// 7x10, 8x10, 8.25x11 and 8.5x11 inches, or any WxH in inches or mm from 4
// to 17 inches a side, upright. BookOptions.LargePrint prints one or two
// puzzles a page (two only when they keep it), with symbols of at least 24
// points for grids up to 9x9 on every trim size.
//
// Grids are vector drawings with thin cell lines and thick box lines; line
// widths and symbol sizes scale with the cell. Givens are bold and centred
// in their cells. Every size from 4x4 to 36x36 is supported; to keep the
// symbols legible a page holds at most 6 grids up to 9x9, 4 up to 12x12,
// 2 up to 16x16 and 1 beyond that (MaxPerPage); a larger PerPage is lowered
// to that cap. A page holds grids of one size only. Solution pages hold as
// many grids as fit with cells of at least 10 points (16 in large print;
// up to 5 across and 6 down), and at least one.
//
// A long title is wrapped (and, past half a page, cut short with "…").
// The Go fonts (golang.org/x/image/font/gofont) are embedded as subsets,
// as print services require, each named with a subset tag (SGKAAA+GoFont);
// they cover Latin, Greek and Cyrillic, and a
// character of a title, notes or level that they lack is printed as '?'.
// The output is byte-identical for the same input: the document date is
// BookOptions.Created, else the time given by the SOURCE_DATE_EPOCH
// environment variable, else DefaultCreated.
//
// WriteBookFile writes to a temporary file next to the target and renames
// it into place, so an interrupted run never leaves a partial book.
//
// # Images
//
// WriteSVG draws a single puzzle as an SVG image and WritePNG as a PNG of a
// given number of pixels. Both draw the symbols from the outlines of the Go
// bold font (as paths in the SVG), so the image looks the same wherever it
// is shown, whatever fonts the viewer has.
//
// # Variant puzzles
//
// A puzzle whose grid has rules (grid.Rules: killer, jigsaw, X, hyper and
// the others) is drawn with a mark for every rule, in books, on their
// solution pages and in images alike, the way puzzle books and SudokuPad
// draw them, in greys that print in black and white:
//
//   - jigsaw regions (and the boxes of other variants) have thick borders,
//     with thin lines between the cells of a region;
//   - killer cages are dashed outlines a tenth of a cell inside the cell
//     borders, with the sum small in the cage's first cell in reading
//     order, on a patch that breaks the outline at its corner; a given in
//     that cell moves down clear of the sum (or, where the cage leaves too
//     little room, as in large print, shrinks into the room below it);
//   - the diagonals of X puzzles are thin grey lines under the digits and
//     under the lines through cells (an arrow along a diagonal shows);
//   - the windows of hyper puzzles and extra regions are shaded;
//   - odd cells hold a grey circle, even cells a grey square;
//   - thermometers are a thick dark grey line with a bulb on the first cell;
//   - kropki dots sit on the edge between their cells, white ones hollow and
//     black ones filled, and X and V are letters on the edge.
//   - clues outside the grid sit in the cell beyond its edge; two little
//     killers from one cell each take the half on their arrow's side;
//   - notes (a line's letter, min, max) are small in a cell's top-left
//     corner, the next one top-right or under it, a note repeated once.
//
// Anti-king, anti-knight and disjoint groups have no mark: the puzzle's
// label in a book names them ("anti-knight · hard · 24 clues"), and an
// image names them in a caption under the grid, which the grid makes room
// for. Cage sums are at least 5 points where the cell leaves room (they
// take at most 0.36 of a cell), and killer solution grids have cells of at
// least 14 points, so that a sum on a solution page can be read too (a 6x9
// book then prints 6 such solutions a page instead of 12). Rules that are
// not valid for the grid (grid.Rules.Validate) are refused with the
// rule's error. The three writers paint the same list of shapes, made once
// per grid in cell units; classic puzzles are drawn exactly as before.
package output
