// Package lzstring is the LZ-based compression that f-puzzles and
// SudokuPad use for the puzzles in their links: the format of the
// lz-string JavaScript library's compressToBase64 and
// decompressFromBase64, written afresh from its description. Strings are
// compressed as UTF-16 code units, as JavaScript sees them.
package lzstring

import (
	"context"
	"errors"
	"strings"
	"unicode/utf16"
)

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="

// writer packs values into 6-bit symbols, low bit of each value first.
type writer struct {
	out      strings.Builder
	val, pos int
}

func (w *writer) bits(value, n int) {
	for range n {
		w.val = w.val<<1 | value&1
		value >>= 1
		if w.pos == 5 {
			w.out.WriteByte(alphabet[w.val])
			w.pos, w.val = 0, 0
		} else {
			w.pos++
		}
	}
}

// CompressToBase64 compresses s as lz-string's compressToBase64 does.
func CompressToBase64(s string) string {
	units := utf16.Encode([]rune(s))
	dict := map[string]int{}
	fresh := map[string]bool{} // entries of one unit not yet written out
	size, enlarge, width := 3, 2, 2
	var w writer
	grow := func() {
		enlarge--
		if enlarge == 0 {
			enlarge = 1 << width
			width++
		}
	}
	// keys are sequences of units, two bytes each
	emit := func(p string) {
		if fresh[p] {
			c := int(p[0])<<8 | int(p[1])
			if c < 256 {
				w.bits(0, width)
				w.bits(c, 8)
			} else {
				w.bits(1, width)
				w.bits(c, 16)
			}
			grow()
			delete(fresh, p)
		} else {
			w.bits(dict[p], width)
		}
		grow()
	}
	prefix := ""
	for _, u := range units {
		c := string([]byte{byte(u >> 8), byte(u)})
		if _, ok := dict[c]; !ok {
			dict[c] = size
			size++
			fresh[c] = true
		}
		if _, ok := dict[prefix+c]; ok {
			prefix += c
			continue
		}
		emit(prefix)
		dict[prefix+c] = size
		size++
		prefix = c
	}
	if prefix != "" {
		emit(prefix)
	}
	w.bits(2, width)
	for {
		w.val <<= 1
		if w.pos == 5 {
			w.out.WriteByte(alphabet[w.val])
			break
		}
		w.pos++
	}
	out := w.out.String()
	return out + "==="[:(4-len(out)%4)%4]
}

// ErrCorrupt is the error of DecompressFromBase64 for data that is not
// lz-string's base64 form.
var ErrCorrupt = errors.New("not lz-string compressed base64 data")

// ErrTooLarge is the error of Decompress for data that decompresses to
// more than its bound.
var ErrTooLarge = errors.New("decompresses to more than the bound")

// DefaultMaxUnits bounds what DecompressFromBase64 gives: 4 Mi UTF-16
// units. Callers that know what their data can hold pass a tighter bound
// to Decompress.
const DefaultMaxUnits = 4 << 20

// DecompressFromBase64 reverses CompressToBase64, up to DefaultMaxUnits
// units.
func DecompressFromBase64(s string) (string, error) {
	return Decompress(context.Background(), s, DefaultMaxUnits)
}

// ctxEvery is how many codes Decompress reads between looks at its context.
const ctxEvery = 1 << 12

// span is a dictionary entry: a run of the output. Every entry lz-string
// makes is a run of what it has already written (a single unit is written
// when it enters the dictionary, and a phrase plus the first unit of the
// next is what the output holds at that place), so the dictionary costs 8
// bytes an entry whatever its entries' lengths. Each code adds at most one
// entry and writes at least one unit, so the entries are at most the
// output's units plus the 3 reserved codes.
type span struct{ off, n uint32 }

