package serve

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// Puzzles with known answers (the first is the classic "53..7" puzzle).
const (
	uniquePuzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	uniqueSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	// The last three givens of uniquePuzzle taken out: several solutions.
	multiplePuzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8...."
	// Digit 5 twice in row 1 (columns 1 and 2).
	clashPuzzle = "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
)

func newTestServer(tb testing.TB, cfg Config) (*Server, *localEngine) {
	tb.Helper()
	eng := newLocalEngine()
	if cfg.Engine == nil {
		cfg.Engine = eng
	}
	s, err := New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	s.SetReady(true)
	return s, eng
}

type answer struct {
	status int
	header http.Header
	body   []byte
	json   map[string]any
}

func call(tb testing.TB, h http.Handler, method, target, ctype string, body io.Reader) answer {
	tb.Helper()
	req := httptest.NewRequest(method, target, body)
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	a := answer{status: rec.Code, header: rec.Header(), body: rec.Body.Bytes()}
	if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(a.body, &a.json); err != nil {
			tb.Fatalf("%s %s: answer is not JSON: %v\n%s", method, target, err, a.body)
		}
	}
	return a
}

func results(tb testing.TB, a answer) []map[string]any {
	tb.Helper()
	rs, ok := a.json["results"].([]any)
	if !ok {
		tb.Fatalf("no results in %s", a.body)
	}
	out := make([]map[string]any, len(rs))
	for i, r := range rs {
		out[i] = r.(map[string]any)
	}
	return out
}

func TestVerify(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	tests := []struct {
		name   string
		ctype  string
		body   string
		status int
		want   []string // status of each puzzle
	}{
		{"one unique", "text/plain", uniquePuzzle + "\n", 200, []string{"unique"}},
		{"unique and multiple", "", uniquePuzzle + "\n" + multiplePuzzle + "\n", 200, []string{"unique", "multiple"}},
		{"json envelope", "application/json", `{"puzzles":["` + uniquePuzzle + `", "` + multiplePuzzle + `"]}`, 200, []string{"unique", "multiple"}},
		{"json rows in envelope", "application/json", `{"puzzles":[[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]]}`, 200, []string{"multiple"}},
		{"cli json lines", "text/plain", `{"puzzle":"` + uniquePuzzle + `"}` + "\n", 200, []string{"unique"}},
		{"wrong length", "text/plain", uniquePuzzle + "\n" + uniquePuzzle[:80] + "\n" + multiplePuzzle + "\n", 422, []string{"unique", "invalid", "multiple"}},
		{"clashing givens", "text/plain", clashPuzzle + "\n" + uniquePuzzle + "\n", 422, []string{"invalid", "unique"}},
		{"binary garbage", "application/octet-stream", uniquePuzzle + "\n\x00\x01\x02\xff\xfe garbage\x00\n" + uniquePuzzle + "\n", 422, []string{"unique", "invalid", "unique"}},
		{"bad symbol in envelope", "application/json", `{"puzzles":["` + uniquePuzzle + `", "x` + uniquePuzzle[1:] + `"]}`, 422, []string{"unique", "invalid"}},
		{"two puzzles in one element", "application/json", `{"puzzles":["` + uniquePuzzle + `\n` + uniquePuzzle + `"]}`, 422, []string{"invalid"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := call(t, s, "POST", "/v1/verify", tt.ctype, strings.NewReader(tt.body))
			if a.status != tt.status {
				t.Fatalf("POST /v1/verify = %d, want %d\n%s", a.status, tt.status, a.body)
			}
			rs := results(t, a)
			if len(rs) != len(tt.want) {
				t.Fatalf("got %d results, want %d\n%s", len(rs), len(tt.want), a.body)
			}
			for i, r := range rs {
				if r["status"] != tt.want[i] {
					t.Errorf("puzzle %d: status %v, want %s (%v)", i, r["status"], tt.want[i], r["error"])
				}
				if r["status"] == "unique" && r["solution"] != uniqueSolution {
					t.Errorf("puzzle %d: solution %v, want %s", i, r["solution"], uniqueSolution)
				}
				if r["status"] == "multiple" {
					checkWitnesses(t, r)
				}
			}
			if tt.status == 422 {
				e := a.json["error"].(map[string]any)
				if e["where"] == "" || e["message"] == "" || e["line"] == nil {
					t.Errorf("error %v does not say where and what", e)
				}
			}
		})
	}
}

