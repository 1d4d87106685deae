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
		{lo: 0, hi: 0, ok: true},
		{level: "hard", score: "4..5"},
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
		lo, hi, err := ParseTarget(tt.level, tt.score, "--difficulty", "--score")
		if (err == nil) != tt.ok || (tt.ok && (lo != tt.lo || hi != tt.hi)) {
			t.Errorf("ParseTarget(%q, %q) = %v, %v, %v; want %v, %v, ok %v", tt.level, tt.score, lo, hi, err, tt.lo, tt.hi, tt.ok)
		}
	}
	for _, tt := range []struct{ level, score, want string }{
		{"hard", "2..3", "--difficulty and --score cannot be used together"},
		{"harder", "", `--difficulty "harder": want easy, medium, hard, expert or extreme`},
		{"", "9..2", `--score "9..2": want MIN..MAX on the Sudoku Explainer scale, such as 2.5..4.0, or 7.. for at least 7`},
	} {
		if _, _, err := ParseTarget(tt.level, tt.score, "--difficulty", "--score"); err == nil || err.Error() != tt.want {
			t.Errorf("ParseTarget(%q, %q) = %v, want the error %q", tt.level, tt.score, err, tt.want)
		}
	}
}
