package rules_test

import (
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// The JSON fields renamed to snake_case are read under their old names
// too, written under the new ones only, and refused under both at once.
func TestJSONOldNames(t *testing.T) {
	s := grid.Shape{BoxRows: 3, BoxCols: 3}
	for _, tt := range []struct{ old, now, value string }{
		{"betweenline", "between_lines", `[["r1c1", "r1c2", "r1c3"]]`},
		{"entropicline", "entropic_lines", `[["r1c1", "r1c2", "r1c3"]]`},
		{"modularline", "modular_lines", `[["r1c1", "r1c2", "r1c3"]]`},
		{"slowthermometer", "slow_thermometers", `[["r1c1", "r1c2"]]`},
		{"rowindexer", "row_indexers", `[["r1c1"]]`},
		{"columnindexer", "column_indexers", `[["r1c1"]]`},
		{"boxindexer", "box_indexers", `[["r1c1"]]`},
		{"xsums", "x_sums", `[{"cell": "r0c1", "value": 10}]`},
	} {
		old, err := grid.UnmarshalRules([]byte(`{"`+tt.old+`": `+tt.value+`}`), s)
		if err != nil || old.Empty() {
			t.Fatalf("%s: %v, %v", tt.old, old, err)
		}
		now, err := grid.UnmarshalRules([]byte(`{"`+tt.now+`": `+tt.value+`}`), s)
		if err != nil || !now.Equal(old) {
			t.Fatalf("%s: %v, %v; want the rules of %s", tt.now, now, err, tt.old)
		}
		js, err := grid.MarshalRules(old, s.N())
		if err != nil || !strings.Contains(string(js), `"`+tt.now+`"`) || strings.Contains(string(js), `"`+tt.old+`"`) {
			t.Errorf("%s written as %s (%v), want %q", tt.old, js, err, tt.now)
		}
		if _, err := grid.UnmarshalRules([]byte(`{"`+tt.old+`": `+tt.value+`, "`+tt.now+`": `+tt.value+`}`), s); err == nil {
			t.Errorf("%s and %s both read", tt.old, tt.now)
		}
	}
}