// checkWitnesses checks that two solutions of a multiple verdict differ
// and both keep the givens.
func checkWitnesses(t *testing.T, r map[string]any) {
	t.Helper()
	sols := r["solutions"].([]any)
	if len(sols) != 2 || sols[0] == sols[1] {
		t.Fatalf("multiple: solutions %v, want two that differ", sols)
	}
	p := r["puzzle"].(string)
	for _, s := range sols {
		s := s.(string)
		for i := range p {
			if p[i] != '.' && p[i] != s[i] {
				t.Fatalf("solution %s does not keep the given at %d of %s", s, i, p)
			}
		}
	}
}

func TestVerifyErrorPlaces(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	tests := []struct {
		name       string
		body       string
		line, col  float64
		wantSubstr string
	}{
		{"clash at second cell", uniquePuzzle + "\n" + clashPuzzle + "\n", 2, 2, "digit 5 repeats in row 1"},
		{"wrong length", uniquePuzzle[:80] + "\n", 1, 0, "80"},
		{"bad symbol", "53..x" + uniquePuzzle[5:] + "\n", 1, 5, "x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := call(t, s, "POST", "/v1/verify", "text/plain", strings.NewReader(tt.body))
			e, _ := a.json["error"].(map[string]any)
			if a.status != 422 || e == nil {
				t.Fatalf("POST /v1/verify = %d %s, want 422 with an error", a.status, a.body)
			}
			if e["line"] != tt.line || (tt.col > 0 && e["column"] != tt.col) {
				t.Errorf("error at %v:%v, want %v:%v (%v)", e["line"], e["column"], tt.line, tt.col, e)
			}
			if !strings.Contains(e["message"].(string), tt.wantSubstr) {
				t.Errorf("error %q does not mention %q", e["message"], tt.wantSubstr)
			}
		})
	}
}

