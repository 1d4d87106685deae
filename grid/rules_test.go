package grid_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	. "github.com/sudokugen/sudokugen/formats"
	. "github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rules"
)

var shape9 = Shape{BoxRows: 3, BoxCols: 3}

// a valid 9x9 grid that is also an X grid: both diagonals hold 1-9
const xSolution = "215438679369271845478695321824967153596312784731854962182743596957126438643589217"

func mustParse(t *testing.T, s string) Grid {
	t.Helper()
	g, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func xRules() *Rules {
	return NewRules(rules.Extra.Of([]Group{{Kind: GroupDiagonal, Cells: Diagonal(9)}, {Kind: GroupAntiDiagonal, Cells: AntiDiagonal(9)}}))
}

func TestRulesValidate(t *testing.T) {
	bands := make([]uint8, 81) // rows as regions
	for i := range bands {
		bands[i] = uint8(i / 9)
	}
	short := slices.Clone(bands)
	short[0] = 1
	tests := []struct {
		name string
		r    Rules
		want string // part of the error; "" for valid
	}{
		{"empty", *NewRules(), ""},
		{"rows as regions", *NewRules(Regions.Of(bands)), ""},
		{"region short", *NewRules(Regions.Of(short)), "region 1: 8 cells, want 9"},
		{"region count", *NewRules(Regions.Of(bands[:80])), "regions: 80 cells, want 81"},
		{"x", *xRules(), ""},
		{"bad diagonal", *NewRules(rules.Extra.Of([]Group{{Kind: GroupDiagonal, Cells: AntiDiagonal(9)}})), "are not a diagonal"},
		{"windows", *NewRules(rules.Extra.Of([]Group{{Kind: GroupWindow, Cells: Windows(shape9)[3]}})), ""},
		{"cage ok", *NewRules(rules.Cages.Of([]Cage{{Cells: []int32{0, 1}, Sum: 17}})), ""},
		{"cage sum", *NewRules(rules.Cages.Of([]Cage{{Cells: []int32{0, 1}, Sum: 18}})), "cage 1 (r1c1 r1c2): no 2 distinct digits from 1 to 9 add up to 18 (they make 3 to 17)"},
		{"cages overlap", *NewRules(rules.Cages.Of([]Cage{{Cells: []int32{0, 1}, Sum: 0}, {Cells: []int32{1, 2}, Sum: 5}})), ""},
		{"cage too big", *NewRules(rules.Cages.Of([]Cage{{Cells: []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, Sum: 0}})), "10 cells, want 1 to 9"},
		{"cage outside", *NewRules(rules.Cages.Of([]Cage{{Cells: []int32{81}, Sum: 0}})), "cell 81 is outside"},
		{"cage twice", *NewRules(rules.Cages.Of([]Cage{{Cells: []int32{3, 3}, Sum: 0}})), "r1c4 is listed twice"},
		{"pair ok", *NewRules(rules.White.Of([]Pair{{0, 9}})), ""},
		{"pair far", *NewRules(rules.Black.Of([]Pair{{0, 10}})), "black dot 1: r1c1 and r2c2 are not orthogonally adjacent"},
		{"thermo diagonal", *NewRules(rules.Thermos.Of([][]int32{{0, 10, 20}})), ""},
		{"thermo gap", *NewRules(rules.Thermos.Of([][]int32{{0, 2}})), "r1c3 does not touch r1c1: not a chain"},
		{"thermo long", *NewRules(rules.Thermos.Of([][]int32{{0, 1, 2, 3, 4, 5, 6, 7, 8, 17}})), "10 cells, want 2 to 9"},
		{"odd and even", *NewRules(rules.Odd.Of([]int32{4}), rules.Even.Of([]int32{4})), "r1c5 is marked both odd and even"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.r.Validate(shape9)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Validate() = %v, want nil", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("Validate() = %v, want an error with %q", err, tt.want)
			case err != nil && !errors.Is(err, ErrRules):
				t.Fatalf("Validate() = %v, does not wrap ErrRules", err)
			}
		})
	}
}

