package rate

import (
	"cmp"
	"errors"
	"math"
	"math/bits"
	"strings"

	"github.com/sudokugen/sudokugen/grid"
)

// Outcomes that leave a puzzle unrated, reported in Result.Err.
var (
	// ErrInvalid: the grid has an unsupported shape, a digit out of range,
	// or a digit repeated in a row, column or box.
	ErrInvalid = errors.New("invalid grid")
	// ErrNoSolution: the puzzle has no solution.
	ErrNoSolution = errors.New("puzzle has no solution")
	// ErrMultiple: the puzzle has more than one solution.
	ErrMultiple = errors.New("puzzle has more than one solution")
	// ErrTooHard: the score went past Options.MaxScore and rating stopped.
	ErrTooHard = errors.New("puzzle is harder than the maximum score")
	// ErrGaveUp: the count of solutions ran out of its node budget before
	// the puzzle was solved without a guess (only seen on very large,
	// sparse grids): whether it has one solution is not known, so it is
	// not rated.
	ErrGaveUp = errors.New("search budget exhausted")
)

// Candidate is a digit in a cell.
type Candidate struct {
	Cell  grid.Cell
	Digit int
}

// Placement is a digit placed in a cell.
type Placement = Candidate

// Step is one deduction of the solver: a technique, the cells that make its
// pattern, and either a placement or the candidates it removes.
type Step struct {
	Technique Technique
	Cells     []grid.Cell // the cells that make the pattern
	Digits    []int       // the digits of the pattern, when it has a few
	Place     *Placement  // the digit placed, or nil
	Eliminate []Candidate // the candidates removed
	Score     float64     // the step's value on the Sudoku Explainer scale

	unit  string // the unit a single or a set lives in, if any
	shape grid.Shape
	text  string // the words of a variant puzzle's step, which say it all
}

// String describes the step in plain words, for example
// "r4c7 must be 5: it is the only place for a 5 in box 6".
func (s Step) String() string {
	if s.text != "" {
		return s.text
	}
	sym := func(d int) string {
		a := grid.DefaultAlphabet(max(s.shape.N(), 9))
		return string(a.Symbol(d))
	}
	var b strings.Builder
	if p := s.Place; p != nil {
		b.WriteString(p.Cell.String() + " must be " + sym(p.Digit) + ": ")
		switch s.Technique {
		case FullHouse:
			b.WriteString("it is the last empty cell in " + s.unit)
		case HiddenSingleBox, HiddenSingleLine:
			b.WriteString("it is the only place for " + article(sym(p.Digit)) + " " + sym(p.Digit) + " in " + s.unit)
		case NakedSingle:
			b.WriteString("it is the only digit left for the cell")
		case TrialAndError:
			b.WriteString("every other digit there leads to a contradiction (trial and error)")
		default:
			b.WriteString("shown by a " + s.Technique.String())
			if len(s.Cells) > 0 {
				b.WriteString(" on " + cellList(s.Cells))
			}
		}
		return b.String()
	}
	b.WriteString(s.Technique.String())
	if len(s.Digits) > 0 {
		for i, d := range s.Digits {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(" " + sym(d))
		}
	}
	if len(s.Cells) > 0 {
		b.WriteString(" on " + cellList(s.Cells))
	}
	if s.unit != "" {
		b.WriteString(" in " + s.unit)
	}
	b.WriteString(": remove ")
	for i := 0; i < len(s.Eliminate); {
		j := i
		for j < len(s.Eliminate) && s.Eliminate[j].Digit == s.Eliminate[i].Digit {
			j++
		}
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(sym(s.Eliminate[i].Digit) + " from ")
		for k := i; k < j; k++ {
			if k > i {
				b.WriteString(", ")
			}
			b.WriteString(s.Eliminate[k].Cell.String())
		}
		i = j
	}
	return b.String()
}

// article returns "an" for the symbols whose names start with a vowel
// sound (8, and letters such as A, F or X), "a" for the others.
func article(sym string) string {
	if strings.Contains("8AEFHILMNORSX", sym) && len(sym) == 1 {
		return "an"
	}
	return "a"
}

func cellList(cs []grid.Cell) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, ", ")
}

// Count is how many steps of one technique a solve used.
type Count struct {
	Technique Technique
	Count     int
}

// Result is the rating of one puzzle.
type Result struct {
	Score  float64 // Sudoku Explainer scale: the value of the hardest step
	Level  Level   // the band of Score
	Solved bool    // the solver reached the full solution
	Err    error   // why Solved is false: ErrInvalid, ErrNoSolution, ErrMultiple, ErrTooHard, ErrGaveUp
	Steps  []Step  // every step, only with Options.Explain
	Counts []Count // steps per technique, easiest technique first
	// Coarse marks a variant puzzle (see variant.go), which is not rated
	// on the Sudoku Explainer scale: Score is 0, Level is the band of the
	// hardest step of its logical solve on the variant scale (extreme when
	// the solve is stuck), and Logic says how the solve went.
	Coarse bool
	Logic  *Logic
}

