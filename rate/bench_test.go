package rate

import (
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// BenchmarkPuzzle rates se_rated puzzles grouped by their published level.
func BenchmarkPuzzle(b *testing.B) {
	rows := readSE(b)
	for l := Medium; l <= Extreme; l++ {
		var gs []gridRow
		for i, r := range rows {
			if LevelOf(r.want) == l && i%7 == 0 && len(gs) < 100 {
				gs = append(gs, gridRow{mustParse(b, r.puzzle)})
			}
		}
		b.Run(l.String(), func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				Puzzle(gs[i%len(gs)].g, Options{})
				i++
			}
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}

type gridRow struct{ g grid.Grid }

// BenchmarkReject rates puzzles SE scores above 3.4 with MaxScore 3.4, the
// way a generator aiming at medium rejects them.
func BenchmarkReject(b *testing.B) {
	rows := readSE(b)
	var gs []grid.Grid
	for i, r := range rows {
		if r.want > 3.4 && i%29 == 0 {
			gs = append(gs, mustParse(b, r.puzzle))
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		Puzzle(gs[i%len(gs)], Options{MaxScore: 3.4})
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
}

// BenchmarkBelow asks Below(g, 7.6) of se_rated puzzles grouped by their
// published level, the way a generator aiming at extreme rejects the
// easier ones; compare with BenchmarkPuzzle.
func BenchmarkBelow(b *testing.B) {
	rows := readSE(b)
	for l := Medium; l <= Extreme; l++ {
		var gs []grid.Grid
		for i, r := range rows {
			if LevelOf(r.want) == l && i%7 == 0 && len(gs) < 100 {
				gs = append(gs, mustParse(b, r.puzzle))
			}
		}
		b.Run(l.String(), func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				Below(gs[i%len(gs)], 7.6)
				i++
			}
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
