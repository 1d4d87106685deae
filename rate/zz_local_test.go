package rate

import (
	"os"
	"strings"
	"testing"
)

func BenchmarkLocalFile(b *testing.B) {
	for _, name := range []string{"expert", "extreme"} {
		data, err := os.ReadFile("/work/golden/" + name + ".txt")
		if err != nil {
			b.Skip(err)
		}
		var gs = []gridRow{}
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			gs = append(gs, gridRow{mustParse(b, l)})
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				Puzzle(gs[i%len(gs)].g, Options{})
				i++
			}
		})
	}
}
