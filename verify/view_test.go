package verify

import (
	"encoding/json"
	"testing"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
)

func TestViewJSON(t *testing.T) {
	g, err := formats.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	unique := NewView(2, "a.txt", 3, "p")
	unique.Fill(Puzzle(g, Options{}), nil)
	clash, err := formats.Parse("55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	invalid := NewView(0, "b", 1, "55")
	invalid.Fill(Puzzle(clash, Options{}), nil)
	digits, err := grid.ParseAlphabet("0-8")
	if err != nil {
		t.Fatal(err)
	}
	zeroes := NewView(0, "", 0, "44")
	zeroes.Fill(Puzzle(clash, Options{}), &digits)
	const sol = `"534678912672195348198342567859761423426853791713924856961537284287419635345286179"`
	for _, tt := range []struct {
		name string
		v    View
		want string
	}{
		{"unique", unique, `{"index":2,"file":"a.txt","line":3,"puzzle":"p","status":"unique","proof":"propagation","count":1,"count_exact":true,"solution":` + sol + `,"solutions":[` + sol + `],"error":null}`},
		{"no verdict", View{Status: "error", Solutions: []string{}}, `{"index":0,"file":"","line":0,"puzzle":"","status":"error","count":0,"count_exact":false,"solution":null,"solutions":[],"error":null}`},
		{"clash", invalid, `{"index":0,"file":"b","line":1,"puzzle":"55","status":"invalid","count":0,"count_exact":true,"solution":null,"solutions":[],"clashes":["digit 5 repeats in row 1 (r1c1 and r1c2)","digit 5 repeats in box 1 (r1c1 and r1c2)"],"error":"givens clash: digit 5 repeats in row 1 (r1c1 and r1c2) (and 1 more)"}`},
		{"clash in other symbols", zeroes, `{"index":0,"file":"","line":0,"puzzle":"44","status":"invalid","count":0,"count_exact":true,"solution":null,"solutions":[],"clashes":["digit 4 repeats in row 1 (r1c1 and r1c2)","digit 4 repeats in box 1 (r1c1 and r1c2)"],"error":"givens clash: digit 4 repeats in row 1 (r1c1 and r1c2) (and 1 more)"}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(tt.v)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("json.Marshal(%s) =\n%s\nwant\n%s", tt.name, got, tt.want)
			}
		})
	}
}
