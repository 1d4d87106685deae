package grid

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
)

// A constraint kind (killer cages, thermometers, anti-knight...) is one
// file of package rules, which holds all there is to know about it: its
// data (under its keys, see Key), its f-puzzles fields and its JSON Lines
// form (read and write), its validation, a direct check of a grid against
// it (Clashes, written from the rule's meaning and not from its clauses),
// and its lowering to the plain constraints of Lowered, which package sat
// turns into clauses and the variant search propagates. The table lists
// them (Register); every loop over the rules of a puzzle (the readers and
// writers, Validate, Names, Units, Check, Lower) walks the table, and no
// code outside the kinds switches on kinds.
//
// Why the table is here and the kinds are not: grid is the bottom of the
// import graph, and its readers of both formats must know every kind to
// refuse what they do not know, so grid defines the table, the facets a
// kind has (Kind) and the hooks the kinds read and write through (FPIn,
// FPOut, JSONIn, JSONOut, Validation); package rules fills the table at
// start-up, in its fixed order. A kind gives its propagation and its
// clauses as plain data (groups whose digits differ, moves, digit masks,
// relations between two cells, sums), so sat encodes and the search
// propagates any kind without importing the other, and sat imports no
// search: what the rules imply (Imply) is computed here too.

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

// Kind is one kind of constraint: the table's row, which package rules
// fills. Every facet is set for every kind (a test walks the table); a
// facet with nothing to do for a kind is a function that does nothing.
type Kind struct {
	// Name names the kind in messages and tests: "thermometer".
	Name string
	// Has reports whether r holds constraints of this kind.
	Has func(r *Rules) bool
	// Equal reports whether a and b hold the same constraints of it.
	Equal func(a, b *Rules) bool
	// Names appends the variant names r has of this kind (see
	// Rules.Names).
	Names func(r *Rules, out []string) []string
	// FPFields are the top-level fields of f-puzzles objects it reads,
	// FPCellFields those of the cells of "grid".
	FPFields, FPCellFields []string
	// ReadFP reads its fields of an f-puzzles object into r; WriteFP
	// writes them, or fails for rules the format cannot hold.
	ReadFP  func(in *FPIn, r *Rules) error
	WriteFP func(out *FPOut, r *Rules) error
	// FPDrawn, when set (it is the one facet a kind may leave nil),
	// reports whether field k of the f-puzzles object keys, which no kind
	// reads, is only f-puzzles' drawing of constraints of this kind (the
	// outline setters draw round a clone), which holds no rule of its own.
	FPDrawn func(keys map[string]json.RawMessage, k string) bool
	// JSONFields are the fields of the "rules" object of JSON Lines it
	// reads; ReadJSON reads them, WriteJSON writes them.
	JSONFields []string
	ReadJSON   func(in *JSONIn, r *Rules) error
	WriteJSON  func(out *JSONOut, r *Rules) error
	// WriteISS writes its constraints as Interactive-Sudoku-Solver's
	// types (see ISSOut), each with the meaning the rule has here, or
	// fails with an *ISSError when ISS has no type that says exactly
	// that: the rule is never written with another meaning.
	WriteISS func(out *ISSOut, r *Rules) error
	// JSONOld maps the names its fields had before the JSON form named
	// every field in snake_case to the names it has now: the old names
	// are still read, never written.
	JSONOld map[string]string
	// Validate reports the first constraint of it that cannot hold in a
	// grid of shape v.Shape, as a *RuleError.
	Validate func(v *Validation, r *Rules) error
	// Clashes appends the givens of g that break its constraints: the
	// direct check, independent of the clauses. Repeats in the groups of
	// Lowered are found once for every kind (see Grid.ruleClashes).
	Clashes func(g Grid, r *Rules, out []Clash) []Clash
	// Lower adds its constraints to l, in the plain terms that the
	// encoding and the search know.
	Lower func(s Shape, r *Rules, l *Lowered)
	// Draw adds its marks to a drawing (see Drawing).
	Draw func(s Shape, r *Rules, d *Drawing)
	// Titles title its variant names for headings: "xv": "XV".
	Titles map[string]string
	// Layouts are the variants of it that generate makes (see Layout).
	Layouts []Layout
	// Random adds to r a random instance of it for a grid of shape s,
	// whose every constraint the full grid sol keeps; with sol nil, any
	// instance valid for s. Tests of every kind draw their cases from it.
	Random func(rng *rand.Rand, s Shape, sol []uint8, r *Rules)
	// Text returns its sentences for the rules paragraph of a book of
	// the puzzles all, none when none of them has it.
	Text func(all []Grid) []string
}

