package rules

import "github.com/sudokugen/sudokugen/grid"

// Facets that many kinds share, built from what tells them apart.

// variantNames returns the names facet of a kind whose rules has reports:
// variant, when r has any.
func variantNames(has func(r *grid.Rules) bool, variant string) func(r *grid.Rules, out []string) []string {
	return func(r *grid.Rules, out []string) []string {
		if has(r) {
			out = append(out, variant)
		}
		return out
	}
}

// sentenceText returns the text facet of a kind whose rules has reports:
// sentence, when any of the puzzles has any.
func sentenceText(has func(r *grid.Rules) bool, sentence string) func(all []grid.Grid) []string {
	return func(all []grid.Grid) []string {
		for _, g := range all {
			if has(g.Rules) {
				return []string{sentence}
			}
		}
		return nil
	}
}

// fpLines reads the "lines" of the f-puzzles entry e, named what: an
// array of lines, each an array of cells.
func fpLines(in *grid.FPIn, what string, e grid.FPEntry) ([][]int32, error) {
	var lines []jsonValue
	if err := decodeValue(e["lines"], &lines); err != nil {
		return nil, grid.FPErrorf("%s: \"lines\": want an array of lines of cells, not %s", what, grid.CutText(e["lines"]))
	}
	out := make([][]int32, 0, len(lines))
	for _, line := range lines {
		cs, err := in.CellList(what+": \"lines\"", line)
		if err != nil {
			return nil, err
		}
		out = append(out, cs)
	}
	return out, nil
}