// Options tune Puzzle.
type Options struct {
	// Explain records every step in Result.Steps.
	Explain bool
	// MaxScore, when positive, stops the solve as soon as a step scores
	// more, which lets a generator reject a puzzle early. The result then
	// has Err ErrTooHard and a Score above MaxScore: the value of that
	// step, or a lower bound of it when every technique left scores more
	// (the solver then skips searching for it).
	MaxScore float64
	// Solution, when set, is the puzzle's only solution, which the caller
	// knows and has proved unique (a generator that made the puzzle):
	// Puzzle then takes it instead of counting solutions by search, and
	// rates as it would after the count. A Solution that is not a
	// complete grid keeping the rules and the givens is ignored and the
	// solutions are counted. One that is, but is not the only solution,
	// gives a rating that means nothing. Above 9x9 it is not used: there
	// the count can give up, which turns the uniqueness techniques off,
	// and the rating must not depend on whether the caller knew.
	Solution grid.Grid
}

// Coarse reports whether g is rated coarsely: a variant puzzle, whose
// rules the Sudoku Explainer techniques do not know (see Result.Coarse).
// The book command and the service say so of each variant puzzle they
// rate, whatever its verdict.
func Coarse(g grid.Grid) bool { return g.HasRules() }

// Puzzle rates g: it solves g with the easiest technique available at each
// step, the way Sudoku Explainer does, and scores it by the hardest step.
// It never panics and always ends, whatever g holds.
//
// A variant puzzle (with grid.Rules) gets a coarse level instead (see
// Result.Coarse).
func Puzzle(g grid.Grid, opts Options) Result {
	if Coarse(g) {
		return variantResult(g, opts)
	}
	s, err := newSolver(g, opts.Solution)
	if err != nil {
		return Result{Err: err}
	}
	defer s.release()
	s.explain = opts.Explain
	if opts.MaxScore > 0 {
		s.maxScore = int(opts.MaxScore*10 + 0.5)
	}
	return s.run()
}

// Below reports whether g can be solved with techniques that each score
// below score, applied in any order: a generator can reject a puzzle that
// is too easy without rating it.
//
// It uses the techniques of Puzzle, but only steps that score less than
// score, and greedily: when a tier of chains finds eliminations, it
// applies all of them at once (every chain found that scores less), then
// starts again from singles. When chains are allowed it tries them right
// after pairs and pair fish, before the triples, wings, strong links and
// the rest, which the chains mostly cover, and it leaves out loops where
// chains remove the same candidates. When a score above hidden triples
// (4.0) is allowed, it places every single the grid has in one sweep and
// goes from singles straight to locked candidates, leaving out the direct
// techniques, whose eliminations locked candidates and the hidden sets
// make anyway. It never looks for the easiest step, so it searches far
// less than Puzzle.
//
// Every step it takes is sound, but as its path differs from Puzzle's it
// can, rarely, disagree with Puzzle(g, Options{}).Score < score either
// way: a greedy path can stall where Puzzle's goes through (a chain can
// break a unique rectangle Puzzle would have used), or go through where
// Puzzle's needs a harder step. A generator that rejects a candidate when
// Below is true and rates the others with Puzzle never mislabels a puzzle;
// it only, rarely, rates one in full that it could have skipped, or
// skips one it could have kept.
//
// Below returns false when g is invalid, has no solution or several, or
// when the solve stalls. When the solution count search gives up (only on
// very large, sparse grids), the uniqueness techniques stay off, as in
// Puzzle.
func Below(g grid.Grid, score float64) bool {
	return BelowSolved(g, grid.Grid{}, score)
}

// BelowSolved is Below for a puzzle whose only solution the caller knows,
// as Options.Solution is for Puzzle: it skips counting solutions.
func BelowSolved(g, solution grid.Grid, score float64) bool {
	limit := tenthsAbove(score)
	if limit <= 0 {
		return false
	}
	s, err := newSolver(g, solution)
	if err != nil {
		return false
	}
	defer s.release()
	return s.runBelow(limit)
}

// tenthsAbove returns the least score in tenths that is not below score:
// scores less than 7.55 are at most 7.5, as are those less than 7.6.
func tenthsAbove(score float64) int {
	return int(math.Ceil(score*10 - 1e-6))
}

