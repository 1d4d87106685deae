// Command sudokugen generates, verifies, solves and prints Sudoku puzzles.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	// the kinds of variant rules, which the readers and generate need
	_ "github.com/sudokugen/sudokugen/rules"
)

func main() {
	// A closed standard output (sudokugen ... | head -1) ends the run
	// quietly, but through its own code, which stops the workers and
	// cleans up: with SIGPIPE caught, writes to the closed pipe fail with
	// EPIPE, which run sees (pipe.go).
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	ctx, stop := signalContext()
	code := run(ctx, os.Args[1:], &streams{In: os.Stdin, Out: os.Stdout, Err: os.Stderr})
	stop()
	stopProfile()
	os.Exit(code)
}

// signalContext returns a context that SIGINT or SIGTERM cancels, with the
// signal as its cause. A second signal gets the default action: it ends
// the process at once.
func signalContext() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case sig := <-sigs:
			signal.Stop(sigs)
			cancel(&signalError{sig: sig})
		case <-ctx.Done():
		}
	}()
	return ctx, func() { signal.Stop(sigs); cancel(nil) }
}
