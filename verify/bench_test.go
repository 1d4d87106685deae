package verify

import "testing"

func BenchmarkCheck(b *testing.B) {
	for _, set := range []string{"royle17/puzzles.txt", "tdoku/top1465.txt"} {
		b.Run(set, func(b *testing.B) {
			lines := dataLines(b, set)
			if len(lines) > 5000 {
				lines = lines[:5000]
			}
			v := New()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if r := v.Check(lineGrid(b, lines[i%len(lines)]), Options{}); r.Status != Unique {
					b.Fatalf("%s: %v", lines[i%len(lines)], r.Status)
				}
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