func TestBadRequests(t *testing.T) {
	s, _ := newTestServer(t, Config{MaxBody: 1 << 20})
	deep := strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000)
	tests := []struct {
		name   string
		path   string
		ctype  string
		body   io.Reader
		status int
		code   string
	}{
		{"10 MB body", "/v1/verify", "text/plain", bytes.NewReader(bytes.Repeat([]byte(uniquePuzzle+"\n"), 10<<20/82)), 413, "body_too_large"},
		{"10 MB chunked body", "/v1/verify", "text/plain", io.MultiReader(strings.NewReader(strings.Repeat(uniquePuzzle+"\n", 130_000))), 413, "body_too_large"},
		{"JSON nested 100k deep", "/v1/verify", "application/json", strings.NewReader(`{"puzzles":` + deep + `}`), 400, "bad_json"},
		{"JSON nested 100k deep as text", "/v1/verify", "text/plain", strings.NewReader(deep), 422, "invalid_puzzle"},
		{"unknown field", "/v1/verify", "application/json", strings.NewReader(`{"puzzles":["` + uniquePuzzle + `"],"colour":"blue"}`), 400, "bad_json"},
		{"JSON syntax", "/v1/verify", "application/json", strings.NewReader(`{"puzzles":[`), 400, "bad_json"},
		{"empty body", "/v1/verify", "text/plain", strings.NewReader(""), 400, "no_puzzles"},
		{"unknown query parameter", "/v1/verify?colour=blue", "text/plain", strings.NewReader(uniquePuzzle), 400, "bad_request"},
		{"count_limit too high", "/v1/verify?count_limit=100000000", "text/plain", strings.NewReader(uniquePuzzle), 400, "bad_request"},
		{"count_limit 1", "/v1/verify?count_limit=1", "text/plain", strings.NewReader(uniquePuzzle), 400, "bad_request"},
		{"bad timeout", "/v1/verify?timeout=forever", "text/plain", strings.NewReader(uniquePuzzle), 400, "bad_request"},
		{"generate unknown field", "/v1/generate", "application/json", strings.NewReader(`{"count":1,"colour":"blue"}`), 400, "bad_json"},
		{"generate count 0", "/v1/generate", "application/json", strings.NewReader(`{"count":0}`), 400, "bad_request"},
		{"generate too many", "/v1/generate", "application/json", strings.NewReader(`{"count":100000}`), 400, "bad_request"},
		{"generate bad symmetry", "/v1/generate", "application/json", strings.NewReader(`{"count":1,"symmetry":"spiral"}`), 400, "bad_request"},
		{"generate bad order", "/v1/generate", "application/json", strings.NewReader(`{"count":1,"order":"spiral"}`), 400, "bad_request"},
		{"generate bad format", "/v1/generate", "application/json", strings.NewReader(`{"count":1,"format":"docx"}`), 400, "bad_request"},
		{"generate nested deep", "/v1/generate", "application/json", strings.NewReader(deep), 400, "bad_json"},
		{"book of a multiple puzzle", "/v1/book", "text/plain", strings.NewReader(uniquePuzzle + "\n" + multiplePuzzle + "\n"), 422, "not_unique"},
		{"book bad per_page", "/v1/book?per_page=5", "text/plain", strings.NewReader(uniquePuzzle), 400, "bad_request"},
		{"rate steps of too many", "/v1/rate?steps=true", "text/plain", strings.NewReader(strings.Repeat(uniquePuzzle+"\n", 101)), 400, "bad_request"},
		{"rate binary", "/v1/rate", "text/plain", strings.NewReader("\x00\x01\x02\x03"), 422, "invalid_puzzle"},
		{"unknown route", "/v1/count", "text/plain", strings.NewReader(uniquePuzzle), 404, "not_found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := call(t, s, "POST", tt.path, tt.ctype, tt.body)
			if a.status != tt.status {
				t.Fatalf("POST %s = %d, want %d\n%.500s", tt.path, a.status, tt.status, a.body)
			}
			e, _ := a.json["error"].(map[string]any)
			if e == nil || e["code"] != tt.code || e["message"] == "" {
				t.Fatalf("POST %s: error %v, want code %s with a message", tt.path, e, tt.code)
			}
		})
	}
}

func TestVerifyCountLimit(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	// The empty 4x4 grid has exactly 288 solutions.
	a := call(t, s, "POST", "/v1/verify?count_limit=1000", "text/plain", strings.NewReader("................\n"))
	r := results(t, a)[0]
	if r["count"] != 288.0 || r["count_exact"] != true {
		t.Errorf("empty 4x4: count %v exact %v, want exactly 288", r["count"], r["count_exact"])
	}
}

func TestSolve(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	a := call(t, s, "POST", "/v1/solve", "text/plain", strings.NewReader(uniquePuzzle))
	if a.status != 200 || results(t, a)[0]["solution"] != uniqueSolution {
		t.Fatalf("POST /v1/solve = %d %s, want the solution", a.status, a.body)
	}
}

func TestRate(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	body := uniquePuzzle + "\n" + multiplePuzzle + "\n" + clashPuzzle + "\n"
	a := call(t, s, "POST", "/v1/rate?steps=true", "text/plain", strings.NewReader(body))
	if a.status != 422 {
		t.Fatalf("POST /v1/rate = %d, want 422 (one puzzle clashes)\n%s", a.status, a.body)
	}
	rs := results(t, a)
	want := []string{"rated", "multiple", "invalid"}
	for i, r := range rs {
		if r["status"] != want[i] {
			t.Errorf("puzzle %d: status %v, want %s", i, r["status"], want[i])
		}
	}
	if rs[0]["level"] != "easy" || len(rs[0]["steps"].([]any)) == 0 || len(rs[0]["techniques"].([]any)) == 0 {
		t.Errorf("rating %v: want easy with steps and techniques", rs[0])
	}
	if cc, _ := rs[2]["clash_cells"].([]any); len(cc) != 2 {
		t.Errorf("clash cells %v, want the two fives", rs[2]["clash_cells"])
	}
}

