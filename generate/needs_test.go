package generate

import (
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/rate"
)

func TestParseNeed(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"x-wing", "X-wing", true},
		{"XWing", "X-wing", true},
		{"naked pair", "naked pair", true},
		{"naked-pair", "naked pair", true},
		{"XY-wing", "XY-wing", true},
		{"swordfish", "swordfish", true},
		{"Locked Candidates", "pointing or claiming", true},
		{"pointing", "pointing", true},
		{"magic", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		n, err := ParseNeed(tt.in)
		if (err == nil) != tt.ok || (err == nil && n.String() != tt.want) {
			t.Errorf("ParseNeed(%q) = %v, %v; want %q, ok %v", tt.in, n, err, tt.want, tt.ok)
		}
	}
}

// TestPuzzleNeeds makes puzzles that need each of five common techniques
// and requires a full rating of each to list it; with -short, a few.
func TestPuzzleNeeds(t *testing.T) {
	n := 50
	if testing.Short() {
		n = 3
	}
	for _, name := range []string{"locked candidates", "naked pair", "X-wing", "XY-wing", "swordfish"} {
		t.Run(name, func(t *testing.T) {
			need, err := ParseNeed(name)
			if err != nil {
				t.Fatal(err)
			}
			g := New()
			start := time.Now()
			for i := range n {
				p, err := g.Puzzle(5, i, Options{Shape: shape9, Needs: []Need{need}})
				if err != nil {
					t.Fatalf("Puzzle(5, %d, needs %v): %v", i, need, err)
				}
				r := rate.Puzzle(p.Grid, rate.Options{})
				if !met([]Need{need}, r) {
					t.Fatalf("Puzzle(5, %d, needs %v) = %s, rated %v without it", i, need, p.Grid, r.Counts)
				}
				checkUnique(t, p)
			}
			el := time.Since(start)
			t.Logf("%d puzzles in %v (%.1f/s)", n, el.Round(time.Millisecond), float64(n)/el.Seconds())
		})
	}
}