// kinds is the table of the kinds, in the order of Rules.Names and of the
// fields of the JSON form: the kinds that package rules registers (see
// Register). Its order fixes the order of the clauses and of the
// propagation tables, so a new kind goes at the end.
var kinds []*Kind

// Register adds kinds to the end of the table, in the order given. It is
// called at start-up by the package that defines the kinds (package
// rules), in the spirit of image.RegisterFormat: grid walks the table, and
// a program that reads or makes variants imports that package (a blank
// import is enough) so that the table is full before anything reads it.
func Register(ks ...*Kind) {
	kinds = append(kinds, ks...)
}

// Registered reports whether any kind is registered: without, every
// puzzle with rules is refused (see ErrNoKinds).
func Registered() bool { return len(kinds) > 0 }

// ErrNoKinds is the error of reading rules when no kind is registered:
// the program forgot to import package rules.
var ErrNoKinds = errors.New("no rule kinds registered: import github.com/sudokugen/sudokugen/rules")

// Regions gives the region (0 to N-1) of each cell, row-major, for
// jigsaw (irregular) puzzles; nil means the boxes of the shape. Each
// region has N cells, connected or not. Regions are units of the grid, as
// boxes are: the key is the core's, the jigsaw kind reads and writes it.
var Regions = NewKey[[]uint8]("regions")

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
// are copied, never those of rules r was copied from (by value, or by
// Clone), which keep theirs.
func (k Key[T]) Set(r *Rules, v T) {
	slots := make([]any, max(len(r.slots), k.i+1))
	copy(slots, r.slots)
	slots[k.i] = v
	r.slots = slots
}

// Clone returns a copy of r whose data may be set (Key.Set) without
// changing r; the data themselves are shared, so whoever changes a list
// copies it first. Nil gives new, empty rules.
func (r *Rules) Clone() *Rules {
	if r == nil {
		return &Rules{}
	}
	return &Rules{slots: slices.Clone(r.slots)}
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
		out = append(out, k.Text(all)...)
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
	// Adds are additions of integers in the order encoding that some of
	// the Clauses state (see Addition): a search may propagate each as
	// one rule, in place of its clauses, with the same result.
	Adds []Addition
	// Ladders are the digits of cells in the order encoding that some of
	// the Clauses tie to the cells' variables (see Ladder).
	Ladders []Ladder
	// Places are digits whose place in a unit of N cells the search
	// decides early (see Place).
	Places []Place
	// Scopes are the cells of each rule that ties its cells together
	// beyond pairs (a sum, a line's set of digits): a search may read
	// such a rule on its cells alone, deduction by deduction, each one
	// provable from the clauses (see package internal/rulesearch's probes).
	Scopes [][]int32
	// ScopeLabels name the rule of each scope for a person's steps ("arrow
	// r1c1"), one per scope: those a kind leaves empty get its name.
	ScopeLabels []string
	// LateScopes marks the scopes, by index, whose probes a search
	// starts only once it has gone on a while (see LateScope).
	LateScopes []bool
	// EarlyScopes marks the scopes, by index, whose probes a search
	// starts at its root (see EarlyScope).
	EarlyScopes []bool
	// Linear are the rules that state a sum: the digits of some cells,
	// each times a weight, add up to a total. A person reads such a rule
	// by the least and the most each side of it can make (see
	// LinearSum); the Clauses or Sums say the same for the search.
	Linear []LinearSum
	// Sets are the rules that the cells of a line hold, one each, the
	// digits of one of some sets (a renban's runs of consecutive digits),
	// which a person reads by the sets that still fit; the Clauses and
	// Links say the same for the search.
	Sets []DigitSets
	// Facts are digits that one rule rules out of cells whatever the
	// other rules and the givens say (the first cells below a skyscraper
	// clue are capped, no 5 on a whisper), in words for a person's first
	// steps; the Clauses or Links say the same for the search, whose
	// lowerings leave them out (see KeepsFacts).
	Facts []Fact
	n     int
	// bare: the caller wants no Clauses (see lowerBare), so a kind may
	// skip the work of writing them
	bare bool
	// lean: the caller reads Adds and Ladders on their bounds and wants
	// none of their clauses (see LowerForSearch)
	lean bool
	// store holds the memory of the Clauses, nil when they have their
	// own (see ReleaseClauses)
	store *clauseStore
}

