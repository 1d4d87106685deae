package generate

import "fmt"

// Order is the order in which clue removal visits the cells (or the orbits
// of a symmetry).
type Order int

// The orders of clue removal.
const (
	// OrderAuto is OrderRows from 20x20 up when Options.Clues is 0 (see
	// sweepFrom), by digit for a score floor without a ceiling (see
	// removal.byDigit), and OrderRandom otherwise.
	OrderAuto Order = iota
	// OrderRandom visits every cell in a random order: the clues end up
	// evenly spread, but from 20x20 up a minimal puzzle takes minutes.
	OrderRandom
	// OrderRows visits the rows in a random order, and the cells of a row
	// in a random order: the rows visited first end up with few clues, and
	// minimal puzzles come several times faster (three times on 16x16, a
	// hundred times on 25x25).
	OrderRows
)

var orderNames = [...]string{OrderAuto: "auto", OrderRandom: "random", OrderRows: "rows"}

// String returns the name ParseOrder reads: "auto", "random" or "rows".
func (o Order) String() string {
	if !o.valid() {
		return fmt.Sprintf("Order(%d)", int(o))
	}
	return orderNames[o]
}

func (o Order) valid() bool { return o >= 0 && int(o) < len(orderNames) }

// ParseOrder returns the order named name, ignoring case.
func ParseOrder(name string) (Order, error) {
	return parseNamed[Order]("order", orderNames[:], name)
}

// Set parses name into o, so that an *Order serves as a command-line flag
// value.
func (o *Order) Set(name string) error {
	v, err := ParseOrder(name)
	if err != nil {
		return err
	}
	*o = v
	return nil
}

// Type names the flag value type in usage messages.
func (o *Order) Type() string { return "order" }
