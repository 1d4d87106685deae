package grid

import "fmt"

// Malformed says why g cannot be a puzzle at all, or nil when it can: a
// shape out of range (jigsaw regions let a prime size go without boxes),
// the wrong number of cells, or a digit out of range. The SAT encoding,
// the searches and the writers take these for granted; rules that do not
// hold and clashing givens are for Rules.Validate and Clashes to say.
func (g Grid) Malformed() error {
	if err := g.Shape.ValidateWith(g.Rules); err != nil {
		return err
	}
	n := g.N()
	if len(g.Cells) != g.Shape.Cells() {
		return fmt.Errorf("%d cells for a %dx%d grid, want %d", len(g.Cells), n, n, g.Shape.Cells())
	}
	for i, d := range g.Cells {
		if int(d) > n {
			return fmt.Errorf("%s holds %d, more than %d", Cell{Row: i / n, Col: i % n}, d, n)
		}
	}
	return nil
}
