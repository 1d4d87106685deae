package grid

import (
	"fmt"
	"math/rand/v2"
)

// moveKind returns the kind of a chess move rule: cells a move apart hold
// different digits; title titles it in headings. flag is its data in Rules; fp and js its f-puzzles and
// JSON fields, both true or absent; unit and move the words of a clash
// ("anti-king", "a king's move"); sentence its rule in a book.
func moveKind(name, title string, flag Key[bool], fp, js string, steps [][2]int, unit, move, sentence string) *Kind {
	on := flag.Get
	var k *Kind
	k = &Kind{
		name:  name,
		has:   on,
		equal: func(a, b *Rules) bool { return on(a) == on(b) },
		names: func(r *Rules, out []string) []string {
			if on(r) {
				out = append(out, unit)
			}
			return out
		},
		fpFields: []string{fp},
		readFP: func(in *fpIn, r *Rules) error {
			b, err := in.flag(fp)
			flag.Set(r, b)
			return err
		},
		writeFP: func(o *fpOut, r *Rules) error {
			if on(r) {
				o.field(fp, true)
			}
			return nil
		},
		jsonFields: []string{js},
		readJSON: func(in *jsonIn, r *Rules) error {
			var b bool
			_, err := in.decode(js, &b, "true or false")
			flag.Set(r, b)
			return err
		},
		writeJSON: func(o *jsonOut, r *Rules) error {
			if on(r) {
				o.field(js, true)
			}
			return nil
		},
		validate: func(v *validation, r *Rules) error { return nil },
		clashes: func(g Grid, r *Rules, out []Clash) []Clash {
			if !on(r) {
				return out
			}
			n := g.N()
			for i, v := range g.Cells {
				if v == 0 {
					continue
				}
				for _, j := range moves(n, int32(i), steps) {
					if j > int32(i) && g.Cells[j] == v {
						a, b := cellOf(n, int32(i)), cellOf(n, j)
						out = append(out, Clash{Unit: unit, Digit: int(v), A: a, B: b,
							Detail: fmt.Sprintf("digit %d repeats %s apart (%s and %s)", v, move, a, b)})
					}
				}
			}
			return out
		},
		lower: func(s Shape, r *Rules, l *Lowered) {
			if on(r) {
				l.Moves = append(l.Moves, Moves{Steps: steps, Unit: unit, Name: move})
			}
		},
		layouts: []Layout{{Name: unit, Gloss: "cells " + move + " apart differ", Fixed: func(s Shape, r *Rules) { flag.Set(r, true) }}},
		random: func(rng *rand.Rand, s Shape, sol []uint8, r *Rules) {
			flag.Set(r, rng.IntN(2) == 0)
			if sol != nil && !keeps(k, s, sol, r) {
				flag.Set(r, false)
			}
		},
		draw: func(s Shape, r *Rules, d *Drawing) {
			if on(r) {
				d.Unmarked = append(d.Unmarked, unit)
			}
		},
		titles: map[string]string{unit: title},
		text: func(all []Grid) []string {
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
