package serve

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
)

// The schemas of the setter's routes list the fields their answers have.
func TestOpenAPISetterSchemas(t *testing.T) {
	var doc openAPIDoc
	if err := json.Unmarshal(openAPI, &doc); err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]any{
		"CandidatesResponse": candidatesResponse{},
		"CandidatesResult":   candidatesResult{},
		"GivensResponse":     givensResponse{},
		"GivensResult":       givensResult{},
		"GivenCell":          givenCell{},
	} {
		want := jsonFields(reflect.TypeOf(v))
		got := slices.Sorted(maps.Keys(doc.Components.Schemas[name].Properties))
		if !slices.Equal(got, want) {
			t.Errorf("schema %s has %v, the handlers use %v", name, got, want)
		}
	}
}

// /v1/candidates and /v1/givens take every input form: a line, and the
// same puzzle as an f-puzzles link.
func TestSetterRoutes(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	const several = ".........9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1...."
	g, err := formats.Parse(several)
	if err != nil {
		t.Fatal(err)
	}
	link, err := formats.FPuzzlesLink(g)
	if err != nil {
		t.Fatal(err)
	}
	for _, body := range []string{several, link} {
		a := call(t, s, "POST", "/v1/candidates", "text/plain", strings.NewReader(body))
		var cr candidatesResponse
		if err := json.Unmarshal(a.body, &cr); err != nil || a.status != 200 || len(cr.Results) != 1 {
			t.Fatalf("POST /v1/candidates %.40s = %d %s", body, a.status, a.body)
		}
		r := cr.Results[0]
		if r.Status != "multiple" || r.Count != 44 || !r.Exact || r.Candidates[0] != "246" || r.Candidates[9] != "9" {
			t.Errorf("candidates of %.40s: %+v", body, r)
		}
		a = call(t, s, "POST", "/v1/givens", "text/plain", strings.NewReader(body))
		var gr givensResponse
		if err := json.Unmarshal(a.body, &gr); err != nil || a.status != 200 || len(gr.Results) != 1 {
			t.Fatalf("POST /v1/givens %.40s = %d %s", body, a.status, a.body)
		}
		sg := gr.Results[0].Suggestions
		if gr.Results[0].Status != "multiple" || len(sg) == 0 || sg[len(sg)-1].Count != 1 {
			t.Errorf("givens of %.40s: %+v", body, gr.Results[0])
		}
	}
	a := call(t, s, "POST", "/v1/givens", "text/plain", strings.NewReader("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."))
	var gr givensResponse
	if err := json.Unmarshal(a.body, &gr); err != nil || len(gr.Results) != 1 {
		t.Fatalf("POST /v1/givens = %d %s", a.status, a.body)
	}
	if r := gr.Results[0]; r.Status != "unique" || len(r.Needed)+len(r.Redundant) != 32 || len(r.Needed) == 0 || r.Needed[0].Witness == "" {
		t.Errorf("givens of a unique puzzle: %+v", r)
	}
}
