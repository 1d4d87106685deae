package output

import (
	"slices"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// variantTitle names the variant of rules r for a heading: "Classic",
// "Killer", "Jigsaw + X" (each kind titles its names: grid.VariantTitle).
// Each kind is named once: a title that another one opens, as "Kropki"
// opens "Kropki (all black dots given)", the title of kropki's negative
// constraint, which says the dots are there, is left out.
func variantTitle(r *grid.Rules) string {
	names := r.Names()
	if len(names) == 0 {
		return "Classic"
	}
	titles := make([]string, len(names))
	for i, n := range names {
		titles[i] = grid.VariantTitle(n)
	}
	var out []string
	for _, t := range titles {
		opens := func(u string) bool { return strings.HasPrefix(u, t+" ") }
		if !slices.Contains(out, t) && !slices.ContainsFunc(titles, opens) {
			out = append(out, t)
		}
	}
	return strings.Join(out, " + ")
}

// rulesText is the paragraph that heads a section of the puzzles all:
// what the grid asks, and each of their rules in plain words and by the
// mark it has on the page (each kind says its own: grid.RulesText).
func rulesText(all []grid.Grid) string { return grid.RulesText(all) }