// Decompress reverses CompressToBase64. The output is bounded by maxUnits
// UTF-16 units (ErrTooLarge past it), which bounds the memory it takes:
// 2 bytes a unit for the output, 8 bytes an entry for the dictionary, and
// the string returned. A code that points at the newest entry doubles the
// text at every step in a naive decoder's dictionary; here it costs one
// entry. ctx is looked at every few thousand codes.
func Decompress(ctx context.Context, s string, maxUnits int) (string, error) {
	if s == "" {
		return "", ErrCorrupt
	}
	r := bitReader{s: s, pos: 32, index: 1}
	var ok bool
	if r.val, ok = r.value(0); !ok {
		return "", ErrCorrupt
	}
	d := decoder{dict: make([]span, 3, 64), enlarge: 4, width: 3, max: maxUnits}
	switch r.read(2) {
	case 0:
		d.out = append(d.out, uint16(r.read(8)))
	case 1:
		d.out = append(d.out, uint16(r.read(16)))
	default:
		return "", nil
	}
	if maxUnits < 1 {
		return "", ErrTooLarge
	}
	d.dict = append(d.dict, span{0, 1})
	d.w = span{0, 1}
	for codes := 1; ; codes++ {
		if r.bad || r.index > len(s)+1 {
			return "", ErrCorrupt
		}
		if codes%ctxEvery == 0 {
			if err := ctx.Err(); err != nil {
				return "", err
			}
		}
		code := r.read(d.width)
		if code == 2 {
			if r.bad {
				return "", ErrCorrupt
			}
			return string(utf16.Decode(d.out)), nil
		}
		var err error
		if d, err = d.code(&r, code); err != nil {
			return "", err
		}
	}
}

// bitReader reads the bits of lz-string's base64 form, low bit of each
// value first; bad is set once it reads a symbol outside the alphabet.
type bitReader struct {
	s          string
	val        int  // the symbol being read
	pos, index int  // the bit of val to read next, the symbol after val
	bad        bool // a symbol outside the alphabet was read
}

// value returns the value of symbol i of s, 0 past its end (as the library
// reads), and false when it is outside the alphabet.
func (r *bitReader) value(i int) (int, bool) {
	if i >= len(r.s) {
		return 0, true
	}
	k := strings.IndexByte(alphabet, r.s[i])
	return k, k >= 0
}

// read reads a value of n bits.
func (r *bitReader) read(n int) int {
	bits := 0
	for p := 0; p < n; p++ {
		b := r.val & r.pos
		r.pos >>= 1
		if r.pos == 0 {
			r.pos = 32
			v, ok := r.value(r.index)
			if !ok {
				r.bad = true
			}
			r.val = v
			r.index++
		}
		if b > 0 {
			bits |= 1 << p
		}
	}
	return bits
}

// decoder is Decompress's state: the output, the dictionary, the width of
// the next code and how many codes until it grows, and the phrase written
// last.
type decoder struct {
	out            []uint16
	dict           []span
	enlarge, width int
	w              span
	max            int // the most units out may hold
}

// step counts a dictionary entry toward the growth of the codes' width.
func (d *decoder) step() {
	d.enlarge--
	if d.enlarge == 0 {
		d.enlarge = 1 << d.width
		d.width++
	}
}

// code writes the phrase of code, which is not the end's code 2: a unit of
// 8 or 16 bits read from r (codes 0 and 1), or an entry of the dictionary.
// It returns the decoder after it (a value, so that the dictionary of a
// short text stays on the stack).
func (d decoder) code(r *bitReader, code int) (decoder, error) {
	at := uint32(len(d.out)) // where this code's phrase starts
	written := false
	if code == 0 || code == 1 {
		n := 8
		if code == 1 {
			n = 16
		}
		if len(d.out) >= d.max {
			return d, ErrTooLarge
		}
		d.out = grow(d.out, 1, d.max)
		d.out = append(d.out, uint16(r.read(n)))
		d.dict = append(d.dict, span{at, 1})
		code = len(d.dict) - 1
		written = true
		d.step()
	}
	var entry span
	switch {
	case code < len(d.dict):
		entry = d.dict[code]
	case code == len(d.dict):
		entry = span{d.w.off, d.w.n + 1} // w and its own first unit, once written
	default:
		return d, ErrCorrupt
	}
	if !written {
		if int(entry.n) > d.max-len(d.out) {
			return d, ErrTooLarge
		}
		d.out = grow(d.out, int(entry.n), d.max)
		d.out = append(d.out, d.out[entry.off:entry.off+entry.n-1]...)
		d.out = append(d.out, d.out[entry.off+entry.n-1])
	}
	// w followed by the first unit of this phrase, which out holds right
	// after w
	d.dict = append(d.dict, span{d.w.off, d.w.n + 1})
	d.w = span{at, entry.n}
	d.step()
	return d, nil
}

// grow makes room for n more units in out, doubling its capacity but never
// past max, so that the output's memory is at most twice max's in all.
func grow(out []uint16, n, max int) []uint16 {
	if len(out)+n <= cap(out) {
		return out
	}
	c := min(max, 2*cap(out)+n)
	return append(make([]uint16, 0, c), out...)
}
