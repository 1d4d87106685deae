package worker

import (
	"slices"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/verify"
)

// A Candidates job gives the same answer in a worker process as in this
// one, its error included.
func TestCandidatesJob(t *testing.T) {
	several, err := grid.Parse(".........9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1....")
	if err != nil {
		t.Fatal(err)
	}
	clash := several.Clone()
	clash.Cells[0] = 9
	want := verify.New().Candidates(t.Context(), several, verify.CandidateOptions{CountLimit: 10})
	for _, workers := range []int{0, 1} {
		p, _ := testPool(t, testConfig{workers: workers})
		res, err := runJobs(t, p, []Job{{Kind: Candidates, Grid: several, CountLimit: 10}, {Index: 1, Kind: Candidates, Grid: clash, CountLimit: 10}})
		if err != nil || len(res) != 2 {
			t.Fatalf("%d workers: %d results, %v", workers, len(res), err)
		}
		got := res[0].Candidates
		if got.Status != want.Status || got.Count != want.Count || !slices.Equal(got.Masks, want.Masks) || !slices.Equal(got.Out, want.Out) || len(got.Solutions) != 2 {
			t.Errorf("%d workers: %v %d %x, want %v %d %x", workers, got.Status, got.Count, got.Masks, want.Status, want.Count, want.Masks)
		}
		bad := res[1].Candidates
		if bad.Status != verify.Invalid || bad.Err == nil || !strings.Contains(bad.Err.Error(), "repeats") {
			t.Errorf("%d workers: a clash gives %v, %v", workers, bad.Status, bad.Err)
		}
	}
}
