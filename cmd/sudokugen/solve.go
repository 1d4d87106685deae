package main

import (
	"bufio"
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/verify"
)

type solveOptions struct {
	in    inputFlags
	pool  poolFlags
	json  bool
	quiet bool
	files []string
}

func newSolveCmd(s *streams) *cobra.Command {
	var opts solveOptions
	cmd := &cobra.Command{
		Use:   "solve [FILE...]",
		Short: "Print the solution of each puzzle",
		Long: `Solve reads puzzles from the files (or standard input, or "-") and prints the
solution of each on one line, in input order. A puzzle without exactly one
solution gets a comment line instead ("# puzzle 3: multiple: ..."), so line
i of the output still belongs to puzzle i; such puzzles make the exit status 1.
With --json, one object per puzzle as printed by verify --json.`,
		Example: `  sudokugen solve puzzles.txt
  echo '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79' | sudokugen solve`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.files = args
			return runSolve(cmd.Context(), s, opts)
		},
	}
	opts.in.register(cmd)
	opts.pool.register(cmd)
	cmd.Flags().BoolVar(&opts.json, "json", false, "print one JSON object per puzzle (JSON Lines)")
	cmd.Flags().BoolVarP(&opts.quiet, "quiet", "q", false, "no summary or progress on stderr")
	return cmd
}

func runSolve(ctx context.Context, s *streams, opts solveOptions) error {
	if err := opts.pool.validate(); err != nil {
		return err
	}
	ro, err := opts.in.readOptions()
	if err != nil {
		return err
	}
	pool, err := newPool(opts.pool, 64)
	if err != nil {
		return err
	}
	out := bufio.NewWriterSize(s.Out, 64<<10)
	sum := newSummary()
	prog := newProgress(s.Err, opts.quiet, "solved")
	rs := newRecords(opts.files, s.In, ro, opts.in.maxCount)
	err = checkAll(ctx, rs, pool, 2, func(c checked) error {
		sum.add(c.status())
		prog.tick(sum.total)
		if opts.json {
			return writeJSON(out, c)
		}
		if c.rec.Err == nil && c.err == nil && c.result.Status == verify.Unique {
			_, err := fmt.Fprintln(out, c.result.Solutions[0].String())
			return err
		}
		_, err := fmt.Fprintf(out, "# puzzle %d: %s\n", c.rec.Index+1, plainVerdict(c))
		return err
	})
	prog.done()
	return finish(s, out, sum, rs, opts.quiet, err)
}
