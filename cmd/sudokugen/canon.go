package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/canon"
	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
)

type canonOptions struct {
	in       inputFlags
	output   string
	original bool
	files    []string
}

func newCanonCmd(s *streams) *cobra.Command {
	var opts canonOptions
	cmd := &cobra.Command{
		Use:   "canon [FILE...]",
		Short: "Print the canonical form of each puzzle, to find puzzles that are the same",
		Long: `Canon reads puzzles from the files (or standard input, or "-") and prints the
canonical form of each on one line, in input order. Two puzzles have the
same form exactly when one becomes the other by relabelling the digits,
swapping rows within a band, swapping bands, the same for columns and
stacks, and (for square boxes) transposing. So "sort -u" on the output
counts the distinct puzzles of a collection.

The form is the equivalent puzzle that reads first, empty cells before
clues and then digits numbered in order of appearance. With --original
each line also has a tab and the puzzle as read, to keep one of each.
A record that cannot be read is reported on standard error with its
place, and makes the exit status 1.`,
		Example: `  sudokugen canon volume1.txt volume2.txt | sort | uniq -d    # puzzles in both
  sudokugen canon --original puzzles.txt | sort -u -k1,1 | cut -f2   # one of each`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.files = args
			return runCanon(cmd.Context(), s, opts)
		},
	}
	opts.in.register(cmd)
	fl := cmd.Flags()
	fl.StringVarP(&opts.output, "output", "o", "", "write to this file instead of standard output")
	fl.BoolVar(&opts.original, "original", false, "after each form, a tab and the puzzle as read")
	return cmd
}

func runCanon(ctx context.Context, s *streams, opts canonOptions) error {
	ro, err := opts.in.readOptions()
	if err != nil {
		return err
	}
	bad := 0
	rs := newRecords(opts.files, s.In, ro, opts.in.maxCount)
	defer rs.close()
	err = writeOutput(opts.output, s.Out, func(w *bufio.Writer) error {
		for {
			if err := ctx.Err(); err != nil {
				return err
			}
			rec, file, ok, err := rs.next()
			if err != nil || !ok {
				return err
			}
			if rec.Err != nil {
				bad++
				fmt.Fprintf(s.Err, "sudokugen: %s\n", recordError(file, rec))
				continue
			}
			f, err := canon.Form(rec.Grid)
			if err != nil {
				bad++
				fmt.Fprintf(s.Err, "sudokugen: %s:%d: %v\n", file, rec.Line, err)
				continue
			}
			a := alphabetFor(ro, f.N())
			w.Write(f.AppendFormat(nil, a))
			if opts.original {
				w.WriteByte('\t')
				w.Write(rec.Grid.AppendFormat(nil, a))
			}
			w.WriteByte('\n')
		}
	})
	if err != nil {
		return err
	}
	rs.sayEmpty(s.Err)
	if bad > 0 {
		return &exitError{code: exitNotOK, err: fmt.Errorf("%d records could not be put in canonical form", bad)}
	}
	return nil
}

// recordError describes a record that could not be read, with its place.
func recordError(file string, rec formats.Record) string {
	var pe *grid.ParseError
	if errors.As(rec.Err, &pe) {
		return pe.Error()
	}
	return fmt.Sprintf("%s:%d: %v", file, rec.Line, rec.Err)
}

// alphabetFor returns the symbols to print a grid of size n with.
func alphabetFor(ro formats.ReadOptions, n int) grid.Alphabet {
	if ro.Alphabet != nil && ro.Alphabet.Size() == n {
		return *ro.Alphabet
	}
	return grid.DefaultAlphabet(n)
}
