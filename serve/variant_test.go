package serve

import (
	"bufio"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rules"
)

// The variant puzzles of these tests are published ones, from the test
// data of package verify (see verify/testdata/variants/SOURCES.md).

// tsvRow returns the fields of the row with id of a file of
// ../verify/testdata/variants, by their names in its header.
func tsvRow(t testing.TB, file, id string) map[string]string {
	t.Helper()
	f, err := os.Open("../verify/testdata/variants/" + file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var head []string
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if head == nil {
			head = fields
			continue
		}
		if fields[0] == id {
			row := map[string]string{}
			for i, h := range head {
				row[h] = fields[i]
			}
			return row
		}
	}
	t.Fatalf("%s: no row %s", file, id)
	return nil
}

func cellIndex(t testing.TB, name string) int32 {
	t.Helper()
	var r, c int
	if _, err := fmt.Sscanf(name, "r%dc%d", &r, &c); err != nil {
		t.Fatalf("cell %q: %v", name, err)
	}
	return int32((r-1)*9 + c - 1)
}

// killerPuzzle returns the pure killer of Wikipedia's article, and its
// solution.
func killerPuzzle(t testing.TB) (grid.Grid, string) {
	row := tsvRow(t, "killer.tsv", "wikipedia-killer")
	g, err := formats.Parse(row["givens"])
	if err != nil {
		t.Fatal(err)
	}
	r := grid.NewRules()
	for _, cage := range strings.Split(row["cages"], ";") {
		sum, cells, _ := strings.Cut(cage, ":")
		c := grid.Cage{}
		c.Sum, _ = strconv.Atoi(sum)
		for _, name := range strings.Split(cells, ",") {
			c.Cells = append(c.Cells, cellIndex(t, name))
		}
		rules.Cages.Set(r, append(rules.Cages.Get(r), c))
	}
	g.Rules = r
	return g, row["solution"]
}

// jigsawPuzzle returns janko.at's Chaos-Sudoku 249 and its solution.
func jigsawPuzzle(t testing.TB) (grid.Grid, string) {
	row := tsvRow(t, "jigsaw.tsv", "janko-chaos-249")
	g, err := formats.Parse(row["givens"])
	if err != nil {
		t.Fatal(err)
	}
	regions := make([]uint8, 81)
	seen := map[rune]uint8{}
	for i, c := range row["regions"] {
		if _, ok := seen[c]; !ok {
			seen[c] = uint8(len(seen))
		}
		regions[i] = seen[c]
	}
	g.Rules = grid.NewRules(grid.Regions.Of(regions))
	return g, row["solution"]
}

