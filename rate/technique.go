package rate

// Technique is a solving technique of the logical solver. Techniques are
// ordered from easiest to hardest, in the order the solver tries them.
type Technique int

// The techniques, in the order the solver tries them.
const (
	FullHouse Technique = iota
	HiddenSingleBox
	HiddenSingleLine
	DirectPointing
	DirectClaiming
	DirectHiddenPair
	NakedSingle
	DirectHiddenTriple
	Pointing
	Claiming
	NakedPair
	XWing
	HiddenPair
	NakedTriple
	Swordfish
	HiddenTriple
	TurbotFish
	XYWing
	XYZWing
	UniqueRectangle
	NakedQuad
	Jellyfish
	HiddenQuad
	StrongLinkChain
	WXYZWing
	BUG
	VWXYZWing
	AlignedPairExclusion
	XCycle
	XYCycle
	XChain
	AlignedTripleExclusion
	AICLoop
	XYChain
	AIC
	NishioForcingChain
	CellForcingChain
	UnitForcingChain
	DynamicForcingChain
	TrialAndError
	// The techniques that only the logical solve of variant puzzles uses
	// (see variant.go), besides the singles, locked candidates and subsets
	// above, which it applies to the extra units and groups too.
	HiddenSingleGroup
	RuleLink
	CageCombination
	LockedGroup
	Rule45
	RuleTrial
	Contradiction
	SumBounds
	LineSets
	ClueFact
	numTechniques
)

var techNames = [numTechniques]string{
	FullHouse:              "full house",
	HiddenSingleBox:        "hidden single in a box",
	HiddenSingleLine:       "hidden single in a line",
	DirectPointing:         "direct pointing",
	DirectClaiming:         "direct claiming",
	DirectHiddenPair:       "direct hidden pair",
	NakedSingle:            "naked single",
	DirectHiddenTriple:     "direct hidden triple",
	Pointing:               "pointing",
	Claiming:               "claiming",
	NakedPair:              "naked pair",
	XWing:                  "X-wing",
	HiddenPair:             "hidden pair",
	NakedTriple:            "naked triple",
	Swordfish:              "swordfish",
	HiddenTriple:           "hidden triple",
	TurbotFish:             "turbot fish",
	StrongLinkChain:        "strong-link chain",
	XYWing:                 "XY-wing",
	XYZWing:                "XYZ-wing",
	UniqueRectangle:        "unique rectangle",
	NakedQuad:              "naked quad",
	Jellyfish:              "jellyfish",
	HiddenQuad:             "hidden quad",
	WXYZWing:               "WXYZ-wing",
	VWXYZWing:              "VWXYZ-wing",
	AlignedTripleExclusion: "aligned triple exclusion",
	BUG:                    "bivalue universal grave",
	AlignedPairExclusion:   "aligned pair exclusion",
	XCycle:                 "X-cycle",
	XYCycle:                "XY-cycle",
	XChain:                 "X-chain",
	AICLoop:                "AIC loop",
	XYChain:                "XY-chain",
	AIC:                    "alternating inference chain",
	NishioForcingChain:     "nishio forcing chain",
	CellForcingChain:       "cell forcing chain",
	UnitForcingChain:       "unit forcing chain",
	DynamicForcingChain:    "dynamic forcing chain",
	TrialAndError:          "trial and error",
	HiddenSingleGroup:      "hidden single in a group",
	RuleLink:               "rule between two cells",
	CageCombination:        "cage combinations",
	LockedGroup:            "locked candidates in a group",
	Rule45:                 "45 rule",
	RuleTrial:              "trials on a rule's cells",
	Contradiction:          "contradiction",
	SumBounds:              "sum bounds",
	LineSets:               "a line's digit sets",
	ClueFact:               "what a clue says alone",
}

// base scores in tenths, the Sudoku Explainer 1.2.1 value of each technique
// (chains add a length bonus on top).
var techBase = [numTechniques]int{
	FullHouse:              10,
	HiddenSingleBox:        12,
	HiddenSingleLine:       15,
	DirectPointing:         17,
	DirectClaiming:         19,
	DirectHiddenPair:       20,
	NakedSingle:            23,
	DirectHiddenTriple:     25,
	Pointing:               26,
	Claiming:               28,
	NakedPair:              30,
	XWing:                  32,
	HiddenPair:             34,
	NakedTriple:            36,
	Swordfish:              38,
	HiddenTriple:           40,
	TurbotFish:             40,
	StrongLinkChain:        54,
	XYWing:                 42,
	XYZWing:                44,
	UniqueRectangle:        45,
	NakedQuad:              50,
	Jellyfish:              52,
	HiddenQuad:             54,
	WXYZWing:               55,
	VWXYZWing:              62,
	AlignedTripleExclusion: 75,
	BUG:                    56,
	AlignedPairExclusion:   62,
	XCycle:                 65,
	XYCycle:                65,
	XChain:                 66,
	AICLoop:                70,
	XYChain:                70,
	AIC:                    70,
	NishioForcingChain:     75,
	CellForcingChain:       80,
	UnitForcingChain:       80,
	DynamicForcingChain:    85,
	TrialAndError:          95,
	// on the variant scale (see variant.go)
	HiddenSingleGroup: 15,
	RuleLink:          20,
	CageCombination:   25,
	LockedGroup:       28,
	Rule45:            30,
	RuleTrial:         50,
	Contradiction:     70,
	SumBounds:         22,
	LineSets:          25,
	ClueFact:          17,
}

// String returns the technique's name in plain words, such as "hidden pair".
func (t Technique) String() string {
	if t < 0 || t >= numTechniques {
		return "unknown technique"
	}
	return techNames[t]
}

// Score returns the technique's base value on the Sudoku Explainer scale.
// Chains and unique loops score more when they are longer; a Step carries the
// value actually used.
func (t Technique) Score() float64 {
	if t < 0 || t >= numTechniques {
		return 0
	}
	return float64(techBase[t]) / 10
}

// Level is a coarse difficulty band derived from the score.
type Level int

// The levels, from easiest to hardest; see the package documentation for
// the score bands.
const (
	Easy Level = iota
	Medium
	Hard
	Expert
	Extreme
)

// String returns the level's name: "easy", "medium", "hard", "expert" or
// "extreme".
func (l Level) String() string {
	switch l {
	case Easy:
		return "easy"
	case Medium:
		return "medium"
	case Hard:
		return "hard"
	case Expert:
		return "expert"
	case Extreme:
		return "extreme"
	}
	return "unknown level"
}

// levelTop is the highest score of each level but the last, in tenths.
var levelTop = [Extreme]int{Easy: 23, Medium: 34, Hard: 62, Expert: 75}

// LevelOf returns the level of a score on the Sudoku Explainer scale.
func LevelOf(score float64) Level {
	t := int(score*10 + 0.5)
	for l := Easy; l < Extreme; l++ {
		if t <= levelTop[l] {
			return l
		}
	}
	return Extreme
}

// ParseLevel returns the level with the given name.
func ParseLevel(s string) (Level, bool) {
	for l := Easy; l <= Extreme; l++ {
		if l.String() == s {
			return l, true
		}
	}
	return 0, false
}

// MarshalText writes the technique's name, so JSON output reads well.
func (t Technique) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// MarshalText writes the level's name, so JSON output reads well.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }
