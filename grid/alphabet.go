package grid

import (
	"fmt"
	"strings"
)

// defaultSymbols are the digits of every size, in order: 1-9, then A-Z, then
// a-z for the sizes past 35.
const defaultSymbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// Alphabet maps digits 1..N to one-byte symbols and back. The empty cell is
// written '.', and read from '.' and '*', from '0' when '0' is not a digit,
// and from 'X' when 'X' is not a digit.
type Alphabet struct {
	symbols string
	digit   [256]int8 // symbol byte -> digit, 0 for none, -1 for empty
}

// DefaultAlphabet returns 1-9 then A-Z (then a-z) for size n. For n up to 35
// lower-case letters are read as their upper-case forms.
func DefaultAlphabet(n int) Alphabet {
	a := newAlphabet(defaultSymbols[:min(n, len(defaultSymbols))])
	if n <= 35 {
		for i := 9; i < n; i++ {
			up := defaultSymbols[i]
			a.digit[up-'A'+'a'] = int8(i + 1)
		}
	}
	return a
}

func newAlphabet(symbols string) Alphabet {
	a := Alphabet{symbols: symbols}
	a.digit['.'], a.digit['*'] = -1, -1
	if !strings.ContainsRune(symbols, '0') {
		a.digit['0'] = -1
	}
	if !strings.ContainsRune(symbols, 'X') {
		a.digit['X'] = -1
	}
	for i := 0; i < len(symbols); i++ {
		a.digit[symbols[i]] = int8(i + 1)
	}
	return a
}

// ParseAlphabet reads an alphabet spec such as "0-9A-F" or "123456789":
// single symbols and ranges a-b, in digit order.
func ParseAlphabet(spec string) (Alphabet, error) {
	var b strings.Builder
	for i := 0; i < len(spec); i++ {
		ch := spec[i]
		if ch > 126 || ch <= ' ' {
			return Alphabet{}, fmt.Errorf("alphabet %q: symbol %q is not a printable ASCII character", spec, ch)
		}
		if i+2 < len(spec) && spec[i+1] == '-' {
			hi := spec[i+2]
			if hi < ch || hi > 126 {
				return Alphabet{}, fmt.Errorf("alphabet %q: range %c-%c runs backwards", spec, ch, hi)
			}
			for x := ch; x <= hi; x++ {
				b.WriteByte(x)
			}
			i += 2
			continue
		}
		b.WriteByte(ch)
	}
	s := b.String()
	for i := 0; i < len(s); i++ {
		if why := reserved(s[i]); why != "" {
			return Alphabet{}, fmt.Errorf("alphabet %q: symbol %q %s, so it cannot be a digit", spec, s[i], why)
		}
		if strings.IndexByte(s[i+1:], s[i]) >= 0 {
			return Alphabet{}, fmt.Errorf("alphabet %q: symbol %q appears twice", spec, s[i])
		}
	}
	if len(s) < MinN {
		return Alphabet{}, fmt.Errorf("alphabet %q: %d symbols, need at least %d", spec, len(s), MinN)
	}
	return newAlphabet(s), nil
}

// Size returns the number of digits the alphabet spells.
func (a Alphabet) Size() int { return len(a.symbols) }

// Symbol returns the symbol for digit d, '.' for 0.
func (a Alphabet) Symbol(d int) byte {
	if d <= 0 || d > len(a.symbols) {
		return '.'
	}
	return a.symbols[d-1]
}

// Digit returns the digit for symbol b: 0 and true for an empty cell, 1..N
// and true for a digit, false when b is not in the alphabet.
func (a Alphabet) Digit(b byte) (int, bool) {
	switch d := a.digit[b]; {
	case d < 0:
		return 0, true
	case d > 0:
		return int(d), true
	}
	return 0, false
}

// String returns the symbols in digit order.
func (a Alphabet) String() string { return a.symbols }

// reserved says what the text formats use symbol c for, "" when nothing:
// such a symbol in an alphabet would be read as syntax, not as a digit.
func reserved(c byte) string {
	switch c {
	case '.', '*':
		return "marks an empty cell"
	case '#':
		return "starts a comment"
	case '|', '-', '+', '=':
		return "draws the lines between boxes"
	case ',', ';', ':':
		return "separates fields"
	case '[', ']', '{', '}':
		return "starts a section or a JSON value"
	}
	return ""
}