func TestGenerate(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	a := call(t, s, "POST", "/v1/generate", "application/json", strings.NewReader(`{"count":3,"seed":42,"box":"2x2"}`))
	if a.status != 200 {
		t.Fatalf("POST /v1/generate = %d\n%s", a.status, a.body)
	}
	ps := a.json["puzzles"].([]any)
	if len(ps) != 3 {
		t.Fatalf("got %d puzzles, want 3", len(ps))
	}
	// Each puzzle must verify unique with the solution given.
	for _, p := range ps {
		p := p.(map[string]any)
		v := call(t, s, "POST", "/v1/verify", "text/plain", strings.NewReader(p["puzzle"].(string)))
		if r := results(t, v)[0]; r["status"] != "unique" || r["solution"] != p["solution"] {
			t.Errorf("generated %v: verify says %v %v", p, r["status"], r["solution"])
		}
	}
	again := call(t, s, "POST", "/v1/generate", "application/json", strings.NewReader(`{"count":3,"seed":42,"box":"2x2"}`))
	if !bytes.Equal(again.body, a.body) {
		t.Errorf("the same seed gave other puzzles:\n%s\n%s", a.body, again.body)
	}
	txt := call(t, s, "POST", "/v1/generate", "application/json", strings.NewReader(`{"count":3,"seed":42,"box":"2x2","format":"line"}`))
	if lines := strings.Fields(string(txt.body)); txt.status != 200 || len(lines) != 3 || lines[0] != ps[0].(map[string]any)["puzzle"] {
		t.Errorf("format line: %d %q, want the 3 puzzles one per line", txt.status, txt.body)
	}
	// The order of removal reaches the generator: rows makes other puzzles.
	rows := call(t, s, "POST", "/v1/generate", "application/json", strings.NewReader(`{"count":3,"seed":42,"box":"2x2","format":"line","order":"rows"}`))
	if rows.status != 200 || len(strings.Fields(string(rows.body))) != 3 || bytes.Equal(rows.body, txt.body) {
		t.Errorf("order rows: %d %q, want 3 puzzles other than %q", rows.status, rows.body, txt.body)
	}
	pdf := call(t, s, "POST", "/v1/generate", "application/json", strings.NewReader(`{"count":2,"seed":42,"format":"pdf","solutions":true}`))
	if pdf.status != 200 || !bytes.HasPrefix(pdf.body, []byte("%PDF-")) || pdf.header.Get("Content-Type") != "application/pdf" {
		t.Errorf("format pdf: %d %q, want a PDF", pdf.status, pdf.header.Get("Content-Type"))
	}
}

func TestBook(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	a := call(t, s, "POST", "/v1/book?title=Test&solutions=true&page=letter", "text/plain", strings.NewReader(uniquePuzzle+"\n"+uniquePuzzle+"\n"))
	if a.status != 200 || !bytes.HasPrefix(a.body, []byte("%PDF-")) {
		t.Fatalf("POST /v1/book = %d %q, want a PDF", a.status, a.body[:min(200, len(a.body))])
	}
}

