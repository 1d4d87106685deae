package grid

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
)

// A constraint kind (killer cages, thermometers, anti-knight...) is one
// file of this package, kind_*.go, which holds all there is to know about
// it: its data, its f-puzzles fields and its JSON Lines form (read and
// write), its validation, a direct check of a grid against it (Clashes,
// written from the rule's meaning and not from its clauses), and its
// lowering to the plain constraints of Lowered, which package sat turns
// into clauses and the variant search propagates. The table kinds lists
// them; every loop over the rules of a puzzle (the readers and writers,
// Validate, Names, Units, Check, Lower) walks the table, and no code
// outside a kind's file switches on kinds.
//
// Why here, in package grid: grid is the bottom of the import graph, and
// the readers of both formats, which live here, must know every kind to
// refuse what they do not know. A kind gives its propagation and its
// clauses as plain data (groups whose digits differ, moves, digit masks,
// relations between two cells, sums), so sat encodes and the search
// propagates any kind without importing the other, and sat imports no
// search: what the rules imply (Imply) is computed here too.
//
// Every kind keeps its data in Rules the same way: under keys of its own
// (see Key), typed, so that a new kind is one file and one row of the
// table.

// Rules are the rules of a variant puzzle beyond those of classic Sudoku.
// A Grid whose Rules is nil is a classic puzzle: every row, column and box
// holds every digit once. With Rules, the rows and columns still hold every
// digit once, and so do the regions (Regions, or the boxes of the shape when
// it has none); the data of the other kinds add constraints. Rules are
// plain data, built once (NewRules, Key.Set) and then never changed: grids
// share them (Clone copies the pointer).
//
// Cells are row-major indices, r*N+c with 0-based row r and column c.
//
// Each kind reads and writes its data through its keys (Key.Get, Key.Set),
// which the packages that build rules by hand use too.
type Rules struct {
	// slots holds the data of the kinds, one slot per key (see Key); nil
	// when none has any.
	slots []any
}

// Kind is one kind of constraint: the table's row. Every facet is set for
// every kind (a test walks the table); a facet with nothing to do for a
// kind is a function that does nothing.
type Kind struct {
	// name names the kind in messages and tests: "thermometer".
	name string
	// has reports whether r holds constraints of this kind.
	has func(r *Rules) bool
	// equal reports whether a and b hold the same constraints of it.
	equal func(a, b *Rules) bool
	// names appends the variant names r has of this kind (see
	// Rules.Names).
	names func(r *Rules, out []string) []string
	// fpFields are the top-level fields of f-puzzles objects it reads,
	// fpCellFields those of the cells of "grid".
	fpFields, fpCellFields []string
	// readFP reads its fields of an f-puzzles object into r; writeFP
	// writes them, or fails for rules the format cannot hold.
	readFP  func(in *fpIn, r *Rules) error
	writeFP func(out *fpOut, r *Rules) error
	// jsonFields are the fields of the "rules" object of JSON Lines it
	// reads; readJSON reads them, writeJSON writes them.
	jsonFields []string
	readJSON   func(in *jsonIn, r *Rules) error
	writeJSON  func(out *jsonOut, r *Rules) error
	// validate reports the first constraint of it that cannot hold in a
	// grid of shape v.s, as a *RuleError.
	validate func(v *validation, r *Rules) error
	// clashes appends the givens of g that break its constraints: the
	// direct check, independent of the clauses. Repeats in the groups of
	// Lowered are found once for every kind (see Grid.ruleClashes).
	clashes func(g Grid, r *Rules, out []Clash) []Clash
	// lower adds its constraints to l, in the plain terms that the
	// encoding and the search know.
	lower func(s Shape, r *Rules, l *Lowered)
	// draw adds its marks to a drawing (see Drawing).
	draw func(s Shape, r *Rules, d *Drawing)
	// titles title its variant names for headings: "xv": "XV".
	titles map[string]string
	// layouts are the variants of it that generate makes (see Layout).
	layouts []Layout
	// random adds a random instance of it: see Kind.Random.
	random func(rng *rand.Rand, s Shape, sol []uint8, r *Rules)
	// text returns its sentences for the rules paragraph of a book of
	// the puzzles all, none when none of them has it.
	text func(all []Grid) []string
}