func TestRulesNames(t *testing.T) {
	tests := []struct {
		r    *Rules
		want string
	}{
		{nil, "classic"},
		{NewRules(), "classic"},
		{xRules(), "x"},
		{NewRules(rules.Extra.Of([]Group{{Kind: GroupDiagonal, Cells: Diagonal(9)}})), "diagonal"},
		{NewRules(rules.Cages.Of([]Cage{{Cells: []int32{0, 1}, Sum: 3}}), rules.AntiKing.Of(true)), "killer,anti-king"},
		{NewRules(Regions.Of(make([]uint8, 81)), rules.Extra.Of([]Group{{Kind: GroupWindow, Cells: Windows(shape9)[0]}})), "jigsaw,hyper"},
	}
	for _, tt := range tests {
		if got := tt.r.Name(); got != tt.want {
			t.Errorf("Name() = %q, want %q", got, tt.want)
		}
	}
}

func TestGeometry(t *testing.T) {
	if got := Windows(shape9); len(got) != 4 || got[0][0] != 10 || got[3][8] != 70 {
		t.Errorf("Windows(3x3) = %v, want 4 windows from r2c2 to r8c8", got)
	}
	if got := AntiDiagonal(9); got[0] != 72 || got[8] != 8 {
		t.Errorf("AntiDiagonal(9) = %v, want r9c1 ... r1c9", got)
	}
	d := DisjointGroups(shape9)
	if len(d) != 9 || !slices.Equal(d[0], []int32{0, 3, 6, 27, 30, 33, 54, 57, 60}) {
		t.Errorf("DisjointGroups(3x3)[0] = %v", d[0])
	}
	if got := rules.KnightNeighbours(9, 0); !slices.Equal(got, []int32{11, 19}) {
		t.Errorf("rules.KnightNeighbours(9, r1c1) = %v, want r2c3 r3c2", got)
	}
}

func TestRuleUnits(t *testing.T) {
	u := xRules().Units(shape9)
	if len(u.Units) != 29 || u.Labels[27] != "diagonal" || u.Labels[28] != "anti-diagonal" {
		t.Fatalf("X units: %d units, labels %v", len(u.Units), u.Labels[26:])
	}
	// r1c1 sees its row, column, box and the main diagonal: 8+8+4+6 cells.
	if got := len(u.Peers[0]); got != 26 {
		t.Errorf("r1c1 has %d peers on an X grid, want 26", got)
	}
	// r5c5 is on both diagonals: 20 + 6 + 6.
	if got := len(u.Peers[40]); got != 32 {
		t.Errorf("r5c5 has %d peers on an X grid, want 32", got)
	}
	classic := (*Rules)(nil).Units(shape9)
	su := shape9.Units()
	for i := range su.Peers {
		if !slices.Equal(classic.Peers[i], sorted(su.Peers[i])) {
			t.Fatalf("nil rules: peers of cell %d differ from the classic tables", i)
		}
	}
}

func sorted(a []int32) []int32 {
	b := slices.Clone(a)
	slices.Sort(b)
	return b
}