func TestHealthReadyMetrics(t *testing.T) {
	s, eng := newTestServer(t, Config{})
	s.SetReady(false)
	if a := call(t, s, "GET", "/readyz", "", nil); a.status != 503 {
		t.Errorf("GET /readyz before warm-up = %d, want 503", a.status)
	}
	if err := s.Warm(t.Context(), 2); err != nil {
		t.Fatal(err)
	}
	if eng.runs != 2 {
		t.Errorf("warm-up ran %d jobs, want one per worker (2)", eng.runs)
	}
	if a := call(t, s, "GET", "/readyz", "", nil); a.status != 200 || a.json["status"] != "ready" {
		t.Errorf("GET /readyz = %d %s, want 200 ready", a.status, a.body)
	}
	if a := call(t, s, "GET", "/healthz", "", nil); a.status != 200 {
		t.Errorf("GET /healthz = %d", a.status)
	}
	call(t, s, "POST", "/v1/verify", "text/plain", strings.NewReader(uniquePuzzle+"\n"+multiplePuzzle))
	m := call(t, s, "GET", "/metrics", "", nil)
	for _, want := range []string{
		`sudokugen_http_requests_total{code="200",route="verify"} 1`,
		`sudokugen_verdicts_total{route="verify",status="unique"} 1`,
		`sudokugen_verdicts_total{route="verify",status="multiple"} 1`,
		`sudokugen_http_request_duration_seconds_bucket{route="verify",le="+Inf"} 1`,
		"sudokugen_queue_puzzles 0",
		"sudokugen_worker_restarts_total 0",
		"sudokugen_workers 1",
	} {
		if !strings.Contains(string(m.body), want) {
			t.Errorf("GET /metrics lacks %q", want)
		}
	}
	s.Drain()
	if a := call(t, s, "GET", "/readyz", "", nil); a.status != 503 || a.json["status"] != "draining" {
		t.Errorf("GET /readyz while draining = %d %s, want 503 draining", a.status, a.body)
	}
	a := call(t, s, "POST", "/v1/verify", "text/plain", strings.NewReader(uniquePuzzle))
	if a.status != 503 || a.header.Get("Retry-After") == "" {
		t.Errorf("POST /v1/verify while draining = %d (Retry-After %q), want 503 with Retry-After", a.status, a.header.Get("Retry-After"))
	}
}

func TestRoyle17Batch(t *testing.T) {
	puzzles := gridtest.Lines(t, "royle17/puzzles.txt")
	sols := gridtest.Lines(t, "royle17/solutions.txt")
	n := 200
	if testing.Short() {
		n = 20
	}
	s, _ := newTestServer(t, Config{})
	a := call(t, s, "POST", "/v1/verify", "text/plain", strings.NewReader(strings.Join(puzzles[:n], "\n")))
	for i, r := range results(t, a) {
		if r["status"] != "unique" || r["solution"] != sols[i] {
			t.Errorf("royle17 %d: %v %v, want unique %s", i, r["status"], r["solution"], sols[i])
		}
	}
}

func TestPage(t *testing.T) {
	s, _ := newTestServer(t, Config{})
	for _, p := range []string{"/", "/app.js", "/style.css"} {
		a := call(t, s, "GET", p, "", nil)
		if a.status != 200 || len(a.body) == 0 {
			t.Errorf("GET %s = %d", p, a.status)
		}
		if csp := a.header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("GET %s: Content-Security-Policy %q, want default-src 'self'", p, csp)
		}
		// Nothing from elsewhere: no absolute URL loads anything.
		for _, bad := range []string{"http://", "https://", "//cdn"} {
			if bytes.Contains(a.body, []byte(bad)) {
				t.Errorf("GET %s refers to %q", p, bad)
			}
		}
	}
}

var _ = time.Second