// runBelow solves with the steps that score less than limit (tenths) and
// reports whether the grid got solved.
func (s *solver) runBelow(limit int) bool {
	s.below = limit
	fast := limit > techBase[HiddenTriple]
	for s.b.left > 0 {
		var h hint
		ok := false
		if fast {
			if s.greedySingles() {
				continue
			}
			if h, ok = s.locking(false); !ok {
				h, ok = s.middle()
			}
		} else {
			h, ok = s.next()
		}
		if !ok || !s.apply(h) {
			return false
		}
	}
	return true
}

// newSolver checks g, counts its solutions unless known is its solution
// (see Options.Solution), and readies a solver for it; the error is
// ErrInvalid, ErrNoSolution or ErrMultiple. Call release when done.
func newSolver(g, known grid.Grid) (*solver, error) {
	if g.Shape.Validate() != nil || len(g.Cells) != g.Shape.Cells() {
		return nil, ErrInvalid
	}
	n := g.N()
	for _, v := range g.Cells {
		if int(v) > n {
			return nil, ErrInvalid
		}
	}
	geo := geomOf(g.Shape)
	b := board{geom: geo, val: make([]uint8, geo.nc), cand: make([]uint64, geo.nc), left: geo.nc}
	full := uint64(1)<<n - 1
	for i := range b.cand {
		b.cand[i] = full
	}
	for c, v := range g.Cells {
		if v == 0 {
			continue
		}
		if !b.has(c, int(v)) {
			return nil, ErrInvalid
		}
		b.place(c, int(v))
	}
	if n <= 9 && solves(&b, g, known) {
		return readySolver(b, append([]uint8(nil), known.Cells...)), nil
	}
	sol, count := geo.count(b.val, nil)
	switch count {
	case 0:
		return nil, ErrNoSolution
	case 2:
		return nil, ErrMultiple
	}
	// When the count gave up, the solve goes on without the uniqueness
	// techniques, and trial counts again before any guess.
	return readySolver(b, sol), nil
}

// readySolver returns a solver for board b, with the tables a finished
// solve of its shape left; sol is the only solution, or nil when the
// count search gave up.
func readySolver(b board, sol []uint8) *solver {
	s := &solver{b: b, sol: sol, unique: sol != nil}
	if sc, ok := b.geom.scratch.Get().(*scratch); ok {
		s.ch, s.linkCache, s.excl, s.tried = sc.ch, sc.linkCache, sc.excl, sc.tried
		for i := range s.linkCache {
			s.linkCache[i].valid = false
		}
	}
	return s
}

// solves reports whether sol is a complete grid of g's shape that keeps
// the rules and agrees with the givens of g, placed on b.
func solves(b *board, g, sol grid.Grid) bool {
	if sol.Shape != g.Shape || len(sol.Cells) != len(g.Cells) {
		return false
	}
	for c, v := range sol.Cells {
		if v == 0 || int(v) > b.n || g.Cells[c] != 0 && g.Cells[c] != v || g.Cells[c] == 0 && !b.has(c, int(v)) {
			return false
		}
	}
	full := uint64(1)<<b.n - 1
	for _, cells := range b.units {
		var m uint64
		for _, c := range cells {
			m |= 1 << (sol.Cells[c] - 1)
		}
		if m != full {
			return false
		}
	}
	return true
}

// release leaves the solver's tables for the next solve of its shape.
func (s *solver) release() {
	s.b.geom.scratch.Put(&scratch{s.ch, s.linkCache, s.excl, s.tried})
}

type elim struct{ c, d int32 }

// hint is a deduction found by a technique, before it is applied.
type hint struct {
	tech   Technique
	score  int // tenths
	cells  []int32
	place  int32 // cell to fill, or -1
	digit  int
	elims  []elim
	unit   int    // the unit of a single or set, or -1
	digits uint64 // the digits of the pattern
	// sorting among chains
	complexity int
	sortKey    int
}

type solver struct {
	b        board
	sol      []uint8 // the solution, when known
	unique   bool    // the puzzle is known to have one solution
	explain  bool
	maxScore int
	below    int // when positive, only steps that score less are used (Below)
	tooHard  int // set when next stopped early: a lower bound of the next step
	score    int
	counts   [numTechniques]int
	steps    []Step
	ch       *chainer
	// linkCache[d] holds digit d's strong links
	linkCache []linkEntry
	excl      []cellSet // alignedTriples' tables
	tried     []uint64
	// placeTab[u*n+d-1] is b.positions(u, d), when placesOK
	placeTab []uint64
	placesOK bool
}

// places returns b.positions(u, d) from a table kept until the grid
// changes: the subset and fish searches ask for every unit and digit.
func (s *solver) places(u, d int) uint64 {
	b := &s.b
	if !s.placesOK {
		if len(s.placeTab) != len(b.units)*b.n {
			s.placeTab = make([]uint64, len(b.units)*b.n)
		}
		clear(s.placeTab)
		for v, cells := range b.units {
			row := s.placeTab[v*b.n : (v+1)*b.n]
			for i, c := range cells {
				for m := b.cand[c]; m != 0; m &= m - 1 {
					row[bits.TrailingZeros64(m)] |= 1 << i
				}
			}
		}
		s.placesOK = true
	}
	return s.placeTab[u*b.n+d-1]
}

