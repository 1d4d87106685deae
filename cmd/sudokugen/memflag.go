package main

import (
	"github.com/spf13/pflag"

	"github.com/sudokugen/sudokugen/worker"
)

// defaultMaxMemory bounds each worker process: 192 MiB. The README's
// example pod has a limit of 512Mi for the server and its 2 workers; the
// server itself measured about 100 MiB under load, which leaves room for 2
// workers of 192 MiB. Classic grids up to 36x36 and the variants up to
// 9x9 stay far under it. What goes past it is a hard 16x16 variant whose
// SAT fallback keeps learning clauses in one solve that cannot be stopped
// (a 16x16 killer with random cages grew a worker by 36 MB/s); a hyper
// 16x16 fill needs about 130 MB of learned clauses and runs slower near
// the bound: give such runs more with --max-memory 1GiB.
const defaultMaxMemory = 192 << 20

// bytesFlag is a size in bytes given as 160MiB, 1GiB or a plain number.
type bytesFlag struct{ n *int64 }

func (f bytesFlag) String() string {
	if f.n == nil || *f.n == 0 {
		return "0"
	}
	return worker.FormatBytes(*f.n)
}

func (f bytesFlag) Set(s string) error {
	n, err := worker.ParseBytes(s)
	if err != nil {
		return err
	}
	*f.n = n
	return nil
}

func (bytesFlag) Type() string { return "size" }

// registerMaxMemory adds --max-memory, the bound of each worker process.
func registerMaxMemory(fl *pflag.FlagSet, n *int64) {
	*n = defaultMaxMemory
	fl.Var(bytesFlag{n}, "max-memory", "memory bound of each worker process, such as 160MiB or 1GiB (0: none); a job past it gives up, as one past --timeout does, and its worker is replaced")
}
