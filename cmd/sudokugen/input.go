package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
)

// inputFlags are the flags of every command that reads puzzles.
type inputFlags struct {
	size     string // "", "9", "16", or a box shape "2x3"
	box      string
	alphabet string
	maxLine  int
	maxCount int
}

func (f *inputFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.size, "size", "", "grid size (4 to 36) when it cannot be told from the cell count")
	fl.StringVar(&f.box, "box", "", "box shape RxC, such as 2x3 for 6x6 or 3x4 for 12x12 (default: square, or nearest to square)")
	fl.StringVar(&f.alphabet, "alphabet", "", "symbols for the digits in order, such as 0-9A-F for 16x16 (default 1-9 then A-Z)")
	fl.IntVar(&f.maxLine, "max-line", 1<<20, "longest input line in bytes; a longer line is reported as a bad record")
	fl.IntVar(&f.maxCount, "max-puzzles", 10_000_000, "most puzzles read from one input; past it the run stops with an error (0: no limit)")
}

// readOptions turns the flags into formats.ReadOptions.
func (f *inputFlags) readOptions() (formats.ReadOptions, error) {
	var opts formats.ReadOptions
	if f.maxLine < 1 {
		return opts, usageError("--max-line must be at least 1")
	}
	if f.maxCount < 0 {
		return opts, usageError("--max-puzzles must not be negative")
	}
	opts.MaxLineBytes = f.maxLine
	switch {
	case f.box != "":
		sh, err := grid.ParseShape(f.box)
		if err != nil {
			return opts, usageError("--box: %v", err)
		}
		if f.size != "" {
			n, err := parseSize(f.size)
			if err != nil || n.N() != sh.N() {
				return opts, usageError("--size %s does not match --box %s (size %d)", f.size, f.box, sh.N())
			}
		}
		opts.Shape = sh
	case f.size != "":
		sh, err := parseSize(f.size)
		if err != nil {
			return opts, usageError("--size: %v", err)
		}
		opts.Shape = sh
	}
	if f.alphabet != "" {
		a, err := grid.ParseAlphabet(f.alphabet)
		if err != nil {
			return opts, usageError("--alphabet: %v", err)
		}
		if opts.Shape.N() != 0 && a.Size() != opts.Shape.N() {
			return opts, usageError("--alphabet has %d symbols, but the grid has %d digits", a.Size(), opts.Shape.N())
		}
		if opts.Shape.N() == 0 {
			sh, err := grid.RegionShape(a.Size())
			if err != nil {
				return opts, usageError("--alphabet: %v", err)
			}
			opts.Shape = sh
		}
		opts.Alphabet = &a
	}
	return opts, nil
}

// records reads puzzle records from the named files in turn ("-" or no
// name: standard input), numbering them across files.
type records struct {
	names []string
	stdin io.Reader
	opts  formats.ReadOptions
	cur   *formats.Reader
	file  *os.File
	name  string
	index int
	empty []string // inputs that held no puzzle
	held  error    // the input error read met, returned by err once the records before it are done
	count int      // records in the current input
	max   int      // most records read from one input; 0 for no limit
}

func newRecords(names []string, stdin io.Reader, opts formats.ReadOptions, maxCount int) *records {
	if len(names) == 0 {
		names = []string{"-"}
	}
	return &records{names: names, stdin: stdin, opts: opts, max: maxCount}
}

// next returns the next record, false at the end of the last input, or an
// I/O error (a file that cannot be opened or read).
func (rs *records) next() (formats.Record, string, bool, error) {
	for {
		if rs.cur == nil {
			if len(rs.names) == 0 {
				return formats.Record{}, "", false, nil
			}
			rs.name, rs.names = rs.names[0], rs.names[1:]
			var r io.Reader = rs.stdin
			display := "<stdin>"
			if rs.name != "-" {
				f, err := os.Open(rs.name)
				if err != nil {
					return formats.Record{}, "", false, &exitError{code: exitUsage, err: err}
				}
				rs.file, r, display = f, f, rs.name
			}
			rs.cur = formats.NewReader(r, display, rs.opts)
			rs.count = 0
		}
		rec, err := rs.cur.Read()
		if err == nil && rs.max > 0 && rs.count == rs.max {
			return formats.Record{}, "", false, &exitError{code: exitUsage,
				err: fmt.Errorf("%s: more than %d puzzles; stopped after them (--max-puzzles sets the limit)", rs.display(), rs.max)}
		}
		if err == nil {
			rec.Index = rs.index
			rs.index++
			rs.count++
			return rec, rs.display(), true, nil
		}
		if !errors.Is(err, io.EOF) {
			return formats.Record{}, "", false, &exitError{code: exitUsage, err: fmt.Errorf("read %s: %w", rs.display(), err)}
		}
		if rs.count == 0 {
			rs.empty = append(rs.empty, rs.display())
		}
		rs.close()
	}
}

// read is next for a run that finishes the records read so far when an
// input fails (a file that cannot be opened, --max-puzzles passed): it
// ends the records there and holds the error, which err returns.
func (rs *records) read() (formats.Record, string, bool, error) {
	if rs.held != nil {
		return formats.Record{}, "", false, nil
	}
	rec, file, ok, err := rs.next()
	if err != nil {
		rs.held = err
		rs.names = nil
		rs.close()
		return formats.Record{}, "", false, nil
	}
	return rec, file, ok, nil
}

// err returns the input error that ended read, nil when none did.
func (rs *records) err() error { return rs.held }

// sayEmpty names on w each input that held no puzzle.
func (rs *records) sayEmpty(w io.Writer) {
	for _, name := range rs.empty {
		fmt.Fprintf(w, "sudokugen: %s: no puzzles found\n", name)
	}
}

// verdict names on w each input that held no puzzle, and returns the exit
// of a command that counted bad puzzles (not read, or not as it wants
// them): exitNotOK when there were any, or inputs without puzzles.
func (rs *records) verdict(w io.Writer, bad int) error {
	rs.sayEmpty(w)
	if bad > 0 || len(rs.empty) > 0 {
		return &exitError{code: exitNotOK}
	}
	return nil
}

func (rs *records) display() string {
	if rs.name == "-" {
		return "<stdin>"
	}
	return rs.name
}

func (rs *records) close() {
	if rs.file != nil {
		rs.file.Close()
		rs.file = nil
	}
	rs.cur = nil
}

// listing holds the flags of the commands that print one record per
// puzzle: verify, solve and rate.
type listing struct {
	json   bool
	quiet  bool
	output string
}

func (l *listing) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.BoolVar(&l.json, "json", false, "print one JSON object per puzzle (JSON Lines)")
	fl.BoolVarP(&l.quiet, "quiet", "q", false, "no summary or progress on stderr")
	fl.StringVarP(&l.output, "output", "o", "", "write to this file instead of standard output")
}

// parseSize reads --size: the shapes grid.ParseShape takes, and for a
// prime size (5, 7, 11...) the shape without boxes that only jigsaws have;
// whatever needs boxes refuses it later, saying so.
func parseSize(s string) (grid.Shape, error) {
	sh, err := grid.ParseShape(s)
	if errors.Is(err, grid.ErrNoBoxes) {
		if n, aerr := strconv.Atoi(strings.TrimSpace(s)); aerr == nil {
			return grid.RegionShape(n)
		}
	}
	return sh, err
}
