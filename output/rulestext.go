package output

import (
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// variantTitle names the variant of rules r for a heading: "Classic",
// "Killer", "Jigsaw + X" (each kind titles its names: grid.VariantTitle).
func variantTitle(r *grid.Rules) string {
	names := r.Names()
	if len(names) == 0 {
		return "Classic"
	}
	titles := make([]string, len(names))
	for i, n := range names {
		titles[i] = grid.VariantTitle(n)
	}
	return strings.Join(titles, " + ")
}

// rulesText is the paragraph that heads a section of the puzzles all:
// what the grid asks, and each of their rules in plain words and by the
// mark it has on the page (each kind says its own: grid.RulesText).
func rulesText(all []grid.Grid) string { return grid.RulesText(all) }
