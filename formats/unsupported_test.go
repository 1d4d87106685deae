package formats_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	. "github.com/sudokugen/sudokugen/formats"
	. "github.com/sudokugen/sudokugen/grid"

	"github.com/sudokugen/sudokugen/internal/lzstring"
)

// A rule that no kind reads is refused as an UnsupportedError that names
// it, in one line, whatever the form of the puzzle; malformed input is
// never one.
func TestUnsupported(t *testing.T) {
	dots := strings.Repeat(".", 16)
	spiral := empty4 + `,"spiral":[{"cells":["R1C1"]}]}`
	tests := []struct {
		name   string
		in     string
		fields []string // nil: malformed, not an UnsupportedError
		want   string   // in the message
	}{
		{"f-puzzles field", spiral, []string{"spiral"}, `constraint "spiral" is not supported`},
		{"f-puzzles fields", empty4 + `,"zigzag":[1],"spiral":[1],"cage":[{"cells":["R1C1"]}]}`, []string{"cage", "spiral", "zigzag"},
			`"cage" is a cosmetic cage whose rule only the puzzle's text states: not supported (a killer cage is "killercage"); constraints "spiral", "zigzag" are not supported`},
		{"f-puzzles link", FPuzzlesURL + lzstring.CompressToBase64(spiral), []string{"spiral"}, `constraint "spiral" is not supported`},
		{"f-puzzles cell field", `{"size":4,"grid":[[{"unknownThing":3},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, []string{"unknownThing"},
			`r1c1: field "unknownThing" is not supported`},
		{"cosmetic cage", empty4 + `,"cage":[{"cells":["R1C1","R1C2"],"value":"3"}]}`, []string{"cage"}, `"cage" is a cosmetic cage`},
		{"negative", empty4 + `,"negative":["sum"]}`, []string{"negative"}, `"negative": "sum" is not supported`},
		{"dot value", empty4 + `,"ratio":[{"cells":["R1C1","R1C2"],"value":"3"}]}`, []string{"ratio"}, "ratio 1 has value 3; only 2 is supported"},
		{"JSON Lines field", `{"puzzle":"` + dots + `","frob":1}`, []string{"frob"}, `unknown field "frob" (a puzzle object takes puzzle, rows, box, rules, variant)`},
		{"JSON Lines rule", `{"puzzle":"` + dots + `","rules":{"spiral":[]}}`, []string{"spiral"}, `rules: unknown field "spiral" (want regions,`},
		{"JSON Lines negative", `{"puzzle":"` + dots + `","rules":{"negative":["sum"]}}`, []string{"negative"}, `rules: "negative": "sum" is not supported`},

		// malformed: bad values, bad cells, bad JSON
		{"xv value", empty4 + `,"xv":[{"cells":["R1C1","R1C2"],"value":"Y"}]}`, nil, `xv 1 has value "Y", want X or V`},
		{"cell outside", empty4 + `,"killercage":[{"cells":["R1C9"]}]}`, nil, `cell "R1C9" is not in a 4x4 grid`},
		{"impossible cage", empty4 + `,"killercage":[{"cells":["R1C1","R1C2"],"value":"9"}]}`, nil, "no 2 distinct digits"},
		{"field of a cage", `{"puzzle":"` + dots + `","rules":{"cages":[{"cells":["r1c1"],"colour":1}]}}`, nil, `unknown field "colour"`},
		{"rule of the wrong type", `{"puzzle":"` + dots + `","rules":{"cages":3}}`, nil, `"cages"`},
		{"broken JSON", `{"puzzle":"` + dots + `","rules":{`, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := NewReader(strings.NewReader(tt.in+"\n"), "in", ReadOptions{}).Read()
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if rec.Err == nil {
				t.Fatalf("Read(%s) read a puzzle, want an error", tt.in)
			}
			msg := rec.Err.Error()
			if !strings.Contains(msg, tt.want) || strings.Contains(msg, "\n") {
				t.Errorf("Read(%s) = %q, want one line with %q", tt.in, msg, tt.want)
			}
			var ue *UnsupportedError
			switch {
			case tt.fields == nil && errors.As(rec.Err, &ue):
				t.Errorf("Read(%s) = unsupported %q, want malformed", tt.in, ue.Fields)
			case tt.fields != nil && !errors.As(rec.Err, &ue):
				t.Errorf("Read(%s) = %v, want an UnsupportedError naming %q", tt.in, rec.Err, tt.fields)
			case tt.fields != nil && !slices.Equal(ue.Fields, tt.fields):
				t.Errorf("Read(%s) refuses %q, want %q", tt.in, ue.Fields, tt.fields)
			case tt.fields != nil && errors.Is(rec.Err, ErrJSON):
				t.Errorf("Read(%s) = %v: an unsupported rule is not malformed JSON", tt.in, rec.Err)
			}
		})
	}
}