func fpuzzles(t testing.TB, g grid.Grid) string {
	t.Helper()
	b, err := formats.MarshalFPuzzles(g)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Variant puzzles are verified and solved by their rules, whichever form
// they come in (an f-puzzles object a line, a link, JSON with rules, an
// element of "puzzles"), and their answers carry their rules, their
// f-puzzles form and links that read back as the same puzzle.
func TestVariantVerdicts(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	killer, killerSol := killerPuzzle(t)
	jigsaw, jigsawSol := jigsawPuzzle(t)
	link, _ := formats.FPuzzlesLink(jigsaw)
	// a given less: two solutions
	loose := jigsaw.Clone()
	loose.Cells[6] = 0
	// one form a text body (the command line reads no mixture), any in
	// "puzzles"
	text := fpuzzles(t, killer) + "\n" + fpuzzles(t, jigsaw) + "\n" + fpuzzles(t, loose) + "\n"
	jsonBody, _ := json.Marshal(map[string]any{"puzzles": []any{json.RawMessage(fpuzzles(t, killer)), link, json.RawMessage(fpuzzles(t, loose))}})
	for _, route := range []string{"/v1/verify", "/v1/solve"} {
		for _, tc := range []struct{ ctype, body string }{{"text/plain", text}, {"application/json", string(jsonBody)}} {
			a := call(t, s, "POST", route, tc.ctype, strings.NewReader(tc.body))
			if a.status != http.StatusOK {
				t.Fatalf("%s %s: %d %s", route, tc.ctype, a.status, a.body)
			}
			rs := results(t, a)
			for i, want := range []struct {
				status, variant, solution string
				g                         grid.Grid
			}{{"unique", "killer", killerSol, killer}, {"unique", "jigsaw", jigsawSol, jigsaw}, {"multiple", "jigsaw", "", loose}} {
				r := rs[i]
				if r["status"] != want.status || r["variant"] != want.variant || (want.solution != "" && r["solution"] != want.solution) {
					t.Errorf("%s %s puzzle %d: %v %v %v, want %s %s %s", route, tc.ctype, i, r["status"], r["variant"], r["solution"], want.status, want.variant, want.solution)
				}
				for _, field := range []string{"fpuzzles_url", "sudokupad_url"} {
					back, err := formats.ParseFPuzzlesLink(r[field].(string))
					if err != nil || !back.Equal(want.g) {
						t.Errorf("%s puzzle %d: %s %v reads back as another puzzle (%v)", route, i, field, r[field], err)
					}
				}
				fp, _ := json.Marshal(r["fpuzzles"])
				if back, err := formats.ParseFPuzzles(fp); err != nil || !back.Equal(want.g) {
					t.Errorf("%s puzzle %d: fpuzzles reads back as another puzzle (%v)", route, i, err)
				}
				rules, _ := json.Marshal(r["rules"])
				if back, err := grid.UnmarshalRules(rules, want.g.Shape); err != nil || !back.Equal(want.g.Rules) {
					t.Errorf("%s puzzle %d: rules %s read back as other rules (%v)", route, i, rules, err)
				}
			}
			// the witnesses of the loose jigsaw: two solutions of its rules
			sols := rs[2]["solutions"].([]any)
			if len(sols) != 2 || sols[0] == sols[1] {
				t.Fatalf("%s: witnesses %v, want two that differ", route, sols)
			}
			for _, s := range sols {
				g, err := formats.Parse(s.(string))
				if err != nil || !loose.Solves(g) {
					t.Errorf("%s: witness %v does not solve the loose jigsaw by its regions (%v)", route, s, err)
				}
			}
		}
	}
	// a classic puzzle's answer has no variant fields
	a := call(t, s, "POST", "/v1/verify", "text/plain", strings.NewReader(uniquePuzzle))
	for _, field := range []string{"variant", "rules", "fpuzzles", "fpuzzles_url", "sudokupad_url"} {
		if _, ok := results(t, a)[0][field]; ok {
			t.Errorf("classic verdict has %q: %s", field, a.body)
		}
	}
}

// Rules that cannot hold are a 4xx that says where and what: the puzzle's
// place in the body and the rule at fault.
func TestVariantBadRules(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	row := func(cells string) string { return "[" + strings.TrimSuffix(strings.Repeat(cells+",", 9), ",") + "]" }
	empty := `"grid":[` + strings.TrimSuffix(strings.Repeat(row("{}")+",", 9), ",") + `]`
	jigsaw, _ := jigsawPuzzle(t)
	wrongRegion := fpuzzles(t, jigsaw)
	// r1c1 moved from region 1 into region 2: 8 cells and 10
	wrongRegion = strings.Replace(wrongRegion, `"region":0`, `"region":1`, 1)
	tests := []struct {
		name, body string
		want       []string
	}{
		{"sum no digits make", `{"size":9,` + empty + `,"killercage":[{"cells":["R1C1","R1C2"],"value":"18"}]}`,
			[]string{"cage 1 (r1c1 r1c2)", "no 2 distinct digits from 1 to 9 add up to 18"}},
		{"dot apart", `{"size":9,` + empty + `,"difference":[{"cells":["R1C1","R2C2"]}]}`,
			[]string{"white dot 1", "r1c1 and r2c2 are not orthogonally adjacent"}},
		{"region of the wrong size", wrongRegion, []string{"region", "cells, want 9"}},
	}
	for _, tt := range tests {
		for _, route := range []string{"/v1/verify", "/v1/solve", "/v1/book", "/v1/draw"} {
			// the bad puzzle second, after a good one
			body := uniquePuzzle + "\n" + tt.body + "\n"
			line := 2
			if route == "/v1/draw" {
				body, line = tt.body, 1
			}
			a := call(t, s, "POST", route, "text/plain", strings.NewReader(body))
			e, _ := a.json["error"].(map[string]any)
			msg, _ := e["message"].(string)
			where, _ := e["where"].(string)
			if a.status < 400 || a.status >= 500 || !strings.HasPrefix(where, "body:"+strconv.Itoa(line)) {
				t.Errorf("%s, %s: %d, error at %q: %s; want a 4xx at body:%d", tt.name, route, a.status, where, a.body, line)
			}
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Errorf("%s, %s: message %q, want %q in it", tt.name, route, msg, w)
				}
			}
		}
	}
}

