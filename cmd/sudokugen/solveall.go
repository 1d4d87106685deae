package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/verify"
	"github.com/sudokugen/sudokugen/worker"
)

// registerAll adds solve's --all and --any.
func (o *verifyOptions) registerAll(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&o.all, "all", false, "print every solution, one per line, up to --count-limit (default 1000; 0 for no limit)")
	cmd.Flags().BoolVar(&o.any, "any", false, "print a solution of a puzzle that has several, not a comment")
	cmd.Flags().IntVar(&o.countLimit, "count-limit", 2, "with --all, the most solutions printed per puzzle")
}

// runSolveAll prints every solution of each puzzle, in this process, one
// per line; the number of each puzzle's solutions goes to stderr unless
// --quiet. The exit status is 1 when a puzzle has no solution, is invalid
// or runs past --timeout. The search holds one solution at a time and
// stops within a few thousand nodes of its context's end: --timeout per
// puzzle, Ctrl-C, SIGTERM.
func runSolveAll(ctx context.Context, s *streams, opts verifyOptions, limitSet bool) error {
	if opts.json {
		return usageError("--all prints solutions, not JSON")
	}
	limit := opts.countLimit
	if !limitSet {
		limit = 1000
	}
	if limit < 0 {
		return usageError("--count-limit must not be negative")
	}
	if err := opts.pool.validate(); err != nil {
		return err
	}
	ro, err := opts.in.readOptions()
	if err != nil {
		return err
	}
	rs := newRecords(opts.files, s.In, ro, opts.in.maxCount)
	defer rs.close()
	bad := 0
	err = writeRecords(opts.output, s.Out, func(commit func() error, out io.Writer) error {
		for {
			rec, file, ok, err := rs.next()
			if err != nil || !ok {
				return err
			}
			if rec.Err != nil {
				bad++
				fmt.Fprintf(s.Err, "sudokugen: %s\n", plainVerdict(newVerdict(rec, file, worker.Result{})))
				continue
			}
			printed := 0
			v := verdict{alphabet: ro.Alphabet}
			pctx, cancel := ctx, context.CancelFunc(func() {})
			if opts.pool.timeout > 0 {
				pctx, cancel = context.WithTimeout(ctx, opts.pool.timeout)
			}
			n, all, err := verify.Each(pctx, rec.Grid, limit, func(g grid.Grid) error {
				if _, err := fmt.Fprintln(out, v.format(g)); err != nil {
					return err
				}
				if printed++; printed%256 == 0 {
					return commit() // memory stays bounded however many
				}
				return nil
			})
			timedOut := pctx.Err() != nil
			cancel()
			if err != nil && !errors.Is(err, verify.ErrDisagree) {
				if ctx.Err() != nil {
					return err
				}
				bad++
				if timedOut {
					fmt.Fprintf(s.Err, "sudokugen: %s:%d: timeout: timed out after %v with %d %s printed (there may be more)\n",
						file, rec.Line, opts.pool.timeout, n, plural(n, "solution", "solutions"))
				} else {
					fmt.Fprintf(s.Err, "sudokugen: %s:%d: %v\n", file, rec.Line, err)
				}
				if err := commit(); err != nil {
					return err
				}
				continue
			}
			if n == 0 {
				bad++
			}
			if !opts.quiet {
				more := ""
				if !all {
					more = " (stopped at --count-limit; there may be more)"
				}
				noun := "solutions"
				if n == 1 {
					noun = "solution"
				}
				fmt.Fprintf(s.Err, "sudokugen: %s:%d: %d %s%s\n", file, rec.Line, n, noun, more)
			}
			if err := commit(); err != nil {
				return err
			}
		}
	})
	if err != nil {
		return err
	}
	return rs.verdict(s.Err, bad)
}