// kinds is the table of the kinds, in the order of Rules.Names and of the
// fields of the JSON form. Its order fixes the order of the clauses and
// of the propagation tables, so a new kind goes at the end.
var kinds = []*Kind{
	jigsawKind,
	groupKind,
	cageKind,
	parityKind,
	kropkiKind,
	xvKind,
	thermoKind,
	antiKingKind,
	antiKnightKind,
	pencilMarkKind,
	nonconsecutiveKind,
	whispersKind,
	renbanKind,
	palindromeKind,
	betweenLineKind,
	entropicLineKind,
	modularLineKind,
	nabnerKind,
	slowThermometerKind,
	cloneKind,
	minMaxKind,
	quadrupleKind,
	negativeKind,
	indexerKind,
	arrowKind,
	littleKillerKind,
	sandwichKind,
	regionSumLineKind,
	zipperKind,
	xsumKind,
	skyscraperKind,
	doubleArrowKind,
}

// The keys of the kinds that came first, for the packages that build
// rules by hand.
var (
	// Regions gives the region (0 to N-1) of each cell, row-major, for
	// jigsaw (irregular) puzzles; nil means the boxes of the shape. Each
	// region has N cells, connected or not.
	Regions = NewKey[[]uint8]("regions")
	// Extra are further groups whose digits all differ: the diagonals of
	// X puzzles, the windows of hyper puzzles, disjoint groups, extra
	// regions. A group of N cells holds every digit once.
	Extra = NewKey[[]Group]("extra")
	// Cages are killer cages: their digits all differ, and add up to Sum
	// when Sum is not 0. Cages may overlap: a cell in two keeps both.
	Cages = NewKey[[]Cage]("cages")
	// Odd and Even list cells that hold an odd or an even digit.
	Odd  = NewKey[[]int32]("odd")
	Even = NewKey[[]int32]("even")
	// White are kropki white dots: the digits of the two cells differ by
	// one. Black are kropki black dots: one digit is twice the other.
	White = NewKey[[]Pair]("white")
	Black = NewKey[[]Pair]("black")
	// X and V join two cells whose digits add up to 10 and 5.
	X = NewKey[[]Pair]("x")
	V = NewKey[[]Pair]("v")
	// Thermos are thermometers, bulb first: the digits strictly increase
	// along each one. Consecutive cells touch, diagonally or not.
	Thermos = NewKey[[][]int32]("thermos")
	// AntiKing and AntiKnight say that two cells a king's or a knight's
	// move apart hold different digits.
	AntiKing   = NewKey[bool]("anti-king")
	AntiKnight = NewKey[bool]("anti-knight")
)

// keys counts the keys made so far: a key's place in the slots of Rules.
var keys int

// Key is where one kind keeps its data of type T in Rules: every kind
// stores its data the same way, under keys made once, at start-up, by
// NewKey. A kind with two lists (odd and even cells) has two keys.
type Key[T any] struct {
	i    int
	name string
}

// NewKey returns a new key for data of type T, named name in messages.
// Keys are made at start-up, as package variables.
func NewKey[T any](name string) Key[T] {
	keys++
	return Key[T]{i: keys - 1, name: name}
}

// Name returns the name of the key.
func (k Key[T]) Name() string { return k.name }

// Get returns the data of k in r: the zero T when r is nil or has none.
func (k Key[T]) Get(r *Rules) T {
	var v T
	if r != nil && k.i < len(r.slots) {
		v, _ = r.slots[k.i].(T)
	}
	return v
}

// Set sets the data of k in r, which must not be shared yet. The slots
// are copied, never those of rules r was copied from.
func (k Key[T]) Set(r *Rules, v T) {
	slots := make([]any, max(len(r.slots), k.i+1))
	copy(slots, r.slots)
	slots[k.i] = v
	r.slots = slots
}

// Of returns a setting of k to v, for NewRules.
func (k Key[T]) Of(v T) Setting { return func(r *Rules) { k.Set(r, v) } }

// Setting sets the data of one key in new rules: see Key.Of.
type Setting func(r *Rules)

// NewRules returns rules with the settings given, in order.
func NewRules(settings ...Setting) *Rules {
	r := &Rules{}
	for _, s := range settings {
		s(r)
	}
	return r
}

// RulesText returns the paragraph that states the rules of the puzzles
// all in plain words, each rule by the mark it has on the page: what the
// grid asks, then the sentences of each kind, in the table's order.
func RulesText(all []Grid) string {
	var out []string
	for _, k := range kinds {
		out = append(out, k.text(all)...)
	}
	return strings.Join(out, " ")
}

