package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// Exit codes.
const (
	exitOK     = 0   // every puzzle unique, or the job done
	exitNotOK  = 1   // some puzzle is not unique (or timed out, or failed)
	exitUsage  = 2   // a usage or I/O error
	exitSignal = 128 // plus the number of the signal that ended the run
)

// streams are the standard streams of one run, replaced by buffers in tests.
type streams struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
}

// exitError carries an exit code out of a command. A nil err means the
// command already reported what went wrong.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit code %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// usageError marks an error in the command line.
func usageError(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

func newRootCmd(s *streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "sudokugen",
		Short: "Generate, verify, solve and print Sudoku puzzles with exactly one solution",
		Long: `sudokugen generates Sudoku puzzles that have exactly one solution, verifies
that puzzles from elsewhere have exactly one solution, solves them, writes
their SAT encoding as DIMACS CNF, and prints them as text or PDF books.

A puzzle is unique when, with its solution found, the CNF that forbids that
solution is proved unsatisfiable: by unit propagation, by a candidate search
run to its end (a case split that unit propagation refutes branch by
branch), or by a SAT solver. verify --proof writes each proof as DRAT for
any checker, and verify --check sat proves each verdict again with the SAT
solver.`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
		// Flags that contradict each other fail before any work.
		PersistentPreRunE: checkFlags,
	}
	root.SetIn(s.In)
	root.SetOut(s.Out)
	root.SetErr(s.Err)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &exitError{code: exitUsage, err: fmt.Errorf("%w (see '%s --help')", err, c.CommandPath())}
	})
	root.AddCommand(
		newSolveCmd(s),
		newVerifyCmd(s),
		newCandidatesCmd(s),
		newGivensCmd(s),
		newCNFCmd(s),
		newModelCmd(s),
		newGenerateCmd(s),
		newBookCmd(s),
		newRateCmd(s),
		newCanonCmd(s),
		newWorkerCmd(s),
		newServeCmd(s),
	)
	return root
}

// run executes the command line args and returns the exit code.
func run(ctx context.Context, args []string, s *streams) int {
	runCtx, s, readerGone, stop := guardOutput(ctx, s)
	defer stop()
	root := newRootCmd(s)
	root.SetArgs(args)
	err := root.ExecuteContext(runCtx)
	if readerGone() {
		return exitClosedPipe // quietly, as a filter stopped by SIGPIPE
	}
	if err == nil {
		return exitOK
	}
	var ee *exitError
	isExit := errors.As(err, &ee)
	if ctx.Err() != nil {
		// A command that said what the interruption left behind has
		// reported it already.
		if !isExit || ee.err != nil {
			fmt.Fprintln(s.Err, "sudokugen: interrupted")
		}
		return signalCode(ctx)
	}
	if isExit {
		if ee.err != nil {
			fmt.Fprintf(s.Err, "sudokugen: %v\n", ee.err)
		}
		return ee.code
	}
	// cobra's own errors (unknown command, bad arguments) are usage errors.
	fmt.Fprintf(s.Err, "sudokugen: %v\n", err)
	return exitUsage
}

// signalError is the cause of a run stopped by a signal.
type signalError struct{ sig os.Signal }

func (e *signalError) Error() string { return e.sig.String() }

// signalCode is the exit code of a run that ctx stopped: 128 plus the
// signal's number, as a shell reports it (130 for SIGINT, 143 for SIGTERM).
func signalCode(ctx context.Context) int {
	var se *signalError
	if errors.As(context.Cause(ctx), &se) {
		if n, ok := se.sig.(syscall.Signal); ok {
			return exitSignal + int(n)
		}
	}
	return exitSignal + int(syscall.SIGINT)
}
