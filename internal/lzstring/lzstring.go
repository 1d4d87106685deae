// Package lzstring is the LZ-based compression that f-puzzles and
// SudokuPad use for the puzzles in their links: the format of the
// lz-string JavaScript library's compressToBase64 and
// decompressFromBase64, written afresh from its description. Strings are
// compressed as UTF-16 code units, as JavaScript sees them.
package lzstring

import (
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

// DecompressFromBase64 reverses CompressToBase64.
func DecompressFromBase64(s string) (string, error) {
	if s == "" {
		return "", ErrCorrupt
	}
	value := func(i int) (int, bool) {
		if i >= len(s) {
			return 0, true // past the end: zeros, as the library reads
		}
		k := strings.IndexByte(alphabet, s[i])
		return k, k >= 0
	}
	val, ok := value(0)
	if !ok {
		return "", ErrCorrupt
	}
	pos, index := 32, 1
	bad := false
	read := func(n int) int {
		bits := 0
		for p := 0; p < n; p++ {
			b := val & pos
			pos >>= 1
			if pos == 0 {
				pos = 32
				v, ok := value(index)
				if !ok {
					bad = true
				}
				val = v
				index++
			}
			if b > 0 {
				bits |= 1 << p
			}
		}
		return bits
	}
	var dict [][]uint16
	dict = append(dict, nil, nil, nil)
	enlarge, width := 4, 3
	var c []uint16
	switch read(2) {
	case 0:
		c = []uint16{uint16(read(8))}
	case 1:
		c = []uint16{uint16(read(16))}
	default:
		return "", nil
	}
	dict = append(dict, c)
	w := c
	out := append([]uint16(nil), c...)
	for {
		if bad || index > len(s)+1 {
			return "", ErrCorrupt
		}
		code := read(width)
		switch code {
		case 0, 1:
			n := 8
			if code == 1 {
				n = 16
			}
			dict = append(dict, []uint16{uint16(read(n))})
			code = len(dict) - 1
			enlarge--
		case 2:
			if bad {
				return "", ErrCorrupt
			}
			return string(utf16.Decode(out)), nil
		}
		if enlarge == 0 {
			enlarge = 1 << width
			width++
		}
		var entry []uint16
		switch {
		case code < len(dict):
			entry = dict[code]
		case code == len(dict):
			entry = append(append([]uint16(nil), w...), w[0])
		default:
			return "", ErrCorrupt
		}
		out = append(out, entry...)
		dict = append(dict, append(append([]uint16(nil), w...), entry[0]))
		enlarge--
		w = entry
		if enlarge == 0 {
			enlarge = 1 << width
			width++
		}
		if len(out) > 64<<20 {
			return "", ErrCorrupt
		}
	}
}
