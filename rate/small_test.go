package rate

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/grid/gridtest"
)

// minimalPuzzle removes clues from solution s in random order while the
// puzzle keeps one solution (checked by the tests' own counter).
func minimalPuzzle(s grid.Grid, r *rand.Rand) grid.Grid {
	p := s.Clone()
	order := r.Perm(len(p.Cells))
	if s.N() > 9 {
		order = order[:len(order)/2] // keep the test fast on 16x16
	}
	for _, i := range order {
		v := p.Cells[i]
		p.Cells[i] = 0
		if count, _ := gridtest.Count(p, 2); count != 1 {
			p.Cells[i] = v
		}
	}
	return p
}

// patternGrid returns a valid full grid of shape s, its digits relabelled
// at random.
func patternGrid(s grid.Shape, r *rand.Rand) grid.Grid {
	n := s.N()
	g := grid.New(s)
	perm := r.Perm(n)
	for row := 0; row < n; row++ {
		for col := 0; col < n; col++ {
			v := (s.BoxCols*(row%s.BoxRows) + row/s.BoxRows + col) % n
			g.Set(row, col, perm[v]+1)
		}
	}
	return g
}

// sampleShapes runs f count times on each shape, in a subtest per shape:
// 20 times up to 9x9 and 3 times above, all drawing on one random source
// seeded with seed, which it logs.
func sampleShapes(t *testing.T, seed uint64, shapes []grid.Shape, f func(t *testing.T, sh grid.Shape, r *rand.Rand)) {
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 1))
	for _, sh := range shapes {
		t.Run(sh.String(), func(t *testing.T) {
			count := 20
			if sh.N() > 9 {
				count = 3
			}
			for i := 0; i < count; i++ {
				f(t, sh, r)
			}
		})
	}
}

func TestSmallShapes(t *testing.T) {
	shapes := []grid.Shape{{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 3, BoxCols: 2}, {BoxRows: 2, BoxCols: 4}, {BoxRows: 3, BoxCols: 3}, {BoxRows: 4, BoxCols: 4}}
	sampleShapes(t, 20261122, shapes, func(t *testing.T, sh grid.Shape, r *rand.Rand) {
		sol := patternGrid(sh, r)
		if len(sol.Clashes()) > 0 {
			t.Fatalf("patternGrid(%v) = %v has clashes", sh, sol)
		}
		p := minimalPuzzle(sol, r)
		res := Puzzle(p, Options{Explain: true})
		checkSteps(t, p.String(), sol, res)
		if res.Score <= 0 {
			t.Errorf("Puzzle(%q).Score = %v, want > 0", p, res.Score)
		}
	})
}

func TestAll4x4Grids(t *testing.T) {
	lines := readLines(t, "4x4/all_grids.txt")
	seed := uint64(7)
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 4))
	for _, l := range lines {
		sol := mustParse(t, l)
		p := minimalPuzzle(sol, r)
		res := Puzzle(p, Options{Explain: true})
		checkSteps(t, p.String(), sol, res)
	}
}

func TestInvalid(t *testing.T) {
	full := "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	tests := []struct {
		name   string
		grid   grid.Grid
		err    error
		solved bool
	}{
		{"solved grid", mustParse(t, full), nil, true},
		{"empty 9x9", grid.New(grid.Shape{BoxRows: 3, BoxCols: 3}), ErrMultiple, false},
		{"repeated digit", mustParse(t, "55"+strings.Repeat(".", 79)), ErrInvalid, false},
		{"digit out of range", grid.Grid{Shape: grid.Shape{BoxRows: 2, BoxCols: 2}, Cells: make([]uint8, 15)}, ErrInvalid, false},
		{"bad shape", grid.Grid{Shape: grid.Shape{BoxRows: 1, BoxCols: 4}, Cells: make([]uint8, 16)}, ErrInvalid, false},
		{"no solution", mustParse(t, "12345678."+strings.Repeat(".", 71)+"9"), ErrNoSolution, false},
	}
	tests[3].grid.Cells[0] = 9
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Puzzle(tt.grid, Options{})
			if !errors.Is(res.Err, tt.err) || res.Solved != tt.solved {
				t.Errorf("Puzzle(%q) = solved %v, err %v; want solved %v, err %v", tt.grid, res.Solved, res.Err, tt.solved, tt.err)
			}
		})
	}
}

func TestSudopediaInvalid(t *testing.T) {
	lines := readLines(t, "invalid/sudopedia.tsv")
	checked := 0
	defer func() {
		if checked < 10 {
			t.Errorf("checked %d Sudopedia cases, want at least 10", checked)
		}
	}()
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t")
		if len(f) < 3 {
			continue
		}
		g, ok := parseLine(f[1])
		if !ok {
			g, ok = parseLine(f[0])
		}
		if !ok {
			continue
		}
		checked++
		res := Puzzle(g, Options{})
		if res.Solved {
			t.Errorf("Puzzle(%q) (%s) solved, want an error", g, f[len(f)-1])
		}
	}
}

