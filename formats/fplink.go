package formats

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/lzstring"
)

// MaxLinkUnits bounds the f-puzzles JSON a link may hold, in the UTF-16
// units lz-string counts: 512 Ki units. The largest puzzle the f-puzzles
// fields can state is far below it: a 36x36 grid with every cell given
// and in a jigsaw region (49 KB), a one-cell cage on every cell (43 KB),
// odd on every cell (23 KB), 36 extra regions and 36 thermometers of 36
// cells (23 KB), a difference dot and an X on each of its 2,520
// orthogonal pairs (176 KB), and 4 KB of title, author and rules text is
// 320 KB (TestMaxLinkUnits builds it). The rest is room for constraints
// still to come. A link past it is refused without being decompressed
// further, whatever its codes: the dictionary of lz-string costs 8 bytes
// an entry here, not a copy of each entry, so a link whose codes each
// point at the newest entry (each phrase one unit longer than the last)
// takes at most a few MB while it is read.
const MaxLinkUnits = 512 << 10

// errNoLink says a line is no link (nor bare link data): read it as cells.
var errNoLink = errors.New("not an f-puzzles link")

// fpuzzlesData returns the compressed data of an f-puzzles or SudokuPad
// link, or of the bare data ("N4Ig..."). The error is errNoLink when s is
// none of them, and says what to paste instead for a link of theirs that
// holds no data sudokugen reads.
func fpuzzlesData(s string) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case strings.HasPrefix(s, "N4Ig"):
		return s, nil
	case strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://"):
	default:
		return "", errNoLink
	}
	for _, mark := range []string{"?load=", "&load=", "/fpuzzles", "/fpuz", "?puzzleid=fpuzzles", "?puzzleid=fpuz"} {
		if k := strings.Index(s, mark); k >= 0 {
			d := s[k+len(mark):]
			if un, err := url.QueryUnescape(strings.ReplaceAll(d, "+", "%2B")); err == nil {
				d = un
			}
			d = strings.ReplaceAll(d, " ", "+")
			if k := strings.IndexAny(d, "&#"); k >= 0 {
				d = d[:k]
			}
			if d == "" {
				return "", grid.FPErrorf("the link holds no puzzle after %q: paste the whole link f-puzzles gives (Export, then Copy link)", strings.TrimLeft(mark, "?&/"))
			}
			return d, nil
		}
	}
	if err := sudokuPadLink(s); err != nil {
		return "", err
	}
	return "", errNoLink
}

// instead says what sudokugen reads in place of a link it cannot.
const instead = "paste the puzzle's f-puzzles link (https://www.f-puzzles.com/?load=...) or its f-puzzles JSON instead"

// sudokuPadLink returns the error for a SudokuPad link that holds no
// f-puzzles data: a short link, whose puzzle sits on SudokuPad's server,
// or a link in SudokuPad's own format (scl, ctc); nil when s is no
// SudokuPad link.
func sudokuPadLink(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return nil
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	if host != "sudokupad.app" && !strings.HasSuffix(host, ".sudokupad.app") && host != "app.crackingthecryptic.com" {
		return nil
	}
	id := strings.TrimPrefix(u.Path, "/")
	id = strings.TrimPrefix(id, "sudoku/")
	if q := u.Query().Get("puzzleid"); q != "" {
		id = q
	}
	switch {
	case id == "":
		return grid.FPErrorf("the SudokuPad link names no puzzle: %s", instead)
	case strings.HasPrefix(id, "scl") || strings.HasPrefix(id, "ctc"):
		return grid.FPErrorf("a SudokuPad link in SudokuPad's own format (%q), which sudokugen does not read: %s", id[:3], instead)
	}
	return grid.FPErrorf("a SudokuPad short link (%q) names a puzzle kept on SudokuPad's server, which sudokugen does not fetch: %s", cutID(id), instead)
}

func cutID(id string) string {
	if len(id) > 40 {
		return id[:40] + "..."
	}
	return id
}

// ParseFPuzzlesLink reads the puzzle of an f-puzzles or SudokuPad link,
// or of its bare compressed data.
func ParseFPuzzlesLink(s string) (grid.Grid, error) {
	return ParseFPuzzlesLinkContext(context.Background(), s)
}

// ParseFPuzzlesLinkContext is ParseFPuzzlesLink that stops with ctx's
// error when ctx is done while the link is decompressed.
func ParseFPuzzlesLinkContext(ctx context.Context, s string) (grid.Grid, error) {
	g, _, err := parseFPuzzlesLink(ctx, s)
	return g, err
}

// parseFPuzzlesLink is ParseFPuzzlesLinkContext that also returns the
// puzzle's own solution, nil when it has none.
func parseFPuzzlesLink(ctx context.Context, s string) (grid.Grid, []uint8, error) {
	d, err := fpuzzlesData(s)
	if errors.Is(err, errNoLink) {
		return grid.Grid{}, nil, grid.FPErrorf("not an f-puzzles link")
	}
	if err != nil {
		return grid.Grid{}, nil, err
	}
	js, err := lzstring.Decompress(ctx, d, MaxLinkUnits)
	switch {
	case errors.Is(err, lzstring.ErrTooLarge):
		return grid.Grid{}, nil, grid.FPErrorf("link data: decompresses to more than %d characters, more than any puzzle needs", MaxLinkUnits)
	case ctx.Err() != nil:
		return grid.Grid{}, nil, fmt.Errorf("f-puzzles link: %w", err)
	case err != nil:
		return grid.Grid{}, nil, grid.FPErrorf("link data: %v", err)
	}
	return parseFPuzzles([]byte(js))
}
