package rate

import "testing"

// Range and LevelOf agree on every score of the scale.
func TestLevelRange(t *testing.T) {
	for tenths := 10; tenths <= 120; tenths++ {
		score := float64(tenths) / 10
		l := LevelOf(score)
		lo, hi := l.Range()
		if score < lo-1e-9 || score > hi+1e-9 {
			t.Errorf("LevelOf(%.1f) = %v, whose range is %.1f..%.1f", score, l, lo, hi)
		}
		for other := Easy; other <= Extreme; other++ {
			if other == l {
				continue
			}
			if lo, hi := other.Range(); score >= lo-1e-9 && score <= hi+1e-9 {
				t.Errorf("score %.1f is in the range of %v too", score, other)
			}
		}
	}
}
