package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

func newSolveCmd(s *streams) *cobra.Command {
	opts := verifyOptions{io: s, solve: true, countLimit: 2}
	cmd := &cobra.Command{
		Use:   "solve [FILE...]",
		Short: "Print the solution of each puzzle",
		Long: `Solve reads puzzles from the files (or standard input, or "-") and prints the
solution of each on one line, in input order. A puzzle without exactly one
solution gets a comment line instead ("# puzzle 3: multiple: ..."), so line
i of the output still belongs to puzzle i; such puzzles make the exit status 1.
With --any, a puzzle with several solutions gets the first one found instead.
With --json, one object per puzzle as printed by verify --json.

With --all, every solution of each puzzle is printed, one per line, up to
--count-limit per puzzle (default 1000, 0 for no limit), in a fixed order;
the number of solutions of each puzzle goes to standard error.`,
		Example: `  sudokugen solve puzzles.txt
  echo '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79' | sudokugen solve
  sudokugen solve --all --count-limit 0 --size 4 empty4x4.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.files = args
			if opts.all {
				return runSolveAll(cmd.Context(), s, opts, cmd.Flags().Changed("count-limit"))
			}
			if opts.countLimit < 2 {
				opts.countLimit = 2
			}
			return runVerify(cmd.Context(), opts)
		},
	}
	opts.in.register(cmd)
	opts.pool.register(cmd)
	opts.listing.register(cmd)
	opts.registerSolver(cmd)
	opts.registerAll(cmd)
	return cmd
}

// writeSolution writes the solve command's line for one puzzle: its
// solution (with any, the first of several), or a comment saying why there
// is none, so that line i of the output still belongs to puzzle i.
func writeSolution(w io.Writer, c verdict, any bool) error {
	if c.status == "unique" || any && c.status == "multiple" {
		_, err := fmt.Fprintln(w, c.format(c.result.Solutions[0]))
		return err
	}
	_, err := fmt.Fprintf(w, "# puzzle %d: %s\n", c.rec.Index+1, plainVerdict(c))
	return err
}
