package formats_test

import (
	"encoding/json"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
)

// mayName, which spares reading a puzzle's rules twice, never says no
// where encoding/json would find the key: on texts with the key in any
// case, escaped, with Unicode that folds to its letters, or absent.
func TestMayName(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{`{"cages":[{"cells":["r1c1","r1c2"],"sum":3}]}`, false},
		{`{"regions":[[1]]}`, true},
		{`{"Regions":[[1]]}`, true},
		{`{"REGIONS":null}`, true},
		{`{"x":"regions"}`, true}, // a value: a yes where no is also right
		{`{"region":[[1]]}`, false},
		{`{"regionſ":[[1]]}`, true},      // ſ folds to s
		{`{"\u0072egions":[[1]]}`, true}, // an escape
		{`{"regio`, false},
		{``, false},
	} {
		if got := formats.MayName([]byte(tc.text), "regions"); got != tc.want {
			t.Errorf("mayName(%s) = %v, want %v", tc.text, got, tc.want)
		}
		var v struct {
			Regions json.RawMessage `json:"regions"`
		}
		if json.Unmarshal([]byte(tc.text), &v) == nil && v.Regions != nil && !formats.MayName([]byte(tc.text), "regions") {
			t.Errorf("%s: encoding/json finds the key, mayName says no", tc.text)
		}
	}
}
