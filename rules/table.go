package rules

import "github.com/sudokugen/sudokugen/grid"

// The kinds, in the order of the table: it fixes the order of
// Rules.Names, of the fields of the JSON form, of the clauses and of the
// propagation tables, so a new kind goes at the end.
func init() {
	grid.Register(
		jigsawKind,
		groupKind,
		cageKind,
		parityKind,
		kropkiKind,
		xvKind,
		thermoKind,
		antiKingKind,
		antiKnightKind,
		pencilMarkKind,
		nonconsecutiveKind,
		whispersKind,
		renbanKind,
		palindromeKind,
		betweenLineKind,
		entropicLineKind,
		modularLineKind,
		nabnerKind,
		slowThermometerKind,
		cloneKind,
		minMaxKind,
		quadrupleKind,
		negativeKind,
		indexerKind,
		arrowKind,
		littleKillerKind,
		sandwichKind,
		regionSumLineKind,
		zipperKind,
		xsumKind,
		skyscraperKind,
		doubleArrowKind,
	)
}