// Lowered is rules in the plain terms that the encoding (package sat) and
// the variant search know. Each kind lowers itself to these; the order of
// every list is the table's, then the order within each kind.
type Lowered struct {
	// Groups are groups of cells whose digits differ, labelled for
	// messages ("diagonal", "window 2", "cage 4").
	Groups []LabelledGroup
	// Moves are the steps (row, column) between cells that hold different
	// digits, per kind (a king's moves, a knight's).
	Moves []Moves
	// Masks are cells that may hold only some digits: bit d-1 for digit d.
	Masks []Mask
	// Links are two cells whose digits are related: Allows(a, b) tells
	// whether A may hold a when B holds b.
	Links []Link
	// Sums are cages whose digits add up to their sum (and differ: a Sum
	// cage also appears among Groups when it has two cells or more).
	Sums []Cage
	// Clauses are a kind's own clauses, for a rule that none of the
	// above says: pure CNF over the cell variables, numbered as package
	// sat numbers them (cell i holds digit d: i*N + d), and Aux auxiliary
	// variables, numbered N^3+1 to N^3+Aux here (AuxVar) and moved after
	// the variables of the sums by the encoding and the search. The search
	// propagates them by unit propagation. The cells of a full grid must
	// fix every auxiliary variable by unit propagation (as the sums' do),
	// so that a grid is a solution exactly when no clause is false.
	Clauses [][]int
	Aux     int
	// Places are digits whose place in a unit of N cells the search
	// decides early (see Place).
	Places []Place
	n      int
	// bare: the caller wants no Clauses (see lowerBare), so a kind may
	// skip the work of writing them
	bare bool
}

// Place is a digit of a unit of N cells (a row, a column, a region)
// whose place the rule turns on, such as a sandwich's 1 and N: the search
// splits on where it goes (the unit's at-least-one clause for the digit)
// before it splits on cells with more candidates, since the rule's
// propagation is weak until then. It changes no verdict, only the tree.
type Place struct {
	Unit  []int32
	Digit int
}

// CellVar returns the variable of cell i holding digit d in Clauses.
func (l *Lowered) CellVar(i int32, d int) int { return int(i)*l.n + d }

// AuxVar returns a new auxiliary variable for Clauses.
func (l *Lowered) AuxVar() int {
	l.Aux++
	return l.n*l.n*l.n + l.Aux
}

// LabelledGroup is a group of Lowered. A Unit (of N cells) holds every
// digit once, and the encoding and the search say so; the digits of
// another group only differ.
type LabelledGroup struct {
	Cells []int32
	Label string
	Unit  bool
}

// Moves are the steps between cells that must differ, and the words for
// a clash: Unit "anti-king", Name "a king's move".
type Moves struct {
	Steps      [][2]int
	Unit, Name string
}

// Mask says cell Cell holds one of Digits (bit d-1 for digit d).
type Mask struct {
	Cell   int32
	Digits uint64
}

// Link relates the digits of two cells: A may hold a beside B's b when
// Rel.Allows(a, b).
type Link struct {
	A, B int32
	Rel  *Relation
}

// Relation is a relation between the digits of two cells, shared by the
// links of a kind (the search builds one table per relation).
type Relation struct {
	Allows func(a, b int) bool
}

// Lower returns rules r of shape s in the plain terms of Lowered. r must
// be valid for s; nil rules give an empty Lowered.
func (r *Rules) Lower(s Shape) *Lowered { return r.lower(s, false) }

// lowerBare is Lower without the kinds' own clauses, which cost the most
// to write (thousands for a sandwich) and which the units, the direct
// check and the implied cages do not read.
func (r *Rules) lowerBare(s Shape) *Lowered { return r.lower(s, true) }

func (r *Rules) lower(s Shape, bare bool) *Lowered {
	l := &Lowered{n: s.N(), bare: bare}
	if r == nil {
		return l
	}
	for _, k := range kinds {
		k.lower(s, r, l)
	}
	if bare {
		l.Clauses, l.Aux = nil, 0
	}
	return l
}

// pairLinks adds to l the links of pairs on which allows holds, both ways.
func pairLinks(l *Lowered, pairs []Pair, rel *Relation) {
	for _, p := range pairs {
		l.Links = append(l.Links, Link{p[0], p[1], rel})
	}
}

