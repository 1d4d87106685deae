package rate

import "math"

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