// Scope adds the cells of parts, in order, each once, as a scope.
func (l *Lowered) Scope(parts ...[]int32) {
	var sc []int32
	for _, p := range parts {
		for _, c := range p {
			if !slices.Contains(sc, c) {
				sc = append(sc, c)
			}
		}
	}
	l.Scopes = append(l.Scopes, sc)
	l.ScopeLabels = append(l.ScopeLabels, "")
	l.LateScopes = append(l.LateScopes, false)
	l.EarlyScopes = append(l.EarlyScopes, false)
}

// Mark is how many links, scopes and facts a Lowered holds, for
// LabelSince.
type Mark struct{ links, scopes, facts int }

// Mark returns how many links, scopes and facts l holds now.
func (l *Lowered) Mark() Mark { return Mark{len(l.Links), len(l.ScopeLabels), len(l.Facts)} }

// LabelSince labels the links, scopes and facts added since m that have
// no label yet: a kind calls it after it lowered one of its rules, with
// the mark it took before.
func (l *Lowered) LabelSince(m Mark, label string) {
	for i := m.links; i < len(l.Links); i++ {
		if l.Links[i].Label == "" {
			l.Links[i].Label = label
		}
	}
	for i := m.scopes; i < len(l.ScopeLabels); i++ {
		if l.ScopeLabels[i] == "" {
			l.ScopeLabels[i] = label
		}
	}
	for i := m.facts; i < len(l.Facts); i++ {
		if l.Facts[i].Label == "" {
			l.Facts[i].Label = label
		}
	}
}

// LateScope adds a scope as Scope does, for a rule with many clauses for
// its cells (a sandwich's), on which a search's probes cost more than they
// find until it has gone on a while.
func (l *Lowered) LateScope(parts ...[]int32) {
	l.Scope(parts...)
	l.LateScopes[len(l.LateScopes)-1] = true
}

// EarlyScope adds a scope as Scope does, for a rule whose clauses see
// little of what its probes find (a region sum line's), so that a search
// probes it from its root rather than after the nodes of a first run.
func (l *Lowered) EarlyScope(parts ...[]int32) {
	l.Scope(parts...)
	l.EarlyScopes[len(l.EarlyScopes)-1] = true
}

// Bare reports whether the caller wants no Clauses, so that a kind may
// skip the work of writing them.
func (l *Lowered) Bare() bool { return l.bare }

// KeepsFacts reports whether the caller reads the Facts, which take words
// to write: a lowering for the search or for the units (see Lean and
// Bare) has them left out.
func (l *Lowered) KeepsFacts() bool { return !l.bare && !l.lean }

// Lean reports whether the Lowered is for a search that reads each
// Addition and Ladder on its bounds: they are then recorded with no
// clause of their own (From == To), which saves writing most of the
// clauses of the sums.
func (l *Lowered) Lean() bool { return l.lean }

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

// Addition is z = x + y over integers in the order encoding (package
// internal/sumcnf), which the clauses Clauses[From:To] of a Lowered
// state and nothing else does: for each value a of x and b of y,
//
//	x >= a and y >= b imply z >= a+b (z >= Z's greatest when Saturate
//	and a+b is past it; false when it is past it otherwise)
//	x <= a and y <= b imply z <= a+b (false when a+b is below Z's least)
//
// less those that the chains of the three integers' literals give by
// unit propagation. Unit propagation on those clauses keeps each integer
// within the bounds the other two allow, and nothing more: a search
// that does the same on the bounds, and takes no clause of From to To,
// removes what unit propagation removes.
//
// Cells are the cells whose digits X and Y are made of (a sum's first
// terms and its next, or the cells a flag of a sum stands for), if any:
// a search blames them for the addition's conflicts, as it blames the
// cells of a clause found false. Blaming none, the search of the 200
// region sum line puzzles of .ci/bench.sh iss took 30,195 nodes,
// blaming the cells of X and Y when they are digits 29,123, and these
// 27,814; arrows 13,911, 11,169 and 11,179; little killers 21,177,
// 17,844 and 17,502.
type Addition struct {
	X, Y, Z  OrdLits
	Saturate bool
	From, To int
	Cells    []int32
}

