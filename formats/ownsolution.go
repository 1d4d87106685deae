package formats

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/sudokugen/sudokugen/grid"
)

// A puzzle may come with its own solution: f-puzzles objects (and so
// SudokuPad's f-puzzles links) carry it as "solution", an array of the N*N
// digits row by row, and our JSON objects as "solution", a string like
// "puzzle" (verify --json and generate write it). Readers keep it in
// Record.Solution, so that a verifier can check it against the rules as
// this package reads them: a setter's tool accepted it, so a rule it breaks
// is a rule read differently here. A solution with an empty cell is not a
// witness and is passed over; one of the wrong length or with a symbol
// that is not a digit is an error, since it says the data is not what it
// claims to be.

// readSolution reads the solution raw of a puzzle of size n: an array of
// N*N digits (numbers or strings of one symbol, or rows of them), or a
// string of N*N symbols of alphabet a. Nil when raw is absent, null, or
// has an empty cell (0, null, "" or ".").
func readSolution(raw json.RawMessage, n int, a grid.Alphabet) ([]uint8, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	want := n * n
	var text string
	if json.Unmarshal(raw, &text) == nil {
		if len(text) != want {
			return nil, fmt.Errorf("\"solution\" has %d symbols, want %d", len(text), want)
		}
		out := make([]uint8, want)
		for i := range len(text) {
			if text[i] == '.' || text[i] == '0' {
				return nil, nil
			}
			d, ok := a.Digit(text[i])
			if !ok {
				return nil, fmt.Errorf("\"solution\": symbol %q at %d is not a digit of a %dx%d grid", text[i], i+1, n, n)
			}
			out[i] = uint8(d)
		}
		return out, nil
	}
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		return nil, fmt.Errorf("\"solution\": want an array of the %d digits, not %s", want, grid.CutText(raw))
	}
	if len(items) == n && n > 1 && bytes.HasPrefix(bytes.TrimSpace(items[0]), []byte("[")) {
		// rows of digits
		var flat []json.RawMessage
		for _, row := range items {
			var cells []json.RawMessage
			if json.Unmarshal(row, &cells) != nil {
				return nil, fmt.Errorf("\"solution\": want rows of digits, not %s", grid.CutText(row))
			}
			flat = append(flat, cells...)
		}
		items = flat
	}
	if len(items) != want {
		return nil, fmt.Errorf("\"solution\" has %d digits, want %d", len(items), want)
	}
	out := make([]uint8, want)
	empty := false
	for i, it := range items {
		d, ok, blank := solutionDigit(it, n, a)
		switch {
		case blank:
			empty = true
		case !ok:
			return nil, fmt.Errorf("\"solution\": %s at r%dc%d is not a digit from 1 to %d", grid.CutText(it), i/n+1, i%n+1, n)
		}
		out[i] = uint8(d)
	}
	if empty {
		return nil, nil
	}
	return out, nil
}

// solutionDigit reads one cell of a solution: a whole number from 1 to
// n, or a string of one symbol of a; blank for 0, null, "" and ".".
func solutionDigit(raw json.RawMessage, n int, a grid.Alphabet) (d int, ok, blank bool) {
	raw = bytes.TrimSpace(raw)
	if string(raw) == "null" {
		return 0, false, true
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		switch {
		case s == "" || s == "." || s == "0":
			return 0, false, true
		case len(s) == 1:
			d, ok = a.Digit(s[0])
			return d, ok, false
		}
		// a number written as a string, such as "12" in a 16x16 grid
		raw = json.RawMessage(s)
	}
	v, isNum := grid.Whole(raw)
	switch {
	case !isNum:
		return 0, false, false
	case v == 0:
		return 0, false, true
	}
	return v, v >= 1 && v <= n, false
}
