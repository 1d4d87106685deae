package rules

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudokugen/sudokugen/grid"
)

// The family of sums: what the kinds whose cells add up to a clue share
// (arrows, little killers, the clues outside the grid, the lines of equal
// sums).

// MaxSumLayoutN is the largest size generate makes puzzles of arrows,
// little killers and sandwiches of.
const MaxSumLayoutN = 9

// How many sums the layouts of generate draw: on 9x9, 4 to 6 arrows, 2 or
// 3 little killers, 2 sandwiches (edgeClueCount, for the generated kinds
// of edgeClueKind). The more sums a puzzle has, the fewer givens are left
// once they are removed to minimal, and the harder the puzzle is for the
// search, whose propagation is unit propagation on the order encoding of
// the sums (bounds): with 2N arrows or N to 2N outside clues, as before,
// the puzzles kept 0 to 2 givens, a 9x9 took 20,000 to 220,000 nodes of
// the search, or a second of gophersat, to verify, and seconds to minutes
// to make. Measured on 20 puzzles each (CPU time, one worker), making /
// verifying one: 5 arrows 7 ms / 2.5 ms (16 givens left), 8 arrows
// 31 ms / 7.7 ms (12); 2 little killers 16 ms / 3 ms (21), 4 little
// killers 59 ms / 13 ms (18); 2 sandwiches 55 ms / 19 ms (21), 3
// sandwiches 190 ms / 82 ms (20).
func arrowCount(rng *rand.Rand, n int) int { return n/2 + rng.IntN(n/4+1) }

func littleKillerCount(rng *rand.Rand, n int) int { return max(1, n/4) + rng.IntN(2) }

func edgeClueCount(n int) int { return max(1, n/4) }

// sumBudget bounds the work of the sums of one kind of a puzzle: the sum
// over its sums of their cells times the most their total can be. It
// bounds the clauses and variables of the encoding (each unit is at most
// 2N clauses), whatever the input; real puzzles use a few thousand.
const sumBudget = 1 << 16

// refuseOverSumLayout returns the Refuse of a layout of the sums' kind
// named name: generate makes them up to MaxSumLayoutN.
func refuseOverSumLayout(name string) func(s grid.Shape, with []string) error {
	return func(s grid.Shape, with []string) error {
		if s.N() > MaxSumLayoutN {
			return fmt.Errorf("%s puzzles are made up to %dx%d", name, MaxSumLayoutN, MaxSumLayoutN)
		}
		return nil
	}
}

// xsumCount and skyscraperCount are how many X-sum and skyscraper clues
// generate draws on a grid of size n: a clue of either tells less than a
// sandwich's of the digits it covers, so a puzzle has more of them.
func xsumCount(n int) int       { return max(1, n/3) }
func skyscraperCount(n int) int { return max(1, n/2) }
