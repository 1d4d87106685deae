package output

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// A book whose context is done stops before its pages are laid out: no
// bytes to the writer, and no file, not even a temporary one, at the path.
func TestWriteBookStops(t *testing.T) {
	puzzles := patternBook(grid.Shape{BoxRows: 3, BoxCols: 3}, 600)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var buf bytes.Buffer
	if err := WriteBookContext(ctx, &buf, puzzles, BookOptions{}); !errors.Is(err, context.Canceled) || buf.Len() != 0 {
		t.Errorf("WriteBookContext, canceled: %v and %d bytes; want context.Canceled and none", err, buf.Len())
	}
	dir := t.TempDir()
	if err := WriteBookFileContext(ctx, filepath.Join(dir, "book.pdf"), puzzles, BookOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("WriteBookFileContext, canceled: %v; want context.Canceled", err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("a canceled book left %d files", len(left))
	}
	if err := WriteBookContext(context.Background(), &buf, puzzles[:4], BookOptions{}); err != nil || !bytes.HasPrefix(buf.Bytes(), []byte("%PDF")) {
		t.Errorf("WriteBookContext: %v, %.8q", err, buf.Bytes())
	}
}