// validation is the state Validate shares among the kinds: the shape and
// the check that lists of cells lie in the grid once each.
type validation struct {
	s     Shape
	n     int
	seen  []int32 // the list that last held each cell, from 1
	lists int32
}

// inGrid checks that the cells of list lie in the grid, once each; rule
// names the list, built only for an error.
func (v *validation) inGrid(rule func() string, list []int32) error {
	v.lists++
	cells := int32(v.n * v.n)
	for _, c := range list {
		if c < 0 || c >= cells {
			return ruleErrorf(rule(), "cell %d is outside the %dx%d grid", c, v.n, v.n)
		}
		if v.seen[c] == v.lists {
			return ruleErrorf(rule(), "%s is listed twice", cellName(v.n, c))
		}
		v.seen[c] = v.lists
	}
	return nil
}

// pairsOK checks pairs of orthogonally adjacent cells, named what 1, what
// 2...
func (v *validation) pairsOK(what string, pairs []Pair) error {
	for k, pr := range pairs {
		rule := func() string { return what + " " + itoa(k+1) }
		if err := v.inGrid(rule, pr[:]); err != nil {
			return err
		}
		if !adjacent(v.n, pr[0], pr[1], false) {
			return ruleErrorf(rule(), "%s and %s are not orthogonally adjacent", cellName(v.n, pr[0]), cellName(v.n, pr[1]))
		}
	}
	return nil
}

// cellOf returns cell i of a grid of size n.
func cellOf(n int, i int32) Cell { return Cell{int(i) / n, int(i) % n} }

// digitMask returns the digits from 1 to n for which keep holds, as bit
// d-1 for digit d.
func digitMask(n int, keep func(d int) bool) uint64 {
	var m uint64
	for d := 1; d <= n; d++ {
		if keep(d) {
			m |= 1 << (d - 1)
		}
	}
	return m
}

// pairClashes appends the pairs whose two givens allows does not accept,
// named what 1, what 2...
func pairClashes(g Grid, what string, pairs []Pair, allows func(a, b int) bool, out []Clash) []Clash {
	n := g.N()
	for k, p := range pairs {
		a, b := int(g.Cells[p[0]]), int(g.Cells[p[1]])
		if a != 0 && b != 0 && !allows(a, b) {
			ca, cb := cellOf(n, p[0]), cellOf(n, p[1])
			out = append(out, Clash{Unit: what, Index: k, Digit: b, A: ca, B: cb,
				Detail: fmt.Sprintf("%s holds %d and %s holds %d, which %s %d between them does not allow", ca, a, cb, b, what, k+1)})
		}
	}
	return out
}

// readPairsFP reads the pairs of f-puzzles field k: entries of two
// "cells", whose "value", when given, must be one of values; pick says
// which list of r a pair goes to by its value.
func readPairsFP(in *fpIn, r *Rules, k string, values []string, pick func(value string) Key[[]Pair]) error {
	entries, err := in.list(k)
	if err != nil {
		return err
	}
	for j, e := range entries {
		what := fmt.Sprintf("%s %d", k, j+1)
		v := strings.ToUpper(fpString(e["value"]))
		if v == "" && len(values) == 1 {
			v = values[0]
		}
		if !slices.Contains(values, v) {
			if len(values) == 1 {
				return unsupportedf([]string{k}, "f-puzzles: %s has value %s; only %s is supported", what, fpString(e["value"]), values[0])
			}
			return fpErr("%s has value %q, want %s", what, fpString(e["value"]), strings.Join(values, " or "))
		}
		cs, err := in.cellList(what+": \"cells\"", e["cells"])
		if err != nil {
			return err
		}
		if len(cs) != 2 {
			return fpErr("%s has %d cells, want 2", what, len(cs))
		}
		dst := pick(v)
		dst.Set(r, append(dst.Get(r), Pair{cs[0], cs[1]}))
	}
	return nil
}

// jsonValue is a JSON value kept as it is, for decodeValue.
type jsonValue = json.RawMessage

// decodeValue reads raw into v; absent (nil) is an error.
func decodeValue(raw json.RawMessage, v any) error {
	if raw == nil {
		return errors.New("absent")
	}
	return json.Unmarshal(raw, v)
}

// Name returns the name of kind k: "thermometer".
func (k *Kind) Name() string { return k.name }

