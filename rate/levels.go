package rate

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Range returns the scores of level l: from lo to hi, both included, in
// the tenths the scale uses. Extreme has no upper end: hi is +Inf.
func (l Level) Range() (lo, hi float64) {
	switch l {
	case Easy:
		return 0, 2.3
	case Medium:
		return 2.4, 3.4
	case Hard:
		return 3.5, 6.2
	case Expert:
		return 6.3, 7.5
	}
	return 7.6, math.Inf(1)
}

// ParseLevelRange returns the scores of a level named by s ("easy" to
// "extreme", in any case), with hi 0 for extreme, which has no upper end.
func ParseLevelRange(s string) (lo, hi float64, err error) {
	l, ok := ParseLevel(strings.ToLower(s))
	if !ok {
		return 0, 0, fmt.Errorf("%q: want easy, medium, hard, expert or extreme", s)
	}
	lo, hi = l.Range()
	if math.IsInf(hi, 1) {
		hi = 0
	}
	return lo, hi, nil
}

// ParseScoreRange parses a range of scores on the Sudoku Explainer scale:
// "MIN..MAX", "MIN.." for at least MIN, "..MAX" for at most MAX, or one
// score. A bound left out is 0, which means no bound.
func ParseScoreRange(s string) (lo, hi float64, err error) {
	a, b, ok := strings.Cut(s, "..")
	if !ok {
		a, b = s, s
	}
	var err1, err2 error
	if a != "" {
		lo, err1 = strconv.ParseFloat(a, 64)
	}
	if b != "" {
		hi, err2 = strconv.ParseFloat(b, 64)
	}
	if err1 != nil || err2 != nil || lo < 0 || hi < 0 || (hi > 0 && lo > hi) || (lo == 0 && hi == 0) {
		return 0, 0, fmt.Errorf("%q: want MIN..MAX on the Sudoku Explainer scale, such as 2.5..4.0, or 7.. for at least 7", s)
	}
	return lo, hi, nil
}

// ParseTarget turns the difficulty asked of a generator, a level
// (ParseLevelRange) or a range of scores (ParseScoreRange), into bounds on
// the score: both 0 when neither is given. levelName and scoreName are what
// the caller calls the two, for its errors: "--difficulty" and "--score" on
// the command line, "difficulty" and "score" in the service.
func ParseTarget(level, score, levelName, scoreName string) (lo, hi float64, err error) {
	switch {
	case level != "" && score != "":
		return 0, 0, fmt.Errorf("%s and %s cannot be used together", levelName, scoreName)
	case level != "":
		if lo, hi, err = ParseLevelRange(level); err != nil {
			return 0, 0, fmt.Errorf("%s %w", levelName, err)
		}
	case score != "":
		if lo, hi, err = ParseScoreRange(score); err != nil {
			return 0, 0, fmt.Errorf("%s %w", scoreName, err)
		}
	}
	return lo, hi, nil
}
