package formats_test

import (
	"errors"
	"strings"
	"testing"

	. "github.com/sudokugen/sudokugen/formats"
	. "github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rules"
)

// A published 5x5 jigsaw (see verify/testdata/variants) and its solution.
const (
	jig5      = "2......3.5.....3.4......3"
	jig5Sol   = "2513414325435123245151243"
	jig5Rules = `{"regions":[[1,1,2,2,2],[1,1,3,2,2],[4,1,3,3,5],[4,3,3,5,5],[4,4,4,5,5]]}`
)

// A size without a box shape exists only with regions: the shape without
// boxes is refused by Validate, taken by ValidateWith with regions.
func TestBoxlessShape(t *testing.T) {
	for _, n := range []int{5, 7, 11, 13, 31} {
		sh, err := RegionShape(n)
		if err != nil || !sh.Boxless() || sh.N() != n {
			t.Fatalf("RegionShape(%d) = %v, %v; want 1x%d", n, sh, err, n)
		}
		err = sh.Validate()
		if !errors.Is(err, ErrNoBoxes) || !errors.Is(err, ErrShape) || !strings.Contains(err.Error(), "give its jigsaw regions") {
			t.Errorf("%v.Validate() = %v, want ErrNoBoxes", sh, err)
		}
		if err := sh.ValidateWith(NewRules(rules.AntiKing.Of(true))); !errors.Is(err, ErrNoBoxes) {
			t.Errorf("%v without regions: %v, want ErrNoBoxes", sh, err)
		}
		if err := sh.ValidateWith(NewRules(Regions.Of([]uint8{}))); err != nil {
			t.Errorf("%v with regions: %v", sh, err)
		}
	}
	for _, n := range []int{4, 6, 9, 12} {
		if sh, _ := RegionShape(n); sh.Boxless() {
			t.Errorf("RegionShape(%d) = %v, want its boxes", n, sh)
		}
		// 1xN is not a second form of a size with boxes
		if err := (Shape{BoxRows: 1, BoxCols: n}).ValidateWith(NewRules(Regions.Of([]uint8{}))); err == nil {
			t.Errorf("1x%d with regions is valid, want an error", n)
		}
	}
}

// A 5x5 jigsaw reads from JSON Lines, from f-puzzles and from text given
// the shape, writes back to f-puzzles and rules JSON, and its rules hold
// for its solution; windows and disjoint groups, which follow boxes, are
// refused.
func TestBoxlessJigsaw(t *testing.T) {
	g, err := Parse(`{"puzzle":"` + jig5 + `","rules":` + jig5Rules + `}`)
	if err != nil {
		t.Fatal(err)
	}
	if !g.Boxless() || g.Rules.Name() != "jigsaw" {
		t.Fatalf("read %v with rules %s, want a 5x5 jigsaw without boxes", g.Shape, g.Rules.Name())
	}
	sol, err := ParseWith(jig5Sol, ReadOptions{Shape: g.Shape})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Solves(sol) || len(g.Clashes()) != 0 {
		t.Errorf("the published solution does not solve it: %v", g.Rules.Check(sol))
	}
	bad := sol.Clone()
	bad.Cells[0], bad.Cells[1] = bad.Cells[1], bad.Cells[0]
	if g.Solves(bad) {
		t.Error("a grid with two cells swapped solves it")
	}
	fp, err := MarshalFPuzzles(g)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseFPuzzles(fp)
	if err != nil || !back.Equal(g) {
		t.Errorf("f-puzzles round trip: %v, %v; want %v", back, err, g)
	}
	link, err := FPuzzlesLink(g)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := ParseFPuzzlesLink(link); err != nil || !back.Equal(g) {
		t.Errorf("f-puzzles link round trip: %v, %v", back, err)
	}
	// the same grid without regions is no puzzle: every reader says so
	plain := Grid{Shape: g.Shape, Cells: g.Cells}
	if _, err := MarshalFPuzzles(plain); !errors.Is(err, ErrNoBoxes) {
		t.Errorf("MarshalFPuzzles without regions: %v, want ErrNoBoxes", err)
	}
	noRegions := strings.ReplaceAll(string(fp), `,"region":`, `,"c":`)
	noRegions = strings.ReplaceAll(noRegions, `{"region":`, `{"c":`)
	if _, err := ParseFPuzzles([]byte(noRegions)); err == nil || !strings.Contains(err.Error(), "a 5x5 grid has no boxes") {
		t.Errorf("f-puzzles 5x5 without regions: %v, want an error that it has no boxes", err)
	}
	for _, in := range []string{
		`{"puzzle":"` + jig5 + `","rules":{"anti_king":true}}`,
		`{"puzzle":"` + jig5 + `"}`,
		jig5,
	} {
		if _, err := Parse(in); err == nil || !strings.Contains(err.Error(), "a 5x5 grid has no boxes: give its jigsaw regions") {
			t.Errorf("Parse(%s) = %v, want an error that it has no boxes", in, err)
		}
	}
	for _, k := range []GroupKind{GroupWindow, GroupDisjoint} {
		r := NewRules(Regions.Of(Regions.Get(g.Rules)), rules.Extra.Of([]Group{{Kind: k, Cells: []int32{0, 6, 12, 18, 24}}}))
		if err := r.Validate(g.Shape); err == nil || !strings.Contains(err.Error(), "no boxes") {
			t.Errorf("a %s on a 5x5 jigsaw: %v, want an error", k, err)
		}
	}
}