// Random adds to r a random instance of kind k for a grid of shape s,
// whose every constraint the full grid sol keeps; with sol nil, any
// instance valid for s. Tests of every kind draw their cases from it.
func (k *Kind) Random(rng *rand.Rand, s Shape, sol []uint8, r *Rules) { k.random(rng, s, sol, r) }

// KindNames returns the names of the kinds, in the table's order.
func KindNames() []string {
	out := make([]string, len(kinds))
	for i, k := range kinds {
		out[i] = k.name
	}
	return out
}

// Table returns the kinds, in the table's order.
func Table() []*Kind { return slices.Clone(kinds) }

// orthogonal returns the cells beside cell i of a grid of size n.
func orthogonal(n int, i int32) []int32 {
	return moves(n, i, [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}})
}

// randomPairs returns up to k random pairs of orthogonally adjacent cells
// of a grid of size n, no pair twice, whose digits in sol ok accepts (any
// pair when sol is nil).
func randomPairs(rng *rand.Rand, n, k int, sol []uint8, ok func(a, b int) bool) []Pair {
	var out []Pair
	seen := map[Pair]bool{}
	for try := 0; try < 20*k && len(out) < k; try++ {
		a := int32(rng.IntN(n * n))
		nb := orthogonal(n, a)
		b := nb[rng.IntN(len(nb))]
		if seen[Pair{a, b}] || seen[Pair{b, a}] || sol != nil && !ok(int(sol[a]), int(sol[b])) {
			continue
		}
		seen[Pair{a, b}] = true
		out = append(out, Pair{a, b})
	}
	return out
}

// keeps reports whether the full grid sol keeps the constraints of one
// kind in r: the clashes of that kind alone.
func keeps(k *Kind, s Shape, sol []uint8, r *Rules) bool {
	return len(k.clashes(Grid{Shape: s, Cells: sol}, r, nil)) == 0
}

// Drawing is how rules are drawn, in a neutral vocabulary of marks that
// package output paints in PDF, SVG and PNG (and the web page draws too):
// each kind adds its marks (Rules.Draw), and the painter draws them in
// the order of these fields, layer over layer.
type Drawing struct {
	// Shaded are groups of cells on a grey background (windows, extra
	// regions).
	Shaded [][]int32
	// Circles and Squares are cells with a grey circle or square (odd,
	// even).
	Circles, Squares []int32
	// Tubes are thick lines through the centres of cells, with a bulb on
	// the first (thermometers).
	Tubes [][]int32
	// CornerLines are thin lines from corner to corner of the grid, each
	// given by its two corners as (row, column) of the grid's corners
	// (0 or N): diagonals.
	CornerLines [][2][2]int
	// Cages are dashed outlines of cells, with their sum (0: none) small
	// in the first cell.
	Cages []Cage
	// Dots are circles on the edge between two cells, hollow or filled
	// (kropki dots), and Letters are text on such an edge (X, V).
	Dots    []Dot
	Letters []Letter
	// Small are digits written small in a cell (given pencil marks):
	// bit d-1 for digit d.
	Small []Mask
	// Lines are lines through the centres of cells, in one of the
	// LineStyles (whispers, renban, palindromes, the shafts of arrows).
	Lines []Line
	// Rings are hollow circles around one cell, or a pill around a run of
	// cells in a row or column (the circles of arrows, the ends of
	// between lines).
	Rings [][]int32
	// Outside are clues written outside the grid, beside a row or a
	// column, or at a corner with a diagonal arrow (sandwich sums,
	// skyscrapers, little killers). A figure with any leaves a margin of
	// one cell round the grid.
	Outside []OutsideClue
	// Corners are small digits in a white circle on the point where four
	// cells meet (quadruples).
	Corners []CornerClue
	// Notes are short text small in the top-left corner of a cell, for a
	// mark that names itself (the sum of a line, "min", "max").
	Notes []Note
	// Unmarked names the rules that have no mark, for a caption:
	// "anti-king", "disjoint groups".
	Unmarked []string
}

// LineStyle says how a Line is painted; each reads apart from the others
// in greyscale, by width, tone and dash.
type LineStyle uint8

const (
	// LineThin is a thin dark line (arrow shafts, region sum lines).
	LineThin LineStyle = iota
	// LineWide is a wide light-grey line (renban, whispers...).
	LineWide
	// LineMedium is a medium mid-grey line (palindromes, between lines).
	LineMedium
	// LineDashed is a medium dashed line (entropic, modular, zipper...).
	LineDashed
)

