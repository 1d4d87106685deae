//go:build pprof

package main

import (
	"fmt"
	"os"
	"runtime/pprof"
)

// A build with -tags pprof writes a CPU profile of every process, the
// workers included, when SUDOKUGEN_CPUPROFILE names a file prefix: the
// parent's to PREFIX.main, each worker's to PREFIX.worker.PID. Merge them
// with go tool pprof -top BINARY PREFIX.*.
func init() {
	prefix := os.Getenv("SUDOKUGEN_CPUPROFILE")
	if prefix == "" {
		return
	}
	name := prefix + ".main"
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		name = fmt.Sprintf("%s.worker.%d", prefix, os.Getpid())
	}
	f, err := os.Create(name)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sudokugen: cpu profile:", err)
		return
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintln(os.Stderr, "sudokugen: cpu profile:", err)
		f.Close()
		return
	}
	stopProfile = func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}
