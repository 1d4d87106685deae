package worker

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/grid"
)

// With the quick lane, a run of quick jobs ends while a slow job holds
// the pool's only general process; without it, the quick run waits for
// the slow job to end.
func TestQuickLane(t *testing.T) {
	for _, lane := range []bool{true, false} {
		p, dir := testPool(t, testConfig{workers: 1, faults: "0:hang", quickLane: lane})
		slow := Job{Index: 0, Kind: Verify, Grid: grid.New(grid.Shape{BoxRows: 4, BoxCols: 4}), CountLimit: 2, Timeout: 5 * time.Second}
		if light(slow) {
			t.Fatal("a 16x16 job is quick")
		}
		slowDone := make(chan error, 1)
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			slowDone <- p.Run(ctx, source([]Job{slow}), func(Result) error { return nil })
		}()
		// wait until the slow job holds the process
		for {
			if m, _ := filepath.Glob(filepath.Join(dir, "ran-*-0")); len(m) > 0 {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		quick := verifyJobs(3)
		for i := range quick {
			quick[i].Index = i + 1
			quick[i].Timeout = time.Minute // to the processes, not this one
		}
		res, err := runJobs(t, p, quick)
		slowEnded := false
		select {
		case <-slowDone:
			slowEnded = true
			if lane {
				t.Errorf("with the quick lane: the quick run waited for the slow job to end")
			}
		default:
			if !lane {
				t.Errorf("without the quick lane: the quick run ended while the slow job held the only process")
			}
		}
		if err != nil || len(res) != 3 || res[0].Err != nil || res[0].Verify.Count == 0 {
			t.Errorf("lane %v: the quick run: %v, %+v", lane, err, res)
		}
		cancel()
		if !slowEnded {
			<-slowDone
		}
	}
}