func TestMaxScore(t *testing.T) {
	// a puzzle that needs chains (SE 7.1)
	g := mustParse(t, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	full := Puzzle(g, Options{})
	res := Puzzle(g, Options{MaxScore: 4.0})
	if !errors.Is(res.Err, ErrTooHard) || res.Score <= 4.0 || res.Solved {
		t.Errorf("Puzzle(%q, MaxScore 4) = score %v, err %v; want score > 4 and ErrTooHard (full score %v)", g, res.Score, res.Err, full.Score)
	}
}

func TestLevelOf(t *testing.T) {
	tests := []struct {
		score float64
		want  Level
	}{
		{1.2, Easy}, {2.3, Easy}, {2.5, Medium}, {3.4, Medium}, {3.6, Hard}, {6.2, Hard},
		{6.3, Expert}, {7.5, Expert}, {7.6, Extreme}, {9.5, Extreme},
	}
	for _, tt := range tests {
		if got := LevelOf(tt.score); got != tt.want {
			t.Errorf("LevelOf(%v) = %v, want %v", tt.score, got, tt.want)
		}
		if l, ok := ParseLevel(tt.want.String()); !ok || l != tt.want {
			t.Errorf("ParseLevel(%q) = %v, %v, want %v, true", tt.want.String(), l, ok, tt.want)
		}
	}
}

func TestLengthBonus(t *testing.T) {
	// Sudoku Explainer adds 0.1 each time the chain outgrows 4, 6, 8, 12,
	// 16, 24, 32... potentials (not counting two).
	tests := []struct{ complexity, want int }{
		{4, 0}, {6, 0}, {7, 1}, {8, 1}, {9, 2}, {10, 2}, {11, 3}, {14, 3}, {15, 4}, {18, 4}, {19, 5}, {26, 5}, {27, 6},
	}
	for _, tt := range tests {
		if got := lengthBonus(tt.complexity); got != tt.want {
			t.Errorf("lengthBonus(%d) = %d, want %d", tt.complexity, got, tt.want)
		}
	}
}

func TestTechniqueNames(t *testing.T) {
	seen := map[string]bool{}
	for k := Technique(0); k < numTechniques; k++ {
		name := k.String()
		if name == "" || seen[name] {
			t.Errorf("Technique(%d).String() = %q: empty or repeated", k, name)
		}
		seen[name] = true
		if k > 0 && k.Score() == 0 {
			t.Errorf("Technique(%d).Score() = 0", k)
		}
	}
	if got := Technique(-1).String(); got != "unknown technique" {
		t.Errorf("Technique(-1).String() = %q, want %q", got, "unknown technique")
	}
}

func FuzzPuzzle(f *testing.F) {
	f.Add([]byte{2, 1, 2, 0, 0, 3})
	f.Add([]byte("\x00530070000600195000098000060800060003400803001700020006060000280000419005000080079"))
	f.Add([]byte{1, 9, 9, 9})
	shapes := []grid.Shape{{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 3, BoxCols: 3}, {BoxRows: 2, BoxCols: 4}, {BoxRows: 4, BoxCols: 4}}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		sh := shapes[int(data[0])%len(shapes)]
		g := grid.New(sh)
		for i := range g.Cells {
			if 1+i < len(data) {
				v := data[1+i]
				if v >= '0' && v <= '9' {
					v -= '0'
				}
				g.Cells[i] = v % uint8(sh.N()+3)
			}
		}
		res := Puzzle(g, Options{Explain: true})
		if res.Solved != (res.Err == nil) {
			t.Fatalf("Puzzle(%q): Solved %v with Err %v", g, res.Solved, res.Err)
		}
		if Below(g, 9.5) && !res.Solved {
			t.Fatalf("Below(%q, 9.5) = true, but Puzzle says %v", g, res.Err)
		}
		if res.Solved {
			// replay the steps: they must fill the grid without clashes
			h := g.Clone()
			for _, s := range res.Steps {
				if s.Place != nil {
					h.Set(s.Place.Cell.Row, s.Place.Cell.Col, s.Place.Digit)
				}
			}
			if !g.Solves(h) {
				t.Fatalf("Puzzle(%q): steps give %q, not a solution", g, h)
			}
		}
	})
}

func TestJSON(t *testing.T) {
	res := Puzzle(mustParse(t, "..982..5.68...3.9.........8.5..8...47..1.9..53...6..1.5.........4.2...61.1..357.."), Options{})
	b, err := json.Marshal(struct {
		Level  Level
		Counts []Count
	}{res.Level, res.Counts[:1]})
	want := `{"Level":"medium","Counts":[{"Technique":"full house","Count":20}]}`
	if err != nil || string(b) != want {
		t.Errorf("json.Marshal(result) = %s, %v, want %s", b, err, want)
	}
}

// Puzzle keeps no shared state: rating in parallel gives the same results
// as rating in sequence.
func TestConcurrent(t *testing.T) {
	lines := readLines(t, "tdoku/top1465.txt")[:16]
	want := make([]Result, len(lines))
	for i, l := range lines {
		want[i] = Puzzle(mustParse(t, l), Options{})
	}
	for _, workers := range []int{2, 4} {
		got := make([]Result, len(lines))
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				for i := w; i < len(lines); i += workers {
					got[i] = Puzzle(mustParse(t, lines[i]), Options{})
				}
			}(w)
		}
		wg.Wait()
		for i := range lines {
			if got[i].Score != want[i].Score || !reflect.DeepEqual(got[i].Counts, want[i].Counts) {
				t.Errorf("with %d workers Puzzle(%q) = %v %v, want %v %v", workers, lines[i], got[i].Score, got[i].Counts, want[i].Score, want[i].Counts)
			}
		}
	}
}
