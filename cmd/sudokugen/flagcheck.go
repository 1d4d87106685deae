package main

import (
	"math"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/output"
)

// checkFlags refuses, before any work is done, a command line whose flags
// contradict each other, do nothing in the chosen mode, or name an output
// file that cannot be written.
func checkFlags(cmd *cobra.Command, _ []string) error {
	if err := checkOutputPath(flagString(cmd, "output")); err != nil {
		return err
	}
	switch cmd.Name() {
	case "generate":
		return checkGenerateFlags(cmd)
	case "book":
		f := flagString(cmd, "format")
		if f != "png" && cmd.Flags().Changed("pixels") {
			return usageError("--pixels applies to PNG images only (--format png), not to --format %s", f)
		}
		if f != "" && f != "pdf" {
			return pdfOnly(cmd, "--format "+f)
		}
	}
	return nil
}

// flagString returns the value of a flag, "" when the command has none.
func flagString(cmd *cobra.Command, name string) string {
	if f := cmd.Flags().Lookup(name); f != nil {
		return f.Value.String()
	}
	return ""
}

// checkOutputPath makes sure that a file can be written at path, so that a
// long run does not fail at its end: path is not a folder, and a file can
// be made in its folder.
func checkOutputPath(path string) error {
	if path == "" || path == "-" {
		return nil
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return usageError("-o %s: is a folder, not a file", path)
	}
	if st, err := os.Stat(filepath.Dir(path)); err != nil {
		return usageError("-o %s: %v", path, err)
	} else if !st.IsDir() {
		return usageError("-o %s: %s is not a folder", path, filepath.Dir(path))
	}
	f, err := output.Create(path)
	if err != nil {
		return usageError("-o %v", err)
	}
	f.Abort()
	return nil
}

// pdfFlags are the flags that only a PDF book uses.
var pdfFlags = []string{"page", "title", "per-page", "sections", "front", "large-print"}

// pdfOnly refuses the PDF flags given in a mode that makes no PDF.
func pdfOnly(cmd *cobra.Command, mode string) error {
	for _, name := range pdfFlags {
		if cmd.Flags().Changed(name) {
			return usageError("--%s applies to PDF books only (--format pdf), not to %s", name, mode)
		}
	}
	return nil
}

// checkGenerateFlags checks what runGenerate would otherwise take quietly:
// a --size and a --box that disagree, PDF flags without --format pdf, more
// puzzles per page than the size allows, and a --start that leaves no room
// for -n puzzles.
func checkGenerateFlags(cmd *cobra.Command) error {
	fl := cmd.Flags()
	format := flagString(cmd, "format")
	if format != "pdf" {
		if err := pdfOnly(cmd, "--format "+format); err != nil {
			return err
		}
	}
	shape, err := parseSize(flagString(cmd, "size"))
	if box := flagString(cmd, "box"); box != "" {
		bs, berr := grid.ParseShape(box)
		if berr != nil {
			return usageError("--box: %v", berr)
		}
		if fl.Changed("size") && (err != nil || shape.N() != bs.N()) {
			return usageError("--size %s does not match --box %s, which makes %dx%d grids", flagString(cmd, "size"), box, bs.N(), bs.N())
		}
		shape, err = bs, nil
	}
	if err != nil {
		return usageError("--size: %v", err)
	}
	if k, _ := fl.GetInt("per-page"); k > output.MaxPerPage(shape.N()) {
		n := shape.N()
		return usageError("--per-page %d: a page holds at most %d %dx%d puzzles", k, output.MaxPerPage(n), n, n)
	}
	return checkIndexRange(cmd)
}

// checkIndexRange makes sure that puzzle indexes --start to --start+n-1
// are whole numbers that do not wrap around.
func checkIndexRange(cmd *cobra.Command) error {
	start, _ := cmd.Flags().GetInt("start")
	count, _ := cmd.Flags().GetInt("count")
	if start >= 0 && count > 0 && start > math.MaxInt64-(count-1) {
		return usageError("--start %d -n %d: the last puzzle index would pass %d", start, count, int64(math.MaxInt64))
	}
	return nil
}

// fits refuses a --per-page that the largest of the puzzles cannot honour,
// rather than quietly printing fewer to a page.
func (f *bookFlags) fits(puzzles []output.Puzzle) error {
	n := 0
	for _, p := range puzzles {
		n = max(n, p.Grid.N())
	}
	if n > 0 && f.perPage > output.MaxPerPage(n) {
		return usageError("--per-page %d: a page holds at most %d %dx%d puzzles", f.perPage, output.MaxPerPage(n), n, n)
	}
	return nil
}
