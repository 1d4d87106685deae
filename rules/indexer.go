package rules

import (
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// indexerKind is the indexer cells, as SudokuSolver defines them
// (IndexerConstraint): a digit v in a column-indexer cell of column c says
// that column v of its row holds c; in a row-indexer cell of row r, that
// row v of its column holds r; in a box-indexer cell, the p-th cell of its
// region (its cells in reading order), that the v-th cell of the region
// holds p. f-puzzles writes them as "columnindexer", "rowindexer" and
// "boxindexer", lists of {"cells": [...]}; the JSON form as
// "column_indexers", "row_indexers" and "box_indexers" (read under the
// f-puzzles names too, as it was written before), lists of lists of cells.
// Its data is an *indexers under its key.
var indexerKind = &grid.Kind{
	Name: "indexer",
	Has:  func(r *grid.Rules) bool { return !indexersOf(r).empty() },
	Equal: func(a, b *grid.Rules) bool {
		x, y := indexersOf(a), indexersOf(b)
		for k := range x {
			if !slices.EqualFunc(x[k], y[k], slices.Equal) {
				return false
			}
		}
		return true
	},
	Names: func(r *grid.Rules, out []string) []string {
		ix := indexersOf(r)
		for k, list := range ix {
			if len(list) > 0 {
				out = append(out, indexerNames[k]+"-indexer")
			}
		}
		return out
	},
	FPFields: []string{"rowindexer", "columnindexer", "boxindexer"},
	ReadFP: func(in *grid.FPIn, r *grid.Rules) error {
		return readIndexers(r, func(field string) ([][]int32, error) {
			entries, err := in.List(field)
			if err != nil {
				return nil, err
			}
			lists := make([][]int32, len(entries))
			for j, e := range entries {
				if lists[j], err = in.CellList(fmt.Sprintf("%s %d: \"cells\"", field, j+1), e["cells"]); err != nil {
					return nil, err
				}
			}
			return lists, nil
		})
	},
	// ISS's Indexing of type C (column indexing) and R (row indexing) say
	// what the column and row indexers say here; ISS has no box indexing.
	WriteISS: func(o *grid.ISSOut, r *grid.Rules) error {
		ix := indexersOf(r)
		if len(ix[2]) > 0 {
			return grid.ISSRefuse("indexer", "box indexers: ISS indexes rows and columns, not boxes")
		}
		for k, typ := range []string{"C", "R"} {
			for _, cs := range ix[k] {
				o.Add("Indexing", append([]string{typ}, o.Cells(cs)...)...)
			}
		}
		return nil
	},
	WriteFP: func(o *grid.FPOut, r *grid.Rules) error {
		for field, list := range indexerFields(r) {
			var out []map[string]any
			for _, cs := range list {
				out = append(out, map[string]any{"cells": o.Names(cs)})
			}
			o.Field(field, out)
		}
		return nil
	},
	JSONFields: []string{"row_indexers", "column_indexers", "box_indexers"},
	JSONOld:    map[string]string{"rowindexer": "row_indexers", "columnindexer": "column_indexers", "boxindexer": "box_indexers"},
	ReadJSON: func(in *grid.JSONIn, r *grid.Rules) error {
		return readIndexers(r, func(field string) ([][]int32, error) {
			field = indexerJSON(field)
			var names [][]string
			if _, err := in.Decode(field, &names, `an array of lists of cells, such as [["r1c1", "r2c1"]]`); err != nil {
				return nil, err
			}
			lists := make([][]int32, len(names))
			for j, cs := range names {
				var err error
				if lists[j], err = in.Cells(field+" "+strconv.Itoa(j+1), cs); err != nil {
					return nil, err
				}
			}
			return lists, nil
		})
	},
	WriteJSON: func(o *grid.JSONOut, r *grid.Rules) error {
		for field, list := range indexerFields(r) {
			out := make([][]string, len(list))
			for j, cs := range list {
				out[j] = o.Names(cs)
			}
			o.Field(indexerJSON(field), out)
		}
		return nil
	},
	Validate: func(v *grid.Validation, r *grid.Rules) error {
		for k, list := range indexersOf(r) {
			for j, cs := range list {
				rule := func() string { return fmt.Sprintf("%s indexer %d", indexerNames[k], j+1) }
				if err := v.InGrid(rule, cs); err != nil {
					return err
				}
			}
		}
		return nil
	},
	Clashes: func(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash {
		n := g.N()
		ix := indexersOf(r)
		if ix.empty() {
			return out
		}
		t := newIndexTargets(g.Shape, r)
		for k, list := range ix {
			for _, cs := range list {
				for _, i := range cs {
					v := int(g.Cells[i])
					for d := 1; d <= n; d++ {
						j, w := t.target(k, i, d)
						got := int(g.Cells[j])
						// i holds d exactly when j holds w
						if v == 0 || got == 0 || (v == d) == (got == w) {
							continue
						}
						ci, cj := grid.CellOf(n, i), grid.CellOf(n, j)
						out = append(out, grid.Clash{Unit: indexerNames[k] + " indexer", Digit: got, A: ci, B: cj,
							Detail: fmt.Sprintf("%s, a %s indexer, holds %d and %s holds %d: %s holds %d exactly when %s holds %d", ci, indexerNames[k], v, cj, got, ci, d, cj, w)})
						break
					}
				}
			}
		}
		return out
	},
	Lower: func(s grid.Shape, r *grid.Rules, l *grid.Lowered) {
		ix := indexersOf(r)
		if ix.empty() {
			return
		}
		n := s.N()
		t := newIndexTargets(s, r)
		for k, list := range ix {
			for _, cs := range list {
				for _, i := range cs {
					for d := 1; d <= n; d++ {
						j, w := t.target(k, i, d)
						if j == i {
							continue // the cell indexes itself: i holds d exactly when it does
						}
						a, b := l.CellVar(i, d), l.CellVar(j, w)
						l.Clauses = append(l.Clauses, []int{-a, b}, []int{-b, a})
					}
				}
			}
		}
	},
	Random: func(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
		n := s.N()
		var ix indexers
		t := newIndexTargets(s, r)
		for range 1 + rng.IntN(3) {
			k := rng.IntN(3)
			// the cells of a random column, row or region; on a solution,
			// those whose digit points at a cell that holds their index
			line := rng.IntN(n)
			var cells []int32
			for p := range n {
				switch k {
				case 0:
					cells = append(cells, int32(p*n+line))
				case 1:
					cells = append(cells, int32(line*n+p))
				default:
					cells = t.regions[line]
				}
			}
			var keep []int32
			for _, i := range slices.Compact(cells) {
				if sol != nil {
					if j, w := t.target(k, i, int(sol[i])); int(sol[j]) != w {
						continue
					}
				}
				keep = append(keep, i)
			}
			if len(keep) > 0 && !slices.ContainsFunc(ix[k], func(cs []int32) bool { return slices.Equal(cs, keep) }) {
				ix[k] = append(ix[k], keep)
			}
		}
		setIndexers(r, ix)
	},
	Draw: func(s grid.Shape, r *grid.Rules, d *grid.Drawing) {
		for k, list := range indexersOf(r) {
			for _, cs := range list {
				d.Shaded = append(d.Shaded, slices.Clone(cs))
			}
			if len(list) > 0 {
				d.Unmarked = append(d.Unmarked, "shaded: "+indexerNames[k]+" indexers")
			}
		}
	},
	Titles: map[string]string{"column-indexer": "Column indexer", "row-indexer": "Row indexer", "box-indexer": "Box indexer"},
	Text: func(all []grid.Grid) []string {
		var has [3]bool
		for _, g := range all {
			for k, list := range indexersOf(g.Rules) {
				has[k] = has[k] || len(list) > 0
			}
		}
		var out []string
		if has[0] {
			out = append(out, "A digit d in a shaded cell of column c says that column d of its row holds c.")
		}
		if has[1] {
			out = append(out, "A digit d in a shaded cell of row r says that row d of its column holds r.")
		}
		if has[2] {
			out = append(out, "A digit d in a shaded cell, the p-th of its box in reading order, says that the d-th cell of the box holds p.")
		}
		return out
	},
}

// indexerJSON returns the JSON field of the indexers of f-puzzles field
// fp: "row_indexers" for "rowindexer".
func indexerJSON(fp string) string { return strings.TrimSuffix(fp, "indexer") + "_indexers" }

// indexerNames name the three indexers, in the order of indexers.
var indexerNames = [3]string{"column", "row", "box"}

// readIndexers sets the indexers of r to the lists of cells that read
// returns for the f-puzzles field of each indexer ("columnindexer",
// "rowindexer", "boxindexer"), those with no cells left out.
func readIndexers(r *grid.Rules, read func(field string) ([][]int32, error)) error {
	var ix indexers
	for k := range ix {
		lists, err := read(indexerNames[k] + "indexer")
		if err != nil {
			return err
		}
		for _, cs := range lists {
			if len(cs) > 0 {
				ix[k] = append(ix[k], cs)
			}
		}
	}
	setIndexers(r, ix)
	return nil
}

// indexerFields yields the field of each indexer of r that has cells,
// with its lists of cells, in the order of indexers.
func indexerFields(r *grid.Rules) iter.Seq2[string, [][]int32] {
	return func(yield func(string, [][]int32) bool) {
		for k, list := range indexersOf(r) {
			if len(list) > 0 && !yield(indexerNames[k]+"indexer", list) {
				return
			}
		}
	}
}

// indexers is the data of indexerKind: the lists of column, row and box
// indexer cells.
type indexers [3][][]int32

func (ix indexers) empty() bool { return len(ix[0])+len(ix[1])+len(ix[2]) == 0 }

// indexerKey keeps the indexers of rules.
var indexerKey = grid.NewKey[*indexers]("indexer")

// indexersOf returns the indexers of r (none for nil).
func indexersOf(r *grid.Rules) indexers {
	if ix := indexerKey.Get(r); ix != nil {
		return *ix
	}
	return indexers{}
}

// setIndexers sets the indexers of r, which must not be shared yet.
func setIndexers(r *grid.Rules, ix indexers) {
	if !ix.empty() {
		indexerKey.Set(r, &ix)
	}
}

// indexTargets finds the cell an indexer cell's digit points at.
type indexTargets struct {
	n       int
	region  []int     // the region of each cell
	pos     []int     // its place in its region, from 0, in reading order
	regions [][]int32 // the cells of each region, in reading order
}

func newIndexTargets(s grid.Shape, r *grid.Rules) *indexTargets {
	n := s.N()
	t := &indexTargets{n: n, region: make([]int, n*n), pos: make([]int, n*n), regions: make([][]int32, n)}
	for i := range n * n {
		g := r.Region(s, i)
		t.region[i], t.pos[i] = g, len(t.regions[g])
		t.regions[g] = append(t.regions[g], int32(i))
	}
	return t
}

// target returns the cell j and digit w that indexer k's cell i holding d
// says: j holds w.
func (t *indexTargets) target(k int, i int32, d int) (int32, int) {
	n := t.n
	row, col := int(i)/n, int(i)%n
	switch k {
	case 0:
		return int32(row*n + d - 1), col + 1
	case 1:
		return int32((d-1)*n + col), row + 1
	}
	return t.regions[t.region[i]][d-1], t.pos[i] + 1
}
