package generate

import (
	"math/rand/v2"
	"testing"
)

func TestParseOrder(t *testing.T) {
	for _, o := range []Order{OrderAuto, OrderRandom, OrderRows} {
		got, err := ParseOrder(" " + o.String() + " ")
		if err != nil || got != o {
			t.Errorf("ParseOrder(%q) = %v, %v; want %v", o.String(), got, err, o)
		}
	}
	if got, err := ParseOrder("ROWS"); err != nil || got != OrderRows {
		t.Errorf("ParseOrder(ROWS) = %v, %v", got, err)
	}
	if _, err := ParseOrder("diagonal"); err == nil {
		t.Error("ParseOrder(diagonal): no error")
	}
	if _, err := New().Puzzle(1, 0, Options{Shape: shape9, Order: Order(3)}); err == nil {
		t.Error("Puzzle with Order(3): no error")
	}
}

// Each order gives unique puzzles, minimal without a clue target, and the
// orders are really used: rows differs from random on 16x16, where auto is
// random; and a clue target on 25x25 makes auto random.
func TestOrders(t *testing.T) {
	if testing.Short() {
		t.Skip("makes 16x16 and 25x25 puzzles (skipped with -short)")
	}
	g := New()
	rng := rand.New(rand.NewPCG(3, 3))
	puzzle := func(opts Options) Puzzle {
		t.Helper()
		p, err := g.Puzzle(5, 0, opts)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	auto := puzzle(Options{Shape: shape16})
	random := puzzle(Options{Shape: shape16, Order: OrderRandom})
	rows := puzzle(Options{Shape: shape16, Order: OrderRows})
	if !auto.Grid.Equal(random.Grid) {
		t.Errorf("16x16: auto and random differ:\n%v\n%v", auto.Grid, random.Grid)
	}
	if rows.Grid.Equal(random.Grid) {
		t.Errorf("16x16: rows and random gave the same puzzle")
	}
	// The counter takes about half a second per clue of the rows puzzle,
	// whose nearly empty rows leave it many branches.
	checkUnique(t, random)
	checkMinimal(t, random, NoSymmetry, rng, 20)
	checkUnique(t, rows)
	checkMinimal(t, rows, NoSymmetry, rng, 4)
	target := puzzle(Options{Shape: shape16, Order: OrderRows, Clues: 120})
	checkUnique(t, target)
	if got := target.Grid.Givens(); got != 120 {
		t.Errorf("16x16 rows with 120 clues asked: %d clues", got)
	}
	a := puzzle(Options{Shape: shape25, Clues: 330})
	b := puzzle(Options{Shape: shape25, Clues: 330, Order: OrderRandom})
	if !a.Grid.Equal(b.Grid) {
		t.Errorf("25x25 with a clue target: auto and random differ")
	}
	checkUnique(t, a)
}
