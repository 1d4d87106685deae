package rules

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/sumcnf"
)

// littleKillerKind is little killers: a number outside the grid with an
// arrow along a diagonal is the sum of the digits on that diagonal, which
// may repeat. f-puzzles writes them as "littlekillersum": [{"cell": "R0C1",
// "direction": "DR", "value": "12"}], the cell outside the grid, a clue
// without a value (or 0, as SudokuSolver reads it) being a mark without a
// rule; the JSON form as "little_killers": [{"cell": "r0c1", "direction":
// "DR", "sum": 12}].
var littleKillerKind = &grid.Kind{
	Name:  "little killer",
	Has:   func(r *grid.Rules) bool { return len(littleKillers(r)) > 0 },
	Equal: func(a, b *grid.Rules) bool { return slices.Equal(littleKillers(a), littleKillers(b)) },
	Names: func(r *grid.Rules, out []string) []string {
		if len(littleKillers(r)) > 0 {
			out = append(out, "little-killer")
		}
		return out
	},
	FPFields:   []string{"littlekillersum"},
	ReadFP:     readLittleKillersFP,
	WriteFP:    writeLittleKillersFP,
	WriteISS:   writeLittleKillersISS,
	JSONFields: []string{"little_killers"},
	ReadJSON:   readLittleKillersJSON,
	WriteJSON: func(o *grid.JSONOut, r *grid.Rules) error {
		lks := littleKillers(r)
		if len(lks) == 0 {
			return nil
		}
		type lkJSON struct {
			Cell      string `json:"cell"`
			Direction string `json:"direction"`
			Sum       int    `json:"sum"`
		}
		out := make([]lkJSON, len(lks))
		for i, k := range lks {
			out[i] = lkJSON{outsideName(k.row, k.col), dirName(k.dir), k.sum}
		}
		o.Field("little_killers", out)
		return nil
	},
	Validate: func(v *grid.Validation, r *grid.Rules) error {
		n := v.N
		seen := map[littleKiller]bool{}
		for k, lk := range littleKillers(r) {
			rule := func() string {
				return fmt.Sprintf("little killer %d (%s %s)", k+1, outsideName(lk.row, lk.col), dirName(lk.dir))
			}
			inside := lk.row >= 0 && lk.row < n && lk.col >= 0 && lk.col < n
			if inside || lk.row < -1 || lk.row > n || lk.col < -1 || lk.col > n {
				return grid.RuleErrorf(rule(), "the clue is not just outside the %dx%d grid", n, n)
			}
			cells := lk.cells(n)
			if len(cells) == 0 {
				return grid.RuleErrorf(rule(), "its arrow points away from the grid")
			}
			if lk.sum < len(cells) || lk.sum > len(cells)*n {
				return grid.RuleErrorf(rule(), "sum %d: its %d cells add up to %d to %d", lk.sum, len(cells), len(cells), len(cells)*n)
			}
			key := lk
			key.sum = 0
			if seen[key] {
				return grid.RuleErrorf(rule(), "a second clue in the same place and direction")
			}
			seen[key] = true
		}
		return nil
	},
	Clashes: func(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash {
		n := g.N()
		for k, lk := range littleKillers(r) {
			cells := lk.cells(n)
			sum, full := 0, true
			for _, c := range cells {
				sum += int(g.Cells[c])
				full = full && g.Cells[c] != 0
			}
			if full && sum != lk.sum {
				x, y := grid.CellOf(n, cells[0]), grid.CellOf(n, cells[len(cells)-1])
				out = append(out, grid.Clash{Unit: "little killer", Index: k, Digit: int(g.Cells[cells[0]]), A: x, B: y,
					Detail: fmt.Sprintf("little killer %d at %s says %d, and the diagonal from %s to %s adds up to %d", k+1, outsideName(lk.row, lk.col), lk.sum, x, y, sum)})
			}
		}
		return out
	},
	Lower: func(s grid.Shape, r *grid.Rules, l *grid.Lowered) {
		// its clauses are all it lowers to: a caller that wants none
		// (lowerBare: the units and the direct check of every solution
		// found) gets nothing, without the encoding built and dropped
		lks := littleKillers(r)
		if len(lks) == 0 || l.Bare() {
			return
		}
		e := sumcnf.NewEnc(s, l)
		for _, lk := range lks {
			cells := lk.cells(s.N())
			e.SumIs(e.Cells(cells), lk.sum)
			l.Scope(cells)
			label := "little killer " + strconv.Itoa(lk.sum) + " " + lineName(s.N(), cells)
			l.ScopeLabels[len(l.ScopeLabels)-1] = label
			l.AddLinear(cells, nil, nil, lk.sum, label, [2]string{})
		}
	},
	Layouts: []grid.Layout{{Name: "little-killer", Aliases: []string{"littlekiller"}, Gloss: "little killer clues drawn from the solution, then givens removed to minimal",
		After: func(rng *rand.Rand, full grid.Grid, r *grid.Rules) {
			n := full.N()
			setLittleKillers(r, randomLittleKillers(rng, n, full.Cells, littleKillerCount(rng, n)))
		},
		Refuse: refuseOverSumLayout("little killer")}},
	Random: func(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
		setLittleKillers(r, append(littleKillers(r), randomLittleKillers(rng, s.N(), sol, 1+rng.IntN(4))...))
	},
	Draw: func(s grid.Shape, r *grid.Rules, d *grid.Drawing) {
		for _, lk := range littleKillers(r) {
			d.Outside = append(d.Outside, grid.OutsideClue{Row: lk.row, Col: lk.col, Text: strconv.Itoa(lk.sum), Dir: lk.dir})
		}
	},
	Titles: map[string]string{"little-killer": "Little killer"},
	Text: func(all []grid.Grid) []string {
		for _, g := range all {
			if len(littleKillers(g.Rules)) > 0 {
				return []string{"A number outside the grid is the sum of the digits along the diagonal its arrow points to; digits may repeat on a diagonal."}
			}
		}
		return nil
	},
}

// writeLittleKillersISS writes each clue as ISS's LittleKiller, which
// names its diagonal by the first cell of the one list ISS keeps of it
// (issDiagonals), whatever side the clue is on: the sum of the diagonal's
// digits, which may repeat, is the same read either way. ISS keeps one
// clue a diagonal, and has none for the diagonal of a corner cell: a
// second clue of a diagonal with another sum, and a corner's, go as ISS's
// Sum of the cells, whose digits may repeat too.
func writeLittleKillersISS(o *grid.ISSOut, r *grid.Rules) error {
	diagonals := issDiagonals(o.N)
	written := map[string]int{}
	for _, lk := range littleKillers(r) {
		cells := lk.cells(o.N)
		key := fmt.Sprint(slices.Sorted(slices.Values(cells)))
		first, ok := diagonals[key]
		sum, seen := written[key]
		switch {
		case ok && !seen:
			written[key] = lk.sum
			o.Add("LittleKiller", strconv.Itoa(lk.sum), o.Cell(first))
		case ok && sum == lk.sum:
		default:
			o.Add("Sum", append([]string{strconv.Itoa(lk.sum)}, o.Cells(cells)...)...)
		}
	}
	return nil
}

// issDiagonals returns the diagonals that ISS has little killer clues for
// on a grid of size n, each by its cells in sorted order (written with
// fmt.Sprint), with the first cell of ISS's list of it: from each cell of
// the left side but the bottom one down to the right, of the right side
// but the corners up to the left, of the top side but the left corner
// down to the left, and of the bottom side but the corners up to the
// right, each diagonal once, in that order, and none of one cell. (ISS:
// js/sudoku_constraint.js, LittleKiller.cellMap.)
func issDiagonals(n int) map[string]int32 {
	out := map[string]int32{}
	add := func(row, col, dr, dc int) {
		var cells []int32
		for r, c := row, col; r >= 0 && r < n && c >= 0 && c < n; r, c = r+dr, c+dc {
			cells = append(cells, int32(r*n+c))
		}
		key := fmt.Sprint(slices.Sorted(slices.Values(cells)))
		if _, seen := out[key]; !seen && len(cells) > 1 {
			out[key] = cells[0]
		}
	}
	for row := 0; row < n-1; row++ {
		add(row, 0, 1, 1)
	}
	for row := 1; row < n-1; row++ {
		add(row, n-1, -1, -1)
	}
	for col := 1; col < n; col++ {
		add(0, col, 1, -1)
	}
	for col := 1; col < n-1; col++ {
		add(n-1, col, -1, 1)
	}
	return out
}

// littleKiller is a little killer clue: its place outside the grid (0-based
// row and column, -1 to N), the (row, column) step of its diagonal, and
// its sum.
type littleKiller struct {
	row, col int
	dir      [2]int
	sum      int
}

// cells returns the cells of the diagonal of lk on a grid of size n.
func (lk littleKiller) cells(n int) []int32 {
	var out []int32
	for r, c := lk.row+lk.dir[0], lk.col+lk.dir[1]; r >= 0 && r < n && c >= 0 && c < n; r, c = r+lk.dir[0], c+lk.dir[1] {
		out = append(out, int32(r*n+c))
	}
	return out
}

func littleKillers(r *grid.Rules) []littleKiller {
	l := littleKillerKey.Get(r)
	return l
}

func setLittleKillers(r *grid.Rules, l []littleKiller) {
	if len(l) > 0 {
		littleKillerKey.Set(r, l)
	}
}

// The directions of f-puzzles: up-left, up-right, down-left, down-right.
var lkDirs = map[string][2]int{"UL": {-1, -1}, "UR": {-1, 1}, "DL": {1, -1}, "DR": {1, 1}}

func dirName(d [2]int) string {
	for k, v := range lkDirs {
		if v == d {
			return k
		}
	}
	return fmt.Sprint(d)
}

func readLittleKillersFP(in *grid.FPIn, r *grid.Rules) error {
	entries, err := in.List("littlekillersum")
	if err != nil {
		return err
	}
	var out []littleKiller
	for j, e := range entries {
		what := fmt.Sprintf("littlekillersum %d", j+1)
		v := grid.FPString(e["value"])
		if v == "" || string(e["value"]) == "null" {
			continue // no number: a mark without a rule
		}
		sum, err := strconv.Atoi(v)
		switch {
		case err != nil || sum < 0:
			return grid.FPErrorf("%s: value %q is not a sum", what, v)
		case sum == 0:
			continue // SudokuSolver reads a sum of 0 as no clue
		}
		row, col, err := outsideCell(in, what, e)
		if err != nil {
			return err
		}
		var dir string
		_ = json.Unmarshal(e["direction"], &dir)
		step, ok := lkDirs[strings.ToUpper(strings.TrimSpace(dir))]
		if !ok {
			return grid.FPErrorf("%s: \"direction\" is %s, want UL, UR, DL or DR", what, grid.CutText(e["direction"]))
		}
		out = append(out, littleKiller{row, col, step, sum})
	}
	setLittleKillers(r, out)
	return nil
}

func writeLittleKillersFP(o *grid.FPOut, r *grid.Rules) error {
	lks := littleKillers(r)
	if len(lks) == 0 {
		return nil
	}
	out := make([]map[string]string, len(lks))
	for i, lk := range lks {
		out[i] = map[string]string{"cell": strings.ToUpper(outsideName(lk.row, lk.col)), "direction": dirName(lk.dir), "value": strconv.Itoa(lk.sum)}
	}
	o.Field("littlekillersum", out)
	return nil
}

func readLittleKillersJSON(in *grid.JSONIn, r *grid.Rules) error {
	var list []struct {
		Cell      string `json:"cell"`
		Direction string `json:"direction"`
		Sum       int    `json:"sum"`
	}
	if _, err := in.Decode("little_killers", &list, `an array of clues such as {"cell": "r0c1", "direction": "DR", "sum": 12}`); err != nil {
		return err
	}
	var out []littleKiller
	for k, c := range list {
		what := fmt.Sprintf("little killer %d", k+1)
		row, col, err := parseOutside(c.Cell, in.N)
		if err != nil {
			return fmt.Errorf("rules: %s: %w", what, err)
		}
		step, ok := lkDirs[strings.ToUpper(c.Direction)]
		if !ok {
			return fmt.Errorf("rules: %s: \"direction\" is %q, want UL, UR, DL or DR", what, c.Direction)
		}
		out = append(out, littleKiller{row, col, step, c.Sum})
	}
	setLittleKillers(r, out)
	return nil
}

// randomLittleKillers returns up to count clues on distinct diagonals of
// two cells or more, with the sums of the full grid sol (with sol nil, any
// sum they can make).
func randomLittleKillers(rng *rand.Rand, n int, sol []uint8, count int) []littleKiller {
	var all []littleKiller
	seen := map[int32]bool{}
	for i := -1; i <= n; i++ {
		for j := -1; j <= n; j++ {
			if i >= 0 && i < n && j >= 0 && j < n {
				continue
			}
			for _, d := range [][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
				lk := littleKiller{row: i, col: j, dir: d}
				cells := lk.cells(n)
				// one clue per diagonal, from either end
				if len(cells) < 2 || seen[cells[0]*int32(n*n)+cells[len(cells)-1]] {
					continue
				}
				seen[cells[0]*int32(n*n)+cells[len(cells)-1]] = true
				seen[cells[len(cells)-1]*int32(n*n)+cells[0]] = true
				all = append(all, lk)
			}
		}
	}
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	out := all[:min(count, len(all))]
	for i := range out {
		cells := out[i].cells(n)
		out[i].sum = len(cells) + rng.IntN(len(cells)*(n-1)+1)
		if sol != nil {
			out[i].sum = 0
			for _, c := range cells {
				out[i].sum += int(sol[c])
			}
		}
	}
	slices.SortFunc(out, func(a, b littleKiller) int {
		if a.row != b.row {
			return a.row - b.row
		}
		return a.col - b.col
	})
	return slices.Clone(out)
}

// littleKillerKey keeps the little killer clues of rules.
var littleKillerKey = grid.NewKey[[]littleKiller]("little killer")