// scratch is what a solve leaves for the next one of the same shape: the
// chainer, whose sets of potentials take megabytes, the link graphs and
// other tables. None holds anything of the puzzle that the next solve
// reads before writing it.
type scratch struct {
	ch        *chainer
	linkCache []linkEntry
	excl      []cellSet
	tried     []uint64
}

func (s *solver) run() Result {
	res := Result{}
	for s.b.left > 0 {
		h, ok := s.next()
		if !ok && s.tooHard > 0 {
			s.score = max(s.score, s.tooHard)
			res.Err = ErrTooHard
			break
		}
		var err error
		if !ok {
			if h, err = s.trial(); err != nil {
				res.Err = err
				break
			}
		}
		if !s.apply(h) {
			// A deduction that changes nothing would loop: fall back.
			if h, err = s.trial(); err != nil || !s.apply(h) {
				res.Err = cmp.Or(err, ErrGaveUp)
				break
			}
		}
		if s.maxScore > 0 && s.score > s.maxScore {
			res.Err = ErrTooHard
			break
		}
	}
	res.Solved = s.b.left == 0 && res.Err == nil
	res.Score = float64(s.score) / 10
	res.Level = LevelOf(res.Score)
	res.Steps = s.steps
	for t, c := range s.counts {
		if c > 0 {
			res.Counts = append(res.Counts, Count{Technique(t), c})
		}
	}
	return res
}

// apply performs h and records it; it reports whether anything changed.
func (s *solver) apply(h hint) bool {
	changed := false
	if h.place >= 0 {
		c := int(h.place)
		if s.b.val[c] != 0 || !s.b.has(c, h.digit) {
			return false
		}
		s.b.place(c, h.digit)
		changed = true
	}
	for _, e := range h.elims {
		if s.b.has(int(e.c), int(e.d)) {
			s.b.cand[e.c] &^= 1 << (e.d - 1)
			changed = true
		}
	}
	if !changed {
		return false
	}
	s.placesOK = false
	if h.score > s.score {
		s.score = h.score
	}
	s.counts[h.tech]++
	if s.explain {
		s.steps = append(s.steps, s.stepOf(h))
	}
	return true
}

func (s *solver) cellOf(c int32) grid.Cell {
	return grid.Cell{Row: int(c) / s.b.n, Col: int(c) % s.b.n}
}

func (s *solver) stepOf(h hint) Step {
	st := Step{Technique: h.tech, Score: float64(h.score) / 10, shape: s.b.shape}
	for _, c := range h.cells {
		st.Cells = append(st.Cells, s.cellOf(c))
	}
	if h.place >= 0 {
		st.Place = &Placement{Cell: s.cellOf(h.place), Digit: h.digit}
	}
	// group eliminations by digit, then cell order
	es := append([]elim(nil), h.elims...)
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && (es[j].d < es[j-1].d || es[j].d == es[j-1].d && es[j].c < es[j-1].c); j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
	for _, e := range es {
		st.Eliminate = append(st.Eliminate, Candidate{Cell: s.cellOf(e.c), Digit: int(e.d)})
	}
	if h.unit >= 0 {
		st.unit = s.b.unitName(h.unit)
	}
	if h.place < 0 {
		st.Digits = digitsOf(h.digits)
	}
	return st
}

// trial is the last resort: place the digit of the most constrained empty
// cell, found by search. When the count of newSolver gave up, it counts
// the solutions again, from the candidates left so far, which every
// solution keeps (the uniqueness techniques, which could remove some, are
// off without a count): a puzzle found to have none or several is not
// rated (the error says so), and one whose count gives up again neither
// (ErrGaveUp).
func (s *solver) trial() (hint, error) {
	if s.sol == nil {
		sol, count := s.b.count(s.b.val, s.b.allowed())
		switch count {
		case 0:
			return hint{}, ErrNoSolution
		case 2:
			return hint{}, ErrMultiple
		case gaveUp:
			return hint{}, ErrGaveUp
		}
		s.sol = sol
	}
	best, bestN := -1, 1<<30
	for c, m := range s.b.cand {
		if s.b.val[c] == 0 && popcount(m) < bestN {
			best, bestN = c, popcount(m)
		}
	}
	if best < 0 || !s.b.has(best, int(s.sol[best])) {
		return hint{}, ErrGaveUp
	}
	return hint{tech: TrialAndError, score: techBase[TrialAndError], place: int32(best), digit: int(s.sol[best]), unit: -1}, nil
}