func TestRuleClashesAndCheck(t *testing.T) {
	sol := mustParse(t, xSolution)
	if err := xRules().Check(sol); err != nil {
		t.Fatalf("X rules on an X grid: %v", err)
	}
	plain := mustParse(t, "534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	if err := xRules().Check(plain); err == nil || !strings.Contains(err.Error(), "diagonal") {
		t.Fatalf("X rules on a grid whose diagonals repeat: %v, want a diagonal clash", err)
	}
	tests := []struct {
		name  string
		cells string // givens in row 1 then dots
		r     *Rules
		want  string
	}{
		{"diagonal", "1........" + ".........." + ".1", xRules(), "digit 1 repeats in diagonal (r1c1 and r3c3)"},
		{"cage repeat", "22", NewRules(rules.Cages.Of([]Cage{{Cells: []int32{0, 9, 1}, Sum: 0}})), "digit 2 repeats in row 1"},
		{"cage sum", "9", NewRules(rules.Cages.Of([]Cage{{Cells: []int32{0, 1}, Sum: 9}})), "cage 1 (r1c1 r1c2) must add up to 9"},
		{"odd", ".4", NewRules(rules.Odd.Of([]int32{1})), "r1c2 holds 4, but it is marked odd"},
		{"white", "13", NewRules(rules.White.Of([]Pair{{0, 1}})), "r1c1 holds 1 and r1c2 holds 3, which white dot 1 between them does not allow"},
		{"black ok", "36", NewRules(rules.Black.Of([]Pair{{0, 1}})), ""},
		{"x", "37", NewRules(rules.X.Of([]Pair{{0, 1}})), ""},
		{"v", "32", NewRules(rules.V.Of([]Pair{{0, 1}})), ""},
		{"v bad", "3........4", NewRules(rules.V.Of([]Pair{{0, 9}})), "V 1"},
		{"thermo", "5.4", NewRules(rules.Thermos.Of([][]int32{{0, 1, 2}})), "thermometer 1 must increase"},
		{"thermo end", "..2", NewRules(rules.Thermos.Of([][]int32{{0, 1, 2}})), "cannot be cell 3"},
		{"king", "1" + "........." + "1", NewRules(rules.AntiKing.Of(true)), "digit 1 repeats a king's move apart (r1c1 and r2c2)"},
		{"knight", "1" + "........." + ".1", NewRules(rules.AntiKnight.Of(true)), "a knight's move apart (r1c1 and r2c3)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := mustParse(t, (tt.cells + strings.Repeat(".", 81))[:81])
			g.Rules = tt.r
			cl := g.Clashes()
			if tt.want == "" {
				if len(cl) > 0 {
					t.Fatalf("Clashes() = %v, want none", cl)
				}
				return
			}
			for _, c := range cl {
				if strings.Contains(c.String(), tt.want) {
					return
				}
			}
			t.Fatalf("Clashes() = %v, want one with %q", cl, tt.want)
		})
	}
}

func TestSolvesHonoursRules(t *testing.T) {
	plain := mustParse(t, "534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	p := New(shape9)
	if !p.Solves(plain) {
		t.Fatal("classic: the empty grid is not solved by a valid grid")
	}
	p.Rules = xRules()
	if p.Solves(plain) {
		t.Fatal("X: a grid whose diagonals repeat solves the empty X puzzle")
	}
	if !p.Solves(mustParse(t, xSolution)) {
		t.Fatal("X: a valid X grid does not solve the empty X puzzle")
	}
	q := p.Clone()
	if q.Rules != p.Rules || !q.Equal(p) {
		t.Fatal("Clone does not keep the rules")
	}
	q.Rules = nil
	if q.Equal(p) {
		t.Fatal("Equal ignores the rules")
	}
}

func TestCombinations(t *testing.T) {
	// brute force over every subset
	for _, n := range []int{4, 6, 9} {
		for k := 1; k <= n; k++ {
			lo, hi := SumRange(n, k)
			for sum := lo - 1; sum <= hi+1; sum++ {
				var want []uint64
				for set := uint64(0); set < 1<<n; set++ {
					m := set << 1
					if Popcount(m) != k {
						continue
					}
					s := 0
					for d := 1; d <= n; d++ {
						if m&(1<<d) != 0 {
							s += d
						}
					}
					if s == sum {
						want = append(want, m)
					}
				}
				slices.Sort(want)
				if got := Combinations(n, k, sum); !slices.Equal(got, want) {
					t.Fatalf("Combinations(%d, %d, %d) = %b, want %b", n, k, sum, got, want)
				}
			}
		}
	}
}

// A list reads as in a sentence, the conjunction before the last part.
func TestListWords(t *testing.T) {
	for _, c := range []struct {
		parts []string
		want  string
	}{{nil, ""}, {[]string{"3"}, "3"}, {[]string{"3", "4"}, "3 or 4"}, {[]string{"1", "2", "5"}, "1, 2 or 5"}} {
		if got := ListWords(c.parts, "or"); got != c.want {
			t.Errorf("ListWords(%q) = %q, want %q", c.parts, got, c.want)
		}
	}
}
