package serve

import (
	"encoding/json"
	"github.com/sudokugen/sudokugen/verify"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

type openAPIDoc struct {
	Paths map[string]map[string]struct {
		Parameters []struct {
			Name string `json:"name"`
			In   string `json:"in"`
		} `json:"parameters"`
		Responses map[string]json.RawMessage `json:"responses"`
	} `json:"paths"`
	Components struct {
		Schemas map[string]struct {
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"schemas"`
	} `json:"components"`
}

// TestOpenAPIRoutes holds the OpenAPI document against the handlers: the
// same routes and methods, each documented query parameter taken, and the
// status of a sample request among the documented responses.
func TestOpenAPIRoutes(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	a := call(t, s, "GET", "/v1/openapi.json", "", nil)
	var doc openAPIDoc
	if err := json.Unmarshal(a.body, &doc); err != nil {
		t.Fatalf("GET /v1/openapi.json: %v", err)
	}
	routes := make(map[string]bool)
	for _, rt := range s.routes() {
		key := strings.ToLower(rt.method) + " " + rt.path
		routes[key] = true
		op, ok := doc.Paths[rt.path][strings.ToLower(rt.method)]
		if !ok {
			t.Errorf("route %s %s is not in the OpenAPI document", rt.method, rt.path)
			continue
		}
		query := ""
		for _, p := range op.Parameters {
			if p.In == "query" {
				query += "&" + p.Name + "="
			}
		}
		body := uniquePuzzle
		ctype := "text/plain"
		if rt.path == "/v1/generate" {
			body, ctype = `{"count":1,"box":"2x2","seed":1}`, "application/json"
		}
		var b *strings.Reader
		if rt.method == "POST" {
			b = strings.NewReader(body)
		} else {
			b = strings.NewReader("")
		}
		target := rt.path
		if query != "" {
			target += "?" + query[1:]
		}
		got := call(t, s, rt.method, target, ctype, b)
		if _, ok := op.Responses[strconv.Itoa(got.status)]; !ok {
			t.Errorf("%s %s = %d, which the document does not list (%v)\n%.300s", rt.method, target, got.status,
				slices.Sorted(maps.Keys(op.Responses)), got.body)
		}
	}
	for path, ops := range doc.Paths {
		for method := range ops {
			if !routes[method+" "+path] {
				t.Errorf("the OpenAPI document has %s %s, which no handler serves", strings.ToUpper(method), path)
			}
		}
	}
	// A method a route does not take.
	for _, method := range []string{"GET", "PUT", "DELETE", "PATCH", "OPTIONS"} {
		for _, path := range []string{"/v1/verify", "/v1/draw"} {
			got := call(t, s, method, path, "", nil)
			e, _ := got.json["error"].(map[string]any)
			if got.status != http.StatusMethodNotAllowed || e["code"] != "method_not_allowed" || got.header.Get("Allow") != "POST" {
				t.Errorf("%s %s = %d (Allow %q) %.200s, want the JSON error 405 with Allow POST", method, path, got.status, got.header.Get("Allow"), got.body)
			}
		}
	}
	if got := call(t, s, "DELETE", "/v1/openapi.json", "", nil); got.status != http.StatusMethodNotAllowed || got.header.Get("Allow") != "GET" {
		t.Errorf("DELETE /v1/openapi.json = %d (Allow %q), want 405 with Allow GET", got.status, got.header.Get("Allow"))
	}
}

// TestOpenAPISchemas checks that the schemas list the JSON fields of the
// types the handlers read and write.
func TestOpenAPISchemas(t *testing.T) {
	var doc openAPIDoc
	if err := json.Unmarshal(openAPI, &doc); err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]any{
		"PuzzlesRequest":   puzzlesRequest{},
		"GenerateRequest":  generateRequest{},
		"GenerateResponse": generateResponse{},
		"DrawRequest":      drawRequest{},
		"Verdict": struct { // a variant's fields are written after the puzzle
			verify.View
			variantFields
		}{},
		"Rating":         rating{},
		"VerifyResponse": verifyResponse{},
		"RateResponse":   rateResponse{},
		"Error":          apiError{},
	} {
		want := jsonFields(reflect.TypeOf(v))
		got := slices.Sorted(maps.Keys(doc.Components.Schemas[name].Properties))
		if !slices.Equal(got, want) {
			t.Errorf("schema %s has %v, the handlers use %v", name, got, want)
		}
	}
}

func jsonFields(t reflect.Type) []string {
	var out []string
	for f := range t.Fields() {
		if f.Anonymous {
			out = append(out, jsonFields(f.Type)...)
			continue
		}
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag != "" && tag != "-" {
			out = append(out, tag)
		}
	}
	slices.Sort(out)
	return slices.Compact(out) // a field of an embedded struct may be shadowed
}
