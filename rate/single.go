package rate

// Single reports whether s places a digit by a single (a full house, a
// hidden single in a unit or a group, a naked single): the steps a
// printed solving path counts rather than spells out.
func (s Step) Single() bool { return s.Place != nil && s.Technique.Single() }

// Single reports whether t places a digit by a single (see Step.Single).
func (t Technique) Single() bool {
	switch t {
	case FullHouse, HiddenSingleBox, HiddenSingleLine, HiddenSingleGroup, NakedSingle:
		return true
	}
	return false
}

// StepCount returns the number of steps of the solve that r rates, all
// of them whether or not Steps holds them: the sum of Counts.
func (r Result) StepCount() int {
	n := 0
	for _, c := range r.Counts {
		n += c.Count
	}
	return n
}
