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

func TestParseRanges(t *testing.T) {
	tests := []struct {
		level, score string
		lo, hi       float64
		ok           bool
	}{
		{level: "easy", lo: 0, hi: 2.3, ok: true},
		{level: "Expert", lo: 6.3, hi: 7.5, ok: true},
		{level: "extreme", lo: 7.6, hi: 0, ok: true},
		{level: "nightmare"},
		{score: "2.5..4.0", lo: 2.5, hi: 4, ok: true},
		{score: "7..", lo: 7, hi: 0, ok: true},
		{score: "..3", lo: 0, hi: 3, ok: true},
		{score: "5", lo: 5, hi: 5, ok: true},
		{score: "4..2"},
		{score: "-1..2"},
		{score: "0..0"},
		{score: "x..2"},
	}
	for _, tt := range tests {
		var lo, hi float64
		var err error
		if tt.level != "" {
			lo, hi, err = ParseLevelRange(tt.level)
		} else {
			lo, hi, err = ParseScoreRange(tt.score)
		}
		if (err == nil) != tt.ok || (tt.ok && (lo != tt.lo || hi != tt.hi)) {
			t.Errorf("parse(%q%q) = %v, %v, %v; want %v, %v, ok %v", tt.level, tt.score, lo, hi, err, tt.lo, tt.hi, tt.ok)
		}
	}
}