// Ladder is the digit of Cell in the order encoding: Lits[v] is the
// literal "Cell holds v or more", for v from 2 to N (Lits[0] and Lits[1]
// are 0), which the clauses Clauses[From:To] tie to the cell's variables
// and nothing else does. Unit propagation on them makes "v or more" true
// exactly when no digit below v is left in the cell, and false when none
// from v up is; and such a literal true (false) takes the digits below
// (from) v from the cell. A search that does that on the cell's digits,
// and takes no clause of From to To, removes what unit propagation
// removes.
type Ladder struct {
	Cell     int32
	Lits     []int
	From, To int
}

// OrdLits is an integer in the order encoding: its values, increasing,
// and for each value v after the first the auxiliary variable's literal
// "it is at least v" (Lits[0] is unused: it is at least its least value).
// Each literal implies the one before it, by clauses.
type OrdLits struct {
	Vals []int
	Lits []int
}

// LinearSum is a rule of Lowered that the digits of Cells, each times
// its weight in Weights, add up to Total: an arrow is its circle (weight
// 1, or 100, 10 and 1 for a pill) less its shaft (weight -1) making 0, a
// little killer its cells making the clue. Sides name, in words, the
// cells of positive and of negative weight ("the circle", "the shaft"):
// empty, a person's steps name the cells themselves. Label names the rule
// as its scope does.
type LinearSum struct {
	Cells   []int32
	Weights []int
	Total   int
	Sides   [2]string
	Label   string
}

// AddLinear adds the rule that the digits of plus less those of minus
// add up to total, the cells of plus weighted by weights (nil: each 1),
// named by label and its sides by sides.
func (l *Lowered) AddLinear(plus, minus []int32, weights []int, total int, label string, sides [2]string) {
	r := LinearSum{Total: total, Label: label, Sides: sides}
	for i, c := range plus {
		w := 1
		if weights != nil {
			w = weights[i]
		}
		r.Cells, r.Weights = append(r.Cells, c), append(r.Weights, w)
	}
	for _, c := range minus {
		r.Cells, r.Weights = append(r.Cells, c), append(r.Weights, -1)
	}
	l.Linear = append(l.Linear, r)
}

// DigitSets is a rule of Lowered that Cells hold, one each, the digits
// of one of Sets (bit d-1 for digit d), named by Label.
//
// Needs says that Clauses say, in variables of the kind's own for the
// sets, that some set is held and that a set held has each of its digits
// in a cell of Cells. Unit propagation then refutes a digit's absence
// from Cells when every set left has it: package rulesearch takes such a
// digit from the cells that see each cell of the rule that can hold it.
type DigitSets struct {
	Cells []int32
	Sets  []uint64
	Label string
	Needs bool
}

// Fact is a fact of Lowered: Cells cannot hold the digits Not (bit d-1
// for digit d), by the rule named Label, for the reason Words gives
// ("at least 2 higher digits are seen after r1c2, so it is at most 7").
type Fact struct {
	Cells []int32
	Not   uint64
	Label string
	Words string
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
	// Label names the rule for a person's steps ("white dot", "whisper
	// r3c3-r3c6"); the kind's name when it gives none.
	Label string
}

// Relation is a relation between the digits of two cells, shared by the
// links of a kind (the search builds one table per relation).
type Relation struct {
	Allows func(a, b int) bool
}

// RelationTable returns allows as a table for digits 1 to n: bit b-1 of
// t[a-1] is set when a fits b.
func RelationTable(n int, allows func(a, b int) bool) []uint64 {
	t := make([]uint64, n)
	for a := 1; a <= n; a++ {
		for b := 1; b <= n; b++ {
			if allows(a, b) {
				t[a-1] |= 1 << (b - 1)
			}
		}
	}
	return t
}

// Lower returns rules r of shape s in the plain terms of Lowered. r must
// be valid for s; nil rules give an empty Lowered.
func (r *Rules) Lower(s Shape) *Lowered { return r.lower(s, false) }