// Line is a line through the centres of Cells, consecutive cells
// touching (diagonally or not). Arrow puts an arrowhead at its last cell.
type Line struct {
	Cells []int32
	Style LineStyle
	Arrow bool
}

// OutsideClue is Text written outside the grid. Row and Col are 0-based
// and either lies outside the grid, -1 or N: beside a row (Col -1 or N)
// or a column (Row -1 or N), or at a corner. Dir, when not zero, is the
// (row, column) step of the diagonal the clue points along (a little
// killer's arrow), each -1 or 1. Mark tells the kinds of clues beside a
// row or a column apart.
type OutsideClue struct {
	Row, Col int
	Text     string
	Dir      [2]int
	Mark     OutsideMark
}

// OutsideMark is how a clue beside a row or a column shows its kind, so
// that the kinds that are all plain numbers read apart at a glance.
type OutsideMark uint8

const (
	// OutsidePlain is the number alone (sandwich sums).
	OutsidePlain OutsideMark = iota
	// OutsideBoxed is the number in a thin square (X-sums).
	OutsideBoxed
	// OutsideInward is the number with a small arrowhead between it and
	// the grid, pointing along the row or column (skyscrapers).
	OutsideInward
)

// CornerClue is digits on the point where cells (Row, Col), (Row, Col+1),
// (Row+1, Col) and (Row+1, Col+1) meet, 0-based.
type CornerClue struct {
	Row, Col int
	Digits   []int
}

// Note is short text small in the top-left corner of Cell.
type Note struct {
	Cell int32
	Text string
}

// Dot is a kropki dot on the edge between the cells of Pair.
type Dot struct {
	Pair   Pair
	Filled bool
}

// Letter is text on the edge between the cells of Pair.
type Letter struct {
	Pair Pair
	Text string
}

// Draw returns the marks of rules r on shape s (see Drawing); none for
// nil rules.
func (r *Rules) Draw(s Shape) *Drawing {
	d := &Drawing{}
	if r == nil {
		return d
	}
	for _, k := range kinds {
		k.draw(s, r, d)
	}
	return d
}

// VariantTitle returns the title of a variant name of Rules.Names for a
// heading: "Killer", "Disjoint groups"; the name itself for one the kinds
// do not title.
func VariantTitle(name string) string {
	for _, k := range kinds {
		if t, ok := k.titles[name]; ok {
			return t
		}
	}
	return name
}

// Layout is a variant of a kind that generate makes, by its name on the
// command line: how its rules come about for a new puzzle.
type Layout struct {
	// Name is its name for --variant, Aliases the other names it answers
	// to (lower case, without hyphens), Gloss what it is, for help.
	Name    string
	Aliases []string
	Gloss   string
	// Fixed adds the rules that are the same for every puzzle of shape
	// s (the diagonals of x), or nil.
	Fixed func(s Shape, r *Rules)
	// Before draws the rules that come before the grid is filled (jigsaw
	// regions), After those drawn from the filled grid (cages and their
	// sums); nil when it has none.
	Before func(rng *rand.Rand, s Shape, r *Rules)
	After  func(rng *rand.Rand, full Grid, r *Rules)
	// Refuse says why it cannot be made on shape s together with the
	// layouts named with, or nil.
	Refuse func(s Shape, with []string) error
}

// Varies reports whether the rules of l differ from puzzle to puzzle.
func (l *Layout) Varies() bool { return l.Before != nil || l.After != nil }

// Layouts returns the variants that generate makes, in the table's order.
func Layouts() []*Layout {
	var out []*Layout
	for _, k := range kinds {
		for i := range k.layouts {
			out = append(out, &k.layouts[i])
		}
	}
	return out
}

// orthTables holds the cells beside each cell, per grid size, built on
// first use: random layouts ask for them many times.
var orthTables sync.Map // int -> [][]int32

// Orth returns the cells beside cell i of a grid of size n, up, left,
// right, down. The slice is shared: callers must not change it.
func Orth(n int, i int32) []int32 {
	if t, ok := orthTables.Load(n); ok {
		return t.([][]int32)[i]
	}
	t := make([][]int32, n*n)
	for k := range t {
		t[k] = orthogonal(n, int32(k))
	}
	v, _ := orthTables.LoadOrStore(n, t)
	return v.([][]int32)[i]
}
