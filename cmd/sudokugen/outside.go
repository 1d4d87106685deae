package main

import (
	"context"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/sat"
	"github.com/sudokugen/sudokugen/verify"
	"github.com/sudokugen/sudokugen/worker"
)

// registerSolver adds --solver to verify and solve.
func (o *verifyOptions) registerSolver(cmd *cobra.Command) {
	cmd.Flags().StringVar(&o.solver, "solver", "", `prove unique and none with this outside SAT solver instead of gophersat, such as "cadical -q" (DIMACS on its input; exit 10 and v lines, or 20)`)
}

// checkOutside verifies every record in this process, one at a time, with
// the outside solver cmdline proving the verdicts; each outside run gets
// the pool's --timeout. Like checkAll, it reads with rs.read, so an input
// error ends the records and waits in rs.err.
func checkOutside(ctx context.Context, rs *records, opts verifyOptions, each func(verdict) error) error {
	defer rs.close()
	prover := sat.External{Command: strings.Fields(opts.solver)}
	for {
		rec, file, ok, err := rs.read()
		if err != nil || !ok {
			return err
		}
		var res worker.Result
		if rec.Err == nil {
			pctx, cancel := ctx, context.CancelFunc(func() {})
			if opts.pool.timeout > 0 {
				pctx, cancel = context.WithTimeout(ctx, opts.pool.timeout)
			}
			res.Verify = verify.CheckOutside(pctx, rec.Grid, verify.Options{CountLimit: opts.countLimit, Check: opts.checkSAT}, prover)
			cancel()
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		v := newVerdict(rec, file, res)
		v.alphabet = rs.opts.Alphabet
		if err := each(v); err != nil {
			return err
		}
	}
}