// LowerForSearch is Lower for a search that reads each Addition and
// Ladder on its bounds (package internal/rulesearch): their clauses are
// left out (see Lowered.Lean), and the Lowered is not the CNF of the
// rules. On the 200 generated region sum line puzzles of .ci/bench.sh
// iss, Lower takes 76 ms in all and this 11.
//
// Its clauses are cut from memory that the last such lowering gave back:
// the caller gives theirs back in turn with ReleaseClauses once it has
// read them.
func (r *Rules) LowerForSearch(s Shape) *Lowered {
	st := clauseStores.Get().(*clauseStore)
	l := &Lowered{n: s.N(), lean: true, store: st, Clauses: st.list, Adds: st.adds, Ladders: st.ladders}
	return r.lowerWith(s, l)
}

// lowerBare is Lower without the kinds' own clauses, which cost the most
// to write (thousands for a sandwich) and which the units, the direct
// check and the implied cages do not read.
func (r *Rules) lowerBare(s Shape) *Lowered { return r.lower(s, true) }

func (r *Rules) lower(s Shape, bare bool) *Lowered {
	return r.lowerWith(s, &Lowered{n: s.N(), bare: bare})
}

// lowerWith lowers r of shape s into l, new.
func (r *Rules) lowerWith(s Shape, l *Lowered) *Lowered {
	bare := l.bare
	if r == nil {
		return l
	}
	for _, k := range kinds {
		m := l.Mark()
		k.Lower(s, r, l)
		l.LabelSince(m, k.Name)
	}
	if bare {
		l.Clauses, l.Aux = nil, 0
	}
	return l
}

// validation is the state Validate shares among the kinds: the shape and
// the check that lists of cells lie in the grid once each.
type Validation struct {
	Shape Shape
	N     int
	seen  []int32 // the list that last held each cell, from 1
	lists int32
}

// inGrid checks that the cells of list lie in the grid, once each; rule
// names the list, built only for an error.
func (v *Validation) InGrid(rule func() string, list []int32) error {
	v.lists++
	cells := int32(v.N * v.N)
	for _, c := range list {
		if c < 0 || c >= cells {
			return RuleErrorf(rule(), "cell %d is outside the %dx%d grid", c, v.N, v.N)
		}
		if v.seen[c] == v.lists {
			return RuleErrorf(rule(), "%s is listed twice", CellName(v.N, c))
		}
		v.seen[c] = v.lists
	}
	return nil
}

// cellOf returns cell i of a grid of size n.
func CellOf(n int, i int32) Cell { return Cell{int(i) / n, int(i) % n} }

// KindNames returns the names of the kinds, in the table's order.
func KindNames() []string {
	out := make([]string, len(kinds))
	for i, k := range kinds {
		out[i] = k.Name
	}
	return out
}

// Table returns the kinds, in the table's order.
func Table() []*Kind { return slices.Clone(kinds) }

// orthogonal returns the cells beside cell i of a grid of size n.
func orthogonal(n int, i int32) []int32 {
	return MoveCells(n, i, [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}})
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
		k.Draw(s, r, d)
	}
	return d
}

// VariantTitle returns the title of a variant name of Rules.Names for a
// heading: "Killer", "Disjoint groups"; the name itself for one the kinds
// do not title.
func VariantTitle(name string) string {
	for _, k := range kinds {
		if t, ok := k.Titles[name]; ok {
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
	// Regions says that it makes the puzzle's own regions (jigsaw
	// regions): the layouts a grid without boxes can be made with.
	Regions bool
	// Split, when set, gives the layout a pure form, named "pure-" and its
	// name, whose puzzles have no givens at all: while the puzzle has a
	// second solution, Split returns its rules r with the part that holds
	// cell x (where the second solution differs from the full grid full)
	// split, until the rules alone make the puzzle unique. PureGloss says
	// what the pure form is, for help.
	Split     func(rng *rand.Rand, r *Rules, full Grid, x int32) *Rules
	PureGloss string
}

// Varies reports whether the rules of l differ from puzzle to puzzle.
func (l *Layout) Varies() bool { return l.Before != nil || l.After != nil }

// Layouts returns the variants that generate makes, in the table's order.
func Layouts() []*Layout {
	var out []*Layout
	for _, k := range kinds {
		for i := range k.Layouts {
			out = append(out, &k.Layouts[i])
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
