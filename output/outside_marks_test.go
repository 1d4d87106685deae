package output

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
)

// outsideMarks is a drawing with clues beside rows and columns of each
// mark: plain (sandwiches), in a square (X-sums), with an arrowhead
// pointing in (skyscrapers), each kind on two sides.
func outsideMarks() *grid.Drawing {
	return &grid.Drawing{Outside: []grid.OutsideClue{
		{Row: -1, Col: 1, Text: "11"},
		{Row: 2, Col: 9, Text: "5"},
		{Row: -1, Col: 5, Text: "15", Mark: grid.OutsideBoxed},
		{Row: 4, Col: -1, Text: "13", Mark: grid.OutsideBoxed},
		{Row: 4, Col: 9, Text: "3", Mark: grid.OutsideInward},
		{Row: 9, Col: 5, Text: "4", Mark: grid.OutsideInward},
	}}
}

// outsidePuzzle is a puzzle drawn with outsideMarks.
func outsidePuzzle(t *testing.T) Puzzle { return drawnPuzzle(t, outsideMarks) }

// checkOutsideMarks looks at the marks of outsidePuzzle as drawn in an
// image: the squares' four sides round the X-sums, the arrowheads between
// the skyscrapers and the grid, and neither round the sandwiches.
func checkOutsideMarks(t *testing.T, what string, s sampler) {
	t.Helper()
	h := outsideBox / 2
	// (centre of the clue's cell, the step from it into the grid)
	boxed := []pt{{5.5, -0.5}, {-0.5, 4.5}}
	inward := [][2]pt{{{9.5, 4.5}, {-1, 0}}, {{5.5, 9.5}, {0, -1}}}
	plain := [][2]pt{{{1.5, -0.5}, {0, 1}}, {{9.5, 2.5}, {-1, 0}}}
	for _, m := range boxed {
		for _, p := range []pt{{m.x - h, m.y}, {m.x + h, m.y}, {m.x, m.y - h}, {m.x, m.y + h}} {
			if s.darkest(p.x, p.y) > 130 {
				t.Errorf("%s: no side of a square at %v round the X-sum at %v", what, p, m)
			}
		}
	}
	tipOf := func(m, u pt) pt { return pt{m.x + u.x*outsideTip, m.y + u.y*outsideTip} }
	for _, c := range inward {
		if tip := tipOf(c[0], c[1]); s.darkest(tip.x, tip.y) > 130 {
			t.Errorf("%s: no arrowhead at %v between the skyscraper at %v and the grid", what, tip, c[0])
		}
	}
	for _, c := range plain {
		m, u := c[0], c[1]
		tip := tipOf(m, u)
		if s.darkest(tip.x, tip.y) < 200 {
			t.Errorf("%s: ink at %v between the sandwich at %v and the grid, want none", what, tip, m)
		}
		// where a square's side across the clue would be
		side := pt{m.x - u.y*h - u.x*h, m.y - u.x*h - u.y*h}
		if s.darkest(side.x, side.y) < 200 {
			t.Errorf("%s: ink at %v beside the sandwich at %v, want none", what, side, m)
		}
		if s.dark(m.x-0.3, m.y-0.3, m.x+0.3, m.y+0.3) == 0 {
			t.Errorf("%s: no sandwich at %v", what, m)
		}
	}
}

func TestOutsideMarksPNG(t *testing.T) {
	for what, s := range pngSamplers(t, outsidePuzzle(t)) {
		checkOutsideMarks(t, what, s)
	}
}

func TestOutsideMarksPDF(t *testing.T) {
	checkOutsideMarks(t, "PDF at 150 dpi", pdfSampler(t, outsidePuzzle(t), "outside-marks"))
}

func TestOutsideMarksSVG(t *testing.T) {
	var plain, marked bytes.Buffer
	p := outsidePuzzle(t)
	if err := WriteSVG(&marked, p, nil); err != nil {
		t.Fatal(err)
	}
	withDrawing(t, p.Grid.Rules, func() *grid.Drawing {
		d := outsideMarks()
		for i := range d.Outside {
			d.Outside[i].Mark = grid.OutsidePlain
		}
		return d
	})
	if err := WriteSVG(&plain, p, nil); err != nil {
		t.Fatal(err)
	}
	// two more paths: the squares (closed) and the arrowheads
	if got, want := strings.Count(marked.String(), "<path"), strings.Count(plain.String(), "<path")+2; got != want {
		t.Errorf("%d paths with the marks, want %d", got, want)
	}
	if got, want := strings.Count(marked.String(), "Z"), strings.Count(plain.String(), "Z")+2; got < want {
		t.Errorf("%d closed subpaths with the marks, want at least %d: the two squares", got, want)
	}
}

// The rules sentence of each kind beside rows and columns names its mark.
func TestOutsideKindsText(t *testing.T) {
	g, err := formats.ParseFPuzzles([]byte(fp9With(`"sandwichsum":[{"cell":"R3C10","value":"10"}],"xsum":[{"cell":"R0C4","value":"10"}],"skyscraper":[{"cell":"R10C4","value":"3"}]`)))
	if err != nil {
		t.Fatal(err)
	}
	text := rulesText([]grid.Grid{g})
	for _, want := range []string{"A plain number beside a row", "A number in a square beside a row", "A number with an arrowhead beside a row"} {
		if !strings.Contains(text, want) {
			t.Errorf("rules text %q does not say %q", text, want)
		}
	}
	if got, want := variantTitle(g.Rules), "Sandwich + X-sums + Skyscrapers"; got != want {
		t.Errorf("variantTitle = %q, want %q", got, want)
	}
}

// fp9With is an empty 9x9 grid in f-puzzles JSON with the fields of rules.
func fp9With(rules string) string {
	return `{"size":9,"grid":[` + strings.Repeat(`[{},{},{},{},{},{},{},{},{}],`, 8) + `[{},{},{},{},{},{},{},{},{}]],` + rules + `}`
}

// A book heading names each kind once: a negative constraint's title says
// what it adds to the kind it is the negative of, and stands for both.
func TestVariantTitleOnce(t *testing.T) {
	for _, tt := range []struct {
		rules string
		want  string
	}{
		{`"ratio":[{"cells":["R1C1","R1C2"]}],"negative":["ratio"]`, "Kropki (all black dots given)"},
		{`"xv":[{"cells":["R1C1","R1C2"],"value":"X"}],"negative":["xv"]`, "XV (all given)"},
		{`"negative":["ratio"]`, "Kropki (all black dots given)"},
		{`"xv":[{"cells":["R1C1","R1C2"],"value":"V"}],"ratio":[{"cells":["R2C1","R2C2"]}]`, "Kropki + XV"},
		{`"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],"littlekillersum":[{"cell":"R0C0","direction":"DR","value":"45"}]`, "Killer + Little killer"},
	} {
		g, err := formats.ParseFPuzzles([]byte(fp9With(tt.rules)))
		if err != nil {
			t.Fatalf("%s: %v", tt.rules, err)
		}
		if got := variantTitle(g.Rules); got != tt.want {
			t.Errorf("variantTitle(%s) = %q, want %q", g.Rules.Name(), got, tt.want)
		}
	}
}
