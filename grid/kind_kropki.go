package grid

import (
	"math/rand/v2"
	"slices"
)

// kropkiKind is kropki dots: a white dot (Rules.White) says the digits of
// its two cells differ by one, a black dot (Rules.Black) that one is twice
// the other. f-puzzles writes them as "difference" and "ratio", whose
// other values than 1 and 2 are refused; the JSON form as "white" and
// "black", pairs of cells.
var kropkiKind = &Kind{
	name:  "kropki",
	has:   func(r *Rules) bool { return len(r.White)+len(r.Black) > 0 },
	equal: func(a, b *Rules) bool { return slices.Equal(a.White, b.White) && slices.Equal(a.Black, b.Black) },
	names: func(r *Rules, out []string) []string {
		if len(r.White)+len(r.Black) > 0 {
			out = append(out, "kropki")
		}
		return out
	},
	fpFields: []string{"difference", "ratio"},
	readFP: func(in *fpIn, r *Rules) error {
		if err := readPairsFP(in, "difference", []string{"1"}, func(string) *[]Pair { return &r.White }); err != nil {
			return err
		}
		return readPairsFP(in, "ratio", []string{"2"}, func(string) *[]Pair { return &r.Black })
	},
	writeFP: func(o *fpOut, r *Rules) error {
		if len(r.White) > 0 {
			o.field("difference", o.pairs(r.White, ""))
		}
		if len(r.Black) > 0 {
			o.field("ratio", o.pairs(r.Black, ""))
		}
		return nil
	},
	jsonFields: []string{"white", "black"},
	readJSON: func(in *jsonIn, r *Rules) (err error) {
		if r.White, err = in.pairs("white", "white dot"); err != nil {
			return err
		}
		r.Black, err = in.pairs("black", "black dot")
		return err
	},
	writeJSON: func(o *jsonOut, r *Rules) error {
		o.pairs("white", r.White)
		o.pairs("black", r.Black)
		return nil
	},
	validate: func(v *validation, r *Rules) error {
		if err := v.pairsOK("white dot", r.White); err != nil {
			return err
		}
		return v.pairsOK("black dot", r.Black)
	},
	clashes: func(g Grid, r *Rules, out []Clash) []Clash {
		out = pairClashes(g, "white dot", r.White, consecutive, out)
		return pairClashes(g, "black dot", r.Black, double, out)
	},
	lower: func(s Shape, r *Rules, l *Lowered) {
		pairLinks(l, r.White, consecutiveRel)
		pairLinks(l, r.Black, doubleRel)
	},
	random: func(rng *rand.Rand, s Shape, sol []uint8, r *Rules) {
		r.White = randomPairs(rng, s.N(), 1+rng.IntN(s.N()), sol, consecutive)
		r.Black = randomPairs(rng, s.N(), rng.IntN(s.N()), sol, double)
	},
	draw: func(s Shape, r *Rules, d *Drawing) {
		for _, p := range r.White {
			d.Dots = append(d.Dots, Dot{p, false})
		}
		for _, p := range r.Black {
			d.Dots = append(d.Dots, Dot{p, true})
		}
	},
	titles: map[string]string{"kropki": "Kropki"},
	text: func(all []Grid) []string {
		var white, black bool
		for _, g := range all {
			if g.Rules != nil {
				white = white || len(g.Rules.White) > 0
				black = black || len(g.Rules.Black) > 0
			}
		}
		var s []string
		if white {
			s = append(s, "The two digits either side of a white dot are consecutive (they differ by one).")
		}
		if black {
			s = append(s, "Of the two digits either side of a black dot, one is twice the other.")
		}
		return s
	},
}

// consecutive and double are the relations of white and black dots.
func consecutive(a, b int) bool { return a-b == 1 || b-a == 1 }
func double(a, b int) bool      { return a == 2*b || b == 2*a }

var (
	consecutiveRel = &Relation{consecutive}
	doubleRel      = &Relation{double}
)
