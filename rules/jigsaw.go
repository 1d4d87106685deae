package rules

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/sudokugen/sudokugen/grid"
)

// jigsawKind is the regions of a jigsaw (irregular) puzzle, which take the
// place of the boxes: Rules.Regions. In f-puzzles each cell gives its
// region with "region", numbered from 0 as the file writes it (messages
// about the file say so); in the JSON form, "regions" holds rows of region
// numbers from 1.
var jigsawKind = &grid.Kind{
	Name:  "jigsaw",
	Has:   func(r *grid.Rules) bool { return grid.Regions.Get(r) != nil },
	Equal: func(a, b *grid.Rules) bool { return slices.Equal(grid.Regions.Get(a), grid.Regions.Get(b)) },
	Names: func(r *grid.Rules, out []string) []string {
		if grid.Regions.Get(r) != nil {
			out = append(out, "jigsaw")
		}
		return out
	},
	FPCellFields: []string{"region"},
	ReadFP:       readJigsawFP,
	WriteFP:      writeJigsawFP,
	WriteISS:     writeJigsawISS,
	JSONFields:   []string{"regions"},
	ReadJSON:     readJigsawJSON,
	WriteJSON: func(o *grid.JSONOut, r *grid.Rules) error {
		if grid.Regions.Get(r) == nil {
			return nil
		}
		n := o.N
		rows := make([][]int, n)
		for row := range n {
			rows[row] = make([]int, n)
			for c := range n {
				rows[row][c] = int(grid.Regions.Get(r)[row*n+c]) + 1
			}
		}
		o.Field("regions", rows)
		return nil
	},
	Validate: validateJigsaw,
	Clashes:  func(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash { return out }, // repeats in regions: see ruleClashes
	Lower:    func(s grid.Shape, r *grid.Rules, l *grid.Lowered) {},                          // the regions are units: see Units
	Layouts: []grid.Layout{{Name: "jigsaw", Aliases: []string{"irregular"}, Regions: true,
		Gloss: "random connected regions, 4x4 to 12x12, prime sizes included: a 5x5, 7x7 or 11x11 grid has no boxes, so only jigsaws are made at those sizes",
		Before: func(rng *rand.Rand, s grid.Shape, r *grid.Rules) {
			grid.Regions.Set(r, layoutRegions(rng, s))
			// without boxes the regions start as the rows: one still a
			// straight line is no jigsaw region
			for s.Boxless() && straightRegion(s.N(), grid.Regions.Get(r)) {
				grid.Regions.Set(r, layoutRegions(rng, s))
			}
		},
		Refuse: func(s grid.Shape, with []string) error {
			if s.N() > MaxJigsawN {
				return fmt.Errorf("jigsaw puzzles are made up to %dx%d", MaxJigsawN, MaxJigsawN)
			}
			return nil
		}}},
	Random: randomJigsaw,
	Draw:   func(s grid.Shape, r *grid.Rules, d *grid.Drawing) {}, // the painter draws the regions' bold lines
	Titles: map[string]string{"jigsaw": "Jigsaw"},
	Text: func(all []grid.Grid) []string {
		for _, g := range all {
			if g.Rules != nil && grid.Regions.Get(g.Rules) != nil {
				return []string{"Fill the grid so that every row, every column and every region outlined in bold holds each digit once; the regions are the shapes the bold lines draw, not boxes."}
			}
		}
		return []string{"Fill the grid so that every row, every column and every box outlined in bold holds each digit once."}
	},
}

// readJigsawFP reads the "region" of every cell. Regions that are the
// boxes of another shape of the size (3x2 rather than 2x3), as
// MarshalFPuzzles writes them, are that shape; regions that are the boxes
// are no rule.
func readJigsawFP(in *grid.FPIn, r *grid.Rules) error {
	n, sh := in.N, in.Shape
	regions := make([]uint8, n*n)
	count := make([]int, n)
	moved := false
	for row, line := range in.GridCells {
		for c, cell := range line {
			i := row*n + c
			regions[i] = uint8((*grid.Rules)(nil).Region(sh, i))
			if raw, ok := cell["region"]; ok && string(raw) != "null" {
				k, ok := grid.Whole(raw)
				if !ok || k < 0 || k >= n {
					return grid.FPErrorf("r%dc%d: \"region\" is %s, want a whole number from 0 to %d (f-puzzles numbers regions from 0)", row+1, c+1, grid.CutText(raw), n-1)
				}
				moved = moved || uint8(k) != regions[i]
				regions[i] = uint8(k)
			}
			count[regions[i]]++
		}
	}
	if moved {
		for k, c := range count {
			if c != n {
				return grid.FPErrorf("region %d (numbered from 0, as in the file): %d cells, want %d", k, c, n)
			}
		}
		grid.Regions.Set(r, regions)
		for rows := 2; rows <= n/2; rows++ {
			other := grid.Shape{BoxRows: rows, BoxCols: n / rows}
			if n%rows != 0 || other == sh || other.Validate() != nil {
				continue
			}
			same := true
			for i, k := range regions {
				same = same && int(k) == (*grid.Rules)(nil).Region(other, i)
			}
			if same {
				in.Shape = other
				grid.Regions.Set(r, nil)
				break
			}
		}
	}
	if in.Shape.Boxless() && grid.Regions.Get(r) == nil {
		return grid.FPErrorf("%v", grid.BoxlessError(n))
	}
	return nil
}

// writeJigsawFP gives every cell its region: the jigsaw's, or the boxes of
// a shape other than the one f-puzzles knows for the size.
func writeJigsawFP(o *grid.FPOut, r *grid.Rules) error {
	regions := grid.Regions.Get(r)
	if def, _ := grid.ShapeOf(o.N); regions == nil && o.Shape != def {
		regions = make([]uint8, o.N*o.N)
		for i := range regions {
			regions[i] = uint8(r.Region(o.Shape, i))
		}
	}
	for i, k := range regions {
		o.CellField(i, "region", itoa(int(k)))
	}
	return nil
}

func readJigsawJSON(in *grid.JSONIn, r *grid.Rules) error {
	var rows [][]json.RawMessage
	ok, err := in.Decode("regions", &rows, "rows of region numbers from 1")
	if !ok || err != nil {
		return err
	}
	n := in.N
	if len(rows) != n {
		return fmt.Errorf("rules: regions: %d rows, want %d", len(rows), n)
	}
	grid.Regions.Set(r, make([]uint8, n*n))
	for row, line := range rows {
		if len(line) != n {
			return fmt.Errorf("rules: regions: row %d has %d numbers, want %d", row+1, len(line), n)
		}
		for c, raw := range line {
			k, ok := grid.Whole(raw)
			if !ok || k < 1 || k > n {
				return fmt.Errorf("rules: regions: row %d, column %d: region %s, want a whole number from 1 to %d", row+1, c+1, grid.CutText(raw), n)
			}
			grid.Regions.Get(r)[row*n+c] = uint8(k - 1)
		}
	}
	return nil
}

func validateJigsaw(v *grid.Validation, r *grid.Rules) error {
	if grid.Regions.Get(r) == nil {
		return nil
	}
	n := v.N
	if len(grid.Regions.Get(r)) != n*n {
		return grid.RuleErrorf("regions", "%d cells, want %d", len(grid.Regions.Get(r)), n*n)
	}
	count := make([]int, n)
	for i, k := range grid.Regions.Get(r) {
		if int(k) >= n {
			return grid.RuleErrorf("regions", "%s is in region %d, want 1 to %d", grid.CellName(n, int32(i)), int(k)+1, n)
		}
		count[k]++
	}
	for k, c := range count {
		if c != n {
			return grid.RuleErrorf(fmt.Sprintf("region %d", k+1), "%d cells, want %d", c, n)
		}
	}
	return nil
}

// randomJigsaw swaps cells between the regions (or boxes): with sol, only
// two cells of the same digit, so that every region still holds every
// digit. Regions need not be connected. Regions that are the boxes of a
// shape are no jigsaw (the readers take them as that shape): it draws
// again.
func randomJigsaw(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
	n := s.N()
	start := grid.Regions.Get(r)
	for range 20 {
		regions := slices.Clone(start)
		if regions == nil {
			regions = make([]uint8, n*n)
			for i := range regions {
				regions[i] = uint8(r.Region(s, i))
			}
		}
		for range 2 * n {
			a, b := rng.IntN(n*n), rng.IntN(n*n)
			if regions[a] != regions[b] && (sol == nil || sol[a] == sol[b]) {
				regions[a], regions[b] = regions[b], regions[a]
			}
		}
		if !boxes(n, regions) {
			grid.Regions.Set(r, regions)
			return
		}
	}
}

// boxes reports whether regions are the boxes (or rows) of a shape of
// size n.
func boxes(n int, regions []uint8) bool {
	for rows := 1; rows <= n; rows++ {
		sh := grid.Shape{BoxRows: rows, BoxCols: n / rows}
		if n%rows != 0 {
			continue
		}
		same := true
		for i, k := range regions {
			same = same && int(k) == (*grid.Rules)(nil).Region(sh, i)
		}
		if same {
			return true
		}
	}
	return false
}

// MaxJigsawN is the largest size generate makes jigsaw puzzles of.
// Measured one at a time: a minimal 12x12 jigsaw takes about 60 ms; of
// three 16x16 jigsaws one took 31 s and two more than two minutes.
const MaxJigsawN = 12

// straightRegion reports whether one of the regions of a grid of size n
// lies in one row or one column.
func straightRegion(n int, regions []uint8) bool {
	row, col := make([]int, n), make([]int, n)
	for k := range row {
		row[k], col[k] = -1, -1
	}
	for i, k := range regions {
		switch {
		case row[k] == -1:
			row[k], col[k] = i/n, i%n
		default:
			if row[k] != i/n {
				row[k] = -2
			}
			if col[k] != i%n {
				col[k] = -2
			}
		}
	}
	for k := range row {
		if row[k] >= 0 || col[k] >= 0 {
			return true
		}
	}
	return false
}

// layoutRegions returns random jigsaw regions for shape s: N regions of N
// orthogonally connected cells. They start as the boxes (the rows, on a
// grid without boxes); then, many times
// over, a cell on the border of two regions moves to its neighbour's
// region and a cell of that region on the border moves back, when both
// regions stay connected. Each region's cells are kept in a sorted list,
// so that a move looks at the two regions only.
func layoutRegions(rng *rand.Rand, s grid.Shape) []uint8 {
	n := s.N()
	reg := make([]uint8, n*n)
	members := make([][]int32, n)
	for i := range reg {
		reg[i] = uint8((*grid.Rules)(nil).Region(s, i))
		members[reg[i]] = append(members[reg[i]], int32(i))
	}
	// move takes cell x from region from to region to
	move := func(x int32, from, to uint8) {
		reg[x] = to
		m := members[from]
		k, _ := slices.BinarySearch(m, x)
		members[from] = slices.Delete(m, k, k+1)
		m = members[to]
		k, _ = slices.BinarySearch(m, x)
		members[to] = slices.Insert(m, k, x)
	}
	seen := make([]int, n*n) // the pass that last reached each cell
	pass := 0
	stack := make([]int32, 0, n*n)
	connected := func(k uint8) bool {
		pass++
		start := members[k][0]
		seen[start] = pass
		stack = append(stack[:0], start)
		reached := 1
		for len(stack) > 0 {
			y := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, z := range grid.Orth(n, y) {
				if reg[z] == k && seen[z] != pass {
					seen[z] = pass
					reached++
					stack = append(stack, z)
				}
			}
		}
		return reached == len(members[k])
	}
	var back []int32
	for range 20 * n * n {
		a := int32(rng.IntN(n * n))
		nb := grid.Orth(n, a)
		b := nb[rng.IntN(len(nb))]
		ra, rb := reg[a], reg[b]
		if ra == rb {
			continue
		}
		// cells of rb, other than b's side, that touch ra after a leaves it
		reg[a] = rb
		back = back[:0]
		for _, i := range members[rb] {
			for _, z := range grid.Orth(n, i) {
				if reg[z] == ra {
					back = append(back, i)
					break
				}
			}
		}
		reg[a] = ra
		if len(back) == 0 {
			continue
		}
		c := back[rng.IntN(len(back))]
		move(a, ra, rb)
		move(c, rb, ra)
		if !connected(ra) || !connected(rb) {
			move(a, rb, ra)
			move(c, ra, rb)
		}
	}
	// regions numbered in reading order of their first cells
	num := make([]int, n)
	for i := range num {
		num[i] = -1
	}
	next := 0
	out := make([]uint8, n*n)
	for i, r := range reg {
		if num[r] < 0 {
			num[r] = next
			next++
		}
		out[i] = uint8(num[r])
	}
	return out
}

// writeJigsawISS writes the regions as ISS's jigsaw layout, without boxes
// (see grid.ISSOut.Layout).
func writeJigsawISS(o *grid.ISSOut, r *grid.Rules) error {
	if regions := grid.Regions.Get(r); regions != nil {
		o.Layout(regions)
	}
	return nil
}
