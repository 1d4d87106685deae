// Command sudokugen generates, verifies, solves and prints Sudoku puzzles.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	// A closed standard output (sudokugen ... | head -1) should end the run
	// with a message, not kill it silently: with SIGPIPE caught, writes to
	// the closed pipe fail with EPIPE, which the commands report.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], &streams{In: os.Stdin, Out: os.Stdout, Err: os.Stderr})
	stop()
	os.Exit(code)
}