// Variants are generated in every format that holds their rules; the
// others, and a difficulty, are refused before any work.
func TestGenerateVariants(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	a := call(t, s, "POST", "/v1/generate", "application/json", strings.NewReader(`{"count":2,"seed":3,"variant":"jigsaw,x"}`))
	if a.status != http.StatusOK {
		t.Fatalf("generate jigsaw,x: %d %s", a.status, a.body)
	}
	for _, p := range a.json["puzzles"].([]any) {
		p := p.(map[string]any)
		g, err := formats.ParseFPuzzlesLink(p["sudokupad_url"].(string))
		if err != nil || p["variant"] != "jigsaw,x" || grid.Regions.Get(g.Rules) == nil || g.String() != p["puzzle"] {
			t.Errorf("generated %v: %v", p, err)
			continue
		}
		sol, _ := formats.Parse(p["solution"].(string))
		if !g.Solves(sol) {
			t.Errorf("generated %v: the solution breaks the rules", p["puzzle"])
		}
	}
	for _, tc := range []struct {
		body, ctype, want string
	}{
		{`{"count":1,"seed":3,"variant":"killer","format":"fpuzzles"}`, "text/plain", `"killercage":[`},
		{`{"count":1,"seed":3,"variant":"x","format":"fpuzzles-url"}`, "text/plain", formats.FPuzzlesURL},
		{`{"count":1,"seed":3,"variant":"killer","format":"iss"}`, "text/plain", ".Cage~"},
		{`{"count":2,"seed":3,"variant":"killer","format":"pdf","sections":true,"solutions":true}`, "application/pdf", "%PDF-"},
	} {
		a := call(t, s, "POST", "/v1/generate", "application/json", strings.NewReader(tc.body))
		if a.status != http.StatusOK || !strings.HasPrefix(a.header.Get("Content-Type"), tc.ctype) || !strings.Contains(string(a.body), tc.want) {
			t.Errorf("POST /v1/generate %s: %d %s %.200s, want %s with %q", tc.body, a.status, a.header.Get("Content-Type"), a.body, tc.ctype, tc.want)
		}
	}
	for _, tc := range []struct{ body, where string }{
		{`{"count":1,"variant":"killer","format":"line"}`, "format"},
		{`{"count":1,"variant":"x","format":"SDK"}`, "format"},
		{`{"count":1,"variant":"kropki-negative","format":"iss"}`, "format"},
		{`{"count":1,"variant":"killer","difficulty":"hard"}`, "difficulty"},
		{`{"count":1,"variant":"jigsaw","size":16}`, "variant"},
		{`{"count":1,"variant":"spiral"}`, "variant"},
	} {
		a := call(t, s, "POST", "/v1/generate", "application/json", strings.NewReader(tc.body))
		e, _ := a.json["error"].(map[string]any)
		if a.status != http.StatusBadRequest || e["where"] != tc.where {
			t.Errorf("POST /v1/generate %s: %d %s, want 400 at %s", tc.body, a.status, a.body, tc.where)
		}
	}
}

// A book of variants is drawn; a variant with two solutions is refused as
// a classic one is.
func TestVariantBook(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	killer, _ := killerPuzzle(t)
	jigsaw, _ := jigsawPuzzle(t)
	body := fpuzzles(t, killer) + "\n" + fpuzzles(t, jigsaw) + "\n"
	a := call(t, s, "POST", "/v1/book?sections=true&levels=false", "text/plain", strings.NewReader(body))
	if a.status != http.StatusOK || a.header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("book of variants: %d %.300s", a.status, a.body)
	}
	loose := jigsaw.Clone()
	loose.Cells[6] = 0
	a = call(t, s, "POST", "/v1/book", "text/plain", strings.NewReader(body+fpuzzles(t, loose)+"\n"))
	if a.status != http.StatusUnprocessableEntity || !strings.Contains(string(a.body), "puzzle 3 is multiple") {
		t.Errorf("book with a jigsaw of two solutions: %d %.300s, want 422", a.status, a.body)
	}
}