// /v1/book takes what the book command takes: sections by level with a
// contents page, large print, front matter, any trim size, levels and
// allow_nonunique, in the query or the JSON body.
func TestBookOptions(t *testing.T) {
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext is not installed (Debian package poppler-utils); .ci/run installs it")
	}
	s, _ := newTestServer(t, Config{})
	rated := gridtest.Lines(t, "rated/se_rated.tsv")
	// Two medium puzzles (SE 2.5) and two expert ones (SE 6.6 to 7).
	var easy, hard []string
	for _, l := range rated[1:] {
		p, score, _ := strings.Cut(l, "\t")
		switch {
		case score == "2.5" && len(easy) < 2:
			easy = append(easy, p)
		case score >= "6.6" && score < "7" && len(hard) < 2:
			hard = append(hard, p)
		}
	}
	puzzles := append(append([]string{}, hard...), easy...)
	text := func(t *testing.T, pdf []byte) (string, string) {
		dir := t.TempDir()
		f := filepath.Join(dir, "book.pdf")
		os.WriteFile(f, pdf, 0o644)
		out, err := exec.Command(pdftotext, "-layout", f, "-").Output()
		if err != nil {
			t.Fatalf("pdftotext: %v", err)
		}
		info, _ := exec.Command(filepath.Join(filepath.Dir(pdftotext), "pdfinfo"), f).Output()
		return string(out), string(info)
	}
	body, _ := json.Marshal(map[string]any{"puzzles": puzzles, "title": "Mixed", "page": "6x9", "sections": true,
		"front": "Printed by the tests", "per_page": 2})
	a := call(t, s, "POST", "/v1/book", "application/json", bytes.NewReader(body))
	if a.status != 200 {
		t.Fatalf("POST /v1/book with sections = %d %s", a.status, a.body)
	}
	got, info := text(t, a.body)
	for _, want := range []string{"Mixed", "Printed by the tests", "Contents", "Medium", "Expert", "Solutions"} {
		if !strings.Contains(got, want) {
			t.Errorf("the sectioned book lacks %q:\n%.1500s", want, got)
		}
	}
	if strings.Index(got, "Medium") > strings.Index(got, "Expert") {
		t.Errorf("the medium section is not first")
	}
	if !strings.Contains(info, "432 x 648 pts") {
		t.Errorf("a 6x9 book's pages are not 432 x 648 points:\n%s", info)
	}
	// Large print on A5, by query.
	a = call(t, s, "POST", "/v1/book?large_print=true&page=a5&levels=false&solutions=false", "text/plain", strings.NewReader(strings.Join(puzzles, "\n")))
	if a.status != 200 {
		t.Fatalf("POST /v1/book?large_print=true = %d %s", a.status, a.body)
	}
	got, info = text(t, a.body)
	if strings.Contains(got, "Solutions") || strings.Contains(got, "medium") || !strings.Contains(info, "419.53 x 595.28 pts") {
		t.Errorf("a large-print A5 book without solutions or levels:\n%s\n%s", got, info)
	}
	// A puzzle with several solutions: refused, or printed with allow_nonunique.
	body, _ = json.Marshal(map[string]any{"puzzles": []string{uniquePuzzle, multiplePuzzle}, "allow_nonunique": true})
	if a = call(t, s, "POST", "/v1/book", "application/json", bytes.NewReader(body)); a.status != 200 {
		t.Errorf("POST /v1/book with allow_nonunique = %d %s", a.status, a.body)
	}
	// An invalid puzzle is left out with allow_nonunique, as book
	// --allow-nonunique leaves it out; alone, nothing can be printed.
	body, _ = json.Marshal(map[string]any{"puzzles": []string{uniquePuzzle, clashPuzzle}, "allow_nonunique": true})
	if a = call(t, s, "POST", "/v1/book", "application/json", bytes.NewReader(body)); a.status != 200 || a.header.Get("X-Sudokugen-Skipped") != "1" {
		t.Errorf("POST /v1/book of an invalid puzzle with allow_nonunique = %d (skipped %q), want 200 with puzzle 1 skipped", a.status, a.header.Get("X-Sudokugen-Skipped"))
	}
	body, _ = json.Marshal(map[string]any{"puzzles": []string{clashPuzzle}, "allow_nonunique": true})
	if a = call(t, s, "POST", "/v1/book", "application/json", bytes.NewReader(body)); a.status != 422 {
		t.Errorf("POST /v1/book of only an invalid puzzle with allow_nonunique = %d, want 422", a.status)
	}
	for _, q := range []string{"large_print=true&per_page=4", "page=9x", "sections=maybe", "front=" + strings.Repeat("x", maxFront+1)} {
		if a = call(t, s, "POST", "/v1/book?"+q, "text/plain", strings.NewReader(uniquePuzzle)); a.status != 400 {
			t.Errorf("POST /v1/book?%.40s = %d, want 400", q, a.status)
		}
	}
}
