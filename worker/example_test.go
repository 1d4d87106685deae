package worker_test

import (
	"context"
	"fmt"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/worker"
)

func ExamplePool() {
	// With no Command the jobs run in this process; the command line gives
	// a Command that starts this executable as a worker.
	pool := worker.New(worker.Config{Workers: 0})
	defer pool.Close()

	puzzles := []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		".................................................................................",
	}
	i := 0
	next := func() (worker.Job, bool, error) {
		if i == len(puzzles) {
			return worker.Job{}, false, nil
		}
		g, err := formats.Parse(puzzles[i])
		i++
		return worker.Job{Index: i - 1, Kind: worker.Verify, Grid: g, CountLimit: 2}, true, err
	}
	err := pool.Run(context.Background(), next, func(r worker.Result) error {
		fmt.Println(r.Index, r.Verify.Status, r.Err)
		return nil
	})
	fmt.Println(err)
	// Output:
	// 0 unique <nil>
	// 1 multiple <nil>
	// <nil>
}
