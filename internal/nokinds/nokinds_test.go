// Package nokinds_test is a program that reads puzzles and forgot to
// import package rules: it must refuse variants loudly, not read them as
// classic puzzles.
package nokinds_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
)

func TestReadWithoutKinds(t *testing.T) {
	if grid.Registered() {
		t.Fatal("kinds registered in a test that does not import rules")
	}
	killer := `{"puzzle":"` + strings.Repeat(".", 81) + `","rules":{"cages":[{"cells":["r1c1","r1c2"],"sum":3}]}}`
	row := `[` + strings.TrimSuffix(strings.Repeat(`{},`, 9), ",") + `]`
	fp := `{"size":9,"grid":[` + strings.TrimSuffix(strings.Repeat(row+",", 9), ",") + `],"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]}`
	for _, in := range []string{killer, fp} {
		if _, err := formats.Parse(in); !errors.Is(err, grid.ErrNoKinds) {
			t.Errorf("Parse(%.40s...) = %v, want ErrNoKinds", in, err)
		}
	}
	if _, err := formats.Parse(strings.Repeat(".", 81)); err != nil {
		t.Errorf("a classic puzzle: %v", err)
	}
}