// /v1/draw draws a variant with its rules, its solution and marked cells,
// as SVG or PNG, and refuses what it cannot draw with where and what.
func TestDraw(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	killer, killerSol := killerPuzzle(t)
	fp := fpuzzles(t, killer)
	body, _ := json.Marshal(map[string]any{"puzzle": json.RawMessage(fp), "solution": killerSol, "marked": [][2]int{{1, 1}, {9, 9}}})
	a := call(t, s, "POST", "/v1/draw", "application/json", strings.NewReader(string(body)))
	if a.status != http.StatusOK || a.header.Get("Content-Type") != "image/svg+xml" {
		t.Fatalf("draw killer: %d %s %.300s", a.status, a.header.Get("Content-Type"), a.body)
	}
	var doc struct {
		Desc  string `xml:"desc"`
		Rects []struct {
			Class string `xml:"class,attr"`
		} `xml:"rect"`
		Groups []struct {
			Fill string     `xml:"fill,attr"`
			Uses []struct{} `xml:"use"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal(a.body, &doc); err != nil {
		t.Fatalf("draw killer: bad SVG: %v", err)
	}
	marks, solved := 0, 0
	for _, r := range doc.Rects {
		if r.Class == "mark" {
			marks++
		}
	}
	for _, g := range doc.Groups {
		if g.Fill != "black" {
			solved += len(g.Uses)
		}
	}
	if doc.Desc != "killer" || marks != 2 || solved != 81 {
		t.Errorf("draw killer: description %q, %d marks, %d solved digits; want killer, 2, 81", doc.Desc, marks, solved)
	}
	a = call(t, s, "POST", "/v1/draw?format=png&pixels=300", "text/plain", strings.NewReader(fp))
	if a.status != http.StatusOK || a.header.Get("Content-Type") != "image/png" || !strings.HasPrefix(string(a.body), "\x89PNG") {
		t.Errorf("draw killer as PNG: %d %s", a.status, a.header.Get("Content-Type"))
	}
	for _, tc := range []struct {
		name, ctype, body, where string
		status                   int
	}{
		{"two puzzles", "text/plain", uniquePuzzle + "\n" + uniquePuzzle, "body", 400},
		{"no puzzle", "application/json", `{"format":"svg"}`, "puzzle", 400},
		{"a solution that is not one", "application/json", `{"puzzle":"` + uniquePuzzle + `","solution":"` + strings.Repeat("123456789", 9) + `"}`, "puzzle", 422},
		{"a cell off the grid", "application/json", `{"puzzle":"` + uniquePuzzle + `","marked":[[10,1]]}`, "marked[0]", 400},
		{"marks in a PNG", "application/json", `{"puzzle":"` + uniquePuzzle + `","marked":[[1,1]],"format":"png"}`, "format", 400},
		{"an unreadable puzzle", "text/plain", "53..7", "body:1", 422},
	} {
		a := call(t, s, "POST", "/v1/draw", tc.ctype, strings.NewReader(tc.body))
		e, _ := a.json["error"].(map[string]any)
		if where, _ := e["where"].(string); a.status != tc.status || !strings.HasPrefix(where, tc.where) {
			t.Errorf("draw, %s: %d %s, want %d at %s", tc.name, a.status, a.body, tc.status, tc.where)
		}
	}
}

// A puzzle's own solution is checked: the verdict says whether it holds,
// and what it breaks when it does not.
func TestVerifyOwnSolution(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	const sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	body := func(own string) string {
		var rows []string
		for r := range 9 {
			var cells []string
			for c := range 9 {
				if r == 0 && c < 2 {
					cells = append(cells, "{}")
					continue
				}
				cells = append(cells, `{"value":`+sol[r*9+c:r*9+c+1]+`,"given":true}`)
			}
			rows = append(rows, "["+strings.Join(cells, ",")+"]")
		}
		digits := strings.Join(strings.Split(own, ""), ",")
		return `{"size":9,"grid":[` + strings.Join(rows, ",") + `],"solution":[` + digits + `]}`
	}
	swapped := "35" + sol[2:] // r1c1 and r1c2 swapped: columns 1 and 2 repeat
	for _, tc := range []struct{ own, want string }{{sol, "holds"}, {swapped, "breaks"}} {
		a := call(t, s, "POST", "/v1/verify", "text/plain", strings.NewReader(body(tc.own)+"\n"))
		v := results(t, a)[0]
		if v["status"] != "unique" || v["own_solution"] != tc.want {
			t.Errorf("own solution %s: %s, want unique and own_solution %q", tc.own, a.body, tc.want)
		}
		if msg, _ := v["own_solution_error"].(string); (tc.want == "breaks") != strings.Contains(msg, "repeats in column") {
			t.Errorf("own solution %s: own_solution_error %q", tc.own, msg)
		}
	}
}

// /v1/rate?steps=true gives a variant's logical solve as rate --json
// does: its steps in words, each naming its rule, and the outcome.
func TestRateVariantSteps(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	a := call(t, s, "POST", "/v1/generate", "application/json", strings.NewReader(`{"count":1,"seed":3,"variant":"killer"}`))
	if a.status != http.StatusOK {
		t.Fatalf("generate killer: %d %s", a.status, a.body)
	}
	p := a.json["puzzles"].([]any)[0].(map[string]any)
	r := call(t, s, "POST", "/v1/rate?steps=true", "text/plain", strings.NewReader(p["fpuzzles_url"].(string)+"\n"))
	if r.status != http.StatusOK {
		t.Fatalf("rate: %d %s", r.status, r.body)
	}
	res := results(t, r)[0]
	lg, _ := res["logic"].(map[string]any)
	steps, _ := res["steps"].([]any)
	if res["coarse"] != true || lg == nil || len(steps) == 0 || lg["steps"] != float64(len(steps)) {
		t.Fatalf("rating %v: want coarse, the logic outcome and as many steps as it counts", res)
	}
	cage := false
	for _, st := range steps {
		text := st.(map[string]any)["text"].(string)
		cage = cage || strings.HasPrefix(text, "Killer cage ")
	}
	if !cage {
		t.Errorf("no step names a killer cage: %v", steps)
	}
	if lg["solved"] == true && (lg["hardest"] == "" || lg["break_in"] == "") {
		t.Errorf("solved without a hardest step or a break-in: %v", lg)
	}
}
