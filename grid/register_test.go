package grid_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
)

// A variant read while no kind is registered fails, and says what to
// import; a classic puzzle still reads.
func TestReadWithoutKinds(t *testing.T) {
	killer := `{"puzzle":"` + strings.Repeat(".", 81) + `","rules":{"cages":[{"cells":["r1c1","r1c2"],"sum":3}]}}`
	fp := `{"size":9,"grid":[` + strings.TrimSuffix(strings.Repeat(`[`+strings.TrimSuffix(strings.Repeat(`{},`, 9), ",")+`],`, 9), ",") + `],"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]}`
	grid.WithoutKinds(func() {
		if grid.Registered() {
			t.Fatal("Registered() with the table empty")
		}
		for _, in := range []string{killer, fp} {
			_, err := formats.Parse(in)
			if !errors.Is(err, grid.ErrNoKinds) {
				t.Errorf("Parse(%.40s...) = %v, want ErrNoKinds", in, err)
			}
		}
		if _, err := formats.Parse(strings.Repeat(".", 81)); err != nil {
			t.Errorf("a classic puzzle: %v", err)
		}
	})
	if !grid.Registered() {
		t.Fatal("no kinds registered in a test binary that imports rules")
	}
}
