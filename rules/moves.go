package rules

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudokugen/sudokugen/grid"
)

// moveKind returns the kind of a chess move rule: cells a move apart hold
// different digits; title titles it in headings. flag is its data in Rules; fp and js its f-puzzles and
// JSON fields, both true or absent, iss its type of Interactive-Sudoku-Solver, which has no arguments;
// unit and move the words of a clash ("anti-king", "a king's move"); sentence its rule in a book.
func moveKind(name, title string, flag grid.Key[bool], fp, js, iss string, steps [][2]int, unit, move, sentence string) *grid.Kind {
	on := flag.Get
	var k *grid.Kind
	k = &grid.Kind{
		Name:  name,
		Has:   on,
		Equal: func(a, b *grid.Rules) bool { return on(a) == on(b) },
		Names: func(r *grid.Rules, out []string) []string {
			if on(r) {
				out = append(out, unit)
			}
			return out
		},
		FPFields: []string{fp},
		ReadFP: func(in *grid.FPIn, r *grid.Rules) error {
			b, err := in.Flag(fp)
			flag.Set(r, b)
			return err
		},
		WriteFP: func(o *grid.FPOut, r *grid.Rules) error {
			if on(r) {
				o.Field(fp, true)
			}
			return nil
		},
		WriteISS: func(o *grid.ISSOut, r *grid.Rules) error {
			if on(r) {
				o.Add(iss)
			}
			return nil
		},
		JSONFields: []string{js},
		ReadJSON: func(in *grid.JSONIn, r *grid.Rules) error {
			var b bool
			_, err := in.Decode(js, &b, "true or false")
			flag.Set(r, b)
			return err
		},
		WriteJSON: func(o *grid.JSONOut, r *grid.Rules) error {
			if on(r) {
				o.Field(js, true)
			}
			return nil
		},
		Validate: func(v *grid.Validation, r *grid.Rules) error { return nil },
		Clashes: func(g grid.Grid, r *grid.Rules, out []grid.Clash) []grid.Clash {
			if !on(r) {
				return out
			}
			n := g.N()
			for i, v := range g.Cells {
				if v == 0 {
					continue
				}
				for _, j := range grid.MoveCells(n, int32(i), steps) {
					if j > int32(i) && g.Cells[j] == v {
						a, b := grid.CellOf(n, int32(i)), grid.CellOf(n, j)
						out = append(out, grid.Clash{Unit: unit, Digit: int(v), A: a, B: b,
							Detail: fmt.Sprintf("digit %d repeats %s apart (%s and %s)", v, move, a, b)})
					}
				}
			}
			return out
		},
		Lower: func(s grid.Shape, r *grid.Rules, l *grid.Lowered) {
			if on(r) {
				l.Moves = append(l.Moves, grid.Moves{Steps: steps, Unit: unit, Name: move})
			}
		},
		Layouts: []grid.Layout{{Name: unit, Gloss: "cells " + move + " apart differ", Fixed: func(s grid.Shape, r *grid.Rules) { flag.Set(r, true) }}},
		Random: func(rng *rand.Rand, s grid.Shape, sol []uint8, r *grid.Rules) {
			flag.Set(r, rng.IntN(2) == 0)
			if sol != nil && !keeps(k, s, sol, r) {
				flag.Set(r, false)
			}
		},
		Draw: func(s grid.Shape, r *grid.Rules, d *grid.Drawing) {
			if on(r) {
				d.Unmarked = append(d.Unmarked, unit)
			}
		},
		Titles: map[string]string{unit: title},
		Text: func(all []grid.Grid) []string {
			for _, g := range all {
				if g.Rules != nil && on(g.Rules) {
					return []string{sentence}
				}
			}
			return nil
		},
	}
	return k
}

// kingSteps are the moves of a king, in row-major order of their targets.
var kingSteps = [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}

// KingNeighbours returns the cells a king's move from cell i of a grid of
// size n, in row-major order: the cells that touch it.
func KingNeighbours(n int, i int32) []int32 { return grid.MoveCells(n, i, kingSteps) }

// knightSteps are the moves of a knight, in row-major order of their
// targets.
var knightSteps = [][2]int{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}

// KnightNeighbours returns the cells a knight's move from cell i of a grid
// of size n, in row-major order.
func KnightNeighbours(n int, i int32) []int32 { return grid.MoveCells(n, i, knightSteps) }
