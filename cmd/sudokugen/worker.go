package main

import (
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/worker"
)

func newWorkerCmd(s *streams) *cobra.Command {
	return &cobra.Command{
		Use:    "worker",
		Short:  "Serve the worker side of the process pool on stdin and stdout",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return serveWorker(s)
		},
	}
}

// serveWorker runs this process as a worker of a parent's pool.
func serveWorker(s *streams) error {
	// The parent decides when workers stop: Ctrl-C reaches the whole
	// process group, and the parent kills its workers itself.
	signal.Ignore(syscall.SIGINT)
	// Workers make short-lived garbage at a high rate and hold little:
	// collecting less often is a measured gain.
	debug.SetGCPercent(400)
	if err := worker.Serve(s.In, s.Out); err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	return nil
}
