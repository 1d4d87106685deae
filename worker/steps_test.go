package worker

import (
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/rate"
)

// TestMaxSteps checks that a Rate job with MaxSteps carries the first
// steps of the solve, in the same words as a rating here, and no more,
// whether it runs here or in a worker process.
func TestMaxSteps(t *testing.T) {
	g, err := formats.Parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	if err != nil {
		t.Fatal(err)
	}
	want := rate.Puzzle(g, rate.Options{Explain: true})
	const most = 5
	if len(want.Steps) <= most {
		t.Fatalf("the puzzle has %d steps, want more than %d", len(want.Steps), most)
	}
	for _, workers := range []int{0, 1} {
		p, _ := testPool(t, testConfig{workers: workers})
		jobs := []Job{
			{Index: 0, Kind: Rate, Grid: g, Rate: rate.Options{Explain: true}, MaxSteps: most},
			{Index: 1, Kind: Rate, Grid: g, Rate: rate.Options{Explain: true}},
		}
		res, err := runJobs(t, p, jobs)
		if err != nil {
			t.Fatal(err)
		}
		capped, whole := res[0].Rating, res[1].Rating
		if len(capped.Steps) != most || len(whole.Steps) != len(want.Steps) {
			t.Fatalf("workers %d: %d and %d steps, want %d and %d", workers, len(capped.Steps), len(whole.Steps), most, len(want.Steps))
		}
		if capped.StepCount() != len(want.Steps) {
			t.Errorf("workers %d: StepCount %d, want %d", workers, capped.StepCount(), len(want.Steps))
		}
		for i, st := range capped.Steps {
			if st.String() != want.Steps[i].String() {
				t.Errorf("workers %d: step %d %q, want %q", workers, i+1, st, want.Steps[i])
			}
		}
	}
}
