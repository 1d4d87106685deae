package grid

// Facets that many kinds share, built from what tells them apart.

// variantNames returns the names facet of a kind whose rules has reports:
// variant, when r has any.
func variantNames(has func(r *Rules) bool, variant string) func(r *Rules, out []string) []string {
	return func(r *Rules, out []string) []string {
		if has(r) {
			out = append(out, variant)
		}
		return out
	}
}

// sentenceText returns the text facet of a kind whose rules has reports:
// sentence, when any of the puzzles has any.
func sentenceText(has func(r *Rules) bool, sentence string) func(all []Grid) []string {
	return func(all []Grid) []string {
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
func (in *fpIn) fpLines(what string, e fpEntry) ([][]int32, error) {
	var lines []jsonValue
	if err := decodeValue(e["lines"], &lines); err != nil {
		return nil, fpErr("%s: \"lines\": want an array of lines of cells, not %s", what, cutText(e["lines"]))
	}
	out := make([][]int32, 0, len(lines))
	for _, line := range lines {
		cs, err := in.cellList(what+": \"lines\"", line)
		if err != nil {
			return nil, err
		}
		out = append(out, cs)
	}
	return out, nil
}
