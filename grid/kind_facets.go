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
