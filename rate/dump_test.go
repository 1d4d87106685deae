package rate

import (
	"flag"
	"fmt"
	"math"
	"testing"
)

var seDump = flag.Float64("sedump", 0, "print our hardest techniques for puzzles SE rates at this value")

func TestSEDump(t *testing.T) {
	if *seDump == 0 {
		t.Skip("use -sedump=VALUE")
	}
	rows := readSE(t)
	hist := map[string]int{}
	shown := 0
	for _, r := range rows {
		if math.Abs(r.want-*seDump) > 0.01 {
			continue
		}
		res := Puzzle(mustParse(t, r.puzzle), Options{Explain: true})
		hard := ""
		for _, s := range res.Steps {
			if math.Abs(s.Score-res.Score) < 0.01 {
				hard = s.Technique.String()
				break
			}
		}
		key := fmt.Sprintf("%.1f %s", res.Score, hard)
		hist[key]++
		if shown < 3 && math.Abs(res.Score-r.want) > 0.05 {
			shown++
			t.Logf("%s want %.1f got %.1f (%s)", r.puzzle, r.want, res.Score, hard)
		}
	}
	for k, v := range hist {
		t.Logf("%5d  %s", v, k)
	}
}
